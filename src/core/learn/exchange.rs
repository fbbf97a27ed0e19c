//! A session as the learning rules read it, in harness-neutral terms (adapters translate
//! their transcripts into [`Entry`] values): who said what, which tool calls the agent made
//! and which the user refused. From it come the corrections a session holds, each with the
//! agent action it corrected, and the context of one prompt: did the agent just ask a
//! question (then a bare "no" answers it), and which call came last.

use serde::{Deserialize, Serialize};

use super::{Capture, NoteCues, Said, captures};

/// Most changed lines kept from a corrected call.
pub const MAX_LINES: usize = 5;
/// Longest changed line kept, in characters.
const MAX_LINE_CHARS: usize = 160;

/// One step of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A message in the user's place: `typed` is false for what the harness wrote there
    /// itself (task notifications, slash-command expansions, a subagent's prompt, tool
    /// output, compaction summaries).
    User { text: String, typed: bool },
    /// The agent's prose.
    Agent { text: String },
    /// A tool call the agent made.
    Call(Call),
    /// A call the user refused, with the reason they typed, if any.
    Refused { id: String, reason: Option<String> },
}

/// A tool call as the session recorded it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Call {
    pub id: String,
    pub tool: String,
    /// The files it touches, as the call names them.
    pub paths: Vec<String>,
    pub command: Option<String>,
    /// What it writes (an edit's new text, a file's content).
    pub new_text: String,
    /// What an edit replaces.
    pub old_text: String,
}

/// The corrected agent action as the inbox keeps it: the tool, the files, a few lines.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    pub tool: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
}

/// What came before a prompt.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PromptContext {
    /// The agent's last words before it ended in a question.
    pub asked: bool,
    /// The calls the agent made since the user's previous message, the last first.
    pub calls: Vec<Call>,
}

impl PromptContext {
    /// The call a correction is about: the last of the stretch whose changed lines name what
    /// it names (the patch that added `errors.Wrap` for "never errors.Wrap", not the test
    /// run after it), else the last call.
    pub fn corrected_call(&self, capture: &Capture) -> Option<&Call> {
        let names = capture_names(capture);
        self.calls
            .iter()
            .find(|call| {
                changed_lines(call)
                    .iter()
                    .any(|l| names_any(&l.to_lowercase(), &names))
            })
            .or(self.calls.first())
    }
}

/// A correction found in a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub capture: Capture,
    pub said: Said,
    pub action: Option<Action>,
    /// The refused call's id, for a rejection (so a session read twice gives it once).
    pub call_id: Option<String>,
    /// The entry it was found in.
    pub at: usize,
}

/// Every correction in a session, in order: notes and corrections the user typed (a bare
/// "no" that answers the agent's question dropped), and the reasons given for refused
/// calls.
pub fn corrections(entries: &[Entry], cues: &NoteCues) -> Vec<Found> {
    let mut out = Vec::new();
    for (at, entry) in entries.iter().enumerate() {
        match entry {
            Entry::User { text, typed: true } => {
                let context = context_before(entries, at);
                for capture in captures(text, cues, Said::Prompt) {
                    if capture.only_no && context.asked {
                        continue;
                    }
                    let action = context
                        .corrected_call(&capture)
                        .map(|c| action_of(c, &capture));
                    out.push(Found {
                        capture,
                        said: Said::Prompt,
                        action,
                        call_id: None,
                        at,
                    });
                }
            }
            Entry::Refused {
                id,
                reason: Some(reason),
            } => {
                let call = entries[..at].iter().rev().find_map(|e| match e {
                    Entry::Call(c) if &c.id == id => Some(c),
                    _ => None,
                });
                for capture in captures(reason, cues, Said::Rejection) {
                    let action = call.map(|c| action_of(c, &capture));
                    out.push(Found {
                        capture,
                        said: Said::Rejection,
                        action,
                        call_id: Some(id.clone()),
                        at,
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// The context of the entry at `at`: whether the agent's last prose before it (since the
/// user's previous typed message) ended in a question, and the last call in that stretch.
pub fn context_before(entries: &[Entry], at: usize) -> PromptContext {
    let mut context = PromptContext::default();
    let mut seen_agent = false;
    for entry in entries[..at.min(entries.len())].iter().rev() {
        match entry {
            Entry::User { typed: true, .. } => break,
            Entry::Agent { text } if !seen_agent => {
                seen_agent = true;
                context.asked = ends_with_question(text);
            }
            Entry::Call(call) => context.calls.push(call.clone()),
            _ => {}
        }
    }
    context
}

/// The index of the last typed user message whose text is `text` (compared trimmed).
pub fn find_prompt(entries: &[Entry], text: &str) -> Option<usize> {
    let wanted = text.trim();
    entries.iter().rposition(|e| match e {
        Entry::User { text, typed: true } => text.trim() == wanted,
        _ => false,
    })
}

/// Whether prose ends in a question (its last non-empty line, markdown emphasis ignored).
fn ends_with_question(text: &str) -> bool {
    text.lines()
        .rev()
        .map(|l| l.trim().trim_end_matches(['*', '_', ')', '"']).trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.ends_with('?'))
}

/// The corrected call as the inbox keeps it: its tool, files and command, and the changed
/// lines that name what the capture is about (else the first changed lines).
/// Shortest word of a named thing that picks an example line alone (`autowired`, not `use`).
const MIN_EXAMPLE_WORD: usize = 5;

/// A line that only brings a name in (`import`, `use`, `from ... import`, `package`,
/// `#include`, `require`).
fn is_import(line: &str) -> bool {
    let line = line.trim_start();
    [
        "import ", "use ", "from ", "package ", "#include", "require ", "require(",
    ]
    .iter()
    .any(|start| line.starts_with(start))
}

/// The lines a call writes that were not there before.
fn changed_lines(call: &Call) -> Vec<&str> {
    let old: Vec<&str> = call.old_text.lines().map(str::trim).collect();
    call.new_text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty() && !old.contains(&l.trim()))
        .collect()
}

/// What a capture names (the preferred and the avoided), as keys to find in code.
fn capture_names(capture: &Capture) -> Vec<String> {
    capture
        .prefer
        .iter()
        .chain(&capture.avoid)
        .map(|n| n.key())
        .filter(|k| !k.is_empty())
        .collect()
}

/// Whether a lower-cased line holds one of `names` whole.
fn names_any(lower: &str, names: &[String]) -> bool {
    names.iter().any(|n| lower.contains(n.as_str()))
}

pub fn action_of(call: &Call, capture: &Capture) -> Action {
    let changed = changed_lines(call);
    let names = capture_names(capture);
    let naming = |matches: &dyn Fn(&str) -> bool| -> Vec<&str> {
        changed
            .iter()
            .copied()
            .filter(|l| matches(&l.to_lowercase()))
            .collect()
    };
    // The lines naming what the user named, whole (`import logging` for "not logging");
    // else naming a word of it (`@Autowired` for "autowired fields": code rarely spells a
    // phrase), where an import of the word only says it is used somewhere below.
    let whole = naming(&|lower| names_any(lower, &names));
    let chosen = if whole.is_empty() {
        let words: Vec<&str> = names
            .iter()
            .flat_map(|n| n.split_whitespace())
            .filter(|w| w.chars().count() >= MIN_EXAMPLE_WORD)
            .collect();
        let mut partial = naming(&|lower| words.iter().any(|w| lower.contains(w)));
        if partial.iter().any(|l| !is_import(l)) {
            partial.retain(|l| !is_import(l));
        }
        partial
    } else {
        whole
    };
    let chosen = if chosen.is_empty() { &changed } else { &chosen };
    Action {
        tool: call.tool.clone(),
        paths: call.paths.clone(),
        command: call
            .command
            .as_ref()
            .map(|c| c.chars().take(MAX_LINE_CHARS).collect()),
        lines: chosen
            .iter()
            .take(MAX_LINES)
            .map(|l| l.chars().take(MAX_LINE_CHARS).collect())
            .collect(),
    }
}
