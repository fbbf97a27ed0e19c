//! Search: run a [`Query`] against the index and return ranked chunks with the scores that
//! produced their order (kept visible for `--json` and `LORE_DEBUG`).

use crate::core::query::{Query, QueryInput, extract_query, fts_expression};
use crate::storage::index::{ChunkHit, Index, IndexError, LanguageGate};

/// One ranked chunk.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RankedChunk {
    /// 1-based position in the result list.
    pub rank: usize,
    /// Final score, higher is better (FTS only: the negated BM25).
    pub score: f64,
    /// Position in the FTS list (1-based).
    pub fts_rank: Option<usize>,
    /// Raw SQLite bm25() value (lower is better).
    pub bm25: Option<f64>,
    pub chunk_id: i64,
    pub pattern_id: i64,
    pub source: String,
    pub title: String,
    pub heading_path: Vec<String>,
    pub line: usize,
}

/// The query as run and what it found.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SearchOutcome {
    pub query: Query,
    /// The exact FTS5 MATCH expression (None when the query had no terms).
    pub expression: Option<String>,
    pub results: Vec<RankedChunk>,
}

/// Turn free text (a CLI or MCP search) into a query, as a prompt would be.
pub fn query_for_text(text: &str) -> Query {
    Query {
        open_language_gate: true,
        ..extract_query(&QueryInput {
            prompt: Some(text.to_string()),
            ..QueryInput::default()
        })
    }
}

/// Search the index with a query; at most `limit` chunks, best first.
pub fn search(index: &Index, query: &Query, limit: usize) -> Result<SearchOutcome, IndexError> {
    let expression = fts_expression(query);
    let hits = match &expression {
        Some(expr) => index.search_fts(expr, &LanguageGate::for_query(query), limit)?,
        None => Vec::new(),
    };
    let results = hits
        .into_iter()
        .enumerate()
        .map(|(i, hit)| ranked_from_fts(i + 1, hit))
        .collect();
    Ok(SearchOutcome {
        query: query.clone(),
        expression,
        results,
    })
}

fn ranked_from_fts(rank: usize, hit: ChunkHit) -> RankedChunk {
    RankedChunk {
        rank,
        score: -hit.bm25,
        fts_rank: Some(rank),
        bm25: Some(hit.bm25),
        chunk_id: hit.chunk_id,
        pattern_id: hit.pattern_id,
        source: hit.source,
        title: hit.title,
        heading_path: hit.heading_path,
        line: hit.line,
    }
}
