//! Settling captures into the review inbox. At a session's Stop (and, for captures whose
//! session never stopped, at the next `lore inbox`), each pending capture is placed in its
//! session's transcript: a bare "no" that answered the agent's question is dropped, and the
//! call it corrected is attached (relative paths, a few lines, redacted). The session's
//! refused calls with a reason become captures too, each read once. Every capture is then
//! compared with the written patterns (see `classify`) and offered to the inbox, which
//! merges repeats and refuses what was rejected. Saved sessions read by `lore learn scan`
//! go the same way ([`offer_found`]).

use std::collections::BTreeMap;
use std::path::Path;

use crate::core::learn::exchange::{
    Action, Entry, Found, action_of, context_before, corrections, find_prompt,
};
use crate::core::learn::inbox::{Evidence, InboxState, Offered, Origin, short_hash};
use crate::core::learn::scope::project_relative;
use crate::core::learn::{Capture, NoteCues, Said};
use crate::core::redact::redact;

use super::capture::{kept_prompt, redacted};
use super::classify::Classifier;
use super::{Inbox, LearnError, Pending, parse_pending};

/// Reads a session's transcript as entries: the adapter for its harness (`claude-code`,
/// `codex`), or None when it cannot be read.
pub type SessionReader<'a> = &'a dyn Fn(Option<&str>, &Path) -> Option<Vec<Entry>>;

/// What settling did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct SettleReport {
    /// New inbox items.
    pub new: usize,
    /// Captures merged into an item already waiting.
    pub raised: usize,
    /// Captures of a correction that was rejected before.
    pub refused: usize,
    /// Captures dropped in context (a "no" answering the agent's question).
    pub dropped: usize,
}

impl SettleReport {
    fn count(&mut self, offered: Offered) {
        match offered {
            Offered::New(_) => self.new += 1,
            Offered::Raised(_) => self.raised += 1,
            Offered::Refused => self.refused += 1,
        }
    }
}

/// The session being stopped: its refused calls are read from its transcript.
#[derive(Debug, Clone, Copy)]
pub struct Stopping<'a> {
    pub session_id: &'a str,
    pub harness: Option<&'a str>,
    pub transcript: Option<&'a Path>,
    pub cwd: Option<&'a str>,
    /// The sources of the patterns the session was shown.
    pub shown: &'a [String],
}

/// Settle the pending captures of `stopping`'s session (all of them when None) into the
/// inbox, and the refused calls of `stopping`'s transcript.
pub fn settle(
    inbox: &Inbox,
    classifier: &Classifier<'_>,
    cues: &NoteCues,
    read: SessionReader<'_>,
    stopping: Option<Stopping<'_>>,
    today: i64,
) -> Result<SettleReport, LearnError> {
    if !inbox.files.exists() && stopping.is_none() {
        return Ok(SettleReport::default());
    }
    inbox.change(|state, lines| {
        let mut report = SettleReport::default();
        let mut sessions: BTreeMap<String, Option<Vec<Entry>>> = BTreeMap::new();
        let mut entries_of = |harness: Option<&str>, path: Option<&str>| -> Option<Vec<Entry>> {
            let path = path?;
            sessions
                .entry(path.to_string())
                .or_insert_with(|| read(harness, Path::new(path)))
                .clone()
        };
        let mut kept = Vec::new();
        for line in lines.drain(..) {
            let Some(pending) = parse_pending(std::slice::from_ref(&line)).pop() else {
                continue;
            };
            let mine = match stopping {
                Some(s) => pending.session.as_deref() == Some(s.session_id),
                None => true,
            };
            if !mine {
                kept.push(line);
                continue;
            }
            let entries = entries_of(pending.harness.as_deref(), pending.transcript.as_deref());
            settle_pending(state, classifier, &pending, entries.as_deref(), &mut report);
        }
        *lines = kept;
        if let Some(s) = stopping {
            let entries = entries_of(s.harness, s.transcript.and_then(Path::to_str));
            for found in entries
                .as_deref()
                .map(|e| corrections(e, cues))
                .unwrap_or_default()
            {
                if found.said != Said::Rejection {
                    continue;
                }
                let call = found.call_id.clone().unwrap_or_default();
                if !state.mark_seen(&format!("{}\0{call}", s.session_id)) {
                    continue;
                }
                if let Some(transcript) = s.transcript.and_then(Path::to_str) {
                    state.mark_seen(&read_mark(transcript, &found.capture.words));
                }
                let offered = offer_one(
                    state,
                    classifier,
                    &found.capture,
                    found.action.as_ref(),
                    Sighting {
                        origin: Origin::Rejection,
                        cwd: s.cwd,
                        session: Some(s.session_id),
                        shown: s.shown,
                        day: today,
                    },
                );
                report.count(offered);
            }
        }
        state.expire(today);
        report
    })
}

/// One pending prompt's captures, placed in their session when it can be read.
fn settle_pending(
    state: &mut InboxState,
    classifier: &Classifier<'_>,
    pending: &Pending,
    entries: Option<&[Entry]>,
    report: &mut SettleReport,
) {
    let context = entries.and_then(|entries| {
        let at = entries
            .iter()
            .rposition(|e| matches!(e, Entry::User { text, typed: true } if kept_prompt(text).trim() == pending.prompt.trim()))
            .or_else(|| find_prompt(entries, &pending.prompt))?;
        Some(context_before(entries, at))
    });
    for capture in &pending.captures {
        if capture.only_no && context.as_ref().is_some_and(|c| c.asked) {
            report.dropped += 1;
            continue;
        }
        let action = context
            .as_ref()
            .and_then(|c| c.corrected_call(capture))
            .map(|call| action_of(call, capture));
        if let Some(transcript) = &pending.transcript {
            state.mark_seen(&read_mark(transcript, &capture.words));
        }
        let offered = offer_one(
            state,
            classifier,
            capture,
            action.as_ref(),
            Sighting {
                origin: Origin::Prompt,
                cwd: pending.cwd.as_deref(),
                session: pending.session.as_deref(),
                shown: &pending.shown,
                day: pending.day,
            },
        );
        report.count(offered);
    }
}

/// The mark a correction leaves once read from a session, whichever way it was read (the
/// hook at the session's Stop, or `lore learn scan` of the saved session later): the
/// session's file name and the words, redacted as the inbox keeps them. A correction read
/// both ways is offered once, so an item accepted or rejected since does not come back.
fn read_mark(transcript: &str, words: &str) -> String {
    let file = Path::new(transcript)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or(transcript);
    format!("said\0{file}\0{}", redact(words))
}

/// Where and when a capture was seen.
#[derive(Debug, Clone, Copy)]
struct Sighting<'a> {
    origin: Origin,
    cwd: Option<&'a str>,
    session: Option<&'a str>,
    shown: &'a [String],
    day: i64,
}

fn offer_one(
    state: &mut InboxState,
    classifier: &Classifier<'_>,
    capture: &Capture,
    action: Option<&Action>,
    seen: Sighting<'_>,
) -> Offered {
    let capture = redacted(capture);
    let action = action.map(|a| private_action(a, seen.cwd));
    let candidate = classifier.candidate(
        &capture,
        action,
        Evidence {
            origin: seen.origin,
            words: capture.words.clone(),
            action: None,
            day: seen.day,
        },
        seen.session.map(short_hash),
        seen.shown,
    );
    state.offer(candidate)
}

/// An action as the inbox keeps it: paths relative to the project (a path elsewhere cut to
/// its file name), the command and lines redacted.
fn private_action(action: &Action, cwd: Option<&str>) -> Action {
    Action {
        tool: action.tool.clone(),
        paths: action
            .paths
            .iter()
            .map(|p| project_relative(p, cwd))
            .collect(),
        command: action.command.as_ref().map(|c| redact(c).into_owned()),
        lines: action
            .lines
            .iter()
            .map(|l| redact(l).into_owned())
            .collect(),
    }
}

/// Offer corrections found in a saved session (`lore learn scan`), each once however often
/// the session is read: `session` names it (its file), `cwd` is the project it ran in.
pub fn offer_found(
    inbox: &Inbox,
    classifier: &Classifier<'_>,
    session: &str,
    cwd: Option<&str>,
    found: &[Found],
    today: i64,
) -> Result<SettleReport, LearnError> {
    inbox.change(|state, _| {
        let mut report = SettleReport::default();
        for f in found {
            if !state.mark_seen(&format!("scan\0{session}\0{}\0{}", f.at, f.capture.words)) {
                continue;
            }
            // Read by the hook when the session ran: offered then (and perhaps accepted or
            // rejected since).
            if !state.mark_seen(&read_mark(session, &f.capture.words)) {
                continue;
            }
            let origin = match f.said {
                Said::Rejection => Origin::Rejection,
                Said::Prompt => Origin::Scan,
            };
            let offered = offer_one(
                state,
                classifier,
                &f.capture,
                f.action.as_ref(),
                Sighting {
                    origin,
                    cwd,
                    session: Some(session),
                    shown: &[],
                    day: today,
                },
            );
            report.count(offered);
        }
        state.expire(today);
        report
    })
}
