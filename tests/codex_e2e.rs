//! End to end with the real Codex CLI, driven by the shared harness
//! (`../shared/tools/codex-harness/run.py`: a scripted fake Responses API, the real client,
//! hooks logged). In the repository both end-to-end suites share (`tests/rules_repo`: three
//! patterns, a Cursor rule in `.cursor/rules` and a Copilot instructions file in
//! `.github/instructions` both scoped to `src/greet.txt`, an `AGENTS.md` and a `CLAUDE.md`),
//! the scripted model reads a file, runs the project's failing test runner, fixes the file
//! with `apply_patch` and runs the tests again. The report must show the universal pattern
//! reaching the model at SessionStart, the test-running pattern after the shell command, the
//! failure pattern after the failed run, both scoped rules (the Cursor rule by its `globs`,
//! the Copilot one by its `applyTo`) in the model's next request after the patch, the
//! `AGENTS.md` Codex loads itself never sent again by lore (the `CLAUDE.md` it does not load
//! is lore's to send), every hook Completed (Codex accepted every answer), and no tool
//! blocked. Once with the hooks registered as `lore --config <cfg> hook --codex` (trusted the
//! way `/hooks` persists it), once with the `.codex/hooks.json` that `lore init --codex`
//! writes, as is, with `lore` found on PATH.
//!
//! Needs `CODEX_BIN` (see `.ci/install-codex.sh`) and python3. Without them the tests say why
//! and pass; with `CI` set they fail instead, because CI installs the CLI.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod rules_repo;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::Workspace;
use rules_repo::{
    AGENTS_MD, CLAUDE_MD, COPILOT, COPILOT_RULE, CURSOR, CURSOR_RULE, FAILURE, SHELL, UNIVERSAL,
};
use serde_json::Value;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/codex")
}

/// The harness and the CLI, or `None` (after saying why) when the test should be skipped.
fn prerequisites() -> Option<(PathBuf, PathBuf)> {
    let run_py = common::shared_dir().join("tools/codex-harness/run.py");
    let codex = std::env::var_os("CODEX_BIN").map(PathBuf::from);
    let python = Command::new("python3").arg("--version").output();
    let missing = if !run_py.is_file() {
        Some(format!("the harness {} is not present", run_py.display()))
    } else if python.map(|o| !o.status.success()).unwrap_or(true) {
        Some("python3 is not available".to_string())
    } else {
        match &codex {
            None => Some(
                "CODEX_BIN is not set (export CODEX_BIN=\"$(.ci/install-codex.sh)\")".to_string(),
            ),
            Some(bin) if !bin.is_file() => {
                Some(format!("CODEX_BIN={} does not exist", bin.display()))
            }
            Some(_) => None,
        }
    };
    match missing {
        None => Some((run_py, codex.unwrap())),
        Some(why) => {
            common::skip("the Codex CLI end-to-end test", &why);
            None
        }
    }
}

/// The project every run starts from: a copy of the shared repository (`tests/rules_repo`),
/// then `lore init --codex` run in it, as a user would.
fn project_template() -> Workspace {
    let ws = rules_repo::copy();
    let init = ws.lore().args(["init", "--codex"]).output().unwrap();
    assert!(init.status.success(), "{}", common::stderr(&init));
    std::fs::remove_dir_all(ws.path(".env")).unwrap();
    ws
}

/// The `--events` list for the harness, read from the hooks.json `lore init --codex` wrote,
/// so the end-to-end run registers exactly what users get.
fn events_of(hooks_json: &Value) -> String {
    let hooks = hooks_json["hooks"].as_object().unwrap();
    hooks
        .iter()
        .map(|(event, groups)| {
            let group = &groups[0];
            assert_eq!(group["hooks"][0]["command"], "lore hook --codex");
            match group["matcher"].as_str() {
                Some(matcher) => format!("{event}={matcher}"),
                None => event.clone(),
            }
        })
        .collect::<Vec<_>>()
        .join(",")
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

/// Run the scenario with extra harness arguments (built from the work dir and the project
/// template) and return the parsed report.
fn run_harness(
    run_py: &Path,
    codex: &Path,
    extra: impl FnOnce(&Path, &Workspace) -> Vec<String>,
) -> HarnessRun {
    let template = project_template();
    let work = tempfile::tempdir().unwrap();
    let extra = extra(work.path(), &template);
    let runtime = work.path().join("runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    let output = common::without_lore_env(&mut Command::new("python3"))
        .arg(run_py)
        .arg(fixtures().join("typo_fix.json"))
        .arg("--codex")
        .arg(codex)
        .arg("--work")
        .arg(work.path())
        .arg("--project-template")
        .arg(template.root())
        .args(["--timeout", "120", "--quiet"])
        // A private ledger dir, so no other session's dedup state can hide an injection.
        .arg("--env")
        .arg(format!("XDG_RUNTIME_DIR={}", runtime.display()))
        // A private review inbox: a prompt's correction is never kept in the developer's.
        .arg("--env")
        .arg(format!(
            "XDG_STATE_HOME={}",
            work.path().join("state").display()
        ))
        .args(["--env", "LORE_DEBUG=1"])
        .args([UNIVERSAL, SHELL, FAILURE, CURSOR, COPILOT].map(|s| format!("--expect={s}")))
        .args(&extra)
        .env_remove("LORE_CONFIG")
        .env_remove("LORE_DEBUG")
        .env_remove("LORE_TRACE")
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
        "the harness run failed (the turn errored or an expected text never reached the model); \
         hook stderr is in {}/hooks.jsonl\n{:#}",
        run.work.path().display(),
        run.report
    );
    run
}

/// What every run must show from Codex's side: the turn completed, every hook Completed
/// (Codex accepted every answer: a rejected one shows as Failed), the scripted tools ran
/// unblocked, and each convention reached the model.
fn assert_codex_accepted_everything(run: &HarnessRun, allowed_warnings: &[&str]) {
    let report = &run.report;
    let runs = report["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{report:#}");
    assert_eq!(runs[0]["turn"], "completed", "{report:#}");
    assert_eq!(runs[0]["exit"], 0);
    assert_eq!(runs[0]["timed_out"], false);
    for warning in runs[0]["warnings"].as_array().unwrap() {
        let warning = warning.as_str().unwrap();
        assert!(
            allowed_warnings.iter().any(|w| warning.contains(w)),
            "unexpected warning from Codex: {warning}"
        );
    }
    let statuses = runs[0]["hook_status"].as_array().unwrap();
    assert!(statuses.len() >= 8, "hook calls: {statuses:?}");
    for status in statuses {
        assert!(
            status.as_str().unwrap().ends_with(" Completed"),
            "{status}: {statuses:?}"
        );
    }
    for expectation in report["expectations"].as_array().unwrap() {
        assert_eq!(expectation["found"], true, "{expectation:#}");
    }

    // The scripted tools all ran: the patch applied, and no tool output says it was blocked.
    let fixed = std::fs::read_to_string(run.project().join(rules_repo::EDITED)).unwrap();
    assert_eq!(fixed, "hello world\n");
    let last = run.requests().pop().unwrap();
    let outputs: Vec<String> = last["input"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| {
            item["type"]
                .as_str()
                .is_some_and(|t| t.ends_with("_output"))
        })
        .map(|item| item["output"].to_string())
        .collect();
    assert_eq!(outputs.len(), 4, "four tool calls ran: {outputs:#?}");
    for output in &outputs {
        assert!(!output.contains("blocked by"), "{output}");
    }
    assert!(outputs[1].contains("1 failed, 0 passed"), "{outputs:#?}");
    assert!(outputs[3].contains("1 passed, 0 failed"), "{outputs:#?}");

    // Each sentinel reached the model as a developer message, the way Codex delivers hook
    // context, and only the first time: the universal one at SessionStart, before the prompt.
    for needle in [UNIVERSAL, SHELL, FAILURE, CURSOR, COPILOT] {
        let expectation = report["expectations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["needle"] == needle)
            .unwrap();
        assert_eq!(
            expectation["where"]["item"], "message/developer",
            "{expectation:#}"
        );
    }
}

/// The single additionalContext a hook call injected.
fn injection(hook: &Value) -> &Value {
    let injected = hook["injected"].as_array().unwrap();
    assert_eq!(injected.len(), 1, "{hook:#}");
    assert_eq!(injected[0]["channel"], "additionalContext", "{hook:#}");
    assert_eq!(injected[0]["reached_model"], true, "{hook:#}");
    &injected[0]
}

/// The call id of the `n`-th tool call (0-based) the scripted model made.
fn call_id(run: &HarnessRun, n: usize) -> String {
    let last = run.requests().pop().unwrap();
    let calls: Vec<String> = last["input"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| {
            matches!(
                item["type"].as_str(),
                Some("function_call" | "custom_tool_call")
            )
        })
        .map(|item| item["call_id"].as_str().unwrap().to_string())
        .collect();
    calls[n].clone()
}

#[test]
fn hooks_registered_as_lore_hook_codex_inject_conventions_into_real_codex() {
    let Some((run_py, codex)) = prerequisites() else {
        return;
    };
    let lore = env!("CARGO_BIN_EXE_lore");
    let run = run_harness(&run_py, &codex, |work, template| {
        let hooks: Value = serde_json::from_str(
            &std::fs::read_to_string(template.path(".codex/hooks.json")).unwrap(),
        )
        .unwrap();
        vec![
            "--events".to_string(),
            events_of(&hooks),
            // Trusted as the `/hooks` review persists it: no bypass flag.
            "--trust".to_string(),
            "persist".to_string(),
            "--hook-exec".to_string(),
            format!(
                "{lore} --config {} hook --codex",
                work.join("project/lore.toml").display()
            ),
        ]
    });
    assert_codex_accepted_everything(&run, &[]);
    let report = &run.report;

    // Never break the agent: every call exits 0, and the only output is additionalContext
    // that reached the model.
    for hook in report["hooks"].as_array().unwrap() {
        assert_eq!(hook["exit_code"], 0, "{hook:#}");
        assert_eq!(hook["status"], "Completed", "{hook:#}");
        for injected in hook["injected"].as_array().unwrap() {
            assert_eq!(injected["channel"], "additionalContext", "{hook:#}");
            assert_eq!(injected["reached_model"], true, "{hook:#}");
        }
    }

    // SessionStart: the index (naming both scoped rules) and the universal pattern.
    let start = run.hooks("SessionStart", None);
    assert_eq!(start.len(), 1);
    let primed = injection(start[0])["needle"].as_str().unwrap().to_string();
    assert!(primed.contains(UNIVERSAL), "{primed}");
    for rule in [CURSOR_RULE, COPILOT_RULE] {
        assert!(primed.contains(rule), "{rule} listed: {primed}");
    }

    // Codex loads AGENTS.md itself (once per request, in its own message); lore never sends
    // it again. CLAUDE.md, which Codex does not load, lore sends once.
    let injected_texts: Vec<&str> = report["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|hook| hook["injected"].as_array().unwrap())
        .map(|injected| injected["needle"].as_str().unwrap_or_default())
        .collect();
    for text in &injected_texts {
        assert!(!text.contains(AGENTS_MD), "{text}");
    }
    let with_claude_md = injected_texts.iter().filter(|t| t.contains(CLAUDE_MD));
    assert_eq!(with_claude_md.count(), 1, "{injected_texts:#?}");
    for request in run.requests() {
        assert_eq!(request.to_string().matches(AGENTS_MD).count(), 1);
    }

    // The shell commands: `cat` only looks (nothing); the test run gets the test-running
    // pattern, and once it has failed (Codex says so only in its session record) the
    // failure pattern; the second, passing run gets nothing new.
    let bash = run.hooks("PreToolUse", Some("Bash"));
    assert_eq!(bash.len(), 3, "cat, the failing run, the passing run");
    assert_eq!(bash[0]["injected"], Value::Array(Vec::new()));
    let before_run = injection(bash[1]);
    assert!(before_run["needle"].as_str().unwrap().contains(SHELL));
    assert_eq!(
        bash[2]["injected"],
        Value::Array(Vec::new()),
        "deduplicated"
    );
    let after = run.hooks("PostToolUse", Some("Bash"));
    assert_eq!(after.len(), 3);
    let failure = injection(after[1]);
    assert!(failure["needle"].as_str().unwrap().contains(FAILURE));
    assert_eq!(failure["where"]["after_call"], call_id(&run, 1).as_str());
    for passing in [after[0], after[2]] {
        assert_eq!(passing["injected"], Value::Array(Vec::new()), "{passing:#}");
    }

    // The patch: both rules scoped to src/greet.txt (the Cursor rule by its `globs`, the
    // Copilot one by its `applyTo`), in the model's next request, right after the patch call
    // and before its output.
    let patches = run.hooks("PreToolUse", Some("apply_patch"));
    assert_eq!(patches.len(), 1);
    let scoped = injection(patches[0]);
    let text = scoped["needle"].as_str().unwrap();
    assert!(text.contains(CURSOR) && text.contains(COPILOT), "{text}");
    assert!(!text.contains(FAILURE), "{text}");
    let place = &scoped["where"];
    assert_eq!(place["after_call"], call_id(&run, 2).as_str(), "{place:#}");
    assert_eq!(place["before_call_output"], true, "{place:#}");
    let patch_step = report["requests"]
        .as_array()
        .unwrap()
        .iter()
        .position(|r| r["step"] == 2)
        .unwrap() as u64;
    assert_eq!(scoped["first_request"], patch_step + 1, "{scoped:#}");
}

/// PATH with this build's `lore` first, as the hooks file's `lore hook --codex` finds it.
fn path_with_lore() -> String {
    let lore_dir = Path::new(env!("CARGO_BIN_EXE_lore")).parent().unwrap();
    match std::env::var("PATH") {
        Ok(p) if !p.is_empty() => format!("{}:{p}", lore_dir.display()),
        _ => lore_dir.display().to_string(),
    }
}

#[test]
fn the_hooks_file_lore_init_codex_writes_runs_as_is_in_real_codex() {
    let Some((run_py, codex)) = prerequisites() else {
        return;
    };
    // No harness hooks: only the project's .codex/hooks.json from `lore init --codex` runs
    // (trust bypassed for this run: the harness cannot review hooks it did not write).
    let run = run_harness(&run_py, &codex, |_, _| {
        vec![
            "--no-hooks".to_string(),
            "--env".to_string(),
            format!("PATH={}", path_with_lore()),
            "--".to_string(),
            "--dangerously-bypass-hook-trust".to_string(),
        ]
    });
    assert_codex_accepted_everything(&run, &["--dangerously-bypass-hook-trust"]);
    let hooks: Value = serde_json::from_str(
        &std::fs::read_to_string(run.project().join(".codex/hooks.json")).unwrap(),
    )
    .unwrap();
    assert!(events_of(&hooks).contains("PreToolUse=apply_patch|Bash"));
    let statuses: Vec<&str> = run.report["runs"][0]["hook_status"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    for event in [
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUse",
    ] {
        assert!(
            statuses.iter().any(|s| s.starts_with(event)),
            "{event} ran: {statuses:?}"
        );
    }
}
