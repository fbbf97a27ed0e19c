//! `lore init --claude`: register lore's hooks in a project's `.claude/settings.json`, merged
//! as `hook_registration` describes (other keys and hooks kept in order, idempotent, invalid
//! files reported and left alone). [`HOOKS`] is the one definition of lore's Claude Code
//! registrations: the plugin's `integrations/claude-code/hooks/hooks.json` is checked against
//! it by tests.

use std::path::Path;

pub use crate::adapters::hook_registration::{HookRegistration, InstallError, InstallOutcome};
use crate::adapters::hook_registration::{HookSet, install_hook_file, lore_arguments};

/// The command Claude Code runs; `lore` must be on the PATH Claude Code sees.
pub const HOOK_COMMAND: &str = "lore hook";

/// The command the plugin registers: the plugin declares lore's MCP server too, so its hooks
/// say so, and injected text names `search_patterns` rather than `lore search`.
pub const PLUGIN_HOOK_COMMAND: &str = "lore hook --mcp";

/// lore's registrations. SessionStart may refresh the index (a bounded ingest), so it gets
/// more time than the per-prompt and per-tool-call events.
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
        matcher: Some("Edit|Write|MultiEdit|NotebookEdit|Bash"),
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PostToolUseFailure",
        matcher: Some("Bash"),
        timeout_secs: 10,
    },
    HookRegistration {
        event: "SubagentStart",
        matcher: None,
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PostCompact",
        matcher: None,
        timeout_secs: 10,
    },
];

/// What `lore init --claude` registers.
pub const HOOK_SET: HookSet = HookSet {
    registrations: HOOKS,
    command: HOOK_COMMAND,
    runs_lore: is_lore_hook_command,
    init_flag: "--claude",
};

/// Register lore's hooks in `<repo>/.claude/settings.json`.
pub fn install_project_hooks(repo: &Path) -> Result<InstallOutcome, InstallError> {
    install_settings(&repo.join(".claude").join("settings.json"))
}

/// Merge lore's hooks into the settings file at `path` (created when missing).
pub fn install_settings(path: &Path) -> Result<InstallOutcome, InstallError> {
    install_hook_file(path, &HOOK_SET)
}

/// Does a command run lore's Claude Code hook (`lore hook`, `lore hook --mcp`,
/// `/usr/local/bin/lore --config x hook`, ...)? A command ending in another flag
/// (`lore hook --codex`) runs another harness's.
fn is_lore_hook_command(command: &str) -> bool {
    lore_arguments(command)
        .is_some_and(|args| matches!(args.as_slice(), [.., "hook"] | [.., "hook", "--mcp"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_that_already_run_lore_are_recognised() {
        for (command, expected) in [
            ("lore hook", true),
            ("  lore   hook ", true),
            ("/usr/local/bin/lore --config /x/lore.toml hook", true),
            ("\"/opt/my tools/lore\" hook", false),
            ("lore serve", false),
            ("lore hook --codex", false),
            ("lore hook --mcp", true),
            ("lore hook --mcp --codex", false),
            ("python3 lore.py hook", false),
            ("lorex hook", false),
        ] {
            assert_eq!(is_lore_hook_command(command), expected, "{command:?}");
        }
    }
}
