//! Whole-pattern ranking, as hooks see the knowledge base: full-text evidence per pattern
//! (content and subject, scaled by name coverage; see `core::select::evidence`), patterns of other
//! projects left out (see `core::select::project_scope`), and, when an embedder answers, each
//! pattern's best section similarity fused with the full-text order by reciprocal rank fusion.
//!
//! Every score that produced the order is kept, for `LORE_DEBUG` and tests.

use std::collections::BTreeMap;

use crate::core::query::Query;
use crate::core::query::{fts_expression, term_stem};
use crate::core::select::bm25::{Posting, RankedText, bm25_scores};
use crate::core::select::evidence::{
    PatternEvidence, noise_floor, pattern_score, vector_only_allowed,
};
use crate::core::select::fusion::{Signals, fuse, passes};
use crate::core::select::name::name_coverage;
use crate::core::select::project_scope::ProjectFolders;
use crate::services::hybrid::{RetrievalMode, query_vector};
use crate::storage::embed::Embedder;
use crate::storage::index::{Index, IndexError, KnowledgeFacts, LanguageGate};

/// How many patterns the vector list contributes before ranking.
const CANDIDATES: usize = 200;

/// One pattern with everything that ranked it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RankedPattern {
    pub pattern_id: i64,
    pub source: String,
    pub title: String,
    #[serde(flatten)]
    pub evidence: PatternEvidence,
    /// Full-text score (see `core::select::evidence`); 0 when only vectors found it.
    pub text_score: f64,
    /// 1-based rank by best section similarity, when vectors took part.
    pub vector_rank: Option<usize>,
    pub similarity: Option<f32>,
    /// How far the best section stands above the query's mean similarity (standard deviations).
    pub similarity_z: Option<f32>,
    /// Normalised fused score (0..1), when vectors took part.
    pub fused: Option<f64>,
    /// Raw reciprocal-rank-fusion sum, when vectors took part.
    pub rrf: Option<f64>,
    /// Passed the noise floor (full text) or the vector and relevance thresholds (hybrid).
    pub eligible: bool,
}

impl RankedPattern {
    fn new(pattern_id: i64, source: String, title: String) -> Self {
        Self {
            pattern_id,
            source,
            title,
            evidence: PatternEvidence::default(),
            text_score: 0.0,
            vector_rank: None,
            similarity: None,
            similarity_z: None,
            fused: None,
            rrf: None,
            eligible: false,
        }
    }
}

/// The ranking a hook's selection starts from.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PatternRanking {
    /// The exact FTS5 MATCH expression (None when the query had no terms).
    pub expression: Option<String>,
    pub mode: RetrievalMode,
    /// Why the ranking is full-text only, or what else went wrong on the way.
    pub notes: Vec<String>,
    /// The full-text score a pattern needs in this knowledge base.
    pub floor: f64,
    /// Best first; patterns of other projects are not here.
    pub patterns: Vec<RankedPattern>,
}

impl PatternRanking {
    /// The eligible patterns, best first.
    pub fn eligible(&self) -> impl Iterator<Item = &RankedPattern> {
        self.patterns.iter().filter(|p| p.eligible)
    }
}

/// What to rank for.
pub struct RankingRequest<'a> {
    pub query: &'a Query,
    /// The focused terms to search (see `services::query_plan`); none searches no words.
    pub terms: &'a [String],
    /// Query embedder for hybrid ranking; None ranks by full text only.
    pub embedder: Option<&'a dyn Embedder>,
    /// The text to embed.
    pub query_text: &'a str,
    /// Fused score a pattern needs when vectors took part.
    pub min_relevance: f64,
    /// Patterns whose broad `paths` glob (`**/*.ts`) matched the touched file.
    pub broad_globs: &'a [i64],
}

/// Rank the knowledge base's patterns for a query.
pub fn rank_patterns(
    index: &Index,
    facts: &KnowledgeFacts,
    request: &RankingRequest<'_>,
) -> Result<PatternRanking, IndexError> {
    let query = request.query;
    let expression = fts_expression(&Query {
        terms: request.terms.to_vec(),
        ..Query::default()
    });
    let gate = LanguageGate::for_query(query);
    let floor = noise_floor(facts.pattern_count);
    let in_scope = |source: &str| in_project_scope(&facts.project_folders, query, source);

    // Ranking by full text alone, a pattern whose score cannot reach the floor whatever its
    // name is never injected: it is left out before its name and languages are read. Fusion
    // needs the whole full-text order, so hybrid ranking keeps every matching pattern.
    let prune_below = request.embedder.is_none().then_some(floor);
    let mut by_id = text_evidence(
        index,
        request.terms,
        &gate,
        &in_scope,
        request.broad_globs,
        prune_below,
    )?;
    for p in by_id.values_mut() {
        p.evidence.name_coverage = name_coverage(&p.source, &query.terms, &facts.name_filler);
        p.text_score = pattern_score(&p.evidence);
        p.eligible = p.text_score >= floor && p.text_score > 0.0;
    }

    let mut notes = Vec::new();
    let mode = match request.embedder {
        None => {
            notes.push("full-text only: hybrid search is off".to_string());
            RetrievalMode::FtsOnly
        }
        Some(embedder) => match query_vector(index, embedder, request.query_text, &mut notes) {
            Err(note) => {
                notes.push(note);
                RetrievalMode::FtsOnly
            }
            Ok((vector, _cached)) => match index.search_vectors(&vector, &gate, usize::MAX, &[]) {
                Err(e) => {
                    notes.push(format!("full-text only: vector search failed: {e}"));
                    RetrievalMode::FtsOnly
                }
                Ok(hits) => {
                    add_vector_evidence(index, &mut by_id, hits, &in_scope)?;
                    fuse_ranks(&mut by_id, facts, request.min_relevance);
                    RetrievalMode::Hybrid
                }
            },
        },
    };

    let mut patterns: Vec<RankedPattern> = by_id.into_values().collect();
    patterns.sort_by(|a, b| {
        // Hybrid: the reciprocal-rank-fusion order (the normalised score only decides
        // `min_relevance`; ordering by it let similarity outvote full-text evidence, which
        // cost recall on the eval set). Full text only: the text score.
        let key = |p: &RankedPattern| p.rrf.unwrap_or(p.text_score);
        key(b)
            .total_cmp(&key(a))
            .then_with(|| b.text_score.total_cmp(&a.text_score))
            .then_with(|| a.source.cmp(&b.source))
    });
    Ok(PatternRanking {
        expression,
        mode,
        notes,
        floor,
        patterns,
    })
}

/// The BM25 of each pattern holding a query word, in its content and in its subject (see
/// `core::select::bm25`), for the patterns that pass the language gate and are in scope. With
/// `prune_below`, patterns whose score stays under it even with a fully covered name are
/// left out before the gate reads anything about them.
fn text_evidence(
    index: &Index,
    terms: &[String],
    gate: &LanguageGate,
    in_scope: &dyn Fn(&str) -> bool,
    broad_globs: &[i64],
    prune_below: Option<f64>,
) -> Result<BTreeMap<i64, RankedPattern>, IndexError> {
    let mut by_id = BTreeMap::new();
    let mut stems: Vec<String> = Vec::new();
    for stem in terms.iter().map(|t| term_stem(t)) {
        if !stem.is_empty() && !stems.contains(&stem) {
            stems.push(stem);
        }
    }
    if stems.is_empty() {
        return Ok(by_id);
    }
    let lists = index.term_postings(&stems)?;
    if lists.iter().all(Vec::is_empty) {
        return Ok(by_id);
    }
    let lengths = index.pattern_lengths()?;
    let lists: Vec<&[Posting]> = lists.iter().map(Vec::as_slice).collect();
    let length = |id: i64, subject: bool| {
        let sizes = lengths.of(id)?;
        Some(if subject { sizes.1 } else { sizes.0 })
    };
    let content = bm25_scores(
        RankedText::CONTENT,
        &lists,
        |id| length(id, false),
        lengths.content,
    );
    let subject = bm25_scores(
        RankedText::SUBJECT,
        &lists,
        |id| length(id, true),
        lengths.subject,
    );
    let mut ids: Vec<i64> = content.keys().chain(subject.keys()).copied().collect();
    ids.sort_unstable();
    ids.dedup();
    let evidence_of = |id: i64| PatternEvidence {
        content_bm25: content.get(&id).copied(),
        subject_bm25: subject.get(&id).copied(),
        name_coverage: None,
        broad_glob: broad_globs.contains(&id),
    };
    if let Some(floor) = prune_below {
        ids.retain(|&id| best_possible_score(&evidence_of(id)) >= floor);
    }
    for (id, (source, title)) in index.patterns_passing(&ids, gate)? {
        if in_scope(&source) {
            let mut pattern = RankedPattern::new(id, source, title);
            pattern.evidence = evidence_of(id);
            by_id.insert(id, pattern);
        }
    }
    Ok(by_id)
}

/// The highest score a pattern's full-text evidence can give, whatever its name covers.
fn best_possible_score(evidence: &PatternEvidence) -> f64 {
    pattern_score(&PatternEvidence {
        name_coverage: Some(1.0),
        ..*evidence
    })
}

/// A pattern of some project's folder applies only in that project (see
/// `core::select::project_scope`); every other pattern applies everywhere.
pub fn in_project_scope(folders: &ProjectFolders, query: &Query, source: &str) -> bool {
    folders
        .scope_of(source)
        .is_none_or(|scope| scope.applies(query.project.as_deref(), query.relative_path.as_deref()))
}

/// Each pattern's best section similarity, and its rank among patterns by it. Patterns no
/// word matched join when they are among the first [`CANDIDATES`] by similarity.
fn add_vector_evidence(
    index: &Index,
    by_id: &mut BTreeMap<i64, RankedPattern>,
    hits: Vec<crate::storage::index::VectorHit>,
    in_scope: &dyn Fn(&str) -> bool,
) -> Result<(), IndexError> {
    // Hits come best first, so a pattern's first hit is its best section.
    let mut best: Vec<(i64, f32, f32)> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for hit in hits {
        if seen.insert(hit.pattern_id) {
            best.push((hit.pattern_id, hit.similarity, hit.z));
        }
    }
    let newcomers: Vec<i64> = best
        .iter()
        .take(CANDIDATES)
        .map(|(id, _, _)| *id)
        .filter(|id| !by_id.contains_key(id))
        .collect();
    for (id, (source, title)) in index.pattern_names(&newcomers)? {
        if in_scope(&source) {
            by_id.insert(id, RankedPattern::new(id, source, title));
        }
    }
    for (rank, (pattern_id, similarity, z)) in best.into_iter().enumerate() {
        if let Some(p) = by_id.get_mut(&pattern_id) {
            p.vector_rank = Some(rank + 1);
            p.similarity = Some(similarity);
            p.similarity_z = Some(z);
        }
    }
    Ok(())
}

/// Fuse the full-text order with the vector order (RRF, normalised; see `core::select::fusion`) and
/// decide eligibility: full-text evidence above the floor, or a vector match that stands out
/// enough for this knowledge base's size; and in both cases a fused score that reaches
/// `min_relevance`.
///
/// Plain RRF on purpose: weighting the vector list by how much lexical evidence the query has,
/// cutting it to its first N, z-score sums, re-ranking only the full-text candidates and
/// vetoing weak similarities were all measured on the shared eval set with the stand-in's
/// model, and none beat full text except at single, fitted constants (`docs/benchmarks.md`,
/// "Retrieval quality").
fn fuse_ranks(by_id: &mut BTreeMap<i64, RankedPattern>, facts: &KnowledgeFacts, min: f64) {
    let mut text_order: Vec<&RankedPattern> =
        by_id.values().filter(|p| p.text_score > 0.0).collect();
    text_order.sort_by(|a, b| {
        b.text_score
            .total_cmp(&a.text_score)
            .then_with(|| a.source.cmp(&b.source))
    });
    let text_rank: BTreeMap<i64, usize> = text_order
        .iter()
        .enumerate()
        .map(|(i, p)| (p.pattern_id, i + 1))
        .collect();
    let candidates: Vec<((String, i64), Signals)> = by_id
        .values()
        .map(|p| {
            (
                (p.source.clone(), p.pattern_id),
                Signals {
                    fts_rank: text_rank.get(&p.pattern_id).copied(),
                    vector_rank: p.vector_rank,
                    similarity: p.similarity.map(f64::from),
                },
            )
        })
        .collect();
    let floor = noise_floor(facts.pattern_count);
    for fused in fuse(candidates) {
        let (_, id) = fused.key;
        if let Some(p) = by_id.get_mut(&id) {
            let evidence = (p.text_score > 0.0 && p.text_score >= floor)
                || vector_only_allowed(facts.pattern_count, p.similarity_z.unwrap_or(f32::MIN));
            p.fused = Some(fused.score);
            p.rrf = Some(fused.rrf);
            p.eligible = evidence && passes(fused.score, min);
        }
    }
}

#[cfg(test)]
mod tests;
