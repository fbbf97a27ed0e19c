//! The embedding step of ingest: after the full-text write has committed, give every chunk
//! without a vector one, in batches, each batch in its own transaction.
//!
//! Vectors are keyed by a hash of the embedded text, so a chunk whose text did not change is
//! never sent to the embedder again. Texts carry the prefix the model expects for documents
//! (`search_document: ` for nomic-embed-text; see `core::embedding_prompt`). The index records
//! which model, prefix and dimension its vectors came from; another model, prefix or size is
//! refused with the remedy (`lore ingest --force`, which empties the chunks and so lets the
//! next model start afresh). When the embedder is absent or fails, the step stops with one
//! warning and leaves the full-text index as it is; the next ingest fills in what is missing.

use thiserror::Error;

use super::{IngestError, IngestOptions, IngestProgress, IngestReport, content_hash, ingest};
use crate::core::config::Config;
use crate::core::embedding_prompt::describe_prefix;
use crate::storage::embed::Embedder;
use crate::storage::index::{Index, IndexError, NewEmbedding, PendingChunk, VectorSpace};

/// Texts per embedding request.
pub const EMBED_BATCH: usize = 32;

/// What the embedding step did.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct EmbedReport {
    pub model: String,
    /// Dimension of the stored vectors (None while there are none).
    pub dimension: Option<usize>,
    /// Texts sent to the embedder.
    pub embedded: usize,
    /// Chunks given a vector already stored for the same text.
    pub reused: usize,
    /// Chunks still without a vector after this run.
    pub missing: usize,
    /// Stored vectors no chunk uses any more, removed.
    pub pruned: usize,
    /// Why embedding stopped early: the one warning to show. Sections without a vector are
    /// found by full text alone until a later ingest fills them in.
    pub warning: Option<String>,
}

/// The stored vectors cannot be extended with this embedder.
#[derive(Debug, Error)]
pub enum EmbeddingError {
    #[error(
        "the index holds embeddings made with model `{recorded}`, but `ollama.model` is `{configured}`; run `lore ingest --force` to re-embed every chunk with `{configured}`"
    )]
    ModelChanged {
        recorded: String,
        configured: String,
    },
    #[error(
        "the index holds {recorded}-dimension embeddings, but model `{model}` now returns {found} dimensions; run `lore ingest --force` to re-embed every chunk"
    )]
    DimensionChanged {
        model: String,
        recorded: usize,
        found: usize,
    },
    #[error(
        "the index holds embeddings of texts with {}, but model `{model}` is now given {} (`ollama.document_prefix`); run `lore ingest --force` to re-embed every chunk",
        describe_prefix(recorded),
        describe_prefix(configured)
    )]
    PrefixChanged {
        model: String,
        recorded: String,
        configured: String,
    },
    #[error(transparent)]
    Index(#[from] IndexError),
}

/// The text embedded for a chunk: pattern title, tags and description, then the chunk body
/// (which starts with its own heading).
pub fn embedding_text(chunk: &PendingChunk) -> String {
    let mut text = chunk.title.clone();
    if !chunk.tags.is_empty() {
        text.push('\n');
        text.push_str(&chunk.tags.join(", "));
    }
    if let Some(description) = chunk.description.as_deref().filter(|d| !d.is_empty()) {
        text.push('\n');
        text.push_str(description);
    }
    text.push('\n');
    text.push_str(&chunk.body);
    text
}

/// Give every chunk without a vector one. Call after the full-text write; an embedder that
/// fails ends the step with [`EmbedReport::warning`], not an error.
pub fn embed_missing(
    index: &mut Index,
    embedder: &dyn Embedder,
    progress: &mut dyn IngestProgress,
) -> Result<EmbedReport, EmbeddingError> {
    let model = embedder.model().to_string();
    let mut meta = index.embedding_meta()?;
    if meta.embedded_chunks == 0 {
        // No chunk uses a stored vector (first run, or `--force` emptied the chunks):
        // whatever model made the leftovers, the next one starts afresh.
        index.reset_embeddings()?;
        meta = index.embedding_meta()?;
    }
    if let Some(recorded) = &meta.model {
        if *recorded != model {
            return Err(EmbeddingError::ModelChanged {
                recorded: recorded.clone(),
                configured: model,
            });
        }
    }
    // What the model is told it reads: part of what a vector means, like the model itself.
    let prefix = embedder.prompts().document;
    if let Some(recorded) = meta.document_prefix.filter(|p| *p != prefix) {
        return Err(EmbeddingError::PrefixChanged {
            model,
            recorded,
            configured: prefix,
        });
    }
    let space = VectorSpace {
        model: &model,
        document_prefix: &prefix,
    };
    let mut report = EmbedReport {
        model: model.clone(),
        dimension: meta.dimension,
        ..EmbedReport::default()
    };

    let pending: Vec<(i64, String, String)> = index
        .chunks_missing_embeddings()?
        .iter()
        .map(|c| {
            let text = format!("{prefix}{}", embedding_text(c));
            (c.chunk_id, content_hash(text.as_bytes()), text)
        })
        .collect();
    let hashes: Vec<String> = pending.iter().map(|(_, h, _)| h.clone()).collect();
    let stored = index.stored_text_hashes(&hashes)?;
    if let (Some(dimension), false) = (meta.dimension, stored.is_empty()) {
        let links: Vec<(i64, String)> = pending
            .iter()
            .filter(|(_, h, _)| stored.contains(h))
            .map(|(id, h, _)| (*id, h.clone()))
            .collect();
        index.store_embeddings(&space, dimension, &[], &links)?;
        report.reused = links.len();
    }

    // Distinct texts still to embed, in chunk order.
    let mut to_embed: Vec<(&str, &str)> = Vec::new();
    for (_, hash, text) in &pending {
        if !stored.contains(hash) && !to_embed.iter().any(|(h, _)| h == hash) {
            to_embed.push((hash, text));
        }
    }
    progress.start(to_embed.len());
    for batch in to_embed.chunks(EMBED_BATCH) {
        let texts: Vec<String> = batch.iter().map(|(_, t)| t.to_string()).collect();
        let vectors = match embedder.embed(&texts) {
            Ok(vectors) => vectors,
            Err(e) => {
                report.warning = Some(format!(
                    "embeddings not updated; sections without a vector are found by full text alone until the next `lore ingest`: {e}"
                ));
                break;
            }
        };
        let dimension = vectors.first().map_or(0, Vec::len);
        if let Some(recorded) = report.dimension.filter(|d| *d != dimension) {
            return Err(EmbeddingError::DimensionChanged {
                model: model.clone(),
                recorded,
                found: dimension,
            });
        }
        let new: Vec<NewEmbedding> = batch
            .iter()
            .zip(vectors)
            .map(|((hash, _), vector)| NewEmbedding {
                text_hash: hash.to_string(),
                vector,
            })
            .collect();
        let links: Vec<(i64, String)> = pending
            .iter()
            .filter(|(_, h, _)| batch.iter().any(|(b, _)| b == h))
            .map(|(id, h, _)| (*id, h.clone()))
            .collect();
        index.store_embeddings(&space, dimension, &new, &links)?;
        report.dimension = Some(dimension);
        report.embedded += batch.len();
        progress.advance(report.embedded);
    }
    progress.finish();
    report.pruned = index.prune_embeddings()?;
    let stats = index.embedding_stats()?;
    report.missing = (stats.total_chunks - stats.embedded_chunks.min(stats.total_chunks)) as usize;
    Ok(report)
}

/// [`ingest`], then, when `search.hybrid` is on and an embedder is given, [`embed_missing`]
/// in its own transactions (the full-text ingest has committed either way). The embedding
/// outcome is in [`IngestReport::embeddings`].
pub fn ingest_with_embeddings(
    config: &Config,
    index: &mut Index,
    options: &IngestOptions,
    embedder: Option<&dyn Embedder>,
    progress: &mut dyn IngestProgress,
) -> Result<IngestReport, IngestError> {
    let mut report = ingest(config, index, options, progress)?;
    if let (true, Some(embedder)) = (config.search.hybrid, embedder) {
        report.embeddings = Some(embed_missing(index, embedder, progress)?);
    }
    Ok(report)
}

#[cfg(test)]
mod tests;
