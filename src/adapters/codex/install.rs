//! `lore init --codex`: register lore's hooks in a project's `.codex/hooks.json`, merged as
//! `hook_registration` describes (other keys and hooks kept in order, idempotent, invalid
//! files reported and left alone). lore never writes Codex's trust settings: Codex runs
//! project hooks only in a trusted project and after the user reviews them (`/hooks`).

use std::path::Path;

use crate::adapters::hook_registration::{
    EntryShape, HookRegistration, HookSet, InstallError, InstallOutcome, install_hook_file,
    lore_arguments,
};

/// The command Codex runs; `lore` must be on the PATH Codex sees.
pub const HOOK_COMMAND: &str = "lore hook --codex";

/// lore's Codex registrations. Codex's matchers are regexes on the tool name: `apply_patch`
/// is its edit tool and `Bash` its shell; PostToolUse is only searched for failed commands.
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
        event: "PreToolUse",
        matcher: Some("apply_patch|Bash"),
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PostToolUse",
        matcher: Some("Bash"),
        timeout_secs: 10,
    },
    HookRegistration {
        event: "SubagentStart",
        matcher: None,
        timeout_secs: 10,
    },
    // Never answers: settles the session's corrections into the review inbox.
    HookRegistration {
        event: "Stop",
        matcher: None,
        timeout_secs: 10,
    },
];

/// What `lore init --codex` registers.
pub const HOOK_SET: HookSet = HookSet {
    registrations: HOOKS,
    command: HOOK_COMMAND,
    runs_lore: is_lore_codex_hook_command,
    init_flag: "--codex",
    shape: EntryShape::Nested,
};

/// What Codex needs before it runs the hooks, for `lore init --codex` to print.
pub const TRUST_NOTE: &str = "Codex runs project hooks only in a trusted project, and only after you review them: start `codex` in this repository (trust the project when it asks), run `/hooks` and trust lore's hooks. lore does not change Codex's trust settings.";

/// The project's hook file.
pub fn hooks_file(repo: &Path) -> std::path::PathBuf {
    repo.join(".codex").join("hooks.json")
}

/// Register lore's hooks in `<repo>/.codex/hooks.json`.
pub fn install_project_hooks(repo: &Path) -> Result<InstallOutcome, InstallError> {
    install_hook_file(&hooks_file(repo), &HOOK_SET)
}

/// Does a command run lore's Codex hook (`lore hook --codex`, `lore --config x hook
/// --harness codex`, ...)?
fn is_lore_codex_hook_command(command: &str) -> bool {
    let Some(args) = lore_arguments(command) else {
        return false;
    };
    let Some(at) = args.iter().position(|a| *a == "hook") else {
        return false;
    };
    let after = &args[at + 1..];
    after.contains(&"--codex")
        || after.contains(&"--harness=codex")
        || after.windows(2).any(|w| w == ["--harness", "codex"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_that_already_run_lores_codex_hook_are_recognised() {
        for (command, expected) in [
            ("lore hook --codex", true),
            (
                "/usr/local/bin/lore --config /x/lore.toml hook --codex",
                true,
            ),
            ("lore hook --harness codex", true),
            ("lore hook --harness=codex", true),
            ("lore hook", false),
            ("lore --codex serve", false),
            ("lore hook --harness claude", false),
            ("python3 lore.py hook --codex", false),
        ] {
            assert_eq!(is_lore_codex_hook_command(command), expected, "{command:?}");
        }
    }
}
