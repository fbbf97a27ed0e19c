//! Copilot CLI adapter: `lore hook --harness copilot` reads one Copilot hook event on stdin,
//! registered with Claude Code's PascalCase names (so the payload names its event), and
//! prints at most one JSON object whose top-level `additionalContext` Copilot puts into the
//! model's context (`reply`). Tool calls are answered on PostToolUse: its context lands in
//! the same request a PreToolUse's would, and a PreToolUse hook that fails denies the tool.
//! Same process frame (`hook_process`) and services (`hook_action`) as every hook; only the
//! event mapping (`event`) and the reply are Copilot's.

pub mod event;
pub mod install;
pub mod reply;

use std::path::PathBuf;

use crate::adapters::hook_payload::{PayloadAgent, answer_payload};
use crate::adapters::hook_process::run_hook_process;
use crate::core::sources::Harness;

/// Events lore answers.
pub const HANDLED: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PostToolUse",
    "PreCompact",
];

/// Copilot events lore knowingly leaves alone: silent. Any other name (a camelCase
/// registration, whose payload names no event, included) is reported on stderr.
pub const UNHANDLED: &[&str] = &[
    "PreToolUse",
    "PostToolUseFailure",
    "PermissionRequest",
    "Stop",
    "SubagentStart",
    "SubagentStop",
    "ErrorOccurred",
    "Notification",
    "SessionEnd",
];

/// How lore answers it.
pub const AGENT: PayloadAgent = PayloadAgent {
    harness: Harness::Copilot,
    handled: HANDLED,
    unhandled: UNHANDLED,
    action: event::action,
    reply: |_, text| reply::additional_context(text),
};

/// Handle one hook event from stdin; exits 0 whatever happens.
pub fn run_hook(config_flag: Option<PathBuf>, mcp: bool) {
    run_hook_process(config_flag, mcp, |input, request, trace| {
        answer_payload(&AGENT, input, request, trace)
    });
}
