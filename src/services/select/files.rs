//! A call that edits several files (a Codex patch) is selected for file by file; this joins
//! those selections into the call's one.

use super::{Candidate, Selection};
use crate::core::select::bar::{Grounds, Shortfall, Verdict};

impl Selection {
    /// The selections of a call's files, joined: every pattern a file keeps, the files' best
    /// in turn (each file's first, then each file's second, ...) up to `max_patterns` (a
    /// universal pattern is not counted, as in one selection), so a patch's every file gets
    /// its strongest rule before any gets a second; past the limit, dropped as over it. A
    /// pattern no file keeps is dropped as the first file that judged it did. None for no
    /// selection.
    pub fn of_files(selections: Vec<Selection>, max_patterns: usize) -> Option<Selection> {
        let mut selections = selections.into_iter();
        let first = selections.next()?;
        let (expression, mode) = (first.expression.clone(), first.mode);
        let all: Vec<Selection> = std::iter::once(first).chain(selections).collect();
        let mut notes: Vec<String> = Vec::new();
        for note in all.iter().flat_map(|s| &s.notes) {
            if !notes.contains(note) {
                notes.push(note.clone());
            }
        }
        let universal = |c: &Candidate| c.verdict == Verdict::Kept(Grounds::Universal);
        let mut joined: Vec<Candidate> = Vec::new();
        let has = |list: &[Candidate], c: &Candidate| list.iter().any(|k| k.source == c.source);
        for candidate in all.iter().flat_map(|s| s.kept()).filter(|c| universal(c)) {
            if !has(&joined, candidate) {
                joined.push(candidate.clone());
            }
        }
        let ranked: Vec<Vec<&Candidate>> = all
            .iter()
            .map(|s| s.kept().filter(|c| !universal(c)).collect())
            .collect();
        let deepest = ranked.iter().map(Vec::len).max().unwrap_or(0);
        let mut counted = 0;
        let mut over: Vec<Candidate> = Vec::new();
        for rank in 0..deepest {
            for candidate in ranked.iter().filter_map(|kept| kept.get(rank)) {
                if has(&joined, candidate) || has(&over, candidate) {
                    continue;
                }
                if counted < max_patterns {
                    counted += 1;
                    joined.push((*candidate).clone());
                } else {
                    let mut dropped = (*candidate).clone();
                    dropped.verdict = Verdict::Dropped(Shortfall::OverLimit { max: max_patterns });
                    over.push(dropped);
                }
            }
        }
        joined.extend(over);
        for candidate in all.iter().flat_map(|s| &s.candidates) {
            if !has(&joined, candidate) {
                joined.push(candidate.clone());
            }
        }
        Some(Selection {
            expression,
            mode,
            notes,
            candidates: joined,
        })
    }
}
