//! A tool call of any agent in lore's neutral terms: which of an agent's tools edit a file,
//! write one whole or run a shell command, under which input keys each keeps the path, the
//! new and the old text and the command, and the query input that makes. The agents after
//! Claude Code and Codex name the same three tools differently (`replace`, `edit`,
//! `editor`; `file_path`, `path`, `filePath`), so each adapter states its own [`ToolSpec`]
//! table and this file does the rest. The tool name given to the query is Claude Code's
//! (`Edit`, `Write`, `Bash`), so query extraction treats every agent's tools alike. A value
//! of the wrong type reads as absent, never as an error.

use serde_json::Value;

use crate::core::query::QueryInput;
use crate::core::text_window::head;

/// Output kept as a failed command's text for the search (its start carries the first error).
pub const MAX_FAILURE_TEXT: usize = 16 * 1024;

/// What a tool does, as far as conventions care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolKind {
    /// Changes part of a file (old text replaced by new).
    Edit,
    /// Writes a whole file.
    Write,
    /// Runs a shell command.
    Shell,
}

impl ToolKind {
    /// Claude Code's name for the tool: the name query extraction and `[hook] tools` know.
    pub fn neutral_name(self) -> &'static str {
        match self {
            ToolKind::Edit => "Edit",
            ToolKind::Write => "Write",
            ToolKind::Shell => "Bash",
        }
    }
}

/// One of an agent's tools: its name in the payload, what it does, and its input keys (the
/// first key present wins).
#[derive(Debug, Clone, Copy)]
pub struct ToolSpec {
    pub name: &'static str,
    pub kind: ToolKind,
    pub path: &'static [&'static str],
    pub content: &'static [&'static str],
    pub old: &'static [&'static str],
    pub command: &'static [&'static str],
    pub description: &'static [&'static str],
}

impl ToolSpec {
    /// An edit or write tool keeping the path, new text and old text under these keys.
    pub const fn file(
        name: &'static str,
        kind: ToolKind,
        path: &'static [&'static str],
        content: &'static [&'static str],
        old: &'static [&'static str],
    ) -> Self {
        Self {
            name,
            kind,
            path,
            content,
            old,
            command: &[],
            description: &[],
        }
    }

    /// A shell tool keeping its command and description under these keys.
    pub const fn shell(
        name: &'static str,
        command: &'static [&'static str],
        description: &'static [&'static str],
    ) -> Self {
        Self {
            name,
            kind: ToolKind::Shell,
            path: &[],
            content: &[],
            old: &[],
            command,
            description,
        }
    }
}

/// The spec of the tool called `name` in `tools`, if lore knows it.
pub fn find_tool<'a>(tools: &'a [ToolSpec], name: &str) -> Option<&'a ToolSpec> {
    tools.iter().find(|t| t.name == name)
}

/// Whether `[hook] tools` lets this kind of tool through (by Claude Code's names, which the
/// default list holds, or by the agent's own name).
pub fn tool_enabled(spec: &ToolSpec, tools: &[String]) -> bool {
    let listed = |name: &str| tools.iter().any(|t| t.eq_ignore_ascii_case(name));
    listed(spec.kind.neutral_name())
        || listed(spec.name)
        || (spec.kind != ToolKind::Shell
            && ["Edit", "Write", "MultiEdit"].iter().any(|n| listed(n)))
}

/// The query input for one call of `spec` with `input` (the tool's arguments), in `cwd`.
pub fn tool_query_input(spec: &ToolSpec, input: &Value, cwd: Option<&str>) -> QueryInput {
    let text = |keys: &[&str]| keys.iter().find_map(|k| string_at(input, k));
    QueryInput {
        tool_name: Some(spec.kind.neutral_name().to_string()),
        agent_tool_name: (spec.name != spec.kind.neutral_name()).then(|| spec.name.to_string()),
        file_path: text(spec.path),
        cwd: cwd.map(String::from),
        command: text(spec.command),
        description: text(spec.description),
        content: text(spec.content).filter(|c| !c.is_empty()),
        old_content: text(spec.old).filter(|c| !c.is_empty()),
        ..QueryInput::default()
    }
}

/// The text under `key`: a string, or a list of strings joined by newlines (Cline's
/// `run_commands {commands: [...]}`).
fn string_at(input: &Value, key: &str) -> Option<String> {
    match input.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Array(items) => {
            let parts: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
            (!parts.is_empty()).then(|| parts.join("\n"))
        }
        _ => None,
    }
}

/// The spec and query input of a call of the tool `name` with `args`, when lore answers that
/// tool (one of `tools`, let through by `[hook] tools` as `enabled`); else why not.
pub fn answered_call<'a>(
    tools: &'a [ToolSpec],
    enabled: &[String],
    name: &str,
    args: Option<&Value>,
    cwd: Option<&str>,
) -> Result<(&'a ToolSpec, QueryInput), String> {
    let Some(spec) = find_tool(tools, name).filter(|s| tool_enabled(s, enabled)) else {
        return Err(format!("`{name}` is not one of `[hook] tools`"));
    };
    let Some(args) = args.filter(|i| i.is_object()) else {
        return Err("the payload has no tool input".into());
    };
    Ok((spec, tool_query_input(spec, args, cwd)))
}

/// The text a failed command is searched on: `Exit code N` (which query extraction drops)
/// and the start of its output.
pub fn failure_text(exit_code: Option<i64>, output: &str) -> String {
    let output = head(output, MAX_FAILURE_TEXT);
    match exit_code {
        Some(code) => format!("Exit code {code}\n{output}"),
        None => output.to_string(),
    }
}

/// The number after the last `marker` in `text` (`Exit Code: 3`, `exit code 3>`), if any.
pub fn exit_code_after(text: &str, marker: &str) -> Option<i64> {
    let at = text.rfind(marker)? + marker.len();
    let digits: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const EDIT: ToolSpec = ToolSpec::file(
        "replace",
        ToolKind::Edit,
        &["file_path"],
        &["new_string"],
        &["old_string"],
    );
    const SHELL: ToolSpec = ToolSpec::shell("run_commands", &["commands"], &[]);

    #[test]
    fn an_agents_keys_map_to_the_neutral_query_fields() {
        let q = tool_query_input(
            &EDIT,
            &json!({"file_path": "/p/src/a.rs", "old_string": "a", "new_string": "b"}),
            Some("/p"),
        );
        assert_eq!(q.tool_name.as_deref(), Some("Edit"));
        assert_eq!(q.file_path.as_deref(), Some("/p/src/a.rs"));
        assert_eq!(
            (q.content.as_deref(), q.old_content.as_deref()),
            (Some("b"), Some("a"))
        );
        let q = tool_query_input(&SHELL, &json!({"commands": ["make", "make test"]}), None);
        assert_eq!(q.command.as_deref(), Some("make\nmake test"));
        let odd = tool_query_input(&EDIT, &json!({"file_path": 7, "new_string": ""}), None);
        assert_eq!((odd.file_path, odd.content), (None, None));
    }

    #[test]
    fn the_hook_tools_setting_is_read_by_either_name() {
        let defaults = crate::core::config::HookConfig::default().tools;
        assert!(tool_enabled(&EDIT, &defaults));
        assert!(tool_enabled(&SHELL, &defaults));
        assert!(!tool_enabled(&EDIT, &["Bash".to_string()]));
        assert!(tool_enabled(&EDIT, &["replace".to_string()]));
        assert!(!tool_enabled(&SHELL, &["Edit".to_string()]));
    }

    #[test]
    fn exit_codes_are_read_after_their_marker() {
        assert_eq!(
            exit_code_after("Output: x\nExit Code: 3\nPGID: 1", "Exit Code: "),
            Some(3)
        );
        assert_eq!(
            exit_code_after("ok\n<shellId: 0 completed with exit code 0>", "exit code "),
            Some(0)
        );
        assert_eq!(exit_code_after("no marker", "Exit Code: "), None);
        assert_eq!(failure_text(Some(2), "boom"), "Exit code 2\nboom");
    }
}
