//! What the hook of a payload's harness searches for: the event (a tool call without one is
//! a PreToolUse), the tool, the query input the hook builds, and the moment, or why the hook
//! searches nothing, through the hook's own classification and payload mapping. `lore
//! extract-queries` and `lore why` read payloads through here, so both see what the hook does.

use std::path::Path;

use anyhow::Context;
use serde_json::Value;

use crate::adapters::claude::event as claude_event;
use crate::adapters::claude::hook_query_input;
use crate::adapters::claude::wire::Payload;
use crate::adapters::codex;
use crate::adapters::hook_action::Action;
use crate::core::config::Config;
use crate::core::query::{QueryInput, TechnologyTable};
use crate::core::sources::Harness;
use crate::services::project::{command_folder, project_facts, project_facts_beside};
use crate::services::query_plan::Moment;

/// A payload only the Codex CLI sends: an `apply_patch` edit.
pub(super) fn is_codex_payload(value: &Value) -> bool {
    value.get("tool_name").and_then(Value::as_str) == Some(codex::event::PATCH_TOOL)
}

/// The agent a payload can only have come from, by the names it uses and where its
/// transcript is kept: Gemini CLI's own events (`BeforeAgent`, `AfterTool`), OpenCode's
/// plugin events (`tool.execute.before`), Copilot CLI's camel-case `sessionId`, Cline's
/// `hookName`, a transcript under `.gemini/`, `.qwen/`, `.codex/`, `.copilot/` or
/// `.claude/`, and, without one, Copilot's Claude-shaped payload (a `timestamp`, no
/// transcript). What none of these tells apart is read as Claude Code's (or `--harness`).
fn sole_agent_of(value: &Value) -> Option<Harness> {
    let event = value.get("hook_event_name").and_then(Value::as_str);
    let transcript = value
        .get("transcript_path")
        .and_then(Value::as_str)
        .map(|p| p.replace('\\', "/"));
    if matches!(
        event,
        Some("BeforeAgent" | "AfterAgent" | "BeforeTool" | "AfterTool")
    ) {
        return Some(Harness::Gemini);
    }
    if event.is_some_and(|e| e.contains('.')) {
        return Some(Harness::OpenCode);
    }
    if value.get("sessionId").is_some() {
        return Some(Harness::Copilot);
    }
    if value.get("hookName").is_some() {
        return Some(Harness::Cline);
    }
    const KEPT_UNDER: [(&str, Harness); 5] = [
        ("/.gemini/", Harness::Gemini),
        ("/.qwen/", Harness::Qwen),
        ("/.codex/", Harness::Codex),
        ("/.copilot/", Harness::Copilot),
        ("/.claude/", Harness::ClaudeCode),
    ];
    match transcript {
        Some(path) => KEPT_UNDER
            .iter()
            .find(|(dir, _)| path.contains(dir))
            .map(|(_, harness)| *harness),
        None => value.get("timestamp").is_some().then_some(Harness::Copilot),
    }
}

/// The event a payload is for; eval cases and hand-written calls may omit it, and a tool
/// call is then a PreToolUse.
fn event_or_default(event: Option<String>, has_tool: bool) -> String {
    event.unwrap_or_else(|| {
        if has_tool {
            "PreToolUse"
        } else {
            "UserPromptSubmit"
        }
        .to_string()
    })
}

/// What the hook for this payload's harness searches at and with, or why it searches nothing.
pub(super) struct Searched {
    pub event: String,
    pub tool_name: Option<String>,
    pub input: QueryInput,
    /// The moment, or why the hook searches nothing.
    pub moment: Result<Moment, String>,
    /// The hook primes the session on this event (a session or subagent start).
    pub primes: bool,
}

pub(super) fn claude_search(
    call: usize,
    value: &Value,
    tools: &[String],
) -> anyhow::Result<Searched> {
    let mut payload: Payload = serde_json::from_value(value.clone())
        .with_context(|| format!("call {call}: not a hook payload object"))?;
    payload.hook_event_name = Some(event_or_default(
        payload.hook_event_name.take(),
        payload.tool_name.is_some(),
    ));
    let input = hook_query_input(&payload);
    let event = claude_event::classify(&payload, tools);
    let primes = matches!(
        event,
        claude_event::Event::SessionStart { .. } | claude_event::Event::SubagentStart
    );
    let moment = match event {
        claude_event::Event::UserPromptSubmit { .. } => Ok(Moment::Prompt),
        claude_event::Event::PreToolUse { .. } => Ok(Moment::ToolCall),
        claude_event::Event::PostToolUseFailure { .. } => Ok(Moment::ToolFailure),
        _ => Err(claude_event::why_not_searched(&payload, &event, tools).unwrap_or_default()),
    };
    Ok(Searched {
        event: payload.hook_event_name.unwrap_or_default(),
        tool_name: payload.tool_name,
        input,
        moment,
        primes,
    })
}

pub(super) fn codex_search(
    call: usize,
    value: &Value,
    tools: &[String],
) -> anyhow::Result<Searched> {
    let mut payload: codex::wire::Payload = serde_json::from_value(value.clone())
        .with_context(|| format!("call {call}: not a Codex hook payload object"))?;
    payload.hook_event_name = Some(event_or_default(
        payload.hook_event_name.take(),
        payload.tool_name.is_some(),
    ));
    let shell = codex::shell_outcome(&payload);
    let input = codex::hook_query_input(&payload, shell.as_ref());
    let event = codex::event::classify(&payload, tools, shell.as_ref());
    let primes = matches!(
        event,
        codex::event::Event::SessionStart { .. } | codex::event::Event::SubagentStart
    );
    let moment = event.moment().ok_or_else(|| {
        codex::event::why_not_searched(&payload, &event, tools, shell.as_ref()).unwrap_or_default()
    });
    Ok(Searched {
        event: payload.hook_event_name.unwrap_or_default(),
        tool_name: payload.tool_name,
        input,
        moment,
        primes,
    })
}

/// What the hook of an agent that answers through `hook_action` searches for a payload
/// (`P`, read with serde), by that adapter's own mapping to an [`Action`].
pub(super) fn action_search<P: serde::de::DeserializeOwned>(
    call: usize,
    value: &Value,
    tools: &[String],
    names: fn(&P) -> (Option<&str>, Option<&str>),
    action: impl Fn(&P, &[String]) -> Action,
) -> anyhow::Result<Searched> {
    let payload: P = serde_json::from_value(value.clone())
        .with_context(|| format!("call {call}: not a hook payload object of this agent"))?;
    let (event, tool) = names(&payload);
    let (event, tool_name) = (
        event.unwrap_or_default().to_string(),
        tool.map(String::from),
    );
    let action = action(&payload, tools);
    let primes = matches!(action, Action::Prime { .. });
    let (input, moment) = match action {
        Action::Search { moment, input } => (*input, Ok(moment)),
        Action::Nothing(why) => (QueryInput::default(), Err(why)),
        Action::Prime { .. } => (
            QueryInput::default(),
            Err("the hook primes the session on this event (see `lore status`)".into()),
        ),
        Action::Reset => (
            QueryInput::default(),
            Err("the hook forgets what the session was shown on this event".into()),
        ),
    };
    Ok(Searched {
        event,
        tool_name,
        input,
        moment,
        primes,
    })
}

/// The harness whose hook reads a payload: `--harness NAME`, else Codex for `--codex` or an
/// `apply_patch` call (only Codex makes one), else Claude Code.
pub(super) fn harness_of(
    name: Option<&str>,
    codex: bool,
    value: &Value,
) -> anyhow::Result<Harness> {
    match name {
        Some(name) => Harness::named(name).ok_or_else(|| anyhow::anyhow!("no agent named {name}")),
        None if codex || is_codex_payload(value) => Ok(Harness::Codex),
        None => Ok(sole_agent_of(value).unwrap_or(Harness::ClaudeCode)),
    }
}

/// What `harness`'s hook searches for the payload of call number `call`, through that
/// adapter's own mapping.
pub(super) fn search_of(
    harness: Harness,
    call: usize,
    value: &Value,
    tools: &[String],
) -> anyhow::Result<Searched> {
    use crate::adapters::hook_payload::Payload;
    use crate::adapters::{cline, copilot, gemini, opencode, qwen};
    match harness {
        Harness::ClaudeCode => claude_search(call, value, tools),
        Harness::Codex => codex_search(call, value, tools),
        Harness::Gemini => action_search(call, value, tools, Payload::names, gemini::AGENT.action),
        Harness::Copilot => {
            action_search(call, value, tools, Payload::names, copilot::AGENT.action)
        }
        Harness::Qwen => action_search(call, value, tools, Payload::names, qwen::AGENT.action),
        Harness::OpenCode => {
            action_search(call, value, tools, Payload::names, opencode::AGENT.action)
        }
        Harness::Cline => action_search(
            call,
            value,
            tools,
            cline::wire::Payload::names,
            cline::event::action,
        ),
    }
}

/// Add the repository root files are named from and what the project's root files show, read
/// as the hook reads them: from the payload's folder (when it exists here) and the touched
/// file's, up to the repository's top. Eval cases carry the transcript's last user message
/// inline, and it is taken from there when the transcript gave none.
pub(super) fn add_call_context(input: &mut QueryInput, value: &Value, config: Option<&Config>) {
    // Named from the repository root as a hook names it (see `HookSession::complete_call`).
    input.root = crate::adapters::touched_path::query_root(
        config.and_then(Config::repository_root),
        input.cwd.as_deref(),
    );
    if let Some(cwd) = input.cwd.as_deref().map(Path::new).filter(|d| d.is_dir()) {
        let table = TechnologyTable::with_team(config.map_or(&[][..], |c| &c.technologies));
        let top = config
            .and_then(|c| c.path.as_deref())
            .and_then(Path::parent);
        let touched = input
            .file_path
            .as_deref()
            .map(|f| cwd.join(f))
            .and_then(|f| f.parent().map(Path::to_path_buf))
            .or_else(|| {
                let command = input.command.as_deref()?;
                command_folder(
                    cwd,
                    command,
                    config.map(|c| c.knowledge_dir.as_path()),
                    &table,
                )
            });
        input.project = match config {
            Some(config) => project_facts_beside(
                cwd,
                touched.as_deref(),
                top,
                &config.knowledge_dir,
                &table,
                None,
            ),
            None => project_facts(cwd, touched.as_deref(), top, &table, None),
        };
    }
    if input.last_user_message.is_none() {
        input.last_user_message = value
            .get("last_user_message")
            .and_then(Value::as_str)
            .map(String::from);
    }
}
