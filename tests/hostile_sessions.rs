//! Parallel tool calls of one session, as Claude Code makes them: many `lore hook` processes
//! with one `session_id` started together. Each section of a pattern reaches the session
//! once, as it does for the same calls made one after the other. (An answer that was never
//! delivered gives its sections back: `hostile_input`'s closed-stdout case.)

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod hostile_support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::Duration;

use common::{Workspace, stderr, stdout};
use fs2::FileExt;
use hostile_support::{cwd, ingest, reap, workspace};
use serde_json::json;

/// Calls started together per session, and sessions tried.
const CALLS: usize = 16;
const SESSIONS: usize = 5;
/// How long the test holds a session's ledger while its calls start: they all wait for it
/// (a hook waits up to 500 ms), and then read it within a few milliseconds of each other.
const HOLD: Duration = Duration::from_millis(200);

/// `lore hook` started and waiting for its payload on stdin.
fn spawn_hook(ws: &Workspace) -> Child {
    let mut cmd = ws.process();
    cmd.arg("--config")
        .arg(ws.path("lore.toml"))
        .arg("hook")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd.spawn().unwrap()
}

fn call(ws: &Workspace, session: &str, event: &str) -> String {
    json!({"session_id": session, "cwd": cwd(ws), "hook_event_name": event,
           "source": "startup", "tool_name": "Edit",
           "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a",
                          "new_string": "raise an exception with context"}})
    .to_string()
}

/// The session ledgers in the workspace's runtime folder.
fn ledgers(ws: &Workspace) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(ws.path(".env/runtime/lore")) else {
        return Vec::new();
    };
    entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ledger"))
        .collect()
}

/// Start `CALLS` hooks with `payload` while the session's ledger is locked, so they all read
/// it at about the same time once it is released; their answers' additional context.
fn parallel_calls(ws: &Workspace, ledger: &Path, payload: &str) -> Vec<String> {
    let held = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(ledger)
        .unwrap();
    held.lock_exclusive().unwrap();
    let mut children: Vec<Child> = (0..CALLS).map(|_| spawn_hook(ws)).collect();
    for child in &mut children {
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(payload.as_bytes()).unwrap();
    }
    std::thread::sleep(HOLD);
    FileExt::unlock(&held).unwrap();
    let released = std::time::Instant::now();
    let answers: Vec<String> = children
        .into_iter()
        .map(|mut child| {
            let status = reap(&mut child);
            let out = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(status.code(), Some(0), "{err}");
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            if text.trim().is_empty() {
                return String::new();
            }
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            value["hookSpecificOutput"]["additionalContext"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    println!(
        "hostile: {CALLS} parallel calls of one session, after the ledger's release: all done in {} ms",
        released.elapsed().as_millis()
    );
    answers
}

#[test]
fn parallel_calls_of_one_session_show_each_section_once() {
    let ws = workspace("");
    ingest(&ws);
    let mut duplicates = Vec::new();
    for session in 0..SESSIONS {
        let id = format!("parallel-{session}");
        // The session starts (its ledger is made), then its tool calls run in parallel.
        let before = ledgers(&ws);
        let start = ws.hook(&call(&ws, &id, "SessionStart"));
        assert!(start.status.success(), "{}", stderr(&start));
        let ledger = ledgers(&ws)
            .into_iter()
            .find(|l| !before.contains(l))
            .unwrap();
        let answers = parallel_calls(&ws, &ledger, &call(&ws, &id, "PreToolUse"));
        let shown = answers.iter().filter(|a| a.contains("python.md")).count();
        // The same calls one after the other show it once; so must calls made together.
        assert!(shown >= 1, "{id}: never shown: {answers:?}");
        if shown > 1 {
            duplicates.push(format!("{id}: python.md in {shown} of {CALLS} answers"));
        }
        // And a later call of the session is not shown it again.
        let again = ws.hook(&call(&ws, &id, "PreToolUse"));
        assert!(!stdout(&again).contains("python.md"), "{}", stderr(&again));
    }
    assert!(duplicates.is_empty(), "{duplicates:?}");
}
