//! `lore search`: FTS (and, when configured, hybrid) search from the command line.

use super::args::SearchArgs;
use super::progress::TerminalProgress;
use crate::core::config::Config;
use crate::core::redact::redact;
use crate::services::hybrid::hybrid_search;
use crate::services::search::{SearchOutcome, query_for_text};
use crate::services::workspace::open_index_building_if_missing;
use crate::storage::embed::{Embedder, OllamaEmbedder};

pub fn run(config: &Config, args: &SearchArgs) -> anyhow::Result<i32> {
    let (index, built) =
        open_index_building_if_missing(config, &mut TerminalProgress::new("building index"))?;
    if let Some(built) = built {
        let report = &built.report;
        if built.was_incomplete {
            eprintln!(
                "the index {} held no completed ingest (one was interrupted, or is still running): indexed the knowledge dir into it",
                config.database.display()
            );
        }
        eprintln!(
            "built the index: {} patterns in {} ms",
            report.added.len(),
            report.duration.as_millis()
        );
        for issue in &report.errors {
            eprintln!("warning: {issue}");
        }
        for warning in &report.warnings {
            eprintln!("warning: {warning}");
        }
    }
    // `--json` prints the query as embedded: a secret typed into it stays out (the terms are
    // redacted as they are extracted).
    let text = redact(&args.query.join(" ")).into_owned();
    let top_k = args.top_k.map_or(config.search.top_k, |k| k as usize);
    // A query waits `ollama.query_timeout_ms`, never the ingest timeout meant for batches.
    let embedder = OllamaEmbedder::when_hybrid(config, true).unwrap_or_else(|e| {
        eprintln!("warning: {e}; searching full text only");
        None
    });
    let query = query_for_text(&text);
    if query.terms.is_empty() {
        // Not an error: a query of punctuation or operators must never fail a script.
        eprintln!(
            "note: nothing to search for in {:?}: words of under three letters and common \
             words (`the`, `how`, `with`) are left out; give words a convention would use, \
             e.g. `lore search error handling`",
            text.trim()
        );
    }
    let outcome = hybrid_search(
        &index,
        embedder.as_ref().map(|e| e as &dyn Embedder),
        &query,
        &text,
        top_k,
        config.search.min_relevance,
    )?;
    if config.search.hybrid {
        for note in &outcome.notes {
            eprintln!("note: {note}");
        }
    }
    if args.json {
        let mut json = serde_json::to_value(&outcome)?;
        // Each result with its section's text, which is what a script searches for.
        let ids: Vec<i64> = outcome.results.iter().map(|r| r.chunk.chunk_id).collect();
        let bodies = index.chunk_bodies(&ids)?;
        if let Some(results) = json.get_mut("results").and_then(|r| r.as_array_mut()) {
            for (result, id) in results.iter_mut().zip(&ids) {
                if let (Some(result), Some(body)) = (result.as_object_mut(), bodies.get(id)) {
                    result.insert("text".to_string(), body.clone().into());
                }
            }
        }
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        print_text(&outcome.to_search_outcome());
    }
    Ok(0)
}

fn print_text(outcome: &SearchOutcome) {
    if outcome.results.is_empty() {
        eprintln!("no patterns match");
        return;
    }
    for r in &outcome.results {
        // The title is usually the first heading too; do not print it twice.
        let path = match r.heading_path.split_first() {
            Some((first, rest)) if *first == r.title => rest,
            _ => &r.heading_path[..],
        };
        let heading = if path.is_empty() {
            String::new()
        } else {
            format!(" › {}", path.join(" › "))
        };
        println!("{:>2}. {:>6.2}  {}{heading}", r.rank, r.score, r.title);
        println!("           {}:{}", r.source, r.line);
    }
}
