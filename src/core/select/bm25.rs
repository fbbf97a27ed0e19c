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
//! Hooks rank with [`bm25_scores_weighted`]: each stem weighs what [`term_weight`] says of it
//! in the index being served, in units of a stem only one pattern holds. A team's index of a
//! dozen files and a public collection of thousands give the same scale: a word every file of
//! the team's uses (its product's name) weighs nothing, a word one file holds weighs 1, so a
//! bar set in these units means the same in both (see `bar`).

use fnv::FnvHashMap;

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

/// FTS5's IDF for a stem `hits` of `documents` hold.
fn plain_idf(documents: f64, hits: f64) -> f64 {
    let idf = ((documents - hits + 0.5) / (hits + 0.5)).ln();
    if idf <= 0.0 { MIN_IDF } else { idf }
}

/// How much a stem that `hits` of `documents` patterns hold says about a pattern, from 0 (every
/// pattern holds it) to 1 (only one does): its IDF over the IDF of a stem one pattern holds.
///
/// The IDF is BM25's smoothed form, `ln(1 + (N − n + 0.5) / (n + 0.5))`, which stays positive
/// where FTS5's goes negative (a stem in more than half the patterns), so common stems weigh
/// little instead of nothing and the order among them holds. Dividing by the rarest stem's IDF
/// makes the unit the same whatever the index's size: in 12 patterns a stem three hold weighs
/// 0.63, in 5,000 patterns a stem 300 hold weighs 0.33. Nothing else is assumed about words:
/// the index being served is the only statistic.
pub fn term_weight(documents: u64, hits: u64) -> f64 {
    let smoothed = |n: f64| (1.0 + (documents as f64 - n + 0.5) / (n + 0.5)).ln();
    let rarest = smoothed(1.0);
    if documents == 0 || rarest <= 0.0 {
        return 0.0;
    }
    (smoothed(hits.max(1) as f64) / rarest).clamp(0.0, 1.0)
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

/// BM25 as [`bm25_scores`], with each stem weighed by [`term_weight`] in place of its IDF
/// (its hits counted among the patterns whose `text` holds it).
pub fn bm25_scores_weighted(
    text: RankedText,
    stems: &[&[Posting]],
    length: impl Fn(i64) -> Option<u32>,
    collection: Collection,
) -> FnvHashMap<i64, f64> {
    scores_with(text, stems, length, collection, |_, hits| {
        term_weight(collection.documents, hits)
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
    fn weights_run_from_every_pattern_to_one_in_the_same_units_at_any_size() {
        // A stem only one pattern holds weighs 1 in any index; one every pattern holds nearly 0.
        assert!((term_weight(1, 1) - 1.0).abs() < 1e-12);
        for documents in [12, 635, 5_000] {
            assert!(
                (term_weight(documents, 1) - 1.0).abs() < 1e-12,
                "{documents}"
            );
            assert!(term_weight(documents, documents) < 0.05, "{documents}");
        }
        // A team's product name in all 27 of its files says nothing; its topic word in 3 of
        // 12 files still says much.
        assert!(term_weight(27, 27) < 0.01);
        assert!(term_weight(12, 3) > 0.6);
        // Rarer is heavier, at every count.
        let weights: Vec<f64> = (1..=40).map(|n| term_weight(40, n)).collect();
        assert!(weights.windows(2).all(|w| w[0] > w[1]));
        assert_eq!(term_weight(0, 0), 0.0);
    }

    #[test]
    fn weighted_scores_use_the_weights_in_place_of_idf() {
        let rare = [posting(1, [0, 0, 0, 1, 0])];
        let everywhere = [posting(1, [0, 0, 0, 1, 0]), posting(2, [0, 0, 0, 1, 0])];
        let collection = Collection {
            documents: 2,
            tokens: 20,
        };
        let scores = bm25_scores_weighted(
            RankedText::CONTENT,
            &[&rare, &everywhere],
            |_| Some(10),
            collection,
        );
        let tf = 2.2 / (1.0 + 1.2);
        let expected_1 = -(term_weight(2, 1) + term_weight(2, 2)) * tf;
        assert!((scores[&1] - expected_1).abs() < 1e-12);
        assert!((scores[&2] + term_weight(2, 2) * tf).abs() < 1e-12);
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
