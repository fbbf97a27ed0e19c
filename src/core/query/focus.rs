//! Focusing a query's terms for the index it runs against: one term per stem (FTS5 holds
//! `errors` and `error` as one), and no term that most patterns contain. SQLite's BM25 gives
//! a term in more than half the documents no weight at all, yet FTS5 still walks its whole
//! list to find that out, which is most of what a hook's search costs in a large knowledge
//! base; beyond that, the most common of many common terms are dropped too, keeping the
//! search bounded whatever the tool call holds.

use super::tokenize::term_stem;

/// A term in more than this share of patterns carries no BM25 weight (IDF ≤ 0).
const WEIGHTLESS_SHARE: f64 = 0.5;
/// A term in more than this share of patterns is common...
const COMMON_SHARE: f64 = 0.1;
/// ... and a query keeps at most this many common terms, the rarest first.
const MAX_COMMON_TERMS: usize = 6;
/// Knowledge bases up to this size are searched with every term: cheap, and each file was
/// written for this project.
const FOCUS_FROM_PATTERNS: u64 = 200;

/// Why a term is not searched.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Dropped {
    /// Another term of the query has the same stem.
    SameStem { term: String, as_term: String },
    /// In more than half the patterns: no weight in BM25.
    Everywhere { term: String, patterns: u64 },
    /// One common term too many; rarer ones were kept.
    Common { term: String, patterns: u64 },
}

/// The terms to search and the ones left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct FocusedTerms {
    pub kept: Vec<String>,
    pub dropped: Vec<Dropped>,
}

/// Focus `terms` (in order of importance) for an index of `pattern_count` patterns, where
/// `patterns_with(stem)` tells how many patterns hold a stem (None: few enough not to count).
/// The `topic` terms (what the call writes, see `Query::topic_terms`) are few and name what
/// the call is about however common they are: they are never left out as one common term too
/// many, nor do they use up the common terms the others may keep.
pub fn focus_terms(
    terms: &[String],
    topic: &[String],
    pattern_count: u64,
    patterns_with: impl Fn(&str) -> Option<u64>,
) -> FocusedTerms {
    let mut focused = FocusedTerms::default();
    let mut stems: Vec<(String, String)> = Vec::new();
    for term in terms {
        let stem = term_stem(term);
        if let Some((first, _)) = stems.iter().find(|(_, s)| *s == stem) {
            focused.dropped.push(Dropped::SameStem {
                term: term.clone(),
                as_term: first.clone(),
            });
            continue;
        }
        stems.push((term.clone(), stem));
    }
    if pattern_count <= FOCUS_FROM_PATTERNS {
        focused.kept = stems.into_iter().map(|(term, _)| term).collect();
        return focused;
    }
    let share = |n: u64| n as f64 / pattern_count as f64;
    let counted: Vec<(String, u64)> = stems
        .into_iter()
        .map(|(term, stem)| {
            let n = patterns_with(&stem).unwrap_or(0);
            (term, n)
        })
        .collect();
    // The common terms allowed: the rarest ones, up to the cap.
    let mut common: Vec<(&String, u64)> = counted
        .iter()
        .filter(|(t, n)| {
            share(*n) > COMMON_SHARE && share(*n) <= WEIGHTLESS_SHARE && !topic.contains(t)
        })
        .map(|(t, n)| (t, *n))
        .collect();
    common.sort_by_key(|(_, n)| *n);
    let allowed: Vec<&String> = common
        .iter()
        .take(MAX_COMMON_TERMS)
        .map(|(t, _)| *t)
        .collect();
    for (term, n) in &counted {
        if share(*n) > WEIGHTLESS_SHARE {
            focused.dropped.push(Dropped::Everywhere {
                term: term.clone(),
                patterns: *n,
            });
        } else if share(*n) > COMMON_SHARE && !allowed.contains(&term) && !topic.contains(term) {
            focused.dropped.push(Dropped::Common {
                term: term.clone(),
                patterns: *n,
            });
        } else {
            focused.kept.push(term.clone());
        }
    }
    focused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn one_term_per_stem_in_any_knowledge_base() {
        let focused = focus_terms(
            &terms(&["errors", "handle", "error", "handling"]),
            &[],
            10,
            |_| None,
        );
        assert_eq!(focused.kept, ["errors", "handle"]);
        assert_eq!(
            focused.dropped[0],
            Dropped::SameStem {
                term: "error".into(),
                as_term: "errors".into()
            }
        );
    }

    #[test]
    fn weightless_and_surplus_common_terms_are_dropped_in_large_ones() {
        let counts = |stem: &str| match stem {
            "us" => Some(900),
            "rust" => Some(20),
            s if s.starts_with('c') => Some(100 + s.len() as u64),
            _ => None,
        };
        let words = terms(&[
            "use",
            "rust",
            "c1",
            "c22",
            "c333",
            "c4444",
            "c55555",
            "c666666",
            "c7777777",
            "thiserror",
        ]);
        let focused = focus_terms(&words, &[], 1_000, counts);
        assert_eq!(
            focused.kept,
            [
                "rust",
                "c1",
                "c22",
                "c333",
                "c4444",
                "c55555",
                "c666666",
                "thiserror"
            ]
        );
        assert_eq!(
            focused.dropped,
            [
                Dropped::Everywhere {
                    term: "use".into(),
                    patterns: 900
                },
                Dropped::Common {
                    term: "c7777777".into(),
                    patterns: 108
                },
            ]
        );
        // A small knowledge base searches every term.
        assert_eq!(focus_terms(&words, &[], 100, counts).kept, words);
    }

    #[test]
    fn topic_terms_are_searched_however_common_and_leave_the_others_their_room() {
        // Seven common words and a topic word that is commoner than all of them.
        let counts = |stem: &str| match stem {
            "messag" => Some(300),
            s if s.starts_with('c') => Some(100 + s.len() as u64),
            _ => None,
        };
        let words = terms(&[
            "c1", "c22", "c333", "c4444", "c55555", "c666666", "c7777777", "message", "sqlx",
        ]);
        let without = focus_terms(&words, &[], 1_000, counts);
        assert!(!without.kept.contains(&"message".to_string()));
        let with = focus_terms(&words, &terms(&["message"]), 1_000, counts);
        assert_eq!(
            with.kept,
            [
                "c1", "c22", "c333", "c4444", "c55555", "c666666", "message", "sqlx"
            ]
        );
        // A topic word in most patterns still weighs nothing and is not searched.
        let everywhere = |stem: &str| (stem == "messag").then_some(900);
        let focused = focus_terms(
            &terms(&["message"]),
            &terms(&["message"]),
            1_000,
            everywhere,
        );
        assert!(focused.kept.is_empty());
    }
}
