//! What a newcomer meets in a first hour with a fresh clone: a command run by hand at a
//! terminal says what it waits for instead of waiting silently; `lore extract-queries` shows
//! the candidates README promises; the eval script without `../shared` says what is missing
//! and what still runs, instead of a Python traceback.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;
use std::process::Command;

use common::{Workspace, stderr, stdout};
use serde_json::json;

/// `script` runs a command on a pseudo-terminal (util-linux, in every Debian).
const SCRIPT: &str = "/usr/bin/script";

#[test]
fn commands_reading_stdin_at_a_terminal_say_what_they_wait_for() {
    if !Path::new(SCRIPT).is_file() {
        assert!(
            !common::in_ci(),
            "CI is set and {SCRIPT} is missing: install util-linux (bsdutils)"
        );
        common::note("first_hour: terminal prompts skipped: /usr/bin/script is missing");
        return;
    }
    let ws = Workspace::new();
    let lore = env!("CARGO_BIN_EXE_lore");
    for (args, says) in [
        ("hook", "reading one hook event as JSON on stdin"),
        ("extract-queries", "reading hook payloads as JSON on stdin"),
        ("why -", "reading one hook payload as JSON on stdin"),
    ] {
        // The command's stdin is the terminal `script` makes; closing ours ends it (Ctrl-D).
        let mut cmd = Command::new(SCRIPT);
        common::without_lore_env(&mut cmd);
        let out = ws
            .isolate(&mut cmd)
            .args(["-q", "-e", "-c", &format!("{lore} {args}"), "/dev/null"])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let shown = stdout(&out);
        assert!(shown.contains(says), "{args}: {shown}");
        assert!(shown.contains("Ctrl-D"), "{args}: {shown}");
    }
    // Not at a terminal (a harness, a pipe): not a word of it.
    let piped = ws.lore().arg("hook").write_stdin("").output().unwrap();
    assert!(stderr(&piped).is_empty(), "{}", stderr(&piped));
}

#[test]
fn extract_queries_text_shows_every_candidate_and_its_verdict() {
    let ws = Workspace::new();
    ws.pattern(
        "python.md",
        "---\nlanguage: python\n---\n# Python conventions\n\nUse type hints.\n",
    );
    ws.pattern(
        "go.md",
        "---\nlanguage: go\n---\n# Go conventions\n\nWrap errors.\n",
    );
    assert!(ws.lore().arg("ingest").output().unwrap().status.success());
    let payload = json!({"hook_event_name": "PreToolUse", "cwd": ws.root(), "tool_name": "Edit",
                         "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a",
                                        "new_string": "def main() -> None: ..."}});
    let out = ws
        .lore()
        .arg("extract-queries")
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("candidates"), "{text}");
    let line = text
        .lines()
        .find(|l| l.contains("python.md"))
        .unwrap_or_else(|| panic!("python.md is no candidate: {text}"));
    assert!(line.trim_start().starts_with('+'), "{line}");
    assert!(line.contains("\"verdict\":\"kept\""), "{line}");
}

#[test]
fn the_eval_script_without_shared_names_what_is_missing() {
    let python = Command::new("python3").arg("--version").output();
    if python.is_err() {
        assert!(!common::in_ci(), "CI is set and python3 is missing");
        common::note("first_hour: eval script skipped: python3 is missing");
        return;
    }
    // A clone of the repository alone: scripts/ with no ../shared beside it.
    let clone = tempfile::tempdir().unwrap();
    let scripts = clone.path().join("lore/scripts");
    std::fs::create_dir_all(&scripts).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/eval.py");
    std::fs::copy(source, scripts.join("eval.py")).unwrap();
    let mut eval = Command::new("python3");
    common::without_lore_env(&mut eval);
    let out = eval
        .current_dir(clone.path().join("lore"))
        .args(["scripts/eval.py", "--lore", env!("CARGO_BIN_EXE_lore")])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains("Traceback"), "{err}");
    assert!(
        err.contains("../shared") && err.contains("dev.jsonl"),
        "{err}"
    );
    assert!(err.contains("cargo test --all-targets"), "{err}");
}
