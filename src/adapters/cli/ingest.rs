//! `lore ingest`: index the knowledge dir and report what changed.

use std::path::Path;

use anyhow::Context;

use super::EXIT_FAILURE;
use super::args::IngestArgs;
use super::progress::TerminalProgress;
use crate::core::config::Config;
use crate::services::ingest::{IngestOptions, IngestReport, ingest_with_embeddings};
use crate::storage::embed::{Embedder, OllamaEmbedder};
use crate::storage::index::{Index, remove_index_files};

pub fn run(config: &Config, args: &IngestArgs) -> anyhow::Result<i32> {
    let mut index = open_for_ingest(config, args.force)?;
    let options = IngestOptions {
        force: args.force,
        file: args.file.clone(),
        ..IngestOptions::default()
    };
    let embedder = OllamaEmbedder::when_hybrid(config, false).unwrap_or_else(|e| {
        eprintln!("warning: {e}; indexing full text only");
        None
    });
    let report = ingest_with_embeddings(
        config,
        &mut index,
        &options,
        embedder.as_ref().map(|e| e as &dyn Embedder),
        &mut TerminalProgress::new("ingest"),
    )?;
    if let Some(warning) = report.embeddings.as_ref().and_then(|e| e.warning.as_ref()) {
        eprintln!("warning: {warning}");
    }
    if args.file.is_some() && !index.ingest_completed()? {
        eprintln!(
            "note: no ingest of the whole knowledge dir has completed in {}, so it holds only the files given; run `lore ingest` to index them all",
            config.database.display()
        );
    }
    if args.json {
        println!("{}", report_json(config, &report));
    } else {
        print_text(config, &report);
    }
    Ok(if report.is_clean() { 0 } else { EXIT_FAILURE })
}

/// Open the index; with `--force`, an index file that cannot be read as one is deleted and
/// rebuilt (never one that is merely busy: another process may be writing it).
fn open_for_ingest(config: &Config, force: bool) -> anyhow::Result<Index> {
    let error = match Index::open(&config.database) {
        Ok(index) => return Ok(index),
        Err(e) => e,
    };
    match error.damage().filter(|_| force) {
        Some(why) => {
            eprintln!(
                "warning: the index {} cannot be read ({why}); rebuilding it",
                config.database.display()
            );
            remove_index_files(&config.database)
                .with_context(|| format!("cannot remove {}", config.database.display()))?;
            Ok(Index::open(&config.database)?)
        }
        None => Err(error.into()),
    }
}

/// Where a pattern file is, as the user would type it: relative to the working directory
/// when it is below it.
pub fn display_path(config: &Config, source: &str) -> String {
    let path = config.knowledge_dir.join(source);
    let cwd = std::env::current_dir().unwrap_or_default();
    path.strip_prefix(&cwd)
        .unwrap_or(Path::new(&path))
        .display()
        .to_string()
}

/// Where another agent's rule file is (its source is relative to the repository root), as
/// the user would type it.
pub fn rule_file_path(config: &Config, source: &str) -> String {
    let root = config.repository_root().unwrap_or(Path::new(""));
    let path = root.join(source);
    let cwd = std::env::current_dir().unwrap_or_default();
    path.strip_prefix(&cwd)
        .unwrap_or(Path::new(&path))
        .display()
        .to_string()
}

/// Warnings about other agents' rule files, one per line on stderr.
pub fn print_rule_warnings(config: &Config, report: &IngestReport) {
    for w in &report.rule_warnings {
        eprintln!(
            "warning: {}:{}: {}",
            rule_file_path(config, &w.source),
            w.line,
            w.message
        );
    }
}

fn print_text(config: &Config, report: &IngestReport) {
    for warning in &report.warnings {
        eprintln!(
            "warning: {}: {}",
            display_path(config, &warning.path),
            warning.message
        );
    }
    print_rule_warnings(config, report);
    for issue in &report.errors {
        eprintln!(
            "error: {}:{}: {}",
            display_path(config, &issue.source),
            issue.line,
            issue.message
        );
    }
    println!("{} in {} ms", report.summary(), report.duration.as_millis());
    if report.rederived {
        println!(
            "read every pattern again: their technologies were found with another technology table (a new lore, or `[[technologies]]` in lore.toml changed)"
        );
    }
    if let Some(e) = &report.embeddings {
        println!(
            "embeddings ({}): {} embedded, {} reused, {} missing",
            e.model, e.embedded, e.reused, e.missing
        );
    }
    if !report.stale.is_empty() {
        let shown: Vec<String> = report
            .stale
            .iter()
            .map(|s| display_path(config, s))
            .collect();
        eprintln!(
            "stale: {} (served in the last version that parsed until the file is fixed)",
            shown.join(", ")
        );
    }
    if !report.errors.is_empty() {
        eprintln!(
            "{} invalid pattern file{} not indexed; fix {} and run `lore ingest` again",
            report.errors.len(),
            if report.errors.len() == 1 { "" } else { "s" },
            if report.errors.len() == 1 {
                "it"
            } else {
                "them"
            },
        );
    }
}

fn report_json(config: &Config, report: &IngestReport) -> serde_json::Value {
    let errors: Vec<_> = report
        .errors
        .iter()
        .map(|e| {
            serde_json::json!({
                "source": e.source,
                "path": config.knowledge_dir.join(&e.source),
                "line": e.line,
                "message": e.message,
            })
        })
        .collect();
    serde_json::json!({
        "knowledge_dir": config.knowledge_dir,
        "added": report.added,
        "updated": report.updated,
        "removed": report.removed,
        "unchanged": report.unchanged,
        "errors": errors,
        "warnings": report.warnings,
        "rule_warnings": report.rule_warnings.iter().map(|w| serde_json::json!({
            "source": w.source,
            "path": config.repository_root().map(|r| r.join(&w.source)),
            "line": w.line,
            "message": w.message,
        })).collect::<Vec<_>>(),
        "stale": report.stale,
        "rederived": report.rederived,
        "embeddings": report.embeddings,
        "duration_ms": report.duration.as_millis() as u64,
    })
}
