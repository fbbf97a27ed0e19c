//! Learning from corrections: the fixed cue grammar that finds, in what a user typed, an
//! explicit note (`remember: …`) or a correction of the agent (`use X, not Y`, `X instead of
//! Y`, `we don't use X`, `prefer X over Y`, `no, …` naming code), the filters that keep junk
//! out (questions, task requests, acknowledgements, pastes, one-offs, pointers such as "the
//! other file"), the rule and scope proposed for each capture, how a capture relates to the
//! patterns already written, and the review inbox's merging rules. Pure and deterministic:
//! no model, no I/O; the same message always gives the same captures.

pub mod cue;
pub mod exchange;
pub mod feedback;
pub mod inbox;
mod junk;
mod openers;
mod prose;
pub mod referent;
mod rule_text;
pub mod scope;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::core::query::porter_stem;
use cue::{
    ClauseCue, ClauseSetting, Form, Opening, after_no, as_rule, clause_cue, loose_correction,
};
use prose::{clauses, prose_lines};
use referent::{Referent, strip_prefix_ci};

/// Most bytes of a prompt kept with its captures (enough to find it again in the session's
/// transcript).
pub const MAX_KEPT_PROMPT: usize = 4_096;

/// Note cues used when `[learn] note_cues` is not set.
pub const DEFAULT_NOTE_CUES: &[&str] = &["remember:", "lore:", "note for lore:", "convention:"];

/// Most characters of a note kept.
const MAX_NOTE_CHARS: usize = 400;

/// How a capture was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureKind {
    /// An explicit note (`remember: …`).
    Note,
    /// Both what to use and what not to (`use X, not Y`).
    Contrast,
    /// Only what not to use (`we don't use X`).
    Avoid,
    /// Only what to use (`always use X`, `no, use X`).
    Prefer,
    /// A correction naming code that fits no form (`no, the config lives in settings/base.py`).
    Correction,
}

/// A referent as stored: its text and whether it reads as code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Named {
    pub text: String,
    #[serde(default)]
    pub code: bool,
}

impl From<&Referent> for Named {
    fn from(r: &Referent) -> Self {
        Self {
            text: r.text.clone(),
            code: r.code,
        }
    }
}

impl Named {
    /// The form two referents are compared in.
    pub fn key(&self) -> String {
        self.text.to_lowercase()
    }
}

/// One capture from a message: the user's words, the rule proposed from them, and what it
/// names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    pub kind: CaptureKind,
    /// The clauses the cues were found in, as typed.
    pub words: String,
    /// The proposed rule, one or more sentences.
    pub rule: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prefer: Vec<Named>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub avoid: Vec<Named>,
    /// The message opened with "no" and only that made it a correction: dropped when it
    /// answers a question the agent asked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub only_no: bool,
}

impl Capture {
    /// The identity captures are merged by: what to use and what not to, lower-cased and
    /// sorted; for a note or a loose correction, the stems of its words.
    pub fn key(&self) -> String {
        let side = |list: &[Named]| {
            let mut keys: Vec<String> = list.iter().map(Named::key).collect();
            keys.sort();
            keys.dedup();
            keys.join(",")
        };
        match self.kind {
            CaptureKind::Note | CaptureKind::Correction => {
                format!("words:{}", word_stems(&self.rule).join(","))
            }
            _ => format!("use:{}|not:{}", side(&self.prefer), side(&self.avoid)),
        }
    }

    /// A title for the pattern: the rule's first sentence, at most twelve words, no backticks.
    pub fn title(&self) -> String {
        title_of(&self.rule)
    }
}

/// A title from a rule text: its first sentence, at most twelve words, without backticks or
/// final period.
pub fn title_of(rule: &str) -> String {
    let first = rule.split(". ").next().unwrap_or(rule).replace('`', "");
    let words: Vec<&str> = first.split_whitespace().take(12).collect();
    words
        .join(" ")
        .trim_end_matches(['.', ',', ':', ';'])
        .to_string()
}

/// The cues that open an explicit note, lower-case, each ending in `:`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteCues(Vec<String>);

impl NoteCues {
    pub fn new(cues: &[String]) -> Self {
        Self(
            cues.iter()
                .map(|c| c.trim().to_lowercase())
                .filter(|c| !c.is_empty())
                .collect(),
        )
    }
}

impl Default for NoteCues {
    fn default() -> Self {
        Self(DEFAULT_NOTE_CUES.iter().map(|c| c.to_string()).collect())
    }
}

/// Where a message came from, which decides how it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Said {
    /// A prompt the user typed.
    #[default]
    Prompt,
    /// The reason the user gave when rejecting a tool call: a correction by definition.
    Rejection,
}

/// Every capture in a message. Notes come one per note line; the other cues of the message
/// make one correction together (a message corrects one thing). Empty for a message with no
/// cue, or only junk ones.
pub fn captures(text: &str, cues: &NoteCues, said: Said) -> Vec<Capture> {
    if !might_hold_a_cue(text, cues) {
        return Vec::new();
    }
    let prose = prose_lines(text);
    let mut out = Vec::new();
    let mut rest = String::new();
    for line in prose.lines() {
        match note_of(line, cues) {
            Some(Some(note)) => out.push(note),
            Some(None) => {}
            None => {
                rest.push_str(line);
                rest.push('\n');
            }
        }
    }
    if let Some(correction) = correction_of(&rest, said) {
        out.push(correction);
    }
    out
}

/// A cheap test first: most messages hold none of the words any cue needs.
fn might_hold_a_cue(text: &str, cues: &NoteCues) -> bool {
    let head = crate::core::text_window::head(text, prose::MAX_SCAN_BYTES);
    let lower = head.to_ascii_lowercase();
    [
        "use", "instead", "prefer", "not", "never", "avoid", "always", "no", "don", "wrong",
        "stop", "should", "it's", "rather",
    ]
    .iter()
    .any(|w| lower.contains(w))
        || cues.0.iter().any(|c| lower.contains(c.as_str()))
}

/// A note line: Some(Some) for a note worth keeping, Some(None) for a note cue with nothing
/// worth keeping after it, None for a line without a note cue.
fn note_of(line: &str, cues: &NoteCues) -> Option<Option<Capture>> {
    let t = line.trim();
    let t = strip_prefix_ci(t, "please ").unwrap_or(t);
    let text = cues.0.iter().find_map(|c| strip_prefix_ci(t, c))?.trim();
    let words = text.split_whitespace().count();
    if words < 3 || junk::is_question(text) {
        return Some(None);
    }
    let text: String = text.chars().take(MAX_NOTE_CHARS).collect();
    let rule = as_rule(&text);
    let mut named = cue::code_spans(&text);
    named.truncate(6);
    Some(Some(Capture {
        kind: CaptureKind::Note,
        words: line.trim().to_string(),
        rule: format!("{rule}."),
        prefer: named.iter().map(Named::from).collect(),
        avoid: Vec::new(),
        only_no: false,
    }))
}

/// The correction the non-note prose of a message makes, if any.
fn correction_of(prose: &str, said: Said) -> Option<Capture> {
    let parts = clauses(prose);
    let (first, later) = parts.split_first()?;
    // `no inline styles` names what not to use; `no, …` opens a correction.
    let names_a_thing = strip_prefix_ci(first.trim_start(), "no ").is_some()
        && clause_cue(first, ClauseSetting::default()).is_some_and(|c| c.form == Form::Avoid);
    let opened = if names_a_thing { None } else { after_no(first) };
    let correcting = matches!(opened, Some(Opening::Correcting(_))) || said == Said::Rejection;
    let mut pieces: Vec<&str> = Vec::with_capacity(parts.len());
    match opened {
        Some(Opening::Correcting(rest)) if !rest.is_empty() => pieces.push(rest),
        Some(_) => {}
        None => pieces.push(first),
    }
    pieces.extend(later.iter().copied());
    let task_in_message = pieces.iter().any(|p| junk::is_task(p));
    let setting = ClauseSetting {
        correcting,
        task_in_message,
    };
    let mut matched: Vec<Option<ClauseCue>> =
        pieces.iter().map(|p| clause_cue(p, setting)).collect();
    // A team's negative or a contrast makes the message a correction: a bare `use X` beside
    // it names the replacement (`we don't use requests; use httpx`).
    let corrects = matched
        .iter()
        .flatten()
        .any(|c| matches!(c.form, Form::Avoid | Form::Contrast));
    if corrects && !correcting {
        let setting = ClauseSetting {
            correcting: true,
            ..setting
        };
        for (piece, slot) in pieces.iter().zip(matched.iter_mut()) {
            if slot.is_none() {
                *slot = clause_cue(piece, setting).filter(|c| c.form == Form::Use);
            }
        }
    }
    let mut found: Vec<ClauseCue> = matched.into_iter().flatten().collect();
    let mut only_no = false;
    if found.is_empty() && correcting {
        // The opening clause of a correction may name code without any form.
        let lead = pieces.first().copied();
        found.extend(lead.and_then(loose_correction));
        only_no = said == Said::Prompt;
    } else if correcting && said == Said::Prompt {
        // Forms that need the opening "no" (a bare `use X`) stand on it alone.
        only_no = found.iter().all(|c| c.form == Form::Use);
    }
    if found.is_empty() {
        return None;
    }
    Some(combine(found, only_no))
}

/// One capture from a message's clause cues.
fn combine(found: Vec<ClauseCue>, only_no: bool) -> Capture {
    let mut prefer: Vec<Named> = Vec::new();
    let mut avoid: Vec<Named> = Vec::new();
    let add = |list: &mut Vec<Named>, r: &Referent| {
        if !list.iter().any(|n| n.key() == r.key()) {
            list.push(Named::from(r));
        }
    };
    for c in &found {
        c.prefer.iter().for_each(|r| add(&mut prefer, r));
        c.avoid.iter().for_each(|r| add(&mut avoid, r));
    }
    // A referent on both sides (`use X. we don't use X in tests`) is not a preference.
    avoid.retain(|a| !prefer.iter().any(|p| p.key() == a.key()));
    let kind = match (
        found.iter().all(|c| c.form == Form::Loose),
        prefer.is_empty(),
        avoid.is_empty(),
    ) {
        (true, _, _) => CaptureKind::Correction,
        (false, false, false) => CaptureKind::Contrast,
        (false, true, false) => CaptureKind::Avoid,
        (false, _, true) => CaptureKind::Prefer,
    };
    let rule = found
        .iter()
        .map(|c| format!("{}.", c.rule))
        .collect::<Vec<_>>()
        .join(" ");
    let words = found
        .iter()
        .map(|c| c.words.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    Capture {
        kind,
        words,
        rule,
        prefer,
        avoid,
        only_no,
    }
}

/// Words too common to tell two notes apart.
const STOP_WORDS: &[&str] = &[
    "the", "and", "for", "with", "that", "this", "are", "our", "your", "not", "but", "you", "use",
    "all", "any", "can", "from", "into", "when", "then", "than", "must", "should", "always",
    "never", "only", "also", "just", "its", "it's", "have", "has", "was", "were", "will", "would",
    "there", "here", "they", "them", "what", "which", "who",
];

/// The distinct stems of a text's content words, sorted.
pub fn word_stems(text: &str) -> Vec<String> {
    let mut stems: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
        .map(|w| porter_stem(&w))
        .collect();
    stems.sort();
    stems.dedup();
    stems
}
