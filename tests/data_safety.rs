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
