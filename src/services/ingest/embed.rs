//! The embedding step of ingest: after the full-text write has committed, give every chunk
//! without a vector one, in batches, each batch in its own transaction.
//!
//! Vectors are keyed by a hash of the embedded text, so a chunk whose text did not change is
//! never sent to the embedder again. Texts carry the prefix the model expects for documents
//! (`search_document: ` for nomic-embed-text; see `core::embedding_prompt`). The index records
//! which model, prefix and dimension its vectors came from; another model, prefix or size is
//! refused with the remedy (`lore ingest --force`, which empties the chunks and so lets the
//! next model start afresh). A forced rebuild with the same model keeps every stored vector
//! whose text is unchanged, relinked by its hash inside the ingest's own transaction (so no
//! reader, and no crash, sees the rebuilt index without them), whether or not the embedder
//! answers. When
//! the embedder is absent or fails, the step stops with one warning saying what was kept and
//! leaves the full-text index as it is; the next ingest fills in what is missing.

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
    embed_step(index, embedder, progress, Step::default())
}

/// How an embedding step runs.
#[derive(Clone, Copy, Default)]
struct Step {
    /// A rebuild: stored vectors whose model now answers in another dimension are dropped
    /// and every section embedded again, instead of refused.
    rebuild: bool,
    /// Sections the ingest's write already linked to their stored vectors.
    relinked: usize,
}

/// [`embed_missing`], as `step` says.
fn embed_step(
    index: &mut Index,
    embedder: &dyn Embedder,
    progress: &mut dyn IngestProgress,
    step: Step,
) -> Result<EmbedReport, EmbeddingError> {
    let model = embedder.model().to_string();
    // What the model is told it reads: part of what a vector means, like the model itself.
    let prefix = embedder.prompts().document;
    let mut meta = index.embedding_meta()?;
    let same_space =
        meta.model.as_deref() == Some(&model) && meta.document_prefix.as_deref() == Some(&prefix);
    if meta.embedded_chunks == 0 && meta.model.is_some() && !same_space {
        // No section uses a stored vector (`--force` emptied the sections) and they were
        // made by another model or with another prefix: this model starts afresh. Vectors of
        // this model and prefix are kept, and relinked below by the text they embed.
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
    if let Some(recorded) = meta.document_prefix.clone().filter(|p| *p != prefix) {
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
    let (pending, reused) = relink_stored(index, &space, meta.dimension)?;
    let mut report = EmbedReport {
        model: model.clone(),
        dimension: meta.dimension,
        reused: reused + step.relinked,
        ..EmbedReport::default()
    };

    // Distinct texts still to embed, in chunk order.
    let mut to_embed: Vec<(&str, &str)> = Vec::new();
    for chunk in &pending {
        if !chunk.stored && !to_embed.iter().any(|(h, _)| *h == chunk.hash) {
            to_embed.push((&chunk.hash, &chunk.text));
        }
    }
    let mut failure = None;
    progress.start(to_embed.len());
    for batch in to_embed.chunks(EMBED_BATCH) {
        let texts: Vec<String> = batch.iter().map(|(_, t)| t.to_string()).collect();
        let vectors = match embedder.embed(&texts) {
            Ok(vectors) => vectors,
            Err(e) => {
                failure = Some(e);
                break;
            }
        };
        let dimension = vectors.first().map_or(0, Vec::len);
        if let Some(recorded) = report.dimension.filter(|d| *d != dimension) {
            if step.rebuild {
                // The model changed its output under the same name: the kept vectors cannot
                // be compared with its new ones, so the rebuild embeds every section again.
                index.reset_embeddings()?;
                return embed_step(index, embedder, progress, Step::default());
            }
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
            .filter(|c| batch.iter().any(|(b, _)| *b == c.hash))
            .map(|c| (c.chunk_id, c.hash.clone()))
            .collect();
        index.store_embeddings(&space, dimension, &new, &links)?;
        report.dimension = Some(dimension);
        report.embedded += batch.len();
        progress.advance(report.embedded);
    }
    progress.finish();
    report.pruned = index.prune_embeddings()?;
    report.missing = missing_vectors(index)?;
    if let Some(e) = failure {
        report.warning = Some(format!(
            "embeddings not updated ({e}); {} sections whose text is unchanged kept their stored vectors, and the {} others are found by full text alone until the next `lore ingest`",
            report.reused, report.missing
        ));
    }
    Ok(report)
}

/// A section without a vector: its id, the text it is embedded as and that text's hash, and
/// whether a vector of that text is stored.
struct PendingText {
    chunk_id: i64,
    hash: String,
    text: String,
    stored: bool,
}

/// Link every section without a vector to the stored vector of the same text in `space`,
/// when there is one (a forced rebuild or an edit replaced its rows, not its text). Returns
/// every section that was without a vector, and how many were linked.
fn relink_stored(
    index: &mut Index,
    space: &VectorSpace<'_>,
    dimension: Option<usize>,
) -> Result<(Vec<PendingText>, usize), EmbeddingError> {
    let mut pending: Vec<PendingText> = index
        .chunks_missing_embeddings()?
        .iter()
        .map(|c| {
            let text = format!("{}{}", space.document_prefix, embedding_text(c));
            PendingText {
                chunk_id: c.chunk_id,
                hash: content_hash(text.as_bytes()),
                text,
                stored: false,
            }
        })
        .collect();
    let hashes: Vec<String> = pending.iter().map(|c| c.hash.clone()).collect();
    let stored = index.stored_text_hashes(&hashes)?;
    let Some(dimension) = dimension.filter(|_| !stored.is_empty()) else {
        return Ok((pending, 0));
    };
    let mut links = Vec::new();
    for chunk in &mut pending {
        chunk.stored = stored.contains(&chunk.hash);
        if chunk.stored {
            links.push((chunk.chunk_id, chunk.hash.clone()));
        }
    }
    if !links.is_empty() {
        index.store_embeddings(space, dimension, &[], &links)?;
    }
    Ok((pending, links.len()))
}

/// Sections still without a vector.
fn missing_vectors(index: &Index) -> Result<usize, EmbeddingError> {
    let stats = index.embedding_stats()?;
    Ok((stats.total_chunks - stats.embedded_chunks.min(stats.total_chunks)) as usize)
}

/// Whether hybrid search is on and the index's stored vectors were made by the configured
/// model with the configured prefix: the vectors an ingest may link its new sections to.
pub(super) fn stored_vectors_fit(config: &Config, index: &Index) -> Result<bool, IndexError> {
    if !config.search.hybrid {
        return Ok(false);
    }
    let meta = index.embedding_meta()?;
    Ok(meta.model.as_deref() == Some(config.ollama.model.as_str())
        && meta.document_prefix.as_deref() == Some(config.ollama.prompts().document.as_str()))
}

/// The hash a section's vector is stored under with `config`'s prefix (see
/// [`relink_stored`]), for linking inside the ingest's own write.
pub(super) fn text_hash_of(config: &Config) -> Box<dyn Fn(&PendingChunk) -> String + Sync> {
    let prefix = config.ollama.prompts().document;
    Box::new(move |chunk| content_hash(format!("{prefix}{}", embedding_text(chunk)).as_bytes()))
}

/// Without an embedder (hybrid search is on, but none could be made): keep the stored
/// vectors that still fit the configured model and prefix by relinking the sections whose
/// text is unchanged, and embed nothing. None when the index holds no such vectors.
fn keep_stored_vectors(
    index: &mut Index,
    config: &Config,
    relinked: usize,
) -> Result<Option<EmbedReport>, EmbeddingError> {
    let meta = index.embedding_meta()?;
    let prefix = config.ollama.prompts().document;
    if meta.model.as_deref() != Some(config.ollama.model.as_str())
        || meta.document_prefix.as_deref() != Some(prefix.as_str())
    {
        return Ok(None);
    }
    let space = VectorSpace {
        model: &config.ollama.model,
        document_prefix: &prefix,
    };
    let (_, reused) = relink_stored(index, &space, meta.dimension)?;
    Ok(Some(EmbedReport {
        model: config.ollama.model.clone(),
        dimension: meta.dimension,
        reused: reused + relinked,
        missing: missing_vectors(index)?,
        ..EmbedReport::default()
    }))
}

/// [`ingest`], then, when `search.hybrid` is on, the embedding step in its own transactions
/// (the full-text ingest has committed either way): [`embed_missing`] with an embedder, and
/// without one the stored vectors of unchanged sections are kept. A forced rebuild keeps
/// them too, so an absent or silent embedder costs no vector whose text is unchanged. The
/// embedding outcome is in [`IngestReport::embeddings`].
pub fn ingest_with_embeddings(
    config: &Config,
    index: &mut Index,
    options: &IngestOptions,
    embedder: Option<&dyn Embedder>,
    progress: &mut dyn IngestProgress,
) -> Result<IngestReport, IngestError> {
    let mut report = ingest(config, index, options, progress)?;
    if config.search.hybrid {
        // Sections the write linked kept their vectors as well as those linked after it.
        let relinked = report.relinked;
        report.embeddings = match embedder {
            Some(embedder) => Some(embed_step(
                index,
                embedder,
                progress,
                Step {
                    rebuild: options.force,
                    relinked,
                },
            )?),
            None => keep_stored_vectors(index, config, relinked)?,
        };
    }
    Ok(report)
}

#[cfg(test)]
mod tests;
