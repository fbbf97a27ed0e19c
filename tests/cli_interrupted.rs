//! An ingest killed inside its write, through the binary: the previous index stays usable,
//! and a first ingest cut short is reported and completed rather than served empty.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Workspace, stderr, stdout};
use serde_json::Value;

/// Add `count` patterns big enough that indexing them takes a while and spills pages to
/// the WAL before the transaction commits.
fn bulk_patterns(ws: &Workspace, count: usize) {
    for i in 0..count {
        let body: String = (0..20)
            .map(|j| {
                format!(
                    "Filler sentence {j} about module {i}, alpha{} beta{j}.\n",
                    i % 97
                )
            })
            .collect();
        ws.pattern(
            &format!("bulk/p{i:04}.md"),
            &format!("# Bulk {i}\n\n## Section\n\n{body}"),
        );
    }
}

/// Whether a lore process is inside its ingest transaction: the schema is complete (so it is
/// not a migration's) and another connection cannot begin a write. Never creates the file.
fn write_lock_held(database: &std::path::Path) -> bool {
    use rusqlite::{Connection, OpenFlags};
    let Ok(conn) = Connection::open_with_flags(database, OpenFlags::SQLITE_OPEN_READ_WRITE) else {
        return false;
    };
    conn.busy_timeout(std::time::Duration::ZERO).unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap_or(0);
    if version != lore::storage::index::SCHEMA_VERSION {
        return false;
    }
    match conn.execute_batch("BEGIN IMMEDIATE; ROLLBACK;") {
        Ok(()) => false,
        Err(e) => e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy),
    }
}

/// Run `lore <args>` and SIGKILL it the moment it is inside its write transaction. Returns
/// whether it was killed there (false: it finished first).
fn kill_inside_the_write(ws: &Workspace, args: &[&str]) -> bool {
    let database = ws.path(".lore/index.db");
    let mut child = common::lore_command()
        .current_dir(ws.root())
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let killed = loop {
        if child.try_wait().unwrap().is_some() {
            break false;
        }
        if database.is_file() && write_lock_held(&database) {
            child.kill().unwrap(); // SIGKILL: no chance to clean up
            break true;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    };
    child.wait().unwrap();
    killed
}

/// The marker pattern's title and the number of patterns, read from the index file itself.
fn index_state(ws: &Workspace) -> (Option<String>, i64) {
    let conn = rusqlite::Connection::open_with_flags(
        ws.path(".lore/index.db"),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
    )
    .unwrap();
    let title = conn
        .query_row(
            "SELECT title FROM patterns WHERE source = 'marker.md'",
            [],
            |r| r.get(0),
        )
        .ok();
    let count = conn
        .query_row("SELECT count(*) FROM patterns", [], |r| r.get(0))
        .unwrap();
    (title, count)
}

#[test]
fn a_forced_rebuild_killed_inside_its_write_leaves_the_previous_index_usable() {
    let ws = Workspace::with_fixture_kb();
    ws.pattern("marker.md", "# Marker 0\n\nVersion marker.\n");
    ws.lore().arg("ingest").assert().success();
    bulk_patterns(&ws, 2_000);
    let mut committed = (Some("Marker 0".to_string()), 6);
    let mut killed_mid_write = 0;
    for attempt in 1..=5 {
        ws.pattern(
            "marker.md",
            &format!("# Marker {attempt}\n\nVersion marker.\n"),
        );
        let killed = kill_inside_the_write(&ws, &["ingest", "--force"]);
        let state = index_state(&ws);
        let rebuilt = (Some(format!("Marker {attempt}")), 2_006);
        // Whatever moment it died at, the index is the old one or the new one, whole.
        assert!(
            state == committed || state == rebuilt,
            "attempt {attempt}: half-built index {state:?}"
        );
        if killed && state == committed {
            // It was inside its transaction when it died, and nothing of it shows.
            killed_mid_write += 1;
        }
        committed = state;
        let out = ws
            .lore()
            .args(["search", "--json", "insta", "snapshots"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let value: Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(
            value["results"][0]["source"], "testing.md",
            "attempt {attempt}"
        );
        if killed_mid_write >= 2 {
            break;
        }
    }
    assert!(
        killed_mid_write >= 1,
        "no kill landed inside the write transaction in 5 attempts"
    );
    // And the next ingest completes normally.
    ws.lore().arg("ingest").assert().success();
    assert_eq!(index_state(&ws).1, 2_006);
}

#[test]
fn a_first_ingest_killed_inside_its_write_is_reported_and_completed_not_served_empty() {
    let ws = Workspace::with_fixture_kb();
    bulk_patterns(&ws, 2_000);
    let mut killed_mid_write = false;
    for _ in 0..5 {
        let _ = std::fs::remove_dir_all(ws.path(".lore"));
        if kill_inside_the_write(&ws, &["ingest"]) && index_state(&ws).1 == 0 {
            killed_mid_write = true;
            break;
        }
    }
    assert!(
        killed_mid_write,
        "no kill landed inside the first ingest's write in 5 attempts"
    );
    let status = ws.lore().args(["status", "--json"]).output().unwrap();
    let value: Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(value["index_incomplete"], true, "{value}");
    // A search completes the index instead of answering "no patterns match".
    let out = ws
        .lore()
        .args(["search", "--json", "insta", "snapshots"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("held no completed ingest"),
        "{}",
        stderr(&out)
    );
    let value: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(value["results"][0]["source"], "testing.md");
    assert_eq!(index_state(&ws).1, 2_005);
}
