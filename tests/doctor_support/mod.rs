//! Shared set-up for the `lore doctor` suites: the end-to-end repository with lore set up
//! for some agents and stand-ins for their executables, doctor run with or without lore on
//! PATH, and the checks its JSON report holds.

#![allow(dead_code)]
// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use serde_json::{Value, json};

use crate::common::{self, Workspace, stderr, stdout};
use crate::rules_repo;

pub const AGENTS: [&str; 7] = [
    "claude", "codex", "gemini", "copilot", "qwen", "cline", "opencode",
];

/// The repository both end-to-end suites use, with a `GEMINI.md`, lore set up for `agents`,
/// each agent's executable (a stand-in) on PATH and the folder trusted where agents ask.
pub fn installed(agents: &[&str]) -> Workspace {
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
pub fn edit(ws: &Workspace, rel: &str, from: &str, to: &str) {
    let path = ws.path(rel);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{rel} holds no {from:?}");
    std::fs::write(&path, text.replace(from, to)).unwrap();
}

/// PATH with the stand-in agents and, when `with_lore`, this build's lore.
pub fn path(ws: &Workspace, with_lore: bool) -> String {
    let lore = common::lore_command();
    let lore_dir = Path::new(lore.get_program()).parent().unwrap();
    let mut dirs = vec![ws.path(".env/bin").display().to_string()];
    if with_lore {
        dirs.push(lore_dir.display().to_string());
    }
    dirs.push("/usr/bin:/bin".into());
    dirs.join(":")
}

pub fn doctor(ws: &Workspace, with_lore: bool) -> (std::process::Output, Value) {
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
pub fn problems(report: &Value, agent: &str) -> Vec<String> {
    checks_of(report, agent, "problem")
}

/// The checks of `status` reported for `agent`, as `check: message` lines.
pub fn checks_of(report: &Value, agent: &str, status: &str) -> Vec<String> {
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
pub fn assert_caught(ws: &Workspace, with_lore: bool, agent: &str, check: &str, words: &str) {
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

/// The checks of lore itself (not of an agent) named `check` in a doctor report.
pub fn lore_checks<'a>(report: &'a Value, check: &str) -> Vec<&'a Value> {
    report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["check"] == check)
        .collect()
}
