//! Hook payloads in Claude Code's snake_case field names, as the Gemini CLI, Qwen Code and the
//! Copilot CLI (with PascalCase event names) send them, and as lore's OpenCode plugin builds
//! them (see the agents harness samples), and the one answer flow of the adapters that read
//! them ([`answer_payload`]): each supplies its events, its event mapping and its reply.
//! Every field is optional and unknown fields are ignored, so a newer client or an odd
//! payload never fails to deserialise; each adapter reads the fields its agent fills.

use serde::Deserialize;
use serde_json::Value;

use crate::adapters::hook_action::{Action, Delivery, run_action};
use crate::adapters::hook_process::{HookAnswer, HookRequest, read_event};
use crate::adapters::hook_scope::HookOrigin;
use crate::adapters::tool_call::{ToolSpec, answered_call};
use crate::core::query::QueryInput;
use crate::core::sources::Harness;
use crate::services::inject::Trace;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Payload {
    pub session_id: Option<String>,
    pub transcript_path: Option<String>,
    pub cwd: Option<String>,
    pub hook_event_name: Option<String>,
    /// SessionStart: `startup`, `resume`, `clear`, `compact` (Copilot: `new`, `resume`).
    pub source: Option<String>,
    /// The prompt (Gemini's BeforeAgent already holds the SessionStart context in
    /// `<hook_context>` tags).
    pub prompt: Option<String>,
    /// The agent's own tool name (Copilot PascalCase: Claude Code's `Edit`, `Write`, `Bash`).
    pub tool_name: Option<String>,
    pub tool_input: Option<Value>,
    /// After a tool: Gemini and Qwen `{llmContent, returnDisplay, error?}`; lore's OpenCode
    /// plugin `{title, output, metadata {exit}}`.
    pub tool_response: Option<Value>,
    /// After a tool, Copilot: `{result_type, text_result_for_llm}`.
    pub tool_result: Option<Value>,
    /// Qwen's PostToolUseFailure: the failure's text (`Exit Code: N` for a command).
    pub error: Option<String>,
}

/// How lore answers one agent that sends these payloads.
#[derive(Debug, Clone, Copy)]
pub struct PayloadAgent {
    pub harness: Harness,
    /// The events lore answers, and those it knowingly leaves alone (silent); any other is
    /// reported on stderr, so a misregistered hook shows itself.
    pub handled: &'static [&'static str],
    pub unhandled: &'static [&'static str],
    /// What lore does for a payload, given `[hook] tools`.
    pub action: fn(&Payload, &[String]) -> Action,
    /// The answer line for injected text on an event: `(event, text)`.
    pub reply: fn(&str, &str) -> String,
}

/// `agent`'s answer to one payload, or nothing. Errors are for stderr only; the caller
/// still exits 0.
pub fn answer_payload(
    agent: &PayloadAgent,
    input: &str,
    request: &HookRequest,
    trace: &mut Trace,
) -> anyhow::Result<Option<HookAnswer>> {
    let Some(payload) = read_event(
        input,
        agent.harness,
        Payload::names,
        (agent.handled, agent.unhandled),
        trace,
    )?
    else {
        return Ok(None);
    };
    let event = payload.hook_event_name.clone().unwrap_or_default();
    run_action(
        request,
        trace,
        HookOrigin {
            cwd: payload.cwd.as_deref(),
            session_id: payload.session_id.as_deref(),
            agent_id: None,
            harness: Some(agent.harness),
        },
        |hook| (agent.action)(&payload, &hook.tools),
        Delivery::default(),
        |text| (agent.reply)(&event, text),
    )
}

impl Payload {
    /// A string field of `tool_response`, if it is one.
    pub fn response_str(&self, key: &str) -> Option<&str> {
        self.tool_response.as_ref()?.get(key)?.as_str()
    }

    /// The error the tool reported itself (Gemini's AfterTool `tool_response.error`).
    pub fn response_error(&self) -> Option<String> {
        match self.tool_response.as_ref()?.get("error")? {
            Value::Null => None,
            Value::String(s) => Some(s.clone()),
            other => other
                .get("message")
                .and_then(Value::as_str)
                .map(String::from)
                .or_else(|| Some(other.to_string())),
        }
    }

    /// The spec and query input of the tool call, when lore answers that tool (one of
    /// `tools`, let through by `[hook] tools` as `enabled`); else the reason, as an action.
    pub fn tool_call<'a>(
        &self,
        tools: &'a [ToolSpec],
        enabled: &[String],
    ) -> Result<(&'a ToolSpec, QueryInput), Action> {
        answered_call(
            tools,
            enabled,
            self.tool_name.as_deref().unwrap_or(""),
            self.tool_input.as_ref(),
            self.cwd.as_deref(),
        )
        .map_err(Action::Nothing)
    }

    /// The event and tool names, for `hook_process::read_event`.
    pub fn names(&self) -> (Option<&str>, Option<&str>) {
        (self.hook_event_name.as_deref(), self.tool_name.as_deref())
    }
}
