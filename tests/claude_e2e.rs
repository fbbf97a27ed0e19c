//! End to end with the real Claude Code CLI, driven by the shared harness
//! (`../shared/tools/claude-harness/run.py`: a scripted fake model, the real client, hooks
//! logged). A Rust project with two patterns, a Copilot instructions file scoped to `src/`
//! and a `CLAUDE.md` is edited and tested by the scripted model; the report must show lore's
//! context reaching the model after SessionStart, after the Write (the Copilot rule) and after
//! `cargo test`, the `CLAUDE.md` Claude Code loads itself never sent again by lore, every
//! hook call exiting 0, and no tool blocked. Once with the hooks
//! registered as `lore --config <cfg> hook`, once through the plugin dir
//! (`integrations/claude-code`, `lore hook --mcp`) with `lore` found on PATH, whose injections
//! then name the plugin's `search_patterns` tool. (`claude_session_e2e.rs` drives a longer
//! session in a repository `lore init` sets up.)
//!
//! Checked against the client `.ci/install-claude.sh` pins (2.1.331): tool-call context comes
//! as a system message after the tool's result, and MCP tools are loaded through ToolSearch.
//!
//! Needs `CLAUDE_BIN` (see `.ci/install-claude.sh`) and python3. Without them the tests say
//! why and pass; with `CI` set they fail instead, because CI installs the CLI.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod claude_support;
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use claude_support::{
    HarnessRun, assert_after_tool_result, injection, path_with_lore, prerequisites, run_harness,
};
use common::Workspace;
use serde_json::Value;

/// Text found only in the fixture patterns and rule files, one per file.
const UNIVERSAL: &str = "E2E-SENTINEL-UNIVERSAL";
const VALIDATION: &str = "E2E-SENTINEL-VALIDATION-ERRORS";
const CARGO_TEST: &str = "E2E-SENTINEL-CARGO-TEST";
const CLAUDE_MD: &str = "E2E-SENTINEL-CLAUDE-MD";

const EVENTS: &str =
    "SessionStart,UserPromptSubmit,PreToolUse=Edit|Write|Bash,PostToolUseFailure=Bash,PostCompact";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/claude")
}

/// The project every run starts from: lore.toml (full-text search only) and three patterns.
fn project_template() -> Workspace {
    let ws = Workspace::bare();
    let src = fixtures().join("project");
    for entry in walkdir::WalkDir::new(&src) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(&src).unwrap();
            ws.write(
                &rel.display().to_string(),
                &std::fs::read_to_string(entry.path()).unwrap(),
            );
        }
    }
    std::fs::remove_dir_all(ws.path(".env")).unwrap();
    ws
}

/// The validate-and-test scenario in a copy of the fixture project; the convention texts must
/// reach the model.
fn run_fixture(
    run_py: &Path,
    claude: &Path,
    extra: impl FnOnce(&Path) -> Vec<String>,
) -> HarnessRun {
    let template = project_template();
    run_harness(
        run_py,
        claude,
        &fixtures().join("rust_validate_test.json"),
        template.root(),
        |work| {
            let mut args: Vec<String> = [UNIVERSAL, VALIDATION, CARGO_TEST]
                .map(|s| format!("--expect={s}"))
                .to_vec();
            args.extend(extra(work));
            args
        },
    )
}

/// Everything the two runs must show.
fn assert_conventions_reached_the_model(run: &HarnessRun) {
    let report = &run.report;
    assert_eq!(report["claude_exit"], 0, "{report:#}");
    assert_eq!(report["timed_out"], false);
    assert_eq!(report["result"]["subtype"], "success", "{report:#}");
    for event in [
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUseFailure",
    ] {
        assert!(
            report["events_fired"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e == event),
            "{event} fired: {}",
            report["events_fired"]
        );
    }

    // Never break the agent: every call exits 0, and the only output is additionalContext
    // (no exit-2 stderr, no deny, no block, no stray stdout).
    let hooks = report["hooks"].as_array().unwrap();
    assert!(hooks.len() >= 6, "hook calls: {}", hooks.len());
    for hook in hooks {
        assert_eq!(hook["exit_code"], 0, "{hook:#}");
        for injected in hook["injected"].as_array().unwrap() {
            assert_eq!(injected["channel"], "additionalContext", "{hook:#}");
            assert_eq!(injected["reached_model"], true, "{hook:#}");
        }
    }
    // The scripted tools all ran: the Edit applied on top of the Write.
    let written = std::fs::read_to_string(run.project().join("src/validate_email.rs")).unwrap();
    assert!(written.contains("!s.starts_with('@')"), "{written}");

    // SessionStart: the index and the universal pattern, in a system message.
    let start = run.hooks("SessionStart", None);
    assert_eq!(start.len(), 1);
    let primed = injection(start[0]);
    assert!(primed["needle"].as_str().unwrap().contains(UNIVERSAL));
    assert!(
        primed["needle"]
            .as_str()
            .unwrap()
            .contains("patterns/cargo-testing.md")
    );
    assert_eq!(primed["where"]["role"], "system", "{primed:#}");

    // Claude Code loads CLAUDE.md itself (in its first user message); lore never sends it
    // again.
    for hook in report["hooks"].as_array().unwrap() {
        for injected in hook["injected"].as_array().unwrap() {
            let needle = injected["needle"].as_str().unwrap_or_default();
            assert!(!needle.contains(CLAUDE_MD), "{hook:#}");
        }
    }
    let last = run.requests().pop().unwrap();
    assert_eq!(last.to_string().matches(CLAUDE_MD).count(), 1);

    // The Write gets the validation pattern (its `paths` glob and words); the Edit of the same
    // file gets nothing new (session dedup).
    let writes = run.hooks("PreToolUse", Some("Write"));
    assert_eq!(writes.len(), 1);
    let after_write = injection(writes[0]);
    assert!(after_write["needle"].as_str().unwrap().contains(VALIDATION));
    assert_after_tool_result(run, after_write, "Write");
    let edits = run.hooks("PreToolUse", Some("Edit"));
    assert_eq!(edits.len(), 1);
    assert_eq!(
        edits[0]["injected"],
        Value::Array(Vec::new()),
        "deduplicated"
    );

    // `cargo test` gets the testing pattern, after the validation pattern.
    let bash = run.hooks("PreToolUse", Some("Bash"));
    assert_eq!(bash.len(), 2, "cargo test, then the failing command");
    let after_test = injection(bash[0]);
    assert!(after_test["needle"].as_str().unwrap().contains(CARGO_TEST));
    assert!(!after_test["needle"].as_str().unwrap().contains(VALIDATION));
    assert_after_tool_result(run, after_test, "Bash");
    assert!(after_test["first_request"].as_u64() > after_write["first_request"].as_u64());

    // The failing command went through PostToolUseFailure without blocking anything.
    assert_eq!(run.hooks("PostToolUseFailure", Some("Bash")).len(), 1);
}

#[test]
fn hooks_registered_as_lore_hook_inject_conventions_into_real_claude_code() {
    let Some((run_py, claude)) = prerequisites() else {
        return;
    };
    let lore = env!("CARGO_BIN_EXE_lore");
    let run = run_fixture(&run_py, &claude, |work| {
        vec![
            "--events".to_string(),
            EVENTS.to_string(),
            "--hook-exec".to_string(),
            format!(
                "{lore} --config {} hook",
                work.join("project/lore.toml").display()
            ),
        ]
    });
    assert_conventions_reached_the_model(&run);
}

#[test]
fn the_plugin_dir_loads_lores_hooks_and_injects() {
    let Some((run_py, claude)) = prerequisites() else {
        return;
    };
    let path = path_with_lore();
    let plugin = Path::new(env!("CARGO_MANIFEST_DIR")).join("integrations/claude-code");
    // No project hooks: only the plugin's hooks/hooks.json registers lore. Its commands are
    // wrapped in the harness probe so each call is logged and checked like project hooks.
    let run = run_fixture(&run_py, &claude, |_| {
        vec![
            "--no-hooks".to_string(),
            "--plugin-dir".to_string(),
            plugin.display().to_string(),
            "--wrap-plugin-hooks".to_string(),
            "--env".to_string(),
            format!("PATH={path}"),
        ]
    });
    assert_conventions_reached_the_model(&run);
    let settings: Value = serde_json::from_str(
        &std::fs::read_to_string(run.project().join(".claude/settings.json")).unwrap(),
    )
    .unwrap();
    assert!(
        settings.get("hooks").is_none(),
        "no project hooks: {settings}"
    );
    // Every call ran the plugin's own command, `lore hook --mcp`, found on PATH.
    for call in run.hook_log() {
        let argv = call["argv"].as_array().unwrap();
        assert_eq!(argv.last().unwrap(), "lore hook --mcp", "{argv:?}");
    }
    // The plugin starts lore's MCP server, so the session is told to search with it, not
    // with a command the model would have to run in a shell.
    let primed = injection(run.hooks("SessionStart", None)[0]);
    let primed = primed["needle"].as_str().unwrap();
    assert!(primed.contains("`search_patterns`"), "{primed}");
    assert!(!primed.contains("lore search"), "{primed}");
}

#[test]
fn the_plugins_mcp_server_answers_search_patterns() {
    let Some((run_py, claude)) = prerequisites() else {
        return;
    };
    let path = path_with_lore();
    let plugin = Path::new(env!("CARGO_MANIFEST_DIR")).join("integrations/claude-code");
    let template = project_template();
    let work = tempfile::tempdir().unwrap();
    let runtime = work.path().join("runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    // The plugin's .mcp.json starts `lore serve`, found on PATH, in the project directory.
    // Claude Code 2.1.331 defers MCP tools: only their names are listed until the model loads
    // a schema with ToolSearch, so the scripted model does that first, then calls
    // search_patterns once.
    let output = common::without_lore_env(&mut Command::new("python3"))
        .arg(&run_py)
        .arg(fixtures().join("mcp_search.json"))
        .arg("--claude")
        .arg(&claude)
        .arg("--work")
        .arg(work.path())
        .arg("--project-template")
        .arg(template.root())
        .args(["--timeout", "120", "--quiet", "--no-hooks", "--plugin-dir"])
        .arg(&plugin)
        .arg("--env")
        .arg(format!("PATH={path}"))
        .arg("--env")
        .arg(format!("XDG_RUNTIME_DIR={}", runtime.display()))
        .output()
        .unwrap();
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(work.path().join("report.json")).unwrap_or_else(|_| {
            panic!(
                "run.py wrote no report\nstdout: {}\nstderr: {}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            )
        }),
    )
    .unwrap();
    assert!(output.status.success(), "harness run failed: {report:#}");
    let requests = std::fs::read_to_string(work.path().join("requests.jsonl")).unwrap();
    let bodies: Vec<Value> = requests
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .map(|r| r["body"].clone())
        .collect();
    const TOOL: &str = "mcp__plugin_lore_lore__search_patterns";
    let tool_schema = |body: &Value| {
        body["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == TOOL)
            .cloned()
    };
    // Deferred at first: named for ToolSearch, no schema yet.
    assert_eq!(
        tool_schema(&bodies[0]),
        None,
        "deferred in the first request"
    );
    assert!(
        bodies[0].to_string().contains(TOOL),
        "listed by name for ToolSearch"
    );
    // Once loaded, the schema lore's server lists is offered to the model.
    let loaded = tool_schema(bodies.last().unwrap()).expect("loaded by ToolSearch");
    assert!(
        loaded["input_schema"]["properties"]["query"].is_object(),
        "{loaded:#}"
    );

    // The tool result the model received is lore's answer, carrying the pattern's text.
    let tool_results: Vec<Value> = requests
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .flat_map(|r| {
            r["body"]["messages"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .flat_map(|m| m["content"].as_array().cloned().unwrap_or_default())
        .filter(|block| block["type"] == "tool_result")
        .collect();
    assert!(
        tool_results.iter().any(|t| {
            let content = t["content"].to_string();
            content.contains(CARGO_TEST) && content.contains("cargo-testing.md")
        }),
        "no search_patterns result reached the model: {tool_results:#?}"
    );
    // A failed call is flagged beside the content (`is_error: true`), not inside it.
    assert!(
        tool_results.iter().all(|t| t["is_error"] != true),
        "{tool_results:#?}"
    );
}
