//! `lore hook` end to end through the binary: every real Claude Code payload sample against a
//! fixture knowledge base (snapshots), the never-break-the-agent cases, session dedup, and
//! concurrency.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use common::{Workspace, shared_dir, stderr, stdout};
use serde_json::{Value, json};

/// Check the hook contract on one output and return the injected text, if any.
fn contract(output: &std::process::Output, event: &str) -> Option<String> {
    assert_eq!(output.status.code(), Some(0), "stderr: {}", stderr(output));
    let out = stdout(output);
    if out.trim().is_empty() {
        return None;
    }
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "at most one JSON object: {out}");
    let value: Value = serde_json::from_str(lines[0]).expect("stdout is JSON");
    let specific = &value["hookSpecificOutput"];
    assert_eq!(specific["hookEventName"], event, "{value}");
    assert_eq!(
        value.as_object().unwrap().len(),
        1,
        "only hookSpecificOutput: {value}"
    );
    let text = specific["additionalContext"].as_str().unwrap().to_string();
    assert!(text.chars().count() < 10_000, "under Claude Code's cut-off");
    assert!(!text.trim().is_empty());
    Some(text)
}

fn ingested_fixture() -> Workspace {
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    ws
}

/// A tool call payload whose project directory is `/home/dev/demo` (not the workspace, so
/// pattern paths show as absolute paths of the workspace).
fn tool_call(session: &str, tool: &str, input: Value) -> String {
    json!({
        "session_id": session,
        "transcript_path": "/nonexistent/transcript.jsonl",
        "cwd": "/home/dev/demo",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": input,
    })
    .to_string()
}

#[test]
fn every_real_payload_sample_gets_a_valid_answer() {
    let samples = shared_dir().join("tools/claude-harness/samples");
    if !common::input_present(&samples, "the Claude Code payload sample snapshots") {
        return;
    }
    let mut names: Vec<_> = std::fs::read_dir(&samples)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| {
            !matches!(
                p.file_stem().and_then(|s| s.to_str()),
                Some("index" | "model-request")
            )
        })
        .collect();
    names.sort();
    assert!(names.len() >= 25, "samples: {}", names.len());
    for path in names {
        // A fresh workspace per sample, so one sample's session ledger cannot hide another's.
        let ws = ingested_fixture();
        let payload = std::fs::read_to_string(&path).unwrap();
        let event = serde_json::from_str::<Value>(&payload).unwrap()["hook_event_name"]
            .as_str()
            .unwrap()
            .to_string();
        let output = ws.hook(&payload);
        let text = contract(&output, &event);
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        // Every event Claude Code sends is one lore knows: nothing to report.
        assert_eq!(stderr(&output), "", "{name}");
        insta::assert_snapshot!(
            format!("sample__{name}"),
            ws.filter(&text.unwrap_or_else(|| "(no output)".to_string()))
        );
    }
}

#[test]
fn events_without_a_context_channel_print_nothing() {
    let ws = ingested_fixture();
    for event in [
        "Stop",
        "PreCompact",
        "PostCompact",
        "SessionEnd",
        "SubagentStop",
        "Nonsense",
    ] {
        let payload = json!({"session_id": "s", "cwd": "/x", "hook_event_name": event,
                             "stop_hook_active": false, "prompt": "error handling in rust"});
        let output = ws.hook(&payload.to_string());
        assert_eq!(contract(&output, event), None, "{event}");
        // Events lore leaves alone on purpose are silent; an unknown one says so.
        let err = stderr(&output);
        if event == "Nonsense" {
            assert!(
                err.starts_with("lore hook: unknown event `Nonsense`"),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        } else {
            assert_eq!(err, "", "{event}");
        }
    }
}

#[test]
fn malformed_input_and_broken_setups_exit_zero_with_nothing_on_stdout() {
    let ws = ingested_fixture();
    let edit = tool_call(
        "s",
        "Edit",
        json!({"file_path": "/p/src/error.rs", "new_string": "thiserror"}),
    );
    for input in [
        "",
        "not json",
        "[]",
        "null",
        "{",
        "{\"hook_event_name\": 5}",
        "\u{0}\u{ff}",
    ] {
        let output = ws.hook(input);
        assert_eq!(contract(&output, "PreToolUse"), None, "{input:?}");
    }
    // Unknown flags: clap would exit 2, which Claude Code reads as "block the tool".
    let output = ws
        .lore()
        .args(["hook", "--bogus", "-x"])
        .write_stdin(edit.clone())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
    let err = stderr(&output);
    assert!(
        err.contains("unknown argument `--bogus`") && err.contains("unknown argument `-x`"),
        "the line names each flag: {err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");

    // No configuration anywhere.
    let bare = Workspace::bare();
    let output = bare
        .lore()
        .arg("hook")
        .write_stdin(edit.clone())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).is_empty());
    assert!(stderr(&output).contains("lore init"), "{}", stderr(&output));

    // A corrupt index file: exit 0, a line on stderr, the file left for `ingest --force`.
    let broken = Workspace::with_fixture_kb();
    broken.write(".lore/index.db", "this is not a database");
    let output = broken.hook(&edit);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).is_empty());
    assert!(
        stderr(&output).contains("lore hook:"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_index_is_built_on_first_use() {
    let ws = Workspace::with_fixture_kb();
    assert!(!ws.path(".lore/index.db").exists());
    let output = ws.hook(&tool_call(
        "s",
        "Bash",
        json!({"command": "cargo test", "description": "Run the tests"}),
    ));
    let text = contract(&output, "PreToolUse").expect("injected after building the index");
    assert!(text.contains("/patterns/testing.md"), "{text}");
}

#[test]
fn a_pattern_is_injected_once_per_session_until_the_context_resets() {
    let ws = ingested_fixture();
    let call = tool_call(
        "dedup",
        "Bash",
        json!({"command": "cargo test", "description": "Run the tests"}),
    );
    let first = contract(&ws.hook(&call), "PreToolUse").expect("first call injects");
    assert!(first.contains("/patterns/testing.md"));
    assert_eq!(
        contract(&ws.hook(&call), "PreToolUse"),
        None,
        "second call is deduplicated"
    );

    let other_session = call.replace("\"dedup\"", "\"other\"");
    assert!(contract(&ws.hook(&other_session), "PreToolUse").is_some());

    for (event, extra) in [
        ("PostCompact", json!({"trigger": "auto"})),
        ("SessionStart", json!({"source": "clear"})),
    ] {
        let mut reset = json!({"session_id": "dedup", "cwd": "/x", "hook_event_name": event});
        reset
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        ws.hook(&reset.to_string());
        assert!(
            contract(&ws.hook(&call), "PreToolUse").is_some(),
            "{event} resets the ledger"
        );
    }
    // resume keeps what the session has seen.
    ws.hook(&json!({"session_id": "dedup", "cwd": "/x", "hook_event_name": "SessionStart", "source": "resume"}).to_string());
    assert_eq!(contract(&ws.hook(&call), "PreToolUse"), None);
}

#[test]
fn path_globs_universal_tier_and_the_language_gate() {
    let ws = ingested_fixture();
    // paths: src/storage/** injects without any word overlap.
    let storage = tool_call(
        "g1",
        "Edit",
        json!({"file_path": "/home/dev/demo/src/storage/zzz.rs", "old_string": "a", "new_string": "b"}),
    );
    let text = contract(&ws.hook(&storage), "PreToolUse").expect("glob match injects");
    assert!(text.contains("/patterns/storage-sql.md"), "{text}");

    // universal with applies_when: git commit.
    let commit = tool_call(
        "g2",
        "Bash",
        json!({"command": "git commit -m 'Add parser'", "description": "Commit"}),
    );
    let text = contract(&ws.hook(&commit), "PreToolUse").expect("universal pattern applies");
    assert!(text.contains("/patterns/git-commits.md"), "{text}");
    // A command the hook searches (universal patterns are considered for it), but not a
    // commit: the universal pattern stays out. (`ls` would not do: a read-only command is
    // skipped before universal patterns are considered.)
    let build = tool_call(
        "g3",
        "Bash",
        json!({"command": "cargo build --release", "description": "Build the release binary"}),
    );
    let text = contract(&ws.hook(&build), "PreToolUse")
        .expect("the build is searched: the Rust pattern matches it");
    assert!(text.contains("/patterns/rust-errors.md"), "{text}");
    assert!(
        !text.contains("/patterns/git-commits.md"),
        "applies_when gates it: {text}"
    );

    // language: python is never injected for a Rust edit, whatever the words.
    let rust = tool_call(
        "g4",
        "Edit",
        json!({"file_path": "/home/dev/demo/src/errors.rs", "old_string": "a", "new_string": "handle thiserror errors with specific exception types in python style"}),
    );
    let text = contract(&ws.hook(&rust), "PreToolUse").unwrap_or_default();
    assert!(!text.contains("python-style.md"), "{text}");
    assert!(text.contains("rust-errors.md"), "{text}");
}

#[test]
fn read_only_agents_and_unlisted_tools_get_nothing() {
    let ws = ingested_fixture();
    let mut explore: Value =
        serde_json::from_str(&tool_call("r", "Bash", json!({"command": "cargo test"}))).unwrap();
    explore["agent_type"] = json!("Explore");
    assert_eq!(contract(&ws.hook(&explore.to_string()), "PreToolUse"), None);
    let read = tool_call(
        "r",
        "Read",
        json!({"file_path": "/home/dev/demo/src/lib.rs"}),
    );
    assert_eq!(contract(&ws.hook(&read), "PreToolUse"), None);
    // Shell calls that only look (listing, history, counting) change nothing a convention
    // is about, whatever their words match.
    for command in ["git log --oneline -10", "ls -la tests", "wc -l src/**/*.rs"] {
        let look = tool_call(
            "r",
            "Bash",
            json!({"command": command, "description": "Look at the testing code"}),
        );
        assert_eq!(contract(&ws.hook(&look), "PreToolUse"), None, "{command}");
    }
    let run = tool_call(
        "r",
        "Bash",
        json!({"command": "cargo test", "description": "Run the testing suite"}),
    );
    assert!(contract(&ws.hook(&run), "PreToolUse").is_some());
}

#[test]
fn thirty_two_concurrent_calls_on_one_session_lose_no_ledger_ids() {
    let ws = Workspace::new();
    let words: Vec<String> = (0..32)
        .map(|i| {
            format!("topic{}", (b'a' + (i % 26) as u8) as char).repeat(1) + &"x".repeat(i / 26 + 1)
        })
        .collect();
    for word in &words {
        ws.pattern(
            &format!("{word}.md"),
            &format!("# {word}\n\nAlways {word} carefully.\n"),
        );
    }
    ws.lore().arg("ingest").assert().success();
    let handles: Vec<_> = words
        .iter()
        .map(|word| {
            let payload = tool_call(
                "concurrent",
                "Bash",
                json!({"command": format!("make {word}"), "description": word}),
            );
            let mut cmd = common::lore_command();
            cmd.current_dir(ws.root())
                .env("XDG_RUNTIME_DIR", ws.path(".env/runtime"))
                .args(["--config", ws.path("lore.toml").to_str().unwrap(), "hook"])
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped());
            let mut child = cmd.spawn().unwrap();
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(payload.as_bytes())
                .unwrap();
            child
        })
        .collect();
    for child in handles {
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    }
    let ledger_dir = ws.path(".env/runtime/lore");
    // One ledger (beside it, the session's project facts).
    let ledgers: Vec<_> = std::fs::read_dir(&ledger_dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ledger"))
        })
        .collect();
    assert_eq!(ledgers.len(), 1);
    let text = std::fs::read_to_string(ledgers[0].as_ref().unwrap().path()).unwrap();
    // Each pattern's whole text is recorded too, whatever file it came from.
    let (texts, mut ids): (Vec<&str>, Vec<&str>) =
        text.lines().partition(|l| l.starts_with("text:"));
    assert_eq!(texts.len(), words.len(), "{text}");
    ids.sort();
    // Each one-section pattern was shown whole: its section 0.
    let mut expected: Vec<String> = words.iter().map(|w| format!("{w}.md#0")).collect();
    expected.sort();
    assert_eq!(ids, expected);
}

#[test]
fn hooks_keep_answering_during_a_forced_reingest() {
    let ws = Workspace::new();
    // 399 unrelated patterns and one about running the tests, so the index is big enough to
    // take a while to rebuild and the query has one clear answer.
    for i in 0..399 {
        ws.pattern(
            &format!("p{i:03}.md"),
            &format!("# Pattern {i}\n\n## Naming\n\nName module {i} after what it holds.\n"),
        );
    }
    ws.pattern(
        "testing.md",
        "# Testing in Rust\n\nRun cargo test before every commit.\n",
    );
    ws.lore().arg("ingest").assert().success();
    let call = |session: &str| {
        tool_call(
            session,
            "Bash",
            json!({"command": "cargo test", "description": "Run the tests"}),
        )
    };
    let baseline = contract(&ws.hook(&call("before")), "PreToolUse").expect("injects");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let ingester = {
        let stop = stop.clone();
        let root = ws.root().to_path_buf();
        std::thread::spawn(move || {
            let mut runs = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let status = common::lore_command()
                    .current_dir(&root)
                    .args(["ingest", "--force"])
                    .stdout(std::process::Stdio::null())
                    .status()
                    .unwrap();
                assert!(status.success());
                runs += 1;
            }
            runs
        })
    };
    for i in 0..40 {
        let output = ws.hook(&call(&format!("during-{i}")));
        let text = contract(&output, "PreToolUse");
        // The same call gets the same injection, byte for byte, whichever index it reads.
        assert_eq!(
            text.as_deref(),
            Some(baseline.as_str()),
            "call {i}; stderr: {}",
            stderr(&output)
        );
        assert!(
            !stderr(&output).contains("lore hook:"),
            "{}",
            stderr(&output)
        );
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(ingester.join().unwrap() >= 1);
}

#[test]
fn debug_mode_traces_the_decision_on_stderr_only() {
    let ws = ingested_fixture();
    let output = ws
        .lore()
        .env("LORE_DEBUG", "1")
        .args(["--config", ws.path("lore.toml").to_str().unwrap(), "hook"])
        .write_stdin(tool_call(
            "dbg",
            "Bash",
            json!({"command": "cargo test", "description": "Run the tests"}),
        ))
        .output()
        .unwrap();
    let text = contract(&output, "PreToolUse").unwrap();
    let err = stderr(&output);
    for needle in ["query:", "fts:", "candidate + ", "output:"] {
        assert!(err.contains(needle), "{needle} missing from {err}");
    }
    assert!(!text.contains("lore[debug]"));
}

#[test]
fn transcript_tail_adds_the_last_user_message() {
    let ws = ingested_fixture();
    let transcript = ws.path("t.jsonl");
    std::fs::write(
        &transcript,
        r#"{"type":"user","message":{"role":"user","content":"please add insta snapshots"}}"#,
    )
    .unwrap();
    let payload = json!({
        "session_id": "t", "transcript_path": transcript, "cwd": "/home/dev/demo",
        "hook_event_name": "PreToolUse", "tool_name": "Write",
        "tool_input": {"file_path": "/home/dev/demo/notes.txt", "content": "x"}
    });
    let out = ws
        .lore()
        .args(["extract-queries", "--json"])
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    let row: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let terms: Vec<&str> = row["terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert!(
        terms.contains(&"snapshots") || terms.contains(&"insta"),
        "{row}"
    );
    let _ = Path::new("unused");
}

#[test]
fn a_hook_upgrades_an_index_an_older_lore_wrote() {
    // lore upgraded mid-session: the index on disk is still the previous schema, and the next
    // tool call must get its conventions, not wait for a session start or `lore ingest`.
    let ws = ingested_fixture();
    {
        // Undo migrations 13 to 8: the index as a schema-7 lore left it.
        let conn = rusqlite::Connection::open(ws.path(".lore/index.db")).unwrap();
        conn.execute_batch(
            "DROP TABLE pattern_technologies;
             ALTER TABLE patterns DROP COLUMN technologies;
             DELETE FROM pattern_languages WHERE declared = 2;
             DROP TRIGGER chunks_drop_pattern_vectors;
             DROP TABLE pattern_vectors;
             DROP TABLE pattern_sources;
             DROP TABLE source_files;
             DROP INDEX patterns_gate_rows;
             PRAGMA user_version = 7;",
        )
        .unwrap();
    }
    let output = ws.hook(&tool_call(
        "upgraded",
        "Bash",
        json!({"command": "cargo test", "description": "Run the tests"}),
    ));
    let text = contract(&output, "PreToolUse").expect("injected after upgrading the index");
    assert!(text.contains("/patterns/testing.md"), "{text}");
    assert_eq!(stderr(&output), "", "an upgrade is no error");
    let status = ws.lore().args(["status", "--json"]).output().unwrap();
    let status: Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(
        status["index"]["schema_version"],
        lore::storage::index::SCHEMA_VERSION,
        "{status}"
    );
}

#[test]
fn a_zero_budget_primes_nothing() {
    let ws = Workspace::with_fixture_kb();
    ws.write(
        "lore.toml",
        &format!(
            "{}\n[hook]\nsession_start_budget = 0\nsubagent_budget = 0\n",
            common::FTS_CONFIG
        ),
    );
    ws.lore().arg("ingest").assert().success();
    for event in [
        json!({"session_id": "z", "cwd": "/x", "hook_event_name": "SessionStart", "source": "startup"}),
        json!({"session_id": "z", "cwd": "/x", "hook_event_name": "SubagentStart", "agent_id": "a", "agent_type": "general-purpose"}),
    ] {
        let output = ws.hook(&event.to_string());
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(stdout(&output), "", "{event}");
        assert_eq!(stderr(&output), "", "{event}");
    }
}

#[test]
fn a_configuration_that_cannot_be_used_is_told_to_the_user_at_session_start() {
    let ws = ingested_fixture();
    let config = ws.path("lore.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{text}\n[hook]\ntool_budjet = 4000\n")).unwrap();
    let start = json!({"hook_event_name": "SessionStart", "source": "startup",
        "session_id": "typo", "cwd": ws.root()})
    .to_string();
    let output = ws.hook(&start);
    assert_eq!(output.status.code(), Some(0));
    // Shown to the user only (`systemMessage`): the model is given nothing.
    let answer: Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    insta::assert_snapshot!(
        "unusable_config_notice",
        ws.filter(&serde_json::to_string_pretty(&answer).unwrap())
    );
    assert!(answer.get("hookSpecificOutput").is_none(), "{answer}");
    // Every other event stays silent, the reason on stderr.
    let edit = tool_call(
        "typo",
        "Edit",
        json!({"file_path": ws.path("src/storage/x.rs"), "new_string": "x"}),
    );
    let output = ws.hook(&edit);
    assert_eq!(stdout(&output), "");
    assert!(
        stderr(&output).contains("tool_budjet"),
        "{}",
        stderr(&output)
    );
    // No configuration at all (lore registered for the user, a project without lore): a
    // session start says nothing.
    let bare = Workspace::bare();
    let start = json!({"hook_event_name": "SessionStart", "source": "startup",
        "session_id": "none", "cwd": bare.root()})
    .to_string();
    let output = bare.lore().arg("hook").write_stdin(start).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
}
