//! How a capture relates to a pattern already written, read from the pattern's text: it
//! covers the capture (says the same), contradicts it (recommends what the user refused, or
//! refuses what the user asked for), or only touches it (names a referent). The inbox uses
//! this to turn a correction an existing pattern already covers into feedback on that
//! pattern (sharpen it, or widen its retrieval) instead of a duplicate, and a contradicted
//! one into a stale-pattern report.

use serde::{Deserialize, Serialize};

use super::{Capture, CaptureKind, word_stems};

/// A capture's relation to one pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// The pattern already says what the capture says.
    Covers,
    /// The pattern recommends what the capture refuses (or the reverse).
    Contradicts,
    /// The pattern names something the capture names.
    Related,
}

/// Words that turn a sentence against what it names.
const NEGATIONS: &[&str] = &[
    "not ",
    "never ",
    "don't ",
    "do not ",
    "avoid",
    "instead of ",
    "rather than ",
    "no ",
    "without ",
    "forbid",
    "banned",
    "deprecated",
    "n't ",
];

/// Share of a note's word stems a pattern must hold to cover it.
const NOTE_COVERAGE: f64 = 0.6;

/// How `capture` relates to a pattern whose whole text is `text`, or None when the pattern
/// names nothing it names.
pub fn relation(capture: &Capture, text: &str) -> Option<Relation> {
    let lower = text.to_lowercase();
    // Headings name a topic without a stance; the sentences say what to do.
    let sentences: Vec<&str> = lower
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(|l| l.split(['.', '!', '?', ';']))
        .filter(|s| !s.trim().is_empty())
        .collect();
    let stance = |key: &str| -> Stance {
        let mut stance = Stance::Absent;
        for s in sentences.iter().filter(|s| mentions(s, key)) {
            stance = stance.and(if against(s, key) {
                Stance::Against
            } else {
                Stance::For
            });
        }
        stance
    };
    match capture.kind {
        CaptureKind::Note | CaptureKind::Correction => {
            let mine = word_stems(&capture.rule);
            if mine.is_empty() {
                return None;
            }
            let theirs = word_stems(text);
            let held = mine
                .iter()
                .filter(|s| theirs.binary_search(s).is_ok())
                .count();
            let share = held as f64 / mine.len() as f64;
            if share >= NOTE_COVERAGE {
                Some(Relation::Covers)
            } else {
                (held > 0 && capture.prefer.iter().any(|n| lower.contains(&n.key())))
                    .then_some(Relation::Related)
            }
        }
        _ => {
            let prefer: Vec<Stance> = capture.prefer.iter().map(|n| stance(&n.key())).collect();
            let avoid: Vec<Stance> = capture.avoid.iter().map(|n| stance(&n.key())).collect();
            if prefer.iter().chain(&avoid).all(|s| *s == Stance::Absent) {
                return None;
            }
            // Recommending what the user refused, or refusing what they asked for.
            let contradicts = avoid.contains(&Stance::For) && !prefer.contains(&Stance::For)
                || prefer.contains(&Stance::Against) && !avoid.contains(&Stance::Against);
            if contradicts {
                return Some(Relation::Contradicts);
            }
            let prefer_held = prefer.iter().all(|s| *s != Stance::Absent);
            let avoid_held = avoid
                .iter()
                .all(|s| matches!(s, Stance::Against | Stance::Mixed));
            if prefer_held && avoid_held {
                Some(Relation::Covers)
            } else {
                Some(Relation::Related)
            }
        }
    }
}

/// What a pattern's sentences say about one referent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stance {
    Absent,
    For,
    Against,
    /// Both, in different sentences (`use X ... never X in tests`).
    Mixed,
}

impl Stance {
    fn and(self, other: Stance) -> Stance {
        match (self, other) {
            (Stance::Absent, s) => s,
            (s, t) if s == t => s,
            _ => Stance::Mixed,
        }
    }
}

/// Whether `sentence` names `key` as a whole word (or code span).
fn mentions(sentence: &str, key: &str) -> bool {
    let mut from = 0;
    while let Some(i) = sentence[from..].find(key) {
        let at = from + i;
        let end = at + key.len();
        let before = sentence[..at].chars().next_back();
        let after = sentence[end..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '_');
        if edge(before) && edge(after) {
            return true;
        }
        from = at + key.len().max(1);
    }
    false
}

/// Whether `sentence` speaks against `key`: a negation before it, or `key` on the losing side
/// of `X over Y` / `X instead of Y` / `X, not Y`.
fn against(sentence: &str, key: &str) -> bool {
    let Some(at) = sentence.find(key) else {
        return false;
    };
    let before = &sentence[..at];
    let after = &sentence[at + key.len()..];
    let negated_before = NEGATIONS.iter().any(|n| {
        before
            .rfind(n)
            .is_some_and(|i| before[i..].split_whitespace().count() <= 6)
    });
    let loses = [" over ", " instead of ", ", not ", " rather than "]
        .iter()
        .any(|m| before.contains(m));
    let wins = [" over ", " instead of ", ", not ", " rather than "]
        .iter()
        .any(|m| {
            after
                .trim_start_matches(['`', '\'', '"'])
                .starts_with(m.trim_start())
                || after.starts_with(m)
        });
    (negated_before || loses) && !wins
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::learn::{NoteCues, Said, captures};

    fn capture(text: &str) -> Capture {
        captures(text, &NoteCues::default(), Said::Prompt)
            .pop()
            .unwrap_or_else(|| panic!("no capture in {text:?}"))
    }

    #[test]
    fn a_pattern_covers_contradicts_or_touches_a_capture() {
        let c = capture("use structlog, not logging");
        let cases = [
            (
                "# Logging\n\nUse `structlog` for every log line; never the stdlib `logging`.",
                Some(Relation::Covers),
            ),
            (
                "# Logging\n\nPrefer structlog over logging.",
                Some(Relation::Covers),
            ),
            (
                "# Logging\n\nUse the standard `logging` module with a JSON formatter.",
                Some(Relation::Contradicts),
            ),
            (
                "# Logging\n\nWe configure structlog processors in app/log.py.",
                Some(Relation::Related),
            ),
            ("# Errors\n\nWrap errors with context.", None),
        ];
        for (text, expected) in cases {
            assert_eq!(relation(&c, text), expected, "{text}");
        }
    }

    #[test]
    fn a_note_is_covered_by_a_pattern_holding_most_of_its_words() {
        let note = capture("remember: run database migrations with alembic, never by hand");
        assert_eq!(
            relation(
                &note,
                "# Migrations\n\nDatabase migrations run through alembic; never edit the schema by hand."
            ),
            Some(Relation::Covers)
        );
        assert_eq!(relation(&note, "# Naming\n\nUse snake_case."), None);
    }
}
