//! Codex's session rollout (`transcript_path`, JSONL), read from its end: the last message the
//! user typed, and the record Codex writes when a tool call completes (for a shell command:
//! its status and exit code; it is on disk before PostToolUse runs, measured on 0.169.0).
//! Bounded (see `transcript_tail`); a missing, foreign or odd file gives nothing.

use std::path::Path;

use serde_json::Value;

use super::outcome::CallRecord;
use crate::adapters::transcript_tail::find_from_end;

/// Bytes read from the end of the rollout for the last user message.
const MESSAGE_TAIL_BYTES: u64 = 256 * 1024;
/// Bytes read from the end for a call's record: the record holds the command's whole output,
/// and it is the last or nearly the last line when PostToolUse runs.
const RECORD_TAIL_BYTES: u64 = 512 * 1024;
/// Longest user message kept (characters).
const MAX_MESSAGE: usize = 2_000;

/// The last message the user typed, if one is in the tail.
pub fn last_user_message(path: &Path) -> Option<String> {
    find_from_end(path, MESSAGE_TAIL_BYTES, |line| {
        // Cheap test first: most lines are neither.
        if !line.contains("UserMessage") && !line.contains("user_message") {
            return None;
        }
        user_text(&serde_json::from_str(line).ok()?)
    })
}

/// What the rollout recorded when the call `call_id` completed.
pub fn call_record(path: &Path, call_id: &str) -> Option<CallRecord> {
    if call_id.is_empty() {
        return None;
    }
    find_from_end(path, RECORD_TAIL_BYTES, |line| {
        if !line.contains(call_id) {
            return None;
        }
        record_of(&serde_json::from_str(line).ok()?, call_id)
    })
}

/// `{"type":"event_msg","payload":{"type":"item_completed","item":{"type":"UserMessage",
/// "content":[{"type":"text","text":...}]}}}`, or an older client's
/// `{"type":"event_msg","payload":{"type":"user_message","message":...}}`.
fn user_text(line: &Value) -> Option<String> {
    let payload = event_payload(line)?;
    let text = match payload.get("type")?.as_str()? {
        "item_completed" => {
            let item = payload.get("item")?;
            if item.get("type")?.as_str()? != "UserMessage" {
                return None;
            }
            let texts: Vec<&str> = item
                .get("content")?
                .as_array()?
                .iter()
                .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
                .filter_map(|b| b.get("text")?.as_str())
                .collect();
            texts.join("\n")
        }
        "user_message" => payload.get("message")?.as_str()?.to_string(),
        _ => return None,
    };
    let text = text.trim();
    (!text.is_empty()).then(|| text.chars().take(MAX_MESSAGE).collect())
}

/// `{"type":"event_msg","payload":{"type":"item_completed","item":{"id":<call_id>,
/// "status":"failed","exit_code":3,...}}}`.
fn record_of(line: &Value, call_id: &str) -> Option<CallRecord> {
    let payload = event_payload(line)?;
    if payload.get("type")?.as_str()? != "item_completed" {
        return None;
    }
    let item = payload.get("item")?;
    if item.get("id")?.as_str()? != call_id {
        return None;
    }
    Some(CallRecord {
        status: item.get("status").and_then(Value::as_str).map(String::from),
        exit_code: item.get("exit_code").and_then(Value::as_i64),
    })
}

fn event_payload(line: &Value) -> Option<&Value> {
    if line.get("type")?.as_str()? != "event_msg" {
        return None;
    }
    line.get("payload")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines shaped as Codex 0.169.0 writes them (trimmed to the fields read).
    const ROLLOUT: &[&str] = &[
        r#"{"type":"session_meta","payload":{"id":"s"}}"#,
        r#"{"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"<environment_context>x</environment_context>"}]}}"#,
        r#"{"type":"event_msg","payload":{"type":"item_completed","item":{"type":"UserMessage","id":"u1","content":[{"type":"text","text":"Fix the greeting","text_elements":[]}]}}}"#,
        r#"{"type":"event_msg","payload":{"type":"item_completed","item":{"type":"CommandExecution","id":"call_1","status":"completed","aggregated_output":"ok\n","exit_code":0}}}"#,
        r#"{"type":"event_msg","payload":{"type":"item_completed","item":{"type":"CommandExecution","id":"call_2","status":"failed","aggregated_output":"call_1 mentioned\n","exit_code":3}}}"#,
        r#"{"type":"response_item","payload":{"type":"function_call_output","call_id":"call_2","output":"Process exited with code 3"}}"#,
        "not json",
    ];

    fn rollout(lines: &[&str]) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rollout.jsonl");
        std::fs::write(&path, lines.join("\n")).unwrap();
        (dir, path)
    }

    #[test]
    fn finds_the_calls_record_by_its_id() {
        let (_dir, path) = rollout(ROLLOUT);
        assert_eq!(
            call_record(&path, "call_2"),
            Some(CallRecord {
                status: Some("failed".into()),
                exit_code: Some(3),
            })
        );
        // call_1's id also appears inside call_2's output; only its own record counts.
        assert_eq!(
            call_record(&path, "call_1").and_then(|r| r.exit_code),
            Some(0)
        );
        assert_eq!(call_record(&path, "call_9"), None);
        assert_eq!(call_record(&path, ""), None);
    }

    #[test]
    fn finds_the_last_typed_message() {
        let (_dir, path) = rollout(ROLLOUT);
        assert_eq!(
            last_user_message(&path).as_deref(),
            Some("Fix the greeting")
        );
        let (_dir, older) = rollout(&[
            r#"{"type":"event_msg","payload":{"type":"user_message","message":"older shape"}}"#,
        ]);
        assert_eq!(last_user_message(&older).as_deref(), Some("older shape"));
    }

    #[test]
    fn missing_or_odd_files_give_nothing() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(last_user_message(&dir.path().join("none")), None);
        assert_eq!(call_record(dir.path(), "call_1"), None);
    }
}
