//! End to end with the real Claude Code CLI, driven by the shared harness
//! (`../shared/tools/claude-harness/run.py`: a scripted fake model, the real client, hooks
//! logged). In the repository both end-to-end suites share (`tests/rules_repo`: three
//! patterns, a Cursor rule in `.cursor/rules` and a Copilot instructions file in
//! `.github/instructions` both scoped to `src/greet.txt`, an `AGENTS.md` and a `CLAUDE.md`),
//! the scripted model reads a file, runs the project's failing test runner, fixes the file
//! with an Edit, writes another file and runs the tests again. The report must show the
//! universal pattern reaching the model after SessionStart, the test-running pattern after
//! the shell command, the failure pattern after the failed run, both scoped rules (the Cursor
//! rule by its `globs`, the Copilot one by its `applyTo`) in the model's next request after
//! the Edit, the `CLAUDE.md` Claude Code loads itself never sent again by lore (the
//! `AGENTS.md` it does not load is lore's to send), every hook call exiting 0 with an answer
//! the client accepted, and no tool blocked. Once with the hooks registered as
//! `lore --config <cfg> hook`, once through the plugin dir (`integrations/claude-code`,
//! `lore hook --mcp`) with `lore` found on PATH, whose injections then name the plugin's
//! `search_patterns` tool. (`claude_session_e2e.rs` drives a longer session in a repository
//! `lore init` sets up.)
//!
//! Checked against the client `.ci/install-claude.sh` pins (2.1.332): tool-call context comes
//! as a system message after the tool's result, and MCP tools are loaded through ToolSearch.
//!
//! Needs `CLAUDE_BIN` (see `.ci/install-claude.sh`) and python3. Without them the tests say
//! why and pass; with `CI` set they fail instead, because CI installs the CLI.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod claude_support;
mod common;
mod rules_repo;

use std::path::{Path, PathBuf};
use std::process::Command;

use claude_support::{
    HarnessRun, assert_after_tool_result, assert_client_accepted_every_answer,
    assert_no_tool_blocked, injection, path_with_lore, prerequisites, request_after_step,
    run_harness, tool_results,
};
use common::Workspace;
use rules_repo::{
    AGENTS_MD, CLAUDE_MD, COPILOT, COPILOT_RULE, CURSOR, CURSOR_RULE, FAILURE, SHELL, UNIVERSAL,
};
use serde_json::Value;

const EVENTS: &str =
    "SessionStart,UserPromptSubmit,PreToolUse=Edit|Write|Bash,PostToolUseFailure=Bash,PostCompact";

/// The scenario step (0-based) whose tool call is the Edit of the misspelt file.
const EDIT_STEP: u64 = 2;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/claude")
}

/// The project every run starts from: a copy of the shared repository (`tests/rules_repo`).
fn project_template() -> Workspace {
    let ws = rules_repo::copy();
    std::fs::remove_dir_all(ws.path(".env")).unwrap();
    ws
}

/// The typo-fix scenario in a copy of the shared repository; the convention texts must reach
/// the model.
fn run_fixture(
    run_py: &Path,
    claude: &Path,
    extra: impl FnOnce(&Path) -> Vec<String>,
) -> HarnessRun {
    let template = project_template();
    run_harness(
        run_py,
        claude,
        &fixtures().join("typo_fix.json"),
        template.root(),
        |work| {
            let mut args: Vec<String> = [UNIVERSAL, SHELL, FAILURE, CURSOR, COPILOT]
                .map(|s| format!("--expect={s}"))
                .to_vec();
            args.extend(extra(work));
            args
        },
    )
}

/// The text a hook call injected, or "" when it printed nothing.
fn injected_text(hook: &Value) -> &str {
    hook["injected"]
        .as_array()
        .unwrap()
        .first()
        .and_then(|i| i["needle"].as_str())
        .unwrap_or_default()
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
    // (no exit-2 stderr, no deny, no block, no stray stdout), which the client accepted.
    let hooks = report["hooks"].as_array().unwrap();
    assert!(hooks.len() >= 8, "hook calls: {}", hooks.len());
    for hook in hooks {
        assert_eq!(hook["exit_code"], 0, "{hook:#}");
        for injected in hook["injected"].as_array().unwrap() {
            assert_eq!(injected["channel"], "additionalContext", "{hook:#}");
            assert_eq!(injected["reached_model"], true, "{hook:#}");
        }
    }
    assert_client_accepted_every_answer(run);

    // The scripted tools all ran, none blocked: the Edit and the Write are on disk, and only
    // the first test run failed, with the runner's own output.
    let fixed = std::fs::read_to_string(run.project().join(rules_repo::EDITED)).unwrap();
    assert_eq!(fixed, "hello world\n");
    assert!(run.project().join("src/farewell.txt").is_file());
    let results = tool_results(run);
    assert_eq!(results.len(), 5, "cat, run, Edit, Write, run: {results:#?}");
    assert_no_tool_blocked(&results, &[1]);
    assert!(
        results[1]["content"]
            .to_string()
            .contains("1 failed, 0 passed")
    );
    assert!(
        results[4]["content"]
            .to_string()
            .contains("1 passed, 0 failed")
    );

    // SessionStart: the index (naming both scoped rules) and the universal pattern, in a
    // system message.
    let start = run.hooks("SessionStart", None);
    assert_eq!(start.len(), 1);
    let primed = injection(start[0]);
    let primed_text = primed["needle"].as_str().unwrap();
    assert!(primed_text.contains(UNIVERSAL), "{primed_text}");
    for listed in ["patterns/running-tests.md", CURSOR_RULE, COPILOT_RULE] {
        assert!(primed_text.contains(listed), "{listed}: {primed_text}");
    }
    assert_eq!(primed["where"]["role"], "system", "{primed:#}");

    // Claude Code loads CLAUDE.md itself (in its first user message); lore never sends it
    // again. AGENTS.md, which Claude Code does not load, lore sends once.
    let texts: Vec<&str> = hooks.iter().map(injected_text).collect();
    for text in &texts {
        assert!(!text.contains(CLAUDE_MD), "{text}");
    }
    let with_agents_md = texts.iter().filter(|t| t.contains(AGENTS_MD)).count();
    assert_eq!(with_agents_md, 1, "{texts:#?}");
    let last = run.requests().pop().unwrap();
    assert_eq!(last.to_string().matches(CLAUDE_MD).count(), 1);

    // The shell commands: `cat` only looks (nothing); the test run gets the test-running
    // pattern after its result; the second, passing run nothing new (session dedup).
    let bash = run.hooks("PreToolUse", Some("Bash"));
    assert_eq!(bash.len(), 3, "cat, the failing run, the passing run");
    assert_eq!(
        bash[0]["injected"],
        Value::Array(Vec::new()),
        "{:#}",
        bash[0]
    );
    let before_run = injection(bash[1]);
    assert!(before_run["needle"].as_str().unwrap().contains(SHELL));
    assert_after_tool_result(run, before_run, "Bash");
    assert_eq!(
        bash[2]["injected"],
        Value::Array(Vec::new()),
        "deduplicated"
    );

    // The failed run goes through PostToolUseFailure: the failure pattern, blocking nothing.
    let failures = run.hooks("PostToolUseFailure", Some("Bash"));
    assert_eq!(failures.len(), 1);
    let failure = injection(failures[0]);
    assert!(
        failure["needle"].as_str().unwrap().contains(FAILURE),
        "{failure:#}"
    );

    // The Edit: both rules scoped to src/greet.txt (the Cursor rule by its `globs`, the
    // Copilot one by its `applyTo`), in the model's next request, right after the Edit's
    // result.
    let edits = run.hooks("PreToolUse", Some("Edit"));
    assert_eq!(edits.len(), 1);
    let scoped = injection(edits[0]);
    let text = scoped["needle"].as_str().unwrap();
    assert!(text.contains(CURSOR) && text.contains(COPILOT), "{text}");
    assert!(!text.contains(FAILURE), "{text}");
    assert_after_tool_result(run, scoped, "Edit");
    assert_eq!(
        scoped["first_request"],
        request_after_step(run, EDIT_STEP),
        "{scoped:#}"
    );

    // The Write of another text file under src/: the Copilot rule matches it too, but the
    // session was shown it (dedup), and the Cursor rule names only greet.txt.
    let writes = run.hooks("PreToolUse", Some("Write"));
    assert_eq!(writes.len(), 1);
    assert_eq!(
        writes[0]["injected"],
        Value::Array(Vec::new()),
        "deduplicated"
    );
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
            content.contains(SHELL) && content.contains("running-tests.md")
        }),
        "no search_patterns result reached the model: {tool_results:#?}"
    );
    // A failed call is flagged beside the content (`is_error: true`), not inside it.
    assert!(
        tool_results.iter().all(|t| t["is_error"] != true),
        "{tool_results:#?}"
    );
}
