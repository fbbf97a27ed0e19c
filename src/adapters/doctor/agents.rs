//! What `lore doctor` knows of each agent lore serves: where its hooks are registered
//! (repository and user), in which shape and timeout unit, its events and which of them
//! carry context to the model, the tools its tool-event matchers must let through, the one
//! reply field it reads and its size cut-off, whether a hook that fails can block a tool, and
//! the instruction files it loads itself. Measured with the real clients (see the adapters
//! and docs/<agent>.md); nothing here reads a file.

use crate::core::sources::Harness;

/// How an agent's hooks are registered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// `{"hooks": {Event: [{matcher, hooks: [{command, timeout}]}]}}` in a JSON file.
    Nested,
    /// `{"hooks": {Event: [{bash, timeoutSec, matcher}]}}` in a JSON file (Copilot).
    Flat,
    /// One executable per event, named after it, in a folder (Cline).
    Executables,
    /// A JavaScript plugin in a folder (OpenCode).
    Plugin,
}

/// The unit an agent reads hook timeouts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeUnit {
    Seconds,
    Milliseconds,
}

/// Where an agent's answer must put the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplyField {
    /// `hookSpecificOutput.additionalContext` (with `hookEventName`).
    Specific,
    /// A top-level string field.
    TopLevel(&'static str),
}

impl ReplyField {
    pub fn describe(self) -> &'static str {
        match self {
            ReplyField::Specific => "hookSpecificOutput.additionalContext",
            ReplyField::TopLevel(field) => field,
        }
    }
}

/// One of an agent's hook events.
#[derive(Debug, Clone, Copy)]
pub struct EventSpec {
    pub name: &'static str,
    /// What the hook prints there reaches the model.
    pub injects: bool,
    /// A tool event: its matcher must let the file and shell tools through.
    pub tools: bool,
}

const fn event(name: &'static str, injects: bool, tools: bool) -> EventSpec {
    EventSpec {
        name,
        injects,
        tools,
    }
}

/// An event lore listens to without answering: what the session loses without it, and the
/// tool its matcher must let through, if it is a tool event.
#[derive(Debug, Clone, Copy)]
pub struct Listened {
    pub event: &'static str,
    pub tool: Option<&'static str>,
    /// Completes "without it, ...".
    pub lost: &'static str,
}

/// Learning from corrections: the session's end settles what the user corrected.
const STOP_SETTLES_CORRECTIONS: Listened = Listened {
    event: "Stop",
    tool: None,
    lost: "corrections made in a session never reach `lore review`",
};

/// Everything `lore doctor` checks an agent against.
#[derive(Debug, Clone, Copy)]
pub struct AgentSpec {
    /// The `--agent` / `--harness` name.
    pub name: &'static str,
    pub label: &'static str,
    /// The agent's executable.
    pub exe: &'static str,
    pub harness: Harness,
    pub shape: Shape,
    /// Registration files or folders, relative to the repository.
    pub project: &'static [&'static str],
    /// Registration files or folders, relative to the user's home.
    pub user: &'static [&'static str],
    pub timeout_unit: TimeUnit,
    /// The timeout the agent applies when none is written, in milliseconds.
    pub default_timeout_ms: u64,
    pub events: &'static [EventSpec],
    /// The events `lore init` registers (those that carry context are the ones lore needs;
    /// the others forget what a compacted session was shown).
    pub wanted: &'static [&'static str],
    /// Events lore registers that never answer: what each records (see [`Listened`]).
    pub listened: &'static [Listened],
    /// The tool names a tool event's matcher must let through (the shell tool last).
    pub tools: &'static [&'static str],
    /// Tool events lore answers only for failed shell commands: their matcher needs only the
    /// shell tool.
    pub failure_events: &'static [&'static str],
    pub reply: ReplyField,
    /// Longest text (characters) the agent passes whole.
    pub limit_chars: usize,
    /// A hook that exits non-zero can deny a tool, so lore's command must never fail.
    pub must_not_fail: bool,
    /// A top-level answer field the agent shows the user (never the model) next to the
    /// context: lore's notices (the learn inbox) use it, so it is no fault of the answer.
    pub user_notice: Option<&'static str>,
    /// The instruction files it loads itself that lore does not read as rules (they need no
    /// leaving out), by name.
    pub unread_files: &'static [&'static str],
}

/// Every agent, in the order `lore doctor` reports them.
pub const AGENTS: &[AgentSpec] = &[
    AgentSpec {
        name: "claude",
        label: "Claude Code",
        exe: "claude",
        harness: Harness::ClaudeCode,
        shape: Shape::Nested,
        project: &[".claude/settings.json", ".claude/settings.local.json"],
        user: &[".claude/settings.json"],
        timeout_unit: TimeUnit::Seconds,
        default_timeout_ms: 60_000,
        events: &[
            event("SessionStart", true, false),
            event("UserPromptSubmit", true, false),
            event("PreToolUse", true, true),
            event("PostToolUse", true, true),
            event("PostToolUseFailure", true, true),
            event("SubagentStart", true, false),
            event("PreCompact", false, false),
            event("PostCompact", false, false),
            event("PermissionRequest", false, true),
            event("Notification", false, false),
            event("Stop", false, false),
            event("SubagentStop", false, false),
            event("SessionEnd", false, false),
            event("PostToolBatch", false, false),
            event("MessageDisplay", false, false),
        ],
        wanted: &[
            "SessionStart",
            "UserPromptSubmit",
            "PreToolUse",
            "PostToolUseFailure",
            "SubagentStart",
            "PostCompact",
        ],
        listened: &[
            Listened {
                event: "PostToolUse",
                tool: Some("mcp__lore__search_patterns"),
                lost: "what lore's MCP search showed is not recorded, so the next edit sends it again",
            },
            STOP_SETTLES_CORRECTIONS,
        ],
        tools: &["Edit", "Write", "Bash"],
        failure_events: &["PostToolUseFailure"],
        reply: ReplyField::Specific,
        limit_chars: 10_000,
        must_not_fail: false,
        user_notice: Some("systemMessage"),
        unread_files: &[],
    },
    AgentSpec {
        name: "codex",
        label: "Codex CLI",
        exe: "codex",
        harness: Harness::Codex,
        shape: Shape::Nested,
        project: &[".codex/hooks.json"],
        user: &[".codex/hooks.json"],
        timeout_unit: TimeUnit::Seconds,
        default_timeout_ms: 600_000,
        events: &[
            event("SessionStart", true, false),
            event("UserPromptSubmit", true, false),
            event("PreToolUse", true, true),
            event("PostToolUse", true, true),
            event("SubagentStart", true, false),
            event("PermissionRequest", false, true),
            event("Stop", false, false),
            event("SubagentStop", false, false),
            event("PreCompact", false, false),
            event("PostCompact", false, false),
            event("SessionEnd", false, false),
            event("Interrupt", false, false),
        ],
        wanted: &[
            "SessionStart",
            "UserPromptSubmit",
            "PreToolUse",
            "PostToolUse",
            "SubagentStart",
        ],
        listened: &[STOP_SETTLES_CORRECTIONS],
        tools: &["apply_patch", "Bash"],
        failure_events: &["PostToolUse"],
        reply: ReplyField::Specific,
        limit_chars: 9_000,
        must_not_fail: false,
        user_notice: None,
        unread_files: &[],
    },
    AgentSpec {
        name: "gemini",
        label: "Gemini CLI",
        exe: "gemini",
        harness: Harness::Gemini,
        shape: Shape::Nested,
        project: &[".gemini/settings.json"],
        user: &[".gemini/settings.json"],
        timeout_unit: TimeUnit::Milliseconds,
        default_timeout_ms: 60_000,
        events: &[
            event("SessionStart", true, false),
            event("BeforeAgent", true, false),
            event("AfterTool", true, true),
            event("BeforeTool", false, true),
            event("AfterAgent", false, false),
            event("BeforeModel", false, false),
            event("AfterModel", false, false),
            event("BeforeToolSelection", false, false),
            event("PreCompress", false, false),
            event("Notification", false, false),
            event("SessionEnd", false, false),
        ],
        wanted: &["SessionStart", "BeforeAgent", "AfterTool"],
        listened: &[],
        tools: &["write_file", "replace", "run_shell_command"],
        failure_events: &[],
        reply: ReplyField::Specific,
        limit_chars: 60_000,
        must_not_fail: false,
        user_notice: None,
        unread_files: &[],
    },
    AgentSpec {
        name: "copilot",
        label: "Copilot CLI",
        exe: "copilot",
        harness: Harness::Copilot,
        shape: Shape::Flat,
        project: &[".github/hooks"],
        user: &[".copilot/settings.json"],
        timeout_unit: TimeUnit::Seconds,
        default_timeout_ms: 30_000,
        events: &[
            event("SessionStart", true, false),
            event("UserPromptSubmit", true, false),
            event("PreToolUse", true, true),
            event("PostToolUse", true, true),
            event("PostToolUseFailure", false, true),
            event("PermissionRequest", false, true),
            event("Stop", false, false),
            event("SubagentStart", false, false),
            event("SubagentStop", false, false),
            event("PreCompact", false, false),
            event("ErrorOccurred", false, false),
            event("Notification", false, false),
            event("SessionEnd", false, false),
        ],
        wanted: &[
            "SessionStart",
            "UserPromptSubmit",
            "PostToolUse",
            "PreCompact",
        ],
        listened: &[],
        tools: &["Edit", "Write", "Bash"],
        failure_events: &[],
        reply: ReplyField::TopLevel("additionalContext"),
        limit_chars: 10_240,
        must_not_fail: true,
        user_notice: None,
        unread_files: &[],
    },
    AgentSpec {
        name: "qwen",
        label: "Qwen Code",
        exe: "qwen",
        harness: Harness::Qwen,
        shape: Shape::Nested,
        project: &[".qwen/settings.json"],
        user: &[".qwen/settings.json"],
        timeout_unit: TimeUnit::Seconds,
        default_timeout_ms: 60_000,
        events: &[
            event("SessionStart", true, false),
            event("UserPromptSubmit", true, false),
            event("PreToolUse", false, true),
            event("PostToolUse", true, true),
            event("PostToolUseFailure", true, true),
            event("PostToolBatch", true, false),
            event("PostCompact", false, false),
            event("PreCompact", false, false),
            event("PermissionRequest", false, true),
            event("Notification", false, false),
            event("Stop", false, false),
            event("SubagentStart", false, false),
            event("SubagentStop", false, false),
            event("SessionEnd", false, false),
            event("InstructionsLoaded", false, false),
            event("MessageDisplay", false, false),
        ],
        wanted: &[
            "SessionStart",
            "UserPromptSubmit",
            "PostToolUse",
            "PostToolUseFailure",
            "PostCompact",
        ],
        listened: &[],
        tools: &["write_file", "edit", "run_shell_command"],
        failure_events: &["PostToolUseFailure"],
        reply: ReplyField::Specific,
        limit_chars: 60_000,
        must_not_fail: false,
        user_notice: None,
        unread_files: &["QWEN.md"],
    },
    AgentSpec {
        name: "cline",
        label: "Cline",
        exe: "cline",
        harness: Harness::Cline,
        shape: Shape::Executables,
        project: &[".clinerules/hooks", ".cline/hooks"],
        user: &[".cline/hooks"],
        timeout_unit: TimeUnit::Seconds,
        default_timeout_ms: 30_000,
        events: &[
            event("PreToolUse", true, true),
            event("PostToolUse", true, true),
            event("PreCompact", false, false),
            event("TaskStart", false, false),
            event("TaskResume", false, false),
            event("TaskCancel", false, false),
            event("TaskComplete", false, false),
            event("TaskError", false, false),
            event("UserPromptSubmit", false, false),
            event("SessionShutdown", false, false),
        ],
        wanted: &["PostToolUse", "PreCompact"],
        listened: &[],
        tools: &[],
        failure_events: &[],
        reply: ReplyField::TopLevel("context"),
        limit_chars: 50_000,
        must_not_fail: true,
        user_notice: None,
        unread_files: &[],
    },
    AgentSpec {
        name: "opencode",
        label: "OpenCode",
        exe: "opencode",
        harness: Harness::OpenCode,
        shape: Shape::Plugin,
        project: &[".opencode/plugins"],
        user: &[".config/opencode/plugins"],
        timeout_unit: TimeUnit::Milliseconds,
        default_timeout_ms: 10_000,
        events: &[
            event("experimental.chat.system.transform", true, false),
            event("chat.message", true, false),
            event("tool.execute.after", true, true),
            event("experimental.session.compacting", false, false),
        ],
        wanted: &[
            "experimental.chat.system.transform",
            "chat.message",
            "tool.execute.after",
            "experimental.session.compacting",
        ],
        listened: &[],
        tools: &[],
        failure_events: &[],
        reply: ReplyField::TopLevel("additionalContext"),
        limit_chars: 60_000,
        must_not_fail: false,
        user_notice: None,
        unread_files: &[],
    },
];

impl AgentSpec {
    /// The spec of one of the agent's events, if it has one by that name.
    /// What lore records on `event` without answering, if it listens to it.
    pub fn listened(&self, event: &str) -> Option<&Listened> {
        self.listened.iter().find(|l| l.event == event)
    }

    pub fn event(&self, name: &str) -> Option<&EventSpec> {
        self.events.iter().find(|e| e.name == name)
    }
}

/// The agent named `name`.
pub fn agent(name: &str) -> Option<&'static AgentSpec> {
    AGENTS.iter().find(|a| a.name == name)
}
