//! `lore status`: where the configuration, patterns and index are, and their state.

use std::path::PathBuf;

use super::args::StatusArgs;
use super::timestamp::format_utc;
use crate::core::embedding_prompt::{EmbeddingPrompts, describe_prefix};
use crate::services::status::{SourceStatus, StatusReport, status_report};
use crate::services::workspace::{ConfigSearch, load_config, locate_config};

pub fn run(explicit: Option<PathBuf>, args: &StatusArgs) -> anyhow::Result<i32> {
    let cwd = std::env::current_dir()?;
    let path = locate_config(&ConfigSearch::from_env(explicit, cwd))?;
    let config = load_config(&path)?;
    let report = status_report(&config);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_text(&report);
    }
    Ok(0)
}

fn print_text(r: &StatusReport) {
    println!("config:        {}", r.config.display());
    println!(
        "knowledge dir: {} ({})",
        r.knowledge_dir.display(),
        serde_json::to_value(r.knowledge_dir_state)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default()
    );
    match &r.index {
        Some(index) => {
            println!(
                "index:         {} (schema {})",
                r.database.display(),
                index.schema_version
            );
            println!(
                "patterns:      {} ({} chunks)",
                index.patterns, index.chunks
            );
            println!(
                "last ingest:   {}",
                index
                    .last_ingest
                    .map_or_else(|| "never".to_string(), format_utc)
            );
            if r.index_incomplete {
                println!(
                    "               incomplete: no ingest finished in it (one was interrupted, or is still running), so it holds nothing to search; run `lore ingest`"
                );
            }
            if !r.stale_patterns.is_empty() {
                println!(
                    "stale:         {} (served in the last version that parsed: the file changed and no longer parses; `lore ingest` says why)",
                    r.stale_patterns.join(", ")
                );
            }
        }
        None => match &r.index_error {
            Some(err) => println!(
                "index:         {} (unreadable: {err})",
                r.database.display()
            ),
            None => println!(
                "index:         {} (not built yet; run `lore ingest`)",
                r.database.display()
            ),
        },
    }
    println!("rule files:    {}", source_counts(&r.sources));
    let e = &r.embeddings;
    if e.configured {
        println!("embeddings:    hybrid on, model {} at {}", e.model, e.host);
        if e.prompts != EmbeddingPrompts::default() {
            println!(
                "prefixes:      query {:?}, document {:?}",
                e.prompts.query, e.prompts.document
            );
        }
        let answers = match &e.ollama {
            Some(p) if p.reachable && p.model_available != Some(false) => "answers".to_string(),
            Some(p) => p
                .problem
                .clone()
                .unwrap_or_else(|| "does not answer".to_string()),
            None => "not checked".to_string(),
        };
        println!("ollama:        {answers}");
    } else {
        println!("embeddings:    off (FTS only; set [search] hybrid = true to enable)");
    }
    if let (Some(model), Some(dimension)) = (&e.stored_model, e.dimension) {
        println!(
            "vectors:       {}/{} chunks embedded ({model}, {dimension} dimensions)",
            e.embedded_chunks, e.total_chunks
        );
        if let Some(stored) = e.stale_document_prefix() {
            println!(
                "               made with {}, not {}: hybrid search is full text only until `lore ingest --force`",
                describe_prefix(stored),
                describe_prefix(&e.prompts.document)
            );
        }
    }
}

/// Other agents' rule files per format, on one line: `cursor 2, copilot off, ...`.
pub fn source_counts(sources: &[SourceStatus]) -> String {
    if sources.iter().all(|s| s.enabled && s.indexed.is_none()) {
        return "not indexed yet".to_string();
    }
    sources
        .iter()
        .map(|s| match (s.enabled, s.indexed) {
            (false, _) => format!("{} off", s.source.key()),
            (true, count) => format!("{} {}", s.source.key(), count.unwrap_or(0)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}
