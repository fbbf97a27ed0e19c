//! BM25 over whole patterns, computed the way SQLite's FTS5 `bm25()` computes it for a query
//! of single words joined by OR: per query word, IDF times a saturated, length-normalised,
//! column-weighted frequency, summed in query order, negated (lower is better). Computing it
//! from stored postings instead of asking FTS5 saves a hook the per-row size lookups FTS5 makes,
//! which cost about 4 µs for every matching pattern.
//!
//! ```text
//! idf(t)   = ln((N − n(t) + 0.5) / (n(t) + 0.5)), or 1e-6 when that is not positive
//! f(t, D)  = Σ over fields: weight · occurrences of t in the field
//! score(D) = −Σ_t idf(t) · f(t, D) · (k1 + 1) / (f(t, D) + k1 · (1 − b + b · |D| / avgdl))
//! ```
//!
//! `tests/pattern_bm25.rs` checks the figures against FTS5 itself on the shared corpus.
//!
//! Hooks rank with [`bm25_scores_smoothed`]: each stem's document frequency is smoothed with
//! a prior, its share of documents in a reference collection of convention files
//! (`background`), counted as [`PRIOR_DOCUMENTS`] documents. In a large knowledge base the
//! index's own counts dominate; in a team's index of a dozen files, where "user" in two of
//! five files would look rare, the prior keeps common words weak and distinctive ones strong,
//! so a score means the same whatever the size of the index.

use fnv::FnvHashMap;

use crate::core::select::background::COMMON_STEMS;
use crate::core::select::pattern_terms::{FIELD_COUNT, Field, FieldCounts};

const K1: f64 = 1.2;
const B: f64 = 0.75;
/// FTS5's IDF for a word in more than half the documents, where the formula goes negative.
const MIN_IDF: f64 = 1e-6;

/// One pattern holding a stem, with the stem's counts per field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posting {
    pub pattern_id: i64,
    pub counts: FieldCounts,
}

/// A text of a pattern that is ranked as one document: which fields it is made of, and their
/// weights.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankedText {
    weights: [Option<f64>; FIELD_COUNT],
}

impl RankedText {
    /// Everything the pattern says: path, title, tags with description, body.
    pub const CONTENT: Self = Self::new([
        (Field::Name, 4.0),
        (Field::Title, 3.0),
        (Field::About, 2.0),
        (Field::Body, 1.0),
    ]);
    /// What it says it is about: path, title, tags with description, section headings.
    pub const SUBJECT: Self = Self::new([
        (Field::Name, 3.0),
        (Field::Title, 2.0),
        (Field::About, 1.0),
        (Field::Headings, 0.25),
    ]);

    const fn new(fields: [(Field, f64); 4]) -> Self {
        let mut weights = [None; FIELD_COUNT];
        let mut i = 0;
        while i < fields.len() {
            weights[fields[i].0 as usize] = Some(fields[i].1);
            i += 1;
        }
        Self { weights }
    }

    /// Whether the text holds the stem at all (FTS5 counts such a document as a hit even
    /// where the weight is 0).
    fn holds(&self, counts: &FieldCounts) -> bool {
        self.weights
            .iter()
            .zip(counts)
            .any(|(w, &n)| w.is_some() && n > 0)
    }

    fn weighted_frequency(&self, counts: &FieldCounts) -> f64 {
        self.weights
            .iter()
            .zip(counts)
            .filter_map(|(w, &n)| w.map(|w| w * f64::from(n)))
            .sum()
    }
}

/// The document count and token total of the collection one text is ranked in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Collection {
    pub documents: u64,
    pub tokens: u64,
}

/// How many documents the reference collection's shares count as, next to the index's own.
pub const PRIOR_DOCUMENTS: f64 = 100.0;

/// The share (0..1) of convention files that hold `stem` in the reference collection; 0 for
/// stems fewer than one in a hundred hold.
pub fn background_share(stem: &str) -> f64 {
    COMMON_STEMS
        .binary_search_by(|(s, _)| (*s).cmp(stem))
        .map_or(0.0, |i| f64::from(COMMON_STEMS[i].1) / 1000.0)
}

/// FTS5's IDF for a stem `hits` of `documents` hold.
fn plain_idf(documents: f64, hits: f64) -> f64 {
    let idf = ((documents - hits + 0.5) / (hits + 0.5)).ln();
    if idf <= 0.0 { MIN_IDF } else { idf }
}

/// The IDF of a stem `hits` of `documents` hold, its counts smoothed by its `share` of the
/// reference collection (see the module docs).
pub fn smoothed_idf(documents: u64, hits: u64, share: f64) -> f64 {
    plain_idf(
        documents as f64 + PRIOR_DOCUMENTS,
        hits as f64 + PRIOR_DOCUMENTS * share,
    )
}

/// BM25 of each pattern holding at least one query stem in `text`, by pattern id, exactly as
/// FTS5 computes it. `stems` holds one posting list per query stem, in query order; `length`
/// gives a pattern's token count in `text` (patterns without one are left out).
pub fn bm25_scores(
    text: RankedText,
    stems: &[&[Posting]],
    length: impl Fn(i64) -> Option<u32>,
    collection: Collection,
) -> FnvHashMap<i64, f64> {
    let documents = collection.documents as f64;
    scores_with(text, stems, length, collection, |_, hits| {
        plain_idf(documents, hits as f64)
    })
}

/// BM25 as [`bm25_scores`], with each stem's IDF smoothed by its share of the reference
/// collection (`shares`, one per stem in `stems`; see [`background_share`]).
pub fn bm25_scores_smoothed(
    text: RankedText,
    stems: &[&[Posting]],
    shares: &[f64],
    length: impl Fn(i64) -> Option<u32>,
    collection: Collection,
) -> FnvHashMap<i64, f64> {
    scores_with(text, stems, length, collection, |i, hits| {
        smoothed_idf(
            collection.documents,
            hits,
            shares.get(i).copied().unwrap_or(0.0),
        )
    })
}

fn scores_with(
    text: RankedText,
    stems: &[&[Posting]],
    length: impl Fn(i64) -> Option<u32>,
    collection: Collection,
    idf_of: impl Fn(usize, u64) -> f64,
) -> FnvHashMap<i64, f64> {
    let mut scores: FnvHashMap<i64, f64> = FnvHashMap::default();
    if collection.documents == 0 {
        return scores;
    }
    let documents = collection.documents as f64;
    let average = collection.tokens as f64 / documents;
    for (i, postings) in stems.iter().enumerate() {
        let hits = postings.iter().filter(|p| text.holds(&p.counts)).count() as u64;
        let idf = idf_of(i, hits);
        for posting in postings.iter().filter(|p| text.holds(&p.counts)) {
            let Some(tokens) = length(posting.pattern_id) else {
                continue;
            };
            let f = text.weighted_frequency(&posting.counts);
            let norm = K1 * (1.0 - B + B * f64::from(tokens) / average);
            *scores.entry(posting.pattern_id).or_insert(0.0) -= idf * (f * (K1 + 1.0)) / (f + norm);
        }
    }
    scores
}

#[cfg(test)]
mod tests {
    use super::*;

    fn posting(pattern_id: i64, counts: FieldCounts) -> Posting {
        Posting { pattern_id, counts }
    }

    #[test]
    fn scores_match_a_hand_computation() {
        // Four patterns of 10, 20, 30 and 40 content tokens (average 25). "error" is in the
        // bodies of 1 (twice) and 2 (once), and the title of 2.
        let error = [posting(1, [0, 0, 0, 2, 0]), posting(2, [0, 1, 0, 1, 0])];
        let lengths = |id: i64| Some(id as u32 * 10);
        let scores = bm25_scores(
            RankedText::CONTENT,
            &[&error],
            lengths,
            Collection {
                documents: 4,
                tokens: 100,
            },
        );
        let idf = (2.5f64 / 2.5).ln(); // 0: clamped
        assert_eq!(idf, 0.0);
        // Pattern 1: f = 2, |D|/avgdl = 0.4; pattern 2: f = 3 + 1 = 4, |D|/avgdl = 0.8.
        let expect = |f: f64, ratio: f64| -1e-6 * f * 2.2 / (f + 1.2 * (0.25 + 0.75 * ratio));
        assert!((scores[&1] - expect(2.0, 0.4)).abs() < 1e-15);
        assert!((scores[&2] - expect(4.0, 0.8)).abs() < 1e-15);
    }

    #[test]
    fn rarer_words_and_shorter_patterns_score_better() {
        let rare = [posting(1, [0, 0, 0, 1, 0])];
        let common = [
            posting(2, [0, 0, 0, 1, 0]),
            posting(3, [0, 0, 0, 1, 0]),
            posting(4, [0, 0, 0, 1, 0]),
        ];
        let scores = bm25_scores(
            RankedText::CONTENT,
            &[&rare, &common],
            |id| Some(if id == 4 { 50 } else { 10 }),
            Collection {
                documents: 10,
                tokens: 200,
            },
        );
        let idf_rare = (9.5f64 / 1.5).ln();
        let expected_1 = -idf_rare * 2.2 / (1.0 + 1.2 * (0.25 + 0.75 * 0.5));
        assert!((scores[&1] - expected_1).abs() < 1e-12);
        assert!(scores[&1] < scores[&2], "the rare word weighs more");
        assert!(scores[&2] < scores[&4], "the shorter pattern scores better");
        assert_eq!(scores[&2], scores[&3]);
    }

    #[test]
    fn a_text_only_sees_its_own_fields() {
        // Only in the body: a content hit, not a subject one; only in headings: the reverse.
        let stem = [posting(1, [0, 0, 0, 3, 0]), posting(2, [0, 0, 0, 0, 1])];
        let collection = Collection {
            documents: 2,
            tokens: 20,
        };
        let content = bm25_scores(RankedText::CONTENT, &[&stem], |_| Some(10), collection);
        let subject = bm25_scores(RankedText::SUBJECT, &[&stem], |_| Some(10), collection);
        assert_eq!(content.keys().copied().collect::<Vec<_>>(), [1]);
        assert_eq!(subject.keys().copied().collect::<Vec<_>>(), [2]);
    }

    #[test]
    fn the_prior_keeps_common_words_weak_in_a_small_index() {
        // "user" is in four of ten convention files, "thiserror" in almost none: in a
        // five-pattern index that holds each once, plain IDF weighs them the same.
        let user = background_share("user");
        assert!(user > 0.3, "{user}");
        assert_eq!(background_share("thiserror"), 0.0);
        let plain = plain_idf(5.0, 1.0);
        let common = smoothed_idf(5, 1, user);
        let rare = smoothed_idf(5, 1, 0.0);
        assert!(common < 1.0 && common < plain, "{common}");
        assert!(rare > 3.0, "{rare}");
        // In a large index the index's own counts dominate.
        let large = smoothed_idf(5_000, 2_000, user);
        assert!(
            (large - plain_idf(5_000.0, 2_000.0)).abs() < 0.05,
            "{large}"
        );
    }

    #[test]
    fn the_reference_shares_are_sorted_and_unique() {
        assert!(COMMON_STEMS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(COMMON_STEMS.iter().all(|(_, share)| *share <= 1000));
    }

    #[test]
    fn an_empty_collection_scores_nothing() {
        let stem = [posting(1, [1, 0, 0, 0, 0])];
        let none = Collection {
            documents: 0,
            tokens: 0,
        };
        assert!(bm25_scores(RankedText::CONTENT, &[&stem], |_| Some(1), none).is_empty());
    }
}
