//! A command whose reader has gone (`lore status | head -1`): it ends quietly, as other
//! command-line tools do, by SIGPIPE; never with a panic and exit status 101. The hook's own
//! case (exit 0, a line on stderr) is in `safety`.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::process::Stdio;

use common::Workspace;
use serde_json::json;

#[test]
fn commands_whose_stdout_is_closed_end_quietly() {
    let ws = Workspace::with_fixture_kb();
    assert!(ws.lore().arg("ingest").output().unwrap().status.success());
    let payload = json!({"session_id": "s", "cwd": ws.root(), "hook_event_name": "PreToolUse",
                         "tool_name": "Edit",
                         "tool_input": {"file_path": ws.path("src/lib.rs"), "old_string": "a",
                                        "new_string": "fn main() { let x = y.unwrap(); }"}})
    .to_string();
    for args in [
        &["status"][..],
        &["status", "--json"],
        &["search", "errors"],
        &["search", "--json", "errors"],
        &["why", "-"],
        &["extract-queries"],
        &["extract-queries", "--json"],
    ] {
        let mut child = ws
            .process()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before the command writes a byte.
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(payload.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {err}");
        assert!(
            out.status.signal() == Some(libc::SIGPIPE) || out.status.success(),
            "{args:?}: {:?}; {err}",
            out.status
        );
    }
}
