//! A Claude Code session transcript (JSONL) read as the learning rules' neutral entries
//! (`core::learn::exchange`): typed user messages apart from what the client wrote in the
//! user's place (task notifications, slash-command expansions, local command output,
//! compaction summaries, meta and subagent messages), the agent's prose and tool calls,
//! and calls the user refused with the reason they typed (the client's rejection text, as
//! measured on Claude Code 2.1.331). Only the transcript's last bytes are read.

use std::path::Path;

use serde_json::Value;

use crate::adapters::transcript_tail::read_tail_lines;
use crate::core::learn::exchange::{Call, Entry};

/// Bytes read from the end of a transcript at Stop: the last few turns.
pub const STOP_TAIL_BYTES: u64 = 2 * 1024 * 1024;
/// Bytes read from a saved transcript by `lore learn scan`.
pub const SCAN_BYTES: u64 = 64 * 1024 * 1024;

/// What the client writes in a user message it generated itself.
const GENERATED: &[&str] = &[
    "<task-notification>",
    "<command-name>",
    "<command-message>",
    "<command-args>",
    "<local-command-stdout>",
    "<local-command-stderr>",
    "<local-command-caveat>",
    "<system-reminder>",
    "<bash-input>",
    "<bash-stdout>",
    "<bash-stderr>",
    "<user-prompt-submit-hook>",
    "Caveat: The messages below were generated",
    "[Request interrupted by user",
    "This session is being continued from a previous conversation",
    "The user sent a new message while you were working",
];

/// The client's words when the user refuses a tool call; the user's reason follows the
/// last of `REASON_MARKERS`.
const REFUSALS: &[&str] = &[
    "The user doesn't want to proceed with this tool use.",
    "Permission for this tool use was denied.",
];
const REASON_MARKERS: &[&str] = &["the user said:"];

/// Whether a prompt was written by the client rather than typed by the user.
pub fn is_generated(text: &str) -> bool {
    let t = text.trim_start();
    GENERATED.iter().any(|g| t.starts_with(g))
}

/// The entries of the transcript at `path` (its last `tail_bytes`), or None when it cannot
/// be read (missing, not this user's, not a regular file).
pub fn read_entries(path: &Path, tail_bytes: u64) -> Option<Vec<Entry>> {
    let lines = read_tail_lines(path, tail_bytes)?;
    let mut entries = Vec::new();
    for line in lines {
        // Cheap test first: most lines are attachments and bookkeeping.
        if !line.contains("\"user\"") && !line.contains("\"assistant\"") {
            continue;
        }
        if let Ok(value) = serde_json::from_str::<Value>(&line) {
            entries_of(&value, &mut entries);
        }
    }
    Some(entries)
}

/// The working directory a transcript's entries name (for `lore learn scan`).
pub fn session_cwd(path: &Path) -> Option<String> {
    let lines = read_tail_lines(path, SCAN_BYTES)?;
    lines.iter().find_map(|l| {
        let v: Value = serde_json::from_str(l).ok()?;
        v.get("cwd")?.as_str().map(String::from)
    })
}

fn entries_of(value: &Value, out: &mut Vec<Entry>) {
    let kind = value.get("type").and_then(Value::as_str);
    let Some(content) = value.get("message").and_then(|m| m.get("content")) else {
        return;
    };
    let flag = |key: &str| value.get(key).and_then(Value::as_bool) == Some(true);
    let client_wrote = flag("isMeta")
        || flag("isSidechain")
        || flag("isCompactSummary")
        || flag("isVisibleInTranscriptOnly");
    match kind {
        Some("user") => match content {
            Value::String(text) => out.push(Entry::User {
                typed: !client_wrote && !is_generated(text),
                text: text.clone(),
            }),
            Value::Array(blocks) => {
                for block in blocks {
                    match block.get("type").and_then(Value::as_str) {
                        Some("text") => {
                            let text = block.get("text").and_then(Value::as_str).unwrap_or("");
                            out.push(Entry::User {
                                typed: !client_wrote && !is_generated(text),
                                text: text.to_string(),
                            });
                        }
                        Some("tool_result") => {
                            if let Some(refused) = refusal(block) {
                                out.push(refused);
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        },
        Some("assistant") if !flag("isSidechain") => {
            for block in content.as_array().into_iter().flatten() {
                match block.get("type").and_then(Value::as_str) {
                    Some("text") => out.push(Entry::Agent {
                        text: block
                            .get("text")
                            .and_then(Value::as_str)
                            .unwrap_or("")
                            .to_string(),
                    }),
                    Some("tool_use") => out.push(Entry::Call(call_of(block))),
                    _ => {}
                }
            }
        }
        _ => {}
    }
}

/// A refused call's entry, when a tool result is the client's refusal.
fn refusal(block: &Value) -> Option<Entry> {
    let text = match block.get("content")? {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p.get("text")?.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => return None,
    };
    let t = text.trim_start();
    if !REFUSALS.iter().any(|r| t.starts_with(r)) {
        return None;
    }
    let lower = t.to_ascii_lowercase();
    let reason = REASON_MARKERS
        .iter()
        .filter_map(|m| lower.rfind(m).map(|i| i + m.len()))
        .max()
        .map(|at| t[at..].trim().to_string())
        .filter(|r| !r.is_empty());
    Some(Entry::Refused {
        id: block.get("tool_use_id")?.as_str()?.to_string(),
        reason,
    })
}

/// A tool call's files, command and written text.
fn call_of(block: &Value) -> Call {
    let input = block.get("input");
    let text = |key: &str| input.and_then(|i| i.get(key)).and_then(Value::as_str);
    let mut new_text: Vec<&str> = ["new_string", "content", "new_source"]
        .iter()
        .filter_map(|k| text(k))
        .collect();
    let mut old_text: Vec<&str> = text("old_string").into_iter().collect();
    for edit in input
        .and_then(|i| i.get("edits"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        new_text.extend(edit.get("new_string").and_then(Value::as_str));
        old_text.extend(edit.get("old_string").and_then(Value::as_str));
    }
    Call {
        id: block
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string(),
        tool: block
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string(),
        paths: ["file_path", "notebook_path", "path"]
            .iter()
            .filter_map(|k| text(k))
            .take(1)
            .map(String::from)
            .collect(),
        command: text("command").map(String::from),
        new_text: new_text.join("\n"),
        old_text: old_text.join("\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines shaped as Claude Code 2.1.331 writes them (trimmed to the fields read).
    const TRANSCRIPT: &[&str] = &[
        r#"{"type":"user","isSidechain":false,"message":{"role":"user","content":"Add logging to the payment handler."}}"#,
        r#"{"type":"attachment","attachment":{"type":"hook_success","hookName":"UserPromptSubmit"}}"#,
        r#"{"type":"assistant","message":{"content":[{"type":"text","text":"Adding logging."}]}}"#,
        r#"{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_1","name":"Edit","input":{"file_path":"/p/app/pay.py","old_string":"def charge():","new_string":"import logging\ndef charge():"}}]}}"#,
        r#"{"type":"user","message":{"content":[{"tool_use_id":"toolu_1","type":"tool_result","is_error":true,"content":"The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nwe use structlog, not logging"}]}}"#,
        r#"{"type":"user","isMeta":true,"message":{"content":"<command-name>/review</command-name>"}}"#,
        r#"{"type":"user","message":{"content":"<task-notification><status>done</status></task-notification>"}}"#,
        r#"{"type":"assistant","isSidechain":true,"message":{"content":[{"type":"text","text":"subagent"}]}}"#,
        "not json",
    ];

    #[test]
    fn a_transcript_reads_as_typed_messages_calls_and_refusals() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.jsonl");
        std::fs::write(&path, TRANSCRIPT.join("\n")).unwrap();
        let entries = read_entries(&path, STOP_TAIL_BYTES).unwrap();
        let typed: Vec<bool> = entries
            .iter()
            .filter_map(|e| match e {
                Entry::User { typed, .. } => Some(*typed),
                _ => None,
            })
            .collect();
        assert_eq!(typed, [true, false, false]);
        assert!(entries.contains(&Entry::Refused {
            id: "toolu_1".into(),
            reason: Some("we use structlog, not logging".into())
        }));
        let call = entries.iter().find_map(|e| match e {
            Entry::Call(c) => Some(c),
            _ => None,
        });
        let call = call.unwrap();
        assert_eq!(
            (call.tool.as_str(), call.paths.as_slice()),
            ("Edit", &["/p/app/pay.py".to_string()][..])
        );
        assert_eq!(call.old_text, "def charge():");
        assert!(
            !entries
                .iter()
                .any(|e| matches!(e, Entry::Agent { text } if text == "subagent"))
        );
    }

    #[test]
    fn client_written_prompts_are_recognised() {
        assert!(is_generated("<task-notification>\n<task-id>1</task-id>"));
        assert!(is_generated("[Request interrupted by user for tool use]"));
        assert!(!is_generated("no, use structlog"));
    }
}
