//! Shared driver for the suites that run the real Claude Code CLI through the harness
//! (`../shared/tools/claude-harness/run.py`: a scripted fake model, the real client, every hook
//! call and model request logged): finding the harness and the client, one run and its report,
//! and checks on where injected context landed.
#![allow(dead_code)]
// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common;

/// The harness and the CLI, or `None` (after saying why) when the test should be skipped.
pub fn prerequisites() -> Option<(PathBuf, PathBuf)> {
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

/// PATH with this build's `lore` first, as the plugin's commands find it (`lore hook`,
/// `lore serve`).
pub fn path_with_lore() -> String {
    let lore_dir = Path::new(env!("CARGO_BIN_EXE_lore")).parent().unwrap();
    match std::env::var("PATH") {
        Ok(p) if !p.is_empty() => format!("{}:{p}", lore_dir.display()),
        _ => lore_dir.display().to_string(),
    }
}

/// One harness run: its work dir (kept until the value is dropped) and report.
pub struct HarnessRun {
    pub work: tempfile::TempDir,
    pub report: Value,
}

impl HarnessRun {
    /// The CLI's working directory.
    pub fn project(&self) -> PathBuf {
        self.work.path().join("project")
    }

    /// Hook calls for `event` (and `tool`, when given), in the order they ran.
    pub fn hooks(&self, event: &str, tool: Option<&str>) -> Vec<&Value> {
        self.report["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["event"] == event && tool.is_none_or(|t| h["tool_name"] == t))
            .collect()
    }

    /// The hook calls as the probe logged them (payload, argv, stdout, stderr), in the order
    /// of [`HarnessRun::hooks`]: with `LORE_DEBUG=1`, stderr is lore's trace of its decisions.
    pub fn hook_log(&self) -> Vec<Value> {
        std::fs::read_to_string(self.work.path().join("hooks.jsonl"))
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    /// The model request bodies, in order.
    pub fn requests(&self) -> Vec<Value> {
        std::fs::read_to_string(self.work.path().join("requests.jsonl"))
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["body"].clone())
            .collect()
    }

    /// The session's transcript as the client wrote it (one JSON entry per line; the work dir's
    /// HOME holds only this session). Hook outcomes are its `attachment` entries:
    /// `hook_success` per call, `hook_additional_context` per context the client accepted, and
    /// other `hook_*` types for errors.
    pub fn transcript(&self) -> Vec<Value> {
        let projects = self.work.path().join("home/.claude/projects");
        let files: Vec<PathBuf> = walkdir::WalkDir::new(&projects)
            .max_depth(2)
            .into_iter()
            .map(|entry| entry.unwrap().into_path())
            .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
            .collect();
        assert_eq!(files.len(), 1, "one session transcript: {files:?}");
        std::fs::read_to_string(&files[0])
            .unwrap()
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    }
}

/// Run `scenario` in a copy of `template` with extra harness arguments (built from the work
/// dir, whose `project/` is the CLI's working directory) and return the parsed report. Every
/// hook sees `LORE_DEBUG=1` (its trace lands in the hook log) and a private ledger dir, so no
/// other session's dedup state can hide an injection. Fails unless every turn succeeded and
/// every `--expect` text reached the model.
pub fn run_harness(
    run_py: &Path,
    claude: &Path,
    scenario: &Path,
    template: &Path,
    extra: impl FnOnce(&Path) -> Vec<String>,
) -> HarnessRun {
    let work = tempfile::tempdir().unwrap();
    let extra = extra(work.path());
    let runtime = work.path().join("runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    let output = common::without_lore_env(&mut Command::new("python3"))
        .arg(run_py)
        .arg(scenario)
        .arg("--claude")
        .arg(claude)
        .arg("--work")
        .arg(work.path())
        .arg("--project-template")
        .arg(template)
        .args(["--timeout", "120", "--quiet"])
        .arg("--env")
        .arg(format!("XDG_RUNTIME_DIR={}", runtime.display()))
        .arg("--env")
        .arg(format!(
            "XDG_STATE_HOME={}",
            work.path().join("state").display()
        ))
        .args(["--env", "LORE_DEBUG=1"])
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

/// The single additionalContext a hook call injected.
pub fn injection(hook: &Value) -> &Value {
    let injected = hook["injected"].as_array().unwrap();
    assert_eq!(injected.len(), 1, "{hook:#}");
    assert_eq!(injected[0]["reached_model"], true, "{hook:#}");
    &injected[0]
}

/// Tool-call context arrives (Claude Code 2.1.331) as a system message labelled with the hook
/// and the tool, right after the user message that carries the tool's result: the model reads
/// it once the call has run.
pub fn assert_after_tool_result(run: &HarnessRun, injected: &Value, tool: &str) {
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

/// The client accepted every answer lore gave: its session record holds only successful hook
/// calls (exit 0) and one accepted context per call that printed one. A rejected output would
/// show as another `hook_*` attachment (such as `hook_non_blocking_error`) or a context
/// missing.
pub fn assert_client_accepted_every_answer(run: &HarnessRun) {
    let outcomes: Vec<Value> = run
        .transcript()
        .into_iter()
        .map(|entry| entry["attachment"].clone())
        .filter(|a| a["type"].as_str().is_some_and(|t| t.starts_with("hook")))
        .collect();
    for outcome in &outcomes {
        let kind = outcome["type"].as_str().unwrap();
        assert!(
            kind == "hook_success" || kind == "hook_additional_context",
            "{outcome:#}"
        );
        if kind == "hook_success" {
            assert_eq!(outcome["exitCode"], 0, "{outcome:#}");
        }
    }
    let printed = run.report["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| !h["injected"].as_array().unwrap().is_empty())
        .count();
    let accepted = outcomes
        .iter()
        .filter(|o| o["type"] == "hook_additional_context")
        .count();
    assert_eq!(accepted, printed, "{outcomes:#?}");
}

/// The tool results the model received, in order (from the last request, which holds the
/// whole conversation).
pub fn tool_results(run: &HarnessRun) -> Vec<Value> {
    let last = run.requests().pop().unwrap();
    last["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["content"].as_array())
        .flatten()
        .filter(|block| block["type"] == "tool_result")
        .cloned()
        .collect()
}

/// No tool was blocked: only the results at `failing` are errors (the commands the scenario
/// makes fail), and none says a hook blocked or denied it (a hook's exit 2 comes back as
/// `PreToolUse:<tool> hook error`, a deny as its reason in an error result, a PostToolUse
/// block as a `hook blocking error`).
pub fn assert_no_tool_blocked(results: &[Value], failing: &[usize]) {
    for (n, result) in results.iter().enumerate() {
        let failed = result["is_error"] == true;
        assert_eq!(failed, failing.contains(&n), "result {n}: {result:#}");
        let content = result["content"].to_string().to_lowercase();
        for sign in ["hook error", "hook blocking", "blocked by", "denied"] {
            assert!(!content.contains(sign), "result {n}: {result:#}");
        }
    }
}

/// The index of the first model request the agent made after the one that was answered with
/// scenario step `step`: where context about that step's tool call arrives.
pub fn request_after_step(run: &HarnessRun, step: u64) -> u64 {
    let requests = run.report["requests"].as_array().unwrap();
    let answered = requests.iter().position(|r| r["step"] == step).unwrap();
    let next = requests
        .iter()
        .enumerate()
        .skip(answered + 1)
        .find(|(_, r)| r["kind"] == requests[answered]["kind"])
        .unwrap();
    next.0 as u64
}
