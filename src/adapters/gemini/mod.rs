//! Gemini CLI adapter: `lore hook --harness gemini` reads one Gemini hook event on stdin and
//! prints at most one JSON object whose `hookSpecificOutput.additionalContext` Gemini puts
//! into the model's context. It runs in the same frame as the other hooks (`hook_process`:
//! exit 0 whatever happens, problems on stderr, `LORE_DEBUG=1` traces) and over the same
//! services (`hook_action`); only the event mapping (`event`) is Gemini's; the payload has Claude Code's field names
//! (`hook_payload`), and the
//! reply has Claude Code's shape (`claude::reply`).

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
pub const HANDLED: &[&str] = &["SessionStart", "BeforeAgent", "AfterTool"];

/// Gemini events lore knowingly leaves alone (no context channel, or nothing to add): silent.
/// Any other name is reported on stderr, so a misregistered hook shows itself.
pub const UNHANDLED: &[&str] = &[
    "BeforeTool",
    "AfterAgent",
    "BeforeModel",
    "AfterModel",
    "BeforeToolSelection",
    "PreCompress",
    "Notification",
    "SessionEnd",
];

/// Handle one Gemini hook event from stdin; exits 0 whatever happens.
pub fn run_hook(config_flag: Option<PathBuf>, mcp: bool) {
    run_hook_process(config_flag, mcp, answer);
}

/// The hook's answer to one Gemini payload, or nothing.
pub fn answer(
    input: &str,
    request: &HookRequest,
    trace: &mut Trace,
) -> anyhow::Result<Option<HookAnswer>> {
    let Some(payload) = read_event(
        input,
        Harness::Gemini,
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
            harness: Some(Harness::Gemini),
        },
        |hook| event::action(&payload, &hook.tools),
        Delivery::default(),
        |text| additional_context(&event, text),
    )
}
