//! Cline adapter: `lore hook --harness cline` reads one Cline hook payload on stdin (run by
//! the executables `lore init --agent cline` writes, named after their event) and prints at
//! most one JSON object whose top-level `context` Cline puts into the model's next request.
//! Cline's payload names no event but a `hookName` (`wire`); only its tool events inject, so
//! lore answers PostToolUse and primes the task on its first answer (`hook_action`). Same
//! process frame (`hook_process`) and services as every hook.

pub mod event;
pub mod install;
pub mod wire;

use std::path::PathBuf;

use serde_json::json;

use crate::adapters::hook_action::{Delivery, fit_chars, run_action};
use crate::adapters::hook_process::{HookAnswer, HookRequest, read_event, run_hook_process};
use crate::adapters::hook_scope::HookOrigin;
use crate::core::sources::Harness;
use crate::services::inject::Trace;
use wire::Payload;

/// Events lore answers.
pub const HANDLED: &[&str] = &["PostToolUse", "PreCompact"];

/// Cline events lore knowingly leaves alone (no context channel in the CLI): silent.
pub const UNHANDLED: &[&str] = &[
    "TaskStart",
    "TaskResume",
    "TaskCancel",
    "TaskComplete",
    "TaskError",
    "PreToolUse",
    "UserPromptSubmit",
    "SessionShutdown",
];

/// Cline cuts hook context after 50,000 characters (with a note of its own).
pub const CONTEXT_LIMIT_CHARS: usize = 50_000;
const CUT_NOTE: &str =
    "\n[... cut to fit Cline's hook output limit; run `lore search <words>` for the rest]";

/// Handle one Cline hook payload from stdin; exits 0 whatever happens.
pub fn run_hook(config_flag: Option<PathBuf>, mcp: bool) {
    run_hook_process(config_flag, mcp, answer);
}

/// The hook's answer to one Cline payload, or nothing.
pub fn answer(
    input: &str,
    request: &HookRequest,
    trace: &mut Trace,
) -> anyhow::Result<Option<HookAnswer>> {
    let Some(payload) = read_event(
        input,
        Harness::Cline,
        Payload::names,
        (HANDLED, UNHANDLED),
        trace,
    )?
    else {
        return Ok(None);
    };
    // A subagent sees nothing of its parent's context: it gets its own ledger.
    let agent_id = payload
        .parent_agent_id
        .as_deref()
        .and(payload.agent_id.as_deref());
    run_action(
        request,
        trace,
        HookOrigin {
            cwd: payload.cwd(),
            session_id: payload.task_id.as_deref(),
            agent_id,
            harness: Some(Harness::Cline),
        },
        |hook| event::action(&payload, &hook.tools),
        Delivery {
            prime_on_first_search: true,
        },
        reply,
    )
}

/// The only output Cline gets: `{"context": <text>}` (it also reads `contextModification`,
/// and `cancel` would stop the task: lore never prints anything else).
pub fn reply(text: &str) -> String {
    json!({ "context": fit_chars(text, CONTEXT_LIMIT_CHARS, CUT_NOTE) }).to_string()
}
