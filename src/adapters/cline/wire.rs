//! Hook payloads exactly as Cline sends them (3.0.65; see the agents harness samples): no
//! event name and no `cwd`, but a `hookName` (`tool_result` for PostToolUse, `pre_compact`
//! for PreCompact, ...), the task id and the workspace roots. Every field is optional and
//! unknown fields are ignored, so a newer client or an odd payload never fails to
//! deserialise.

use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Payload {
    /// `agent_start`, `tool_call`, `tool_result`, `prompt_submit`, `pre_compact`, ...
    pub hook_name: Option<String>,
    /// The task: lore's session.
    pub task_id: Option<String>,
    pub workspace_roots: Vec<String>,
    pub workspace_info: Option<Value>,
    #[serde(rename = "agent_id")]
    pub agent_id: Option<String>,
    /// Set inside subagents.
    #[serde(rename = "parent_agent_id")]
    pub parent_agent_id: Option<String>,
    /// PreToolUse: `{id, name, input}`.
    #[serde(rename = "tool_call")]
    pub tool_call: Option<Value>,
    /// PostToolUse: `{id, name, input, output, ...}`; a command's `output` is a list of
    /// `{query, result, success, error?}`.
    #[serde(rename = "tool_result")]
    pub tool_result: Option<Value>,
}

/// Cline's hook names and the events (executable names) they are.
const EVENTS: &[(&str, &str)] = &[
    ("agent_start", "TaskStart"),
    ("agent_resume", "TaskResume"),
    ("agent_abort", "TaskCancel"),
    ("agent_end", "TaskComplete"),
    ("agent_error", "TaskError"),
    ("tool_call", "PreToolUse"),
    ("tool_result", "PostToolUse"),
    ("prompt_submit", "UserPromptSubmit"),
    ("pre_compact", "PreCompact"),
    ("session_shutdown", "SessionShutdown"),
];

impl Payload {
    /// The event, by the name of the executable Cline runs for it.
    pub fn event(&self) -> Option<&'static str> {
        let hook = self.hook_name.as_deref()?;
        EVENTS.iter().find(|(h, _)| *h == hook).map(|(_, e)| *e)
    }

    /// The call's tool record: the result after the tool, the call before it.
    pub fn tool(&self) -> Option<&Value> {
        self.tool_result.as_ref().or(self.tool_call.as_ref())
    }

    /// The tool's name.
    pub fn tool_name(&self) -> Option<&str> {
        self.tool()?.get("name")?.as_str()
    }

    /// The project directory: the first workspace root.
    pub fn cwd(&self) -> Option<&str> {
        self.workspace_roots
            .first()
            .map(String::as_str)
            .or_else(|| self.workspace_info.as_ref()?.get("rootPath")?.as_str())
    }

    /// The event and tool names, for `hook_process::read_event`.
    pub fn names(&self) -> (Option<&str>, Option<&str>) {
        (self.event(), self.tool_name())
    }
}
