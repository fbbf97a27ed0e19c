//! `lore extract-queries` is documented as the exact query the hook runs: every real payload
//! sample of Claude Code and the Codex CLI goes through both `lore hook` (its `LORE_DEBUG=1`
//! trace) and `lore extract-queries --json`, against the same index, and they must agree on
//! whether the hook searches and on what: languages, terms, path and FTS5 expression.
//!
//! Needs the harnesses' samples beside the repository (`../shared/tools/*-harness/samples`);
//! without them the test says so and passes locally, and fails under `CI=true`.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use common::{Workspace, shared_dir, stderr, stdout};
use serde_json::Value;

/// What the hook's trace says it searched.
#[derive(Debug, Default, PartialEq)]
struct Traced {
    /// `languages [..] terms [..] path ..` as traced, when the hook planned a query.
    query: Option<(Value, Value, String)>,
    /// The FTS5 expression, `(no terms)` for none, when the hook searched.
    fts: Option<String>,
}

/// Read the hook's `LORE_DEBUG=1` lines (`lore[debug] [   12 µs] query: ...`).
fn traced(trace: &str) -> Traced {
    let mut found = Traced::default();
    for line in trace.lines() {
        let Some((_, note)) = line.split_once(" µs] ") else {
            continue;
        };
        if let Some(query) = note.strip_prefix("query: languages ") {
            let (languages, rest) = query.split_once(" terms ").unwrap();
            let (terms, path) = rest.rsplit_once(" path ").unwrap();
            found.query = Some((
                serde_json::from_str(languages).unwrap(),
                serde_json::from_str(terms).unwrap(),
                path.to_string(),
            ));
        } else if let Some(fts) = note.strip_prefix("fts: ") {
            found.fts = Some(fts.to_string());
        }
    }
    found
}

/// The payload samples of a harness (not its index or schemas), sorted by name.
fn samples(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| {
            !matches!(
                p.file_stem().and_then(|s| s.to_str()),
                Some("index" | "model-request" | "hook-schemas")
            )
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_str().unwrap().to_string();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

fn agree_on_every_sample(harness: &str, flags: &[&str]) {
    let dir = shared_dir().join(format!("tools/{harness}-harness/samples"));
    if !common::input_present(
        &dir,
        &format!("the {harness} hook/extract-queries agreement"),
    ) {
        return;
    }
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    let config = ws.path("lore.toml");
    let samples = samples(&dir);
    assert!(samples.len() >= 25, "{} samples", samples.len());
    let mut searched = 0;
    for (name, payload) in &samples {
        let hook = ws
            .lore()
            .env("LORE_DEBUG", "1")
            .arg("--config")
            .arg(&config)
            .arg("hook")
            .args(flags)
            .write_stdin(payload.clone())
            .output()
            .unwrap();
        assert_eq!(hook.status.code(), Some(0), "{name}");
        let hook = traced(&stderr(&hook));

        let extract = ws
            .lore()
            .arg("--config")
            .arg(&config)
            .args(["extract-queries", "--json"])
            .args(flags)
            .write_stdin(payload.clone())
            .output()
            .unwrap();
        assert!(extract.status.success(), "{name}: {}", stderr(&extract));
        let row: Value = serde_json::from_str(stdout(&extract).trim()).unwrap();

        let hook_searched = hook.fts.is_some();
        assert_eq!(
            hook_searched,
            row["skipped"].is_null(),
            "{harness} {name}: the hook {} but extract-queries says {row}",
            if hook_searched {
                "searched"
            } else {
                "did not search"
            }
        );
        if let Some((languages, terms, path)) = &hook.query {
            assert_eq!(languages, &row["languages"], "{harness} {name}: languages");
            assert_eq!(terms, &row["terms"], "{harness} {name}: terms");
            let row_path = match row["relative_path"].as_str() {
                Some(p) => format!("Some({p:?})"),
                None => "None".to_string(),
            };
            assert_eq!(path, &row_path, "{harness} {name}: path");
        }
        if let Some(fts) = &hook.fts {
            searched += 1;
            let row_fts = row["fts"].as_str().unwrap_or("(no terms)");
            assert_eq!(fts, row_fts, "{harness} {name}: FTS5 expression");
        }
    }
    // The samples hold prompts, edits and commands: an agreement on "nothing" proves nothing.
    assert!(searched >= 3, "{harness}: only {searched} samples searched");
}

#[test]
fn claude_code_samples_get_the_query_extract_queries_shows() {
    agree_on_every_sample("claude", &[]);
}

#[test]
fn codex_samples_get_the_query_extract_queries_shows() {
    agree_on_every_sample("codex", &["--codex"]);
}
