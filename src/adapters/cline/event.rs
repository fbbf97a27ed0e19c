//! Cline hook events mapped to what lore does (see `adapters::hook_action`). Only the tool
//! events inject in Cline, both into the request after the tool ran, so lore answers
//! PostToolUse: the edit (`editor` both creates and edits) or the commands run, and commands
//! that failed (`success: false`, with `Command exited with code N`) on their output too. The
//! first answer of a task also primes it (Cline has no session-start channel). PreCompact
//! forgets what the task was shown, so the next answer primes again. A payload of the wrong
//! shape means "nothing to do", never an error.

use serde_json::Value;

use super::wire::Payload;
use crate::adapters::hook_action::Action;
use crate::adapters::tool_call::{ToolKind, ToolSpec, answered_call, exit_code_after};

/// Cline's file and shell tools and their input keys.
pub const TOOLS: &[ToolSpec] = &[
    ToolSpec::file(
        "editor",
        ToolKind::Edit,
        &["path"],
        &["new_text"],
        &["old_text"],
    ),
    ToolSpec::shell("run_commands", &["commands"], &[]),
];

/// What Cline puts in a failed command's `error`.
const EXIT_MARKER: &str = "exited with code ";

/// What lore does for a payload; `tools` are `[hook] tools`.
pub fn action(payload: &Payload, tools: &[String]) -> Action {
    match payload.event() {
        Some("PostToolUse") => after_tool(payload, tools),
        Some("PreCompact") => Action::Reset,
        Some(event) => Action::Nothing(format!("the hook does nothing on {event}")),
        None => Action::Nothing("the payload names no hookName lore knows".into()),
    }
}

fn after_tool(payload: &Payload, tools: &[String]) -> Action {
    let call = answered_call(
        TOOLS,
        tools,
        payload.tool_name().unwrap_or(""),
        payload.tool().and_then(|t| t.get("input")),
        payload.cwd(),
    );
    let (spec, input) = match call {
        Ok(call) => call,
        Err(why) => return Action::Nothing(why),
    };
    let failed = failed_commands(payload.tool().and_then(|t| t.get("output")));
    Action::after_tool(
        spec.kind,
        input,
        failed.as_ref().map(|(exit, text)| (*exit, text.as_str())),
    )
}

/// The exit code and text of the commands that failed in a `run_commands` output, or None
/// when every one succeeded.
fn failed_commands(output: Option<&Value>) -> Option<(Option<i64>, String)> {
    let failed: Vec<&Value> = output?
        .as_array()?
        .iter()
        .filter(|c| c.get("success").and_then(Value::as_bool) == Some(false))
        .collect();
    let first = failed.first()?;
    let field = |c: &Value, key: &str| {
        c.get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let exit = exit_code_after(&field(first, "error"), EXIT_MARKER);
    let text = failed
        .iter()
        .map(|c| format!("{}\n{}", field(c, "error"), field(c, "result")))
        .collect::<Vec<_>>()
        .join("\n");
    Some((exit, text))
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
    fn tool_results_are_searched_and_failed_commands_on_their_output() {
        let edit = action_of(
            r#"{"hookName":"tool_result","workspaceRoots":["/p"],"tool_result":{"name":"editor","input":{"path":"/p/src/a.txt","new_text":"hi"},"output":"ok"}}"#,
        );
        let Action::Search { moment, input } = edit else {
            panic!("{edit:?}")
        };
        assert_eq!(moment, Moment::ToolCall);
        assert_eq!(input.file_path.as_deref(), Some("/p/src/a.txt"));
        assert_eq!(input.cwd.as_deref(), Some("/p"));
        let failed = action_of(
            r#"{"hookName":"tool_result","tool_result":{"name":"run_commands","input":{"commands":["./run-tests"]},"output":[{"query":"./run-tests","result":"1 failed","success":false,"error":"Command exited with code 1"}]}}"#,
        );
        let Action::Search { moment, input } = failed else {
            panic!("{failed:?}")
        };
        assert_eq!(moment, Moment::ToolFailure);
        assert_eq!(
            input.error.as_deref(),
            Some("Exit code 1\nCommand exited with code 1\n1 failed")
        );
        let passed = action_of(
            r#"{"hookName":"tool_result","tool_result":{"name":"run_commands","input":{"commands":["ls"]},"output":[{"query":"ls","result":"a","success":true}]}}"#,
        );
        assert!(matches!(
            passed,
            Action::Search {
                moment: Moment::ToolCall,
                ..
            }
        ));
    }

    #[test]
    fn other_events_and_tools_do_nothing_but_compaction_resets() {
        assert_eq!(action_of(r#"{"hookName":"pre_compact"}"#), Action::Reset);
        for nothing in [
            r#"{"hookName":"agent_start","taskStart":{}}"#,
            r#"{"hookName":"tool_result","tool_result":{"name":"read_files","input":{"files":[]}}}"#,
            r#"{"hookName":"tool_result","tool_result":{"name":"editor"}}"#,
            r#"{"hookName":"something_new"}"#,
            r#"{}"#,
        ] {
            assert!(
                matches!(action_of(nothing), Action::Nothing(_)),
                "{nothing}"
            );
        }
    }
}
