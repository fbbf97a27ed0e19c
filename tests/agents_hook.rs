//! `lore hook --harness NAME` through the binary for the Gemini CLI, Copilot CLI, Qwen Code,
//! Cline and OpenCode: every real payload sample of the agents harness
//! (`../shared/tools/agents-harness/samples`) against the fixture knowledge base, each answer
//! checked against what its agent reads (exit 0, at most one JSON line holding only the field
//! the agent takes, under its cut-off) and pinned in one snapshot per agent; plus the cases
//! the samples do not hold: a failed command read from the tool result, the priming of a
//! Cline task on its first answer and again after compaction, and input no agent sends.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use common::{Workspace, shared_dir, stderr, stdout};
use serde_json::{Value, json};

/// The reply field each agent reads, and the size (characters) it passes whole.
fn reply_field(harness: &str) -> (&'static str, usize) {
    match harness {
        "gemini" | "qwen" => ("hookSpecificOutput.additionalContext", 60_000),
        "copilot" => ("additionalContext", 10_240),
        "cline" => ("context", 50_000),
        "opencode" => ("additionalContext", 60_000),
        other => panic!("{other}"),
    }
}

fn samples_dir() -> PathBuf {
    shared_dir().join("tools/agents-harness/samples")
}

/// The payload samples of one agent folder, sorted by name.
fn samples(dir: &Path) -> Vec<(String, String)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            stem != "index" && !stem.ends_with("model-request")
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

/// `lore --config <ws>/lore.toml hook --harness <harness>` with `payload` on stdin, with a
/// fresh session ledger dir so no earlier call's dedup hides an injection.
fn hook(ws: &Workspace, harness: &str, payload: &str, fresh: bool) -> std::process::Output {
    if fresh {
        let _ = std::fs::remove_dir_all(ws.path(".env/runtime"));
        std::fs::create_dir_all(ws.path(".env/runtime")).unwrap();
    }
    ws.lore()
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .args(["hook", "--harness", harness])
        .write_stdin(payload.to_string())
        .output()
        .unwrap()
}

/// Check what the agent reads and return the injected text, if any.
fn contract(output: &std::process::Output, harness: &str) -> Option<String> {
    assert_eq!(output.status.code(), Some(0), "stderr: {}", stderr(output));
    let out = stdout(output);
    if out.trim().is_empty() {
        return None;
    }
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "at most one JSON object: {out}");
    let value: Value = serde_json::from_str(lines[0]).expect("stdout is JSON");
    let (field, limit) = reply_field(harness);
    let text = match field.split_once('.') {
        Some((outer, inner)) => {
            let object = value.as_object().unwrap();
            assert_eq!(object.keys().collect::<Vec<_>>(), [outer], "{value}");
            let specific = value[outer].as_object().unwrap();
            let mut keys: Vec<&String> = specific.keys().collect();
            keys.sort();
            assert_eq!(keys, ["additionalContext", "hookEventName"], "{value}");
            value[outer][inner].as_str().unwrap().to_string()
        }
        None => {
            let object = value.as_object().unwrap();
            assert_eq!(object.keys().collect::<Vec<_>>(), [field], "{value}");
            value[field].as_str().unwrap().to_string()
        }
    };
    assert!(
        text.chars().count() < limit,
        "{} chars",
        text.chars().count()
    );
    assert!(!text.trim().is_empty());
    Some(text)
}

/// Run every sample of `folder` (under the samples dir) as `harness` and snapshot the answers.
fn every_sample(harness: &str, folder: &str) {
    let dir = samples_dir().join(folder);
    if !common::input_present(&dir, "the agents payload sample tests") {
        return;
    }
    let ws = ingested_fixture();
    let samples = samples(&dir);
    assert!(samples.len() >= 8, "{folder}: {} samples", samples.len());
    let mut report = String::new();
    for (name, payload) in samples {
        let output = hook(&ws, harness, &payload, true);
        // Every event the agent names is one lore knows: nothing to report. (Copilot sends
        // PermissionRequest in its camelCase shape, without `hook_event_name`, whatever the
        // registration: lore says so.)
        let key = if harness == "cline" {
            "hookName"
        } else {
            "hook_event_name"
        };
        let named = serde_json::from_str::<Value>(&payload)
            .unwrap()
            .get(key)
            .is_some();
        if named {
            assert_eq!(stderr(&output), "", "{folder}/{name}");
        }
        let text = contract(&output, harness);
        report.push_str(&format!(
            "=== {name}\n{}\n",
            text.unwrap_or_else(|| "(no output)".into())
        ));
    }
    insta::assert_snapshot!(
        format!("samples__{}", folder.replace('/', "_")),
        ws.filter(&report)
    );
}

#[test]
fn gemini_samples() {
    every_sample("gemini", "gemini");
}

#[test]
fn qwen_samples() {
    every_sample("qwen", "qwen");
}

#[test]
fn copilot_samples() {
    every_sample("copilot", "copilot/pascal");
    // camelCase payloads name no event: nothing injected, and stderr says what to register.
    let dir = samples_dir().join("copilot/camel/postToolUse.edit.json");
    if dir.is_file() {
        let ws = ingested_fixture();
        let out = hook(&ws, "copilot", &std::fs::read_to_string(dir).unwrap(), true);
        assert_eq!(contract(&out, "copilot"), None);
        assert!(
            stderr(&out).contains("names no hook_event_name"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn cline_samples() {
    every_sample("cline", "cline");
}

#[test]
fn opencode_samples() {
    every_sample("opencode", "opencode");
}

/// A workspace with one pattern about running the tests and one about their failures.
fn failure_workspace() -> Workspace {
    let ws = Workspace::new();
    ws.pattern(
        "failures.md",
        "---\ntags: [spelling]\n---\n# Spelling failures\n\nCompare an expected string letter by letter.\n",
    );
    ws.lore().arg("ingest").assert().success();
    ws
}

#[test]
fn a_failed_command_is_read_from_the_tool_result() {
    let ws = failure_workspace();
    let output = "FAIL greeting_spelling: expected 'hello world'\n1 failed";
    let cases = [
        (
            "gemini",
            json!({"hook_event_name": "AfterTool", "session_id": "g", "cwd": ws.root(),
                "tool_name": "run_shell_command", "tool_input": {"command": "./run-tests"},
                "tool_response": {"llmContent": format!("Output: {output}\nExit Code: 1\n")}}),
        ),
        (
            "copilot",
            json!({"hook_event_name": "PostToolUse", "session_id": "c", "cwd": ws.root(),
                "tool_name": "Bash", "tool_input": {"command": "./run-tests"},
                "tool_result": {"result_type": "success",
                    "text_result_for_llm": format!("{output}\n<shellId: 0 completed with exit code 1>")}}),
        ),
        (
            "qwen",
            json!({"hook_event_name": "PostToolUseFailure", "session_id": "q", "cwd": ws.root(),
                "tool_name": "run_shell_command", "tool_input": {"command": "./run-tests"},
                "error": format!("Output: {output}\nExit Code: 1")}),
        ),
        (
            "opencode",
            json!({"hook_event_name": "tool.execute.after", "session_id": "o", "cwd": ws.root(),
                "tool_name": "bash", "tool_input": {"command": "./run-tests"},
                "tool_response": {"output": output, "metadata": {"exit": 1}}}),
        ),
    ];
    for (harness, payload) in cases {
        let text = contract(&hook(&ws, harness, &payload.to_string(), true), harness);
        let text = text.unwrap_or_else(|| panic!("{harness}: nothing injected"));
        assert!(text.contains("bear on this failure"), "{harness}: {text}");
        assert!(text.contains("letter by letter"), "{harness}: {text}");
    }
    // The same command passing is searched as a call, not as a failure.
    let passed = json!({"hook_event_name": "AfterTool", "session_id": "g2", "cwd": ws.root(),
        "tool_name": "run_shell_command", "tool_input": {"command": "./run-tests"},
        "tool_response": {"llmContent": "Output: 1 passed\nExit Code: 0\n"}});
    let text = contract(&hook(&ws, "gemini", &passed.to_string(), true), "gemini");
    assert!(!text.unwrap_or_default().contains("bear on this failure"));
}

/// A Cline PostToolUse payload for `tool` in task `task`.
fn cline_call(ws: &Workspace, task: &str, file: &str) -> String {
    json!({"hookName": "tool_result", "taskId": task, "workspaceRoots": [ws.root()],
        "agent_id": "a1", "parent_agent_id": null,
        "tool_result": {"name": "editor", "input": {"path": ws.path(file), "new_text": "x = 1\n"},
            "output": "ok"}})
    .to_string()
}

#[test]
fn a_cline_task_is_primed_on_its_first_answer_and_again_after_compaction() {
    let ws = Workspace::new();
    ws.pattern(
        "house.md",
        "---\nuniversal: true\n---\n# House rules\n\nSay what you changed.\n",
    );
    ws.pattern(
        "python.md",
        "---\nlanguage: python\n---\n# Python style\n\nType hints on every function.\n",
    );
    ws.write("pyproject.toml", "[project]\nname = \"shop\"\n");
    ws.lore().arg("ingest").assert().success();
    let first = contract(
        &hook(&ws, "cline", &cline_call(&ws, "t1", "src/a.py"), true),
        "cline",
    )
    .expect("the first answer primes the task");
    assert!(first.contains("Say what you changed."), "{first}");
    assert!(first.contains("Type hints"), "{first}");
    assert!(
        first.contains("Python style: patterns/python.md"),
        "{first}"
    );
    let second = contract(
        &hook(&ws, "cline", &cline_call(&ws, "t1", "src/b.py"), false),
        "cline",
    );
    let second = second.unwrap_or_default();
    assert!(
        !second.contains("Say what you changed."),
        "primed once per task: {second}"
    );
    assert!(
        !second.contains("Python style: patterns/python.md"),
        "the listing comes once per task: {second}"
    );
    let compact = json!({"hookName": "pre_compact", "taskId": "t1", "workspaceRoots": [ws.root()]});
    assert_eq!(
        contract(&hook(&ws, "cline", &compact.to_string(), false), "cline"),
        None
    );
    let after = contract(
        &hook(&ws, "cline", &cline_call(&ws, "t1", "src/c.py"), false),
        "cline",
    )
    .expect("primed again after compaction");
    assert!(after.contains("Say what you changed."), "{after}");
}

#[test]
fn input_no_agent_sends_exits_zero_with_nothing_on_stdout() {
    let ws = failure_workspace();
    for harness in ["gemini", "copilot", "qwen", "cline", "opencode"] {
        for payload in ["", "not json", "[]", "{}", r#"{"hook_event_name": 7}"#] {
            let out = hook(&ws, harness, payload, false);
            assert_eq!(out.status.code(), Some(0), "{harness} {payload:?}");
            assert!(
                out.stdout.is_empty(),
                "{harness} {payload:?}: {}",
                stdout(&out)
            );
        }
        let unknown = json!({"hook_event_name": "SomethingNew", "hookName": "something_new"});
        let out = hook(&ws, harness, &unknown.to_string(), false);
        assert_eq!(out.status.code(), Some(0));
        assert!(out.stdout.is_empty());
        assert!(
            !stderr(&out).is_empty(),
            "{harness}: an unknown event is reported"
        );
        // Another agent's event name: the error names this agent's own events, not Claude
        // Code's (Gemini's prompt event is `BeforeAgent`).
        let claude_event = json!({"hook_event_name": "UserPromptSubmit", "prompt": "hi"});
        let out = hook(&ws, harness, &claude_event.to_string(), false);
        assert_eq!(out.status.code(), Some(0));
        let err = stderr(&out);
        if harness == "gemini" {
            assert!(err.contains("BeforeAgent"), "{err}");
            assert!(
                !err.contains("answers SessionStart, UserPromptSubmit"),
                "{err}"
            );
        }
    }
}

#[test]
fn the_model_is_told_the_tool_by_its_agents_own_name() {
    let ws = ingested_fixture();
    let file = ws.path("src/storage/cache.rs");
    let input = json!({"file_path": file, "content": "// cache\n"});
    let cases = [
        (
            "gemini",
            "write_file",
            json!({"hook_event_name": "AfterTool", "tool_name": "write_file", "tool_input": input,
                "tool_response": {"llmContent": "ok"}}),
        ),
        (
            "qwen",
            "write_file",
            json!({"hook_event_name": "PostToolUse", "tool_name": "write_file", "tool_input": input,
                "tool_response": "ok"}),
        ),
        (
            "copilot",
            "create",
            json!({"hook_event_name": "PostToolUse", "tool_name": "create",
                "tool_input": {"path": file, "file_text": "// cache\n"},
                "tool_result": {"result_type": "success", "text_result_for_llm": "ok"}}),
        ),
    ];
    for (harness, tool, mut payload) in cases {
        payload["session_id"] = json!(harness);
        payload["cwd"] = json!(ws.root());
        let text = contract(&hook(&ws, harness, &payload.to_string(), true), harness)
            .unwrap_or_else(|| panic!("{harness}: the storage rule is injected"));
        assert!(
            text.contains(&format!(
                "that apply to this {tool} call on src/storage/cache.rs"
            )),
            "{harness}: {text}"
        );
    }
}

#[test]
fn copilots_session_start_does_not_list_the_instructions_files_copilot_tables_itself() {
    let ws = Workspace::new();
    common::git(ws.root(), &["init", "-q"]);
    ws.write(
        ".github/instructions/api.instructions.md",
        "---\napplyTo: \"src/api/**\"\n---\n# Api handlers\n\nEvery handler validates its input.\n",
    );
    ws.write(
        ".cursor/rules/jobs.mdc",
        "---\nglobs: src/jobs/**\n---\n# Background jobs\n\nEvery job is idempotent.\n",
    );
    ws.write("package.json", "{\"name\": \"shop\"}\n");
    ws.write("src/api/orders.ts", "export const orders = [];\n");
    ws.write("src/jobs/refund.ts", "export const refund = 1;\n");
    ws.lore().arg("ingest").assert().success();
    let start = |harness: &str| {
        let payload = json!({
            "session_id": format!("start-{harness}"), "cwd": ws.root(),
            "hook_event_name": "SessionStart", "source": "startup",
        });
        let out = ws
            .lore()
            .args(["hook", "--harness", harness])
            .write_stdin(payload.to_string())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        stdout(&out)
    };
    // Copilot names its path-scoped instructions files in its own system prompt.
    let copilot = start("copilot");
    assert!(!copilot.contains("Api handlers"), "{copilot}");
    assert!(copilot.contains("Background jobs"), "{copilot}");
    // Another agent does not: lore lists them.
    let gemini = start("gemini");
    assert!(gemini.contains("Api handlers"), "{gemini}");
}
