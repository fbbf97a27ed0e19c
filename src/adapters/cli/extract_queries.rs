//! `lore extract-queries`: print, for each tool call, the languages, terms and exact FTS5
//! expression the hook would run. It goes through the hook's own payload mapping and query
//! extraction, so coverage audits are faithful byte for byte.

use std::io::Read;

use anyhow::Context;
use serde_json::Value;

use super::args::ExtractQueriesArgs;
use crate::adapters::claude::hook_query_input;
use crate::adapters::claude::wire::Payload;
use crate::core::query::fts_expression;
use crate::services::inject::query_for;

pub fn run(args: &ExtractQueriesArgs) -> anyhow::Result<i32> {
    let text = match &args.file {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?,
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read tool calls from stdin")?;
            text
        }
    };
    let calls = parse_calls(&text)?;
    for (i, value) in calls.iter().enumerate() {
        let row = extract(i + 1, value)?;
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

#[derive(Debug, serde::Serialize)]
struct Row {
    call: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    event: String,
    tool_name: Option<String>,
    languages: Vec<String>,
    terms: Vec<String>,
    relative_path: Option<String>,
    fts: Option<String>,
}

fn extract(call: usize, value: &Value) -> anyhow::Result<Row> {
    let mut payload: Payload = serde_json::from_value(value.clone())
        .with_context(|| format!("call {call}: not a hook payload object"))?;
    // Eval cases and hand-written calls may omit the event; a tool call is a PreToolUse.
    if payload.hook_event_name.is_none() {
        payload.hook_event_name = Some(
            if payload.tool_name.is_some() {
                "PreToolUse"
            } else {
                "UserPromptSubmit"
            }
            .to_string(),
        );
    }
    let mut input = hook_query_input(&payload);
    // Eval cases carry the transcript's last user message inline.
    if input.last_user_message.is_none() {
        input.last_user_message = value
            .get("last_user_message")
            .and_then(Value::as_str)
            .map(String::from);
    }
    let query = query_for(&input);
    Ok(Row {
        call,
        id: value.get("id").and_then(Value::as_str).map(String::from),
        event: payload.hook_event_name.unwrap_or_default(),
        tool_name: payload.tool_name,
        fts: fts_expression(&query),
        languages: query.languages,
        terms: query.terms,
        relative_path: query.relative_path,
    })
}

fn print_text(row: &Row) {
    let label = row
        .id
        .as_deref()
        .map_or(String::new(), |id| format!(" {id}"));
    println!(
        "call {}{label}: {} {}",
        row.call,
        row.event,
        row.tool_name.as_deref().unwrap_or("")
    );
    if let Some(path) = &row.relative_path {
        println!("  path:      {path}");
    }
    println!("  languages: {}", row.languages.join(" "));
    println!("  terms:     {}", row.terms.join(" "));
    println!(
        "  fts:       {}",
        row.fts
            .as_deref()
            .unwrap_or("(none: the hook would not search)")
    );
}
