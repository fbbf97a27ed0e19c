//! SessionStart's index refresh, end to end through `lore hook`: a pattern edited in place
//! (same size, modification time put back) is picked up, as are added and removed patterns,
//! an edited rule file of another agent is too, and a session start that finds nothing changed
//! leaves the index file untouched.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::{Duration, SystemTime};

use common::{Workspace, stderr, stdout};
use serde_json::json;

fn session_start(session: &str) -> String {
    json!({
        "session_id": session,
        "cwd": "/x",
        "hook_event_name": "SessionStart",
        "source": "startup",
    })
    .to_string()
}

/// `lore hook` with `payload`, with or without the debug trace.
fn hook(ws: &Workspace, payload: &str, debug: bool) -> std::process::Output {
    let mut cmd = ws.lore();
    cmd.env_remove("LORE_TRACE");
    if debug {
        cmd.env("LORE_DEBUG", "1");
    }
    let out = cmd
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .arg("hook")
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    out
}

fn ingest(ws: &Workspace) {
    let out = ws
        .lore()
        .env_remove("LORE_TRACE")
        .arg("ingest")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Size and modification time of the index file, and the size of its write-ahead log (where
/// a write would go first; a reader may create it empty).
fn index_files(ws: &Workspace) -> (u64, SystemTime, u64) {
    let db = std::fs::metadata(ws.path(".lore/index.db")).unwrap();
    let wal = std::fs::metadata(ws.path(".lore/index.db-wal")).map_or(0, |m| m.len());
    (db.len(), db.modified().unwrap(), wal)
}

fn universal(rule: &str) -> String {
    format!("---\nuniversal: true\n---\n# Always\n\n{rule}\n")
}

#[test]
fn a_session_start_picks_up_an_edit_that_keeps_size_and_mtime() {
    let ws = Workspace::new();
    ws.pattern("always.md", &universal("Keep commits small."));
    ws.pattern("other.md", "# Other\n\nUnrelated words.\n");
    // Older than the window in which a file's stamp is not trusted (see core::file_stamp),
    // as pattern files usually are when a session starts.
    std::thread::sleep(Duration::from_millis(2_200));
    ingest(&ws);

    let before = index_files(&ws);
    assert_eq!(before.2, 0, "the ingest left its log behind");
    let first = hook(&ws, &session_start("s1"), true);
    assert!(stdout(&first).contains("Keep commits small."));
    assert!(
        stderr(&first).contains("index is current"),
        "{}",
        stderr(&first)
    );
    assert_eq!(index_files(&ws), before, "a fresh index was written");

    let path = ws.path("patterns/always.md");
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::fs::write(&path, universal("Keep commits short.")).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(modified)
        .unwrap();
    let edited = hook(&ws, &session_start("s2"), false);
    assert!(
        stdout(&edited).contains("Keep commits short."),
        "{}",
        stdout(&edited)
    );
}

#[test]
fn a_session_start_picks_up_added_and_removed_patterns() {
    let ws = Workspace::new();
    ws.pattern("always.md", &universal("Keep commits small."));
    ingest(&ws);
    std::fs::remove_file(ws.path("patterns/always.md")).unwrap();
    ws.pattern("team/review.md", &universal("Ask for one reviewer."));
    let out = stdout(&hook(&ws, &session_start("s1"), false));
    assert!(out.contains("Ask for one reviewer."), "{out}");
    assert!(!out.contains("Keep commits small."), "{out}");
}

#[test]
fn a_session_start_picks_up_an_edited_rule_file_of_another_agent() {
    let ws = Workspace::new();
    ws.pattern("other.md", "# Other\n\nUnrelated words.\n");
    let rule = ws.path(".cursor/rules/always.mdc");
    std::fs::create_dir_all(rule.parent().unwrap()).unwrap();
    let cursor_rule = |text: &str| format!("---\nalwaysApply: true\n---\n# Always\n\n{text}\n");
    std::fs::write(&rule, cursor_rule("Keep commits small.")).unwrap();
    std::thread::sleep(Duration::from_millis(2_200));
    ingest(&ws);
    let first = hook(&ws, &session_start("s1"), true);
    assert!(
        stdout(&first).contains("Keep commits small."),
        "{}",
        stdout(&first)
    );
    assert!(
        stderr(&first).contains("index is current"),
        "{}",
        stderr(&first)
    );

    std::fs::write(&rule, cursor_rule("Keep commits short and focused.")).unwrap();
    let edited = hook(&ws, &session_start("s2"), false);
    assert!(
        stdout(&edited).contains("Keep commits short and focused."),
        "{}",
        stdout(&edited)
    );
}
