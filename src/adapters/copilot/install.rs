//! `lore init --agent copilot`: register lore's hooks for the Copilot CLI in the repository's
//! `.github/hooks/lore.json` (or, with `--user`, under `hooks` in the user's
//! `~/.copilot/settings.json`: Copilot skips repository hooks in a folder it does not trust,
//! user-level ones always run). Events are registered with Claude Code's PascalCase names, so
//! each payload names its event. Every command ends `|| true`: Copilot denies a tool when a
//! PreToolUse hook exits non-zero, and a `lore` missing from PATH must never block an agent.

use std::path::{Path, PathBuf};

use crate::adapters::hook_registration::{
    EntryShape, HookRegistration, HookSet, InstallError, InstallOutcome, install_hook_file,
    runs_harness,
};

/// The command Copilot runs (through bash, in the project directory): it always exits 0.
pub const HOOK_COMMAND: &str = "lore hook --harness copilot || true";

/// lore's Copilot registrations.
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
        matcher: Some("Edit|Write|Bash"),
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PreCompact",
        matcher: None,
        timeout_secs: 10,
    },
];

/// What `lore init --agent copilot` registers; `user`: into the user's settings.
pub fn hook_set(user: bool) -> HookSet {
    HookSet {
        registrations: HOOKS,
        command: HOOK_COMMAND,
        runs_lore: |command| runs_harness(command, "copilot"),
        init_flag: if user {
            "--agent copilot --user"
        } else {
            "--agent copilot"
        },
        shape: EntryShape::Flat { version: !user },
    }
}

/// The file lore's hooks go in: the repository's, or the user's settings under `home`.
pub fn hooks_file(repo: &Path, home: Option<&Path>) -> PathBuf {
    match home {
        Some(home) => home.join(".copilot").join("settings.json"),
        None => repo.join(".github").join("hooks").join("lore.json"),
    }
}

/// Register lore's hooks for the Copilot CLI.
pub fn install(
    repo: &Path,
    home: Option<&Path>,
) -> Result<(PathBuf, InstallOutcome), InstallError> {
    let path = hooks_file(repo, home);
    let outcome = install_hook_file(&path, &hook_set(home.is_some()))?;
    Ok((path, outcome))
}
