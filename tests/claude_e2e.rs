//! End to end with the real Claude Code CLI, driven by the shared harness
//! (`../shared/tools/claude-harness/run.py`: a scripted fake model, the real client, hooks
//! logged). A Rust project with two patterns, a Copilot instructions file scoped to `src/`
//! and a `CLAUDE.md` is edited and tested by the scripted model; the report must show lore's
//! context reaching the model after SessionStart, after the Write (the Copilot rule) and after
//! `cargo test`, the `CLAUDE.md` Claude Code loads itself never sent again by lore, every
//! hook call exiting 0, and no tool blocked. Once with the hooks
//! registered as `lore --config <cfg> hook`, once through the plugin dir
//! (`integrations/claude-code`) with `lore` found on PATH.
//!
//! Checked against the client `.ci/install-claude.sh` pins (2.1.331): tool-call context comes
//! as a system message after the tool's result, and MCP tools are loaded through ToolSearch.
//!
//! Needs `CLAUDE_BIN` (see `.ci/install-claude.sh`) and python3. Without them the tests say
//! why and pass; with `CI` set they fail instead, because CI installs the CLI.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

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

/// The harness and the CLI, or `None` (after saying why) when the test should be skipped.
fn prerequisites() -> Option<(PathBuf, PathBuf)> {
    let run_py = common::shared_dir().join("tools/claude-harness/run.py");
    let claude = std::env::var_os("CLAUDE_BIN").map(PathBuf::from);
    let python = Command::new("python3").arg("--version").output();
    let missing = if !run_py.is_file() {
        Some(format!("the harness {} is not present", run_py.display()))
    } else if python.map(|o| !o.status.success()).unwrap_or(true) {
        Some("python3 is not available".to_string())
    } else {
        match &claude {
            None => Some(
                "CLAUDE_BIN is not set (export CLAUDE_BIN=\"$(.ci/install-claude.sh)\")"
                    .to_string(),
            ),
            Some(bin) if !bin.is_file() => {
                Some(format!("CLAUDE_BIN={} does not exist", bin.display()))
            }
            Some(_) => None,
        }
    };
    match missing {
        None => Some((run_py, claude.unwrap())),
        Some(why) => {
            common::skip("the Claude Code end-to-end test", &why);
            None
        }
    }
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

/// One harness run: its work dir (kept until the value is dropped) and report.
struct HarnessRun {
    work: tempfile::TempDir,
    report: Value,
}

impl HarnessRun {
    fn project(&self) -> PathBuf {
        self.work.path().join("project")
    }

    /// Hook calls for `event` (and `tool`, when given), in the order they ran.
    fn hooks(&self, event: &str, tool: Option<&str>) -> Vec<&Value> {
        self.report["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["event"] == event && tool.is_none_or(|t| h["tool_name"] == t))
            .collect()
    }

    /// The model request bodies, in order.
    fn requests(&self) -> Vec<Value> {
        std::fs::read_to_string(self.work.path().join("requests.jsonl"))
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["body"].clone())
            .collect()
    }
}

/// Run the scenario with extra harness arguments (built from the work dir, whose `project/`
/// is the CLI's working directory) and return the parsed report.
fn run_harness(
    run_py: &Path,
    claude: &Path,
    extra: impl FnOnce(&Path) -> Vec<String>,
) -> HarnessRun {
    let template = project_template();
    let work = tempfile::tempdir().unwrap();
    let extra = extra(work.path());
    let runtime = work.path().join("runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    let output = common::without_lore_env(&mut Command::new("python3"))
        .arg(run_py)
        .arg(fixtures().join("rust_validate_test.json"))
        .arg("--claude")
        .arg(claude)
        .arg("--work")
        .arg(work.path())
        .arg("--project-template")
        .arg(template.root())
        .args(["--timeout", "120", "--quiet"])
        // A private ledger dir, so no other session's dedup state can hide an injection.
        .arg("--env")
        .arg(format!("XDG_RUNTIME_DIR={}", runtime.display()))
        .args(["--env", "LORE_DEBUG=1"])
        .args([UNIVERSAL, VALIDATION, CARGO_TEST].map(|s| format!("--expect={s}")))
        .args(&extra)
        .output()
        .unwrap();
    let report_path = work.path().join("report.json");
    assert!(
        report_path.is_file(),
        "run.py wrote no report\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(report_path).unwrap()).unwrap();
    let run = HarnessRun { work, report };
    assert!(
        output.status.success(),
        "the harness run failed (a turn errored or an expected text never reached the model); \
         hook stderr is in {}/hooks.jsonl\n{:#}",
        run.work.path().display(),
        run.report
    );
    run
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

/// The single additionalContext a hook call injected.
fn injection(hook: &Value) -> &Value {
    let injected = hook["injected"].as_array().unwrap();
    assert_eq!(injected.len(), 1, "{hook:#}");
    assert_eq!(injected[0]["reached_model"], true, "{hook:#}");
    &injected[0]
}

/// Tool-call context arrives (Claude Code 2.1.331) as a system message labelled with the hook
/// and the tool, right after the user message that carries the tool's result: the model reads
/// it once the call has run.
fn assert_after_tool_result(run: &HarnessRun, injected: &Value, tool: &str) {
    let place = &injected["where"];
    assert_eq!(place["role"], "system", "{injected:#}");
    assert_eq!(place["after_tool_result"], true, "{injected:#}");
    let request = place["request"].as_u64().unwrap() as usize;
    let path = place["path"].as_str().unwrap();
    let index: usize = path
        .strip_prefix("messages[")
        .and_then(|rest| rest.split(']').next())
        .unwrap()
        .parse()
        .unwrap();
    let messages = &run.requests()[request]["messages"];
    let text = match &messages[index]["content"] {
        Value::String(text) => text.clone(),
        blocks => blocks
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|b| b["text"].as_str())
            .collect(),
    };
    let label = format!("PreToolUse:{tool} hook additional context: ");
    assert!(text.starts_with(&label), "{text}");
    let previous = &messages[index - 1];
    assert_eq!(previous["role"], "user", "{previous:#}");
    assert!(
        previous["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|block| block["type"] == "tool_result"),
        "{previous:#}"
    );
}

#[test]
fn hooks_registered_as_lore_hook_inject_conventions_into_real_claude_code() {
    let Some((run_py, claude)) = prerequisites() else {
        return;
    };
    let lore = env!("CARGO_BIN_EXE_lore");
    let run = run_harness(&run_py, &claude, |work| {
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

/// PATH with this build's `lore` first, as the plugin's commands find it (`lore hook`,
/// `lore serve`).
fn path_with_lore() -> String {
    let lore_dir = Path::new(env!("CARGO_BIN_EXE_lore")).parent().unwrap();
    match std::env::var("PATH") {
        Ok(p) if !p.is_empty() => format!("{}:{p}", lore_dir.display()),
        _ => lore_dir.display().to_string(),
    }
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
    let run = run_harness(&run_py, &claude, |_| {
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
    let logged = std::fs::read_to_string(run.work.path().join("hooks.jsonl")).unwrap();
    for line in logged.lines() {
        let call: Value = serde_json::from_str(line).unwrap();
        let argv = call["argv"].as_array().unwrap();
        assert_eq!(argv.last().unwrap(), "lore hook --mcp", "{argv:?}");
    }
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
