//! Status: the facts `lore status` and the MCP `lore_status` tool report, as one value.

use std::path::PathBuf;

use crate::core::config::Config;
use crate::core::embedding_prompt::EmbeddingPrompts;
use crate::core::sources::SourceKind;
use crate::services::workspace::{KnowledgeDirState, knowledge_dir_state};
use crate::storage::embed::{OllamaProbe, probe_ollama};
use crate::storage::index::{Index, IndexStats};

/// How long `lore status` waits for Ollama to answer.
const OLLAMA_PROBE_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(1_000);

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct EmbeddingStatus {
    /// Hybrid search is switched on in the configuration.
    pub configured: bool,
    pub model: String,
    pub host: String,
    /// The prefixes queries and sections are embedded with for `model`.
    pub prompts: EmbeddingPrompts,
    /// Model, document prefix and dimension the stored vectors were made with.
    pub stored_model: Option<String>,
    pub stored_document_prefix: Option<String>,
    pub dimension: Option<usize>,
    pub embedded_chunks: u64,
    pub total_chunks: u64,
    /// Whether Ollama answers (checked only when hybrid search is on).
    pub ollama: Option<OllamaProbe>,
}

impl EmbeddingStatus {
    /// The document prefix the stored vectors were made with when hybrid search is on and it
    /// is not the configured one: hybrid search then answers full text only (see
    /// `services::hybrid`) until `lore ingest --force`.
    pub fn stale_document_prefix(&self) -> Option<&str> {
        self.stored_document_prefix
            .as_deref()
            .filter(|p| self.configured && *p != self.prompts.document)
    }
}

/// One kind of other agents' rule files (see `core::sources`): whether lore reads it and how
/// many of its files the index holds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SourceStatus {
    pub source: SourceKind,
    /// Where its files are.
    pub files: &'static str,
    /// Off only when `[sources]` in lore.toml turns it off.
    pub enabled: bool,
    /// Files indexed (None when there is no index to count in).
    pub indexed: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct StatusReport {
    pub config: PathBuf,
    pub knowledge_dir: PathBuf,
    pub knowledge_dir_state: KnowledgeDirState,
    pub database: PathBuf,
    /// None when the index does not exist yet or cannot be read.
    pub index: Option<IndexStats>,
    pub index_error: Option<String>,
    /// Other agents' rule files read in place, one entry per format.
    pub sources: Vec<SourceStatus>,
    /// The index exists, but no ingest of the whole knowledge dir completed in it (one was
    /// interrupted, or is running now): it holds nothing to search until `lore ingest`.
    pub index_incomplete: bool,
    /// Patterns served in their last valid version: their file changed and no longer parses.
    pub stale_patterns: Vec<String>,
    pub embeddings: EmbeddingStatus,
}

/// Each format of other agents' rule files with whether it is on and, given the index, how
/// many of its files are indexed.
pub fn source_statuses(config: &Config, index: Option<&Index>) -> Vec<SourceStatus> {
    let counts = index.and_then(|i| i.rule_source_counts().ok());
    SourceKind::ALL
        .into_iter()
        .map(|kind| SourceStatus {
            source: kind,
            files: kind.files(),
            enabled: config.sources.enabled(kind),
            indexed: counts.as_ref().map(|c| c.get(&kind).copied().unwrap_or(0)),
        })
        .collect()
}

/// Gather the status of a configuration without building or changing anything.
pub fn status_report(config: &Config) -> StatusReport {
    let mut embedding_stats = None;
    let mut sources = source_statuses(config, None);
    let mut index_incomplete = false;
    let mut stale_patterns = Vec::new();
    let (index, index_error) =
        match Index::open_read_only(&config.database, std::time::Duration::from_secs(2)) {
            Ok(Some(index)) => {
                embedding_stats = index.embedding_stats().ok();
                sources = source_statuses(config, Some(&index));
                index_incomplete = index.ingest_completed().is_ok_and(|done| !done);
                stale_patterns = index.stale_sources().unwrap_or_default();
                match index.stats() {
                    Ok(stats) => (Some(stats), None),
                    Err(e) => (None, Some(e.to_string())),
                }
            }
            Ok(None) => (None, None),
            Err(e) => (None, Some(e.to_string())),
        };
    StatusReport {
        config: config.path.clone().unwrap_or_default(),
        knowledge_dir: config.knowledge_dir.clone(),
        knowledge_dir_state: knowledge_dir_state(config),
        database: config.database.clone(),
        index,
        index_error,
        sources,
        index_incomplete,
        stale_patterns,
        embeddings: EmbeddingStatus {
            configured: config.search.hybrid,
            model: config.ollama.model.clone(),
            host: config.ollama.host.clone(),
            prompts: config.ollama.prompts(),
            stored_model: embedding_stats.as_ref().and_then(|s| s.model.clone()),
            stored_document_prefix: embedding_stats
                .as_ref()
                .and_then(|s| s.document_prefix.clone()),
            dimension: embedding_stats.as_ref().and_then(|s| s.dimension),
            embedded_chunks: embedding_stats.as_ref().map_or(0, |s| s.embedded_chunks),
            total_chunks: embedding_stats.as_ref().map_or(0, |s| s.total_chunks),
            ollama: config
                .search
                .hybrid
                .then(|| probe_ollama(&config.ollama, OLLAMA_PROBE_TIMEOUT)),
        },
    }
}
