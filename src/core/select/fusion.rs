//! Ranking: reciprocal rank fusion of result lists and normalisation to 0..1.
//!
//! Hybrid search fuses the FTS list with the vector list by reciprocal rank fusion (RRF,
//! k = 60): a chunk scores `Σ 1 / (k + rank)` over the lists that ranked it. That order is
//! robust, but raw RRF values are not comparable with `search.min_relevance`, so hybrid
//! scores are normalised to 0..1 as follows.
//!
//! ```text
//! score = ½ · rrf / ceiling  +  ½ · max(similarity, 0) / best_similarity
//! ceiling = (number of lists that ranked any candidate) / (k + 1)
//! ```
//!
//! The first half is RRF divided by the best score achievable with the lists that took part
//! (first place in each). Alone it cannot carry the threshold: a chunk that only the vector
//! list found, even in first place, would score 1/2 against the FTS list's 2/2, so the default
//! `min_relevance` 0.6 would throw away every purely semantic hit, the very hits hybrid search
//! exists for. And with k = 60 rank scores are nearly flat (rank 41 still has 61/101 of first
//! place), so any rank-only normalisation that lets a vector-only first place pass would let
//! almost everything pass. The second half brings in the similarity itself, relative to the
//! best match of this query, which says how close a chunk is to what the query means.
//!
//! Consequences, pinned by the tests below: the best semantic match always scores at least
//! 0.75 (so any threshold up to 0.75 keeps it), a chunk first in both lists scores 1.0, and a
//! chunk found by neither half strongly (a low FTS rank and a distant vector) falls below 0.6.
//! The threshold applies only to hybrid results; FTS-only scores are BM25 and never filtered.

/// The RRF constant: damps the difference between neighbouring ranks.
pub const RRF_K: f64 = 60.0;

/// One list's contribution for a 1-based rank.
pub fn reciprocal_rank(rank: usize) -> f64 {
    1.0 / (RRF_K + rank as f64)
}

/// Plain RRF of ranked lists (best first; a key's 1-based position is its rank). Returns
/// every key once with its summed score, best first, ties by key.
pub fn rrf<K: Ord + Clone>(lists: &[&[K]]) -> Vec<(K, f64)> {
    let mut scores: std::collections::BTreeMap<K, f64> = std::collections::BTreeMap::new();
    for list in lists {
        for (i, key) in list.iter().enumerate() {
            *scores.entry(key.clone()).or_insert(0.0) += reciprocal_rank(i + 1);
        }
    }
    let mut fused: Vec<(K, f64)> = scores.into_iter().collect();
    fused.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    fused
}

/// What each retriever said about one candidate chunk.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Signals {
    /// 1-based rank in the FTS list.
    pub fts_rank: Option<usize>,
    /// 1-based rank in the vector list.
    pub vector_rank: Option<usize>,
    /// Cosine similarity to the query.
    pub similarity: Option<f64>,
}

/// A candidate after fusion.
#[derive(Debug, Clone, PartialEq)]
pub struct Fused<K> {
    pub key: K,
    pub signals: Signals,
    /// Raw RRF sum.
    pub rrf: f64,
    /// Normalised 0..1 score (see the module docs).
    pub score: f64,
}

/// Fuse candidates of a hybrid search. `key` orders ties (use source path then chunk order).
/// Best first: score, then raw RRF, then key.
pub fn fuse<K: Ord>(candidates: Vec<(K, Signals)>) -> Vec<Fused<K>> {
    let lists = usize::from(candidates.iter().any(|(_, s)| s.fts_rank.is_some()))
        + usize::from(candidates.iter().any(|(_, s)| s.vector_rank.is_some()));
    let ceiling = lists as f64 * reciprocal_rank(1);
    let best_similarity = candidates
        .iter()
        .filter_map(|(_, s)| s.similarity)
        .fold(0.0_f64, f64::max);
    let mut fused: Vec<Fused<K>> = candidates
        .into_iter()
        .map(|(key, signals)| {
            let rrf = [signals.fts_rank, signals.vector_rank]
                .into_iter()
                .flatten()
                .map(reciprocal_rank)
                .sum::<f64>();
            let rank_part = if ceiling > 0.0 { rrf / ceiling } else { 0.0 };
            let semantic = match signals.similarity {
                Some(s) if best_similarity > 0.0 => s.max(0.0) / best_similarity,
                _ => 0.0,
            };
            Fused {
                key,
                signals,
                rrf,
                score: (0.5 * rank_part + 0.5 * semantic).clamp(0.0, 1.0),
            }
        })
        .collect();
    fused.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then_with(|| b.rrf.total_cmp(&a.rrf))
            .then_with(|| a.key.cmp(&b.key))
    });
    fused
}

/// Does a normalised score reach `min_relevance`? (A hair of tolerance keeps a score that is
/// exactly the threshold on paper from failing by rounding.)
pub fn passes(score: f64, min_relevance: f64) -> bool {
    score + 1e-9 >= min_relevance
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The best semantic match of a query scores at least this: a consequence of the
    /// normalisation (see the module docs), not a setting.
    const BEST_SEMANTIC_FLOOR: f64 = 0.75;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    fn sig(fts: Option<usize>, vector: Option<usize>, similarity: f64) -> Signals {
        Signals {
            fts_rank: fts,
            vector_rank: vector,
            similarity: Some(similarity),
        }
    }

    #[test]
    fn plain_rrf_matches_hand_computed_sums() {
        let a: &[&str] = &["a", "b", "c"];
        let b: &[&str] = &["c", "a"];
        let fused = rrf(&[a, b]);
        let keys: Vec<_> = fused.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, ["a", "c", "b"]);
        // a: 1/61 + 1/62; c: 1/63 + 1/61; b: 1/62.
        assert!(close(fused[0].1, 0.032_522_4), "{}", fused[0].1);
        assert!(close(fused[1].1, 0.032_266_4), "{}", fused[1].1);
        assert!(close(fused[2].1, 0.016_129_0), "{}", fused[2].1);
    }

    #[test]
    fn plain_rrf_breaks_ties_by_key() {
        let a: &[&str] = &["y"];
        let b: &[&str] = &["x"];
        let keys: Vec<_> = rrf(&[a, b]).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["x", "y"]);
    }

    #[test]
    fn hybrid_scores_match_hand_computed_values() {
        // FTS: a, b. Vectors: b (0.8), a (0.6), c (0.4). Ceiling 2/61.
        let fused = fuse(vec![
            ("a", sig(Some(1), Some(2), 0.6)),
            ("b", sig(Some(2), Some(1), 0.8)),
            ("c", sig(None, Some(3), 0.4)),
        ]);
        let keys: Vec<_> = fused.iter().map(|f| f.key).collect();
        assert_eq!(keys, ["b", "a", "c"]);
        // b: ½·(1/62 + 1/61)/(2/61) + ½·1 = ½·0.9919355 + 0.5
        assert!(close(fused[0].score, 0.995_967_7), "{}", fused[0].score);
        // a: same rank part, semantic 0.6/0.8 = 0.75
        assert!(close(fused[1].score, 0.870_967_7), "{}", fused[1].score);
        // c: ½·(1/63)/(2/61) + ½·0.5 = 0.2420635 + 0.25
        assert!(close(fused[2].score, 0.492_063_5), "{}", fused[2].score);
        assert!(close(fused[2].rrf, 1.0 / 63.0));
        assert!(!passes(fused[2].score, 0.6));
    }

    #[test]
    fn vector_only_first_place_passes_the_default_threshold() {
        // FTS found x; only the vector list found y, and ranked it first.
        let fused = fuse(vec![
            ("x", sig(Some(1), Some(2), 0.3)),
            ("y", sig(None, Some(1), 0.5)),
        ]);
        let y = fused.iter().find(|f| f.key == "y").unwrap();
        // ½·(1/61)/(2/61) + ½·1 = 0.75, although plain normalised RRF would give 0.5.
        assert!(close(y.score, 0.75), "{}", y.score);
        assert!(passes(y.score, 0.6));
        let x = fused.iter().find(|f| f.key == "x").unwrap();
        // ½·0.9919355 + ½·0.6
        assert!(close(x.score, 0.795_967_7), "{}", x.score);
    }

    #[test]
    fn the_best_semantic_match_never_scores_below_the_floor() {
        for fts_len in 0..5 {
            for best_rank_in_fts in [None, Some(1), Some(3)] {
                let mut candidates: Vec<(usize, Signals)> = (0..fts_len)
                    .map(|i| (i + 10, sig(Some(i + 1), Some(i + 2), 0.2)))
                    .collect();
                let fts_rank = best_rank_in_fts.filter(|r| *r <= fts_len);
                candidates.push((0, sig(fts_rank, Some(1), 0.9)));
                let fused = fuse(candidates);
                let best = fused.iter().find(|f| f.key == 0).unwrap();
                assert!(
                    best.score + 1e-9 >= BEST_SEMANTIC_FLOOR,
                    "fts_len {fts_len}, fts rank {fts_rank:?}: {}",
                    best.score
                );
            }
        }
    }

    #[test]
    fn only_the_vector_list_taking_part_gives_its_first_place_one() {
        let fused = fuse(vec![
            ("y", sig(None, Some(1), 0.4)),
            ("z", sig(None, Some(2), 0.2)),
        ]);
        assert!(close(fused[0].score, 1.0));
        // ½·(1/62)/(1/61) + ½·0.5
        assert!(
            close(fused[1].score, 0.5 * 61.0 / 62.0 + 0.25),
            "{}",
            fused[1].score
        );
    }

    #[test]
    fn negative_or_missing_similarity_adds_nothing_and_ties_go_to_the_key() {
        let fused = fuse(vec![
            ("b", sig(None, Some(1), -0.2)),
            ("a", sig(None, Some(1), -0.2)),
        ]);
        assert_eq!(fused[0].key, "a");
        assert!(close(fused[0].score, 0.5));
        let none = fuse(vec![(
            "a",
            Signals {
                fts_rank: Some(1),
                ..Signals::default()
            },
        )]);
        assert!(close(none[0].score, 0.5));
        assert!(fuse::<u8>(Vec::new()).is_empty());
    }
}
