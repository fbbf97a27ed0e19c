//! Safety through the binary: lore never deletes a file that is not its index, never blocks
//! on a FIFO, refuses an alias bomb without blowing up, cleans what killed builds left, says
//! what it skipped, keeps secrets out of its debug output, and ends the hook path with exit
//! status 0 whatever its arguments or a reader that goes away.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Duration;

use common::{Workspace, stderr, stdout};
use serde_json::json;

/// Long enough for any of these runs on a loaded machine; a blocked or exploding run hits it.
const LIMIT: Duration = Duration::from_secs(60);

fn mkfifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

fn session_start() -> String {
    json!({
        "session_id": "s-safety",
        "hook_event_name": "SessionStart",
        "source": "startup",
        "cwd": "/nonexistent",
    })
    .to_string()
}

#[test]
fn force_never_deletes_a_file_that_is_not_a_lore_index() {
    let ws = Workspace::new();
    ws.write(
        "lore.toml",
        "knowledge_dir = \"patterns\"\ndatabase = \"NOTES.txt\"\n[search]\nhybrid = false\n",
    );
    ws.pattern("a.md", "# A\nalpha\n");
    let notes = "Remember: call the plumber on Monday. These notes are not a database.\n";
    ws.write("NOTES.txt", notes);

    let plain = ws.lore().arg("ingest").timeout(LIMIT).output().unwrap();
    assert_eq!(plain.status.code(), Some(1));
    let message = stderr(&plain);
    assert!(message.contains("NOTES.txt"), "{message}");
    assert!(message.contains("not a lore index"), "{message}");
    assert!(!message.contains("--force`"), "advises --force: {message}");

    let forced = ws
        .lore()
        .args(["ingest", "--force"])
        .timeout(LIMIT)
        .output()
        .unwrap();
    assert_eq!(forced.status.code(), Some(1));
    assert!(stderr(&forced).contains("NOTES.txt"), "{}", stderr(&forced));
    assert_eq!(
        std::fs::read_to_string(ws.path("NOTES.txt")).unwrap(),
        notes
    );
}

#[test]
fn force_rebuilds_a_damaged_index_in_lores_own_folder() {
    let ws = Workspace::new();
    ws.pattern("a.md", "# A\nalpha\n");
    ws.write(
        ".lore/index.db",
        "torn: this was an index before the disk filled up",
    );
    let plain = ws.lore().arg("ingest").timeout(LIMIT).output().unwrap();
    assert_eq!(plain.status.code(), Some(1));
    assert!(stderr(&plain).contains("--force"), "{}", stderr(&plain));
    let forced = ws
        .lore()
        .args(["ingest", "--force"])
        .timeout(LIMIT)
        .output()
        .unwrap();
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
    assert!(stdout(&forced).contains("1 added"), "{}", stdout(&forced));
}

#[test]
fn a_fifo_as_database_is_refused_and_nothing_blocks() {
    let ws = Workspace::new();
    ws.pattern("a.md", "# A\nalpha\n");
    std::fs::create_dir_all(ws.path(".lore")).unwrap();
    mkfifo(&ws.path(".lore/index.db"));

    let ingest = ws.lore().arg("ingest").timeout(LIMIT).output().unwrap();
    assert_eq!(ingest.status.code(), Some(1));
    assert!(stderr(&ingest).contains("FIFO"), "{}", stderr(&ingest));
    assert!(stderr(&ingest).contains("index.db"), "{}", stderr(&ingest));

    let forced = ws
        .lore()
        .args(["ingest", "--force"])
        .timeout(LIMIT)
        .output()
        .unwrap();
    assert_eq!(forced.status.code(), Some(1));

    let status = ws.lore().args(["status"]).timeout(LIMIT).output().unwrap();
    assert!(stdout(&status).contains("FIFO"), "{}", stdout(&status));

    let hook = ws
        .lore()
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .arg("hook")
        .write_stdin(session_start())
        .timeout(LIMIT)
        .output()
        .unwrap();
    assert_eq!(hook.status.code(), Some(0));
    assert!(stdout(&hook).is_empty(), "{}", stdout(&hook));
    assert!(stderr(&hook).contains("FIFO"), "{}", stderr(&hook));
}

/// Nine levels of nine aliases: about 600 bytes that would expand to 9^9 copies.
fn alias_bomb() -> String {
    let mut text = String::from("---\ntags: [bomb]\na0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for level in 1..9 {
        let items = vec![format!("*a{}", level - 1); 9].join(", ");
        text.push_str(&format!("a{level}: &a{level} [{items}]\n"));
    }
    text.push_str("---\n# Bomb\n\nboom\n");
    text
}

#[test]
fn an_alias_bomb_is_one_ingest_error_and_the_hook_still_primes() {
    let ws = Workspace::new();
    ws.pattern(
        "universal.md",
        "---\nuniversal: true\n---\n# Always\n\nKeep commits small.\n",
    );
    ws.pattern("bomb.md", &alias_bomb());

    // The first hook of a session builds the index itself.
    let hook = ws.hook(&session_start());
    assert_eq!(hook.status.code(), Some(0), "{}", stderr(&hook));
    assert!(
        stdout(&hook).contains("Keep commits small."),
        "{}",
        stdout(&hook)
    );

    let ingest = ws
        .lore()
        .args(["ingest", "--force"])
        .timeout(LIMIT)
        .output()
        .unwrap();
    assert_eq!(ingest.status.code(), Some(1));
    let message = stderr(&ingest);
    assert!(message.contains("bomb.md:3:"), "{message}");
    assert!(message.contains("aliases"), "{message}");
    assert!(stdout(&ingest).contains("1 added"), "{}", stdout(&ingest));
}

#[test]
fn builds_killed_earlier_are_cleaned_by_the_next_build() {
    let ws = Workspace::new();
    ws.pattern("a.md", "# A\nalpha\n");
    // What killed first builds left: partial files nobody holds any more.
    for name in [
        "index.db.building-4242",
        "index.db.building-0f0f0f0f0f0f0f0f",
    ] {
        ws.write(&format!(".lore/{name}"), "partial");
    }
    ws.write(".lore/index.db.building-4242-wal", "");
    let hook = ws.hook(&session_start());
    assert_eq!(hook.status.code(), Some(0), "{}", stderr(&hook));
    let left: Vec<String> = std::fs::read_dir(ws.path(".lore"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains("building"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert!(ws.path(".lore/index.db").is_file());
}

#[test]
fn ingest_names_what_it_skips() {
    let ws = Workspace::new();
    ws.pattern("a.md", "# A\nalpha\n");
    ws.write("elsewhere.md", "# Elsewhere\n");
    std::os::unix::fs::symlink(ws.path("elsewhere.md"), ws.path("patterns/linked.md")).unwrap();
    let out = ws.lore().arg("ingest").timeout(LIMIT).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(
        message.contains("warning: patterns/linked.md: is a symbolic link"),
        "{message}"
    );
    let json = ws
        .lore()
        .args(["ingest", "--json"])
        .timeout(LIMIT)
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["warnings"][0]["path"], "linked.md", "{value}");
}

fn universal_workspace() -> Workspace {
    let ws = Workspace::new();
    ws.pattern(
        "universal.md",
        "---\nuniversal: true\n---\n# Always\n\nKeep commits small.\n",
    );
    ws
}

#[test]
fn a_reader_that_closes_stdout_early_is_no_panic_and_exit_zero() {
    use std::io::Write;
    use std::process::Stdio;
    let ws = universal_workspace();
    assert!(stdout(&ws.hook(&session_start())).contains("Keep commits small."));
    let mut child = common::lore_command()
        .current_dir(ws.root())
        .env("HOME", ws.path(".env/home"))
        .env("XDG_RUNTIME_DIR", ws.path(".env/runtime"))
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .arg("hook")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before lore has read its payload, so the answer meets a closed pipe.
    drop(child.stdout.take());
    let payload = session_start().replace("s-safety", "s-closed");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(payload.as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{message}");
    assert!(!message.contains("panicked"), "{message}");
    assert!(message.contains("cannot write the answer"), "{message}");
}

#[test]
fn any_argument_problem_on_the_hook_path_exits_zero_with_a_line_on_stderr() {
    let ws = universal_workspace();
    for (args, named) in [
        (&["--bogus-global", "hook"][..], "`--bogus-global`"),
        (&["hook", "--bogus", "-x"], "`--bogus`"),
        (&["hook", "extra"], "`extra`"),
        (&["hook", "--config"], "`--config` needs a path"),
        // `lore --config $UNSET hook ...` in a registration, as the shell expands it.
        (&["--config", "hook"], "`--config` has no path"),
        (&["--config", "hook", "--codex"], "`--config` has no path"),
        (&["--config", "hook", "--mcp"], "`--config` has no path"),
    ] {
        let output = ws
            .lore()
            .args(args)
            .write_stdin(session_start())
            .timeout(LIMIT)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(stdout(&output).is_empty(), "{args:?}: {}", stdout(&output));
        let message = stderr(&output);
        assert!(
            message.starts_with("lore hook: ") && message.contains(named),
            "{args:?}: {message}"
        );
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    }
}

#[test]
fn hook_help_prints_help_without_reading_stdin() {
    use std::process::Stdio;
    let ws = Workspace::new();
    for args in [
        &["hook", "--help"][..],
        &["hook", "-h"],
        &["--help", "hook"],
    ] {
        let mut child = common::lore_command()
            .current_dir(ws.root())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        // stdin stays open and empty, as on a terminal: a hook waiting for its payload would
        // never finish.
        let _stdin = child.stdin.take();
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > LIMIT {
                child.kill().unwrap();
                panic!("{args:?}: still waiting on stdin");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let help = stdout(&output);
        assert!(help.contains("Usage: lore hook"), "{args:?}: {help}");
        assert!(help.contains("stdin"), "{help}");
    }
}

#[test]
fn debug_output_redacts_secrets_from_the_command() {
    let ws = universal_workspace();
    ws.pattern(
        "aws.md",
        "# AWS credentials\n\nUse aws sso login, never keys on the command line.\n",
    );
    assert_eq!(
        ws.lore().arg("ingest").output().unwrap().status.code(),
        Some(0)
    );
    let payload = json!({
        "session_id": "s-debug",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "cwd": ws.root(),
        "tool_input": {
            "command": "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE aws s3 ls && gh auth login --with-token ghp_16C7e42F292c6912E7710c838347Ae178B4a",
            "description": "list buckets"
        }
    })
    .to_string();
    let output = ws
        .lore()
        .env("LORE_DEBUG", "1")
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .arg("hook")
        .write_stdin(payload)
        .timeout(LIMIT)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let trace = stderr(&output);
    assert!(trace.contains("lore[debug]"), "{trace}");
    // Query terms are single lower-cased words: secrets are recognised there by their shape.
    for secret in [
        "AKIAIOSFODNN7EXAMPLE",
        "akiaiosfodnn7",
        "ghp_16C7",
        "16c7e42f",
    ] {
        assert!(
            !trace.contains(secret),
            "{secret} in the debug output:\n{trace}"
        );
    }
}

/// Secrets known only by their context, each with the value that must not come out.
const CONTEXT_SECRETS: &[(&str, &str)] = &[
    ("login --password=hunter2zebra", "hunter2zebra"),
    (
        "psql postgres://admin:s3cr3tpassw0rd@db.internal/app",
        "s3cr3tpassw0rd",
    ),
    (
        "aws_secret_access_key=Zq8vXk2LmN4pR7tY1wB3cD5fG6hJ9kL0mN2pQ4rS",
        "Zq8vXk2LmN4pR7tY1wB3cD5fG6hJ9kL0mN2pQ4rS",
    ),
    ("API_KEY=Qm9vZjNoYXJkMXo", "Qm9vZjNoYXJkMXo"),
    // A password that is a plain word, and passwords given to commands (issue 26).
    ("password: HorseBatteryStaple", "HorseBatteryStaple"),
    ("PGPASSWORD=Tr0ub4dorXy psql -h db app", "Tr0ub4dorXy"),
    ("mysql -u root -pS3cretPassw app", "S3cretPassw"),
    ("ldapsearch -x --password Zx9vB4nM2kLq", "Zx9vB4nM2kLq"),
    ("sshpass -p Vx4kL9pQ2w ssh deploy@host", "Vx4kL9pQ2w"),
    (
        "curl -u admin:Hq7vN3kLp2 https://api.example.com",
        "Hq7vN3kLp2",
    ),
    (
        "docker login -u bot -p Rt5yU8iO3pLk registry.example.com",
        "Rt5yU8iO3pLk",
    ),
    (
        "AccountName=acme;AccountKey=q7Vx2LmN9pR4tY8wB3cD6fG1hJ5kS0aZ+/Ee==;EndpointSuffix=core",
        "q7Vx2LmN9pR4tY8wB3cD6fG1hJ5kS0aZ",
    ),
];

/// A `.env` line whose key names no secret: only its being a whole `KEY=value` line says the
/// value is one, and that is lost once a prompt is quoted onto one line.
const ENV_LINE: (&str, &str) = ("SESSION_COOKIE=Xy7pQ2mLk9vB", "Xy7pQ2mLk9vB");

/// A prompt, a Bash call and a Bash failure, each carrying every secret of
/// [`CONTEXT_SECRETS`] (the prompt as a `.env` paste, one per line, with [`ENV_LINE`]; the
/// Bash call as a script, one command per line).
fn payloads_with_context_secrets(ws: &Workspace) -> Vec<serde_json::Value> {
    let lines: Vec<&str> = CONTEXT_SECRETS.iter().map(|(line, _)| *line).collect();
    let one_line = lines.join("\n");
    vec![
        json!({"session_id": "s-ctx", "hook_event_name": "UserPromptSubmit", "cwd": ws.root(),
               "prompt": format!("why does the deploy fail with these settings?\n{}\n{}\n", ENV_LINE.0, lines.join("\n"))}),
        json!({"session_id": "s-ctx", "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "cwd": ws.root(),
               "tool_input": {"command": one_line, "description": "deploy the service"}}),
        json!({"session_id": "s-ctx", "hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
               "cwd": ws.root(), "tool_input": {"command": "make deploy"},
               "error": format!("Exit code 1\nerror: connection refused\n{}", lines.join("\n"))}),
    ]
}

fn assert_no_context_secret(what: &str, text: &str) {
    let lower = text.to_lowercase();
    for (_, secret) in CONTEXT_SECRETS.iter().chain([&ENV_LINE]) {
        assert!(
            !lower.contains(&secret.to_lowercase()),
            "{secret} in {what}:\n{text}"
        );
    }
}

#[test]
fn secrets_known_by_their_context_reach_no_debug_line_trace_extract_queries_why_or_search() {
    let ws = universal_workspace();
    ws.pattern(
        "deploy.md",
        "# Deploying\n\nDeploy the service with make deploy; read credentials from the vault, never from a password on the command line or a postgres URL.\n",
    );
    assert_eq!(
        ws.lore().arg("ingest").output().unwrap().status.code(),
        Some(0)
    );
    let trace_file = ws.path("trace.jsonl");
    let mut searched = 0;
    for payload in payloads_with_context_secrets(&ws) {
        let output = ws
            .traced_hook(&trace_file, true, &payload.to_string())
            .timeout(LIMIT)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let debug = stderr(&output);
        // The query was searched (its terms are in the debug output), and without a secret.
        assert!(debug.contains("terms ["), "{debug}");
        searched += 1;
        assert_no_context_secret("the debug output", &debug);
        assert_no_context_secret("the hook's answer", &stdout(&output));

        let extract = ws
            .lore()
            .arg("--config")
            .arg(ws.path("lore.toml"))
            .args(["extract-queries", "--json"])
            .write_stdin(payload.to_string())
            .timeout(LIMIT)
            .output()
            .unwrap();
        assert!(extract.status.success(), "{}", stderr(&extract));
        assert!(
            stdout(&extract).contains("\"terms\""),
            "{}",
            stdout(&extract)
        );
        assert_no_context_secret("extract-queries", &stdout(&extract));
        assert_no_context_secret("extract-queries' stderr", &stderr(&extract));

        let why = ws
            .lore()
            .arg("--config")
            .arg(ws.path("lore.toml"))
            .args(["why", "-", "--json"])
            .write_stdin(payload.to_string())
            .timeout(LIMIT)
            .output()
            .unwrap();
        assert!(why.status.success(), "{}", stderr(&why));
        assert_no_context_secret("why", &stdout(&why));
    }
    // A search for the text itself, as a person pastes it.
    let pasted: Vec<&str> = CONTEXT_SECRETS.iter().map(|(line, _)| *line).collect();
    let search = ws
        .lore()
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .args(["search", "--json", &format!("deploy {}", pasted.join("\n"))])
        .timeout(LIMIT)
        .output()
        .unwrap();
    assert!(search.status.success(), "{}", stderr(&search));
    assert_no_context_secret("search --json", &stdout(&search));
    assert_eq!(searched, 3);
    let trace = std::fs::read_to_string(&trace_file).unwrap();
    assert_eq!(trace.lines().count(), 3, "{trace}");
    assert_no_context_secret("the LORE_TRACE file", &trace);
}

#[test]
fn json_commands_without_a_config_print_a_json_error() {
    let bare = Workspace::bare();
    for args in [
        &["status", "--json"][..],
        &["ingest", "--json"],
        &["search", "--json", "x"],
    ] {
        let output = bare.lore().args(args).timeout(LIMIT).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let value: serde_json::Value = serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", stdout(&output)));
        let error = value["error"].as_str().unwrap();
        assert!(error.contains("lore init"), "{error}");
    }
}

/// A PreToolUse Edit of `src/main.rs`, which the `paths` pattern below matches.
fn edit_payload(session: &str) -> String {
    json!({
        "session_id": session,
        "hook_event_name": "PreToolUse",
        "tool_name": "Edit",
        "cwd": "/nonexistent",
        "tool_input": {"file_path": "src/main.rs", "old_string": "a", "new_string": "b"}
    })
    .to_string()
}

fn paths_workspace() -> Workspace {
    let ws = Workspace::new();
    ws.pattern(
        "rust.md",
        "---\npaths: [\"src/**/*.rs\"]\n---\n# Rust sources\n\nReturn errors with context.\n",
    );
    assert_eq!(
        ws.lore().arg("ingest").output().unwrap().status.code(),
        Some(0)
    );
    ws
}

#[test]
fn a_squatted_runtime_ledger_dir_falls_back_to_the_users_cache_and_dedup_holds() {
    use std::os::unix::fs::PermissionsExt;
    let ws = paths_workspace();
    // Someone else's (here: open to everyone) `lore` folder where lore looks first.
    let squatted = ws.path(".env/runtime/lore");
    std::fs::create_dir_all(&squatted).unwrap();
    std::fs::set_permissions(&squatted, std::fs::Permissions::from_mode(0o777)).unwrap();
    let first = ws.hook(&edit_payload("s-squat"));
    assert!(
        stdout(&first).contains("Return errors with context."),
        "{}",
        stderr(&first)
    );
    let second = ws.hook(&edit_payload("s-squat"));
    assert!(
        stdout(&second).is_empty(),
        "shown twice: {}",
        stdout(&second)
    );
    assert_eq!(ledger_files(&squatted), 0);
    let cache = ws.path(".env/home/.cache/lore/sessions");
    assert_eq!(ledger_files(&cache), 1);
}

#[test]
fn without_a_runtime_dir_ledgers_go_to_the_users_cache_not_a_shared_folder() {
    let ws = paths_workspace();
    let run = || {
        ws.lore()
            .env_remove("XDG_RUNTIME_DIR")
            .arg("--config")
            .arg(ws.path("lore.toml"))
            .arg("hook")
            .write_stdin(edit_payload("s-no-runtime"))
            .output()
            .unwrap()
    };
    assert!(stdout(&run()).contains("Return errors with context."));
    assert!(stdout(&run()).is_empty());
    let cache = ws.path(".env/home/.cache/lore/sessions");
    assert_eq!(ledger_files(&cache), 1);
}

/// The session ledgers in `dir` (a session also keeps its project facts beside them).
fn ledger_files(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ledger"))
        })
        .count()
}
