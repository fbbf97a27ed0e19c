//! Adversarial hook input: thousands of random and malformed payloads never make the hook
//! panic or print anything but one valid hook object, in-process through the hook's core and
//! through the real binary (where the exit status must be 0).

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::OnceLock;

use common::Workspace;
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
