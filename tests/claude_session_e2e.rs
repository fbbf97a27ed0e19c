//! A whole session with the real Claude Code CLI, through the shared harness (a scripted
//! model, the real client, every hook call and model request logged), in a repository set up
//! as a user would: a small React app (`package.json`, a few sources, a test runner) with
//! `git init`, `lore init` and `lore ingest`, and five patterns, each reaching the model by a
//! different kind of evidence or not at all: `testing.md` (`paths: ["tests/**"]`),
//! `react-components.md` (`technologies: [react]`), `javascript.md` (`language:
//! javascript`, longer than a pattern shown whole, its fetch section past the first 1,500
//! characters), `house-rules.md` (universal, `applies_when: ["Bash(npm test)"]`) and
//! `django-tests.md` (Django and Python: unrelated to this repository, though it shares words
//! with the calls).
//!
//! The scripted model edits the test file, writes a component that fetches, runs `ls`,
//! `git status` and a failing `npm test`. The requests the model received must show: the deep
//! section arriving as an excerpt right after the Write that needs it; every injection made
//! of patterns that call had evidence for (the Django pattern never, `ls` and `git status`
//! nothing); and nothing lore printed rejected by the client, no tool blocked.
//!
//! Needs what `claude_e2e.rs` needs (`CLAUDE_BIN`, python3, the harness), plus git and npm for
//! the scripted commands; it skips (or fails under `CI`) the same way. Failures print lore's
//! `LORE_DEBUG` trace of the call in question.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod claude_support;
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use claude_support::{
    HarnessRun, assert_after_tool_result, assert_client_accepted_every_answer,
    assert_no_tool_blocked, prerequisites, run_harness, tool_results,
};
use common::{Workspace, stderr, stdout};
use serde_json::Value;

/// Text found in one fixture pattern each.
const TESTS_GLOB: &str = "E2E-SENTINEL-TESTS-GLOB";
const REACT: &str = "E2E-SENTINEL-REACT";
const DEEP: &str = "E2E-SENTINEL-DEEP-SECTION";
const UNIVERSAL: &str = "E2E-SENTINEL-UNIVERSAL";
const DJANGO: &str = "E2E-SENTINEL-DJANGO";

/// The line after a pattern shown in part (`services::render`).
const EXCERPT_NOTE: &str = "[Excerpt: the sections that apply; the file has more.]";

const EVENTS: &str =
    "SessionStart,UserPromptSubmit,PreToolUse=Edit|Write|Bash,PostToolUseFailure=Bash,PostCompact";

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/claude")
        .join(rel)
}

/// The repository the session runs in: the fixture's files, committed to git, then
/// `lore init` (a closed Ollama port, so full text only, as in every test) and `lore ingest`.
fn repository() -> Workspace {
    let ws = Workspace::copy_of(&fixture("session"));
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args([
                "-c",
                "user.name=lore-e2e",
                "-c",
                "user.email=e2e@example.com",
            ])
            .args(args)
            .current_dir(ws.root())
            .env("HOME", ws.path(".env/home"))
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {}", stderr(&out));
    };
    git(&["init", "--quiet"]);

    let init = ws
        .lore()
        .args(["init", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(init.status.success(), "lore init: {}", stderr(&init));
    assert!(
        stdout(&init).starts_with("indexed 5 patterns into "),
        "{}",
        stdout(&init)
    );
    let ingest = ws.lore().args(["ingest", "--json"]).output().unwrap();
    assert!(ingest.status.success(), "lore ingest: {}", stderr(&ingest));
    let report: Value = serde_json::from_slice(&ingest.stdout).unwrap();
    assert_eq!(report["unchanged"], 5, "{report:#}");
    assert_eq!(report["errors"], Value::Array(Vec::new()), "{report:#}");

    // The per-test HOME and XDG dirs stay out of the repository the client sees.
    std::fs::remove_dir_all(ws.path(".env")).unwrap();
    git(&["add", "--all"]);
    git(&["commit", "--quiet", "-m", "A greeter app with lore set up"]);
    ws
}

/// The commands the scripted model runs; absent ones would change what the session shows.
fn commands_present() -> bool {
    for tool in ["git", "npm"] {
        let found = Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !found {
            common::skip(
                "the Claude Code session test",
                &format!("`{tool}` is not on PATH"),
            );
            return false;
        }
    }
    true
}

/// One hook call: what it was, as the report sums it up, and as the probe logged it.
struct Call {
    /// `<event>:<Bash command>` or `<event>:<tool name>` (`SessionStart:` for none).
    what: String,
    row: Value,
    log: Value,
}

impl Call {
    /// What the call injected (empty when nothing).
    fn text(&self) -> &str {
        match self.row["injected"].as_array().unwrap().as_slice() {
            [] => "",
            [one] => one["needle"].as_str().unwrap(),
            more => panic!("several outputs: {more:?}"),
        }
    }

    /// The pattern files whose blocks the injection holds (`## patterns/<file>` headings).
    fn patterns(&self) -> Vec<&str> {
        self.text()
            .lines()
            .filter_map(|line| line.strip_prefix("## patterns/"))
            .collect()
    }

    /// The call, its output and lore's trace of its decisions, for failure messages.
    fn explain(&self) -> String {
        format!(
            "{} {}\ninjected:\n{}\nLORE_DEBUG trace:\n{}",
            self.what,
            self.log["payload"]["tool_input"],
            self.text(),
            self.log["stderr"].as_str().unwrap_or_default()
        )
    }
}

/// The run's hook calls in order: the report's rows beside the probe's log lines (the same
/// calls, in the same order).
fn calls(run: &HarnessRun) -> Vec<Call> {
    let rows = run.report["hooks"].as_array().unwrap();
    let log = run.hook_log();
    assert_eq!(rows.len(), log.len());
    rows.iter()
        .zip(log)
        .map(|(row, log)| {
            assert_eq!(row["event"], log["event"]);
            let event = row["event"].as_str().unwrap();
            let what = match log["payload"]["tool_input"]["command"].as_str() {
                Some(command) => format!("{event}:{command}"),
                None => format!("{event}:{}", row["tool_name"].as_str().unwrap_or("")),
            };
            Call {
                what,
                row: row.clone(),
                log,
            }
        })
        .collect()
}

/// The one call that is `what`.
fn find<'a>(calls: &'a [Call], what: &str) -> &'a Call {
    let found: Vec<&Call> = calls.iter().filter(|c| c.what == what).collect();
    let all: Vec<&str> = calls.iter().map(|c| c.what.as_str()).collect();
    assert_eq!(found.len(), 1, "{what} in {all:?}");
    found[0]
}

/// `lore extract-queries --json` on one logged payload, run in the session's project: what the
/// hook searched for that call, each candidate pattern and why it was kept or dropped.
fn extract_queries(run: &HarnessRun, payload: &Value) -> Value {
    let out = assert_cmd::Command::from_std(common::lore_command())
        .args(["extract-queries", "--json"])
        .current_dir(run.project())
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    assert!(out.status.success(), "extract-queries: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_session_in_an_initialised_repository_gets_each_convention_on_its_evidence() {
    let Some((run_py, claude)) = prerequisites() else {
        return;
    };
    if !commands_present() {
        return;
    }
    // The fixture's premise: the promises section starts past the first 1,500 characters of
    // a pattern too long to be shown whole, so only a section excerpt can bring it; and the
    // section is itself longer than a pattern's room (1,200), the rule the Write needs at its
    // end, so only a cut around the Write's words (not at the section's head) can carry it.
    let style = std::fs::read_to_string(fixture("session/patterns/javascript.md")).unwrap();
    let section = style.find("## Promises in async code").unwrap();
    assert!(section > 1_500);
    assert!(style.find(DEEP).unwrap() > section + 1_200);
    assert!(style.len() - section > 1_200);

    let repo = repository();
    let lore = env!("CARGO_BIN_EXE_lore");
    let run = run_harness(
        &run_py,
        &claude,
        &fixture("session_scenario.json"),
        repo.root(),
        |_| {
            let mut args = vec![
                "--events".to_string(),
                EVENTS.to_string(),
                // No --config: lore finds the repository's lore.toml from the payload's cwd.
                "--hook-exec".to_string(),
                format!("{lore} hook"),
            ];
            args.extend([TESTS_GLOB, REACT, DEEP, UNIVERSAL].map(|s| format!("--expect={s}")));
            args
        },
    );
    assert_eq!(
        run.report["result"]["subtype"], "success",
        "{:#}",
        run.report
    );
    // Every tool ran: the Edit and the Write are on disk.
    let test_file = std::fs::read_to_string(run.project().join("tests/button.test.js")).unwrap();
    assert!(test_file.contains("formatLabel('  save')"), "{test_file}");
    assert!(run.project().join("src/components/Greeting.jsx").is_file());

    let calls = calls(&run);
    assert_nothing_rejected_nor_blocked(&run, &calls);
    assert_the_deep_section_comes_with_the_write(&run, &calls);
    assert_each_injection_has_evidence(&run, &calls);
}

/// (c) Every call exited 0 and answered only through additionalContext, which reached the
/// model; the client recorded each call as a success and accepted each context; every tool
/// result but the failing `npm test` is a success, none a hook's error.
fn assert_nothing_rejected_nor_blocked(run: &HarnessRun, calls: &[Call]) {
    for c in calls {
        assert_eq!(c.row["exit_code"], 0, "{}", c.explain());
        for injected in c.row["injected"].as_array().unwrap() {
            assert_eq!(injected["channel"], "additionalContext", "{}", c.explain());
            assert_eq!(injected["reached_model"], true, "{}", c.explain());
        }
    }
    assert_client_accepted_every_answer(run);
    let results = tool_results(run);
    assert_eq!(results.len(), 5, "Edit, Write, ls, git status, npm test");
    assert_no_tool_blocked(&results, &[4]);
    find(calls, "PostToolUseFailure:npm test");
}

/// (a) The promises section reaches the model right after the Write that needs it, as an
/// excerpt of the language pattern, and not before: no earlier call had its words.
fn assert_the_deep_section_comes_with_the_write(run: &HarnessRun, calls: &[Call]) {
    let write = find(calls, "PreToolUse:Write");
    assert!(write.text().contains(DEEP), "{}", write.explain());
    let block = write
        .text()
        .split("## patterns/javascript.md")
        .nth(1)
        .unwrap();
    assert!(block.contains(EXCERPT_NOTE), "{}", write.explain());
    // The passage, not just the file: the section's heading, then its end that holds the
    // Write's words (AbortController, signal, abort), its unrelated head left out.
    assert!(
        block.contains("## Promises in async code: cancel and catch"),
        "{}",
        write.explain()
    );
    assert!(block.contains("[…]"), "{}", write.explain());
    assert!(
        !block.contains("Independent requests start together"),
        "{}",
        write.explain()
    );
    assert_after_tool_result(run, &write.row["injected"][0], "Write");
    let reached = run
        .requests()
        .iter()
        .any(|r| r.to_string().contains("call `abort()` when"));
    assert!(reached, "the rule's sentence never reached the model");
    let first = calls.iter().find(|c| c.text().contains(DEEP)).unwrap();
    assert_eq!(first.what, "PreToolUse:Write", "{}", first.explain());
}

/// (b) Each call injects only patterns it has evidence for: the `paths` glob on the test
/// file, the technology on the component, the universal rule on the command it names; nothing
/// on read-only commands; the Django pattern never, though it shares the failure's words.
fn assert_each_injection_has_evidence(run: &HarnessRun, calls: &[Call]) {
    let edit = find(calls, "PreToolUse:Edit");
    assert!(
        edit.text().contains(TESTS_GLOB),
        "paths: {}",
        edit.explain()
    );
    // The project's technology: with the request that asks for a component (the prompt hook
    // is in the project's languages and technologies), or at the latest with its Write.
    let write = find(calls, "PreToolUse:Write");
    let prompt = find(calls, "UserPromptSubmit:");
    assert!(
        prompt.text().contains(REACT) || write.text().contains(REACT),
        "technology: {}\n{}",
        prompt.explain(),
        write.explain()
    );
    let npm_test = find(calls, "PreToolUse:npm test");
    let universal = npm_test.text().contains(UNIVERSAL);
    assert!(universal, "applies_when: {}", npm_test.explain());

    let mut django_candidate_in = Vec::new();
    for c in calls {
        let allowed: &[&str] = match c.what.as_str() {
            // The session's index lists every pattern, one line each; only the universal one
            // comes whole.
            "SessionStart:" => &["house-rules.md"],
            // No file: the project's languages (JavaScript), never Python's Django pattern.
            "UserPromptSubmit:" => &["react-components.md", "testing.md", "javascript.md"],
            "PreToolUse:Edit" => &["testing.md", "javascript.md"],
            "PreToolUse:Write" => &["react-components.md", "javascript.md"],
            // Read-only commands: no convention is about them.
            "PreToolUse:ls src/components" | "PreToolUse:git status --short" => &[],
            "PreToolUse:npm test" => &["house-rules.md", "testing.md"],
            "PostToolUseFailure:npm test" => &["testing.md", "javascript.md"],
            _ => panic!("unexpected hook call: {}", c.explain()),
        };
        for pattern in c.patterns() {
            assert!(
                allowed.contains(&pattern),
                "{pattern} without evidence for it: {}",
                c.explain()
            );
        }
        if c.what != "SessionStart:" {
            assert!(!c.text().contains("django"), "{}", c.explain());
        }
        // What the hook decided, as `lore extract-queries` reports it for the same payload:
        // the read-only commands search nothing, and no call keeps the Django pattern.
        let audit = extract_queries(run, &c.log["payload"]);
        if allowed.is_empty() {
            assert_eq!(c.text(), "", "{}", c.explain());
            assert!(audit["skipped"].is_string(), "{}: {audit:#}", c.what);
        }
        let django = audit["candidates"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|candidate| candidate["source"] == "django-tests.md");
        if let Some(django) = django {
            assert_ne!(django["verdict"], "kept", "{}: {audit:#}", c.what);
            django_candidate_in.push(c.what.as_str());
        }
    }
    // The fixture's premise: the Django pattern shares the failure's words (assertion,
    // expected, actual values), so only its scoping keeps it out.
    assert!(
        django_candidate_in.contains(&"PostToolUseFailure:npm test"),
        "{django_candidate_in:?}"
    );
    for (n, request) in run.requests().iter().enumerate() {
        assert!(
            !request.to_string().contains(DJANGO),
            "request {n} holds the Django pattern"
        );
    }
}
