//! Hostile input to `lore hook`, one fresh process per input: MB-sized prompt, command, error
//! and content fields; FIFOs and /dev/zero and /dev/urandom as the touched file, the
//! transcript, a root manifest, `.mcp.json` and the `database` setting; huge, sparse,
//! alias-bomb, FIFO and device pattern files; a sparse 1 GiB `lore.toml`; binary garbage;
//! deep JSON nesting; file paths of up to 1 MiB (Claude Code's `file_path` and
//! `notebook_path`, a Codex `*** Update File:`); and a reader that closes stdout before the
//! answer. Each must exit 0 with one valid JSON object or nothing on stdout, and finish
//! within `[hook] deadline_ms` plus a margin (the deadline is the hook's promise to the
//! agent; the margin covers process start and exit on a loaded machine) below 256 MiB of
//! memory. Crafted indexes and side files are in `hostile_index`, parallel calls of one
//! session in `hostile_sessions`.
//!
//! Every run prints one figure line (time against the deadline, peak RSS of the process); run
//! `cargo test --test hostile_input -- --nocapture --test-threads=1` to read them (see
//! docs/benchmarks.md, "Hostile input"). `LORE_HOSTILE_GARBAGE=N` sets how many binary-garbage
//! payloads are generated (default 8).

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod hostile_support;

use std::time::{Duration, Instant};

use common::{Workspace, many_words, stderr, stdout};
use hostile_support::{
    DEADLINE_MS, HUNG, MARGIN_MS, MIB, check, check_lore, cwd, garbage, ingest, mkfifo, payload,
    run_hook, short, workspace,
};
use serde_json::{Value, json};

#[test]
fn megabyte_fields_are_answered_within_the_deadline() {
    let ws = workspace("");
    ingest(&ws);
    let file = ws.path("src/app.py").display().to_string();
    for size in [MIB, 4 * MIB] {
        let text = many_words(size);
        let mb = size / MIB;
        let cases = [
            (
                "prompt",
                json!({"session_id": "", "cwd": cwd(&ws), "hook_event_name": "UserPromptSubmit", "prompt": text}),
            ),
            (
                "Bash command",
                json!({"cwd": cwd(&ws), "hook_event_name": "PreToolUse", "tool_name": "Bash",
                       "tool_input": {"command": text, "description": "run"}}),
            ),
            (
                "failure error text",
                json!({"cwd": cwd(&ws), "hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
                       "tool_input": {"command": "make"}, "error": format!("Exit code 1\n{text}")}),
            ),
            (
                "Write content",
                json!({"cwd": cwd(&ws), "hook_event_name": "PreToolUse", "tool_name": "Write",
                       "tool_input": {"file_path": file, "content": text}}),
            ),
        ];
        for (field, value) in cases {
            check(&format!("{mb} MiB {field}"), &ws, payload(value), false);
        }
    }
    // One token with no separator at all, as long as the largest field.
    let token = "x".repeat(4 * MIB);
    check(
        "4 MiB prompt of one token",
        &ws,
        payload(json!({"cwd": cwd(&ws), "hook_event_name": "UserPromptSubmit", "prompt": token})),
        false,
    );
}

/// A file name of `len` bytes: dots only (one path key per dot, before), or a JWT-like
/// run of base64 segments (what the secret filter reads too).
fn long_name(kind: &str, len: usize) -> String {
    match kind {
        "dots" => ".".repeat(len),
        _ => {
            let segment = "eyJhbGciOiJIUzI1NiJ9abcDEF012-_";
            let mut name = String::with_capacity(len + segment.len());
            while name.len() < len {
                name.push_str(segment);
                name.push('.');
            }
            name.truncate(len);
            name
        }
    }
}

#[test]
fn long_file_paths_are_windowed_before_any_work() {
    let ws = workspace("");
    ingest(&ws);
    let config = ws.path("lore.toml").display().to_string();
    let codex = ["--config", config.as_str(), "hook", "--codex"];
    for (kind, len) in [("dots", 64 * 1024), ("jwt", 512 * 1024), ("jwt", MIB)] {
        let path = format!("{}/src/{}.py", cwd(&ws), long_name(kind, len));
        let kib = len / 1024;
        check(
            &format!("Edit file_path {kib} KiB of {kind}"),
            &ws,
            payload(
                json!({"session_id": "long", "cwd": cwd(&ws), "hook_event_name": "PreToolUse",
                           "tool_name": "Edit",
                           "tool_input": {"file_path": path, "old_string": "a", "new_string": "raise error"}}),
            ),
            false,
        );
        check(
            &format!("NotebookEdit notebook_path {kib} KiB of {kind}"),
            &ws,
            payload(json!({"cwd": cwd(&ws), "hook_event_name": "PreToolUse",
                           "tool_name": "NotebookEdit",
                           "tool_input": {"notebook_path": path, "new_source": "import pathlib"}})),
            false,
        );
        let patch = format!(
            "*** Begin Patch\n*** Update File: {path}\n@@\n-a\n+raise error\n*** End Patch\n"
        );
        check_lore(
            &format!("Codex Update File {kib} KiB of {kind}"),
            &ws,
            &codex,
            payload(
                json!({"session_id": "long", "cwd": cwd(&ws), "hook_event_name": "PreToolUse",
                           "tool_name": "apply_patch", "tool_input": {"command": patch}}),
            ),
            false,
        );
    }
}

#[test]
fn fifos_and_devices_where_files_are_expected_never_block() {
    let ws = workspace("");
    ingest(&ws);
    mkfifo(&ws.path("src.fifo"));
    mkfifo(&ws.path("transcript.fifo"));
    let fifo = ws.path("src.fifo").display().to_string();
    let transcript = ws.path("transcript.fifo").display().to_string();
    for target in [fifo.as_str(), "/dev/zero", "/dev/urandom"] {
        check(
            &format!("Edit file_path {}", short(target)),
            &ws,
            payload(
                json!({"session_id": "s", "cwd": cwd(&ws), "hook_event_name": "PreToolUse",
                           "tool_name": "Edit",
                           "tool_input": {"file_path": target, "old_string": "a", "new_string": "raise error"}}),
            ),
            false,
        );
    }
    for target in [transcript.as_str(), "/dev/zero", "/dev/urandom"] {
        check(
            &format!("transcript_path {}", short(target)),
            &ws,
            payload(
                json!({"cwd": cwd(&ws), "hook_event_name": "PreToolUse", "tool_name": "Edit",
                           "transcript_path": target,
                           "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a", "new_string": "b"}}),
            ),
            false,
        );
    }
    // The project's own root files: a manifest and .mcp.json that never end or never open.
    mkfifo(&ws.path("package.json"));
    mkfifo(&ws.path(".mcp.json"));
    std::os::unix::fs::symlink("/dev/zero", ws.path("Cargo.toml")).unwrap();
    std::os::unix::fs::symlink("/dev/urandom", ws.path("pyproject.toml")).unwrap();
    for event in ["SessionStart", "PreToolUse"] {
        check(
            &format!("{event} with FIFO and device root files"),
            &ws,
            payload(
                json!({"session_id": "root", "cwd": cwd(&ws), "hook_event_name": event,
                           "source": "startup", "tool_name": "Edit",
                           "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a", "new_string": "b"}}),
            ),
            false,
        );
    }
}

#[test]
fn a_fifo_or_device_as_the_database_never_blocks() {
    let scratch = Workspace::bare();
    mkfifo(&scratch.path("index.fifo"));
    let fifo = scratch.path("index.fifo").display().to_string();
    for database in [fifo.as_str(), "/dev/zero", "/dev/urandom"] {
        let ws = workspace(&format!("database = {}\n", json!(database)));
        for event in ["SessionStart", "PreToolUse"] {
            check(
                &format!("database {} on {event}", short(database)),
                &ws,
                payload(
                    json!({"cwd": cwd(&ws), "hook_event_name": event, "source": "startup",
                               "tool_name": "Edit",
                               "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a", "new_string": "b"}}),
                ),
                false,
            );
        }
    }
    // The devices are untouched: still devices.
    use std::os::unix::fs::FileTypeExt;
    for device in ["/dev/zero", "/dev/urandom"] {
        assert!(
            std::fs::metadata(device)
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }
}

#[test]
fn huge_sparse_bomb_and_special_pattern_files_are_refused_in_time() {
    let ws = workspace("");
    // A 1 GiB file with no blocks behind it, a real 8 MiB one, an alias bomb, a FIFO and a
    // link to a device, beside one good pattern; no index yet, so the hook builds it.
    std::fs::File::create(ws.path("patterns/sparse.md"))
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    ws.pattern("huge.md", &format!("# Huge\n\n{}", many_words(8 * MIB)));
    let mut bomb = String::from("---\na0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for level in 1..10 {
        let prev = level - 1;
        bomb.push_str(&format!(
            "a{level}: &a{level} [{}]\n",
            vec![format!("*a{prev}"); 9].join(", ")
        ));
    }
    bomb.push_str("tags: *a9\n---\n# Bomb\n\nBody.\n");
    ws.pattern("bomb.md", &bomb);
    mkfifo(&ws.path("patterns/fifo.md"));
    std::os::unix::fs::symlink("/dev/zero", ws.path("patterns/zero.md")).unwrap();
    let edit = |session: &str| {
        payload(
            json!({"session_id": session, "cwd": cwd(&ws), "hook_event_name": "PreToolUse",
                       "tool_name": "Edit",
                       "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a",
                                      "new_string": "raise an exception"}}),
        )
    };
    let first = check(
        "first index build over hostile patterns",
        &ws,
        edit("p1"),
        false,
    );
    let start = payload(
        json!({"session_id": "p2", "cwd": cwd(&ws), "hook_event_name": "SessionStart", "source": "startup"}),
    );
    check(
        "SessionStart refresh over hostile patterns",
        &ws,
        start,
        false,
    );
    let again = check("PreToolUse once indexed", &ws, edit("p3"), false);
    // The good pattern still reaches the agent (in one of the runs: the first may have spent
    // its deadline building).
    let answered = [&first, &again]
        .iter()
        .any(|r| String::from_utf8_lossy(&r.stdout).contains("python.md"));
    assert!(answered, "{}", String::from_utf8_lossy(&again.stderr));
    // And every file is still there, untouched.
    assert_eq!(
        std::fs::metadata(ws.path("patterns/sparse.md"))
            .unwrap()
            .len(),
        1 << 30
    );
    assert!(ws.path("patterns/bomb.md").is_file());
}

#[test]
fn a_knowledge_dir_of_the_whole_disk_stops_listing_at_the_deadline() {
    // A short deadline, so a walk of `/` (seconds) is far past it.
    let deadline_ms = 300;
    let ws = Workspace::new();
    ws.write(
        "lore.toml",
        &format!(
            "knowledge_dir = \"/\"\ndatabase = \".lore/index.db\"\n[search]\nhybrid = false\n[hook]\ndeadline_ms = {deadline_ms}\n"
        ),
    );
    for event in ["SessionStart", "PreToolUse"] {
        // No index yet: the hook would build one from what it lists.
        let run = run_hook(
            &ws,
            payload(
                json!({"session_id": "disk", "cwd": cwd(&ws), "hook_event_name": event,
                           "source": "startup", "tool_name": "Edit",
                           "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a",
                                          "new_string": "b"}}),
            ),
            false,
        );
        let ms = run.elapsed.as_millis();
        println!("hostile: knowledge_dir = \"/\" on {event:<31} {ms:>5} ms of {deadline_ms} ms");
        assert_eq!(run.code, Some(0), "{event}");
        // Process start and exit on a loaded machine, past the deadline; the walk itself
        // stops at it.
        assert!(
            run.elapsed <= Duration::from_millis(deadline_ms + 400),
            "{event}: {ms} ms against a {deadline_ms} ms deadline"
        );
    }
}

#[test]
fn a_sparse_gigabyte_lore_toml_is_refused_in_time() {
    let ws = workspace("");
    ingest(&ws);
    // The same configuration, grown to 1 GiB without a block written behind it.
    std::fs::OpenOptions::new()
        .write(true)
        .open(ws.path("lore.toml"))
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let said_once =
        |text: &str| text.contains("lore.toml") && text.matches("more than the limit").count() == 1;
    for event in ["SessionStart", "PreToolUse"] {
        let run = check(
            &format!("sparse 1 GiB lore.toml on {event}"),
            &ws,
            payload(
                json!({"session_id": "big-config", "cwd": cwd(&ws), "hook_event_name": event,
                       "source": "startup", "tool_name": "Edit",
                       "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a",
                                      "new_string": "raise an exception"}}),
            ),
            false,
        );
        // Nothing to answer with, and a line saying why; a session start also tells the
        // user, never the model.
        let out = String::from_utf8_lossy(&run.stdout);
        if event == "SessionStart" {
            let answer: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            assert!(answer.get("hookSpecificOutput").is_none(), "{answer}");
            assert!(
                said_once(answer["systemMessage"].as_str().unwrap()),
                "{answer}"
            );
        } else {
            assert!(out.is_empty(), "{event}: {out}");
        }
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(said_once(&err), "{event}: {err}");
    }
    // A person's commands fail with status 1, naming the file (`--json`: as JSON on stdout).
    for args in [
        &["status"][..],
        &["ingest"],
        &["search", "errors"],
        &["status", "--json"],
    ] {
        let started = Instant::now();
        let out = ws.lore().args(args).timeout(HUNG).output().unwrap();
        let elapsed = started.elapsed();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        let said = if args.contains(&"--json") {
            let value: Value = serde_json::from_slice(&out.stdout).unwrap();
            value["error"].as_str().unwrap_or_default().to_string()
        } else {
            stderr(&out)
        };
        assert!(said_once(&said), "{args:?}: {said}");
        assert!(
            elapsed <= Duration::from_millis(DEADLINE_MS + MARGIN_MS),
            "{args:?}: {elapsed:?}"
        );
    }
}

#[test]
fn garbage_and_deep_nesting_on_stdin_are_ignored() {
    let ws = workspace("");
    ingest(&ws);
    let count: u64 = std::env::var("LORE_HOSTILE_GARBAGE")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(8);
    for seed in 0..count {
        let len = 1 << (10 + seed % 11); // 1 KiB .. 1 MiB
        check(
            &format!("binary garbage #{seed} ({len} B)"),
            &ws,
            garbage(seed + 1, len),
            false,
        );
    }
    let depth = 1_000_000;
    let arrays = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    check("1M nested arrays", &ws, arrays.into_bytes(), false);
    let objects = format!(
        "{{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Edit\",\"tool_input\":{}{}}}",
        "{\"a\":".repeat(depth),
        "}".repeat(depth)
    );
    check(
        "1M nested objects in tool_input",
        &ws,
        objects.into_bytes(),
        false,
    );
    let mut invalid_utf8 = br#"{"hook_event_name":"UserPromptSubmit","prompt":"caf"#.to_vec();
    invalid_utf8.extend_from_slice(&[0xff, 0xfe, 0xc3]);
    invalid_utf8.extend_from_slice(br#" errors wrapping"}"#);
    check("invalid UTF-8 in a string", &ws, invalid_utf8, false);
    let nul = payload(
        json!({"cwd": cwd(&ws), "hook_event_name": "UserPromptSubmit", "prompt": "errors\u{0}\u{0}wrap exception"}),
    );
    check("NUL bytes in a prompt", &ws, nul, false);
    // Past the 32 MiB the hook reads: the rest is never read, the cut text is not JSON.
    let over = payload(
        json!({"cwd": cwd(&ws), "hook_event_name": "UserPromptSubmit", "prompt": "e ".repeat(17 * MIB)}),
    );
    let run = check("34 MiB payload past the read cap", &ws, over, false);
    // Said as what it is, not as broken JSON.
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("over 32 MiB"), "{err}");
}

#[test]
fn a_reader_that_closed_stdout_costs_nothing() {
    let ws = workspace("");
    ingest(&ws);
    for (event, session) in [("PreToolUse", "closed-1"), ("SessionStart", "closed-2")] {
        let run = check(
            &format!("{event} with stdout closed"),
            &ws,
            payload(
                json!({"session_id": session, "cwd": cwd(&ws), "hook_event_name": event,
                           "source": "startup", "tool_name": "Edit",
                           "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a",
                                          "new_string": "raise an exception"}}),
            ),
            true,
        );
        assert!(
            String::from_utf8_lossy(&run.stderr).contains("cannot write the answer"),
            "{event}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    // An answer that never arrived is not counted as shown: the same call gets it again.
    let again = ws.hook(
        &json!({"session_id": "closed-1", "cwd": cwd(&ws), "hook_event_name": "PreToolUse",
                "tool_name": "Edit",
                "tool_input": {"file_path": ws.path("src/app.py"), "old_string": "a",
                               "new_string": "raise an exception"}})
        .to_string(),
    );
    assert!(stdout(&again).contains("python.md"), "{}", stderr(&again));
}
