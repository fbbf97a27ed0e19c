//! A family's rows compiled for matching: every pattern indexed by its key, so each token of
//! a line looks up only the patterns that could start around it.

use super::super::sorted_map::SortedMap;
use super::generic;
use super::lexer::{Kind, Token};
use super::pattern::{Pattern, is_code};
use super::{Concept, Family, Syntax};

/// Number of [`Kind`]s, for the per-kind index.
pub(super) const KINDS: usize = 9;

/// A kind's position in [`Matcher::by_kind`].
pub(super) fn kind_slot(kind: Kind) -> usize {
    match kind {
        Kind::Ident => 0,
        Kind::Number => 1,
        Kind::Punct => 2,
        Kind::Str => 3,
        Kind::FStr => 4,
        Kind::Comment => 5,
        Kind::Var => 6,
        Kind::Flag => 7,
        Kind::Lifetime => 8,
    }
}

/// One family's rows (and the generic ones), ready to match lines. The matchers are compiled
/// in (`matchers_generated.rs`, written by `matcher_generator.rs` from the rows).
#[derive(Debug)]
pub(super) struct Matcher {
    pub family: &'static Family,
    /// Each compiled pattern with the row it recognises.
    pub patterns: &'static [(Row, Pattern)],
    /// Positions in `patterns` by literal key (lower-cased in case-folding families).
    pub by_literal: SortedMap<&'static str, &'static [usize]>,
    /// Positions in `patterns` by kind key, in [`kind_slot`] order.
    pub by_kind: [&'static [usize]; KINDS],
}

/// A row by its position in its table. Rows are told apart by address, so a matcher finds
/// them through their family's static at run time: a reference to a row written into the
/// generated file may point at a copy of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Row {
    /// A row of the matcher's own family.
    Own(usize),
    /// A row of the generic family.
    Generic(usize),
}

impl Matcher {
    /// How the family's code is lexed.
    pub fn syntax(&self) -> &'static Syntax {
        &self.family.syntax
    }

    /// The row a pattern recognises.
    pub fn concept(&self, row: Row) -> Option<&'static Concept> {
        match row {
            Row::Own(i) => self.family.concepts.get(i),
            Row::Generic(i) => generic::FAMILY.concepts.get(i),
        }
    }

    /// Add the rows found on one lexed line to `found`, each once (rows already in `found`
    /// are not looked for again), in the order their keys appear on the line.
    pub fn line_concepts(&self, tokens: &[Token<'_>], found: &mut Vec<&'static Concept>) {
        let fold = self.family.syntax.fold_case;
        let mut folded = String::new();
        for (pos, token) in tokens.iter().enumerate() {
            let by_literal = if is_code(token.kind) {
                let key = if fold {
                    folded.clear();
                    folded.extend(token.text.chars().map(|c| c.to_ascii_lowercase()));
                    folded.as_str()
                } else {
                    token.text
                };
                self.by_literal.get(key).unwrap_or_default()
            } else {
                &[]
            };
            let by_kind = |kind: Kind| {
                self.by_kind
                    .get(kind_slot(kind))
                    .copied()
                    .unwrap_or_default()
            };
            // `$str` patterns accept interpolated strings too.
            let as_plain_string = if token.kind == Kind::FStr {
                by_kind(Kind::Str)
            } else {
                &[]
            };
            let candidates = by_literal
                .iter()
                .chain(by_kind(token.kind))
                .chain(as_plain_string);
            for &index in candidates {
                let Some((row, pattern)) = self.patterns.get(index) else {
                    continue;
                };
                let Some(concept) = self.concept(*row) else {
                    continue;
                };
                if found.iter().any(|c| std::ptr::eq(*c, concept)) {
                    continue;
                }
                let Some(start) = pos.checked_sub(pattern.key_offset) else {
                    continue;
                };
                if pattern.matches_at(tokens, start, fold) {
                    found.push(concept);
                }
            }
        }
    }
}
