//! Learning from a correction with the real Claude Code CLI, through the shared harness (a
//! scripted model, the real client, every hook call and model request logged): in a
//! repository set up as a user would (git, lore.toml, a pattern about something else), the
//! agent logs with the stdlib `logging` and the user corrects it ("no, we use structlog in
//! this service, not the logging module"). The correction must become an inbox item with the
//! corrected call; `lore inbox accept` must write it as a learned pattern and commit it; and
//! in the next session, the same kind of call must bring that pattern to the model. Stop must
//! answer nothing and no tool may be blocked.
//!
//! Needs what `claude_e2e.rs` needs (`CLAUDE_BIN`, python3, the harness) and git; it skips (or
//! fails under `CI`) the same way.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod claude_support;
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use claude_support::{
    HarnessRun, assert_client_accepted_every_answer, prerequisites, run_harness, tool_results,
};
use common::{Workspace, git, stderr};
use serde_json::Value;

const EVENTS: &str = "SessionStart,UserPromptSubmit,PreToolUse=Edit|Write|Bash,Stop";
const LEARNED: &str = "use-structlog-in-this-service-not-the-logging-module.md";

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/claude")
        .join(rel)
}

/// A Python service with lore set up and committed.
fn repository() -> Workspace {
    let ws = Workspace::new();
    ws.pattern(
        "errors.md",
        "---\nlanguage: python\n---\n# Errors\n\nRaise domain errors from `app/errors.py`.\n",
    )
    .write(
        "pyproject.toml",
        "[project]\nname = \"shop\"\ndependencies = [\"structlog\"]\n",
    )
    .write(
        "app/services/refunds.py",
        "def refund(order_id):\n    return order_id\n",
    )
    .write(
        "app/services/chargebacks.py",
        "def chargeback(order_id):\n    return order_id\n",
    )
    .write(".gitignore", ".lore/\n.claude/\n");
    let out = ws.lore().arg("ingest").output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::remove_dir_all(ws.path(".env")).unwrap();
    git(ws.root(), &["init", "--quiet", "-b", "main"]);
    git(ws.root(), &["add", "--all"]);
    git(
        ws.root(),
        &["commit", "--quiet", "-m", "A shop with lore set up"],
    );
    ws
}

fn run(run_py: &Path, claude: &Path, scenario: &str, template: &Path) -> HarnessRun {
    let lore = env!("CARGO_BIN_EXE_lore");
    run_harness(run_py, claude, &fixture(scenario), template, |_| {
        vec![
            "--events".to_string(),
            EVENTS.to_string(),
            "--hook-exec".to_string(),
            format!("{lore} hook"),
        ]
    })
}

/// `lore` in a run's project, with the run's private state directory (its review inbox).
fn lore_in(run: &HarnessRun) -> Command {
    let mut cmd = common::lore_command();
    cmd.current_dir(run.project())
        .env("XDG_STATE_HOME", run.work.path().join("state"))
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1");
    cmd
}

#[test]
fn a_correction_is_reviewed_committed_and_injected_in_the_next_session() {
    let Some((run_py, claude)) = prerequisites() else {
        return;
    };
    let repo = repository();
    let first = run(&run_py, &claude, "learn_correction.json", repo.root());
    assert_eq!(
        first.report["result"]["subtype"], "success",
        "{:#}",
        first.report
    );
    assert_client_accepted_every_answer(&first);
    assert!(tool_results(&first).iter().all(|r| r["is_error"] != true));
    // Stop ran and answered nothing.
    let stops = first.hooks("Stop", None);
    assert!(!stops.is_empty(), "Stop fired");
    for stop in &stops {
        assert_eq!(stop["exit_code"], 0, "{stop:#}");
        assert_eq!(stop["injected"], Value::Array(Vec::new()), "{stop:#}");
    }

    // The correction waits in the inbox with the call it corrected.
    let out = lore_in(&first).args(["inbox", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(items.as_array().unwrap().len(), 1, "{items:#}");
    let item = &items[0];
    assert_eq!(
        item["rule"],
        "Use structlog in this service, not the logging module."
    );
    let action = &item["evidence"][0]["action"];
    assert_eq!(action["tool"], "Edit");
    assert_eq!(
        action["paths"],
        serde_json::json!(["app/services/refunds.py"])
    );
    assert_eq!(
        item["scope"]["paths"],
        serde_json::json!(["app/services/**/*.py"])
    );

    // Accepted: written, indexed and committed in the repository.
    let id = item["id"].as_str().unwrap();
    let out = lore_in(&first)
        .args(["inbox", "accept", id])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let learned = std::fs::read_to_string(first.project().join("patterns").join(LEARNED)).unwrap();
    assert!(learned.contains("\nlearned: \""), "{learned}");
    let log = git(&first.project(), &["log", "--format=%s", "-1"]);
    assert_eq!(
        log.trim(),
        "lore: add pattern \"Use structlog in this service, not the logging module\""
    );
    let tracked = git(&first.project(), &["ls-files", "patterns"]);
    assert!(tracked.contains(LEARNED), "{tracked}");

    // The next session, in the repository as it now is: the same kind of call gets it.
    let next = run(
        &run_py,
        &claude,
        "learn_next_session.json",
        &first.project(),
    );
    assert_client_accepted_every_answer(&next);
    // With the request that names the file (the prompt hook is in the project's languages),
    // or at the latest with the edit that logs: the learned rule reaches the model.
    let edits = next.hooks("PreToolUse", Some("Edit"));
    assert_eq!(edits.len(), 1);
    let prompts = next.hooks("UserPromptSubmit", None);
    let carrying: Vec<&Value> = prompts
        .iter()
        .chain(&edits)
        .filter_map(|hook| hook["injected"].as_array()?.first())
        .filter(|injected| {
            injected["needle"]
                .as_str()
                .is_some_and(|t| t.contains(&format!("patterns/{LEARNED}")))
        })
        .collect();
    let first = carrying.first().expect("the learned rule was injected");
    assert_eq!(first["reached_model"], true, "{first:#}");
    assert!(
        first["needle"]
            .as_str()
            .unwrap()
            .contains("Use structlog in this service, not the logging module."),
        "{first:#}"
    );
}
