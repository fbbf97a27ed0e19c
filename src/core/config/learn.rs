//! `[learn]`: capturing a team's corrections (see `core::learn`) and reviewing them.

use serde::Deserialize;

use crate::core::learn::DEFAULT_NOTE_CUES;

/// Longest note cue, in characters.
pub const MAX_NOTE_CUE: usize = 40;

/// Learning settings.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LearnConfig {
    /// Capture corrections and notes at hook time (the prompt event and Stop) into the
    /// private review inbox.
    pub capture: bool,
    /// What opens an explicit note (`remember:`), matched at the start of a line in any case.
    pub note_cues: Vec<String>,
    /// The branch prefix `lore inbox accept --branch` commits on.
    pub branch_prefix: String,
}

impl Default for LearnConfig {
    fn default() -> Self {
        Self {
            capture: true,
            note_cues: DEFAULT_NOTE_CUES.iter().map(|c| c.to_string()).collect(),
            branch_prefix: "lore/learn/".to_string(),
        }
    }
}

/// Why the `[learn]` values cannot be used, as (key, message).
pub fn check(learn: &LearnConfig) -> Result<(), (&'static str, String)> {
    for cue in &learn.note_cues {
        let len = cue.trim().chars().count();
        if len == 0 || len > MAX_NOTE_CUE || cue.contains('\n') {
            return Err((
                "note_cues",
                format!(
                    "`learn.note_cues` holds {cue:?}; each cue is one line of 1 to {MAX_NOTE_CUE} characters, e.g. \"remember:\""
                ),
            ));
        }
    }
    if learn.branch_prefix.trim().is_empty() || learn.branch_prefix.contains(char::is_whitespace) {
        return Err((
            "branch_prefix",
            format!(
                "`learn.branch_prefix` is {:?}; give a branch name prefix without spaces, e.g. \"lore/learn/\"",
                learn.branch_prefix
            ),
        ));
    }
    Ok(())
}
