//! `lore init --claude`: register lore's hooks in a project's `.claude/settings.json`, merged
//! as `hook_registration` describes (other keys and hooks kept in order, idempotent, invalid
//! files reported and left alone). [`HOOKS`] is the one definition of lore's Claude Code
//! registrations: the plugin's `integrations/claude-code/hooks/hooks.json` is checked against
//! it by tests. Where lore's MCP server is configured beside the hooks (the plugin's own
//! `.mcp.json`, or the project's), the command is `lore hook --mcp`, so what the hooks inject
//! points the agent at the `search_patterns` tool instead of the `lore search` command.

use std::path::Path;

use crate::adapters::hook_registration::{EntryShape, HookSet, install_hook_file, lore_arguments};
pub use crate::adapters::hook_registration::{HookRegistration, InstallError, InstallOutcome};

/// The command Claude Code runs; `lore` must be on the PATH Claude Code sees.
pub const HOOK_COMMAND: &str = "lore hook";
/// The command when lore's MCP server is configured for the same sessions.
pub const HOOK_COMMAND_WITH_MCP: &str = "lore hook --mcp";

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
    // Never answers: what lore's MCP search showed counts as shown to the session.
    HookRegistration {
        event: "PostToolUse",
        matcher: Some("mcp__.*__search_patterns"),
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
    // Never answers: settles the session's corrections into the review inbox.
    HookRegistration {
        event: "Stop",
        matcher: None,
        timeout_secs: 10,
    },
];

/// What `lore init --claude` registers; `mcp`: lore's MCP server is configured beside the
/// hooks.
pub fn hook_set(mcp: bool) -> HookSet {
    HookSet {
        registrations: HOOKS,
        command: if mcp {
            HOOK_COMMAND_WITH_MCP
        } else {
            HOOK_COMMAND
        },
        runs_lore: is_lore_hook_command,
        init_flag: "--claude",
        shape: EntryShape::Nested,
    }
}

/// What [`install_project_hooks`] did, and whether the command it registers names the MCP
/// server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectHooks {
    pub outcome: InstallOutcome,
    /// The project's `.mcp.json` runs `lore serve`, so the hooks run `lore hook --mcp`.
    pub mcp: bool,
}

/// Register lore's hooks in `<repo>/.claude/settings.json`: `lore hook --mcp` when the
/// project's `.mcp.json` configures lore's MCP server, else `lore hook`.
pub fn install_project_hooks(repo: &Path) -> Result<ProjectHooks, InstallError> {
    let mcp = crate::adapters::mcp_json::configures_lore(repo);
    let outcome = install_settings(&repo.join(".claude").join("settings.json"), mcp)?;
    Ok(ProjectHooks { outcome, mcp })
}

/// Merge lore's hooks into the settings file at `path` (created when missing).
pub fn install_settings(path: &Path, mcp: bool) -> Result<InstallOutcome, InstallError> {
    install_hook_file(path, &hook_set(mcp))
}

/// Does a command run lore's Claude Code hook (`lore hook`, `lore hook --mcp`,
/// `/usr/local/bin/lore --config x hook`, ...)? A command with another flag after `hook`
/// (`lore hook --codex`) runs another harness's.
fn is_lore_hook_command(command: &str) -> bool {
    let Some(args) = lore_arguments(command) else {
        return false;
    };
    let mut words = args.iter();
    loop {
        match words.next() {
            Some(&"hook") => break,
            Some(&"--config") => {
                words.next();
            }
            Some(word) if word.starts_with("--config=") => {}
            _ => return false,
        }
    }
    words.all(|word| *word == "--mcp")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_that_already_run_lore_are_recognised() {
        for (command, expected) in [
            ("lore hook", true),
            ("lore hook --mcp", true),
            ("  lore   hook ", true),
            ("lore --config x.toml hook --mcp", true),
            ("/usr/local/bin/lore --config /x/lore.toml hook", true),
            ("\"/opt/my tools/lore\" hook", false),
            ("lore serve", false),
            ("lore hook --codex", false),
            ("lore hook --mcp --codex", false),
            ("lore search hook", false),
            ("python3 lore.py hook", false),
            ("lorex hook", false),
        ] {
            assert_eq!(is_lore_hook_command(command), expected, "{command:?}");
        }
    }
}
