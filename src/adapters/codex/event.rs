//! Codex hook events: a payload mapped to what lore should do, and the neutral query input
//! for it. A payload of the wrong shape means "nothing to do", never an error. Edits arrive as
//! `apply_patch` with the patch as text (paths and changed lines read by
//! `core::query::parse_patch`); shell commands as `Bash`; a failed command only as a
//! PostToolUse whose outcome the caller judged (see `outcome`).

use serde_json::Value;

use super::outcome::ShellOutcome;
use super::wire::Payload;
use crate::core::query::{FileEdit, QueryInput, parse_patch};
use crate::core::text_window::path_window;
use crate::services::inject::Moment;

/// SessionStart sources after which the context window no longer holds earlier injections
/// (Codex: `startup` and `compact`; `resume` keeps the whole history).
const RESETTING_SOURCES: &[&str] = &["startup", "clear", "compact"];
/// Read-only subagent types: they answer questions about the code but do not change it.
const READ_ONLY_AGENTS: &[&str] = &["explorer"];
/// The tool Codex edits files with.
pub const PATCH_TOOL: &str = "apply_patch";
/// The tool name Codex gives shell commands in hook payloads.
pub const SHELL_TOOL: &str = "Bash";
/// `[hook] tools` names that let `apply_patch` through, as Codex's own matchers do.
const PATCH_ALIASES: &[&str] = &[PATCH_TOOL, "Edit", "Write", "MultiEdit"];

#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    SessionStart {
        reset: bool,
    },
    UserPromptSubmit,
    PreToolUse {
        tool_name: String,
    },
    /// PostToolUse of a shell command that failed: the output is searched.
    ShellFailure {
        tool_name: String,
    },
    SubagentStart,
    /// Everything else, including a PostToolUse that did not fail.
    Ignored,
}

impl Event {
    /// The event name as Codex expects it back in `hookEventName`.
    pub fn name(&self) -> &'static str {
        match self {
            Event::SessionStart { .. } => "SessionStart",
            Event::UserPromptSubmit => "UserPromptSubmit",
            Event::PreToolUse { .. } => "PreToolUse",
            Event::ShellFailure { .. } => "PostToolUse",
            Event::SubagentStart => "SubagentStart",
            Event::Ignored => "",
        }
    }

    /// The search moment of an event that searches.
    pub fn moment(&self) -> Option<Moment> {
        match self {
            Event::UserPromptSubmit => Some(Moment::Prompt),
            Event::PreToolUse { .. } => Some(Moment::ToolCall),
            Event::ShellFailure { .. } => Some(Moment::ToolFailure),
            _ => None,
        }
    }
}

/// Is `tool` one whose PreToolUse gets conventions, given `[hook] tools`?
pub fn tool_enabled(tool: &str, tools: &[String]) -> bool {
    let listed = |name: &str| tools.iter().any(|t| t.eq_ignore_ascii_case(name));
    listed(tool) || (tool == PATCH_TOOL && PATCH_ALIASES.iter().any(|a| listed(a)))
}

/// Classify a payload. `tools` are `[hook] tools`; `shell` is the judged outcome of a
/// PostToolUse shell command.
pub fn classify(payload: &Payload, tools: &[String], shell: Option<&ShellOutcome>) -> Event {
    let tool = || payload.tool_name.clone().unwrap_or_default();
    match payload.hook_event_name.as_deref() {
        Some("SessionStart") => Event::SessionStart {
            reset: payload
                .source
                .as_deref()
                .is_none_or(|s| RESETTING_SOURCES.contains(&s)),
        },
        Some("UserPromptSubmit") => match &payload.prompt {
            Some(p) if !p.trim_start().starts_with('/') => Event::UserPromptSubmit,
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
        Some("PostToolUse") if tool() == SHELL_TOOL && shell.is_some_and(|s| s.failed) => {
            Event::ShellFailure { tool_name: tool() }
        }
        Some("SubagentStart") => Event::SubagentStart,
        _ => Event::Ignored,
    }
}

/// The read-only subagent type a payload comes from, if it does.
fn read_only_agent(payload: &Payload) -> Option<&str> {
    payload
        .agent_type
        .as_deref()
        .filter(|a| READ_ONLY_AGENTS.contains(a))
}

/// Why the Codex hook runs no search for a payload [`classify`] made `event` of, or None when
/// it searches: `lore extract-queries --codex` shows it, so an audit sees the hook's decision.
pub fn why_not_searched(
    payload: &Payload,
    event: &Event,
    tools: &[String],
    shell: Option<&ShellOutcome>,
) -> Option<String> {
    let tool = payload.tool_name.as_deref().unwrap_or("");
    Some(match event {
        Event::UserPromptSubmit | Event::PreToolUse { .. } | Event::ShellFailure { .. } => {
            return None;
        }
        Event::SessionStart { .. } | Event::SubagentStart => {
            "it primes the session with the pattern index and the universal patterns, without a search".into()
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
            Some("PostToolUse") if tool == SHELL_TOOL && shell.is_some_and(|s| !s.failed) => {
                "the command did not fail: Codex's PostToolUse searches only failed commands"
                    .into()
            }
            Some("PostToolUse") => {
                format!("Codex's PostToolUse searches only failed shell commands, not `{tool}`")
            }
            Some(name) => format!("the hook does nothing on {name}"),
            None => "the payload names no hook_event_name".into(),
        },
    })
}

/// The shell command of a Bash call: a string, or an argument list joined with spaces.
pub fn shell_command(payload: &Payload) -> Option<String> {
    match payload.tool_input.as_ref()?.get("command")? {
        Value::String(s) => Some(s.clone()),
        Value::Array(parts) => {
            let words: Vec<&str> = parts.iter().filter_map(Value::as_str).collect();
            (!words.is_empty()).then(|| words.join(" "))
        }
        _ => None,
    }
}

/// The patch text of an apply_patch call: `{command: <patch>}` (0.169.0), or the input itself
/// when it is a string.
fn patch_text(payload: &Payload) -> Option<&str> {
    let input = payload.tool_input.as_ref()?;
    input.as_str().or_else(|| {
        ["command", "patch", "input"]
            .iter()
            .find_map(|k| input.get(k)?.as_str())
    })
}

/// The neutral query input for a prompt, tool call or failed command. `last_user_message`
/// comes from the rollout tail and `failure` is the failed command's text, both read by the
/// caller. An apply_patch call gives the first file it touches as `file_path`, the others
/// (move targets included) as `other_paths`, its added lines as `content` and its removed
/// lines as `old_content`; it has no command. A patch over several files also gives each
/// file with its own lines as `file_edits`, so each is judged on its own.
pub fn query_input(
    payload: &Payload,
    last_user_message: Option<String>,
    failure: Option<String>,
) -> QueryInput {
    let mut input = QueryInput {
        tool_name: payload.tool_name.clone(),
        cwd: payload.cwd.clone(),
        prompt: payload.prompt.clone(),
        last_user_message,
        error: failure,
        ..QueryInput::default()
    };
    if payload.tool_name.as_deref() == Some(PATCH_TOOL) {
        let patch = parse_patch(patch_text(payload).unwrap_or_default());
        // Each windowed before anything reads it: a path past `PATH_MAX` names no real file.
        let mut paths = patch
            .paths()
            .into_iter()
            .map(|path| path_window(path).to_string());
        input.file_path = paths.next();
        input.other_paths = paths.collect();
        let (added, removed) = (patch.added_text(), patch.removed_text());
        input.content = (!added.is_empty()).then_some(added);
        input.old_content = (!removed.is_empty()).then_some(removed);
        if patch.files.len() > 1 {
            let some = |text: &str| (!text.is_empty()).then(|| text.to_string());
            input.file_edits = patch
                .files
                .iter()
                .map(|file| FileEdit {
                    // Where the file is after the patch: a moved file's rules are its new
                    // folder's.
                    path: path_window(file.moved_to.as_deref().unwrap_or(&file.path)).to_string(),
                    content: some(&file.added),
                    old_content: some(&file.removed),
                })
                .collect();
        }
    } else {
        input.command = shell_command(payload);
        input.description = payload.input_str("description").map(String::from);
    }
    input
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

    fn outcome(failed: bool) -> ShellOutcome {
        ShellOutcome {
            failed,
            exit_code: Some(i64::from(failed)),
            evidence: String::new(),
        }
    }

    #[test]
    fn events_are_classified_by_name_and_shape() {
        let failed = outcome(true);
        let succeeded = outcome(false);
        let cases: &[(&str, Option<&ShellOutcome>, Event)] = &[
            (
                r#"{"hook_event_name":"SessionStart","source":"startup"}"#,
                None,
                Event::SessionStart { reset: true },
            ),
            (
                r#"{"hook_event_name":"SessionStart","source":"resume"}"#,
                None,
                Event::SessionStart { reset: false },
            ),
            (
                r#"{"hook_event_name":"SessionStart","source":"compact"}"#,
                None,
                Event::SessionStart { reset: true },
            ),
            (
                r#"{"hook_event_name":"UserPromptSubmit","prompt":"fix the greeting"}"#,
                None,
                Event::UserPromptSubmit,
            ),
            (
                r#"{"hook_event_name":"UserPromptSubmit","prompt":"/status"}"#,
                None,
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":""}}"#,
                None,
                Event::PreToolUse {
                    tool_name: "apply_patch".into(),
                },
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cargo test"}}"#,
                None,
                Event::PreToolUse {
                    tool_name: "Bash".into(),
                },
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"agent_type":"explorer"}"#,
                None,
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"spawn_agent","tool_input":{"message":"x"}}"#,
                None,
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"Bash"}"#,
                None,
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_response":"boom"}"#,
                Some(&failed),
                Event::ShellFailure {
                    tool_name: "Bash".into(),
                },
            ),
            (
                r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_response":"ok"}"#,
                Some(&succeeded),
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"PostToolUse","tool_name":"apply_patch","tool_response":"x"}"#,
                Some(&failed),
                Event::Ignored,
            ),
            (
                r#"{"hook_event_name":"SubagentStart","agent_id":"a"}"#,
                None,
                Event::SubagentStart,
            ),
            (r#"{"hook_event_name":"Stop"}"#, None, Event::Ignored),
            (r#"{"hook_event_name":"PostCompact"}"#, None, Event::Ignored),
            (r#"{}"#, None, Event::Ignored),
        ];
        for (json, shell, expected) in cases {
            assert_eq!(
                classify(&payload(json), &tools(), *shell),
                *expected,
                "{json}"
            );
        }
    }

    #[test]
    fn apply_patch_follows_the_edit_tools_in_the_config() {
        let only_bash = vec!["Bash".to_string()];
        assert!(!tool_enabled("apply_patch", &only_bash));
        assert!(tool_enabled("apply_patch", &["edit".to_string()]));
        assert!(tool_enabled("apply_patch", &["apply_patch".to_string()]));
        assert!(tool_enabled("Bash", &only_bash));
    }

    #[test]
    fn a_patch_fills_paths_and_both_sides_of_the_edit() {
        let p = payload(
            r#"{"cwd":"/p","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Update File: src/greet.txt\n@@\n-hello wrold\n+hello world\n second line\n*** Add File: NOTES.md\n+# Notes\n*** Update File: a.rs\n*** Move to: b.rs\n@@\n+x\n*** End Patch\n"}}"#,
        );
        let q = query_input(&p, Some("fix it".into()), None);
        assert_eq!(q.file_path.as_deref(), Some("src/greet.txt"));
        assert_eq!(q.other_paths, ["NOTES.md", "a.rs", "b.rs"]);
        assert_eq!(q.content.as_deref(), Some("hello world\n# Notes\nx"));
        assert_eq!(q.old_content.as_deref(), Some("hello wrold"));
        assert_eq!(q.command, None, "the patch text is not a command");
        assert_eq!(q.last_user_message.as_deref(), Some("fix it"));
    }

    #[test]
    fn shell_commands_and_failures_map_to_query_fields() {
        let p = payload(r#"{"tool_name":"Bash","tool_input":{"command":"cargo test"}}"#);
        let q = query_input(&p, None, Some("Exit code 101\nerror[E0425]".into()));
        assert_eq!(q.command.as_deref(), Some("cargo test"));
        assert_eq!(q.error.as_deref(), Some("Exit code 101\nerror[E0425]"));
        let argv =
            payload(r#"{"tool_name":"Bash","tool_input":{"command":["bash","-lc","make"]}}"#);
        assert_eq!(
            query_input(&argv, None, None).command.as_deref(),
            Some("bash -lc make")
        );
        let odd = payload(r#"{"tool_name":"apply_patch","tool_input":{"command":7}}"#);
        let q = query_input(&odd, None, None);
        assert_eq!((q.file_path, q.content), (None, None));
    }
}
