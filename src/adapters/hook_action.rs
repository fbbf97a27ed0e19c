//! What one hook call of an agent asks of lore, in neutral terms, and doing it over the
//! services: prime the session, search for a prompt, tool call or failed command, forget what
//! the session was shown (compaction), or nothing. The Gemini CLI, Copilot CLI, Qwen Code,
//! Cline and OpenCode adapters map their payloads to an [`Action`] and wrap the text they get
//! back in their own reply; this file knows no agent's wire format.
//!
//! An agent with no channel at session start (Cline) is primed on its first call that can
//! inject: the session's listing and universal patterns come before that call's own
//! conventions, once, and the ledger remembers it ([`PRIMED`]) until it is reset.

use crate::adapters::hook_process::{HookAnswer, HookRequest};
use crate::adapters::hook_scope::{HookOrigin, HookSession};
use crate::adapters::tool_call::{ToolKind, failure_text};
use crate::core::config::HookConfig;
use crate::core::query::QueryInput;
use crate::services::inject::{Injection, Moment, Trace, inject_for_query};
use crate::services::session_start::inject_session_start;

/// The ledger key saying the session was primed (a section key no pattern source makes: it
/// holds a colon and no path).
pub const PRIMED: &str = "lore:session-primed#0";

/// What a hook call asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Prime the session with the project's listing and the universal patterns; `reset`
    /// forgets what it was shown first (a new or compacted session).
    Prime { reset: bool },
    /// Search for `moment` with `input`.
    Search {
        moment: Moment,
        input: Box<QueryInput>,
    },
    /// Forget what the session was shown (its context was compacted); print nothing.
    Reset,
    /// Nothing to do, and why (for the debug trace).
    Nothing(String),
}

impl Action {
    /// A search for `moment` with `input`.
    pub fn search(moment: Moment, input: QueryInput) -> Self {
        Action::Search {
            moment,
            input: Box::new(input),
        }
    }

    /// Prime a session that started from `source`: its record is cleared first unless the
    /// source is none of `resetting` (a resumed session keeps what it was shown).
    pub fn prime(source: Option<&str>, resetting: &[&str]) -> Self {
        Action::Prime {
            reset: source.is_none_or(|s| resetting.contains(&s)),
        }
    }

    /// Search a typed prompt; nothing for an empty one or a slash command.
    pub fn prompt(prompt: Option<&str>, cwd: Option<&str>) -> Self {
        match prompt.map(str::trim) {
            Some(p) if !p.is_empty() && !p.starts_with('/') => Action::search(
                Moment::Prompt,
                QueryInput {
                    prompt: Some(p.to_string()),
                    cwd: cwd.map(String::from),
                    ..QueryInput::default()
                },
            ),
            Some(_) => Action::Nothing("an empty prompt or a slash command".into()),
            None => Action::Nothing("the payload has no prompt".into()),
        }
    }

    /// After a tool of `kind` ran: a command that failed (`failure`: its exit code and
    /// output) is searched on its output, anything else as the call.
    pub fn after_tool(
        kind: ToolKind,
        mut input: QueryInput,
        failure: Option<(Option<i64>, &str)>,
    ) -> Self {
        match failure.filter(|_| kind == ToolKind::Shell) {
            Some((exit, output)) => {
                input.error = Some(failure_text(exit, output));
                Action::search(Moment::ToolFailure, input)
            }
            None => Action::search(Moment::ToolCall, input),
        }
    }
}

/// How an agent takes its context.
#[derive(Debug, Clone, Copy, Default)]
pub struct Delivery {
    /// The agent has no session-start channel: prime on the first search of a session.
    pub prime_on_first_search: bool,
}

/// Do what `decide` makes of the call `origin` describes, given the configuration's `[hook]`
/// settings. `reply` turns the text into the agent's answer line. Errors are for stderr
/// only; the caller still exits 0.
pub fn run_action(
    request: &HookRequest,
    trace: &mut Trace,
    origin: HookOrigin<'_>,
    decide: impl FnOnce(&HookConfig) -> Action,
    delivery: Delivery,
    reply: impl FnOnce(&str) -> String,
) -> anyhow::Result<Option<HookAnswer>> {
    let session = HookSession::open(request, origin)?;
    let config = &session.config;
    let action = decide(&config.hook);
    trace.note(match &action {
        Action::Search { moment, input } => format!(
            "action: search for {moment:?} ({} on {})",
            input.tool_name.as_deref().unwrap_or("prompt"),
            input
                .file_path
                .as_deref()
                .or(input.command.as_deref().map(|_| "a command"))
                .unwrap_or("-")
        ),
        other => format!("action: {other:?}"),
    });
    let mut extra_shown = Vec::new();
    let injection = match action {
        Action::Nothing(_) => return Ok(None),
        Action::Reset => {
            session.ledger.reset()?;
            return Ok(None);
        }
        Action::Prime { reset } => {
            // Priming matters more than dedup: a ledger that cannot be cleared is reported,
            // not allowed to cost the session its conventions.
            if reset && let Err(e) = session.ledger.reset() {
                eprintln!("lore hook: cannot clear the session ledger ({e}); priming anyway");
            }
            session.inject_refreshed(trace, |ctx, project| {
                inject_session_start(ctx, config.hook.session_start_budget, project)
            })?
        }
        Action::Search { moment, mut input } => {
            let input = &mut *input;
            session.complete_call(input);
            // A ledger that cannot be read counts as primed: better no listing than one on
            // every call.
            let prime = delivery.prime_on_first_search
                && !session.ledger.shown().is_ok_and(|s| s.contains(PRIMED));
            if prime {
                extra_shown.push(PRIMED.to_string());
                let primed = session.inject_refreshed(trace, |ctx, project| {
                    let start =
                        inject_session_start(ctx, config.hook.session_start_budget, project)?;
                    let found = inject_for_query(ctx, moment, input)?;
                    Ok(join(start, found))
                })?;
                // Claimed like the sections shown (and given back with them when the answer
                // never reaches the agent); nothing to show still counts: the next call must
                // not prime again.
                if let Err(e) = session.ledger.record(&extra_shown) {
                    trace.note(format!("cannot record the priming ({e}); it may run again"));
                }
                primed
            } else {
                session.inject(trace, |ctx| inject_for_query(ctx, moment, input))?
            }
        }
    };
    Ok(injection.filter(|i| !i.text.trim().is_empty()).map(|i| {
        let mut shown = i.shown;
        shown.extend(extra_shown);
        HookAnswer::recording(reply(&i.text), session.into_ledger(), shown)
    }))
}

/// Two injections as one: the first's text, then the second's.
fn join(first: Option<Injection>, second: Option<Injection>) -> Option<Injection> {
    match (first, second) {
        (Some(mut a), Some(b)) => {
            a.text.push_str("\n\n");
            a.text.push_str(&b.text);
            a.sources.extend(b.sources);
            a.shown.extend(b.shown);
            Some(a)
        }
        (a, b) => a.or(b),
    }
}

/// `text` whole when it holds at most `limit` characters, else cut at a line break before
/// it (at a character when a line is too long) with `note` appended, the whole within
/// `limit`: for an agent that cuts longer context itself.
pub fn fit_chars(text: &str, limit: usize, note: &str) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let keep = limit.saturating_sub(note.chars().count());
    let end = text.char_indices().nth(keep).map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    let head = match head.rfind('\n') {
        Some(i) if i > end / 2 => &head[..i],
        _ => head,
    };
    format!("{head}{note}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn injection(text: &str, shown: &str) -> Injection {
        Injection {
            text: text.into(),
            sources: vec![shown.into()],
            shown: vec![format!("{shown}#0")],
        }
    }

    #[test]
    fn two_injections_join_in_order() {
        let joined = join(
            Some(injection("start", "a.md")),
            Some(injection("call", "b.md")),
        );
        let joined = joined.unwrap();
        assert_eq!(joined.text, "start\n\ncall");
        assert_eq!(joined.shown, ["a.md#0", "b.md#0"]);
        assert_eq!(
            join(None, Some(injection("call", "b.md"))).unwrap().text,
            "call"
        );
        assert_eq!(join(None, None), None);
    }

    #[test]
    fn long_text_is_cut_at_a_line_within_the_limit() {
        let text = "→ one rule per line\n".repeat(100);
        let cut = fit_chars(&text, 500, "\n[cut]");
        assert!(cut.chars().count() <= 500, "{}", cut.chars().count());
        assert!(cut.ends_with("line\n[cut]"), "{cut}");
        assert_eq!(fit_chars("short", 500, "[cut]"), "short");
        let one_line = "é".repeat(1_000);
        assert!(fit_chars(&one_line, 100, "[cut]").chars().count() <= 100);
    }
}
