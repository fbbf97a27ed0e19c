//! Hook events: a payload mapped to what lore should do. A payload of the wrong shape means
//! "nothing to do", never an error.

use super::wire::{Payload, input_str, response_text};
use crate::core::query::QueryInput;
use crate::core::text_window::path_window;

/// SessionStart sources after which the context window no longer holds earlier injections.
const RESETTING_SOURCES: &[&str] = &["startup", "clear", "compact"];
/// Read-only subagent types: they explore or plan but do not change code.
const READ_ONLY_AGENTS: &[&str] = &["Explore", "Plan"];

#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    SessionStart {
        reset: bool,
    },
    UserPromptSubmit {
        prompt: String,
    },
    PreToolUse {
        tool_name: String,
    },
    PostToolUseFailure {
        tool_name: String,
    },
    /// lore's MCP search answered: the patterns it showed whole count as shown to the
    /// session. Never any output.
    SearchAnswered {
        answer: String,
    },
    SubagentStart,
    /// Compaction finished: the ledger is reset; there is no context channel.
    PostCompact,
    /// The agent finished its turn: captured corrections are settled into the review inbox;
    /// never any output (context there would make the session continue).
    Stop,
    /// Everything else.
    Ignored,
}

impl Event {
    /// The event name as Claude Code expects it back in `hookEventName`.
    pub fn name(&self) -> &'static str {
        match self {
            Event::SessionStart { .. } => "SessionStart",
            Event::UserPromptSubmit { .. } => "UserPromptSubmit",
            Event::PreToolUse { .. } => "PreToolUse",
            Event::PostToolUseFailure { .. } => "PostToolUseFailure",
            Event::SearchAnswered { .. } => "PostToolUse",
            Event::SubagentStart => "SubagentStart",
            Event::PostCompact => "PostCompact",
            Event::Stop => "Stop",
            Event::Ignored => "",
        }
    }
}

/// Classify a payload. `tools` are the tool names PreToolUse injects for.
pub fn classify(payload: &Payload, tools: &[String]) -> Event {
    let tool = || payload.tool_name.clone().unwrap_or_default();
    match payload.hook_event_name.as_deref() {
        Some("SessionStart") => Event::SessionStart {
            reset: payload
                .source
                .as_deref()
                .is_none_or(|s| RESETTING_SOURCES.contains(&s)),
        },
        Some("UserPromptSubmit") => match &payload.prompt {
            Some(p) if !p.trim_start().starts_with('/') => {
                Event::UserPromptSubmit { prompt: p.clone() }
            }
            _ => Event::Ignored,
        },
        Some("PreToolUse") => {
            if tool_enabled(&tool(), tools)
                && read_only_agent(payload).is_none()
                && payload.tool_input.is_some()
            {
                Event::PreToolUse { tool_name: tool() }
            } else {
                Event::Ignored
            }
        }
        Some("PostToolUseFailure") if tool() == "Bash" && payload.error.is_some() => {
            Event::PostToolUseFailure { tool_name: tool() }
        }
        Some("PostToolUse") if is_lore_search(&tool()) => Event::SearchAnswered {
            answer: response_text(payload.tool_response.as_ref()),
        },
        Some("SubagentStart") => Event::SubagentStart,
        Some("PostCompact") => Event::PostCompact,
        Some("Stop") => Event::Stop,
        _ => Event::Ignored,
    }
}

/// Whether `tool` is lore's MCP search as Claude Code names it: `mcp__<server>__search_patterns`
/// (the server is `lore` from a project's `.mcp.json`, `plugin_lore_lore` from the plugin, or
/// whatever a team named it; what the answer names is checked against the index).
pub fn is_lore_search(tool: &str) -> bool {
    tool.strip_prefix("mcp__")
        .and_then(|rest| rest.strip_suffix("__search_patterns"))
        .is_some_and(|server| !server.is_empty())
}

/// The read-only subagent type a payload comes from, if it does.
fn read_only_agent(payload: &Payload) -> Option<&str> {
    payload
        .agent_type
        .as_deref()
        .filter(|a| READ_ONLY_AGENTS.contains(a))
}

/// Is `tool` one whose PreToolUse gets conventions, given `[hook] tools`?
fn tool_enabled(tool: &str, tools: &[String]) -> bool {
    tools.iter().any(|t| t.eq_ignore_ascii_case(tool))
}

/// Why the hook runs no search for a payload [`classify`] made `event` of, or None when it
/// searches: `lore extract-queries` shows it, so an audit sees the hook's decision.
pub fn why_not_searched(payload: &Payload, event: &Event, tools: &[String]) -> Option<String> {
    let tool = payload.tool_name.as_deref().unwrap_or("");
    Some(match event {
        Event::UserPromptSubmit { .. }
        | Event::PreToolUse { .. }
        | Event::PostToolUseFailure { .. } => return None,
        Event::SessionStart { .. } | Event::SubagentStart => {
            "it primes the session with the pattern index and the universal patterns, without a search".into()
        }
        Event::PostCompact => {
            "PostCompact has no context channel: it only resets the session ledger".into()
        }
        Event::SearchAnswered { .. } => {
            "lore's MCP search answered: the patterns it showed are recorded as shown to the session".into()
        }
        Event::Stop => {
            "Stop gets no context (it would make the session continue): lore only settles the session's corrections into the review inbox there".into()
        }
        Event::Ignored => match payload.hook_event_name.as_deref() {
            Some("UserPromptSubmit") if payload.prompt.is_some() => {
                "a slash command: the hook searches typed prompts only".into()
            }
            Some("UserPromptSubmit") => "the payload has no prompt".into(),
            Some("PreToolUse") => match read_only_agent(payload) {
                Some(agent) => format!("a read-only subagent ({agent}) changes no code"),
                None if !tool_enabled(tool, tools) => {
                    format!("`{tool}` is not one of `[hook] tools`")
                }
                None => "the payload has no tool_input".into(),
            },
            Some("PostToolUseFailure") if tool != "Bash" => {
                format!("the hook searches failed Bash commands only, not `{tool}`")
            }
            Some("PostToolUseFailure") => "the payload has no error text".into(),
            Some(name) => format!("the hook does nothing on {name}"),
            None => "the payload names no hook_event_name".into(),
        },
    })
}

/// The neutral query input for a tool call, prompt or failure payload. `last_user_message`
/// comes from the transcript tail, read by the caller.
pub fn query_input(payload: &Payload, last_user_message: Option<String>) -> QueryInput {
    let input = payload.tool_input.as_ref();
    // Windowed before anything reads it: a path past `PATH_MAX` names no real file.
    let file_path = ["file_path", "notebook_path", "path"]
        .iter()
        .find_map(|k| input_str(input, k))
        .map(|path| path_window(path).to_string());
    let mut content: Vec<&str> = ["new_string", "content", "new_source"]
        .iter()
        .filter_map(|k| input_str(input, k))
        .collect();
    let mut old: Vec<&str> = input_str(input, "old_string").into_iter().collect();
    // MultiEdit: {edits: [{old_string, new_string}, ...]}
    if let Some(edits) = input
        .and_then(|i| i.get("edits"))
        .and_then(|e| e.as_array())
    {
        content.extend(edits.iter().filter_map(|e| e.get("new_string")?.as_str()));
        old.extend(edits.iter().filter_map(|e| e.get("old_string")?.as_str()));
    }
    QueryInput {
        tool_name: payload.tool_name.clone(),
        agent_tool_name: None,
        file_path,
        cwd: payload.cwd.clone(),
        root: None,
        command: input_str(input, "command").map(String::from),
        description: input_str(input, "description").map(String::from),
        content: (!content.is_empty()).then(|| content.join("\n")),
        old_content: (!old.is_empty()).then(|| old.join("\n")),
        other_paths: Vec::new(),
        file_edits: Vec::new(),
        prompt: payload.prompt.clone(),
        last_user_message,
        error: payload.error.clone(),
        project: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(json: &str) -> Payload {
        serde_json::from_str(json).unwrap()
    }

    fn tools() -> Vec<String> {
        crate::core::config::HookConfig::default().tools
    }

    #[test]
    fn events_are_classified_by_name_and_shape() {
        let cases = [
            (
                r#"{"hook_event_name":"SessionStart","source":"startup"}"#,
                Event::SessionStart { reset: true },
            ),
            (
                r#"{"hook_event_name":"SessionStart","source":"resume"}"#,
                Event::SessionStart { reset: false },
            ),
            (
                r#"{"hook_event_name":"SessionStart","source":"compact"}"#,
                Event::SessionStart { reset: true },
            ),
            (
                r#"{"hook_event_name":"UserPromptSubmit","prompt":"/compact"}"#,
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"UserPromptSubmit","prompt":"fix it"}"#,
                Event::UserPromptSubmit {
                    prompt: "fix it".into(),
                },
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{}}"#,
                Event::PreToolUse {
                    tool_name: "Edit".into(),
                },
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{}}"#,
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"Edit"}"#,
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{},"agent_type":"Explore"}"#,
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"PostToolUseFailure","tool_name":"Bash","error":"Exit code 1"}"#,
                Event::PostToolUseFailure {
                    tool_name: "Bash".into(),
                },
            ),
            (
                r#"{"hook_event_name":"PostToolUseFailure","tool_name":"Edit","error":"x"}"#,
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"SubagentStart"}"#,
                Event::SubagentStart,
            ),
            (r#"{"hook_event_name":"PostCompact"}"#, Event::PostCompact),
            (r#"{"hook_event_name":"Stop"}"#, Event::Stop),
            (r#"{"hook_event_name":"Unknown"}"#, Event::Ignored),
            (r#"{}"#, Event::Ignored),
        ];
        for (json, expected) in cases {
            assert_eq!(classify(&payload(json), &tools()), expected, "{json}");
        }
    }

    #[test]
    fn tool_inputs_map_to_query_fields() {
        let p = payload(
            r#"{"cwd":"/p","tool_name":"MultiEdit","tool_input":{"file_path":"/p/a.rs","edits":[{"old_string":"a","new_string":"fooBar"}]}}"#,
        );
        let q = query_input(&p, Some("make it fast".into()));
        assert_eq!(q.file_path.as_deref(), Some("/p/a.rs"));
        assert_eq!(q.content.as_deref(), Some("fooBar"));
        assert_eq!(q.old_content.as_deref(), Some("a"));
        assert_eq!(q.last_user_message.as_deref(), Some("make it fast"));
        let bash = payload(
            r#"{"tool_name":"Bash","tool_input":{"command":"cargo test","description":"Run tests"}}"#,
        );
        let q = query_input(&bash, None);
        assert_eq!(q.command.as_deref(), Some("cargo test"));
        assert_eq!(q.description.as_deref(), Some("Run tests"));
    }
}
