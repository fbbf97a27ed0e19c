//! Codex CLI adapter: `lore hook --codex` reads one Codex hook event on stdin and prints at
//! most one JSON object Codex accepts. It runs in the same frame as the Claude Code hook
//! (`hook_process`: exit 0 whatever happens, problems on stderr, `LORE_DEBUG=1` traces) and
//! the same services; only the payload reading (`wire`, `event`, `outcome`, `transcript`) and
//! the output (`reply`) are Codex's.

pub mod event;
pub mod install;
pub mod outcome;
pub mod reply;
pub mod session_entries;
pub mod transcript;
pub mod wire;

use std::path::{Path, PathBuf};

use crate::adapters::hook_learn::{self, StopOrigin};
use crate::adapters::hook_process::{HookAnswer, HookRequest, read_event, run_hook_process};
use crate::adapters::hook_scope::{HookOrigin, HookSession};
use crate::core::config::HookConfig;
use crate::core::query::{QueryInput, is_inspection_command};
use crate::core::sources::Harness;
use crate::services::inject::{Trace, inject_for_query};
use crate::services::learn::PromptOrigin;
use crate::services::session_start::inject_session_start;
use event::{Event, SHELL_TOOL, classify, query_input, shell_command};
use outcome::{ShellOutcome, failure_text, judge};
use wire::Payload;

/// Events worth reading further.
const HANDLED: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "SubagentStart",
    "Stop",
];

/// Codex CLI events lore knowingly leaves alone (no context channel, or nothing to add):
/// silent. Any other name is reported on stderr, so a misregistered hook shows itself.
const UNHANDLED: &[&str] = &[
    "PermissionRequest",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "SessionEnd",
    "Interrupt",
    "PreModelRequest",
    "PostModelRequest",
];

/// Handle one Codex hook event from stdin. Never fails and never panics out: every problem
/// goes to stderr and the process exits 0.
pub fn run_hook(config_flag: Option<PathBuf>, mcp: bool) {
    run_hook_process(config_flag, mcp, answer);
}

/// The hook's answer to one Codex payload: the JSON line to print, or nothing. Errors are for
/// stderr only; the caller still exits 0.
pub fn answer(
    input: &str,
    request: &HookRequest,
    trace: &mut Trace,
) -> anyhow::Result<Option<HookAnswer>> {
    let Some(payload) = read_event(
        input,
        Harness::Codex,
        |p: &Payload| (p.hook_event_name.as_deref(), p.tool_name.as_deref()),
        (HANDLED, UNHANDLED),
        trace,
    )?
    else {
        return Ok(None);
    };
    let name = payload.hook_event_name.as_deref().unwrap_or("");
    // A command that did not fail, or another tool's PostToolUse, needs nothing more: decide
    // before any configuration is read.
    let shell = shell_outcome(&payload);
    if name == "PostToolUse" && shell.is_none() {
        trace.note("PostToolUse of a tool other than the shell: nothing to do");
        return Ok(None);
    }
    if let Some(outcome) = &shell {
        trace.note(format!(
            "shell command {}: {}",
            if outcome.failed { "failed" } else { "ok" },
            outcome.evidence
        ));
        if !outcome.failed {
            return Ok(None);
        }
    }

    let mut session = HookSession::open(
        request,
        HookOrigin {
            cwd: payload.cwd.as_deref(),
            session_id: payload.session_id.as_deref(),
            agent_id: payload.agent_id.as_deref(),
            harness: Some(crate::core::sources::Harness::Codex),
        },
    )?;
    fit_budgets(&mut session.config.hook);
    if name == "Stop" {
        // Never an answer on Stop; the session's corrections go to the review inbox.
        if let Some(session_id) = payload.session_id.as_deref() {
            let origin = StopOrigin {
                session_id,
                harness: hook_learn::CODEX,
                transcript: payload.transcript_path.as_deref(),
                cwd: payload.cwd.as_deref(),
            };
            hook_learn::settle_at_stop(&session, origin, &hook_learn::read_session, trace);
        }
        return Ok(None);
    }
    let config = &session.config;
    let event = classify(&payload, &config.hook.tools, shell.as_ref());
    if let (Event::UserPromptSubmit, Some(prompt)) = (&event, payload.prompt.as_deref())
        && payload.agent_id.is_none()
        && !session_entries::is_generated(prompt)
    {
        let origin = PromptOrigin {
            session_id: payload.session_id.as_deref(),
            transcript_path: payload.transcript_path.as_deref(),
            cwd: payload.cwd.as_deref(),
            harness: Some(hook_learn::CODEX),
        };
        hook_learn::capture(&session, prompt, &origin, trace);
    }
    trace.note(format!("event: {event:?}"));

    let injection = match &event {
        Event::Ignored => return Ok(None),
        Event::SessionStart { reset } => {
            // Priming matters more than dedup: a ledger that cannot be cleared is reported,
            // not allowed to cost the session its conventions.
            if *reset && let Err(e) = session.ledger.reset() {
                eprintln!("lore hook: cannot clear the session ledger ({e}); priming anyway");
            }
            session.inject_refreshed(trace, |ctx, project| {
                inject_session_start(ctx, config.hook.session_start_budget, project)
            })?
        }
        Event::SubagentStart => {
            let project = session.project_facts(None);
            session.inject(trace, |ctx| {
                inject_session_start(ctx, config.hook.subagent_budget, &project)
            })?
        }
        Event::UserPromptSubmit | Event::PreToolUse { .. } | Event::ShellFailure { .. } => {
            let mut input = hook_query_input(&payload, shell.as_ref());
            session.complete_call(&mut input);
            let Some(moment) = event.moment() else {
                return Ok(None);
            };
            session.inject(trace, |ctx| inject_for_query(ctx, moment, &input))?
        }
    };
    Ok(injection.filter(|i| !i.text.trim().is_empty()).map(|i| {
        HookAnswer::recording(
            reply::additional_context(event.name(), &i.text),
            session.into_ledger(),
            i.shown,
        )
    }))
}

/// Hold every budget to what Codex passes whole (the config's budgets are characters, below
/// Claude Code's 10,000-character cut-off; Codex cuts at 10,000 bytes).
fn fit_budgets(hook: &mut HookConfig) {
    for budget in [
        &mut hook.session_start_budget,
        &mut hook.prompt_budget,
        &mut hook.tool_budget,
        &mut hook.failure_budget,
        &mut hook.subagent_budget,
    ] {
        *budget = (*budget).min(reply::CONTEXT_BUDGET_BYTES);
    }
}

/// The judged outcome of a PostToolUse shell command (None for any other payload): the
/// call's record in the session rollout when there is one, else its output.
pub fn shell_outcome(payload: &Payload) -> Option<ShellOutcome> {
    if payload.hook_event_name.as_deref() != Some("PostToolUse")
        || payload.tool_name.as_deref() != Some(SHELL_TOOL)
    {
        return None;
    }
    let record = payload
        .transcript_path
        .as_deref()
        .zip(payload.tool_use_id.as_deref())
        .and_then(|(path, id)| transcript::call_record(Path::new(path), id));
    let diagnostic = !shell_command(payload).is_some_and(|c| is_inspection_command(&c));
    Some(judge(
        record.as_ref(),
        payload.output_text().unwrap_or_default(),
        diagnostic,
    ))
}

/// The query input the Codex hook builds for a payload; `lore extract-queries` calls this too,
/// so audits see exactly what the hook searches for. Tool calls add the rollout's last user
/// message; a failed command adds its output.
pub fn hook_query_input(payload: &Payload, shell: Option<&ShellOutcome>) -> QueryInput {
    let last = match payload.hook_event_name.as_deref() {
        Some("PreToolUse") => payload
            .transcript_path
            .as_deref()
            .and_then(|p| transcript::last_user_message(Path::new(p))),
        _ => None,
    };
    let failure = shell
        .filter(|s| s.failed)
        .map(|s| failure_text(s, payload.output_text().unwrap_or_default()));
    query_input(payload, last, failure)
}
