//! Embeddings: the [`Embedder`] trait that turns texts into vectors, its Ollama implementation
//! and a deterministic fake for tests.
//!
//! The API is synchronous: the async HTTP client and its runtime stay inside `ollama.rs`, so the
//! rest of lore never sees tokio. Implementations take the vector dimension from what the model
//! returns; nothing here assumes a size.

mod fake;
mod ollama;

use thiserror::Error;

use crate::core::embedding_prompt::EmbeddingPrompts;

pub use fake::{FailingEmbedder, FakeEmbedder};
pub use ollama::{OllamaEmbedder, OllamaProbe, probe_ollama, pull_model};

/// Something that embeds texts with one model.
pub trait Embedder {
    /// The model name recorded beside stored vectors (a different one needs a rebuild).
    fn model(&self) -> &str;

    /// The prefixes callers put before query and document texts for this model (see
    /// `core::embedding_prompt`); none by default.
    fn prompts(&self) -> EmbeddingPrompts {
        EmbeddingPrompts::default()
    }

    /// One vector per text, in order, all of the same dimension. An empty slice gives an
    /// empty result without contacting anything.
    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError>;
}

/// Why texts could not be embedded.
#[derive(Debug, Error)]
pub enum EmbedError {
    #[error(
        "Ollama at {host} does not answer ({detail}); start it with `ollama serve`, fix `ollama.host` in lore.toml, or set `search.hybrid = false`"
    )]
    Unreachable { host: String, detail: String },
    #[error(
        "Ollama at {host} did not answer within {timeout_ms} ms; raise `ollama.timeout_ms` (ingest) or `ollama.query_timeout_ms` (queries) in lore.toml"
    )]
    Timeout { host: String, timeout_ms: u64 },
    #[error("Ollama has no model `{model}` ({detail}); run `ollama pull {model}`")]
    ModelMissing { model: String, detail: String },
    #[error("Ollama at {host} refused the request: {detail}")]
    Server { host: String, detail: String },
    #[error("unexpected embedding response from {host}: {detail}")]
    BadResponse { host: String, detail: String },
    #[error(
        "`ollama.host` = {host:?} is not a usable URL ({detail}); use e.g. `http://127.0.0.1:11434`"
    )]
    InvalidHost { host: String, detail: String },
    #[error("cannot start the HTTP client for Ollama: {0}")]
    Client(String),
}

impl EmbedError {
    /// The embedding service is absent, slow or misconfigured right now (as opposed to a bug
    /// in a response): callers fall back to full-text search and try again later.
    pub fn is_unavailable(&self) -> bool {
        !matches!(self, Self::BadResponse { .. })
    }
}

/// Check that `vectors` answers `count` texts with one non-empty dimension throughout, and
/// return that dimension (0 for an empty batch).
pub fn check_vectors(host: &str, count: usize, vectors: &[Vec<f32>]) -> Result<usize, EmbedError> {
    let bad = |detail: String| EmbedError::BadResponse {
        host: host.to_string(),
        detail,
    };
    if vectors.len() != count {
        return Err(bad(format!("{} vectors for {count} texts", vectors.len())));
    }
    let dim = vectors.first().map_or(0, Vec::len);
    if count > 0 && dim == 0 {
        return Err(bad("empty vector".to_string()));
    }
    if let Some(v) = vectors.iter().find(|v| v.len() != dim) {
        return Err(bad(format!(
            "vectors of {dim} and {} dimensions in one batch",
            v.len()
        )));
    }
    if vectors.iter().flatten().any(|x| !x.is_finite()) {
        return Err(bad("non-finite value in a vector".to_string()));
    }
    Ok(dim)
}
