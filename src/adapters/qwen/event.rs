//! Qwen Code hook events mapped to what lore does (see `adapters::hook_action`): SessionStart
//! primes, UserPromptSubmit searches the prompt (Qwen fires it again after every tool batch
//! with an empty prompt: nothing then), PostToolUse searches the file written or edited and
//! the command run, PostToolUseFailure a failed command on its error text, and PostCompact
//! forgets what the session was shown. A payload of the wrong shape means "nothing to do",
//! never an error.

use crate::adapters::hook_action::Action;
use crate::adapters::hook_payload::Payload;
use crate::adapters::tool_call::{ToolKind, ToolSpec};

/// SessionStart sources after which the context holds none of lore's earlier injections.
const RESETTING_SOURCES: &[&str] = &["startup", "clear", "compact"];

/// Qwen's file and shell tools and their input keys.
pub const TOOLS: &[ToolSpec] = &[
    ToolSpec::file(
        "write_file",
        ToolKind::Write,
        &["file_path"],
        &["content"],
        &[],
    ),
    ToolSpec::file(
        "edit",
        ToolKind::Edit,
        &["file_path"],
        &["new_string"],
        &["old_string"],
    ),
    ToolSpec::shell("run_shell_command", &["command"], &["description"]),
];

/// What lore does for a payload; `tools` are `[hook] tools`.
pub fn action(payload: &Payload, tools: &[String]) -> Action {
    match payload.hook_event_name.as_deref() {
        Some("SessionStart") => Action::prime(payload.source.as_deref(), RESETTING_SOURCES),
        // Qwen sends an empty prompt after each tool batch: nothing then.
        Some("UserPromptSubmit") => {
            Action::prompt(payload.prompt.as_deref(), payload.cwd.as_deref())
        }
        Some(event @ ("PostToolUse" | "PostToolUseFailure")) => {
            let name = payload.tool_name.as_deref().unwrap_or("");
            let (spec, input) = match payload.tool_call(TOOLS, tools) {
                Ok(call) => call,
                Err(nothing) => return nothing,
            };
            match (event, payload.error.as_deref()) {
                ("PostToolUse", _) => Action::after_tool(spec.kind, input, None),
                (_, Some(error)) if spec.kind == ToolKind::Shell => {
                    Action::after_tool(spec.kind, input, Some((None, error)))
                }
                _ => Action::Nothing(format!(
                    "a failed `{name}` (only failed commands are searched on their error)"
                )),
            }
        }
        Some("PostCompact") => Action::Reset,
        Some(name) => Action::Nothing(format!("the hook does nothing on {name}")),
        None => Action::Nothing("the payload names no hook_event_name".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::inject::Moment;

    fn action_of(json: &str) -> Action {
        let payload: Payload = serde_json::from_str(json).unwrap();
        action(&payload, &crate::core::config::HookConfig::default().tools)
    }

    fn moment(action: &Action) -> Option<Moment> {
        match action {
            Action::Search { moment, .. } => Some(*moment),
            _ => None,
        }
    }

    #[test]
    fn events_map_to_actions() {
        assert_eq!(
            action_of(r#"{"hook_event_name":"SessionStart","source":"startup"}"#),
            Action::Prime { reset: true }
        );
        assert_eq!(
            moment(&action_of(
                r#"{"hook_event_name":"UserPromptSubmit","prompt":"rename greet"}"#
            )),
            Some(Moment::Prompt)
        );
        assert_eq!(
            moment(&action_of(
                r#"{"hook_event_name":"PostToolUse","tool_name":"write_file","tool_input":{"file_path":"/p/a.rs","content":"x"}}"#
            )),
            Some(Moment::ToolCall)
        );
        let failed = action_of(
            r#"{"hook_event_name":"PostToolUseFailure","tool_name":"run_shell_command","tool_input":{"command":"./run-tests"},"error":"Output: 1 failed\nExit Code: 1"}"#,
        );
        assert_eq!(moment(&failed), Some(Moment::ToolFailure));
        assert_eq!(
            action_of(r#"{"hook_event_name":"PostCompact"}"#),
            Action::Reset
        );
        for nothing in [
            r#"{"hook_event_name":"UserPromptSubmit","prompt":""}"#,
            r#"{"hook_event_name":"PreToolUse","tool_name":"edit","tool_input":{}}"#,
            r#"{"hook_event_name":"PostToolUse","tool_name":"read_file","tool_input":{"file_path":"a"}}"#,
            r#"{"hook_event_name":"PostToolUseFailure","tool_name":"edit","tool_input":{"file_path":"a"},"error":"File has not been read"}"#,
            r#"{}"#,
        ] {
            assert!(
                matches!(action_of(nothing), Action::Nothing(_)),
                "{nothing}"
            );
        }
    }
}
