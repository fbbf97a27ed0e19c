//! Adversarial Codex hook input: random payloads (patch-like and random tool input, random
//! tool output, rollouts of random lines) never make `lore hook --codex` panic or print
//! anything but one hook object with Codex's two allowed fields, in-process through the
//! Codex adapter and through the real binary (where the exit status must be 0).

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::OnceLock;

use common::Workspace;
use lore::adapters::codex::answer;
use lore::adapters::hook_process::HookRequest;
use lore::services::inject::Trace;
use proptest::prelude::*;
use serde_json::{Value, json};

const EVENTS: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "SubagentStart",
    "SubagentStop",
    "PermissionRequest",
    "PreCompact",
    "PostCompact",
    "Stop",
    "Interrupt",
    "SessionEnd",
    "",
];
const TOOLS: &[&str] = &["apply_patch", "Bash", "spawn_agent", "Edit", ""];

fn workspace() -> &'static Workspace {
    static WS: OnceLock<Workspace> = OnceLock::new();
    WS.get_or_init(|| {
        let ws = Workspace::with_fixture_kb();
        ws.lore().arg("ingest").assert().success();
        // Rollouts of odd lines for payloads to point at.
        ws.write(
            "rollout.jsonl",
            concat!(
                "{\"type\":\"event_msg\",\"payload\":{\"type\":\"item_completed\",\"item\":{\"id\":\"call_1\",\"status\":\"failed\",\"exit_code\":2}}}\n",
                "{\"type\":\"event_msg\",\"payload\":{\"type\":\"item_completed\",\"item\":{\"id\":\"call_2\",\"exit_code\":\"x\"}}}\n",
                "{\"type\":\"event_msg\",\"payload\":{\"type\":\"item_completed\",\"item\":{\"type\":\"UserMessage\",\"content\":7}}}\n",
                "{\"type\":\"event_msg\",\"payload\":null}\n",
                "not json\n",
            ),
        );
        ws
    })
}

/// Patch-like text.
fn patch_text() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        Just("*** Begin Patch".to_string()),
        Just("*** End Patch".to_string()),
        "[a-z/._]{0,20}\\.(rs|py|txt)".prop_map(|p| format!("*** Update File: src/{p}")),
        "[a-z/._]{0,20}".prop_map(|p| format!("*** Add File: {p}")),
        "[a-z/._]{0,20}".prop_map(|p| format!("*** Delete File: {p}")),
        "[a-z/._]{0,20}".prop_map(|p| format!("*** Move to: {p}")),
        ".{0,40}".prop_map(|t| format!("+{t}")),
        ".{0,40}".prop_map(|t| format!("-{t}")),
        ".{0,40}",
    ];
    prop::collection::vec(line, 0..30).prop_map(|lines| lines.join("\n"))
}

fn tool_input() -> impl Strategy<Value = Value> {
    prop_oneof![
        patch_text().prop_map(|p| json!({"command": p})),
        patch_text().prop_map(Value::String),
        "(cargo|git|npm|ls|pytest|\\./run) [a-z -]{0,20}".prop_map(|c| json!({"command": c})),
        prop::collection::vec(".{0,10}", 0..4).prop_map(|argv| json!({"command": argv})),
        Just(json!({"command": 5})),
        Just(Value::Null),
        ".{0,20}".prop_map(|m| json!({"message": m})),
    ]
}

fn payload() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(EVENTS),
        prop::sample::select(TOOLS),
        tool_input(),
        prop::option::of(".{0,12}"),
        prop::option::of(prop_oneof![
            Just("startup"),
            Just("resume"),
            Just("compact")
        ]),
        prop::option::of(".{0,60}"),
        prop::option::of(prop_oneof![Just("explorer"), Just("default")]),
        prop_oneof![
            Just(Value::Null),
            ".{0,80}".prop_map(Value::String),
            Just(json!("FAILED (failures=1)\nAssertionError: x")),
            Just(json!({"stdout": "x"})),
        ],
        prop_oneof![Just("call_1"), Just("call_2"), Just("call_3")],
        any::<bool>(),
    )
        .prop_map(
            |(event, tool, input, session, source, prompt, agent, output, call, rollout)| {
                let transcript = if rollout {
                    json!(workspace().path("rollout.jsonl"))
                } else {
                    Value::Null
                };
                let mut p = json!({
                    "hook_event_name": event, "tool_name": tool, "tool_input": input,
                    "cwd": "/home/dev/demo", "transcript_path": transcript,
                    "tool_response": output, "tool_use_id": call, "model": "gpt-5.5",
                });
                let obj = p.as_object_mut().unwrap();
                for (key, value) in [
                    ("session_id", session.map(|s| json!(s))),
                    ("source", source.map(|s| json!(s))),
                    ("prompt", prompt.map(|s| json!(s))),
                    ("agent_type", agent.map(|s| json!(s))),
                ] {
                    if let Some(v) = value {
                        obj.insert(key.into(), v);
                    }
                }
                p
            },
        )
}

/// The Codex hook contract on an answer: nothing, or exactly one line holding only
/// `hookSpecificOutput {hookEventName: <the event>, additionalContext}`, under Codex's
/// 10,000-byte cut-off, never for an event without a context channel.
fn check(input: &str, result: anyhow::Result<Option<String>>) {
    let Ok(Some(line)) = result else { return };
    assert!(!line.contains('\n'), "one line: {line}");
    let value: Value = serde_json::from_str(&line).expect("valid JSON");
    let event = serde_json::from_str::<Value>(input)
        .ok()
        .and_then(|v| v["hook_event_name"].as_str().map(String::from))
        .unwrap_or_default();
    assert!(
        [
            "SessionStart",
            "UserPromptSubmit",
            "PreToolUse",
            "PostToolUse",
            "SubagentStart"
        ]
        .contains(&event.as_str()),
        "{event}: {line}"
    );
    let object = value.as_object().unwrap();
    assert_eq!(object.len(), 1, "{line}");
    let specific = value["hookSpecificOutput"].as_object().unwrap();
    let mut keys: Vec<&str> = specific.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, ["additionalContext", "hookEventName"], "{line}");
    assert_eq!(specific["hookEventName"], event.as_str());
    assert!(specific["additionalContext"].as_str().unwrap().len() < 10_000);
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
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_codex_payloads_in_process(p in payload()) {
        let ws = workspace();
        let input = p.to_string();
        check(&input, answer(&input, &request(ws), &mut Trace::default()).map(|a| a.map(|a| a.line)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_codex_payloads_through_the_binary_exit_zero(p in payload(), cut in any::<bool>()) {
        let ws = workspace();
        let mut input = p.to_string();
        if cut {
            let mut at = input.len() / 2;
            while !input.is_char_boundary(at) { at -= 1; }
            input.truncate(at);
        }
        let output = ws
            .lore()
            .arg("--config")
            .arg(ws.path("lore.toml"))
            .args(["hook", "--codex"])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        prop_assert_eq!(output.status.code(), Some(0));
        let stdout = String::from_utf8(output.stdout).unwrap();
        let answer = if stdout.trim().is_empty() { Ok(None) } else { Ok(Some(stdout.trim_end().to_string())) };
        check(&input, answer);
    }
}
