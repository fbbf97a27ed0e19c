//! The evidence bar: whether one candidate's own evidence is enough to inject it.
//!
//! Some evidence is enough alone, because the team or the project said so: a universal
//! pattern whose `applies_when` names the call, a `paths` glob naming a part of the project,
//! the agent instructions of the project the call is in. Everything else has to earn its place
//! by words: a word score that clears an absolute bar (the same in any index: the scores are
//! computed with smoothed document frequencies, see `bm25`), and that is not far below the best
//! candidate of the call, so a weak leftover never rides along with a strong match.

use super::evidence::{Evidence, NameMatch, vector_only_allowed};
use super::globs::GlobKind;
use crate::core::sources::Harness;

/// Why a candidate is injected.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "grounds", rename_all = "snake_case")]
pub enum Grounds {
    /// A universal pattern whose `applies_when` names this call.
    Universal,
    /// A `paths` glob naming a part of the project matched the touched file.
    Glob { glob: String },
    /// The agent instructions of the project the call is in.
    Project,
    /// The pattern's file name is the call's language (`go.md` for a Go edit): the general
    /// convention file of that language.
    Language,
    /// The pattern's file name is what the call is about, and a distinctive word of the call
    /// backs it (`errors.md` for an edit adding a `thiserror` error).
    Subject,
    /// The call's words, strongly enough.
    Words { score: f64 },
    /// Vector similarity fused with the words (hybrid search).
    Fused { fused: f64 },
}

/// Why a candidate is not injected.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "shortfall", rename_all = "snake_case")]
pub enum Shortfall {
    /// The pattern belongs to another project's folder.
    OtherProject,
    /// The pattern is about a language the call is not in.
    Language,
    /// The words match, but not strongly enough in any index.
    WeakWords { score: f64, bar: f64 },
    /// No distinctive word of the call itself matched: only common words, language names or
    /// the user's message.
    NoCallEvidence,
    /// Far below the best candidate of the call.
    FarBelowBest { score: f64, best: f64 },
    /// Hybrid: the fused score is under `search.min_relevance`, or vectors alone are not
    /// enough in an index this large.
    Relevance { fused: f64, min: f64 },
    /// More candidates cleared the bar than `hook.max_patterns` allows.
    OverLimit { max: usize },
    /// Another agent's rule its author left to be asked for by name (`manual`): searchable,
    /// never injected by a hook (see `core::sources`).
    Manual,
    /// Another agent's rule that excludes coding agents (Copilot `excludeAgent:
    /// coding-agent`).
    ExcludedAgent,
    /// The harness running the session already put this file into the model's context.
    LoadedByHarness { harness: Harness },
}

/// The verdict on one candidate.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    Kept(Grounds),
    Dropped(Shortfall),
}

impl Verdict {
    pub fn is_kept(&self) -> bool {
        matches!(self, Verdict::Kept(_))
    }
}

/// The word score a pattern needs, in any index.
pub const WORD_BAR: f64 = 6.0;
/// A candidate found by words alone must score at least this share of the call's best.
pub const SHARE_OF_BEST: f64 = 0.5;

/// What every candidate of one call is judged against.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CallStandard {
    /// The best word score of the call, among every candidate (shown before or not).
    pub best_score: f64,
    /// How many patterns the index holds (vector-only evidence depends on it).
    pub pattern_count: u64,
    /// Hybrid search: the fused score a candidate needs.
    pub min_relevance: Option<f64>,
}

impl CallStandard {
    /// The standard for candidates with these word scores.
    pub fn for_scores(
        scores: impl IntoIterator<Item = f64>,
        pattern_count: u64,
        min_relevance: Option<f64>,
    ) -> Self {
        Self {
            best_score: scores.into_iter().fold(0.0, f64::max),
            pattern_count,
            min_relevance,
        }
    }
}

/// Judge one candidate by its own evidence and the call's standard.
pub fn judge(evidence: &Evidence, standard: &CallStandard) -> Verdict {
    if evidence.universal {
        return Verdict::Kept(Grounds::Universal);
    }
    if let Some(glob) = &evidence.glob
        && glob.kind == GlobKind::Specific
    {
        return Verdict::Kept(Grounds::Glob {
            glob: glob.glob.clone(),
        });
    }
    if evidence.project_depth.is_some() {
        return Verdict::Kept(Grounds::Project);
    }
    let score = evidence.word_score();
    if let (Some(vector), Some(min)) = (&evidence.vector, standard.min_relevance) {
        let grounded = score >= WORD_BAR
            || (score == 0.0 && vector_only_allowed(standard.pattern_count, vector.z));
        return if grounded && vector.fused + 1e-9 >= min {
            Verdict::Kept(Grounds::Fused {
                fused: vector.fused,
            })
        } else {
            Verdict::Dropped(Shortfall::Relevance {
                fused: vector.fused,
                min,
            })
        };
    }
    let words = &evidence.words;
    match words.name_match {
        Some(NameMatch::Language) => return Verdict::Kept(Grounds::Language),
        Some(NameMatch::Call) if words.has_call_evidence() => {
            return Verdict::Kept(Grounds::Subject);
        }
        _ => {}
    }
    if score < WORD_BAR {
        return Verdict::Dropped(Shortfall::WeakWords {
            score,
            bar: WORD_BAR,
        });
    }
    if !words.has_call_evidence() {
        return Verdict::Dropped(Shortfall::NoCallEvidence);
    }
    if score < SHARE_OF_BEST * standard.best_score {
        return Verdict::Dropped(Shortfall::FarBelowBest {
            score,
            best: standard.best_score,
        });
    }
    Verdict::Kept(Grounds::Words { score })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::select::evidence::{GlobMatch, MatchedTerm, WordEvidence};

    fn term(term: &str, weight: f64) -> MatchedTerm {
        MatchedTerm {
            term: term.into(),
            weight,
            subject: false,
            from_message: false,
            language: false,
        }
    }

    fn by_words(content: f64) -> Evidence {
        Evidence {
            words: WordEvidence {
                content_bm25: Some(-content),
                name_coverage: Some(1.0),
                matched: vec![term("thiserror", 4.0)],
                ..WordEvidence::default()
            },
            ..Evidence::default()
        }
    }

    fn standard(best: f64) -> CallStandard {
        CallStandard::for_scores([best], 600, None)
    }

    #[test]
    fn what_the_team_or_project_asked_for_needs_no_words() {
        let glob = Evidence {
            glob: Some(GlobMatch {
                glob: "src/storage/**".into(),
                kind: GlobKind::Specific,
            }),
            ..Evidence::default()
        };
        assert!(judge(&glob, &standard(20.0)).is_kept());
        let project = Evidence {
            project_depth: Some(0),
            ..Evidence::default()
        };
        assert_eq!(
            judge(&project, &standard(20.0)),
            Verdict::Kept(Grounds::Project)
        );
        // A broad glob only restates the language: it needs words like any other.
        let broad = Evidence {
            glob: Some(GlobMatch {
                glob: "**/*.rs".into(),
                kind: GlobKind::Broad,
            }),
            ..Evidence::default()
        };
        assert!(!judge(&broad, &standard(20.0)).is_kept());
    }

    #[test]
    fn a_name_is_enough_when_it_is_the_language_or_a_distinctive_word_backs_it() {
        let named = |name_match, matched: Vec<MatchedTerm>| Evidence {
            words: WordEvidence {
                name_match: Some(name_match),
                matched,
                ..WordEvidence::default()
            },
            ..Evidence::default()
        };
        let weak = standard(0.0);
        assert_eq!(
            judge(&named(NameMatch::Language, vec![]), &weak),
            Verdict::Kept(Grounds::Language)
        );
        assert_eq!(
            judge(&named(NameMatch::Call, vec![term("thiserror", 4.0)]), &weak),
            Verdict::Kept(Grounds::Subject)
        );
        assert!(!judge(&named(NameMatch::Call, vec![term("user", 0.5)]), &weak).is_kept());
        let mut from_message = term("thiserror", 4.0);
        from_message.from_message = true;
        assert!(!judge(&named(NameMatch::Message, vec![from_message]), &weak).is_kept());
    }

    #[test]
    fn words_need_a_distinctive_term_of_the_call_itself() {
        let mut common = by_words(12.0);
        common.words.matched = vec![term("user", 0.4), term("list", 0.6)];
        assert_eq!(
            judge(&common, &standard(12.0)),
            Verdict::Dropped(Shortfall::NoCallEvidence)
        );
    }

    #[test]
    fn words_must_clear_the_bar_and_stay_near_the_best() {
        assert!(judge(&by_words(12.0), &standard(12.0)).is_kept());
        assert_eq!(
            judge(&by_words(4.0), &standard(4.0)),
            Verdict::Dropped(Shortfall::WeakWords {
                score: 4.0,
                bar: WORD_BAR
            })
        );
        assert_eq!(
            judge(&by_words(7.0), &standard(30.0)),
            Verdict::Dropped(Shortfall::FarBelowBest {
                score: 7.0,
                best: 30.0
            })
        );
    }
}
