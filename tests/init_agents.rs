//! `lore init --agent NAME` through the binary, for the Gemini CLI, Copilot CLI, Qwen Code,
//! Cline and OpenCode: each agent's own registration lands where the agent reads it
//! (Gemini's timeouts in milliseconds, Copilot's commands guarded so they always exit 0,
//! Cline's executables, OpenCode's plugin byte for byte as shipped), a second run changes
//! nothing, an existing file keeps what it held, a file lore cannot merge into is left as it
//! was, `--user` writes the user's configuration instead, and with `lore` gone from PATH the
//! registered commands still exit 0 with nothing on stdout (removing lore leaves the agent
//! working).

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use common::{Workspace, stderr};
use serde_json::{Value, json};

fn init(ws: &Workspace, flags: &[&str]) -> std::process::Output {
    let out = ws.lore().arg("init").args(flags).output().unwrap();
    assert!(out.status.success(), "{flags:?}: {}", stderr(&out));
    out
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every file below `dir`, with its bytes, for before/after comparisons.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file() && !e.path().to_string_lossy().contains("/.lore/"))
        .map(|e| {
            (
                e.path().display().to_string(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn gemini_settings_get_lores_hooks_with_millisecond_timeouts() {
    let ws = Workspace::bare();
    let out = init(&ws, &["--agent", "gemini"]);
    assert!(
        stderr(&out).contains("created .gemini/settings.json"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("trusted folder"), "{}", stderr(&out));
    let settings = read_json(&ws.path(".gemini/settings.json"));
    let entry = |event: &str| settings["hooks"][event][0].clone();
    assert_eq!(
        entry("SessionStart"),
        json!({"hooks": [{"type": "command", "name": "lore", "command": "lore hook --harness gemini", "timeout": 30000}]})
    );
    assert_eq!(entry("BeforeAgent")["hooks"][0]["timeout"], 10000);
    assert_eq!(
        entry("AfterTool")["matcher"],
        "write_file|replace|run_shell_command"
    );
    // No event whose context Gemini drops, and none that fires before every request.
    for absent in ["BeforeTool", "PreCompress"] {
        assert!(settings["hooks"].get(absent).is_none(), "{absent}");
    }
}

#[test]
fn qwen_settings_merge_into_what_the_project_has() {
    let ws = Workspace::bare();
    ws.write(
        ".qwen/settings.json",
        r#"{"model": {"name": "qwen3-coder"}, "hooks": {"PostToolUse": [{"matcher": "edit", "hooks": [{"type": "command", "command": "./fmt.sh"}]}]}}"#,
    );
    init(&ws, &["--agent", "qwen"]);
    let settings = read_json(&ws.path(".qwen/settings.json"));
    assert_eq!(settings["model"]["name"], "qwen3-coder");
    let post = settings["hooks"]["PostToolUse"].as_array().unwrap();
    assert_eq!(post.len(), 2, "the project's hook stays: {post:#?}");
    assert_eq!(post[0]["hooks"][0]["command"], "./fmt.sh");
    assert_eq!(
        post[1],
        json!({"matcher": "write_file|edit|run_shell_command", "hooks": [{"type": "command", "command": "lore hook --harness qwen", "timeout": 10}]})
    );
    assert!(
        settings["hooks"].get("PreToolUse").is_none(),
        "Qwen drops PreToolUse context"
    );
    assert_eq!(
        settings["hooks"]["PostToolUseFailure"][0]["matcher"],
        "run_shell_command"
    );
}

#[test]
fn copilot_hooks_always_exit_zero_and_name_their_events() {
    let ws = Workspace::bare();
    let out = init(&ws, &["--agent", "copilot"]);
    assert!(stderr(&out).contains("--user"), "{}", stderr(&out));
    let file = read_json(&ws.path(".github/hooks/lore.json"));
    assert_eq!(file["version"], 1);
    let hooks = file["hooks"].as_object().unwrap();
    assert!(
        hooks
            .keys()
            .all(|event| event.starts_with(char::is_uppercase))
    );
    assert!(
        !hooks.contains_key("PreToolUse"),
        "a failed PreToolUse hook denies the tool"
    );
    for (event, entries) in hooks {
        let entry = &entries[0];
        assert_eq!(
            entry["bash"], "lore hook --harness copilot || true",
            "{event}"
        );
        assert!(entry["timeoutSec"].as_u64().unwrap() <= 30, "{event}");
    }
    assert_eq!(hooks["PostToolUse"][0]["matcher"], "Edit|Write|Bash");

    // The user-level option: the user's settings, without the repository file's `version`.
    let ws = Workspace::bare();
    ws.write(".env/home/.copilot/settings.json", r#"{"theme": "dark"}"#);
    init(&ws, &["--agent", "copilot", "--user"]);
    let settings = read_json(&ws.path(".env/home/.copilot/settings.json"));
    assert_eq!(settings["theme"], "dark");
    assert!(settings.get("version").is_none());
    assert_eq!(
        settings["hooks"]["SessionStart"][0]["bash"],
        "lore hook --harness copilot || true"
    );
    assert!(!ws.path(".github/hooks").exists());
}

#[test]
fn cline_gets_executables_and_a_hook_of_its_own_is_left_alone() {
    let ws = Workspace::bare();
    init(&ws, &["--agent", "cline"]);
    for event in ["PostToolUse", "PreCompact"] {
        let path = ws.path(&format!(".clinerules/hooks/{event}"));
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o111, 0o111, "{event} is executable");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("#!/bin/sh\n"), "{text}");
        assert!(text.contains("lore hook --harness cline || true"), "{text}");
    }
    // lore does not index its own hook scripts as Cline rules.
    let status = ws.lore().args(["status", "--json"]).output().unwrap();
    assert!(!common::stdout(&status).contains("hooks/PostToolUse"));

    let ws = Workspace::bare();
    ws.write(".clinerules/hooks/PostToolUse", "#!/bin/sh\n./audit.sh\n");
    let out = ws
        .lore()
        .args(["init", "--agent", "cline"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("does not run lore"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(ws.path(".clinerules/hooks/PostToolUse")).unwrap(),
        "#!/bin/sh\n./audit.sh\n"
    );
}

#[test]
fn opencode_gets_the_shipped_plugin() {
    let ws = Workspace::bare();
    init(&ws, &["--agent", "opencode"]);
    let shipped = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("integrations/opencode/lore.js"),
    )
    .unwrap();
    let written = std::fs::read_to_string(ws.path(".opencode/plugins/lore.js")).unwrap();
    assert_eq!(written, shipped);
    assert!(shipped.contains(r#"spawn("lore", ["hook", "--harness", "opencode"]"#));

    ws.write(
        ".opencode/plugins/lore.js",
        "export const Mine = async () => ({});\n",
    );
    let out = ws
        .lore()
        .args(["init", "--agent", "opencode"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("not lore's plugin"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_second_run_changes_nothing() {
    let ws = Workspace::bare();
    let agents = ["gemini", "copilot", "qwen", "cline", "opencode"];
    for agent in agents {
        init(&ws, &["--agent", agent]);
    }
    let before = snapshot(ws.root());
    for agent in agents {
        let out = init(&ws, &["--agent", agent]);
        assert!(
            stderr(&out).contains("left unchanged"),
            "{agent}: {}",
            stderr(&out)
        );
    }
    assert_eq!(snapshot(ws.root()), before);
}

#[test]
fn a_file_lore_cannot_merge_into_is_reported_and_left_as_it_was() {
    let ws = Workspace::bare();
    ws.write(".gemini/settings.json", "{\"hooks\": [");
    let out = ws
        .lore()
        .args(["init", "--agent", "gemini"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(".gemini/settings.json") && err.contains("not valid JSON"),
        "{err}"
    );
    assert!(
        err.contains("lore init --agent gemini"),
        "names the remedy: {err}"
    );
    assert_eq!(
        std::fs::read_to_string(ws.path(".gemini/settings.json")).unwrap(),
        "{\"hooks\": ["
    );
}

#[test]
fn without_lore_on_path_the_guarded_commands_exit_zero_and_print_nothing() {
    let ws = Workspace::bare();
    init(&ws, &["--agent", "copilot"]);
    init(&ws, &["--agent", "cline"]);
    let copilot = read_json(&ws.path(".github/hooks/lore.json"));
    let command = copilot["hooks"]["PostToolUse"][0]["bash"].as_str().unwrap();
    let cline = ws.path(".clinerules/hooks/PostToolUse");
    for (program, args) in [
        ("bash", vec!["-c".to_string(), command.to_string()]),
        (cline.to_str().unwrap(), Vec::new()),
    ] {
        let out = std::process::Command::new(program)
            .args(&args)
            .current_dir(ws.root())
            .env("PATH", "/usr/bin:/bin")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{program} {args:?}");
        assert!(out.stdout.is_empty(), "{program}");
    }
}
