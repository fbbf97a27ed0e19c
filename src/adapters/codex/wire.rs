//! Hook payloads exactly as the Codex CLI sends them (0.169.0; see the harness samples).
//! Every field is optional and unknown fields are ignored, so a newer client or an odd
//! payload never fails to deserialise.

use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Payload {
    pub session_id: Option<String>,
    /// The session's rollout JSONL (may be null).
    pub transcript_path: Option<String>,
    pub cwd: Option<String>,
    pub hook_event_name: Option<String>,
    /// SessionStart: `startup`, `resume` or `compact`.
    pub source: Option<String>,
    /// UserPromptSubmit.
    pub prompt: Option<String>,
    /// `apply_patch` for edits, `Bash` for shell commands, else the tool's own name.
    pub tool_name: Option<String>,
    /// apply_patch: `{command: <patch text>}`; Bash: `{command}`.
    pub tool_input: Option<Value>,
    /// PostToolUse: the tool's output as text, without an exit code.
    pub tool_response: Option<Value>,
    /// The call's id, also the id of its record in the rollout.
    pub tool_use_id: Option<String>,
    /// Set inside subagents.
    pub agent_id: Option<String>,
    pub agent_type: Option<String>,
}

impl Payload {
    /// A string field of `tool_input`, if it is one.
    pub fn input_str(&self, key: &str) -> Option<&str> {
        self.tool_input.as_ref()?.get(key)?.as_str()
    }

    /// The tool's output text (PostToolUse), if it is text.
    pub fn output_text(&self) -> Option<&str> {
        self.tool_response.as_ref()?.as_str()
    }
}
