//! `lore hook --codex` end to end through the binary: every real Codex CLI payload sample
//! against the fixture knowledge base (snapshots, and every answer checked against the output
//! schemas embedded in Codex 0.169.0), edits read from apply_patch text, failed shell commands
//! found through the session rollout, the never-break-the-agent cases, and
//! `lore extract-queries` reading the rollout as the hook does (tests/extract_agrees.rs
//! compares the two on every sample).

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use common::{Workspace, shared_dir, stderr, stdout};
use serde_json::{Value, json};

/// Codex replaces additionalContext of this many bytes or more with a truncated preview.
const CODEX_CONTEXT_LIMIT: usize = 10_000;

fn samples_dir() -> PathBuf {
    shared_dir().join("tools/codex-harness/samples")
}

/// The harness's output schemas, or None (after a note) when the harness is not present.
fn schemas() -> Option<Value> {
    let path = samples_dir().join("hook-schemas.json");
    if !common::input_present(&path, "the Codex payload sample tests") {
        return None;
    }
    Some(serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap())
}

/// Every payload sample, sorted by name.
fn samples() -> Vec<(String, String)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(samples_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| {
            !matches!(
                p.file_stem().and_then(|s| s.to_str()),
                Some("index" | "model-request" | "hook-schemas")
            )
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_str().unwrap().to_string();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

fn ingested_fixture() -> Workspace {
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    ws
}

/// `lore --config <ws>/lore.toml hook --codex` with `payload` on stdin.
fn codex_hook(ws: &Workspace, payload: &str) -> std::process::Output {
    ws.lore()
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .args(["hook", "--codex"])
        .write_stdin(payload.to_string())
        .output()
        .unwrap()
}

/// Schema names use kebab case: `PreToolUse` → `pre-tool-use`.
fn schema_name(event: &str) -> String {
    let mut name = String::new();
    for (i, c) in event.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            name.push('-');
        }
        name.push(c.to_ascii_lowercase());
    }
    name
}

/// Check the Codex hook contract on one output and return the injected text, if any: exit 0,
/// at most one JSON line, every field allowed by the event's output schema (Codex rejects the
/// whole answer otherwise), the event's own name, under the size cut-off.
fn contract(output: &std::process::Output, event: &str, schemas: &Value) -> Option<String> {
    assert_eq!(output.status.code(), Some(0), "stderr: {}", stderr(output));
    let out = stdout(output);
    if out.trim().is_empty() {
        return None;
    }
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "at most one JSON object: {out}");
    let value: Value = serde_json::from_str(lines[0]).expect("stdout is JSON");
    let schema = &schemas[format!("{}.command.output", schema_name(event))];
    assert!(schema.is_object(), "Codex has an output schema for {event}");
    assert_eq!(schema["additionalProperties"], false);
    for key in value.as_object().unwrap().keys() {
        assert!(
            schema["properties"].get(key).is_some(),
            "{event}: field {key} is not in Codex's schema"
        );
    }
    let specific = value["hookSpecificOutput"].as_object().unwrap();
    let wire = format!("{event}HookSpecificOutputWire");
    let allowed = &schema["definitions"][&wire]["properties"];
    for key in specific.keys() {
        assert!(allowed.get(key).is_some(), "{event}: {key} not in {wire}");
    }
    assert_eq!(allowed["hookEventName"]["const"], event);
    assert_eq!(specific["hookEventName"], event);
    let text = specific["additionalContext"].as_str().unwrap().to_string();
    assert!(text.len() < CODEX_CONTEXT_LIMIT, "{} bytes", text.len());
    assert!(!text.trim().is_empty());
    Some(text)
}

#[test]
fn every_real_payload_sample_gets_an_answer_codex_accepts() {
    let Some(schemas) = schemas() else {
        return;
    };
    let samples = samples();
    assert!(samples.len() >= 25, "samples: {}", samples.len());
    for (name, payload) in samples {
        // A fresh workspace per sample, so one sample's session ledger cannot hide another's.
        let ws = ingested_fixture();
        let event = serde_json::from_str::<Value>(&payload).unwrap()["hook_event_name"]
            .as_str()
            .unwrap()
            .to_string();
        let output = codex_hook(&ws, &payload);
        // Every event the Codex CLI sends is one lore knows: nothing to report.
        assert_eq!(stderr(&output), "", "{name}");
        let text = contract(&output, &event, &schemas);
        insta::assert_snapshot!(
            format!("sample__{name}"),
            ws.filter(&text.unwrap_or_else(|| "(no output)".to_string()))
        );
    }
}

/// A PreToolUse apply_patch payload editing `paths` (first file as the patch names it).
fn patch_call(session: &str, patch: &str) -> String {
    json!({
        "session_id": session, "turn_id": "t", "cwd": "/home/dev/demo",
        "transcript_path": null, "hook_event_name": "PreToolUse", "model": "gpt-5.5",
        "permission_mode": "bypassPermissions", "tool_name": "apply_patch",
        "tool_input": {"command": patch}, "tool_use_id": "call_1"
    })
    .to_string()
}

#[test]
fn a_patch_gets_the_rules_of_the_file_it_edits() {
    let Some(schemas) = schemas() else {
        return;
    };
    let ws = ingested_fixture();
    // `paths: src/storage/**` matches the patched file, with no word in common.
    let storage = patch_call(
        "p1",
        "*** Begin Patch\n*** Update File: src/storage/zzz.rs\n@@\n-a\n+b\n*** End Patch\n",
    );
    let text = contract(&codex_hook(&ws, &storage), "PreToolUse", &schemas)
        .expect("the glob-scoped rule is injected");
    assert!(text.contains("/patterns/storage-sql.md"), "{text}");
    assert!(
        text.contains("that apply to this apply_patch of src/storage/zzz.rs"),
        "{text}"
    );

    // The language comes from the patched file's path, and the added lines add words: a
    // Rust error edit gets the Rust rule, never the Python one.
    let rust = patch_call(
        "p2",
        "*** Begin Patch\n*** Add File: /home/dev/demo/src/errors.rs\n+// handle errors with specific exception types in python style\n+use thiserror::Error;\n*** End Patch\n",
    );
    let text = contract(&codex_hook(&ws, &rust), "PreToolUse", &schemas).unwrap_or_default();
    assert!(text.contains("rust-errors.md"), "{text}");
    assert!(!text.contains("python-style.md"), "{text}");
}

#[test]
fn each_file_of_a_patch_gets_its_own_rules() {
    let Some(schemas) = schemas() else {
        return;
    };
    let ws = ingested_fixture();
    // The storage file comes second: its folder's rule is due all the same, and the Python
    // file's lines bring the Python rule, judged on that file alone.
    let patch = "*** Begin Patch\n*** Update File: tools/report.py\n@@\n-x = 1\n+# type hints on public functions; run ruff\n+x: int = 1\n*** Update File: src/storage/zzz.rs\n@@\n-a\n+b\n*** End Patch\n";
    let text = contract(
        &codex_hook(&ws, &patch_call("m1", patch)),
        "PreToolUse",
        &schemas,
    )
    .expect("rules are injected");
    assert!(text.contains("/patterns/storage-sql.md"), "{text}");
    assert!(text.contains("/patterns/python-style.md"), "{text}");
    assert!(
        text.contains("that apply to this apply_patch of tools/report.py and 1 other file"),
        "{text}"
    );

    // A Python word in the Rust file's lines does not make the Rust file Python.
    let mixed = "*** Begin Patch\n*** Update File: src/storage/zzz.rs\n@@\n-a\n+// python type hints, ruff\n*** Add File: notes/todo.txt\n+later\n*** End Patch\n";
    let text = contract(
        &codex_hook(&ws, &patch_call("m2", mixed)),
        "PreToolUse",
        &schemas,
    )
    .unwrap_or_default();
    assert!(text.contains("/patterns/storage-sql.md"), "{text}");
    assert!(!text.contains("python-style.md"), "{text}");
}

/// A Codex rollout holding the completion record of call `call_id`.
fn rollout_with(ws: &Workspace, call_id: &str, status: &str, exit_code: i64) -> PathBuf {
    let lines = [
        json!({"type": "event_msg", "payload": {"type": "item_completed", "item": {
            "type": "UserMessage", "id": "u1",
            "content": [{"type": "text", "text": "make the insta snapshot tests pass"}]}}}),
        json!({"type": "event_msg", "payload": {"type": "item_completed", "item": {
            "type": "CommandExecution", "id": call_id, "status": status,
            "aggregated_output": "x", "exit_code": exit_code}}}),
    ];
    let path = ws.path(&format!("rollout-{call_id}.jsonl"));
    let text: Vec<String> = lines.iter().map(Value::to_string).collect();
    std::fs::write(&path, text.join("\n") + "\n").unwrap();
    path
}

fn post_tool_use(session: &str, rollout: &Path, call_id: &str, command: &str, out: &str) -> String {
    json!({
        "session_id": session, "turn_id": "t", "cwd": "/home/dev/demo",
        "transcript_path": rollout, "hook_event_name": "PostToolUse", "model": "gpt-5.5",
        "permission_mode": "bypassPermissions", "tool_name": "Bash",
        "tool_input": {"command": command}, "tool_response": out, "tool_use_id": call_id
    })
    .to_string()
}

#[test]
fn a_failed_command_is_searched_by_its_output_and_a_passing_one_is_not() {
    let Some(schemas) = schemas() else {
        return;
    };
    let ws = ingested_fixture();
    // The rollout says the call exited 101; the output alone says nothing of failure.
    let failed = rollout_with(&ws, "call_7", "failed", 101);
    let payload = post_tool_use(
        "f1",
        &failed,
        "call_7",
        "cargo test --quiet",
        "snapshot assertion for 'parse' mismatched (insta)\n",
    );
    let text = contract(&codex_hook(&ws, &payload), "PostToolUse", &schemas)
        .expect("a failed command gets the conventions its output points to");
    assert!(text.contains("that bear on this failure"), "{text}");
    assert!(text.contains("/patterns/testing.md"), "{text}");

    // The same output from a command the rollout records as exit 0: nothing.
    let passed = rollout_with(&ws, "call_8", "completed", 0);
    let payload = post_tool_use(
        "f2",
        &passed,
        "call_8",
        "cargo test --quiet",
        "FAILED (expected)\n",
    );
    assert_eq!(
        contract(&codex_hook(&ws, &payload), "PostToolUse", &schemas),
        None
    );

    // No rollout record (another client version): a test runner's failure line decides.
    let none = ws.path("no-rollout.jsonl");
    let payload = post_tool_use(
        "f3",
        &none,
        "call_9",
        "cargo test",
        "test parse ... FAILED\n\ntest result: FAILED. 0 passed; 1 failed\n",
    );
    let text = contract(&codex_hook(&ws, &payload), "PostToolUse", &schemas)
        .expect("a failing test run is recognised from its output");
    assert!(text.contains("/patterns/testing.md"), "{text}");
}

#[test]
fn sessions_reset_on_startup_and_compact_and_keep_their_record_on_resume() {
    let Some(schemas) = schemas() else {
        return;
    };
    let ws = ingested_fixture();
    let call = json!({
        "session_id": "dedup", "turn_id": "t", "cwd": "/home/dev/demo", "transcript_path": null,
        "hook_event_name": "PreToolUse", "model": "gpt-5.5", "permission_mode": "default",
        "tool_name": "Bash", "tool_input": {"command": "cargo test"}, "tool_use_id": "c"
    })
    .to_string();
    let start = |source: &str| {
        json!({"session_id": "dedup", "transcript_path": null, "cwd": "/home/dev/demo",
               "hook_event_name": "SessionStart", "model": "gpt-5.5",
               "permission_mode": "default", "source": source})
        .to_string()
    };
    assert!(contract(&codex_hook(&ws, &call), "PreToolUse", &schemas).is_some());
    assert_eq!(
        contract(&codex_hook(&ws, &call), "PreToolUse", &schemas),
        None,
        "shown once per session"
    );
    codex_hook(&ws, &start("resume"));
    assert_eq!(
        contract(&codex_hook(&ws, &call), "PreToolUse", &schemas),
        None
    );
    for source in ["compact", "startup"] {
        codex_hook(&ws, &start(source));
        assert!(
            contract(&codex_hook(&ws, &call), "PreToolUse", &schemas).is_some(),
            "{source} resets the record"
        );
    }
}

#[test]
fn malformed_input_and_unknown_harnesses_exit_zero_with_nothing_on_stdout() {
    let ws = ingested_fixture();
    for input in [
        "",
        "not json",
        "[]",
        "{",
        "{\"hook_event_name\": 5}",
        "\u{0}\u{ff}",
    ] {
        let output = codex_hook(&ws, input);
        assert_eq!(output.status.code(), Some(0), "{input:?}");
        assert!(stdout(&output).is_empty(), "{input:?}");
    }
    let odd_patch = patch_call("m", "*** Update File:\n\u{0}+\n-*** End Patch");
    let output = codex_hook(&ws, &odd_patch);
    assert_eq!(output.status.code(), Some(0));

    let payload = patch_call(
        "u",
        "*** Begin Patch\n*** Update File: src/storage/a.rs\n+x\n*** End Patch\n",
    );
    let output = ws
        .lore()
        .args(["hook", "--harness", "cursor"])
        .write_stdin(payload)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).is_empty());
    assert!(
        stderr(&output).contains("unknown harness `cursor`"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn extract_queries_reads_the_rollout_like_the_hook() {
    let ws = ingested_fixture();
    let rollout = rollout_with(&ws, "call_3", "failed", 1);
    // PreToolUse: the last typed message comes from the rollout.
    let call = json!({
        "session_id": "x", "turn_id": "t", "cwd": "/home/dev/demo", "transcript_path": rollout,
        "hook_event_name": "PreToolUse", "tool_name": "apply_patch",
        "tool_input": {"command": "*** Begin Patch\n*** Add File: notes.txt\n+x\n*** End Patch\n"}
    });
    // PostToolUse: the rollout says the command failed, so its output is searched.
    let failed = post_tool_use("x", &rollout, "call_3", "make check", "mismatch\n");
    let out = ws
        .lore()
        .args(["extract-queries", "--json"])
        .write_stdin(format!("{call}\n{failed}\n"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The apply_patch call is recognised as Codex's without --codex.
    assert_eq!(rows[0]["harness"], "codex");
    assert_eq!(rows[0]["relative_path"], "notes.txt");
    let terms = rows[0]["terms"].to_string();
    assert!(
        terms.contains("insta") && terms.contains("snapshot"),
        "{terms}"
    );
    // Without --codex, the Bash PostToolUse is read as Claude Code's: no failure text.
    assert!(rows[1].get("harness").is_none(), "{}", rows[1]);
    let out = ws
        .lore()
        .args(["extract-queries", "--codex", "--json"])
        .write_stdin(failed)
        .output()
        .unwrap();
    let row: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(row["event"], "PostToolUse");
    assert!(row["terms"].to_string().contains("mismatch"), "{row}");
    assert!(row["fts"].is_string(), "{row}");
}
