//! `lore extract-queries` is documented as the exact query the hook runs: every real payload
//! sample of Claude Code, the Codex CLI and the other agents goes through both `lore hook` (its `LORE_DEBUG=1`
//! trace) and `lore extract-queries --json`, against the same index, and they must agree on
//! whether the hook searches and on what: languages, terms, path and FTS5 expression.
//!
//! Calls the samples lack (a read-only subagent's edit, slash-command and task-notification
//! prompts, a failure of a tool other than Bash) are written here in the samples' shapes and
//! checked the same way, beside the searched calls they differ from.
//!
//! The sample tests need the harnesses' samples beside the repository
//! (`../shared/tools/*-harness/samples`); without them they say so and pass locally, and fail
//! under `CI=true`.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use common::{Workspace, shared_dir, stderr, stdout};
use serde_json::{Value, json};

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

/// Run `payload` through `lore hook` (traced) and `lore extract-queries --json` in `ws`,
/// assert they agree on whether the hook searches and on what, and say whether it searched.
fn agree(ws: &Workspace, harness: &str, flags: &[&str], name: &str, payload: &str) -> bool {
    let config = ws.path("lore.toml");
    let hook = ws
        .lore()
        .env("LORE_DEBUG", "1")
        .arg("--config")
        .arg(&config)
        .arg("hook")
        .args(flags)
        .write_stdin(payload.to_string())
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
        .write_stdin(payload.to_string())
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
        let row_fts = row["fts"].as_str().unwrap_or("(no terms)");
        assert_eq!(fts, row_fts, "{harness} {name}: FTS5 expression");
    }
    hook_searched
}

fn indexed_workspace() -> Workspace {
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    ws
}

fn agree_on_every_sample(harness: &str, flags: &[&str]) {
    let dir = shared_dir().join(format!("tools/{harness}-harness/samples"));
    agree_on_samples_in(&dir, harness, flags, (25, 3));
}

/// `least`: how many samples there must be, and how many of them the hook must search.
fn agree_on_samples_in(
    dir: &std::path::Path,
    harness: &str,
    flags: &[&str],
    least: (usize, usize),
) {
    if !common::input_present(
        dir,
        &format!("the {harness} hook/extract-queries agreement"),
    ) {
        return;
    }
    let ws = indexed_workspace();
    let samples = samples(dir);
    assert!(samples.len() >= least.0, "{} samples", samples.len());
    let searched = samples
        .iter()
        .filter(|(name, payload)| agree(&ws, harness, flags, name, payload))
        .count();
    // The samples hold prompts, edits and commands: an agreement on "nothing" proves nothing.
    assert!(
        searched >= least.1,
        "{harness}: only {searched} samples searched"
    );
}

#[test]
fn claude_code_samples_get_the_query_extract_queries_shows() {
    agree_on_every_sample("claude", &[]);
}

#[test]
fn codex_samples_get_the_query_extract_queries_shows() {
    agree_on_every_sample("codex", &["--codex"]);
}

#[test]
fn other_agents_samples_get_the_query_extract_queries_shows() {
    // Copilot as lore registers it (PascalCase events, whose payload names its event).
    for (agent, folder) in [
        ("gemini", "gemini"),
        ("copilot", "copilot/pascal"),
        ("qwen", "qwen"),
        ("cline", "cline"),
        ("opencode", "opencode"),
    ] {
        let dir = shared_dir().join(format!("tools/agents-harness/samples/{folder}"));
        // Each agent's samples hold an edit it answers (Cline answers nothing else here).
        agree_on_samples_in(&dir, agent, &["--harness", agent], (5, 1));
    }
}

/// Claude Code calls the samples do not cover, in the samples' shapes, each with whether the
/// hook searches on it: a read-only subagent's edit, harness text sent as a prompt (a slash
/// command's wrapper, a background task's notice), a failure of a tool other than Bash; and
/// beside each, the searched call it differs from, so an agreement cannot be on nothing.
fn synthetic_claude_calls() -> Vec<(&'static str, Value, bool)> {
    let with = |extra: Value| {
        let mut payload = json!({
            "session_id": "f5b91131-809c-466e-8296-cf6fcf8a956b",
            "transcript_path": "/nonexistent/transcript.jsonl",
            "cwd": "/home/dev/demo",
            "permission_mode": "bypassPermissions",
        });
        let object = payload.as_object_mut().unwrap();
        for (key, value) in extra.as_object().unwrap() {
            object.insert(key.clone(), value.clone());
        }
        payload
    };
    let edit = json!({
        "file_path": "/home/dev/demo/src/validate_email.rs",
        "old_string": "    s.contains('@')",
        "new_string": "    s.contains('@') && !s.starts_with('@')",
        "replace_all": false
    });
    let subagent_edit = |agent_type: &str| {
        with(json!({
            "agent_id": "a0609450b3e807280", "agent_type": agent_type,
            "hook_event_name": "PreToolUse", "tool_name": "Edit", "tool_input": edit.clone(),
            "tool_use_id": "toolu_harness_0008"
        }))
    };
    let prompt = |text: &str| with(json!({"hook_event_name": "UserPromptSubmit", "prompt": text}));
    let failure = |tool: &str, input: Value, error: &str| {
        with(json!({
            "hook_event_name": "PostToolUseFailure", "tool_name": tool, "tool_input": input,
            "tool_use_id": "toolu_harness_0006", "error": error, "is_interrupt": false
        }))
    };
    vec![
        ("Explore subagent's Edit", subagent_edit("Explore"), false),
        (
            "general-purpose subagent's Edit",
            subagent_edit("general-purpose"),
            true,
        ),
        (
            "slash command prompt",
            prompt(
                "<command-name>/compact</command-name>\n            <command-message>compact</command-message>\n            <command-args></command-args>",
            ),
            false,
        ),
        (
            "task notification prompt",
            prompt(
                "<task-notification>\n<task-id>toolu_01ABC</task-id>\n<status>completed</status>\n<summary>Background command \"npm test\" completed</summary>\n</task-notification>",
            ),
            false,
        ),
        (
            "prompt of the user's own words",
            prompt("Add an email validator in src/validate_email.rs and run the tests."),
            true,
        ),
        (
            "Edit failure",
            failure(
                "Edit",
                edit.clone(),
                "<tool_use_error>String to replace not found in file.\nString:     s.contains('@')</tool_use_error>",
            ),
            false,
        ),
        (
            "Bash failure",
            failure(
                "Bash",
                json!({"command": "cargo test", "description": "Run the tests"}),
                "Exit code 101\nerror[E0308]: mismatched types",
            ),
            true,
        ),
    ]
}

#[test]
fn claude_code_calls_the_samples_lack_get_the_query_extract_queries_shows() {
    let ws = indexed_workspace();
    for (name, payload, searched) in synthetic_claude_calls() {
        assert_eq!(
            agree(&ws, "claude", &[], name, &payload.to_string()),
            searched,
            "{name}: the hook {} search",
            if searched { "should" } else { "should not" }
        );
    }
}
