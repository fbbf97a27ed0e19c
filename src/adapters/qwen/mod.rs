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
use crate::adapters::hook_action::{Delivery, run_action};
use crate::adapters::hook_payload::Payload;
use crate::adapters::hook_process::{HookAnswer, HookRequest, read_event, run_hook_process};
use crate::adapters::hook_scope::HookOrigin;
use crate::core::sources::Harness;
use crate::services::inject::Trace;

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

/// Handle one Qwen Code hook event from stdin; exits 0 whatever happens.
pub fn run_hook(config_flag: Option<PathBuf>, mcp: bool) {
    run_hook_process(config_flag, mcp, answer);
}

/// The hook's answer to one Qwen Code payload, or nothing.
pub fn answer(
    input: &str,
    request: &HookRequest,
    trace: &mut Trace,
) -> anyhow::Result<Option<HookAnswer>> {
    let Some(payload) = read_event(
        input,
        Harness::Qwen,
        Payload::names,
        (HANDLED, UNHANDLED),
        trace,
    )?
    else {
        return Ok(None);
    };
    let event = payload.hook_event_name.clone().unwrap_or_default();
    run_action(
        request,
        trace,
        HookOrigin {
            cwd: payload.cwd.as_deref(),
            session_id: payload.session_id.as_deref(),
            agent_id: None,
            harness: Some(Harness::Qwen),
        },
        |hook| event::action(&payload, &hook.tools),
        Delivery::default(),
        |text| additional_context(&event, text),
    )
}
