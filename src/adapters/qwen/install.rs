//! `lore init --agent qwen`: register lore's hooks in the project's `.qwen/settings.json`
//! (or, with `--user`, the user's `~/.qwen/settings.json`), merged as `hook_registration`
//! describes. Qwen reads Claude Code's format with timeouts in seconds.

use std::path::{Path, PathBuf};

use crate::adapters::hook_registration::{
    EntryShape, HookRegistration, HookSet, InstallError, InstallOutcome, install_settings,
    runs_harness,
};

/// The command Qwen runs (in the project directory).
pub const HOOK_COMMAND: &str = "lore hook --harness qwen";

/// lore's Qwen registrations: PreToolUse context is dropped by Qwen, so tool calls are
/// answered on PostToolUse (and failed commands on PostToolUseFailure).
pub const HOOKS: &[HookRegistration] = &[
    HookRegistration {
        event: "SessionStart",
        matcher: None,
        timeout_secs: 30,
    },
    HookRegistration {
        event: "UserPromptSubmit",
        matcher: None,
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PostToolUse",
        matcher: Some("write_file|edit|run_shell_command"),
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PostToolUseFailure",
        matcher: Some("run_shell_command"),
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PostCompact",
        matcher: None,
        timeout_secs: 10,
    },
];

/// What `lore init --agent qwen` registers.
pub const HOOK_SET: HookSet = HookSet {
    registrations: HOOKS,
    command: HOOK_COMMAND,
    runs_lore: |command| runs_harness(command, "qwen"),
    init_flag: "--agent qwen",
    shape: EntryShape::Nested,
};

/// Register lore's hooks in the project's settings file, or the user's under `home`.
pub fn install(
    repo: &Path,
    home: Option<&Path>,
) -> Result<(PathBuf, InstallOutcome), InstallError> {
    install_settings(repo, home, ".qwen", &HOOK_SET)
}
