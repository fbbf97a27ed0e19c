//! Hook payloads exactly as Claude Code sends them. Every field is optional and unknown
//! fields are ignored, so a newer client or an odd payload never fails to deserialise.

use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Payload {
    pub session_id: Option<String>,
    pub transcript_path: Option<String>,
    pub cwd: Option<String>,
    pub hook_event_name: Option<String>,
    /// SessionStart: `startup`, `resume`, `clear` or `compact`.
    pub source: Option<String>,
    /// UserPromptSubmit.
    pub prompt: Option<String>,
    pub tool_name: Option<String>,
    pub tool_input: Option<Value>,
    /// PostToolUse: what the tool returned (for an MCP tool, its content list).
    pub tool_response: Option<Value>,
    /// PostToolUseFailure: `Exit code N\n<output>`.
    pub error: Option<String>,
    /// Set inside subagents.
    pub agent_id: Option<String>,
    pub agent_type: Option<String>,
}

/// A string field of `tool_input`, if it is one.
pub fn input_str<'a>(input: Option<&'a Value>, key: &str) -> Option<&'a str> {
    input?.get(key)?.as_str()
}

/// The text a tool returned: a string, or the `text` of each item of an MCP content list.
pub fn response_text(response: Option<&Value>) -> String {
    match response {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|item| item.get("text")?.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        Some(Value::Object(map)) => response_text(map.get("content")),
        _ => String::new(),
    }
}
