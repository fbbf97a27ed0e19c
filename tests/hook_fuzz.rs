//! Adversarial hook input: thousands of random and malformed payloads never make the hook
//! panic or print anything but one valid hook object, in-process through the hook's core and
//! through the real binary (where the exit status must be 0). In process too, megabyte-sized
//! fields (prompt, command, error output, edit content) beside a YAML alias bomb in the
//! knowledge dir are answered validly within the hook's deadline and a small margin.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use common::{Workspace, many_words};
use lore::adapters::claude::{HookRequest, answer};
use lore::services::inject::Trace;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

const EVENTS: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "Stop",
    "SessionEnd",
    "",
];
const TOOLS: &[&str] = &[
    "Edit",
    "Write",
    "MultiEdit",
    "NotebookEdit",
    "Bash",
    "Read",
    "Agent",
    "",
];
const KEYS: &[&str] = &[
    "file_path",
    "content",
    "new_string",
    "old_string",
    "command",
    "description",
    "edits",
    "notebook_path",
    "new_source",
    "path",
];

fn workspace() -> &'static Workspace {
    static WS: OnceLock<Workspace> = OnceLock::new();
    WS.get_or_init(|| {
        let ws = Workspace::with_fixture_kb();
        ws.lore().arg("ingest").assert().success();
        ws
    })
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        ".{0,40}".prop_map(Value::String),
        "[a-z/_.]{0,30}\\.(rs|py|ts|go|md)".prop_map(Value::String),
        "(cargo|git|npm|ls|pytest) [a-z -]{0,20}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(
                (prop::sample::select(KEYS).prop_map(String::from), inner),
                0..6
            )
            .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

fn payload() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(EVENTS),
        prop::sample::select(TOOLS),
        json_value(),
        prop::option::of(".{0,12}"),
        prop::option::of(prop_oneof![
            Just("startup"),
            Just("resume"),
            Just("clear"),
            Just("compact")
        ]),
        prop::option::of(".{0,60}"),
        prop::option::of(prop_oneof![
            Just("Explore"),
            Just("general-purpose"),
            Just("Plan")
        ]),
        json_value(),
    )
        .prop_map(
            |(event, tool, input, session, source, prompt, agent, extra)| {
                let mut p = json!({
                    "hook_event_name": event, "tool_name": tool, "tool_input": input,
                    "cwd": "/home/dev/demo", "transcript_path": "/nonexistent.jsonl",
                    "error": "Exit code 1\nerror[E0308]: mismatched types",
                });
                let obj = p.as_object_mut().unwrap();
                if let Some(s) = session {
                    obj.insert("session_id".into(), json!(s));
                }
                if let Some(s) = source {
                    obj.insert("source".into(), json!(s));
                }
                if let Some(s) = prompt {
                    obj.insert("prompt".into(), json!(s));
                }
                if let Some(a) = agent {
                    obj.insert("agent_type".into(), json!(a));
                }
                obj.insert("unexpected".into(), extra);
                p
            },
        )
}

/// The hook contract on an answer: nothing, or exactly one hook object for the event.
fn check(input: &str, result: anyhow::Result<Option<String>>) {
    let Ok(Some(line)) = result else { return };
    assert!(!line.contains('\n'), "one line: {line}");
    let value: Value = serde_json::from_str(&line).expect("valid JSON");
    let event = serde_json::from_str::<Value>(input)
        .ok()
        .and_then(|v| v["hook_event_name"].as_str().map(String::from));
    assert_eq!(
        value["hookSpecificOutput"]["hookEventName"].as_str(),
        event.as_deref(),
        "{line}"
    );
    let text = value["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap();
    assert!(text.chars().count() < 10_000);
    assert_ne!(event.as_deref(), Some("Stop"));
}

fn request(ws: &Workspace) -> HookRequest {
    HookRequest {
        config_flag: Some(ws.path("lore.toml")),
        ledger_dir: ws.path(".env/runtime/lore"),
        exits_after: false,
        mcp: false,
        started: std::time::Instant::now(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_payloads_in_process(p in payload()) {
        let ws = workspace();
        let input = p.to_string();
        check(&input, answer(&input, &request(ws), &mut Trace::default()).map(|a| a.map(|a| a.line)));
    }

    #[test]
    fn random_text_in_process(input in ".{0,200}") {
        let ws = workspace();
        check(&input, answer(&input, &request(ws), &mut Trace::default()).map(|a| a.map(|a| a.line)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_payloads_through_the_binary_exit_zero(p in payload(), garble in 0usize..4) {
        let ws = workspace();
        let mut input = p.to_string();
        // Sometimes cut or corrupt the JSON, as a crashed writer or a bad pipe might.
        let boundary = |s: &str, mut at: usize| { while !s.is_char_boundary(at) { at -= 1; } at };
        match garble {
            1 => input.truncate(boundary(&input, input.len() / 2)),
            2 => input.insert(boundary(&input, input.len() / 3), '\u{0}'),
            _ => {}
        }
        let output = ws.hook(&input);
        prop_assert_eq!(output.status.code(), Some(0));
        let stdout = String::from_utf8(output.stdout).unwrap();
        let answer = if stdout.trim().is_empty() { Ok(None) } else { Ok(Some(stdout.trim_end().to_string())) };
        check(&input, answer);
    }
}

/// The hook's deadline (the default, written into the hostile workspace's lore.toml).
const DEADLINE_MS: u64 = 1_500;
/// What an in-process call may take past it: no process start or exit to cover, only a
/// loaded 2-core machine running other tests.
const MARGIN_MS: u64 = 300;
const MIB: usize = 1024 * 1024;

/// Nine levels of `&aN [*aN-1 x 9]`: 9^9 strings once expanded, from 600 bytes.
fn alias_bomb() -> String {
    let mut bomb = String::from("---\na0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for level in 1..10 {
        bomb.push_str(&format!(
            "a{level}: &a{level} [{}]\n",
            vec![format!("*a{}", level - 1); 9].join(", ")
        ));
    }
    bomb.push_str("tags: *a9\n---\n# Bomb\n\nBody.\n");
    bomb
}

/// The fixture patterns, an alias bomb beside them and the default deadline written out,
/// indexed (the bomb is the one file ingest reports).
fn hostile_workspace() -> Workspace {
    let ws = Workspace::with_fixture_kb();
    ws.write(
        "lore.toml",
        &format!(
            "{}\n[hook]\ndeadline_ms = {DEADLINE_MS}\n",
            common::FTS_CONFIG
        ),
    );
    ws.pattern("bomb.md", &alias_bomb());
    let ingest = ws.lore().arg("ingest").output().unwrap();
    let err = common::stderr(&ingest);
    assert_eq!(ingest.status.code(), Some(1), "{err}");
    assert!(err.contains("bomb.md"), "{err}");
    ws
}

/// Payloads with one field of `size` bytes each: a prompt, a Bash command, a failure's
/// output, an Edit's old and new text and a Write's content.
fn megabyte_payloads(ws: &Workspace, size: usize) -> Vec<(String, Value)> {
    let text = many_words(size);
    let cwd = ws.root().display().to_string();
    let file = ws.path("src/storage/ledger.rs").display().to_string();
    let mb = size / MIB;
    vec![
        (
            format!("{mb} MiB prompt"),
            json!({"session_id": "h1", "cwd": cwd, "hook_event_name": "UserPromptSubmit",
                   "prompt": format!("how should errors be handled? {text}")}),
        ),
        (
            format!("{mb} MiB Bash command"),
            json!({"session_id": "h2", "cwd": cwd, "hook_event_name": "PreToolUse",
                   "tool_name": "Bash",
                   "tool_input": {"command": format!("cargo test {text}"), "description": "run the tests"}}),
        ),
        (
            format!("{mb} MiB failure output"),
            json!({"session_id": "h3", "cwd": cwd, "hook_event_name": "PostToolUseFailure",
                   "tool_name": "Bash", "tool_input": {"command": "cargo test"},
                   "error": format!("Exit code 101\n{text}\nerror[E0308]: mismatched types")}),
        ),
        (
            format!("{mb} MiB Edit old and new text"),
            json!({"session_id": "h4", "cwd": cwd, "hook_event_name": "PreToolUse",
                   "tool_name": "Edit",
                   "tool_input": {"file_path": file, "old_string": text,
                                  "new_string": format!("fn open() -> Result<(), LedgerError> {{ {text} }}")}}),
        ),
        (
            format!("{mb} MiB Write content"),
            json!({"session_id": "h5", "cwd": cwd, "hook_event_name": "PreToolUse",
                   "tool_name": "Write",
                   "tool_input": {"file_path": file, "content": text}}),
        ),
    ]
}

#[test]
fn megabyte_fields_beside_an_alias_bomb_are_answered_in_process_within_the_deadline() {
    let ws = hostile_workspace();
    let mut cases = vec![(
        "SessionStart over an alias bomb".to_string(),
        json!({"session_id": "h0", "cwd": ws.root(), "hook_event_name": "SessionStart",
               "source": "startup"}),
    )];
    for size in [MIB, 4 * MIB] {
        cases.extend(megabyte_payloads(&ws, size));
    }
    let mut answered = 0;
    for (case, payload) in cases {
        let input = payload.to_string();
        let started = Instant::now();
        let request = HookRequest {
            started,
            ..request(&ws)
        };
        let result = answer(&input, &request, &mut Trace::default());
        let elapsed = started.elapsed();
        println!(
            "in process: {case:<34} payload {:>9} B  {:>5} ms of {DEADLINE_MS} ms",
            input.len(),
            elapsed.as_millis()
        );
        assert!(
            elapsed <= Duration::from_millis(DEADLINE_MS + MARGIN_MS),
            "{case}: {elapsed:?}, past the {DEADLINE_MS} ms deadline and {MARGIN_MS} ms margin"
        );
        // Only the deadline may cut a call short; anything else is a fault.
        if let Err(e) = &result {
            let cut = e.chain().any(|cause| {
                matches!(
                    cause.downcast_ref::<lore::storage::index::IndexError>(),
                    Some(lore::storage::index::IndexError::Deadline { .. })
                )
            });
            assert!(cut, "{case}: {e:#}");
        }
        let line = result.map(|a| a.map(|a| a.line));
        answered += usize::from(matches!(line, Ok(Some(_))));
        check(&input, line);
    }
    // Calls that all answered nothing would pass the checks above without testing them.
    assert!(answered >= 4, "only {answered} calls answered");
}
