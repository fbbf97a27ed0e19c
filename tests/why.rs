//! `lore why` through the binary: every candidate of a call with its verdict and reason (a
//! pattern kept by its glob, one by its language's file name, one below the word bar, one
//! the technology gate, the language gate or the paths gate removed), what session dedup
//! left out, the JSON form, and clear errors for bad input.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Workspace, stderr, stdout};
use serde_json::Value;

/// A Python repository's patterns: one for its language, one for a framework it does not
/// use, one for another language, one for a folder, and one loosely related by words.
fn workspace() -> Workspace {
    let ws = Workspace::new();
    ws.pattern(
        "python.md",
        "---\nlanguage: python\n---\n# Python conventions\n\nUse type hints on every function. Prefer pathlib over os.path.\n",
    );
    ws.pattern(
        "django-views.md",
        "---\ntechnologies: [django]\n---\n# Django views\n\nClass-based views for routes; keep handlers thin and move logic into services.\n",
    );
    ws.pattern(
        "rust-errors.md",
        "---\nlanguage: rust\n---\n# Rust errors\n\nUse thiserror for library errors and anyhow at the binary edge.\n",
    );
    ws.pattern(
        "logging.md",
        "# Logging\n\nLog with structured fields. Never log secrets or tokens. Routes log their request id.\n",
    );
    ws.pattern(
        "api-routes.md",
        "---\npaths: [\"src/api/**\"]\n---\n# API routes\n\nEvery route validates its input and returns typed errors.\n",
    );
    let out = ws.lore().arg("ingest").output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    ws
}

fn why(ws: &Workspace, args: &[&str]) -> std::process::Output {
    ws.lore().arg("why").args(args).output().unwrap()
}

/// An Edit payload of `file` (relative to the workspace) adding `text`.
fn edit_payload(ws: &Workspace, session: &str, file: &str, text: &str) -> String {
    serde_json::json!({
        "session_id": session,
        "cwd": ws.root().display().to_string(),
        "hook_event_name": "PreToolUse",
        "tool_name": "Edit",
        "tool_input": {
            "file_path": ws.path(file).display().to_string(),
            "old_string": "pass",
            "new_string": text,
        },
    })
    .to_string()
}

#[test]
fn why_names_each_candidates_verdict_and_reason() {
    let ws = workspace();
    let out = why(&ws, &["--tool", "Write", "src/api/routes.py"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = ws.filter(&stdout(&out));
    // Kept by a glob and by the language's own file; below the bar; gated by technology.
    assert!(text.contains("+ injected     api-routes.md"), "{text}");
    assert!(text.contains("+ injected     python.md"), "{text}");
    assert!(
        text.contains("- dropped      logging.md       below the bar"),
        "{text}"
    );
    assert!(text.contains("django-views.md  technology gate"), "{text}");
    insta::assert_snapshot!("why_text", text);
}

#[test]
fn why_json_keeps_the_evidence_and_adds_outcome_and_reason() {
    let ws = workspace();
    let out = why(&ws, &["--json", "--tool", "Write", "src/api/routes.py"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let candidates = report["candidates"].as_array().unwrap();
    let by_source = |source: &str| {
        candidates
            .iter()
            .find(|c| c["source"] == source)
            .unwrap_or_else(|| panic!("no candidate {source}: {report}"))
    };
    assert_eq!(by_source("api-routes.md")["grounds"], "glob");
    assert_eq!(by_source("api-routes.md")["share"]["budget"], "whole");
    assert_eq!(by_source("logging.md")["shortfall"], "weak_words");
    assert_eq!(by_source("django-views.md")["shortfall"], "technology");
    assert_eq!(
        report["injected"],
        serde_json::json!(["api-routes.md", "python.md"])
    );
    insta::assert_json_snapshot!("why_json", report);
}

#[test]
fn why_reads_a_payload_and_shows_the_language_and_paths_gates() {
    let ws = workspace();
    ws.write(
        "call.json",
        &edit_payload(&ws, "", "src/errors.py", "raise errors like thiserror"),
    );
    let out = why(&ws, &["call.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("rust-errors.md  language gate: it is about a language the call is not in"),
        "{text}"
    );
    assert!(text.contains("api-routes.md   paths gate"), "{text}");
    assert!(text.contains("no session (dedup off)"), "{text}");
}

#[test]
fn why_says_when_a_language_glob_left_it_to_words_and_when_a_folder_named_lifted_the_paths_gate() {
    let ws = Workspace::new();
    ws.write(
        ".github/instructions/style.instructions.md",
        "---\napplyTo: \"**/*.py\"\n---\n# Style\nDocstrings in the imperative mood.\n",
    );
    ws.write(
        ".cursor/rules/release-notes.mdc",
        "---\nglobs: services/**\n---\n# Release notes\nEach user-facing fix adds a note \
         under `.changes/`: what changed for the user, then the ticket.\n",
    );
    let out = ws.lore().arg("ingest").output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    ws.write(
        "py.json",
        &edit_payload(&ws, "", "tools/report.py", "total = sum(rows)"),
    );
    let text = stdout(&why(&ws, &["py.json"]));
    assert!(
        text.contains(
            "its glob `**/*.py` matches the file but only names a language's files, so the \
             call's words decide"
        ),
        "{text}"
    );
    ws.write(
        "note.json",
        &edit_payload(
            &ws,
            "",
            ".changes/faster-export.md",
            "User-facing fix: exports are faster (ticket 12).",
        ),
    );
    let text = stdout(&why(&ws, &["note.json"]));
    assert!(text.contains("+ injected"), "{text}");
    assert!(
        text.contains("its paths name other files, but its text names this file's folder"),
        "{text}"
    );
}

#[test]
fn why_shows_what_the_session_was_already_shown() {
    let ws = workspace();
    let payload = edit_payload(&ws, "why-session", "src/app.py", "def main(): pass");
    // The hook shows python.md to the session once ...
    let hook = ws.hook(&payload);
    assert!(
        stdout(&hook).contains("Python conventions"),
        "{}",
        stderr(&hook)
    );
    // ... so for the session's next such call it is kept but not shown again.
    let out = ws
        .lore()
        .args(["why", "-"])
        .write_stdin(payload)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("= shown before python.md") && text.contains("already shown to this session"),
        "{text}"
    );
    assert!(text.contains("session why-session (dedup on)"), "{text}");
    // Explaining the very call that ran: its own answer is in the record, and the user is
    // told how to see it as a first call.
    assert!(
        text.contains("1 kept pattern was shown to session why-session before")
            && text.contains("--session ''"),
        "{text}"
    );
    let fresh = ws
        .lore()
        .args(["why", "--session", "", "-"])
        .write_stdin(edit_payload(
            &ws,
            "why-session",
            "src/app.py",
            "def main(): pass",
        ))
        .output()
        .unwrap();
    let fresh = stdout(&fresh);
    assert!(fresh.contains("+ injected"), "{fresh}");
    assert!(fresh.contains("no session (dedup off)"), "{fresh}");
    // Another session id gets it again.
    let other = ws
        .lore()
        .args(["why", "--session", "another", "-"])
        .write_stdin(edit_payload(&ws, "why-session", "src/app.py", "x = 1"))
        .output()
        .unwrap();
    assert!(stdout(&other).contains("+ injected"), "{}", stdout(&other));
}

#[test]
fn why_says_when_the_hook_searches_nothing() {
    let ws = workspace();
    ws.write(
        "read.json",
        &serde_json::json!({
            "cwd": ws.root().display().to_string(),
            "hook_event_name": "PreToolUse",
            "tool_name": "Read",
            "tool_input": {"file_path": ws.path("src/app.py").display().to_string()},
        })
        .to_string(),
    );
    let out = why(&ws, &["read.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("the hook searches nothing: `Read` is not one of `[hook] tools`"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn why_shows_what_a_session_start_primes_as_the_hook_sends_it() {
    let ws = workspace();
    ws.pattern(
        "house.md",
        "---\nuniversal: true\n---\n# House rules\n\nSay what you changed.\n",
    );
    assert!(ws.lore().arg("ingest").output().unwrap().status.success());
    let payload = serde_json::json!({"cwd": ws.root().display().to_string(),
        "hook_event_name": "SessionStart", "source": "startup", "session_id": "start-1"})
    .to_string();
    ws.write("start.json", &payload);
    let out = why(&ws, &["start.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("the hook primes the session"), "{text}");
    assert!(text.contains("Say what you changed."), "{text}");
    assert!(text.contains("shown in full or part: house.md"), "{text}");

    // The JSON form carries the very text the hook sends.
    let out = why(&ws, &["--json", "start.json"]);
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let hook = ws.lore().arg("hook").write_stdin(payload).output().unwrap();
    let sent: serde_json::Value = serde_json::from_str(&stdout(&hook)).unwrap();
    assert_eq!(
        report["primed"], sent["hookSpecificOutput"]["additionalContext"],
        "{report}"
    );
}

#[test]
fn why_reads_another_agents_payload_as_its_hook_does() {
    let ws = workspace();
    // Gemini CLI answers after the tool ran (AfterTool), with its own tool names and keys.
    ws.write(
        "gemini.json",
        &serde_json::json!({
            "session_id": "g1",
            "cwd": ws.root().display().to_string(),
            "hook_event_name": "AfterTool",
            "tool_name": "replace",
            "tool_input": {
                "file_path": ws.path("src/api/routes.py").display().to_string(),
                "old_string": "pass",
                "new_string": "return validate(payload)",
            },
            "tool_response": {"llmContent": "Successfully modified file"},
        })
        .to_string(),
    );
    let out = why(&ws, &["--harness", "gemini", "gemini.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("AfterTool replace"), "{text}");
    assert!(text.contains("(the Gemini CLI)"), "{text}");
    assert!(text.contains("+ injected     api-routes.md"), "{text}");
    // Its own event names say whose payload it is: no --harness needed.
    let out = why(&ws, &["--session", "", "gemini.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("(the Gemini CLI)"), "{text}");
    assert!(text.contains("+ injected     api-routes.md"), "{text}");
    // An event that agent's hook does not search is said to be one, in its own terms.
    ws.write(
        "before.json",
        &serde_json::json!({"cwd": ws.root().display().to_string(), "hook_event_name": "BeforeTool", "tool_name": "replace"})
            .to_string(),
    );
    let out = why(&ws, &["--harness", "gemini", "before.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("the hook searches nothing: the hook does nothing on BeforeTool"),
        "{}",
        stdout(&out)
    );
    // --tool builds a Claude Code call, which another agent never sends.
    let out = why(
        &ws,
        &["--harness", "gemini", "--tool", "Edit", "src/app.py"],
    );
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("give one of its hook payloads"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_input_is_an_error_naming_the_file_and_the_remedy() {
    let ws = workspace();
    ws.write("broken.json", "{\"tool_name\": ");
    ws.write("list.json", "[1, 2]");
    for (args, expected) in [
        (
            vec!["missing.json"],
            vec!["cannot read the payload file missing.json", "`-` for stdin"],
        ),
        (
            vec!["broken.json"],
            vec![
                "broken.json is not one JSON document",
                "one hook payload object",
            ],
        ),
        (
            vec!["list.json"],
            vec!["list.json holds JSON but not an object"],
        ),
        (
            vec!["--tool", "Frobnicate", "src/app.py"],
            vec![
                "unknown tool `Frobnicate`",
                "add `Frobnicate` to `[hook] tools`",
            ],
        ),
        (
            vec!["--event", "PreToolUse", "src/app.py"],
            vec!["--event PreToolUse needs --tool"],
        ),
    ] {
        let out = why(&ws, &args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
        for needle in expected {
            assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
        }
    }
    // With --json, the error is JSON on stdout too.
    let out = why(&ws, &["--json", "missing.json"]);
    assert_eq!(out.status.code(), Some(1));
    let error: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(error["error"].as_str().unwrap().contains("missing.json"));
}

#[test]
fn without_an_index_why_says_to_ingest() {
    let ws = Workspace::new();
    let out = why(&ws, &["--tool", "Edit", "src/app.py"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("run `lore ingest`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_fifo_a_device_or_endless_stdin_is_refused_not_read_forever() {
    common::check_unbounded_inputs_are_refused(&workspace(), &["why"], &["why", "-"]);
}

#[test]
fn a_payload_file_that_cannot_be_read_is_named_with_its_cause_once() {
    let ws = workspace();
    let out = why(&ws, &["missing-payload.json"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("missing-payload.json"), "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
}

/// Each agent's real hook payloads (the harnesses' `samples/`) are explained as that agent's
/// hook answers them, without `--harness`: a Gemini session start is not explained as Claude
/// Code's, nor a Qwen shell command as a Bash call Claude Code never made.
#[test]
fn each_agents_payloads_are_explained_as_that_agent_without_being_told() {
    let tools = common::shared_dir().join("tools");
    if !common::input_present(&tools, "why") {
        return;
    }
    let ws = workspace();
    let folders = [
        ("claude-harness/samples", "claude_code"),
        ("codex-harness/samples", "codex"),
        ("agents-harness/samples/gemini", "gemini"),
        ("agents-harness/samples/qwen", "qwen"),
        ("agents-harness/samples/cline", "cline"),
        ("agents-harness/samples/opencode", "opencode"),
        ("agents-harness/samples/copilot/camel", "copilot"),
        ("agents-harness/samples/copilot/pascal", "copilot"),
    ];
    for (folder, expected) in folders {
        let mut read = 0;
        for entry in std::fs::read_dir(tools.join(folder)).unwrap().flatten() {
            let path = entry.path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".json")
                || name == "index.json"
                || name.contains("model-request")
                || name == "hook-schemas.json"
            {
                continue;
            }
            let out = ws
                .lore()
                .args(["why", "--json", "--session", ""])
                .arg(&path)
                .output()
                .unwrap();
            assert!(out.status.success(), "{name}: {}", stderr(&out));
            let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
            assert_eq!(report["harness"], expected, "{folder}/{name}");
            read += 1;
        }
        assert!(read > 0, "no payloads in {folder}");
    }
}
