//! A team that keeps its conventions only in other agents' rule files (`AGENTS.md`,
//! `.cursor/rules`): `lore init` adds no example of its own to them, and a checkout without
//! a `patterns/` folder (git keeps no empty one) works: ingest, doctor, and the first
//! pattern the team adds.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used)]

#[cfg(test)]
mod mcp_support;

use mcp_support::{Server, Workspace, tool_text};
use serde_json::{Value, json};

/// A repository holding rule files and nothing of lore's.
fn rules_only() -> Workspace {
    let ws = Workspace::new();
    let root = ws.root();
    std::fs::remove_dir_all(root.join("patterns")).unwrap();
    std::fs::remove_file(root.join("lore.toml")).unwrap();
    std::fs::write(
        root.join("AGENTS.md"),
        "# Orchard\n\nRun `make check` before every commit.\n",
    )
    .unwrap();
    std::fs::create_dir_all(root.join(".cursor/rules")).unwrap();
    std::fs::write(
        root.join(".cursor/rules/errors.mdc"),
        "---\nalwaysApply: true\n---\n# Errors\n\nWrap every error with the call that failed.\n",
    )
    .unwrap();
    ws
}

#[test]
fn init_writes_no_example_among_a_teams_rule_files() {
    let ws = rules_only();
    let out = ws.lore().args(["init"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(ws.patterns().is_dir(), "{err}");
    assert!(ws.pattern_files().is_empty(), "{:?}", ws.pattern_files());
    assert!(err.contains("no example pattern was written"), "{err}");
    // What was indexed is said to be the team's rule files, not patterns of an empty folder.
    let out_text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out_text.contains("indexed 2 patterns into")
            && out_text.contains("(all of them other agents' rule files)"),
        "{out_text}"
    );
    // Without rule files, the example shows what a pattern looks like.
    let bare = Workspace::new();
    std::fs::remove_dir_all(bare.patterns()).unwrap();
    std::fs::remove_file(bare.root().join("lore.toml")).unwrap();
    let out = bare.lore().args(["init"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(bare.pattern_files(), ["error-handling.md"]);
}

#[test]
fn a_checkout_without_the_knowledge_dir_is_served_checked_and_written_to() {
    let ws = rules_only();
    std::fs::write(
        ws.root().join("lore.toml"),
        "knowledge_dir = \"patterns\"\n\n[search]\nhybrid = false\n",
    )
    .unwrap();
    let out = ws.lore().args(["ingest"]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Doctor names the missing folder as what it is, not as a problem.
    let out = ws.lore().args(["doctor", "--json"]).output().unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let files: Vec<&Value> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["check"] == "files")
        .collect();
    assert_eq!(files.len(), 1, "{report:#}");
    assert_eq!(files[0]["status"], "ok", "{report:#}");
    assert!(
        files[0]["message"]
            .as_str()
            .unwrap()
            .contains("reads the repository's 2 rule files"),
        "{report:#}"
    );
    // The first pattern the team adds makes the folder.
    let mut server = Server::start(&ws);
    let added = server.call_tool(
        "add_pattern",
        json!({"title": "Release notes", "body": "Every release lists its migrations.\n"}),
    );
    assert!(
        tool_text(&added).starts_with("Added release-notes.md"),
        "{added}"
    );
    assert_eq!(ws.pattern_files(), ["release-notes.md"]);
}
