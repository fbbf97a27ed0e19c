//! Gemini CLI hook events mapped to what lore does (see `adapters::hook_action`): SessionStart
//! primes, BeforeAgent searches the prompt, AfterTool searches the edit, the file written or
//! the command run (BeforeTool has no context channel in 0.61.0: what it prints reaches the
//! model only when it blocks). A command that failed (an `Exit Code:` other than 0 in its
//! result, or the tool's own error) is searched on its output too. A payload of the wrong
//! shape means "nothing to do", never an error.

use crate::adapters::hook_action::Action;
use crate::adapters::hook_payload::Payload;
use crate::adapters::tool_call::{ToolKind, ToolSpec, exit_code_after};

/// SessionStart sources after which the context holds none of lore's earlier injections.
const RESETTING_SOURCES: &[&str] = &["startup", "clear"];

/// Gemini's file and shell tools and their input keys.
pub const TOOLS: &[ToolSpec] = &[
    ToolSpec::file(
        "write_file",
        ToolKind::Write,
        &["file_path"],
        &["content"],
        &[],
    ),
    ToolSpec::file(
        "replace",
        ToolKind::Edit,
        &["file_path"],
        &["new_string"],
        &["old_string"],
    ),
    ToolSpec::shell("run_shell_command", &["command"], &["description"]),
];

/// Where Gemini puts a command's exit status in the tool result.
const EXIT_MARKER: &str = "Exit Code: ";

/// What lore does for a payload; `tools` are `[hook] tools`.
pub fn action(payload: &Payload, tools: &[String]) -> Action {
    match payload.hook_event_name.as_deref() {
        Some("SessionStart") => Action::prime(payload.source.as_deref(), RESETTING_SOURCES),
        Some("BeforeAgent") => Action::prompt(
            payload.prompt.as_deref().map(typed_prompt),
            payload.cwd.as_deref(),
        ),
        Some("AfterTool") => after_tool(payload, tools),
        Some(name) => Action::Nothing(format!("the hook does nothing on {name}")),
        None => Action::Nothing("the payload names no hook_event_name".into()),
    }
}

fn after_tool(payload: &Payload, tools: &[String]) -> Action {
    let (spec, input) = match payload.tool_call(TOOLS, tools) {
        Ok(call) => call,
        Err(nothing) => return nothing,
    };
    let output = payload.response_str("llmContent").unwrap_or_default();
    let exit = exit_code_after(output, EXIT_MARKER);
    let error = payload.response_error();
    let failed = exit.is_some_and(|c| c != 0) || error.is_some();
    let text = error.unwrap_or_default() + output;
    Action::after_tool(spec.kind, input, failed.then_some((exit, text.as_str())))
}

/// The prompt the user typed: Gemini prepends the SessionStart context to it, each piece in
/// `<hook_context>` tags, and lore must not search its own priming.
pub fn typed_prompt(prompt: &str) -> &str {
    let mut rest = prompt.trim_start();
    while let Some(after) = rest.strip_prefix("<hook_context>") {
        match after.find("</hook_context>") {
            Some(end) => rest = after[end + "</hook_context>".len()..].trim_start(),
            None => break,
        }
    }
    rest.trim_end()
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
            action_of(r#"{"hook_event_name":"SessionStart","source":"resume"}"#),
            Action::Prime { reset: false }
        );
        let prompt = action_of(
            r#"{"hook_event_name":"BeforeAgent","prompt":"<hook_context>primed</hook_context>\n\nrename greet"}"#,
        );
        match prompt {
            Action::Search { moment, input } => {
                assert_eq!(moment, Moment::Prompt);
                assert_eq!(input.prompt.as_deref(), Some("rename greet"));
            }
            other => panic!("{other:?}"),
        }
        for nothing in [
            r#"{"hook_event_name":"BeforeAgent","prompt":"/stats"}"#,
            r#"{"hook_event_name":"BeforeTool","tool_name":"write_file","tool_input":{}}"#,
            r#"{"hook_event_name":"AfterTool","tool_name":"read_file","tool_input":{"file_path":"a"}}"#,
            r#"{"hook_event_name":"AfterTool","tool_name":"write_file"}"#,
            r#"{"hook_event_name":"PreCompress"}"#,
            r#"{}"#,
        ] {
            assert!(
                matches!(action_of(nothing), Action::Nothing(_)),
                "{nothing}"
            );
        }
    }

    #[test]
    fn a_command_is_searched_on_its_output_only_when_it_failed() {
        let failed = action_of(
            r#"{"hook_event_name":"AfterTool","tool_name":"run_shell_command","tool_input":{"command":"./run-tests"},"tool_response":{"llmContent":"Output: 1 failed\nExit Code: 1\n"}}"#,
        );
        assert_eq!(moment(&failed), Some(Moment::ToolFailure));
        let Action::Search { input, .. } = failed else {
            unreachable!()
        };
        assert!(input.error.unwrap().starts_with("Exit code 1\n"));
        assert_eq!(input.command.as_deref(), Some("./run-tests"));
        let passed = action_of(
            r#"{"hook_event_name":"AfterTool","tool_name":"run_shell_command","tool_input":{"command":"make"},"tool_response":{"llmContent":"Output: ok\nExit Code: 0\n"}}"#,
        );
        assert_eq!(moment(&passed), Some(Moment::ToolCall));
        let edit = action_of(
            r#"{"hook_event_name":"AfterTool","tool_name":"replace","tool_input":{"file_path":"/p/a.rs","old_string":"a","new_string":"b"},"tool_response":{"llmContent":"ok"}}"#,
        );
        assert_eq!(moment(&edit), Some(Moment::ToolCall));
    }
}
