//! Candidates by words: the patterns holding the call's terms, each with its BM25 over content
//! and subject (each stem weighed by how few of the index's patterns hold it, see
//! `core::select::bm25`), the terms it holds and where, and how much of its file name the call
//! covers. The language gate and project scope leave patterns out here; explaining keeps them,
//! with why.

use crate::core::query::{StemSet, term_stem};
use crate::core::select::bar::{
    BREADTH_SHARE, BREADTH_WORDS, CallStandard, LOWEST_SHARE, Shortfall, TECHNOLOGY_SHARE, Verdict,
    WORD_BAR, WORDS_SHARE, has_breadth, least_standard_score,
};
use crate::core::select::bm25::{Posting, RankedText, bm25_scores_weighted, term_weight};
use crate::core::select::sections::concentrated_breadth;
use crate::core::select::test_code::{names_tests, query_is_about_tests};
use std::collections::{BTreeMap, BTreeSet};

use crate::core::select::evidence::{BROAD_GLOB_BOOST, GlobMatch, NameMatch};
use crate::core::select::evidence::{MatchedTerm, WordEvidence};
use crate::core::select::globs::GlobKind;
use crate::core::select::name::{NameQuery, same_word};
use crate::core::select::pattern_terms::Field;
use crate::storage::index::{Index, IndexError, KnowledgeFacts, LanguageGate};

use super::{Candidate, Pool, SelectRequest, entry, in_project_scope};

/// How many candidates the language gate or project scope removed are kept for explaining.
const EXPLAINED_REMOVALS: usize = 10;

/// How many word candidates the language gate reads at a time (see `word_candidates`).
const GATE_BATCH: usize = 48;

/// Add word evidence to the pool: to candidates already there, and as new candidates for the
/// patterns whose words can clear the bar. `broad` are patterns a broad glob matched that are
/// not in the pool yet (see `glob_candidates`): their words count more, and a glob brought
/// them, so only a declared language rules them out. `stack_named` and `of_technologies`
/// (patterns named for the call's stack, patterns of its technologies) may be kept below the
/// word bar. Returns the candidates the language gate
/// or project scope removed (only when explaining), strongest first.
pub(super) fn word_candidates(
    index: &Index,
    facts: &KnowledgeFacts,
    request: &SelectRequest<'_>,
    broad: &BTreeMap<i64, String>,
    stack_named: &BTreeSet<i64>,
    of_technologies: &BTreeSet<i64>,
    pool: &mut Pool,
) -> Result<Vec<Candidate>, IndexError> {
    let mut stems: Vec<(String, String)> = Vec::new();
    for term in request.terms {
        let stem = term_stem(term);
        if !stem.is_empty() && !stems.iter().any(|(_, s)| *s == stem) {
            stems.push((term.clone(), stem));
        }
    }
    if stems.is_empty() {
        return Ok(Vec::new());
    }
    let stem_list: Vec<String> = stems.iter().map(|(_, s)| s.clone()).collect();
    let lists = index.term_postings(&stem_list)?;
    if lists.iter().all(Vec::is_empty) {
        return Ok(Vec::new());
    }
    let lengths = index.pattern_lengths()?;
    let lists: Vec<&[Posting]> = lists.iter().map(Vec::as_slice).collect();
    let length = |id: i64, subject: bool| {
        let sizes = lengths.of(id)?;
        Some(if subject { sizes.1 } else { sizes.0 })
    };
    let content = bm25_scores_weighted(
        RankedText::CONTENT,
        &lists,
        |id| length(id, false),
        lengths.content,
    );
    let subject = bm25_scores_weighted(
        RankedText::SUBJECT,
        &lists,
        |id| length(id, true),
        lengths.subject,
    );
    let weights: Vec<f64> = lists
        .iter()
        .map(|postings| term_weight(lengths.content.documents, postings.len() as u64))
        .collect();
    let mean_length = lengths.content.tokens as f64 / lengths.content.documents.max(1) as f64;
    let length_ratio = |id: i64| {
        let tokens = length(id, false)?;
        (mean_length > 0.0).then(|| f64::from(tokens) / mean_length)
    };
    let words_of = |id: i64| {
        let mut matched = Vec::new();
        for (i, postings) in lists.iter().enumerate() {
            if let Ok(at) = postings.binary_search_by_key(&id, |p| p.pattern_id) {
                let counts = postings[at].counts;
                let subject = [Field::Name, Field::Title, Field::About]
                    .iter()
                    .any(|f| counts[*f as usize] > 0);
                let term = &stems[i].0;
                matched.push(MatchedTerm {
                    term: term.clone(),
                    weight: weights[i],
                    subject,
                    from_message: request.query.message_terms.contains(term),
                    language: request.query.languages.contains(term),
                    topic: request.query.topic_terms.contains(term),
                    written: request.query.written_terms.contains(term),
                });
            }
        }
        WordEvidence {
            content_bm25: content.get(&id).copied(),
            subject_bm25: subject.get(&id).copied(),
            name_coverage: None,
            name_match: None,
            matched,
            length_ratio: length_ratio(id),
            section_breadth: None,
        }
    };

    // A pattern whose file name holds a language of the call, or a query term while a
    // distinctive word of the call backs it, may be kept for its name whatever its score
    // (see `core::select::bar`).
    let in_name = |i: usize| {
        lists[i]
            .iter()
            .filter(|p| p.counts[Field::Name as usize] > 0)
            .map(|p| p.pattern_id)
    };
    let mut named_language = std::collections::BTreeSet::new();
    let mut named = std::collections::BTreeSet::new();
    for (i, (term, _)) in stems.iter().enumerate() {
        if request.query.languages.contains(term) {
            named_language.extend(in_name(i));
        } else if !facts.name_filler.iter().any(|w| same_word(w, term)) {
            // Words many file names share say nothing of a name (see `core::select::name`).
            named.extend(in_name(i));
        }
    }
    // A file named for the call's stack may be kept whatever its score.
    named_language.extend(stack_named.iter().copied());
    let best_possible = |id: i64| {
        let boost = if broad.contains_key(&id) {
            BROAD_GLOB_BOOST
        } else {
            1.0
        };
        WordEvidence {
            content_bm25: content.get(&id).copied(),
            subject_bm25: subject.get(&id).copied(),
            ..WordEvidence::default()
        }
        .best_possible_score()
            * boost
    };
    let mut ids: Vec<i64> = content.keys().chain(subject.keys()).copied().collect();
    ids.sort_unstable();
    ids.dedup();
    // Ranking by full text alone, a pattern whose words cannot clear the bar whatever its
    // name is never injected: it is left out before its name and languages are read. Fusion
    // needs the whole full-text order, and explaining shows the near misses.
    let prune = request.embedder.is_none() && !request.explain;
    let (known, new): (Vec<i64>, Vec<i64>) = ids.into_iter().partition(|id| pool.contains_key(id));
    let new: Vec<i64> = new
        .into_iter()
        .filter(|&id| {
            !prune
                || named_language.contains(&id)
                || best_possible(id) >= WORD_BAR
                || ((named.contains(&id) || of_technologies.contains(&id))
                    && words_of(id).has_call_evidence())
        })
        .collect();
    let query = request.query;
    let weak_terms: Vec<String> = query
        .message_terms
        .iter()
        .chain(&query.location_terms)
        .chain(&query.written_terms)
        .cloned()
        .collect();
    let names = NameQuery::new(&query.stack_names, &query.terms, &weak_terms);
    let with_name = |id: i64, source: &str| {
        let (name_coverage, name_match) = names.coverage_and_match(source, &facts.name_filler);
        WordEvidence {
            name_coverage,
            name_match,
            ..words_of(id)
        }
    };
    for id in known {
        if let Some(candidate) = pool.get_mut(&id) {
            candidate.evidence.words = with_name(id, &candidate.source);
        }
    }
    // A project's own files apply inside it whatever languages they name (the uv project's
    // style guide speaks of Python, yet governs its Rust).
    let project_files = super::project_files_apply(facts, query);
    let gate = LanguageGate::for_query(query);
    let mut removed = Vec::new();
    let mut gated: Vec<i64> = Vec::new();
    let mut strongest = 0.0_f64;
    let tests_call = query_is_about_tests(query);
    // Strongest first, a batch at a time: once a kept-able candidate scores S, one whose best
    // possible score is under the lowest share of the best any grounds accept can never be
    // kept, so it is never read (a common word in a large index matches hundreds). Naming
    // the call's language or a term in its file name keeps a candidate in the running.
    // A call that writes something conventions are about (a commit) accepts candidates about
    // it furthest below the best.
    let lowest_share = if query.topic_terms.is_empty() {
        TECHNOLOGY_SHARE
    } else {
        LOWEST_SHARE
    };
    let mut order: Vec<(i64, f64)> = new.iter().map(|&id| (id, best_possible(id))).collect();
    if prune && !project_files {
        order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    }
    for batch in order.chunks(GATE_BATCH) {
        let batch: Vec<i64> = batch
            .iter()
            .filter(|&&(id, best)| {
                !prune
                    || project_files
                    || named_language.contains(&id)
                    || named.contains(&id)
                    || best >= lowest_share * strongest
            })
            .map(|&(id, _)| id)
            .collect();
        let (globbed, plain): (Vec<i64>, Vec<i64>) =
            batch.iter().partition(|id| broad.contains_key(id));
        let mut passing = index.patterns_passing(&plain, &gate)?;
        passing.extend(index.patterns_passing(&globbed, &gate)?);
        for (&id, (source, title)) in &passing {
            let words = with_name(id, source);
            if in_project_scope(&facts.project_folders, query, source) {
                // A test guide on a call not about tests will not be kept (see
                // `core::select::test_code`): it sets no best.
                if words.name_match != Some(NameMatch::Stack)
                    && words.has_call_evidence()
                    && (tests_call || !names_tests(source, title))
                {
                    strongest = strongest.max(least_standard_score(words.score(), &words));
                }
                let candidate = entry(pool, id, source, title);
                candidate.evidence.words = words;
                if let Some(glob) = broad.get(&id) {
                    candidate.evidence.glob = Some(GlobMatch {
                        glob: glob.clone(),
                        kind: GlobKind::Broad,
                    });
                }
            } else if request.explain {
                removed.push(removed_candidate(
                    id,
                    source,
                    title,
                    words,
                    Shortfall::OtherProject,
                ));
            }
        }
        gated.extend(batch.iter().copied().filter(|id| !passing.contains_key(id)));
    }
    if request.explain || project_files {
        for (id, (source, title)) in index.pattern_names(&gated)? {
            let words = with_name(id, &source);
            let own_project = facts
                .project_folders
                .scope_of(&source)
                .is_some_and(|scope| {
                    scope.applies(query.project.as_deref(), query.relative_path.as_deref())
                });
            if own_project {
                entry(pool, id, &source, &title).evidence.words = words;
            } else if request.explain {
                removed.push(removed_candidate(
                    id,
                    &source,
                    &title,
                    words,
                    Shortfall::Language,
                ));
            }
        }
    }
    if request.explain {
        removed.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then_with(|| a.source.cmp(&b.source))
        });
        removed.truncate(EXPLAINED_REMOVALS);
    }
    Ok(removed)
}

/// The patterns whose file name holds a whole name of the call's stack (a language, a
/// technology or one of its aliases: `spring boot`, `springboot`): those a name match can keep
/// whatever their words (see `core::select::bar`), found from the indexed name words without
/// reading a pattern.
pub(super) fn stack_named(
    index: &Index,
    request: &SelectRequest<'_>,
) -> Result<BTreeSet<i64>, IndexError> {
    // Each name of the stack, as the stems of its words (and, for a name of several, the
    // stem of its words run together: `springboot`): a file is named for it only when its
    // name holds all of them (see `core::select::name`).
    let mut names: Vec<Vec<String>> = Vec::new();
    for name in &request.query.stack_names {
        let words: Vec<&str> = name.split([' ', '-']).filter(|w| !w.is_empty()).collect();
        if words.len() > 1 {
            names.push(vec![term_stem(&words.concat())]);
        }
        names.push(words.iter().map(|w| term_stem(w)).collect());
    }
    names.retain(|stems| !stems.is_empty() && stems.iter().all(|s| !s.is_empty()));
    let mut stems: Vec<String> = names.iter().flatten().cloned().collect();
    stems.sort_unstable();
    stems.dedup();
    let mut in_names: BTreeMap<&str, BTreeSet<i64>> = BTreeMap::new();
    for (stem, postings) in stems.iter().zip(index.term_postings(&stems)?) {
        in_names.insert(
            stem,
            postings
                .iter()
                .filter(|p| p.counts[Field::Name as usize] > 0)
                .map(|p| p.pattern_id)
                .collect(),
        );
    }
    let mut named = BTreeSet::new();
    for name in &names {
        let mut holding: Option<BTreeSet<i64>> = None;
        for stem in name {
            let ids = in_names.get(stem.as_str()).cloned().unwrap_or_default();
            holding = Some(match holding {
                None => ids,
                Some(held) => held.intersection(&ids).copied().collect(),
            });
        }
        named.extend(holding.unwrap_or_default());
    }
    Ok(named)
}

fn removed_candidate(
    id: i64,
    source: &str,
    title: &str,
    words: WordEvidence,
    why: Shortfall,
) -> Candidate {
    let mut candidate = Candidate::new(id, source.to_string(), title.to_string());
    candidate.evidence.words = words;
    candidate.score = candidate.evidence.word_score();
    candidate.verdict = Verdict::Dropped(why);
    candidate
}

/// For each long pattern that trails the call's best and holds enough of the call's words for
/// breadth only by its length, how many of them one of its sections holds together (see
/// `bar::has_breadth`). Few candidates of a call qualify, so their texts are read here rather
/// than for every word match.
pub(super) fn section_breadth(
    index: &Index,
    standard: &CallStandard,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    for (&id, candidate) in pool.iter_mut() {
        let words = &candidate.evidence.words;
        let held = words.breadth_terms().count();
        let score = candidate.score;
        // Enough words that fall short only by the pattern's length (so it has one).
        let Some(length_ratio) = words.length_ratio else {
            continue;
        };
        if held < BREADTH_WORDS
            || has_breadth(words)
            || score < BREADTH_SHARE * standard.best_score
            || score >= WORDS_SHARE * standard.best_score
        {
            continue;
        }
        let Some(text) = index.pattern_text(id)? else {
            continue;
        };
        let terms: Vec<String> = words.breadth_terms().map(|t| t.term.clone()).collect();
        let stems = StemSet::of_terms(&terms);
        let spans = text.sections()?;
        let sections = spans
            .iter()
            .map(|s| (s.heading_path.as_slice(), s.text(&text.body)));
        candidate.evidence.words.section_breadth =
            Some(concentrated_breadth(&stems, sections, length_ratio));
    }
    Ok(())
}
