//! Hybrid search: full-text hits fused with vector similarity by reciprocal rank fusion
//! (see `core::select::fusion`), with every pre-fusion score kept for `--json` and `LORE_DEBUG`.
//!
//! Never worse than full-text search: without an embedder, with an embedder that fails or
//! times out, with embeddings missing or made by another model, the outcome is exactly
//! [`search`]'s plus a note saying why. `min_relevance` applies only to fused results.
//! Query vectors are cached in the index, so a repeated query costs no embedding round-trip;
//! a cache that cannot be written (read-only file, busy writer) is skipped, never an error.

use std::collections::BTreeMap;

use crate::core::embedding_prompt::describe_prefix;
use crate::core::query::{Query, fts_expression};
use crate::core::select::fusion::{Signals, fuse, passes};
use crate::services::ingest::content_hash;
use crate::services::search::{RankedChunk, SearchOutcome, search};
use crate::storage::embed::Embedder;
use crate::storage::index::{Index, IndexError, LanguageGate};

/// How the results were produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RetrievalMode {
    Hybrid,
    FtsOnly,
}

/// One ranked chunk with what each retriever said about it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HybridChunk {
    /// Rank, final score (hybrid: 0..1; FTS only: negated BM25), FTS rank and BM25, location.
    #[serde(flatten)]
    pub chunk: RankedChunk,
    /// 1-based rank by cosine similarity among every eligible chunk.
    pub vector_rank: Option<usize>,
    pub similarity: Option<f32>,
    /// How many standard deviations the similarity stands above the mean over every eligible
    /// chunk (model-independent evidence that the chunk is about the query).
    pub similarity_z: Option<f32>,
    /// Raw reciprocal rank fusion sum.
    pub rrf: Option<f64>,
}

/// What a hybrid search found and how.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HybridOutcome {
    pub query: Query,
    /// The exact FTS5 MATCH expression (None when the query had no terms).
    pub expression: Option<String>,
    /// The text that was (or would have been) embedded.
    pub query_text: String,
    pub mode: RetrievalMode,
    /// Why the search is full-text only, or what else went wrong on the way.
    pub notes: Vec<String>,
    /// The query vector came from the cache (no embedding round-trip).
    pub cached_query_vector: bool,
    /// Fused results below `min_relevance`, dropped.
    pub below_threshold: usize,
    pub results: Vec<HybridChunk>,
}

impl HybridOutcome {
    /// The same results as a plain [`SearchOutcome`] (for selection and rendering).
    pub fn to_search_outcome(&self) -> SearchOutcome {
        SearchOutcome {
            query: self.query.clone(),
            expression: self.expression.clone(),
            results: self.results.iter().map(|r| r.chunk.clone()).collect(),
        }
    }

    fn fts_only(outcome: SearchOutcome, query_text: &str, note: String) -> Self {
        Self {
            query: outcome.query,
            expression: outcome.expression,
            query_text: query_text.to_string(),
            mode: RetrievalMode::FtsOnly,
            notes: vec![note],
            cached_query_vector: false,
            below_threshold: 0,
            results: outcome
                .results
                .into_iter()
                .map(|chunk| HybridChunk {
                    chunk,
                    vector_rank: None,
                    similarity: None,
                    similarity_z: None,
                    rrf: None,
                })
                .collect(),
        }
    }
}

/// The text to embed for a query when the caller has no better one (the prompt or command
/// it came from): its terms, space-separated.
pub fn query_text_of(query: &Query) -> String {
    query.terms.join(" ")
}

/// Search with full text and, when `embedder` is given and usable, vectors; at most `limit`
/// chunks, best first. Errors come only from reading the index, exactly as for [`search`].
pub fn hybrid_search(
    index: &Index,
    embedder: Option<&dyn Embedder>,
    query: &Query,
    query_text: &str,
    limit: usize,
    min_relevance: f64,
) -> Result<HybridOutcome, IndexError> {
    let fts = search(index, query, limit)?;
    let Some(embedder) = embedder else {
        return Ok(HybridOutcome::fts_only(
            fts,
            query_text,
            "full-text only: hybrid search is off".to_string(),
        ));
    };
    let mut notes = Vec::new();
    let (vector, cached) = match query_vector(index, embedder, query_text, &mut notes) {
        Ok(found) => found,
        Err(note) => return Ok(HybridOutcome::fts_only(fts, query_text, note)),
    };
    let fts_ids: Vec<i64> = fts.results.iter().map(|r| r.chunk_id).collect();
    let gate = LanguageGate::for_query(query);
    let vector_hits = match index.search_vectors(&vector, &gate, limit, &fts_ids) {
        Ok(hits) => hits,
        Err(e) => {
            let note = format!("full-text only: vector search failed: {e}");
            return Ok(HybridOutcome::fts_only(fts, query_text, note));
        }
    };

    let mut signals: BTreeMap<i64, Signals> = BTreeMap::new();
    for r in &fts.results {
        signals.entry(r.chunk_id).or_default().fts_rank = r.fts_rank;
    }
    for hit in &vector_hits {
        let s = signals.entry(hit.chunk_id).or_default();
        s.vector_rank = Some(hit.rank);
        s.similarity = Some(f64::from(hit.similarity));
    }
    let z_of: BTreeMap<i64, f32> = vector_hits.iter().map(|h| (h.chunk_id, h.z)).collect();
    let ids: Vec<i64> = signals.keys().copied().collect();
    let refs = index.chunk_refs(&ids)?;
    let candidates = signals
        .into_iter()
        .filter_map(|(id, s)| {
            refs.get(&id)
                .map(|r| ((r.source.clone(), r.ordinal, id), s))
        })
        .collect();
    let fused = fuse(candidates);
    let total = fused.len();
    let kept: Vec<_> = fused
        .into_iter()
        // Full-text hits are judged by the full-text rules (selection's noise floor); the
        // threshold guards what the vector list brings on its own.
        .filter(|f| f.signals.fts_rank.is_some() || passes(f.score, min_relevance))
        .collect();
    let below_threshold = total - kept.len();
    let bm25: BTreeMap<i64, Option<f64>> =
        fts.results.iter().map(|r| (r.chunk_id, r.bm25)).collect();
    let results = kept
        .into_iter()
        .take(limit)
        .enumerate()
        .filter_map(|(i, f)| {
            let (_, _, id) = f.key;
            let r = refs.get(&id)?;
            Some(HybridChunk {
                chunk: RankedChunk {
                    rank: i + 1,
                    score: f.score,
                    fts_rank: f.signals.fts_rank,
                    bm25: bm25.get(&id).copied().flatten(),
                    chunk_id: id,
                    pattern_id: r.pattern_id,
                    source: r.source.clone(),
                    title: r.title.clone(),
                    heading_path: r.heading_path.clone(),
                    line: r.line,
                },
                vector_rank: f.signals.vector_rank,
                similarity: f.signals.similarity.map(|s| s as f32),
                similarity_z: z_of.get(&id).copied(),
                rrf: Some(f.rrf),
            })
        })
        .collect();
    Ok(HybridOutcome {
        query: query.clone(),
        expression: fts_expression(query),
        query_text: query_text.to_string(),
        mode: RetrievalMode::Hybrid,
        notes,
        cached_query_vector: cached,
        below_threshold,
        results,
    })
}

/// The query's vector (and whether it came from the cache), or the note explaining why the
/// search must be full-text only. Cache problems only add a note.
pub(crate) fn query_vector(
    index: &Index,
    embedder: &dyn Embedder,
    query_text: &str,
    notes: &mut Vec<String>,
) -> Result<(Vec<f32>, bool), String> {
    let model = embedder.model();
    let stats = index
        .embedding_stats()
        .map_err(|e| format!("full-text only: cannot read embeddings: {e}"))?;
    if stats.embedded_chunks == 0 {
        return Err(
            "full-text only: the index has no embeddings; run `lore ingest` with Ollama running"
                .to_string(),
        );
    }
    if let Some(recorded) = stats.model.as_deref().filter(|m| *m != model) {
        return Err(format!(
            "full-text only: the index embeddings come from `{recorded}` but `ollama.model` is `{model}`; run `lore ingest --force`"
        ));
    }
    let prompts = embedder.prompts();
    if let Some(recorded) = stats
        .document_prefix
        .as_deref()
        .filter(|p| *p != prompts.document)
    {
        return Err(format!(
            "full-text only: the index embeddings are of texts with {} but `{model}` is now given {}; run `lore ingest --force`",
            describe_prefix(recorded),
            describe_prefix(&prompts.document)
        ));
    }
    if stats.embedded_chunks < stats.total_chunks {
        // Sections added since the last embedding run (a hook's refresh, an MCP write) are
        // still found by full text; the vectors that exist keep working.
        notes.push(format!(
            "embeddings cover {} of {} chunks; run `lore ingest` with Ollama running to fill them in",
            stats.embedded_chunks, stats.total_chunks
        ));
    }
    let text = query_text.trim();
    if text.is_empty() {
        return Err("full-text only: no query text to embed".to_string());
    }
    // The model is told it reads a query (`search_query: ` for nomic-embed-text); the cache
    // key covers the prefix, so another prefix never reuses a vector made without it.
    let text = format!("{}{text}", prompts.query);
    let hash = content_hash(text.as_bytes());
    let dimension = stats.dimension.unwrap_or(0);
    match index.cached_query_vector(model, &hash) {
        Ok(Some(v)) if v.len() == dimension => return Ok((v, true)),
        Ok(_) => {}
        Err(e) => notes.push(format!("query cache unreadable: {e}")),
    }
    let vector = embedder
        .embed(&[text])
        .map_err(|e| format!("full-text only: {e}"))?
        .into_iter()
        .next()
        .ok_or_else(|| "full-text only: the embedder returned no vector".to_string())?;
    if vector.len() != dimension {
        return Err(format!(
            "full-text only: `{model}` returned {} dimensions but the index holds {dimension}; run `lore ingest --force`",
            vector.len()
        ));
    }
    if let Err(e) = index.cache_query_vector(model, &hash, &vector) {
        notes.push(format!("query vector not cached: {e}"));
    }
    Ok((vector, false))
}

#[cfg(test)]
mod tests;
