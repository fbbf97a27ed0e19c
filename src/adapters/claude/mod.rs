//! Claude Code adapter: `lore hook` reads one event on stdin and prints at most one JSON
//! object. Whatever happens (bad JSON, missing config or index, a locked ledger, a panic) it
//! exits 0; problems are reported on stderr, and `LORE_DEBUG=1` traces the whole decision.

pub mod event;
pub mod install;
pub mod reply;
pub mod session_entries;
pub mod transcript;
pub mod wire;

use std::path::Path;

use crate::adapters::hook_learn::{self, StopOrigin};
use crate::adapters::hook_process::read_event;
use crate::adapters::hook_scope::{HookOrigin, HookSession};
use crate::core::sources::Harness;
use crate::services::inject::{Moment, Trace, inject_for_query};
use crate::services::learn::PromptOrigin;
use crate::services::session_start::inject_session_start;
use crate::services::workspace::WorkspaceError;
use event::{Event, classify, query_input};
use wire::Payload;

pub use crate::adapters::hook_process::{HookAnswer, HookRequest};

/// Events worth loading configuration for.
const HANDLED: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUseFailure",
    "PostToolUse",
    "SubagentStart",
    "PostCompact",
    "Stop",
];

/// Claude Code events lore knowingly leaves alone (no context channel, or nothing to add):
/// silent. Any other name is reported on stderr, so a misregistered hook shows itself.
const UNHANDLED: &[&str] = &[
    "PostToolBatch",
    "PermissionRequest",
    "Notification",
    "MessageDisplay",
    "SubagentStop",
    "PreCompact",
    "SessionEnd",
];

/// Handle one hook event from stdin. Never fails and never panics out: every problem goes
/// to stderr and the process exits 0.
pub fn run_hook(config_flag: Option<std::path::PathBuf>, mcp: bool) {
    crate::adapters::hook_process::run_hook_process(config_flag, mcp, answer);
}

/// The hook's answer to one payload, or nothing. Errors are for stderr only; the caller still
/// exits 0.
pub fn answer(
    input: &str,
    request: &HookRequest,
    trace: &mut Trace,
) -> anyhow::Result<Option<HookAnswer>> {
    let Some(payload) = read_event(
        input,
        Harness::ClaudeCode,
        |p: &Payload| (p.hook_event_name.as_deref(), p.tool_name.as_deref()),
        (HANDLED, UNHANDLED),
        trace,
    )?
    else {
        return Ok(None);
    };

    let opened = HookSession::open(
        request,
        HookOrigin {
            cwd: payload.cwd.as_deref(),
            session_id: payload.session_id.as_deref(),
            agent_id: payload.agent_id.as_deref(),
            harness: Some(crate::core::sources::Harness::ClaudeCode),
        },
    );
    let session = match opened {
        Ok(session) => session,
        Err(e) if payload.hook_event_name.as_deref() == Some("SessionStart") => {
            return match unusable_config_notice(&e) {
                Some(notice) => {
                    eprintln!("lore hook: {e:#}");
                    Ok(Some(HookAnswer::plain(reply::with_system_message(
                        "SessionStart",
                        None,
                        &notice,
                    ))))
                }
                None => Err(e),
            };
        }
        Err(e) => return Err(e),
    };
    let config = &session.config;
    let ledger = &session.ledger;
    let event = classify(&payload, &config.hook.tools);
    trace.note(match &event {
        // Not the prompt itself: quoted onto one line, a `.env` paste's values no longer
        // look like secrets to the redaction of debug lines; the query line shows what of
        // it was searched.
        Event::UserPromptSubmit { prompt } => {
            format!("event: UserPromptSubmit ({} bytes of prompt)", prompt.len())
        }
        other => format!("event: {other:?}"),
    });

    if let Event::UserPromptSubmit { prompt } = &event
        && payload.agent_id.is_none()
        && !session_entries::is_generated(prompt)
    {
        hook_learn::capture(&session, prompt, &learn_origin(&payload), trace);
    }

    let injection = match &event {
        Event::Ignored => return Ok(None),
        Event::Stop => {
            // Never an answer on Stop: context there makes the session continue.
            if let Some(session_id) = payload.session_id.as_deref() {
                let origin = StopOrigin {
                    session_id,
                    harness: hook_learn::CLAUDE_CODE,
                    transcript: payload.transcript_path.as_deref(),
                    cwd: payload.cwd.as_deref(),
                };
                hook_learn::settle_at_stop(&session, origin, &hook_learn::read_session, trace);
            }
            return Ok(None);
        }
        Event::PostCompact => {
            ledger.reset()?;
            return Ok(None);
        }
        Event::SearchAnswered { answer } => {
            session.record_search_answer(trace, answer)?;
            return Ok(None);
        }
        Event::SessionStart { reset } => {
            // Priming matters more than dedup: a ledger that cannot be cleared is reported,
            // not allowed to cost the session its conventions.
            if *reset && let Err(e) = ledger.reset() {
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
        Event::UserPromptSubmit { .. }
        | Event::PreToolUse { .. }
        | Event::PostToolUseFailure { .. } => {
            let mut input = hook_query_input(&payload);
            session.complete_call(&mut input);
            let moment = match event {
                Event::UserPromptSubmit { .. } => Moment::Prompt,
                Event::PreToolUse { .. } => Moment::ToolCall,
                _ => Moment::ToolFailure,
            };
            session.inject(trace, |ctx| inject_for_query(ctx, moment, &input))?
        }
    };
    let notice = match &event {
        Event::SessionStart { .. } => hook_learn::waiting_notice(&session),
        _ => None,
    };
    let injection = injection.filter(|i| !i.text.trim().is_empty());
    if let Some(notice) = notice {
        let (text, shown) = injection.map_or((None, Vec::new()), |i| (Some(i.text), i.shown));
        let line = reply::with_system_message(event.name(), text.as_deref(), &notice);
        return Ok(Some(HookAnswer::recording(
            line,
            session.into_ledger(),
            shown,
        )));
    }
    Ok(injection.map(|i| {
        HookAnswer::recording(
            reply::additional_context(event.name(), &i.text),
            session.into_ledger(),
            i.shown,
        )
    }))
}

/// What to tell the user at a session's start when a lore configuration is there but cannot
/// be used: every hook of the session then answers nothing, and stderr alone goes unseen.
/// None when there is no configuration at all (lore registered for the user, in a project
/// that does not use it): nothing to say there.
fn unusable_config_notice(error: &anyhow::Error) -> Option<String> {
    match error.downcast_ref::<WorkspaceError>()? {
        WorkspaceError::NotFound { .. } => None,
        unusable => Some(format!(
            "lore is off in this session: {unusable}. `lore doctor` says what to fix."
        )),
    }
}

/// Where a prompt was typed, for the review inbox.
fn learn_origin(payload: &Payload) -> PromptOrigin<'_> {
    PromptOrigin {
        session_id: payload.session_id.as_deref(),
        transcript_path: payload.transcript_path.as_deref(),
        cwd: payload.cwd.as_deref(),
        harness: Some(hook_learn::CLAUDE_CODE),
    }
}

/// The query input the hook builds for a payload; `lore extract-queries` calls this too, so
/// audits see exactly what the hook searches for. Tool calls add the transcript's last user
/// message.
pub fn hook_query_input(payload: &Payload) -> crate::core::query::QueryInput {
    let last = match payload.hook_event_name.as_deref() {
        Some("PreToolUse") => payload
            .transcript_path
            .as_deref()
            .and_then(|p| transcript::last_user_message(Path::new(p))),
        _ => None,
    };
    query_input(payload, last)
}
