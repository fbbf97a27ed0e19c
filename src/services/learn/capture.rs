//! Capture at the prompt event: the cue grammar over the prompt and, only when it found
//! something, one locked append to the project's inbox (the prompt and its captures,
//! redacted, with where the session's transcript is). A prompt without a cue costs the
//! grammar alone: no file is opened. Nothing is printed and nothing changes the hook's
//! answer.

use crate::core::learn::{Capture, MAX_KEPT_PROMPT, Named, NoteCues, Said, captures};
use crate::core::redact::redact;
use crate::core::text_window::head;

use super::{Inbox, LearnError, Pending};

/// Where a prompt was typed.
#[derive(Debug, Clone, Default)]
pub struct PromptOrigin<'a> {
    pub session_id: Option<&'a str>,
    pub transcript_path: Option<&'a str>,
    pub cwd: Option<&'a str>,
    /// The harness (`claude-code`, `codex`), which says how to read the transcript.
    pub harness: Option<&'a str>,
}

/// Capture the notes and corrections in `prompt` into the inbox `open` gives (pending until
/// the session's Stop settles them). `open` and `shown` are called only when something was
/// captured; `shown` gives the sources of the patterns the session has been shown so far.
/// Returns how many were captured.
pub fn capture_prompt(
    open: impl FnOnce() -> Result<Inbox, LearnError>,
    cues: &NoteCues,
    prompt: &str,
    origin: &PromptOrigin<'_>,
    shown: impl FnOnce() -> Vec<String>,
    today: i64,
) -> Result<usize, LearnError> {
    let found = captures(prompt, cues, Said::Prompt);
    if found.is_empty() {
        return Ok(0);
    }
    let pending = Pending {
        session: origin.session_id.map(String::from),
        transcript: origin.transcript_path.map(String::from),
        harness: origin.harness.map(String::from),
        cwd: origin.cwd.map(String::from),
        day: today,
        prompt: kept_prompt(prompt),
        captures: found.iter().map(redacted).collect(),
        shown: shown(),
    };
    let line = serde_json::to_string(&pending).map_err(|e| LearnError::Invalid(e.to_string()))?;
    open()?.files.append_pending(&line)?;
    Ok(found.len())
}

/// A prompt as kept with its captures: its head, redacted.
pub fn kept_prompt(prompt: &str) -> String {
    redact(head(prompt, MAX_KEPT_PROMPT)).into_owned()
}

/// A capture with every text it holds redacted.
pub fn redacted(capture: &Capture) -> Capture {
    let named = |list: &[Named]| {
        list.iter()
            .map(|n| Named {
                text: redact(&n.text).into_owned(),
                code: n.code,
            })
            .collect()
    };
    Capture {
        kind: capture.kind,
        words: redact(&capture.words).into_owned(),
        rule: redact(&capture.rule).into_owned(),
        prefer: named(&capture.prefer),
        avoid: named(&capture.avoid),
        only_no: capture.only_no,
    }
}
