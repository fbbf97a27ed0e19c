//! A Codex session rollout (JSONL) read as the learning rules' neutral entries
//! (`core::learn::exchange`): the conversation's `response_item`s in order, user messages
//! apart from the context Codex writes in the user's place (environment, instructions,
//! aborted-turn notes), the agent's messages, its shell commands and patches. Codex records
//! no reason for a declined call, so no refusals come from it. Only the rollout's last bytes
//! are read.

use std::path::Path;

use serde_json::Value;

use crate::adapters::transcript_tail::read_tail_lines;
use crate::core::learn::exchange::{Call, Entry};
use crate::core::query::parse_patch;

/// What Codex writes in a user message it generated itself.
const GENERATED: &[&str] = &[
    "<environment_context>",
    "<user_instructions>",
    "# AGENTS.md instructions",
    "<turn_aborted>",
    "<user_shell_command>",
    "<subagent_notification>",
    "<permissions instructions>",
];

/// Whether a user message was written by Codex rather than typed by the user.
pub fn is_generated(text: &str) -> bool {
    let t = text.trim_start();
    GENERATED.iter().any(|g| t.starts_with(g))
}

/// The entries of the rollout at `path` (its last `tail_bytes`), or None when it cannot be
/// read.
pub fn read_entries(path: &Path, tail_bytes: u64) -> Option<Vec<Entry>> {
    let lines = read_tail_lines(path, tail_bytes)?;
    let mut entries = Vec::new();
    for line in lines {
        if !line.contains("response_item") {
            continue;
        }
        let Ok(value) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        if value.get("type").and_then(Value::as_str) != Some("response_item") {
            continue;
        }
        if let Some(entry) = value.get("payload").and_then(entry_of) {
            entries.push(entry);
        }
    }
    Some(entries)
}

/// The working directory a rollout's session ran in (`session_meta`).
pub fn session_cwd(path: &Path) -> Option<String> {
    let lines = read_tail_lines(path, crate::adapters::claude::session_entries::SCAN_BYTES)?;
    lines.iter().find_map(|l| {
        let v: Value = serde_json::from_str(l).ok()?;
        if v.get("type")?.as_str()? != "session_meta" {
            return None;
        }
        v.get("payload")?.get("cwd")?.as_str().map(String::from)
    })
}

fn entry_of(item: &Value) -> Option<Entry> {
    let text_of = |item: &Value| -> String {
        item.get("content")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|b| b.get("text")?.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    };
    match item.get("type")?.as_str()? {
        "message" => {
            let text = text_of(item);
            match item.get("role")?.as_str()? {
                "user" => Some(Entry::User {
                    typed: !is_generated(&text),
                    text,
                }),
                "assistant" => Some(Entry::Agent { text }),
                _ => None,
            }
        }
        "function_call" => {
            let arguments: Value = item
                .get("arguments")
                .and_then(Value::as_str)
                .and_then(|a| serde_json::from_str(a).ok())
                .unwrap_or(Value::Null);
            let command = ["cmd", "command"]
                .iter()
                .find_map(|k| match arguments.get(k)? {
                    Value::String(s) => Some(s.clone()),
                    Value::Array(parts) => Some(
                        parts
                            .iter()
                            .filter_map(Value::as_str)
                            .collect::<Vec<_>>()
                            .join(" "),
                    ),
                    _ => None,
                });
            Some(Entry::Call(Call {
                id: item.get("call_id")?.as_str()?.to_string(),
                tool: "Bash".to_string(),
                command,
                ..Call::default()
            }))
        }
        "custom_tool_call" if item.get("name")?.as_str()? == "apply_patch" => {
            let patch = parse_patch(item.get("input")?.as_str()?);
            Some(Entry::Call(Call {
                id: item.get("call_id")?.as_str()?.to_string(),
                tool: "apply_patch".to_string(),
                paths: patch.paths().into_iter().map(String::from).collect(),
                command: None,
                new_text: patch
                    .files
                    .iter()
                    .map(|f| f.added.as_str())
                    .collect::<Vec<_>>()
                    .join("\n"),
                old_text: patch
                    .files
                    .iter()
                    .map(|f| f.removed.as_str())
                    .collect::<Vec<_>>()
                    .join("\n"),
            }))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROLLOUT: &[&str] = &[
        r#"{"type":"session_meta","payload":{"id":"s","cwd":"/home/dev/app"}}"#,
        r#"{"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"<environment_context>x</environment_context>"}]}}"#,
        r#"{"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Add a retry"}]}}"#,
        r#"{"type":"response_item","payload":{"type":"custom_tool_call","name":"apply_patch","call_id":"c1","input":"*** Begin Patch\n*** Update File: src/net.py\n@@\n-import requests\n+import urllib3\n*** End Patch"}}"#,
        r#"{"type":"response_item","payload":{"type":"function_call","name":"exec_command","call_id":"c2","arguments":"{\"cmd\":\"pytest -q\"}"}}"#,
        r#"{"type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Done."}]}}"#,
        r#"{"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"no, we use httpx, not urllib3"}]}}"#,
    ];

    #[test]
    fn a_rollout_reads_as_typed_messages_and_calls() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rollout.jsonl");
        std::fs::write(&path, ROLLOUT.join("\n")).unwrap();
        let entries = read_entries(&path, 1 << 20).unwrap();
        assert_eq!(entries.len(), 6, "{entries:#?}");
        assert_eq!(
            entries[0],
            Entry::User {
                text: "<environment_context>x</environment_context>".into(),
                typed: false
            }
        );
        let Entry::Call(patch) = &entries[2] else {
            panic!("{entries:#?}")
        };
        assert_eq!(patch.paths, ["src/net.py"]);
        assert_eq!(
            (patch.new_text.as_str(), patch.old_text.as_str()),
            ("import urllib3", "import requests")
        );
        let Entry::Call(shell) = &entries[3] else {
            panic!()
        };
        assert_eq!(shell.command.as_deref(), Some("pytest -q"));
        assert_eq!(session_cwd(&path).as_deref(), Some("/home/dev/app"));
    }
}
