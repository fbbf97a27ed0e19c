//! Hybrid search at the bar: what vectors may rescue, and what they never keep alone.

use super::*;

#[test]
fn vectors_rescue_a_backed_candidate_trailing_the_best_but_never_keep_one_alone() {
    let hybrid = |best: f64| CallStandard::for_scores([best], 12, Some(0.6));
    let with_vector = |content: f64, rank: usize, fused: f64| Evidence {
        vector: Some(crate::core::select::evidence::VectorEvidence {
            rank,
            similarity: 0.8,
            z: 3.0,
            rrf: 0.03,
            fused,
        }),
        ..by_words(content)
    };
    // Words clear the bar but trail the best: the vectors' first pick is rescued...
    assert_eq!(
        judge(&with_vector(2.0, 1, 0.7), &hybrid(6.0)),
        Verdict::Kept(Grounds::Fused { fused: 0.7 })
    );
    // ...not a pick further down the vectors' list, nor one under `min_relevance`.
    assert!(matches!(
        judge(&with_vector(2.0, 3, 0.9), &hybrid(6.0)),
        Verdict::Dropped(Shortfall::FarBelowBest { .. })
    ));
    assert!(matches!(
        judge(&with_vector(2.0, 1, 0.5), &hybrid(6.0)),
        Verdict::Dropped(Shortfall::Relevance { .. })
    ));
    // Under the bar, or with no word at all, similarity is no evidence.
    assert!(matches!(
        judge(&with_vector(1.0, 1, 0.9), &hybrid(6.0)),
        Verdict::Dropped(Shortfall::WeakWords { .. })
    ));
    let alone = Evidence {
        vector: with_vector(0.0, 1, 1.0).vector,
        ..Evidence::default()
    };
    assert!(!judge(&alone, &hybrid(0.0)).is_kept());
    // What the words keep stays kept whatever the vectors say.
    assert_eq!(
        judge(&with_vector(6.0, 9, 0.1), &hybrid(6.0)),
        Verdict::Kept(Grounds::Words { score: 6.0 })
    );
}
