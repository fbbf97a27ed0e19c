//! Data safety through the binary: an interrupted first ingest is never served as an empty
//! index, patterns served in a stale version are listed, and searches wait the query timeout
//! for an embedding server that hangs, never the ingest timeout.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
#[cfg(test)]
mod mcp_support;

use common::{Workspace, stderr};
use serde_json::json;

/// Hybrid search against `host`, with an ingest timeout no test would wait for and a short
/// query timeout.
fn hanging_embedder_config(host: &str) -> String {
    format!(
        "knowledge_dir = \"patterns\"\n\n[search]\nhybrid = true\n\n[ollama]\nhost = \"{host}\"\nmodel = \"m\"\ntimeout_ms = 600000\nquery_timeout_ms = 200\n"
    )
}

#[test]
fn search_waits_the_query_timeout_for_a_hanging_embedder() {
    let ws = Workspace::new();
    ws.write(
        "lore.toml",
        &hanging_embedder_config(&common::silent_server()),
    );
    ws.pattern("errors.md", "# Errors\n\nWrap errors with context.\n");
    common::ingest_with_fake_vectors(&ws.path("lore.toml"), "m");
    let out = ws.lore().args(["search", "errors"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("within 200 ms"), "{err}");
    assert!(common::stdout(&out).contains("errors.md"));
}

#[test]
fn mcp_search_waits_the_query_timeout_for_a_hanging_embedder() {
    let ws = mcp_support::Workspace::new();
    let config = ws.root().join("lore.toml");
    std::fs::write(&config, hanging_embedder_config(&common::silent_server())).unwrap();
    common::ingest_with_fake_vectors(&config, "m");
    let mut server = mcp_support::Server::start(&ws);
    // The reply must come long before the 600 s ingest timeout: the test support gives up
    // after 60 s of silence.
    let reply = server.call_tool("search_patterns", json!({"query": "thiserror enums"}));
    let text = mcp_support::tool_text(&reply);
    assert!(text.contains("errors.md"), "{text}");
}

/// The index a first `lore ingest` leaves when it is killed before its write commits: the
/// schema, and nothing else.
fn interrupted_first_ingest(ws: &Workspace) {
    drop(lore::storage::index::Index::open(&ws.path(".lore/index.db")).unwrap());
}

fn pre_tool_use_bash(command: &str) -> String {
    json!({
        "session_id": "s", "cwd": "/home/dev/demo", "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": command, "description": "Run it"},
    })
    .to_string()
}

#[test]
fn an_interrupted_first_ingest_is_reported_and_never_served_as_empty() {
    let ws = Workspace::with_fixture_kb();
    interrupted_first_ingest(&ws);

    let status = ws.lore().arg("status").output().unwrap();
    assert!(status.status.success(), "{}", stderr(&status));
    let text = common::stdout(&status);
    assert!(text.contains("incomplete"), "{text}");
    assert!(text.contains("run `lore ingest`"), "{text}");
    let json = ws.lore().args(["status", "--json"]).output().unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["index_incomplete"], true, "{value}");

    // A search indexes the knowledge dir into it instead of answering "no patterns match".
    let search = ws
        .lore()
        .args(["search", "--json", "insta", "snapshots"])
        .output()
        .unwrap();
    assert!(search.status.success(), "{}", stderr(&search));
    assert!(
        stderr(&search).contains("held no completed ingest"),
        "{}",
        stderr(&search)
    );
    let value: serde_json::Value = serde_json::from_slice(&search.stdout).unwrap();
    assert_eq!(value["results"][0]["source"], "testing.md", "{value}");
    let json = ws.lore().args(["status", "--json"]).output().unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["index_incomplete"], false, "{value}");
    assert_eq!(value["index"]["patterns"], 5, "{value}");
}

#[test]
fn a_hook_builds_an_interrupted_index_like_a_missing_one() {
    let ws = Workspace::with_fixture_kb();
    interrupted_first_ingest(&ws);
    let output = ws.hook(&pre_tool_use_bash("cargo test"));
    assert_eq!(output.status.code(), Some(0));
    let out = common::stdout(&output);
    assert!(
        out.contains("testing.md"),
        "stdout: {out}\nstderr: {}",
        stderr(&output)
    );
}

#[test]
fn a_hook_that_cannot_build_an_interrupted_index_says_so_and_injects_nothing() {
    let ws = Workspace::with_fixture_kb();
    // Too many files to index inside a hook.
    ws.write(
        "lore.toml",
        &format!(
            "{}\n[hook]\nsession_start_ingest_limit = 1\n",
            common::FTS_CONFIG
        ),
    );
    interrupted_first_ingest(&ws);
    let output = ws.hook(&pre_tool_use_bash("cargo test"));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(common::stdout(&output), "");
    let err = stderr(&output);
    assert!(
        err.contains("holds no completed ingest") && err.contains("run `lore ingest`"),
        "{err}"
    );
}

#[test]
fn stale_patterns_are_listed_by_ingest_status_and_the_hook_trace() {
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    let testing = std::fs::read_to_string(ws.path("patterns/testing.md")).unwrap();
    ws.pattern(
        "testing.md",
        &format!("---\nuniversal: maybe\n---\n{testing}"),
    );

    let ingest = ws.lore().arg("ingest").output().unwrap();
    assert_eq!(ingest.status.code(), Some(1));
    let err = stderr(&ingest);
    assert!(err.contains("stale: patterns/testing.md"), "{err}");
    let json = ws.lore().args(["ingest", "--json"]).output().unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["stale"], json!(["testing.md"]), "{value}");

    let status = ws.lore().arg("status").output().unwrap();
    let text = common::stdout(&status);
    assert!(text.contains("stale:         testing.md"), "{text}");
    let status = ws.lore().args(["status", "--json"]).output().unwrap();
    let value: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(value["stale_patterns"], json!(["testing.md"]), "{value}");

    // The last valid version is still injected, and the trace says it is stale: the debug
    // lines and the LORE_TRACE record.
    let trace_file = ws.path("trace.jsonl");
    let output = ws
        .traced_hook(&trace_file, true, &pre_tool_use_bash("cargo test"))
        .output()
        .unwrap();
    assert!(common::stdout(&output).contains("testing.md"));
    let trace = stderr(&output);
    assert!(
        trace.contains("injected in the last version that parsed")
            && trace.contains("\"testing.md\""),
        "{trace}"
    );
    let record: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&trace_file).unwrap().trim()).unwrap();
    assert_eq!(record["stale"], json!(["testing.md"]), "{record}");
    assert!(
        record["injected"]
            .as_array()
            .unwrap()
            .contains(&json!("testing.md")),
        "{record}"
    );

    ws.pattern("testing.md", &testing);
    ws.lore().arg("ingest").assert().success();
    let status = ws.lore().args(["status", "--json"]).output().unwrap();
    let value: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(value["stale_patterns"], json!([]), "{value}");
}
