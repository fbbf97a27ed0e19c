//! Copilot CLI hook events (PascalCase registrations) mapped to what lore does (see
//! `adapters::hook_action`): SessionStart primes (source `new` is a new session),
//! UserPromptSubmit searches the prompt, PostToolUse searches the edit, the file created or
//! the command run, and a command whose result ends `completed with exit code N` (N not 0)
//! on its output too (Copilot has no failure event for commands), and PreCompact forgets what
//! the session was shown. PascalCase payloads name tools as Claude Code does (`Edit`,
//! `Write`, `Bash`) but keep Copilot's input keys (`path`, `old_str`, `new_str`,
//! `file_text`). A payload of the wrong shape means "nothing to do", never an error.

use crate::adapters::hook_action::Action;
use crate::adapters::hook_payload::Payload;
use crate::adapters::tool_call::{ToolKind, ToolSpec, exit_code_after};

/// SessionStart sources that begin a session with none of lore's earlier injections.
const RESETTING_SOURCES: &[&str] = &["new", "startup", "clear"];

/// Copilot's file and shell tools, by their PascalCase payload names and their own.
pub const TOOLS: &[ToolSpec] = &[
    ToolSpec::file(
        "Edit",
        ToolKind::Edit,
        &["path"],
        &["new_str"],
        &["old_str"],
    ),
    ToolSpec::file(
        "edit",
        ToolKind::Edit,
        &["path"],
        &["new_str"],
        &["old_str"],
    ),
    ToolSpec::file("Write", ToolKind::Write, &["path"], &["file_text"], &[]),
    ToolSpec::file("create", ToolKind::Write, &["path"], &["file_text"], &[]),
    ToolSpec::shell("Bash", &["command"], &["description"]),
    ToolSpec::shell("bash", &["command"], &["description"]),
];

/// What Copilot appends to a command's result.
const EXIT_MARKER: &str = "with exit code ";

/// What lore does for a payload; `tools` are `[hook] tools`.
pub fn action(payload: &Payload, tools: &[String]) -> Action {
    match payload.hook_event_name.as_deref() {
        Some("SessionStart") => Action::prime(payload.source.as_deref(), RESETTING_SOURCES),
        Some("UserPromptSubmit") => Action::prompt(payload.prompt.as_deref(), payload.cwd.as_deref()),
        Some("PostToolUse") => after_tool(payload, tools),
        Some("PreCompact") => Action::Reset,
        Some(name) => Action::Nothing(format!("the hook does nothing on {name}")),
        None => Action::Nothing(
            "the payload names no hook_event_name (register Copilot's PascalCase events: `lore init --agent copilot`)"
                .into(),
        ),
    }
}

fn after_tool(payload: &Payload, tools: &[String]) -> Action {
    let (spec, input) = match payload.tool_call(TOOLS, tools) {
        Ok(call) => call,
        Err(nothing) => return nothing,
    };
    let result = |key: &str| {
        payload
            .tool_result
            .as_ref()
            .and_then(|r| r.get(key))
            .and_then(|t| t.as_str())
    };
    let text = result("text_result_for_llm").unwrap_or_default();
    let exit = exit_code_after(text, EXIT_MARKER);
    let failed = exit.is_some_and(|c| c != 0) || result("result_type") == Some("failure");
    Action::after_tool(spec.kind, input, failed.then_some((exit, text)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::query::QueryInput;
    use crate::services::inject::Moment;

    fn action_of(json: &str) -> Action {
        let payload: Payload = serde_json::from_str(json).unwrap();
        action(&payload, &crate::core::config::HookConfig::default().tools)
    }

    fn search(action: Action) -> (Moment, QueryInput) {
        match action {
            Action::Search { moment, input } => (moment, *input),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn events_map_to_actions() {
        assert_eq!(
            action_of(r#"{"hook_event_name":"SessionStart","source":"new"}"#),
            Action::Prime { reset: true }
        );
        let (moment, input) = search(action_of(
            r#"{"hook_event_name":"PostToolUse","tool_name":"Edit","tool_input":{"path":"/p/a.rs","old_str":"a","new_str":"b"},"tool_result":{"result_type":"success","text_result_for_llm":"File updated"}}"#,
        ));
        assert_eq!(moment, Moment::ToolCall);
        assert_eq!(input.file_path.as_deref(), Some("/p/a.rs"));
        assert_eq!(input.content.as_deref(), Some("b"));
        let (moment, input) = search(action_of(
            r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"./run-tests"},"tool_result":{"result_type":"success","text_result_for_llm":"1 failed\n<shellId: 0 completed with exit code 1>"}}"#,
        ));
        assert_eq!(moment, Moment::ToolFailure);
        assert!(input.error.unwrap().starts_with("Exit code 1\n"));
        let (moment, _) = search(action_of(
            r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_result":{"text_result_for_llm":"a\n<shellId: 0 completed with exit code 0>"}}"#,
        ));
        assert_eq!(moment, Moment::ToolCall);
        assert_eq!(
            action_of(r#"{"hook_event_name":"PreCompact"}"#),
            Action::Reset
        );
        for nothing in [
            r#"{"sessionId":"s","toolName":"edit","toolArgs":{}}"#,
            r#"{"hook_event_name":"PostToolUse","tool_name":"view","tool_input":{"path":"a"}}"#,
            r#"{"hook_event_name":"UserPromptSubmit","prompt":"/model"}"#,
        ] {
            assert!(
                matches!(action_of(nothing), Action::Nothing(_)),
                "{nothing}"
            );
        }
    }
}
