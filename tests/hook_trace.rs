//! The hook's deadline and its `LORE_TRACE` record, through the binary and in process: a call
//! past `hook.deadline_ms` answers nothing and says so only under `LORE_DEBUG`, and a
//! SessionStart past it leaves the index as it was; a traced call appends one redacted JSON
//! line with what it decided (for SessionStart, the answer it gave, whether put together
//! during the freshness check or again after a refresh); a trace that cannot be written never
//! costs the answer.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{Workspace, stderr, stdout};
use lore::services::inject::Trace;
use lore::storage::index::IndexError;
use serde_json::{Value, json};

fn edit(session: &str, cwd: &Path) -> String {
    json!({
        "session_id": session,
        "cwd": cwd,
        "hook_event_name": "PreToolUse",
        "tool_name": "Edit",
        "tool_input": {
            "file_path": cwd.join("src/storage/db.rs"),
            "old_string": "a",
            "new_string": "fn open() -> Result<Db, StorageError> { let key = \"ghp_abcdefghijklmnopqrstuvwxyz0123456789\"; }",
        },
    })
    .to_string()
}

fn traced(ws: &Workspace, trace: &Path, payload: &str) -> std::process::Output {
    ws.traced_hook(trace, false, payload).output().unwrap()
}

fn trace_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each trace line is JSON"))
        .collect()
}

fn injected_text(output: &std::process::Output) -> String {
    let value: Value = serde_json::from_str(stdout(output).trim()).unwrap();
    value["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn a_traced_call_appends_one_redacted_line_with_what_it_decided() {
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    let trace = ws.path("trace.jsonl");
    let first = traced(&ws, &trace, &edit("s-trace", ws.root()));
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let text = injected_text(&first);

    let lines = trace_lines(&trace);
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    assert_eq!(line["harness"], "claude_code");
    assert_eq!(line["event"], "PreToolUse");
    assert_eq!(line["tool"], "Edit");
    assert!(line["deadline_cut"].is_null(), "{line}");
    assert!(line["duration_us"].as_u64().unwrap() > 0);
    assert!(line["time"].as_str().unwrap().ends_with('Z'), "{line}");
    assert_eq!(
        line["chars"].as_u64().unwrap() as usize,
        text.chars().count()
    );
    let injected: Vec<&str> = line["injected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(injected.contains(&"storage-sql.md"), "{line}");
    for source in &injected {
        assert!(text.contains(source), "{source} not in the answer");
    }
    // Every candidate carries its evidence and its verdict, as extract-queries prints them.
    let candidates = line["candidates"].as_array().unwrap();
    let storage = candidates
        .iter()
        .find(|c| c["source"] == "storage-sql.md")
        .unwrap();
    assert_eq!(storage["verdict"], "kept");
    assert_eq!(storage["evidence"]["glob"]["glob"], "src/storage/**");
    assert!(
        candidates.iter().any(|c| c["verdict"] == "dropped"),
        "{line}"
    );
    assert_eq!(line["budget"][0]["source"], injected[0]);
    assert!(
        line["terms"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t == "storage")
    );
    let raw = std::fs::read_to_string(&trace).unwrap();
    assert!(
        !raw.contains("ghp_abcdef"),
        "the trace holds the token: {raw}"
    );

    // The same call again in the same session: dedup skips what was shown.
    let again = traced(&ws, &trace, &edit("s-trace", ws.root()));
    assert!(stdout(&again).trim().is_empty(), "{}", stdout(&again));
    let lines = trace_lines(&trace);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["injected"], json!([]));
    let skipped = lines[1]["dedup_skipped"].as_array().unwrap();
    assert!(
        skipped.iter().any(|s| s == "storage-sql.md"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[1]["budget"][0]["budget"], "already_shown");
}

#[test]
fn events_lore_leaves_alone_and_bad_payloads_are_traced_too() {
    let ws = Workspace::with_fixture_kb();
    let trace = ws.path("trace.jsonl");
    let stop = json!({"session_id": "s", "hook_event_name": "Stop"}).to_string();
    traced(&ws, &trace, &stop);
    traced(&ws, &trace, "{not json");
    let lines = trace_lines(&trace);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["event"], "Stop");
    assert!(lines[0]["error"].is_null(), "{}", lines[0]);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("not a JSON object"),
        "{}",
        lines[1]
    );
}

#[test]
fn a_call_past_its_deadline_answers_nothing_and_says_so_only_under_debug() {
    let ws = Workspace::with_fixture_kb();
    ws.write(
        "lore.toml",
        "knowledge_dir = \"patterns\"\n[search]\nhybrid = false\n[hook]\ndeadline_ms = 1\n",
    );
    let start = json!({
        "session_id": "s-late",
        "cwd": ws.root(),
        "hook_event_name": "SessionStart",
        "source": "startup",
    })
    .to_string();
    // No index yet: the first hook would build it, which takes far longer than 1 ms.
    let trace = ws.path("trace.jsonl");
    let quiet = traced(&ws, &trace, &start);
    assert_eq!(quiet.status.code(), Some(0));
    assert!(stdout(&quiet).is_empty(), "{}", stdout(&quiet));
    assert!(stderr(&quiet).is_empty(), "{}", stderr(&quiet));
    let line = &trace_lines(&trace)[0];
    assert!(line["deadline_cut"].is_string(), "{line}");
    assert!(line["error"].is_null(), "{line}");
    // What a build cut short leaves is nothing at all.
    let left: Vec<_> = std::fs::read_dir(ws.path(".lore"))
        .map(|dir| dir.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "{left:?}");

    let debug = ws
        .lore()
        .env("LORE_DEBUG", "1")
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .arg("hook")
        .write_stdin(start)
        .output()
        .unwrap();
    assert_eq!(debug.status.code(), Some(0));
    assert!(stdout(&debug).is_empty());
    let said: Vec<String> = stderr(&debug)
        .lines()
        .filter(|l| !l.starts_with("lore[debug]"))
        .map(String::from)
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("hook.deadline_ms"), "{said:?}");
}

#[test]
fn a_trace_that_cannot_be_written_never_costs_the_answer() {
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    // A directory where the file should be.
    let out = traced(&ws, ws.root(), &edit("s-dir", ws.root()));
    assert_eq!(out.status.code(), Some(0));
    assert!(injected_text(&out).contains("storage-sql.md"));
    assert!(stderr(&out).contains("LORE_TRACE"), "{}", stderr(&out));
}

#[test]
fn in_process_both_harnesses_stop_at_the_deadline_with_nothing_to_inject() {
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    let request = lore::adapters::claude::HookRequest {
        config_flag: Some(ws.path("lore.toml")),
        ledger_dir: ws.path(".env/runtime/lore"),
        exits_after: false,
        mcp: false,
        // Begun long before the default 1.5 s deadline.
        started: Instant::now().checked_sub(Duration::from_secs(10)).unwrap(),
    };
    let payload = edit("s-in-process", ws.root());
    let claude = lore::adapters::claude::answer(&payload, &request, &mut Trace::default());
    let codex = lore::adapters::codex::answer(&payload, &request, &mut Trace::default());
    for result in [claude, codex] {
        let error = result.err().expect("the deadline stops the call");
        let step = error
            .chain()
            .find_map(|e| match e.downcast_ref::<IndexError>() {
                Some(IndexError::Deadline { step }) => Some(*step),
                _ => None,
            });
        assert!(step.is_some(), "{error:#}");
    }
    // In time, the same call answers.
    let in_time = lore::adapters::claude::HookRequest {
        started: Instant::now(),
        ..request
    };
    let answer = lore::adapters::claude::answer(&payload, &in_time, &mut Trace::default());
    assert!(answer.unwrap().is_some());
}

fn session_start(session: &str, source: &str, cwd: &Path) -> String {
    json!({
        "session_id": session,
        "cwd": cwd,
        "hook_event_name": "SessionStart",
        "source": source,
    })
    .to_string()
}

/// `traced` with the debug trace on, so a test can see which way the call went.
fn traced_debug(ws: &Workspace, trace: &Path, payload: &str) -> std::process::Output {
    ws.traced_hook(trace, true, payload).output().unwrap()
}

fn sources(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect()
}

#[test]
fn a_traced_session_start_records_the_answer_it_gave_whether_or_not_the_index_changed() {
    let ws = Workspace::new();
    ws.pattern(
        "always.md",
        "---\nuniversal: true\n---\n# Always\n\nKeep commits small.\n",
    );
    ws.pattern("other.md", "# Other\n\nUnrelated words.\n");
    ws.lore().arg("ingest").assert().success();
    let trace = ws.path("trace.jsonl");

    // No pattern changed: the answer put together while the freshness check ran is kept, and
    // its record with it.
    let first = traced_debug(&ws, &trace, &session_start("s-start", "startup", ws.root()));
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert!(!stderr(&first).contains("1 updated"), "{}", stderr(&first));
    let text = injected_text(&first);
    let lines = trace_lines(&trace);
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    assert_eq!(line["harness"], "claude_code");
    assert_eq!(line["event"], "SessionStart");
    assert!(line["deadline_cut"].is_null(), "{line}");
    assert_eq!(sources(&line["injected"]), ["always.md"]);
    assert!(text.contains("Keep commits small."));
    assert_eq!(
        line["chars"].as_u64().unwrap() as usize,
        text.chars().count()
    );

    // A pattern edited before the session resumes: the refresh changes the index, so the
    // answer is put together again from it. The record is that answer's alone: the universal
    // pattern already shown is skipped once, not once per attempt.
    ws.pattern("other.md", "# Other\n\nOther words now.\n");
    let resumed = traced_debug(&ws, &trace, &session_start("s-start", "resume", ws.root()));
    assert!(
        stderr(&resumed).contains("1 updated"),
        "{}",
        stderr(&resumed)
    );
    let text = injected_text(&resumed);
    let line = &trace_lines(&trace)[1];
    assert_eq!(line["event"], "SessionStart");
    assert_eq!(sources(&line["injected"]), Vec::<&str>::new());
    assert_eq!(sources(&line["dedup_skipped"]), ["always.md"]);
    assert_eq!(
        line["chars"].as_u64().unwrap() as usize,
        text.chars().count()
    );
}

#[test]
fn a_session_start_past_its_deadline_refreshes_nothing() {
    let ws = Workspace::new();
    ws.pattern("other.md", "# Other\n\nUnrelated words.\n");
    ws.lore().arg("ingest").assert().success();
    ws.pattern("other.md", "# Other\n\nEdited words.\n");
    ws.pattern("added.md", "# Added\n\nNew words.\n");
    let request = lore::adapters::claude::HookRequest {
        config_flag: Some(ws.path("lore.toml")),
        ledger_dir: ws.path(".env/runtime/lore"),
        exits_after: false,
        mcp: false,
        // Begun long before the default 1.5 s deadline.
        started: Instant::now().checked_sub(Duration::from_secs(10)).unwrap(),
    };
    let start = session_start("s-late-start", "startup", ws.root());
    let mut trace = Trace::new(true);
    let error = lore::adapters::claude::answer(&start, &request, &mut trace)
        .err()
        .expect("the deadline stops the call");
    assert!(
        error.chain().any(|e| matches!(
            e.downcast_ref::<IndexError>(),
            Some(IndexError::Deadline { .. })
        )),
        "{error:#}"
    );
    // The index is as the ingest left it: the edit and the new file wait for the next refresh.
    let status = ws.lore().args(["status", "--json"]).output().unwrap();
    let status: Value = serde_json::from_str(&stdout(&status)).unwrap();
    assert_eq!(status["index"]["patterns"], 1, "{status}");
    let search = ws.lore().args(["search", "edited"]).output().unwrap();
    assert!(!stdout(&search).contains("other.md"), "{}", stdout(&search));
}

/// The cap of the `LORE_TRACE` file (`hook_process`): a full one is moved to `<file>.1`.
const TRACE_CAP: usize = 10 * 1024 * 1024;

#[test]
fn a_full_trace_rotated_by_two_hooks_at_once_loses_no_line() {
    use fs2::FileExt;
    use std::io::Write;
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    let trace = ws.path("trace.jsonl");
    let rotated = ws.path("trace.jsonl.1");
    // Full: the next line passes the cap.
    std::fs::write(
        &trace,
        format!("{{\"filler\":\"{}\"}}\n", "f".repeat(TRACE_CAP - 64)),
    )
    .unwrap();
    // Another hook found it full first: it holds the file while it moves it aside.
    let full = std::fs::OpenOptions::new()
        .append(true)
        .open(&trace)
        .unwrap();
    full.lock_exclusive().unwrap();
    let mut hook = ws.traced_hook(&trace, false, &edit("rotating", ws.root()));
    let hook = std::thread::spawn(move || hook.output().unwrap());
    std::thread::sleep(Duration::from_millis(100));
    std::fs::rename(&trace, &rotated).unwrap();
    let mut fresh = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&trace)
        .unwrap();
    writeln!(fresh, "{{\"other\":\"hook\"}}").unwrap();
    FileExt::unlock(&full).unwrap();
    let out = hook.join().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("not traced"), "{}", stderr(&out));
    // The full file was moved once: its lines are in `.1`, both new lines in the new file.
    let old = std::fs::read_to_string(&rotated).unwrap();
    assert!(
        old.starts_with("{\"filler\""),
        "the full file's lines were lost"
    );
    let new = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(new.lines().count(), 2, "{}", &new[..new.len().min(400)]);
    assert!(
        new.contains("\"other\"") && new.contains("\"time\""),
        "{new}"
    );
}
