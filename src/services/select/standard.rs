//! The standard a call's candidates are judged against: the best word score among those
//! found by their words alone (see `core::select::bar::CallStandard`), with or without the
//! rule files the harness loaded itself.

use super::{Candidate, Pool, judge};
use crate::core::select::bar::{
    CallStandard, Grounds, Verdict, judge_words_unnamed, least_standard_score, standard_score,
};
use crate::core::select::evidence::{Evidence, NameMatch};
use crate::core::select::globs::GlobKind;
use crate::storage::index::KnowledgeFacts;

/// The best a word candidate has to compare with is the best credible word candidate's: a
/// file named for the stack, or one the team or project asked for, scores by other rules, and
/// one no word of the call itself backs is no standard; one a technology gate rules out counts
/// as `core::select::bar::standard_score` says.
pub(super) fn call_standard(
    pool: &Pool,
    facts: &KnowledgeFacts,
    min_relevance: Option<f64>,
    technologies_known: bool,
) -> CallStandard {
    standard_of(pool, facts, min_relevance, technologies_known, true)
}

/// [`call_standard`], counting what the harness loaded itself or not (`with_loaded`).
fn standard_of(
    pool: &Pool,
    facts: &KnowledgeFacts,
    min_relevance: Option<f64>,
    technologies_known: bool,
    with_loaded: bool,
) -> CallStandard {
    let sets_the_best = |e: &Evidence| sets_the_best(e) && (with_loaded || !e.loaded_by_harness);
    let score = |c: &Candidate| c.evidence.word_score();
    // Before the technologies are read, a candidate a gate may yet rule out is counted at
    // the least it may set the best with, so the lean path never leaves out one the final
    // standard keeps.
    let standard = |c: &Candidate| {
        if technologies_known {
            standard_score(&c.evidence)
        } else {
            least_standard_score(c.evidence.word_score(), &c.evidence.words)
        }
    };
    CallStandard::for_scores(
        pool.values()
            .filter(|c| sets_the_best(&c.evidence))
            .map(standard),
        facts.pattern_count,
        min_relevance,
    )
    .with_stack_scores(
        pool.values()
            .filter(|c| {
                c.evidence.words.name_match == Some(NameMatch::Stack) && !c.evidence.name_set_aside
            })
            .map(score),
    )
    .with_own_scores(
        pool.values()
            .filter(|c| sets_the_best(&c.evidence))
            .map(|c| score(c) * c.evidence.words.call_share()),
    )
}

/// Whether a candidate's word score is a standard for the call: found by words, a word of
/// the call itself backing it, and not a test guide on a call that is not about tests.
fn sets_the_best(evidence: &Evidence) -> bool {
    found_by_words(evidence) && evidence.words.has_call_evidence() && !evidence.tests_elsewhere
}

/// Whether a candidate is judged by its words alone, not by what the team or project asked for
/// or by being the stack's general file.
pub(super) fn found_by_words(evidence: &Evidence) -> bool {
    !evidence.universal
        && evidence.project_depth.is_none()
        && evidence.content.is_none()
        && (evidence.words.name_match != Some(NameMatch::Stack) || evidence.name_set_aside)
        && evidence
            .glob
            .as_ref()
            .is_none_or(|g| g.kind != GlobKind::Specific)
}

/// What the harness loaded itself sets the bar a candidate is kept by (it says how much the
/// call's words can find), but not how briefly one is shown: it is not injected, so the room
/// it would take is free. A candidate kept on breadth alone is judged again against the
/// candidates lore may send, and shown as that verdict says when it is kept by it.
pub(super) fn show_fuller_beside_loaded(
    pool: &mut Pool,
    facts: &KnowledgeFacts,
    min_relevance: Option<f64>,
) {
    if !pool.values().any(|c| c.evidence.loaded_by_harness) {
        return;
    }
    let unloaded = standard_of(pool, facts, min_relevance, true, false);
    for candidate in pool.values_mut() {
        if !matches!(candidate.verdict, Verdict::Kept(Grounds::Breadth { .. })) {
            continue;
        }
        let fuller = if candidate.evidence.name_set_aside {
            judge_words_unnamed(&candidate.evidence, &unloaded)
        } else {
            judge(&candidate.evidence, &unloaded)
        };
        if fuller.is_kept() {
            candidate.verdict = fuller;
        }
    }
}
