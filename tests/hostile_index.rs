//! Hostile index files, as a repository can ship them (`.lore/index.db` is a path like any
//! other, and `database` can point anywhere): an index whose `patterns` table is a view over
//! an endless recursive query, and a FIFO or a symbolic link where SQLite and lore keep the
//! index's side files (`-journal`, `-wal`, `-shm`, `.write.lock`). Every hook (Claude Code
//! and Codex, a tool call and a session start) keeps its promise (exit 0, one JSON object or
//! nothing, within the deadline); `search`, `status` and `ingest` fail in time naming the
//! file; `lore serve` still answers.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod hostile_support;
mod mcp_support;

use std::time::Duration;

use common::Workspace;
use hostile_support::{
    DEADLINE_MS, MARGIN_MS, check_lore, cwd, ingest, mkfifo, payload, run_lore, workspace,
};
use serde_json::json;

/// The hook calls every hostile index is tried with: Claude Code and Codex, a tool call and
/// a session start.
fn hook_calls(ws: &Workspace, case: &str) {
    let config = ws.path("lore.toml").display().to_string();
    for (harness, args) in [
        ("Claude Code", vec!["--config", config.as_str(), "hook"]),
        (
            "Codex",
            vec!["--config", config.as_str(), "hook", "--codex"],
        ),
    ] {
        for event in ["PreToolUse", "SessionStart"] {
            let input = if harness == "Codex" {
                json!({"command": "*** Begin Patch\n*** Update File: src/app.py\n@@\n-a\n+raise error\n*** End Patch\n"})
            } else {
                json!({"file_path": ws.path("src/app.py"), "old_string": "a", "new_string": "raise error"})
            };
            let tool = if harness == "Codex" {
                "apply_patch"
            } else {
                "Edit"
            };
            check_lore(
                &format!("{case}: {harness} {event}"),
                ws,
                &args,
                payload(
                    json!({"session_id": "crafted", "cwd": cwd(ws), "hook_event_name": event,
                               "source": "startup", "tool_name": tool, "tool_input": input}),
                ),
                false,
            );
        }
    }
}

/// `lore ARGS` ends within the deadline and margin (these commands have no deadline of
/// their own: this is how long a refusal may take) with `code`, saying one of `said` (on
/// stderr, or in its report on stdout).
fn refused_in_time(ws: &Workspace, args: &[&str], code: i32, said: &[&str]) {
    let run = run_lore(ws, args, Vec::new(), false);
    let err = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        run.elapsed <= Duration::from_millis(DEADLINE_MS + MARGIN_MS),
        "{args:?}: {:?}; {err}",
        run.elapsed
    );
    assert_eq!(run.code, Some(code), "{args:?}: {err}");
    assert!(said.iter().any(|s| err.contains(s)), "{args:?}: {err}");
}

/// `lore serve` answers `initialize` and a search (a tool error when the index cannot be
/// read), and its stdin closing ends it.
fn serve_answers(ws: &Workspace) -> String {
    let mut cmd = ws.process();
    cmd.arg("--config").arg(ws.path("lore.toml")).arg("serve");
    let mut server = mcp_support::Server::start_with(&mut cmd);
    let reply = server.call_tool("search_patterns", json!({"query": "errors"}));
    reply["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Replace the index's `patterns` table with a view over an endless recursive query, as a
/// crafted `.lore/index.db` would.
fn craft_endless_view(ws: &Workspace) {
    let conn = rusqlite::Connection::open(ws.path(".lore/index.db")).unwrap();
    conn.execute_batch(
        "PRAGMA foreign_keys = OFF;
         DROP TABLE patterns;
         CREATE VIEW patterns AS
           WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)
           SELECT x AS id, 'p' || x || '.md' AS source, 'T' AS title, '[]' AS tags,
                  '[]' AS languages, 1 AS universal, '{}' AS applies_when, '[]' AS paths,
                  NULL AS description, '' AS content_hash, 0 AS has_declared,
                  '[]' AS technologies
           FROM n;",
    )
    .unwrap();
}

#[test]
fn an_index_lore_did_not_build_is_refused_in_time() {
    let ws = workspace("");
    ingest(&ws);
    craft_endless_view(&ws);
    hook_calls(&ws, "patterns as an endless view");
    let said = ["not built by lore", "not a lore index"];
    refused_in_time(&ws, &["search", "errors"], 1, &said);
    refused_in_time(&ws, &["ingest"], 1, &said);
    refused_in_time(&ws, &["ingest", "--force"], 1, &said);
    let text = serve_answers(&ws);
    assert!(said.iter().any(|s| text.contains(s)), "{text}");
    // Nothing was rebuilt over it: the view is still there.
    let conn = rusqlite::Connection::open(ws.path(".lore/index.db")).unwrap();
    let kind: String = conn
        .query_row(
            "SELECT type FROM sqlite_master WHERE name = 'patterns'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(kind, "view");
}

/// A FIFO or a link in place of one of the index's side files.
fn plant(ws: &Workspace, suffix: &str, link: bool) -> String {
    let side = ws.path(&format!(".lore/index.db{suffix}"));
    let _ = std::fs::remove_file(&side);
    if link {
        std::os::unix::fs::symlink(ws.path("elsewhere"), &side).unwrap();
    } else {
        mkfifo(&side);
    }
    side.display().to_string()
}

#[test]
fn fifos_and_links_at_the_index_side_files_never_block() {
    for suffix in ["-journal", "-wal", "-shm", ".write.lock"] {
        for link in [false, true] {
            let ws = workspace("");
            ingest(&ws);
            let side = plant(&ws, suffix, link);
            let case = format!("{} at index.db{suffix}", if link { "link" } else { "FIFO" });
            hook_calls(&ws, &case);
            if suffix != ".write.lock" {
                // The index is not read through it: commands fail naming the side file.
                let said = [side.as_str()];
                refused_in_time(&ws, &["search", "errors"], 1, &said);
                // `status` reports the index unreadable, and why.
                refused_in_time(&ws, &["status"], 0, &said);
            }
            let text = serve_answers(&ws);
            assert!(!text.is_empty(), "{case}");
        }
    }
}
