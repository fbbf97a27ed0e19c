//! `lore init --claude` through the binary: lore's hooks land in `.claude/settings.json` on a
//! fresh repository, merge into an existing file without losing anything, a second run
//! changes nothing, invalid JSON is reported and left alone; the command is `lore hook --mcp`
//! when the project's `.mcp.json` runs lore's MCP server and `lore hook` otherwise; and the
//! plugin's `hooks/hooks.json` registers exactly what `lore init --claude` does in a project
//! whose `.mcp.json` holds the plugin's MCP server.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use common::{Workspace, stderr};
use serde_json::{Value, json};

const SETTINGS: &str = ".claude/settings.json";
const HOOK: &str = "lore hook";
const HOOK_WITH_MCP: &str = "lore hook --mcp";

/// The events, matchers and timeouts lore registers.
const EXPECTED: &[(&str, Option<&str>, u64)] = &[
    ("SessionStart", None, 30),
    ("UserPromptSubmit", None, 10),
    (
        "PreToolUse",
        Some("Edit|Write|MultiEdit|NotebookEdit|Bash"),
        10,
    ),
    ("PostToolUseFailure", Some("Bash"), 10),
    ("PostToolUse", Some("mcp__.*__search_patterns"), 10),
    ("SubagentStart", None, 10),
    ("PostCompact", None, 10),
    ("Stop", None, 10),
];

fn init_claude(ws: &Workspace, force: bool) -> std::process::Output {
    let mut cmd = ws.lore();
    cmd.args(["init", "--claude"]);
    if force {
        cmd.arg("--force");
    }
    cmd.output().unwrap()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The groups registered for `event` that run `command`.
fn lore_groups<'a>(settings: &'a Value, event: &str, command: &str) -> Vec<&'a Value> {
    settings["hooks"][event]
        .as_array()
        .map(|groups| {
            groups
                .iter()
                .filter(|g| g["hooks"][0]["command"] == command)
                .collect()
        })
        .unwrap_or_default()
}

/// Every event of [`EXPECTED`] runs `command` once, with lore's matcher and timeout.
fn assert_lore_registered(settings: &Value, command: &str) {
    for (event, matcher, timeout) in EXPECTED {
        let groups = lore_groups(settings, event, command);
        assert_eq!(groups.len(), 1, "{event}: {settings:#}");
        let group = groups[0];
        assert_eq!(group["matcher"].as_str(), *matcher, "{event}");
        assert_eq!(
            group["hooks"],
            json!([{"type": "command", "command": command, "timeout": timeout}]),
            "{event}"
        );
    }
}

#[test]
fn fresh_repository_gets_exactly_lores_hooks() {
    let ws = Workspace::bare();
    let out = init_claude(&ws, false);
    assert!(out.status.success(), "{}", stderr(&out));
    let settings = read_json(&ws.path(SETTINGS));
    assert_lore_registered(&settings, HOOK);
    let object = settings.as_object().unwrap();
    assert_eq!(object.keys().collect::<Vec<_>>(), ["hooks"]);
    assert_eq!(settings["hooks"].as_object().unwrap().len(), EXPECTED.len());
    assert!(
        ws.path("lore.toml").is_file(),
        "init still writes lore.toml"
    );
}

#[test]
fn existing_settings_keep_their_keys_hooks_and_order() {
    let ws = Workspace::bare();
    let original = r#"{
  "permissions": {"allow": ["Bash(cargo test:*)"], "deny": []},
  "env": {"RUST_LOG": "debug"},
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./scripts/guard.sh", "timeout": 5}]}
    ],
    "Stop": [
      {"hooks": [{"type": "command", "command": "notify-send done"}]}
    ]
  },
  "model": "opus"
}
"#;
    ws.write(SETTINGS, original);
    let out = init_claude(&ws, false);
    assert!(out.status.success(), "{}", stderr(&out));

    let text = std::fs::read_to_string(ws.path(SETTINGS)).unwrap();
    let settings: Value = serde_json::from_str(&text).unwrap();
    let before: Value = serde_json::from_str(original).unwrap();
    for key in ["permissions", "env", "model"] {
        assert_eq!(settings[key], before[key], "{key} kept");
    }
    // The user's Stop hook stays first; lore's (which never answers) is added after it.
    let stop = settings["hooks"]["Stop"].as_array().unwrap();
    assert_eq!(stop.len(), 2, "{stop:#?}");
    assert_eq!(stop[0], before["hooks"]["Stop"][0]);
    let pre = settings["hooks"]["PreToolUse"].as_array().unwrap();
    assert_eq!(pre.len(), 2, "the guard stays and lore's entry is added");
    assert_eq!(pre[0], before["hooks"]["PreToolUse"][0]);
    assert_lore_registered(&settings, HOOK);

    // Keys stay in the order the file had them; lore's events come after the existing ones.
    let position = |needle: &str| text.find(needle).unwrap_or_else(|| panic!("{needle}"));
    assert!(position("\"permissions\"") < position("\"env\""));
    assert!(position("\"env\"") < position("\"hooks\""));
    assert!(position("\"hooks\"") < position("\"model\""));
    assert!(position("\"Stop\"") < position("\"SessionStart\""));
}

#[test]
fn running_twice_changes_nothing() {
    let ws = Workspace::bare();
    assert!(init_claude(&ws, false).status.success());
    let first = std::fs::read(ws.path(SETTINGS)).unwrap();
    let out = init_claude(&ws, true);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(ws.path(SETTINGS)).unwrap(), first);
}

#[test]
fn an_existing_lore_registration_is_not_duplicated() {
    let ws = Workspace::bare();
    let original = r#"{"hooks": {"PreToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "/opt/bin/lore --config /etc/lore.toml hook"}]}]}}"#;
    ws.write(SETTINGS, original);
    assert!(init_claude(&ws, false).status.success());
    let settings = read_json(&ws.path(SETTINGS));
    let pre = settings["hooks"]["PreToolUse"].as_array().unwrap();
    assert_eq!(
        pre.len(),
        1,
        "the user's own lore registration is kept as is: {pre:?}"
    );
    assert_eq!(pre[0]["matcher"], "Edit");
    assert_eq!(lore_groups(&settings, "SessionStart", HOOK).len(), 1);
}

#[test]
fn invalid_json_is_an_error_and_the_file_is_left_alone() {
    let ws = Workspace::bare();
    let broken = "{\"hooks\": {\n  \"Stop\": [,]\n}\n";
    ws.write(SETTINGS, broken);
    let out = init_claude(&ws, false);
    assert!(!out.status.success());
    let err = ws.filter(&stderr(&out));
    assert!(
        err.contains("[WS]/.claude/settings.json is not valid JSON"),
        "names the file: {err}"
    );
    assert!(err.contains("line 2"), "says where: {err}");
    assert!(
        err.contains("fix it or move it aside, then run `lore init --claude` again"),
        "says what to do: {err}"
    );
    assert_eq!(std::fs::read_to_string(ws.path(SETTINGS)).unwrap(), broken);
}

#[test]
fn hooks_of_an_unexpected_shape_are_an_error_and_the_file_is_left_alone() {
    let ws = Workspace::bare();
    let odd = r#"{"hooks": {"PreToolUse": "lore hook"}}"#;
    ws.write(SETTINGS, odd);
    let out = init_claude(&ws, false);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("`hooks.PreToolUse` is not a JSON array"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(ws.path(SETTINGS)).unwrap(), odd);
}

/// The plugin and `lore init --claude` must never drift apart: same events, matchers,
/// commands and timeouts. The plugin also starts lore's MCP server (its `.mcp.json`), so it
/// registers what init registers in a project whose `.mcp.json` holds that same server.
#[test]
fn plugin_hooks_json_registers_what_init_registers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("integrations/claude-code");
    let plugin = read_json(&root.join("hooks/hooks.json"));
    let plugin_servers = read_json(&root.join(".mcp.json"));
    let ws = Workspace::bare();
    ws.write(
        ".mcp.json",
        &json!({ "mcpServers": plugin_servers }).to_string(),
    );
    assert!(init_claude(&ws, false).status.success());
    let settings = read_json(&ws.path(SETTINGS));
    assert_eq!(plugin["hooks"], settings["hooks"]);
    assert_lore_registered(&plugin, HOOK_WITH_MCP);

    let manifest = read_json(&root.join(".claude-plugin/plugin.json"));
    assert_eq!(manifest["name"], "lore");
    assert!(manifest["version"].is_string());
    assert!(manifest["description"].is_string());
    assert_eq!(manifest["mcpServers"], "./.mcp.json");
}

/// The plugin's command, run in a project without an `.mcp.json` of its own (the server comes
/// from the plugin), points the agent at `search_patterns`; plain `lore hook` there points at
/// the command line, since no MCP tool exists.
#[test]
fn the_plugins_hook_command_points_at_search_patterns() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("integrations/claude-code");
    let plugin = read_json(&root.join("hooks/hooks.json"));
    let command = plugin["hooks"]["SessionStart"][0]["hooks"][0]["command"]
        .as_str()
        .unwrap();
    let ws = Workspace::bare();
    assert!(ws.lore().arg("init").output().unwrap().status.success());
    let payload = json!({
        "session_id": "plugin-mcp", "cwd": ws.root(), "hook_event_name": "SessionStart",
        "source": "startup"
    })
    .to_string();
    let primed = |command: &str| {
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        let out = ws
            .lore()
            .args(&args)
            .write_stdin(payload.clone())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let reply: Value = serde_json::from_slice(&out.stdout).unwrap();
        reply["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let with_mcp = primed(command);
    assert!(
        with_mcp.contains("the MCP tool `search_patterns`"),
        "{with_mcp}"
    );
    assert!(!with_mcp.contains("lore search"), "{with_mcp}");
    let without = primed(HOOK);
    assert!(without.contains("`lore search <words>`"), "{without}");
    assert!(!without.contains("search_patterns"), "{without}");
}

/// What `lore init --claude` writes, as the user will commit it: `lore hook --mcp` exactly when
/// the project's `.mcp.json` runs `lore serve` (the injected text then names
/// `search_patterns`, which only exists with the server), `lore hook` otherwise.
#[test]
fn the_hook_command_names_the_mcp_server_only_when_mcp_json_runs_lore() {
    let without = Workspace::bare();
    // Another MCP server is not lore's: its tools cannot answer `search_patterns`.
    without.write(
        ".mcp.json",
        r#"{"mcpServers": {"docs": {"command": "npx", "args": ["docs-server", "serve"]}}}"#,
    );
    let out = init_claude(&without, false);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("--mcp"), "{}", stderr(&out));
    insta::assert_snapshot!(
        "settings_without_lores_mcp_server",
        std::fs::read_to_string(without.path(SETTINGS)).unwrap()
    );

    let with = Workspace::bare();
    with.write(
        ".mcp.json",
        r#"{"mcpServers": {"lore": {"command": "lore", "args": ["serve"]}}}"#,
    );
    let out = init_claude(&with, false);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("the hooks run `lore hook --mcp`: .mcp.json serves lore's MCP tools"),
        "says why: {err}"
    );
    insta::assert_snapshot!(
        "settings_with_lores_mcp_server",
        std::fs::read_to_string(with.path(SETTINGS)).unwrap()
    );
    // A second run recognises `lore hook --mcp` as lore's and changes nothing.
    let first = std::fs::read(with.path(SETTINGS)).unwrap();
    let again = init_claude(&with, true);
    assert!(
        stderr(&again).contains("left unchanged"),
        "{}",
        stderr(&again)
    );
    assert_eq!(std::fs::read(with.path(SETTINGS)).unwrap(), first);
}

#[test]
fn init_claude_in_an_initialised_repo_keeps_its_config_and_says_what_changed() {
    let ws = Workspace::new();
    ws.write("lore.toml", "knowledge_dir = \"patterns\"\n# mine\n");
    let out = init_claude(&ws, false);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(ws.path("lore.toml")).unwrap(),
        "knowledge_dir = \"patterns\"\n# mine\n"
    );
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.contains("created .claude/settings.json"), "{err}");
    let again = init_claude(&ws, false);
    let err = String::from_utf8_lossy(&again.stderr).into_owned();
    assert!(err.contains("left unchanged"), "{err}");
}

#[test]
fn a_fifo_or_binary_settings_file_is_refused_naming_it_and_left_alone() {
    // A FIFO in place of the settings must not block `lore init`.
    let ws = Workspace::bare();
    let fifo = ws.path(SETTINGS);
    std::fs::create_dir_all(fifo.parent().unwrap()).unwrap();
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(status.success());
    let out = init_claude(&ws, false);
    assert!(!out.status.success());
    let err = ws.filter(&stderr(&out));
    assert!(
        err.contains("cannot read [WS]/.claude/settings.json: it is a FIFO (named pipe)"),
        "{err}"
    );
    assert!(err.contains("run `lore init --claude` again"), "{err}");

    // Bytes that are not UTF-8 are refused, not rewritten with replacement characters.
    let ws = Workspace::bare();
    let binary = b"{\"note\": \"\xff\xfe\"}\n";
    std::fs::create_dir_all(ws.path(SETTINGS).parent().unwrap()).unwrap();
    std::fs::write(ws.path(SETTINGS), binary).unwrap();
    let out = init_claude(&ws, false);
    assert!(!out.status.success());
    let err = ws.filter(&stderr(&out));
    assert!(err.contains("it is not UTF-8 text"), "{err}");
    assert_eq!(std::fs::read(ws.path(SETTINGS)).unwrap(), binary);
}
