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
mod rules_repo;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use common::{Workspace, stderr, stdout};
use serde_json::{Value, json};

const AGENTS: [&str; 7] = [
    "claude", "codex", "gemini", "copilot", "qwen", "cline", "opencode",
];

/// The repository both end-to-end suites use, with a `GEMINI.md`, lore set up for `agents`,
/// each agent's executable (a stand-in) on PATH and the folder trusted where agents ask.
fn installed(agents: &[&str]) -> Workspace {
    let ws = rules_repo::copy();
    ws.write(
        "GEMINI.md",
        "# Gemini\n\nE2E-GEMINI-MD: Gemini reads this itself.\n",
    );
    for agent in agents {
        let out = ws.lore().args(["init", "--agent", agent]).output().unwrap();
        assert!(out.status.success(), "{agent}: {}", stderr(&out));
    }
    for exe in AGENTS {
        ws.write(&format!(".env/bin/{exe}"), "#!/bin/sh\nexit 0\n");
        let path = ws.path(&format!(".env/bin/{exe}"));
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let repo = ws.root().canonicalize().unwrap();
    let repo = repo.to_str().unwrap();
    ws.write(
        ".env/home/.gemini/trustedFolders.json",
        &json!({ repo: "TRUST_FOLDER" }).to_string(),
    );
    ws.write(
        ".env/home/.copilot/config.json",
        &format!(
            "// managed by Copilot\n{}",
            json!({"trustedFolders": [repo]})
        ),
    );
    ws.write(
        ".env/home/.codex/config.toml",
        &format!("[projects.\"{repo}\"]\ntrust_level = \"trusted\"\n"),
    );
    ws
}

/// Replace `from` with `to` in the workspace file `rel`: seed a mistake.
fn edit(ws: &Workspace, rel: &str, from: &str, to: &str) {
    let path = ws.path(rel);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{rel} holds no {from:?}");
    std::fs::write(&path, text.replace(from, to)).unwrap();
}

/// PATH with the stand-in agents and, when `with_lore`, this build's lore.
fn path(ws: &Workspace, with_lore: bool) -> String {
    let lore = common::lore_command();
    let lore_dir = Path::new(lore.get_program()).parent().unwrap();
    let mut dirs = vec![ws.path(".env/bin").display().to_string()];
    if with_lore {
        dirs.push(lore_dir.display().to_string());
    }
    dirs.push("/usr/bin:/bin".into());
    dirs.join(":")
}

fn doctor(ws: &Workspace, with_lore: bool) -> (std::process::Output, Value) {
    let out = ws
        .lore()
        .args(["doctor", "--json"])
        .env("PATH", path(ws, with_lore))
        .env_remove("CLAUDE_CONFIG_DIR")
        .env_remove("CODEX_HOME")
        .env_remove("GEMINI_CLI_TRUST_WORKSPACE")
        .env_remove("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
        .output()
        .unwrap();
    let report: Value = serde_json::from_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", stdout(&out), stderr(&out)));
    (out, report)
}

/// The problems reported for `agent`, as `check: message` lines.
fn problems(report: &Value, agent: &str) -> Vec<String> {
    checks_of(report, agent, "problem")
}

/// The checks of `status` reported for `agent`, as `check: message` lines.
fn checks_of(report: &Value, agent: &str, status: &str) -> Vec<String> {
    report["agents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["agent"] == agent)
        .flat_map(|a| a["checks"].as_array().unwrap())
        .filter(|c| c["status"] == status)
        .map(|c| {
            format!(
                "{}: {}",
                c["check"].as_str().unwrap(),
                c["message"].as_str().unwrap()
            )
        })
        .collect()
}

/// Doctor must fail, and report for `agent` a problem of `check` whose message holds `words`.
fn assert_caught(ws: &Workspace, with_lore: bool, agent: &str, check: &str, words: &str) {
    let (out, report) = doctor(ws, with_lore);
    assert_eq!(out.status.code(), Some(1), "{report:#}");
    let found = problems(&report, agent);
    assert!(
        found
            .iter()
            .any(|p| p.starts_with(check) && p.contains(words)),
        "{agent}: no `{check}` problem with {words:?} in {found:#?}"
    );
}

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
fn a_lore_toml_that_cannot_be_used_is_told_apart_from_a_missing_one() {
    // `lore init` keeps an existing lore.toml: for a typo, it is no fix.
    let ws = installed(&["claude"]);
    let config = ws.path("lore.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{text}\n[hook]\ntool_budjet = 5000\n")).unwrap();
    let (out, report) = doctor(&ws, true);
    assert_eq!(out.status.code(), Some(1));
    let check = &report["checks"][0];
    assert_eq!(check["check"], "config");
    let message = check["message"].as_str().unwrap();
    assert!(message.contains("cannot be used"), "{message}");
    assert!(
        message.contains("lore.toml:") && message.contains("tool_budjet"),
        "{message}"
    );
    assert!(
        !check["fix"]
            .as_str()
            .unwrap()
            .starts_with("run `lore init`"),
        "{check}"
    );
    // The hooks answer only with the notice that lore is off: no second, wrong cause (its
    // channel) with a fix that fails on the same typo.
    assert!(problems(&report, "claude").is_empty(), "{report:#}");
    assert!(
        checks_of(&report, "claude", "warning")
            .iter()
            .any(|c| c.contains("not run")),
        "{report:#}"
    );

    // A path given by LORE_CONFIG that does not exist: the path is what to fix.
    let bare = Workspace::new();
    let out = bare
        .lore()
        .args(["doctor", "--json"])
        .env("LORE_CONFIG", bare.path("nowhere/lore.toml"))
        .output()
        .unwrap();
    let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let check = &report["checks"][0];
    assert!(
        check["message"]
            .as_str()
            .unwrap()
            .contains("cannot be used"),
        "{check}"
    );
}

#[test]
fn files_an_ingest_refuses_or_warns_about_are_named_every_time() {
    // An ingest says so once, when it reads the file; the doctor, whenever it runs.
    let ws = installed(&["claude"]);
    ws.write(
        "patterns/pooling.md",
        "---\ntags: [db]\npahts: [\"src/db/**\"]\n---\n# Pooling\n",
    );
    ws.write(
        ".cursor/rules/ui.mdc",
        "---\nalwaysApply: flase\n---\n# UI\n\nUse the design system.\n",
    );
    let first = ws.lore().arg("ingest").output().unwrap();
    assert!(
        !first.status.success(),
        "the pattern's error fails the ingest"
    );
    ws.lore().arg("ingest").output().unwrap();
    for _ in 0..2 {
        let (out, report) = doctor(&ws, true);
        assert_eq!(out.status.code(), Some(1));
        let issues = report["file_issues"].as_array().unwrap();
        let named = |file: &str, severity: &str| {
            issues
                .iter()
                .any(|i| i["file"] == file && i["severity"] == severity)
        };
        assert!(named("patterns/pooling.md", "error"), "{issues:#?}");
        assert!(named(".cursor/rules/ui.mdc", "warning"), "{issues:#?}");
        let files: Vec<&Value> = report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["check"] == "files")
            .collect();
        assert_eq!(files[0]["status"], "problem", "{files:#?}");
        assert!(
            files[0]["message"]
                .as_str()
                .unwrap()
                .contains("patterns/pooling.md:3"),
            "{files:#?}"
        );
    }
}

#[test]
fn an_index_behind_its_files_is_named_with_what_changed() {
    // A pattern edited, added or deleted after the last ingest is served in its indexed
    // version (or still served, deleted) until the next refresh. (With no agent registered:
    // the doctor runs each agent's session start first, which refreshes the index.)
    let ws = installed(&[]);
    ws.write("patterns/pooling.md", "# Pooling\n\nRelease the client.\n");
    ws.lore().arg("ingest").assert().success();
    let index_checks = |report: &Value| -> Vec<String> {
        report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["check"] == "index")
            .map(|c| c["message"].as_str().unwrap().to_string())
            .collect()
    };
    let (_, report) = doctor(&ws, true);
    assert!(index_checks(&report).is_empty(), "{report:#}");
    ws.write(
        "patterns/pooling.md",
        "# Pooling\n\nRelease the client in finally.\n",
    );
    ws.write("patterns/retries.md", "# Retries\n\nBack off.\n");
    let (out, report) = doctor(&ws, true);
    assert_eq!(out.status.code(), Some(0), "warnings, not a problem");
    let behind = index_checks(&report);
    assert_eq!(behind.len(), 1, "{report:#}");
    assert!(behind[0].contains("1 changed (pooling.md)"), "{behind:?}");
    assert!(behind[0].contains("1 added (retries.md)"), "{behind:?}");
    // A file an ingest would refuse is named as a problem of its own, not as one more file
    // for `lore ingest` to bring in (it would not).
    ws.write(
        "patterns/broken.md",
        "---\npaths: [\"src/**\"\n---\n# Broken\n",
    );
    let (_, report) = doctor(&ws, true);
    let behind = index_checks(&report);
    assert!(behind[0].contains("1 added (retries.md)"), "{behind:?}");
    assert!(!behind[0].contains("broken.md"), "{behind:?}");
    assert!(
        report["file_issues"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["file"].as_str().unwrap().ends_with("broken.md")),
        "{report:#}"
    );
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
fn a_pattern_whose_paths_match_no_file_is_named_with_its_glob() {
    let ws = installed(&["claude"]);
    let paths_check = |report: &Value| {
        report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["check"] == "paths")
            .cloned()
            .unwrap_or_else(|| panic!("no `paths` check: {report:#}"))
    };
    let (_, report) = doctor(&ws, true);
    assert_eq!(paths_check(&report)["status"], "ok", "{report:#}");
    // A pattern scoped to a folder the repository does not have (moved, renamed, a typo).
    ws.write(
        "patterns/storage-pool.md",
        "---\npaths: [\"src/legacy_storage/**\"]\n---\n# Storage pool\n\nBorrow from the pool.\n",
    );
    let ingest = ws.lore().arg("ingest").output().unwrap();
    assert!(ingest.status.success(), "{}", stderr(&ingest));
    let (out, report) = doctor(&ws, true);
    // A warning, not a problem: the pattern still comes by its words.
    assert_eq!(out.status.code(), Some(0), "{report:#}");
    let check = paths_check(&report);
    assert_eq!(check["status"], "warning");
    let message = check["message"].as_str().unwrap();
    assert!(
        message.contains("patterns/storage-pool.md") && message.contains("`src/legacy_storage/**`"),
        "{message}"
    );
    assert!(check["fix"].as_str().unwrap().contains("point each glob"));
    assert_eq!(report["unmatched_paths"][0]["source"], "storage-pool.md");
    assert_eq!(report["unmatched_paths"][0]["none_match"], true);
    // Once the folder holds a file, the glob is no longer reported.
    ws.write("src/legacy_storage/pool.rs", "pub struct Pool;\n");
    let (_, report) = doctor(&ws, true);
    assert_eq!(paths_check(&report)["status"], "ok", "{report:#}");
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

#[test]
fn the_index_is_checked_after_the_session_start_the_doctor_runs() {
    // A session start refreshes the index, the doctor's own run of one too: the files check
    // then says what the next session finds, not what the run just brought in.
    let ws = installed(&["claude"]);
    ws.write("patterns/retries.md", "# Retries\n\nBack off.\n");
    let (_, report) = doctor(&ws, true);
    let index: Vec<&Value> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["check"] == "index")
        .collect();
    assert!(index.is_empty(), "{index:?}");
    let out = ws.lore().args(["ingest", "--json"]).output().unwrap();
    let ingest: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        ingest["added"].as_array().map(Vec::len),
        Some(0),
        "{ingest}"
    );
}

#[test]
fn a_knowledge_dir_gone_from_the_checkout_is_a_problem_with_the_fix_that_works() {
    let ws = installed(&["claude"]);
    ws.lore().arg("ingest").assert().success();
    std::fs::rename(ws.path("patterns"), ws.path("conventions")).unwrap();
    let (out, report) = doctor(&ws, true);
    assert_eq!(out.status.code(), Some(1), "{report:#}");
    let files: Vec<&Value> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["check"] == "files")
        .collect();
    assert_eq!(files.len(), 1, "{report:#}");
    assert_eq!(files[0]["status"], "problem");
    assert!(
        files[0]["message"]
            .as_str()
            .unwrap()
            .contains("patterns does not exist"),
        "{report:#}"
    );
    assert!(
        files[0]["fix"].as_str().unwrap().contains("knowledge_dir"),
        "{report:#}"
    );
    // Not "the index is behind the files" with a fix (`lore ingest`) that fails.
    assert!(
        !report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["message"].as_str().unwrap().contains("behind")),
        "{report:#}"
    );
}
