//! lore's OpenCode plugin calls mapped to what lore does (see `adapters::hook_action`): the
//! system prompt is primed once per session (`experimental.chat.system.transform`; the
//! plugin keeps the text for every later request), a user message is searched
//! (`chat.message`), a file written or edited and a command run are searched after the tool
//! (`tool.execute.after`; a command whose `metadata.exit` is not 0 on its output too), and
//! compaction forgets what the session was shown (`experimental.session.compacting`). A
//! payload of the wrong shape means "nothing to do", never an error.

use serde_json::Value;

use crate::adapters::hook_action::Action;
use crate::adapters::hook_payload::Payload;
use crate::adapters::tool_call::{ToolKind, ToolSpec};

/// The plugin hook that builds the system prompt.
pub const SYSTEM: &str = "experimental.chat.system.transform";
/// The plugin hook of a new user message.
pub const MESSAGE: &str = "chat.message";
/// The plugin hook after a tool ran.
pub const TOOL_AFTER: &str = "tool.execute.after";
/// The plugin hook before a session is compacted.
pub const COMPACTING: &str = "experimental.session.compacting";

/// OpenCode's file and shell tools and their input keys.
pub const TOOLS: &[ToolSpec] = &[
    ToolSpec::file("write", ToolKind::Write, &["filePath"], &["content"], &[]),
    ToolSpec::file(
        "edit",
        ToolKind::Edit,
        &["filePath"],
        &["newString"],
        &["oldString"],
    ),
    ToolSpec::shell("bash", &["command"], &["description"]),
];

/// What lore does for a payload; `tools` are `[hook] tools`.
pub fn action(payload: &Payload, tools: &[String]) -> Action {
    match payload.hook_event_name.as_deref() {
        Some(SYSTEM) => Action::Prime { reset: false },
        Some(MESSAGE) => Action::prompt(
            payload.prompt.as_deref().map(typed_prompt),
            payload.cwd.as_deref(),
        ),
        Some(TOOL_AFTER) => after_tool(payload, tools),
        Some(COMPACTING) => Action::Reset,
        Some(name) => Action::Nothing(format!("the hook does nothing on {name}")),
        None => Action::Nothing("the payload names no hook_event_name".into()),
    }
}

fn after_tool(payload: &Payload, tools: &[String]) -> Action {
    let (spec, input) = match payload.tool_call(TOOLS, tools) {
        Ok(call) => call,
        Err(nothing) => return nothing,
    };
    let exit = payload
        .tool_response
        .as_ref()
        .and_then(|r| r.pointer("/metadata/exit"))
        .and_then(Value::as_i64);
    let output = payload.response_str("output").unwrap_or_default();
    Action::after_tool(
        spec.kind,
        input,
        exit.filter(|c| *c != 0).map(|c| (Some(c), output)),
    )
}

/// The message as typed: `opencode run` passes it on in quotes.
fn typed_prompt(prompt: &str) -> &str {
    let p = prompt.trim();
    p.strip_prefix('"')
        .and_then(|p| p.strip_suffix('"'))
        .unwrap_or(p)
        .trim()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::inject::Moment;

    fn action_of(json: &str) -> Action {
        let payload: Payload = serde_json::from_str(json).unwrap();
        action(&payload, &crate::core::config::HookConfig::default().tools)
    }

    #[test]
    fn plugin_hooks_map_to_actions() {
        assert_eq!(
            action_of(
                r#"{"hook_event_name":"experimental.chat.system.transform","session_id":"s"}"#
            ),
            Action::Prime { reset: false }
        );
        let Action::Search { moment, input } =
            action_of(r#"{"hook_event_name":"chat.message","prompt":"\"rename greet\""}"#)
        else {
            panic!()
        };
        assert_eq!(
            (moment, input.prompt.as_deref()),
            (Moment::Prompt, Some("rename greet"))
        );
        let Action::Search { moment, input } = action_of(
            r#"{"hook_event_name":"tool.execute.after","tool_name":"bash","tool_input":{"command":"./run-tests"},"tool_response":{"output":"1 failed","metadata":{"exit":1}}}"#,
        ) else {
            panic!()
        };
        assert_eq!(moment, Moment::ToolFailure);
        assert_eq!(input.error.as_deref(), Some("Exit code 1\n1 failed"));
        let Action::Search { moment, input } = action_of(
            r#"{"hook_event_name":"tool.execute.after","tool_name":"write","tool_input":{"filePath":"/p/a.rs","content":"x"},"tool_response":{"output":"Wrote file"}}"#,
        ) else {
            panic!()
        };
        assert_eq!(
            (moment, input.file_path.as_deref()),
            (Moment::ToolCall, Some("/p/a.rs"))
        );
        assert_eq!(
            action_of(r#"{"hook_event_name":"experimental.session.compacting"}"#),
            Action::Reset
        );
        for nothing in [
            r#"{"hook_event_name":"tool.execute.after","tool_name":"read","tool_input":{"filePath":"a"}}"#,
            r#"{"hook_event_name":"tool.execute.before","tool_name":"edit","tool_input":{}}"#,
            r#"{"hook_event_name":"chat.message","prompt":""}"#,
        ] {
            assert!(
                matches!(action_of(nothing), Action::Nothing(_)),
                "{nothing}"
            );
        }
    }
}
