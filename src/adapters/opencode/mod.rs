//! OpenCode adapter: OpenCode has no command hooks, so lore ships a plugin
//! (`integrations/opencode/lore.js`, written by `lore init --agent opencode`) that runs `lore
//! hook --harness opencode` for four plugin hooks, with a payload in Claude Code's field names
//! (`hook_payload`) whose `hook_event_name` is the plugin hook's name, and adds the
//! `additionalContext` lore prints where that hook can: the system prompt (asked once per
//! session, kept by the plugin for every request), the user's message, or the tool's result.
//! Same process frame (`hook_process`) and services (`hook_action`) as every hook.

pub mod event;
pub mod install;

use std::path::PathBuf;

use serde_json::json;

use crate::adapters::hook_payload::{PayloadAgent, answer_payload};
use crate::adapters::hook_process::run_hook_process;
use crate::core::sources::Harness;

/// The plugin hooks lore answers.
pub const HANDLED: &[&str] = &[
    event::SYSTEM,
    event::MESSAGE,
    event::TOOL_AFTER,
    event::COMPACTING,
];

/// Plugin hooks lore knowingly leaves alone: silent.
pub const UNHANDLED: &[&str] = &["tool.execute.before", "event"];

/// How lore answers it.
pub const AGENT: PayloadAgent = PayloadAgent {
    harness: Harness::OpenCode,
    handled: HANDLED,
    unhandled: UNHANDLED,
    action: event::action,
    reply: |_, text| reply(text),
};

/// Handle one hook event from stdin; exits 0 whatever happens.
pub fn run_hook(config_flag: Option<PathBuf>, mcp: bool) {
    run_hook_process(config_flag, mcp, |input, request, trace| {
        answer_payload(&AGENT, input, request, trace)
    });
}

/// The only output the plugin reads: `{"additionalContext": <text>}`. OpenCode adds it as
/// it is (no cut-off up to 60,000 characters), so lore's budgets hold.
pub fn reply(text: &str) -> String {
    json!({ "additionalContext": text }).to_string()
}
