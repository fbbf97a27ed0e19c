//! Status: the facts `lore status` and the MCP `lore_status` tool report, as one value.

use std::path::PathBuf;

use crate::core::config::Config;
use crate::services::workspace::{KnowledgeDirState, knowledge_dir_state};
use crate::storage::index::{Index, IndexStats};

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct EmbeddingStatus {
    /// Hybrid search is switched on in the configuration.
    pub configured: bool,
    pub model: String,
    pub host: String,
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
    pub embeddings: EmbeddingStatus,
}

/// Gather the status of a configuration without building or changing anything.
pub fn status_report(config: &Config) -> StatusReport {
    let (index, index_error) =
        match Index::open_read_only(&config.database, std::time::Duration::from_secs(2)) {
            Ok(Some(index)) => match index.stats() {
                Ok(stats) => (Some(stats), None),
                Err(e) => (None, Some(e.to_string())),
            },
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
        embeddings: EmbeddingStatus {
            configured: config.search.hybrid,
            model: config.ollama.model.clone(),
            host: config.ollama.host.clone(),
        },
    }
}
