//! The transcript tail: the last user message, read from the end of the session's JSONL
//! transcript. Bounded (only the last bytes are read) and only for files this user owns.

use std::path::Path;

use serde_json::Value;

use crate::adapters::transcript_tail::find_from_end;

/// Bytes read from the end of the transcript.
const TAIL_BYTES: u64 = 256 * 1024;
/// Longest user message kept (characters).
const MAX_MESSAGE: usize = 2_000;

/// The last message the user typed (not a tool result), if one is in the tail.
pub fn last_user_message(path: &Path) -> Option<String> {
    find_from_end(path, TAIL_BYTES, user_text)
}

fn user_text(line: &str) -> Option<String> {
    let value: Value = serde_json::from_str(line).ok()?;
    if value.get("type")?.as_str()? != "user" {
        return None;
    }
    let content = value.get("message")?.get("content")?;
    let text = match content {
        Value::String(s) => s.clone(),
        Value::Array(blocks) => {
            // Tool results arrive as user messages too; only typed text counts.
            let texts: Vec<&str> = blocks
                .iter()
                .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
                .filter_map(|b| b.get("text")?.as_str())
                .collect();
            if texts.is_empty() {
                return None;
            }
            texts.join("\n")
        }
        _ => return None,
    };
    let text = text.trim();
    if text.is_empty() || text.starts_with("<system-reminder>") {
        return None;
    }
    Some(text.chars().take(MAX_MESSAGE).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_last_typed_message_skipping_tool_results() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.jsonl");
        let lines = [
            r#"{"type":"user","message":{"role":"user","content":"first request"}}"#,
            r#"{"type":"assistant","message":{"content":[{"type":"text","text":"ok"}]}}"#,
            r#"{"type":"user","message":{"role":"user","content":[{"type":"text","text":"second request"}]}}"#,
            r#"{"type":"user","message":{"role":"user","content":[{"type":"tool_result","content":"out"}]}}"#,
            "not json",
        ];
        std::fs::write(&path, lines.join("\n")).unwrap();
        assert_eq!(last_user_message(&path).as_deref(), Some("second request"));
    }

    #[test]
    fn missing_or_odd_files_give_nothing() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(last_user_message(&dir.path().join("none")), None);
        assert_eq!(last_user_message(dir.path()), None);
    }
}
