//! The first line of an injection: where the conventions come from and what they apply to
//! (this request, this Edit of a file, this agent's own tool call, this failure), said as the
//! model reads it.

use crate::core::query::QueryInput;
use crate::services::query_plan::Moment;

/// How a tool call names its tool.
#[derive(Debug, Clone, Copy)]
enum ToolName<'a> {
    /// Claude Code's names, which read as nouns (`Edit`, `Write`, `Bash`).
    Neutral(&'a str),
    /// Another agent's own name (`editor`, `write_file`): a name, not a noun that reads as
    /// "this editor of a.kt", so it is named as a call.
    Agents(&'a str),
}

/// The intro of a moment's injection for `input`, whose first touched file is `path` (from
/// the repository root): factual, naming `source`, where the conventions come from.
pub fn intro_for(moment: Moment, source: &str, input: &QueryInput, path: Option<&str>) -> String {
    match moment {
        Moment::Prompt => format!("Conventions from {source} that apply to this request:"),
        Moment::ToolCall => {
            let tool = match (&input.agent_tool_name, &input.tool_name) {
                (Some(own), _) => Some(ToolName::Agents(own)),
                (None, Some(neutral)) => Some(ToolName::Neutral(neutral)),
                (None, None) => None,
            };
            let edited = match (path, input.file_edits.len()) {
                (Some(first), 2) => Some(format!("{first} and 1 other file")),
                (Some(first), files) if files > 2 => {
                    Some(format!("{first} and {} other files", files - 1))
                }
                (first, _) => first.map(str::to_string),
            };
            let call = match (tool, edited) {
                (Some(ToolName::Neutral(tool)), Some(path)) => format!("this {tool} of {path}"),
                (Some(ToolName::Agents(tool)), Some(path)) => {
                    format!("this {tool} call on {path}")
                }
                (Some(ToolName::Neutral(tool) | ToolName::Agents(tool)), None) => {
                    format!("this {tool} call")
                }
                (None, _) => "this tool call".to_string(),
            };
            format!("Conventions from {source} that apply to {call}:")
        }
        Moment::ToolFailure => format!("Conventions from {source} that bear on this failure:"),
    }
}
