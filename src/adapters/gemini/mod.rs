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
use crate::adapters::hook_payload::{PayloadAgent, answer_payload};
use crate::adapters::hook_process::run_hook_process;
use crate::core::sources::Harness;

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

/// How lore answers it.
pub const AGENT: PayloadAgent = PayloadAgent {
    harness: Harness::Gemini,
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
