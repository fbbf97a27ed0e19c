//! `lore init --agent gemini`: register lore's hooks in the project's `.gemini/settings.json`
//! (or, with `--user`, the user's `~/.gemini/settings.json`), merged as `hook_registration`
//! describes. Gemini reads hook timeouts in **milliseconds** (a Claude-style `"timeout": 10`
//! kills the hook after 10 ms), so every timeout is written in milliseconds.

use std::path::{Path, PathBuf};

use crate::adapters::hook_registration::{
    EntryShape, HookRegistration, HookSet, InstallError, InstallOutcome, install_settings,
    runs_harness,
};

/// The command Gemini runs (through `bash -c`, in the project directory).
pub const HOOK_COMMAND: &str = "lore hook --harness gemini";

/// lore's Gemini registrations (timeouts here in seconds, written in milliseconds): the
/// events whose context reaches the model. BeforeTool has no context channel, and
/// PreCompress fires before every model request in 0.61.0, so neither is registered.
pub const HOOKS: &[HookRegistration] = &[
    HookRegistration {
        event: "SessionStart",
        matcher: None,
        timeout_secs: 30,
    },
    HookRegistration {
        event: "BeforeAgent",
        matcher: None,
        timeout_secs: 10,
    },
    HookRegistration {
        event: "AfterTool",
        matcher: Some("write_file|replace|run_shell_command"),
        timeout_secs: 10,
    },
];

/// What `lore init --agent gemini` registers.
pub const HOOK_SET: HookSet = HookSet {
    registrations: HOOKS,
    command: HOOK_COMMAND,
    runs_lore: |command| runs_harness(command, "gemini"),
    init_flag: "--agent gemini",
    shape: EntryShape::NestedMillis,
};

/// Register lore's hooks in the project's settings file, or the user's under `home`.
pub fn install(
    repo: &Path,
    home: Option<&Path>,
) -> Result<(PathBuf, InstallOutcome), InstallError> {
    install_settings(repo, home, ".gemini", &HOOK_SET)
}
