//! The repository of `tests/sources.rs` and `tests/sources_linked.rs`: other agents' rule
//! files as a team left them, each with a marker found nowhere else, `lore init` run in it,
//! and the hook calls both suites make against it.
#![allow(dead_code)]
// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{Value, json};

use crate::common::{Workspace, stderr, stdout};

/// A marker per rule file, found nowhere else.
pub const CURSOR_API: &str = "SRCMARK-CURSOR-API";
pub const COPILOT_PY: &str = "SRCMARK-COPILOT-PY";
pub const MANUAL: &str = "SRCMARK-WINDSURF-MANUAL";
pub const ROOT_AGENTS: &str = "SRCMARK-ROOT-AGENTS";
pub const BILLING_AGENTS: &str = "SRCMARK-BILLING-AGENTS";
pub const ROOT_CLAUDE: &str = "SRCMARK-ROOT-CLAUDE";
pub const CLAUDE_RULE: &str = "SRCMARK-CLAUDE-STYLE";
pub const CLINE: &str = "SRCMARK-CLINE";

/// The repository as a team left it, then `lore init` run in it as a new user would.
pub fn repository() -> (Workspace, String) {
    let ws = Workspace::bare();
    ws.write(
        ".cursor/rules/api.mdc",
        &format!(
            "---\ndescription:\nglobs: src/api/**\nalwaysApply: false\n---\n# Endpoints\n\
             Every handler returns a typed envelope. {CURSOR_API}\n"
        ),
    );
    ws.write(
        ".github/instructions/python.instructions.md",
        &format!(
            "---\napplyTo: \"**/*.py\"\n---\n# Python\nAnnotate every function. {COPILOT_PY}\n"
        ),
    );
    ws.write(
        ".windsurf/rules/release.md",
        &format!(
            "---\ntrigger: manual\n---\n# Release checklist\nTag every release with a signed \
             tag before publishing. {MANUAL}\n"
        ),
    );
    ws.write(
        "AGENTS.md",
        &format!("# Repository\nRun make check before you finish. {ROOT_AGENTS}\n"),
    );
    ws.write(
        "services/billing/AGENTS.md",
        &format!("# Billing\nAmounts are integer cents. {BILLING_AGENTS}\n"),
    );
    ws.write(
        "CLAUDE.md",
        &format!("# Claude\nKeep answers short. {ROOT_CLAUDE}\n"),
    );
    ws.write(
        ".claude/rules/style.md",
        &format!("# Style\nPrefer small functions. {CLAUDE_RULE}\n"),
    );
    ws.write(
        ".clinerules",
        &format!("# House rules\nNo commented-out code. {CLINE}\n"),
    );
    let init = init_offline(&ws);
    (ws, init)
}

/// `lore init` in `ws` as on a machine without Ollama; what it printed on stderr.
pub fn init_offline(ws: &Workspace) -> String {
    // Port 9 (discard) refuses connections: a machine without Ollama, whatever this one has.
    let init = ws
        .lore()
        .args(["init", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(init.status.success(), "{}", stderr(&init));
    stderr(&init)
}

/// The `additionalContext` of a hook's answer (None when it printed nothing).
pub fn context(output: &std::process::Output) -> Option<String> {
    assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
    let out = stdout(output);
    if out.trim().is_empty() {
        return None;
    }
    let value: Value = serde_json::from_str(out.trim()).expect("one JSON object");
    Some(
        value["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap()
            .to_string(),
    )
}

pub fn claude(ws: &Workspace, payload: Value) -> Option<String> {
    context(&ws.hook(&payload.to_string()))
}

pub fn codex(ws: &Workspace, payload: Value) -> Option<String> {
    let output = ws
        .lore()
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .args(["hook", "--codex"])
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    context(&output)
}

pub fn cwd(ws: &Workspace) -> String {
    ws.root().display().to_string()
}

/// A Claude Code Edit of `file` (relative to the repository), in a session of its own.
pub fn claude_edit(ws: &Workspace, session: &str, file: &str, new: &str) -> String {
    claude(
        ws,
        json!({
            "session_id": session, "transcript_path": "/nonexistent.jsonl", "cwd": cwd(ws),
            "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": ws.path(file), "old_string": "x", "new_string": new},
        }),
    )
    .unwrap_or_default()
}

/// A Claude Code Bash call running `command` from the repository root, in a session of its
/// own.
pub fn claude_bash(ws: &Workspace, session: &str, command: &str, description: &str) -> String {
    claude(
        ws,
        json!({
            "session_id": session, "transcript_path": "/nonexistent.jsonl", "cwd": cwd(ws),
            "hook_event_name": "PreToolUse", "tool_name": "Bash",
            "tool_input": {"command": command, "description": description},
        }),
    )
    .unwrap_or_default()
}

/// A Codex `apply_patch` adding `file`, in a session of its own.
pub fn codex_patch(ws: &Workspace, session: &str, file: &str, line: &str) -> String {
    codex(
        ws,
        json!({
            "session_id": session, "turn_id": "t", "transcript_path": null, "cwd": cwd(ws),
            "hook_event_name": "PreToolUse", "model": "gpt-5.5",
            "permission_mode": "bypassPermissions", "tool_name": "apply_patch",
            "tool_input": {"command": format!("*** Begin Patch\n*** Add File: {file}\n+{line}\n*** End Patch\n")},
            "tool_use_id": "call_1",
        }),
    )
    .unwrap_or_default()
}

pub fn session_start(ws: &Workspace, session: &str) -> Value {
    json!({
        "session_id": session, "transcript_path": "/nonexistent.jsonl", "cwd": cwd(ws),
        "hook_event_name": "SessionStart", "source": "startup", "model": "gpt-5.5",
    })
}
