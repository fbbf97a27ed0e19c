//! `lore init --codex` through the binary: lore's Codex hooks land in `.codex/hooks.json` on a
//! fresh repository, merge into an existing file without losing anything, a second run changes
//! nothing, invalid JSON is reported and left alone, the user is told how Codex trusts
//! project hooks, and no trust setting is ever written.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use common::{Workspace, stderr};
use serde_json::{Value, json};

const HOOKS_FILE: &str = ".codex/hooks.json";
const COMMAND: &str = "lore hook --codex";

/// The events, matchers and timeouts lore registers for Codex.
const EXPECTED: &[(&str, Option<&str>, u64)] = &[
    ("SessionStart", None, 30),
    ("UserPromptSubmit", None, 10),
    ("PreToolUse", Some("apply_patch|Bash"), 10),
    ("PostToolUse", Some("Bash"), 10),
    ("SubagentStart", None, 10),
    ("Stop", None, 10),
];

fn init(ws: &Workspace, flags: &[&str]) -> std::process::Output {
    ws.lore().arg("init").args(flags).output().unwrap()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// lore's groups registered for `event`.
fn lore_groups<'a>(hooks: &'a Value, event: &str) -> Vec<&'a Value> {
    hooks["hooks"][event]
        .as_array()
        .map(|groups| {
            groups
                .iter()
                .filter(|g| g["hooks"][0]["command"] == COMMAND)
                .collect()
        })
        .unwrap_or_default()
}

fn assert_lore_registered(hooks: &Value) {
    for (event, matcher, timeout) in EXPECTED {
        let groups = lore_groups(hooks, event);
        assert_eq!(groups.len(), 1, "{event}: {hooks:#}");
        assert_eq!(groups[0]["matcher"].as_str(), *matcher, "{event}");
        assert_eq!(
            groups[0]["hooks"],
            json!([{"type": "command", "command": COMMAND, "timeout": timeout}]),
            "{event}"
        );
    }
}

#[test]
fn fresh_repository_gets_exactly_lores_codex_hooks_and_the_trust_steps() {
    let ws = Workspace::bare();
    let out = init(&ws, &["--codex"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let hooks = read_json(&ws.path(HOOKS_FILE));
    assert_lore_registered(&hooks);
    assert_eq!(hooks.as_object().unwrap().len(), 1, "only `hooks`: {hooks}");
    assert_eq!(hooks["hooks"].as_object().unwrap().len(), EXPECTED.len());
    assert!(
        ws.path("lore.toml").is_file(),
        "init still writes lore.toml"
    );

    let err = stderr(&out);
    assert!(err.contains("created .codex/hooks.json"), "{err}");
    assert!(err.contains("`/hooks`"), "names the review command: {err}");
    assert!(err.contains("trusted project"), "{err}");
    // Trust stays the user's decision: no Codex config is written anywhere, no Claude file.
    for path in [".codex/config.toml", ".env/home/.codex", ".claude"] {
        assert!(!ws.path(path).exists(), "{path} was written");
    }
}

#[test]
fn an_existing_hooks_file_keeps_its_keys_hooks_and_order() {
    let ws = Workspace::bare();
    let original = r#"{
  "description": "team hooks",
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./scripts/guard.sh", "timeout": 5}]}
    ],
    "Stop": [
      {"hooks": [{"type": "command", "command": "notify-send done"}]}
    ]
  }
}
"#;
    ws.write(HOOKS_FILE, original);
    let out = init(&ws, &["--codex"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(ws.path(HOOKS_FILE)).unwrap();
    let hooks: Value = serde_json::from_str(&text).unwrap();
    let before: Value = serde_json::from_str(original).unwrap();
    assert_eq!(hooks["description"], before["description"]);
    // The user's Stop hook stays first; lore's (which never answers) is added after it.
    let stop = hooks["hooks"]["Stop"].as_array().unwrap();
    assert_eq!(stop.len(), 2, "{stop:#?}");
    assert_eq!(stop[0], before["hooks"]["Stop"][0]);
    let pre = hooks["hooks"]["PreToolUse"].as_array().unwrap();
    assert_eq!(pre.len(), 2, "the guard stays and lore's entry is added");
    assert_eq!(pre[0], before["hooks"]["PreToolUse"][0]);
    assert_lore_registered(&hooks);
    let position = |needle: &str| text.find(needle).unwrap_or_else(|| panic!("{needle}"));
    assert!(position("\"description\"") < position("\"hooks\""));
    assert!(position("\"Stop\"") < position("\"SessionStart\""));
    assert!(
        stderr(&out).contains("registered lore's hooks in .codex/hooks.json for SessionStart"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn running_twice_changes_nothing() {
    let ws = Workspace::bare();
    assert!(init(&ws, &["--codex"]).status.success());
    let first = std::fs::read(ws.path(HOOKS_FILE)).unwrap();
    let out = init(&ws, &["--codex"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("left unchanged"), "{}", stderr(&out));
    assert_eq!(std::fs::read(ws.path(HOOKS_FILE)).unwrap(), first);
}

#[test]
fn only_a_codex_registration_counts_and_both_harnesses_can_be_set_up() {
    let ws = Workspace::bare();
    // The user's own Codex registration (another spelling, another path) is kept as is; lore's
    // Claude Code command in Codex's file is not its Codex hook, so the Codex one is added.
    ws.write(
        HOOKS_FILE,
        r#"{"hooks": {
  "PreToolUse": [{"hooks": [{"type": "command", "command": "/opt/bin/lore --config /etc/lore.toml hook --harness codex"}]}],
  "SessionStart": [{"hooks": [{"type": "command", "command": "lore hook"}]}]
}}"#,
    );
    let out = init(&ws, &["--codex", "--claude"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let hooks = read_json(&ws.path(HOOKS_FILE));
    let pre = hooks["hooks"]["PreToolUse"].as_array().unwrap();
    assert_eq!(pre.len(), 1, "kept as is: {pre:?}");
    let start = hooks["hooks"]["SessionStart"].as_array().unwrap();
    assert_eq!(start.len(), 2, "{start:?}");
    assert_eq!(lore_groups(&hooks, "SessionStart").len(), 1);
    let settings = read_json(&ws.path(".claude/settings.json"));
    assert_eq!(
        settings["hooks"]["SessionStart"][0]["hooks"][0]["command"],
        "lore hook"
    );
}

#[test]
fn invalid_json_is_an_error_and_the_file_is_left_alone() {
    let ws = Workspace::bare();
    let broken = "{\"hooks\": {\n  \"Stop\": [,]\n}\n";
    ws.write(HOOKS_FILE, broken);
    let out = init(&ws, &["--codex"]);
    assert!(!out.status.success());
    let err = ws.filter(&stderr(&out));
    assert!(
        err.contains("[WS]/.codex/hooks.json is not valid JSON"),
        "names the file: {err}"
    );
    assert!(
        err.contains("then run `lore init --codex` again"),
        "says what to do: {err}"
    );
    assert_eq!(
        std::fs::read_to_string(ws.path(HOOKS_FILE)).unwrap(),
        broken
    );
}

#[test]
fn init_codex_in_an_initialised_repo_keeps_its_config() {
    let ws = Workspace::new();
    ws.write("lore.toml", "knowledge_dir = \"patterns\"\n# mine\n");
    let out = init(&ws, &["--codex"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(ws.path("lore.toml")).unwrap(),
        "knowledge_dir = \"patterns\"\n# mine\n"
    );
    assert_lore_registered(&read_json(&ws.path(HOOKS_FILE)));
}
