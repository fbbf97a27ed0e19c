//! A family's rows compiled for matching: every pattern indexed by its key, so each token of
//! a line looks up only the patterns that could start around it.

use fnv::FnvHashMap;

use super::generic;
use super::lexer::{Kind, Token};
use super::pattern::{Key, Pattern, is_code};
use super::{Concept, Family, Syntax};

/// Number of [`Kind`]s, for the per-kind index.
const KINDS: usize = 9;

fn kind_slot(kind: Kind) -> usize {
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

/// One family's rows (and the generic ones), ready to match lines.
#[derive(Debug)]
pub(super) struct Matcher {
    pub syntax: &'static Syntax,
    /// Each compiled pattern with the row it recognises.
    patterns: Vec<(&'static Concept, Pattern)>,
    /// Patterns by literal key (lower-cased in case-folding families).
    by_literal: FnvHashMap<String, Vec<usize>>,
    /// Patterns by kind key.
    by_kind: [Vec<usize>; KINDS],
}

impl Matcher {
    /// Compile `family`'s rows, then the generic rows (once, for the generic family itself).
    /// A pattern that does not compile is left out; the table's tests make sure none is.
    pub fn build(family: &'static Family) -> Matcher {
        let generic: &'static [Concept] = if std::ptr::eq(family, &generic::FAMILY) {
            &[]
        } else {
            generic::FAMILY.concepts
        };
        let fold = family.syntax.fold_case;
        let mut matcher = Matcher {
            syntax: &family.syntax,
            patterns: Vec::new(),
            by_literal: FnvHashMap::default(),
            by_kind: Default::default(),
        };
        for concept in family.concepts.iter().chain(generic) {
            for text in concept.patterns {
                let Ok(pattern) = Pattern::compile(text) else {
                    continue;
                };
                let index = matcher.patterns.len();
                match pattern.key {
                    Key::Literal(literal) => {
                        let key = if fold {
                            literal.to_ascii_lowercase()
                        } else {
                            literal.to_owned()
                        };
                        matcher.by_literal.entry(key).or_default().push(index);
                    }
                    Key::Kind(kind) => {
                        if let Some(slot) = matcher.by_kind.get_mut(kind_slot(kind)) {
                            slot.push(index);
                        }
                    }
                }
                matcher.patterns.push((concept, pattern));
            }
        }
        matcher
    }

    /// Add the rows found on one lexed line to `found`, each once (rows already in `found`
    /// are not looked for again), in the order their keys appear on the line.
    pub fn line_concepts(&self, tokens: &[Token<'_>], found: &mut Vec<&'static Concept>) {
        let fold = self.syntax.fold_case;
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
                self.by_literal.get(key).map_or(&[][..], Vec::as_slice)
            } else {
                &[]
            };
            let by_kind = |kind: Kind| {
                self.by_kind
                    .get(kind_slot(kind))
                    .map_or(&[][..], Vec::as_slice)
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
                let Some((concept, pattern)) = self.patterns.get(index) else {
                    continue;
                };
                if found.iter().any(|c| std::ptr::eq(*c, *concept)) {
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
