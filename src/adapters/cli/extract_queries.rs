//! `lore extract-queries`: print, for each tool call, the languages, terms and exact FTS5
//! expression the hook would run. It goes through the hook's own event classification
//! (`[hook] tools`, read-only subagents, slash commands, failures the hook searches), payload
//! mapping and query plan (terms focused for this repository's index, read-only commands
//! skipped), so coverage audits are faithful byte for byte: a payload the hook does not
//! search on is `skipped`, with the reason.
//!
//! Payloads are read as Claude Code's, as the Codex CLI's (`lore hook --codex`) with
//! `--codex`, or as another agent's hook reads them with `--harness NAME`; an `apply_patch`
//! call, which only Codex makes, is read as Codex's either way.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use serde_json::Value;

use super::args::ExtractQueriesArgs;
use super::payload_call::{Searched, add_call_context, harness_of, search_of};
use super::payload_input::read_input;
use crate::adapters::hook_process::MAX_PAYLOAD;
use crate::core::config::{Config, HookConfig};
use crate::core::query::{Dropped, TechnologyTable, repository_path};
use crate::core::sources::Harness;
use crate::services::inject::{MomentSelection, candidate_line, select_for_moment};
use crate::services::query_plan::{Moment, QueryPlan, plan_query};
use crate::services::select::Candidate;
use crate::services::workspace::{ConfigSearch, WorkspaceError, find_config};
use crate::storage::index::Index;

/// Most bytes of tool calls read in one run: two payloads of the hook's own cap, or many
/// thousands of ordinary ones.
const MAX_CALLS_BYTES: u64 = 2 * MAX_PAYLOAD;
/// What a person who ran the command at a terminal is told it waits for.
const WAITING: &str = "lore extract-queries: reading hook payloads as JSON on stdin (one per line, or an array; `lore extract-queries FILE` reads a file)";

pub fn run(config: Option<PathBuf>, args: &ExtractQueriesArgs) -> anyhow::Result<i32> {
    let (config, index) = open_index(config)?;
    let tools = config
        .as_ref()
        .map_or_else(|| HookConfig::default().tools, |c| c.hook.tools.clone());
    let opened = config.as_ref().zip(index.as_ref());
    let text = match &args.file {
        Some(path) => read_input(Some(path), MAX_CALLS_BYTES, "")
            .with_context(|| format!("cannot read {}", path.display()))?,
        None => read_input(None, MAX_CALLS_BYTES, WAITING)
            .context("cannot read tool calls from stdin")?,
    };
    let calls = parse_calls(&text)?;
    for (i, value) in calls.iter().enumerate() {
        let harness = harness_of(args.harness.as_deref(), args.codex, value)?;
        let row = extract(i + 1, value, opened, &tools, harness)?;
        if args.json {
            println!("{}", serde_json::to_string(&row)?);
        } else {
            print_text(&row);
        }
    }
    Ok(0)
}

/// One JSON document (a payload, possibly pretty-printed, or an array of them), or one
/// payload per line. A bad line is an error naming its line number.
fn parse_calls(text: &str) -> anyhow::Result<Vec<Value>> {
    if let Ok(value) = serde_json::from_str::<Value>(text) {
        return Ok(match value {
            Value::Array(items) => items,
            other => vec![other],
        });
    }
    let mut calls = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value = serde_json::from_str(line).with_context(|| {
            format!(
                "line {}: not a JSON tool call; give one hook payload per line or one JSON document",
                n + 1
            )
        })?;
        calls.push(value);
    }
    Ok(calls)
}

/// This repository's configuration and index, when there are: the hook focuses terms by how
/// many of its patterns hold them. Without a lore.toml, every term is shown as searched.
fn open_index(explicit: Option<PathBuf>) -> anyhow::Result<(Option<Config>, Option<Index>)> {
    let named = explicit.is_some();
    let search = ConfigSearch::from_env(explicit, std::env::current_dir()?);
    let config = match find_config(&search) {
        Ok(config) => config,
        Err(WorkspaceError::NotFound { .. }) if !named => {
            eprintln!(
                "note: no lore.toml here, so terms are not focused for an index; run from your repository to see exactly what its hook searches"
            );
            return Ok((None, None));
        }
        Err(e) => return Err(e.into()),
    };
    let Some(index) = Index::open_read_only(&config.database, Duration::from_secs(2))? else {
        eprintln!(
            "note: {} has no index yet (run `lore ingest`), so terms are not focused for it",
            config.database.display()
        );
        return Ok((Some(config), None));
    };
    if !index.ingest_completed()? {
        eprintln!(
            "note: no ingest completed in {} (one was interrupted, or is running), so terms are focused for an empty index; run `lore ingest`",
            config.database.display()
        );
    }
    Ok((Some(config), Some(index)))
}

#[derive(Debug, serde::Serialize)]
struct Row {
    call: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    /// The agent whose hook read the payload, when not Claude Code's (`codex`, `gemini`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    harness: Option<Harness>,
    event: String,
    tool_name: Option<String>,
    languages: Vec<String>,
    /// Technologies the call itself shows, the project's that bear on it, and those only the
    /// user's message names.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    technologies: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    project_technologies: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    message_technologies: Vec<String>,
    terms: Vec<String>,
    relative_path: Option<String>,
    /// Further files the call touches (a Codex patch may edit several).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    other_paths: Vec<String>,
    /// Terms the hook does not search, and why.
    not_searched: Vec<Dropped>,
    /// Why the hook searches nothing for this call.
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<String>,
    fts: Option<String>,
    /// Every candidate the hook would judge, with its evidence and verdict, before session
    /// dedup (which depends on what the session was already shown).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    candidates: Vec<Candidate>,
}

fn extract(
    call: usize,
    value: &Value,
    opened: Option<(&Config, &Index)>,
    tools: &[String],
    harness: Harness,
) -> anyhow::Result<Row> {
    let Searched {
        event,
        tool_name,
        mut input,
        moment,
        ..
    } = search_of(harness, call, value, tools)?;
    add_call_context(&mut input, value, opened.map(|(c, _)| c));
    let searched = moment.clone().unwrap_or(Moment::ToolCall);
    let (plan, selection) = match opened {
        Some((config, index)) if moment.is_ok() => {
            let MomentSelection { plan, selection } =
                select_for_moment(index, config, searched, &input, None, true, Some(harness))?;
            (plan, selection)
        }
        Some((config, index)) => {
            let table = TechnologyTable::with_team(&config.technologies);
            (plan_query(searched, &input, &table, Some(index))?, None)
        }
        None => (
            plan_query(searched, &input, &TechnologyTable::builtin(), None)?,
            None,
        ),
    };
    let QueryPlan {
        query,
        focus,
        expression,
        skipped,
    } = plan;
    let (expression, skipped) = match moment {
        Ok(_) => (expression, skipped.map(String::from)),
        Err(why) => (None, Some(why)),
    };
    Ok(Row {
        call,
        id: value.get("id").and_then(Value::as_str).map(String::from),
        harness: (harness != Harness::ClaudeCode).then_some(harness),
        event,
        tool_name,
        fts: expression,
        languages: query.languages,
        technologies: query.technologies,
        project_technologies: query.project_technologies,
        message_technologies: query.message_technologies,
        terms: query.terms,
        relative_path: query.relative_path,
        other_paths: input
            .other_paths
            .iter()
            .map(|p| repository_path(p, &input))
            .collect(),
        not_searched: focus.dropped,
        skipped,
        candidates: selection.map(|s| s.candidates).unwrap_or_default(),
    })
}

fn describe(dropped: &Dropped) -> String {
    match dropped {
        Dropped::SameStem { term, as_term } => format!("{term} (same stem as {as_term})"),
        Dropped::Everywhere { term, patterns } => {
            format!("{term} (in {patterns} patterns: no weight)")
        }
        Dropped::Common { term, patterns } => {
            format!("{term} (in {patterns} patterns: rarer terms kept)")
        }
    }
}

fn print_text(row: &Row) {
    let label = row
        .id
        .as_deref()
        .map_or(String::new(), |id| format!(" {id}"));
    let harness = row
        .harness
        .map_or(String::new(), |h| format!(" ({})", h.name()));
    println!(
        "call {}{label}{harness}: {} {}",
        row.call,
        row.event,
        row.tool_name.as_deref().unwrap_or("")
    );
    if let Some(path) = &row.relative_path {
        println!("  path:      {path}");
    }
    if !row.other_paths.is_empty() {
        println!("  also:      {}", row.other_paths.join(" "));
    }
    println!("  languages: {}", row.languages.join(" "));
    for (label, list) in [
        ("tech:      ", &row.technologies),
        ("project:   ", &row.project_technologies),
        ("message:   ", &row.message_technologies),
    ] {
        if !list.is_empty() {
            println!("  {label}{}", list.join(" "));
        }
    }
    println!("  terms:     {}", row.terms.join(" "));
    if !row.not_searched.is_empty() {
        let dropped: Vec<String> = row.not_searched.iter().map(describe).collect();
        println!("  dropped:   {}", dropped.join(", "));
    }
    let none = match &row.skipped {
        Some(why) => format!("(none: {why})"),
        None => "(none: the hook would not search)".to_string(),
    };
    println!("  fts:       {}", row.fts.as_deref().unwrap_or(&none));
    if !row.candidates.is_empty() {
        println!("  candidates (before session dedup):");
        for candidate in &row.candidates {
            println!("    {}", candidate_line(candidate));
        }
    }
}
