//! `lore doctor`'s checks of lore itself, through the binary: a lore.toml that cannot be
//! used told apart from a missing one, files an ingest refuses or warns about named on every
//! run, an index behind its files, `paths` globs that match no file, the index checked after
//! the session start doctor runs, and a knowledge dir gone from the checkout.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod doctor_support;
mod rules_repo;

use common::{Workspace, stderr, stdout};
use doctor_support::{checks_of, doctor, installed, lore_checks, problems};
use serde_json::Value;

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
        let files: Vec<&Value> = lore_checks(&report, "files");
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
fn the_index_is_checked_after_the_session_start_the_doctor_runs() {
    // A session start refreshes the index, the doctor's own run of one too: the files check
    // then says what the next session finds, not what the run just brought in.
    let ws = installed(&["claude"]);
    ws.write("patterns/retries.md", "# Retries\n\nBack off.\n");
    let (_, report) = doctor(&ws, true);
    let index: Vec<&Value> = lore_checks(&report, "index");
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
    let files: Vec<&Value> = lore_checks(&report, "files");
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
