//! What the agent hooks do for learning (see `services::learn`), whatever the harness: on
//! the prompt event, capture the prompt's notes and corrections; at Stop, settle them and
//! the session's refused calls into the review inbox; at session start, a line for the user
//! (never the model) when items wait. None of it prints anything to the model or changes an
//! answer: a failure is one line on stderr.

use std::path::Path;
use std::time::Duration;

use crate::adapters::claude::session_entries::{self as claude_entries, STOP_TAIL_BYTES};
use crate::adapters::cli::timestamp::today;
use crate::adapters::codex::session_entries as codex_entries;
use crate::adapters::hook_process::say;
use crate::adapters::hook_scope::HookSession;
use crate::core::learn::exchange::Entry;
use crate::services::inject::Trace;
use crate::services::learn::{
    Classifier, Inbox, PromptOrigin, SessionReader, Stopping, capture_prompt, note_cues, settle,
    waiting_count,
};
use crate::storage::index::Index;

/// The harness names pending captures record, which say how to read their transcript.
pub const CLAUDE_CODE: &str = "claude-code";
pub const CODEX: &str = "codex";

/// How long Stop waits for a busy index before settling without comparing.
const INDEX_BUSY: Duration = Duration::from_millis(300);

/// Capture what `prompt` teaches, unless `[learn] capture` is off.
pub fn capture(session: &HookSession, prompt: &str, origin: &PromptOrigin<'_>, trace: &mut Trace) {
    let config = &session.config;
    if !config.learn.capture {
        return;
    }
    let shown = || shown_sources(session);
    match capture_prompt(
        || Inbox::open(config),
        &note_cues(config),
        prompt,
        origin,
        shown,
        today(),
    ) {
        Ok(0) => {}
        Ok(n) => trace.note(format!("learn: {n} capture(s) waiting for Stop")),
        Err(e) => say(&format!(
            "lore hook: cannot keep a correction for review ({e})"
        )),
    }
}

/// The session's harness, transcript and working directory at Stop.
#[derive(Debug, Clone, Copy)]
pub struct StopOrigin<'a> {
    pub session_id: &'a str,
    pub harness: &'a str,
    pub transcript: Option<&'a str>,
    pub cwd: Option<&'a str>,
}

/// Settle the session's captures and refused calls into the inbox.
pub fn settle_at_stop(
    session: &HookSession,
    origin: StopOrigin<'_>,
    read: SessionReader<'_>,
    trace: &mut Trace,
) {
    let config = &session.config;
    if !config.learn.capture {
        return;
    }
    let entries = origin
        .transcript
        .and_then(|t| read(Some(origin.harness), Path::new(t)));
    // Nothing captured in this project yet: only a refused call with a reason can add
    // something, and without one nothing is created on disk.
    let inbox = match Inbox::existing(config) {
        Some(inbox) => inbox,
        None if !entries.iter().flatten().any(|e| {
            matches!(
                e,
                Entry::Refused {
                    reason: Some(_),
                    ..
                }
            )
        }) =>
        {
            return;
        }
        None => match Inbox::open(config) {
            Ok(inbox) => inbox,
            Err(e) => {
                say(&format!("lore hook: cannot open the review inbox ({e})"));
                return;
            }
        },
    };
    // The transcript was read once; settling reads it from here.
    let session_path = origin.transcript.map(Path::new);
    let reread = |harness: Option<&str>, path: &Path| {
        if Some(path) == session_path {
            entries.clone()
        } else {
            read(harness, path)
        }
    };
    let index = Index::open_snapshot(&config.database, INDEX_BUSY)
        .ok()
        .flatten();
    let classifier = Classifier {
        config,
        index: index.as_ref(),
        project_dir: Some(&session.project_dir),
    };
    let shown = shown_sources(session);
    let stopping = Stopping {
        session_id: origin.session_id,
        harness: Some(origin.harness),
        transcript: origin.transcript.map(Path::new),
        cwd: origin.cwd,
        shown: &shown,
    };
    match settle(
        &inbox,
        &classifier,
        &note_cues(config),
        &reread,
        Some(stopping),
        today(),
    ) {
        Ok(report) => trace.note(format!("learn: settled {report:?}")),
        Err(e) => say(&format!(
            "lore hook: cannot settle corrections for review ({e})"
        )),
    }
    if let Some(index) = index {
        // The process exits next; see `HookSession::inject_with`.
        std::mem::forget(index);
    }
}

/// The line shown to the user at session start when inbox items wait for review.
pub fn waiting_notice(session: &HookSession) -> Option<String> {
    let inbox = Inbox::existing(&session.config)?;
    let n = waiting_count(&inbox, today()).ok().filter(|n| *n > 0)?;
    Some(format!(
        "lore: {n} {} from your sessions wait{} for review: run `lore inbox`",
        if n == 1 { "correction" } else { "corrections" },
        if n == 1 { "s" } else { "" }
    ))
}

/// A session's transcript read as learning entries, by the harness that wrote it (Claude
/// Code's when unknown): the last turns only.
pub fn read_session(harness: Option<&str>, path: &Path) -> Option<Vec<Entry>> {
    match harness {
        Some(CODEX) => codex_entries::read_entries(path, STOP_TAIL_BYTES),
        _ => claude_entries::read_entries(path, STOP_TAIL_BYTES),
    }
}

/// The sources of the patterns the session has been shown.
fn shown_sources(session: &HookSession) -> Vec<String> {
    let mut sources: Vec<String> = session
        .ledger
        .shown()
        .unwrap_or_default()
        .into_iter()
        .map(|key| {
            let key = key.strip_prefix("applies_when:").unwrap_or(&key);
            key.rsplit_once('#')
                .map_or(key, |(source, _)| source)
                .to_string()
        })
        .collect();
    sources.sort();
    sources.dedup();
    sources
}
