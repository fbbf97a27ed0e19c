//! Pattern ranking: how strongly the full-text evidence says a whole pattern fits a query, and
//! the score below which that evidence is noise.
//!
//! A pattern is ranked as one document, not by its best section: the question a hook answers
//! is "which conventions apply", and a convention file is judged by everything it says. Two
//! full-text scores feed the rank:
//!
//! - **content**: SQLite's BM25 over the whole pattern (path, title, tags and description,
//!   body), so a file that talks about the query's words throughout beats one lucky section;
//! - **subject**: BM25 over what the pattern says it is about (path, title, tags and
//!   description, section headings), short fields where one matching word weighs a lot.
//!
//! Their sum is scaled by how much of the file name's subject the query covers (see
//! `core::select::name`): `rust-mcp-server.md` matches every Rust edit by its words, but
//! an edit that never mentions MCP covers a third of what the file is about.
//!
//! ```text
//! score = (content + SUBJECT_WEIGHT · subject) · (1 − COVERAGE_WEIGHT + COVERAGE_WEIGHT · coverage)
//! ```
//!
//! (BM25 values negated, so higher is better; a name without subject words counts as half
//! covered.) The weights were measured on the shared eval set (`docs/benchmarks.md`).

/// What full-text search found about one pattern.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct PatternEvidence {
    /// SQLite bm25() of the whole pattern (lower is better); None when no word matched.
    pub content_bm25: Option<f64>,
    /// SQLite bm25() of the pattern's subject fields; None when none matched.
    pub subject_bm25: Option<f64>,
    /// Share of the file name's subject words the query covers; None: the name has none.
    pub name_coverage: Option<f64>,
    /// A broad `paths` glob (`**/*.ts`) matched the touched file.
    pub broad_glob: bool,
}

/// How much a subject match counts next to a content match.
pub const SUBJECT_WEIGHT: f64 = 0.75;
/// How much name coverage can scale a score down (0: not at all, 1: to zero).
pub const COVERAGE_WEIGHT: f64 = 0.5;
/// The coverage assumed for a name that has no subject words (`AGENTS.md`).
const UNKNOWN_COVERAGE: f64 = 0.5;
/// A broad glob match (`**/*.ts`) makes a word match count this much more.
pub const BROAD_GLOB_BOOST: f64 = 1.25;

/// A pattern's full-text score (higher is better; 0 when no word matched).
pub fn pattern_score(evidence: &PatternEvidence) -> f64 {
    let words = -evidence.content_bm25.unwrap_or(0.0)
        - SUBJECT_WEIGHT * evidence.subject_bm25.unwrap_or(0.0);
    let coverage = evidence.name_coverage.unwrap_or(UNKNOWN_COVERAGE);
    let boost = if evidence.broad_glob {
        BROAD_GLOB_BOOST
    } else {
        1.0
    };
    words.max(0.0) * (1.0 - COVERAGE_WEIGHT + COVERAGE_WEIGHT * coverage) * boost
}

/// Up to this many patterns a knowledge base is a team's own, where every pattern was written
/// for this project and no noise floor is needed.
const FLOOR_FREE_PATTERNS: f64 = 40.0;
/// How fast the floor rises with the number of patterns (BM25's IDF grows with its logarithm,
/// and so do the scores of chance matches on common words). 2.2 puts the floor at 6 for the
/// shared corpus' 635 files, where the eval measured it.
const FLOOR_SLOPE: f64 = 2.2;

/// The lowest full-text score worth injecting in an index of `pattern_count` patterns.
pub fn noise_floor(pattern_count: u64) -> f64 {
    let ratio = pattern_count as f64 / FLOOR_FREE_PATTERNS;
    if ratio <= 1.0 {
        0.0
    } else {
        FLOOR_SLOPE * ratio.ln()
    }
}

/// In a large index, a pattern found only by vector similarity must stand out this many
/// standard deviations above the query's mean similarity. Measured on the shared eval set
/// (6,929 sections): no relevant pattern was found by vectors alone, while irrelevant
/// vector-only hits for tool calls that deserve nothing reached 5.6.
const VECTOR_ONLY_MIN_Z: f32 = 6.0;

/// May a pattern that no word matched be injected on vector similarity alone? Always in a
/// small, team-written index; in a large one only when it stands far out from the rest.
pub fn vector_only_allowed(pattern_count: u64, best_z: f32) -> bool {
    pattern_count as f64 <= FLOOR_FREE_PATTERNS || best_z >= VECTOR_ONLY_MIN_Z
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence(content: f64, subject: f64, coverage: Option<f64>) -> PatternEvidence {
        PatternEvidence {
            content_bm25: Some(-content),
            subject_bm25: Some(-subject),
            name_coverage: coverage,
            broad_glob: false,
        }
    }

    #[test]
    fn content_and_subject_add_and_coverage_scales() {
        // (8 + 0.75 · 4) · (0.5 + 0.5 · 1) = 11
        assert!((pattern_score(&evidence(8.0, 4.0, Some(1.0))) - 11.0).abs() < 1e-9);
        // The same words, a name that is one third covered: 11 · (0.5 + 0.5 / 3) = 7.33
        let partial = pattern_score(&evidence(8.0, 4.0, Some(1.0 / 3.0)));
        assert!((partial - 11.0 * (2.0 / 3.0)).abs() < 1e-9);
        // No subject words in the name: counted half covered.
        assert!((pattern_score(&evidence(8.0, 4.0, None)) - 8.25).abs() < 1e-9);
        let boosted = PatternEvidence {
            broad_glob: true,
            ..evidence(8.0, 4.0, Some(1.0))
        };
        assert!((pattern_score(&boosted) - 13.75).abs() < 1e-9);
    }

    #[test]
    fn no_word_match_scores_zero() {
        assert_eq!(pattern_score(&PatternEvidence::default()), 0.0);
        let subject_only = PatternEvidence {
            subject_bm25: Some(-2.0),
            name_coverage: Some(1.0),
            ..PatternEvidence::default()
        };
        assert!((pattern_score(&subject_only) - 1.5).abs() < 1e-9);
    }

    #[test]
    fn small_indexes_have_no_floor_and_large_ones_a_growing_one() {
        assert_eq!(noise_floor(0), 0.0);
        assert_eq!(noise_floor(40), 0.0);
        assert!(noise_floor(100) > 0.0);
        assert!((noise_floor(635) - 6.08).abs() < 0.01);
        assert!(noise_floor(5_000) > noise_floor(1_000));
    }

    #[test]
    fn vector_only_matches_need_to_stand_out_in_large_indexes() {
        assert!(vector_only_allowed(12, 0.5));
        assert!(!vector_only_allowed(635, 5.6));
        assert!(vector_only_allowed(635, 6.5));
    }
}
