//! Qwen Code adapter: `lore hook --harness qwen` reads one Qwen Code hook event on stdin and
//! prints at most one JSON object whose `hookSpecificOutput.additionalContext` Qwen puts into
//! the model's context. Qwen uses Claude Code's event names and reply shape (`claude::reply`)
//! but drops PreToolUse context (0.24.4), so tool calls are answered after they ran, on
//! PostToolUse and PostToolUseFailure. Same process frame (`hook_process`) and services
//! (`hook_action`) as every hook; only the event mapping (`event`) is Qwen's.

pub mod event;
pub mod install;

use std::path::PathBuf;

use crate::adapters::claude::reply::additional_context;
use crate::adapters::hook_payload::{PayloadAgent, answer_payload};
use crate::adapters::hook_process::run_hook_process;
use crate::core::sources::Harness;

/// Events lore answers.
pub const HANDLED: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PostToolUse",
    "PostToolUseFailure",
    "PostCompact",
];

/// Qwen events lore knowingly leaves alone (no context channel, or nothing to add): silent.
/// Any other name is reported on stderr, so a misregistered hook shows itself.
pub const UNHANDLED: &[&str] = &[
    "PreToolUse",
    "PermissionRequest",
    "PermissionDenied",
    "PostToolBatch",
    "UserPromptExpansion",
    "Notification",
    "Stop",
    "StopFailure",
    "MessageDisplay",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "SessionEnd",
    "TodoCreated",
    "TodoCompleted",
    "InstructionsLoaded",
];

/// How lore answers it.
pub const AGENT: PayloadAgent = PayloadAgent {
    harness: Harness::Qwen,
    handled: HANDLED,
    unhandled: UNHANDLED,
    action: event::action,
    reply: additional_context,
};

/// Handle one hook event from stdin; exits 0 whatever happens.
pub fn run_hook(config_flag: Option<PathBuf>, mcp: bool) {
    run_hook_process(config_flag, mcp, |input, request, trace| {
        answer_payload(&AGENT, input, request, trace)
    });
}
