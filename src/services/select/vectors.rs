//! Vector evidence (hybrid search): each pattern's best section similarity to the query, and
//! the reciprocal-rank fusion of that order with the full-text order (see
//! `core::select::fusion`). Without an embedder, or when it fails, selection is full text only
//! and a note says why.
//!
//! Plain RRF on purpose: weighting the vector list by how much lexical evidence the query has,
//! cutting it to its first N, z-score sums, re-ranking only the full-text candidates and
//! vetoing weak similarities were all measured on the shared eval set with the stand-in's
//! model, and none beat full text except at single, fitted constants (`docs/benchmarks.md`,
//! "Retrieval quality").

use std::collections::{BTreeMap, BTreeSet};

use crate::core::select::evidence::VectorEvidence;
use crate::core::select::fusion::{Signals, fuse};
use crate::services::hybrid::{RetrievalMode, query_vector};
use crate::storage::index::{Index, IndexError, KnowledgeFacts, LanguageGate, VectorHit};

use super::{Pool, SelectRequest, entry, in_project_scope};

/// How many patterns the vector list contributes before ranking.
const CANDIDATES: usize = 200;

/// Add vector evidence to the pool when an embedder answers; returns how the ranking was made.
pub(super) fn vector_evidence(
    index: &Index,
    request: &SelectRequest<'_>,
    facts: &KnowledgeFacts,
    pool: &mut Pool,
    notes: &mut Vec<String>,
) -> Result<RetrievalMode, IndexError> {
    let Some(embedder) = request.embedder else {
        notes.push("full-text only: hybrid search is off".to_string());
        return Ok(RetrievalMode::FtsOnly);
    };
    // Asking the embedder is the slowest step a hook can take.
    request.deadline.check("before the vector search")?;
    let vector = match query_vector(index, embedder, request.query_text, notes) {
        Ok((vector, _cached)) => vector,
        Err(note) => {
            notes.push(note);
            return Ok(RetrievalMode::FtsOnly);
        }
    };
    let gate = LanguageGate::for_query(request.query);
    let hits = match index.search_vectors(&vector, &gate, usize::MAX, &[]) {
        Ok(hits) => hits,
        Err(e) => {
            notes.push(format!("full-text only: vector search failed: {e}"));
            return Ok(RetrievalMode::FtsOnly);
        }
    };
    let best = add_similarities(index, request, facts, pool, hits)?;
    fuse_orders(pool, &best);
    Ok(RetrievalMode::Hybrid)
}

/// Each pattern's best section similarity and its rank among patterns by it. Patterns no
/// word matched join when they are among the first [`CANDIDATES`] by similarity.
fn add_similarities(
    index: &Index,
    request: &SelectRequest<'_>,
    facts: &KnowledgeFacts,
    pool: &mut Pool,
    hits: Vec<VectorHit>,
) -> Result<BTreeMap<i64, (usize, f32, f32)>, IndexError> {
    // Hits come best first, so a pattern's first hit is its best section.
    let mut best: Vec<(i64, f32, f32)> = Vec::new();
    let mut seen = BTreeSet::new();
    for hit in hits {
        if seen.insert(hit.pattern_id) {
            best.push((hit.pattern_id, hit.similarity, hit.z));
        }
    }
    let newcomers: Vec<i64> = best
        .iter()
        .take(CANDIDATES)
        .map(|(id, _, _)| *id)
        .filter(|id| !pool.contains_key(id))
        .collect();
    for (id, (source, title)) in index.pattern_names(&newcomers)? {
        if in_project_scope(&facts.project_folders, request.query, &source) {
            entry(pool, id, &source, &title);
        }
    }
    Ok(best
        .into_iter()
        .enumerate()
        .map(|(rank, (id, similarity, z))| (id, (rank + 1, similarity, z)))
        .collect())
}

/// Fuse the full-text order with the vector order (RRF, normalised; see
/// `core::select::fusion`) and record each candidate's vector evidence.
fn fuse_orders(pool: &mut Pool, best: &BTreeMap<i64, (usize, f32, f32)>) {
    let mut text_order: Vec<(f64, &str, i64)> = pool
        .values()
        .map(|c| (c.evidence.word_score(), c.source.as_str(), c.pattern_id))
        .filter(|(score, _, _)| *score > 0.0)
        .collect();
    text_order.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    let text_rank: BTreeMap<i64, usize> = text_order
        .iter()
        .enumerate()
        .map(|(i, (_, _, id))| (*id, i + 1))
        .collect();
    let signals: Vec<((String, i64), Signals)> = pool
        .values()
        .map(|c| {
            let vector = best.get(&c.pattern_id);
            (
                (c.source.clone(), c.pattern_id),
                Signals {
                    fts_rank: text_rank.get(&c.pattern_id).copied(),
                    vector_rank: vector.map(|v| v.0),
                    similarity: vector.map(|v| f64::from(v.1)),
                },
            )
        })
        .collect();
    for fused in fuse(signals) {
        let (_, id) = fused.key;
        if let (Some(candidate), Some(&(rank, similarity, z))) = (pool.get_mut(&id), best.get(&id))
        {
            candidate.evidence.vector = Some(VectorEvidence {
                rank,
                similarity,
                z,
                rrf: fused.rrf,
                fused: fused.score,
            });
        }
    }
}
