//! `lore doctor` through the binary: it passes on a correct install of each of the seven
//! agents (the registration `lore init --agent NAME` writes, the folder trusted where the
//! agent asks for that, the agents' executables and lore on PATH), and catches each seeded
//! mistake with exit status 1 and a line naming it and its fix: lore missing from PATH,
//! seconds written where Gemini reads milliseconds, a Copilot hook that can fail, a folder
//! Copilot does not trust, a reply field the agent ignores, an instruction file sent twice,
//! a Copilot event in the camelCase form that names no event, and, from Claude Code's
//! transcript, an injection of the last session that timed out.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod doctor_support;
mod rules_repo;

use std::path::Path;

use common::stdout;
use doctor_support::{AGENTS, assert_caught, checks_of, doctor, edit, installed, path, problems};
use serde_json::{Value, json};

#[test]
fn a_correct_install_of_each_agent_passes() {
    for agent in AGENTS {
        let ws = installed(&[agent]);
        let (out, report) = doctor(&ws, true);
        let entry = report["agents"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["agent"] == agent)
            .unwrap();
        assert_eq!(entry["registered"], true, "{agent}");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{agent}: {:#?}",
            problems(&report, agent)
        );
        assert_eq!(report["problems"], 0);
        // What `lore init` wrote draws no warning about its events or matchers either.
        let warned: Vec<String> = checks_of(&report, agent, "warning")
            .into_iter()
            .filter(|w| w.starts_with("events") || w.starts_with("matcher"))
            .collect();
        assert!(warned.is_empty(), "{agent}: {warned:#?}");
        // Every registered event was run, and what the session start printed was read.
        let runs: Vec<&Value> = entry["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["check"].as_str().unwrap().starts_with("run "))
            .collect();
        assert_eq!(
            runs.len(),
            entry["registrations"].as_array().unwrap().len(),
            "{agent}: {runs:#?}"
        );
        // The instruction files the agent loads itself are named, and none is sent again.
        for file in entry["instruction_files"].as_array().unwrap() {
            assert_eq!(file["lore_sends"], false, "{agent}: {file}");
        }
        let others = report["agents"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["agent"] != agent);
        assert!(others.into_iter().all(|a| a["registered"] == false));
    }
}

#[test]
fn the_agent_loads_its_own_files_and_lore_says_it_leaves_them_out() {
    let ws = installed(&["gemini", "codex"]);
    let (_, report) = doctor(&ws, true);
    let files = |agent: &str| -> Vec<String> {
        report["agents"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["agent"] == agent)
            .unwrap()["instruction_files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["file"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(files("gemini"), ["GEMINI.md"]);
    assert_eq!(files("codex"), ["AGENTS.md"]);
}

#[test]
fn a_claude_install_from_before_lore_listened_to_search_answers_and_stops_is_told_to_update() {
    let ws = installed(&["claude"]);
    let settings = ws.path(".claude/settings.json");
    let mut hooks: Value =
        serde_json::from_str(&std::fs::read_to_string(&settings).unwrap()).unwrap();
    let registered = hooks["hooks"].as_object_mut().unwrap();
    registered.remove("PostToolUse").unwrap();
    registered.remove("Stop").unwrap();
    std::fs::write(&settings, hooks.to_string()).unwrap();
    let (_, report) = doctor(&ws, true);
    let warned = checks_of(&report, "claude", "warning");
    for (event, what) in [("PostToolUse", "MCP search"), ("Stop", "lore review")] {
        assert!(
            warned.iter().any(|w| w.starts_with("events")
                && w.contains(&format!("no lore hook on {event}"))
                && w.contains(what)),
            "{event}: {warned:#?}"
        );
    }
}

#[test]
fn lore_missing_from_path_is_caught() {
    let ws = installed(&["gemini"]);
    assert_caught(&ws, false, "gemini", "lore", "not on PATH");
    // Copilot's hooks end in `|| true`: without lore they answer nothing and exit 0, which
    // is no sign of an empty index nor of an answer in order. They are not run.
    let ws = installed(&["copilot"]);
    let (_, report) = doctor(&ws, false);
    let runs: Vec<&Value> = report["agents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["agent"] == "copilot")
        .flat_map(|a| a["checks"].as_array().unwrap())
        .filter(|c| c["check"].as_str().unwrap().starts_with("run"))
        .collect();
    assert_eq!(runs.len(), 1, "{runs:#?}");
    assert!(
        runs[0]["message"].as_str().unwrap().starts_with("not run"),
        "{runs:#?}"
    );
}

#[test]
fn seconds_written_where_gemini_reads_milliseconds_are_caught() {
    let ws = installed(&["gemini"]);
    edit(&ws, ".gemini/settings.json", "30000", "30");
    assert_caught(&ws, true, "gemini", "timeout", "read in milliseconds");
}

#[test]
fn a_copilot_hook_that_can_fail_is_caught() {
    let ws = installed(&["copilot"]);
    edit(&ws, ".github/hooks/lore.json", " || true", "");
    assert_caught(&ws, true, "copilot", "guard", "denies a tool");
}

#[test]
fn a_folder_copilot_does_not_trust_is_caught() {
    let ws = installed(&["copilot"]);
    std::fs::remove_file(ws.path(".env/home/.copilot/config.json")).unwrap();
    assert_caught(
        &ws,
        true,
        "copilot",
        "trust",
        "skips the repository's hooks",
    );
    // The user-level registration needs no trust.
    std::fs::remove_dir_all(ws.path(".github/hooks")).unwrap();
    ws.lore()
        .args(["init", "--agent", "copilot", "--user"])
        .assert()
        .success();
    let (out, report) = doctor(&ws, true);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{:#?}",
        problems(&report, "copilot")
    );
}

#[test]
fn a_reply_field_the_agent_ignores_is_caught() {
    // Claude Code's hook command registered for Copilot answers in hookSpecificOutput.
    let ws = installed(&["copilot"]);
    edit(
        &ws,
        ".github/hooks/lore.json",
        "lore hook --harness copilot",
        "lore hook",
    );
    assert_caught(&ws, true, "copilot", "run SessionStart", "does not read");
}

#[test]
fn an_instruction_file_sent_twice_is_caught() {
    // Claude Code's hook command registered for Gemini leaves out CLAUDE.md, not GEMINI.md.
    let ws = installed(&["gemini"]);
    edit(
        &ws,
        ".gemini/settings.json",
        "lore hook --harness gemini",
        "lore hook",
    );
    assert_caught(&ws, true, "gemini", "instruction files", "GEMINI.md");
}

#[test]
fn a_package_s_own_agents_md_is_not_taken_for_the_root_one() {
    // The session start names `packages/web/AGENTS.md`; the root `AGENTS.md` the agent loads
    // itself is still left out, and the doctor must not read the one name in the other.
    for agent in ["claude", "codex"] {
        let ws = installed(&[agent]);
        ws.write(
            "packages/web/AGENTS.md",
            "# Web package\n\nEvery page exports its loader.\n",
        );
        ws.lore().args(["ingest"]).assert().success();
        let (out, report) = doctor(&ws, true);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{agent}: {:#?}",
            problems(&report, agent)
        );
    }
}

#[test]
fn a_camel_case_copilot_event_is_caught() {
    let ws = installed(&["copilot"]);
    edit(
        &ws,
        ".github/hooks/lore.json",
        "\"PostToolUse\"",
        "\"postToolUse\"",
    );
    assert_caught(&ws, true, "copilot", "events", "camelCase");
}

#[test]
fn an_injection_of_the_last_claude_session_that_timed_out_is_caught() {
    let ws = installed(&["claude"]);
    let repo = ws.root().canonicalize().unwrap();
    let folder: String = repo
        .display()
        .to_string()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let answer = json!({"hookSpecificOutput": {"hookEventName": "SessionStart",
        "additionalContext": "E2E-UNIVERSAL: answer in short sentences."}});
    let lines = [
        json!({"type": "attachment", "attachment": {"type": "hook_success", "hookEvent": "SessionStart",
            "command": "lore hook", "stdout": answer.to_string()}}),
        json!({"type": "attachment", "attachment": {"type": "hook_additional_context",
            "hookEvent": "SessionStart", "content": ["E2E-UNIVERSAL: answer in short sentences."]}}),
        json!({"type": "attachment", "attachment": {"type": "hook_cancelled", "hookEvent": "PreToolUse",
            "command": "lore hook", "timedOut": true, "timeoutMs": 10000}}),
    ];
    let text: Vec<String> = lines.iter().map(Value::to_string).collect();
    ws.write(
        &format!(".env/home/.claude/projects/{folder}/s1.jsonl"),
        &(text.join("\n") + "\n"),
    );
    assert_caught(
        &ws,
        true,
        "claude",
        "last session",
        "timed out after 10000 ms",
    );
    let (_, report) = doctor(&ws, true);
    let claude = report["agents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["agent"] == "claude")
        .unwrap();
    assert_eq!(claude["last_session"]["reached"], 1);
    assert_eq!(claude["last_session"]["injections"], 2);
}

#[test]
fn the_text_report_names_each_problem_and_its_fix() {
    let ws = installed(&["copilot"]);
    edit(&ws, ".github/hooks/lore.json", " || true", "");
    let out = ws
        .lore()
        .arg("doctor")
        .env("PATH", path(&ws, true))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let timing = regex::Regex::new(r"in \d+ ms of the").unwrap();
    let lore = common::lore_command();
    let lore_dir = Path::new(lore.get_program())
        .parent()
        .unwrap()
        .display()
        .to_string();
    let text = timing
        .replace_all(&stdout(&out), "in [N] ms of the")
        .replace(&lore_dir, "[LORE]");
    insta::assert_snapshot!(ws.filter(&text));
}

#[test]
fn a_repository_where_no_agent_runs_lore_is_warned_about() {
    let agents_check = |report: &Value| {
        report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["check"] == "agents")
            .cloned()
    };
    // `lore init` alone: the index is built, but no agent would ever be given a rule.
    let bare = installed(&[]);
    let (out, report) = doctor(&bare, true);
    assert_eq!(out.status.code(), Some(0), "a warning, not a failure");
    let check = agents_check(&report).expect("the missing registration is named");
    assert_eq!(check["status"], "warning");
    assert!(
        check["fix"].as_str().unwrap().contains("lore init --agent"),
        "{check}"
    );
    // One agent registered: nothing to warn about.
    let (_, report) = doctor(&installed(&["codex"]), true);
    assert!(agents_check(&report).is_none(), "{report}");
}
