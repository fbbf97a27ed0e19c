//! The payload `lore doctor` sends each registered hook: the shape the agent itself sends for
//! that event (see the harness samples each adapter was built from), for a call in the
//! repository: a session start, a prompt, a file written, a command that failed. The
//! session id is the doctor's own, so no real session's record changes.

use std::path::Path;

use serde_json::{Value, json};

/// The session id of every sample.
pub const SESSION: &str = "lore-doctor";
const PROMPT: &str = "add error handling to the file loader and run the tests";
const FILE: &str = "README.md";
const CONTENT: &str = "# Notes\n\nHow errors are handled and tested here.\n";
const COMMAND: &str = "cargo test";
const FAILURE: &str = "error: test failed, to rerun pass `--lib`";

/// The payload `agent` sends on `event` for a call in `repo`.
pub fn payload(agent: &str, event: &str, repo: &Path) -> Value {
    let cwd = repo.display().to_string();
    let file = repo.join(FILE).display().to_string();
    match agent {
        "cline" => cline(event, &cwd, &file),
        "opencode" => opencode(event, &cwd, &file),
        "copilot" if event.starts_with(char::is_lowercase) => {
            // Copilot's camelCase shape: no event name at all.
            json!({"sessionId": SESSION, "timestamp": 0, "cwd": cwd, "toolName": "create",
                "toolArgs": {"path": file, "file_text": CONTENT}})
        }
        _ => {
            let mut p = json!({"session_id": SESSION, "transcript_path": null, "cwd": cwd,
                "hook_event_name": event});
            let extra = snake_case_fields(agent, event, &file);
            if let (Some(p), Some(extra)) = (p.as_object_mut(), extra.as_object()) {
                p.extend(extra.clone());
            }
            p
        }
    }
}

/// The fields beyond the common ones for the agents that send Claude Code's field names.
fn snake_case_fields(agent: &str, event: &str, file: &str) -> Value {
    let write = |tool: &str, path_key: &str, content_key: &str| json!({"tool_name": tool, "tool_input": {path_key: file, content_key: CONTENT}});
    let shell_failed = |tool: &str, result: Value| {
        let mut v = json!({"tool_name": tool, "tool_input": {"command": COMMAND}});
        if let (Some(v), Some(r)) = (v.as_object_mut(), result.as_object()) {
            v.extend(r.clone());
        }
        v
    };
    match (agent, event) {
        (_, "SessionStart") => {
            json!({"source": if agent == "copilot" { "new" } else { "startup" }})
        }
        (_, "UserPromptSubmit" | "BeforeAgent") => json!({"prompt": PROMPT}),
        (_, "SubagentStart") => {
            json!({"agent_id": "lore-doctor-agent", "agent_type": "general-purpose"})
        }
        ("claude", "PostToolUseFailure") => {
            shell_failed("Bash", json!({"error": format!("Exit code 1\n{FAILURE}")}))
        }
        ("claude", _) => write("Write", "file_path", "content"),
        ("codex", "PostToolUse") => shell_failed(
            "Bash",
            json!({"tool_use_id": "lore-doctor-call", "tool_response": format!("Exit code: 1\n{FAILURE}")}),
        ),
        ("codex", _) => json!({"tool_name": "apply_patch", "tool_input": {"command":
            format!("*** Begin Patch\n*** Add File: {file}\n+{}\n*** End Patch\n", CONTENT.trim_end().replace('\n', "\n+"))}}),
        ("gemini", "AfterTool" | "BeforeTool") => {
            let mut v = write("write_file", "file_path", "content");
            v["tool_response"] = json!({"llmContent": format!("Successfully created and wrote to new file: {file}.")});
            v
        }
        ("qwen", "PostToolUseFailure") => shell_failed(
            "run_shell_command",
            json!({"error": format!("Output: {FAILURE}\nExit Code: 1")}),
        ),
        ("qwen", _) => {
            let mut v = write("write_file", "file_path", "content");
            v["tool_response"] =
                json!({"llmContent": "Successfully created and wrote to new file."});
            v
        }
        ("copilot", "PreCompact") => json!({"trigger": "auto"}),
        ("copilot", _) => {
            let mut v = write("Write", "path", "file_text");
            v["tool_result"] = json!({"result_type": "success", "text_result_for_llm": format!("Created file {file}")});
            v
        }
        _ => json!({}),
    }
}

fn cline(event: &str, cwd: &str, file: &str) -> Value {
    let hook = match event {
        "PreToolUse" => "tool_call",
        "PostToolUse" => "tool_result",
        "PreCompact" => "pre_compact",
        "TaskStart" => "agent_start",
        "TaskResume" => "agent_resume",
        "TaskCancel" => "agent_abort",
        "TaskComplete" => "agent_end",
        "TaskError" => "agent_error",
        "UserPromptSubmit" => "prompt_submit",
        _ => "session_shutdown",
    };
    let input = json!({"path": file, "new_text": CONTENT});
    json!({"clineVersion": "", "hookName": hook, "taskId": SESSION, "workspaceRoots": [cwd],
        "userId": "unknown", "agent_id": "lore-doctor-agent", "parent_agent_id": null,
        "tool_call": {"id": "lore-doctor-call", "name": "editor", "input": input},
        "tool_result": {"id": "lore-doctor-call", "name": "editor", "input": input, "output": "ok"}})
}

fn opencode(event: &str, cwd: &str, file: &str) -> Value {
    json!({"hook_event_name": event, "cwd": cwd, "session_id": SESSION, "prompt": PROMPT,
        "tool_name": "write", "tool_use_id": "lore-doctor-call",
        "tool_input": {"filePath": file, "content": CONTENT},
        "tool_response": {"title": FILE, "output": "Wrote file successfully.", "metadata": {}}})
}
