//! The `lore` command line through the binary: init, ingest, search, status and
//! extract-queries, with snapshots of the text people read.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Workspace, stderr, stdout};
use serde_json::Value;

/// Timings and timestamps vary run to run.
fn stable(ws: &Workspace, text: &str) -> String {
    let text = ws.filter(text);
    let mut out = String::new();
    for line in text.lines() {
        let mut line = line.to_string();
        if let Some(i) = line.find(" in ") {
            if line.ends_with(" ms") {
                line = format!("{} in [N] ms", &line[..i]);
            }
        }
        if line.starts_with("last ingest:") {
            line = "last ingest:   [TIME]".to_string();
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn init_creates_config_example_gitignore_and_index_and_never_overwrites() {
    let ws = Workspace::bare();
    ws.write(".gitignore", "target/");
    // Port 9 (discard) refuses connections: a machine without Ollama, whatever this one has.
    let out = ws
        .lore()
        .args(["init", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    insta::assert_snapshot!("init_stdout", stable(&ws, &stdout(&out)));
    insta::assert_snapshot!("init_stderr", stable(&ws, &stderr(&out)));
    assert_eq!(
        std::fs::read_to_string(ws.path(".gitignore")).unwrap(),
        "target/\n/.lore/\n"
    );
    assert!(ws.path("patterns/error-handling.md").is_file());
    assert!(ws.path(".lore/index.db").is_file());
    let config = std::fs::read_to_string(ws.path("lore.toml")).unwrap();
    assert!(
        config.contains("hybrid = false"),
        "no Ollama, no hybrid: {config}"
    );

    let again = ws.lore().arg("init").output().unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    // --force rewrites the config but keeps patterns and does not repeat the .gitignore line.
    ws.write("patterns/error-handling.md", "# Mine\n");
    ws.lore().args(["init", "--force"]).assert().success();
    assert_eq!(
        std::fs::read_to_string(ws.path("patterns/error-handling.md")).unwrap(),
        "# Mine\n"
    );
    assert_eq!(
        std::fs::read_to_string(ws.path(".gitignore")).unwrap(),
        "target/\n/.lore/\n"
    );
}

#[test]
fn a_repository_reached_through_a_linked_folder_is_set_up_searched_and_served() {
    // `~/code` linked to another volume, macOS's `/tmp` and `/var`: the user's own links.
    let ws = Workspace::bare();
    ws.write("volume/app/src/db.rs", "fn main() {}\n");
    std::os::unix::fs::symlink(ws.path("volume"), ws.path("code")).unwrap();
    let repo = ws.path("code/app");
    let out = ws
        .lore()
        .arg("init")
        .arg("--repo")
        .arg(&repo)
        .args(["--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(ws.path("volume/app/.lore/index.db").is_file());
    ws.write(
        "volume/app/patterns/database.md",
        "# Database access\n\nOpen every connection through the pool in `db::pool`.\n",
    );
    let config = repo.join("lore.toml");
    let ingest = ws
        .lore()
        .arg("--config")
        .arg(&config)
        .args(["ingest", "--force"])
        .output()
        .unwrap();
    assert!(ingest.status.success(), "{}", stderr(&ingest));
    let search = ws
        .lore()
        .arg("--config")
        .arg(&config)
        .args(["search", "connection pool"])
        .output()
        .unwrap();
    assert!(
        stdout(&search).contains("database.md"),
        "{}",
        stdout(&search)
    );
}

#[test]
fn init_refuses_a_gitignore_that_is_a_fifo_or_a_device_without_reading_it() {
    for (what, make) in [
        (
            "FIFO",
            (|path: &std::path::Path| {
                let made = std::process::Command::new("mkfifo")
                    .arg(path)
                    .status()
                    .unwrap();
                assert!(made.success());
            }) as fn(&std::path::Path),
        ),
        ("a device", |path| {
            std::os::unix::fs::symlink("/dev/zero", path).unwrap();
        }),
    ] {
        let ws = Workspace::bare();
        make(&ws.path(".gitignore"));
        let out = common::run_killed_after(
            &ws,
            &["init", "--ollama-host", "http://127.0.0.1:9"],
            std::process::Stdio::null(),
            std::time::Duration::from_secs(30),
        );
        assert_eq!(out.status.code(), Some(1), "{what}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(".gitignore") && err.contains(what), "{err}");
    }
}

#[test]
fn init_in_a_subfolder_of_a_configured_repository_names_the_config_and_stops() {
    let ws = Workspace::with_fixture_kb();
    std::fs::create_dir_all(ws.path("services/api")).unwrap();
    let out = ws
        .lore()
        .current_dir(ws.path("services/api"))
        .args(["init", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let err = ws.filter(&stderr(&out));
    assert!(err.contains("[WS]/lore.toml configures it"), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert!(!ws.path("services/api/lore.toml").exists());
    assert!(!ws.path("services/api/patterns").exists());

    let forced = ws
        .lore()
        .current_dir(ws.path("services/api"))
        .args(["init", "--force", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(forced.status.success(), "{}", stderr(&forced));
    assert!(ws.path("services/api/lore.toml").is_file());
}

#[test]
fn ingest_lists_every_invalid_file_indexes_the_rest_and_fails() {
    let ws = Workspace::with_fixture_kb();
    ws.pattern("broken/bad-tags.md", "---\ntags: {a: 1}\n---\n# Bad\n");
    ws.pattern("broken/unclosed.md", "---\ntags: [x]\n# Never closed\n");
    let out = ws.lore().arg("ingest").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("ingest_invalid_stdout", stable(&ws, &stdout(&out)));
    insta::assert_snapshot!("ingest_invalid_stderr", stable(&ws, &stderr(&out)));

    let json = ws.lore().args(["ingest", "--json"]).output().unwrap();
    assert_eq!(json.status.code(), Some(1));
    let report: Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(report["unchanged"], 5);
    assert_eq!(report["errors"].as_array().unwrap().len(), 2);
    assert_eq!(report["errors"][0]["source"], "broken/bad-tags.md");
    assert_eq!(report["errors"][0]["line"], 2);
}

#[test]
fn ingest_reports_deltas_and_force_rebuilds() {
    let ws = Workspace::with_fixture_kb();
    ws.lore().arg("ingest").assert().success();
    ws.pattern("testing.md", "# Testing\n\nChanged.\n");
    std::fs::remove_file(ws.path("patterns/python-style.md")).unwrap();
    ws.pattern("new.md", "# New\n");
    let out = ws.lore().arg("ingest").output().unwrap();
    assert!(out.status.success());
    insta::assert_snapshot!("ingest_delta", stable(&ws, &stdout(&out)));
    let out = ws.lore().args(["ingest", "--force"]).output().unwrap();
    assert!(
        stdout(&out).starts_with("5 added, 0 updated, 0 removed, 0 unchanged"),
        "{}",
        stdout(&out)
    );
    let out = ws
        .lore()
        .args(["ingest", "--file", "patterns/new.md"])
        .output()
        .unwrap();
    assert!(
        stdout(&out).starts_with("0 added, 0 updated, 0 removed, 1 unchanged"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn ingest_file_honours_loreignore_and_takes_paths_from_the_knowledge_dir() {
    let ws = Workspace::with_fixture_kb();
    ws.pattern(".loreignore", "drafts/\n");
    ws.pattern("drafts/idea.md", "# Idea\n\nNot ready.\n");
    ws.lore().arg("ingest").assert().success();
    let patterns = |ws: &Workspace| {
        let out = ws.lore().args(["status", "--json"]).output().unwrap();
        let status: Value = serde_json::from_slice(&out.stdout).unwrap();
        status["index"]["patterns"].as_u64().unwrap()
    };
    assert_eq!(patterns(&ws), 5);

    let ignored = ws
        .lore()
        .args(["ingest", "--file", "patterns/drafts/idea.md"])
        .output()
        .unwrap();
    assert_eq!(ignored.status.code(), Some(1));
    let err = stderr(&ignored);
    assert!(
        err.contains("drafts/idea.md is not indexed") && err.contains("the rule `drafts/`"),
        "{err}"
    );
    assert_eq!(patterns(&ws), 5, "the ignored file stays out");

    // A path relative to the knowledge dir, from the repository root.
    ws.pattern("new.md", "# New\n\nFresh.\n");
    let out = ws
        .lore()
        .args(["ingest", "--file", "new.md"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("1 added"), "{}", stdout(&out));
    assert_eq!(patterns(&ws), 6);
}

#[test]
fn search_builds_the_index_on_first_use_and_prints_ranked_chunks() {
    let ws = Workspace::with_fixture_kb();
    let out = ws
        .lore()
        .args(["search", "unwrap", "errors", "in", "rust"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("built the index: 5 patterns"),
        "{}",
        stderr(&out)
    );
    insta::assert_snapshot!("search_text", stable(&ws, &stdout(&out)));

    let json = ws
        .lore()
        .args(["search", "--json", "-k", "2", "insta snapshots"])
        .output()
        .unwrap();
    let value: Value = serde_json::from_str(&stdout(&json)).unwrap();
    let results = value["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["source"], "testing.md");
    assert_eq!(results[0]["heading_path"][1], "Snapshots");
    assert!(
        value["expression"]
            .as_str()
            .unwrap()
            .contains("\"snapshots\"")
    );
    assert!(results[0]["bm25"].as_f64().unwrap() < 0.0);
    // The section's own text, for a script that reads what was found.
    let text = results[0]["text"].as_str().unwrap();
    assert!(text.contains("insta"), "{text}");
}

#[test]
fn search_never_fails_on_fts_syntax() {
    let ws = Workspace::with_fixture_kb();
    for query in [
        "\"",
        "AND OR NOT",
        "a*b^c:d",
        "(((",
        "NEAR(x y)",
        "col:val",
        "'; DROP TABLE patterns; --",
        "ünïcödé 日本語",
    ] {
        let out = ws.lore().args(["search", query]).output().unwrap();
        assert!(out.status.success(), "{query}: {}", stderr(&out));
    }
    // A query with no word to search says why it finds nothing.
    for query in ["", "AND OR NOT", "how do we"] {
        let out = ws.lore().args(["search", query]).output().unwrap();
        assert!(out.status.success());
        assert!(
            stderr(&out).contains("nothing to search for"),
            "{query}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn status_reports_state_in_text_and_json() {
    let ws = Workspace::with_fixture_kb();
    let before = ws.lore().arg("status").output().unwrap();
    assert!(
        stdout(&before).contains("not built yet"),
        "{}",
        stdout(&before)
    );
    ws.lore().arg("ingest").assert().success();
    let out = ws.lore().arg("status").output().unwrap();
    insta::assert_snapshot!("status_text", stable(&ws, &stdout(&out)));
    let json = ws.lore().args(["status", "--json"]).output().unwrap();
    let value: Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(value["knowledge_dir_state"], "populated");
    assert_eq!(value["index"]["patterns"], 5);
    assert_eq!(value["embeddings"]["configured"], false);

    std::fs::remove_dir_all(ws.path("patterns")).unwrap();
    let json = ws.lore().args(["status", "--json"]).output().unwrap();
    let value: Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(value["knowledge_dir_state"], "missing");
}

#[test]
fn config_errors_name_file_line_and_key() {
    let ws = Workspace::new();
    ws.write(
        "lore.toml",
        "knowledge_dir = \"patterns\"\n[search]\ntop_kk = 3\n",
    );
    let out = ws.lore().args(["search", "x"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("config_unknown_key", stable(&ws, &stderr(&out)));
    let bare = Workspace::bare();
    let out = bare.lore().arg("status").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("lore init"), "{}", stderr(&out));
}

#[test]
fn config_is_found_by_flag_env_walk_and_user_dir() {
    let ws = Workspace::with_fixture_kb();
    std::fs::create_dir_all(ws.path("deep/er")).unwrap();
    // Walking up from a sub-directory.
    ws.lore()
        .current_dir(ws.path("deep/er"))
        .arg("status")
        .assert()
        .success();
    // LORE_CONFIG and --config from elsewhere.
    let other = Workspace::bare();
    other
        .lore()
        .env("LORE_CONFIG", ws.path("lore.toml"))
        .arg("status")
        .assert()
        .success();
    other
        .lore()
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .arg("status")
        .assert()
        .success();
    // The user config directory.
    other.write(
        ".env/xdg/lore/lore.toml",
        &format!(
            "knowledge_dir = {:?}\n",
            ws.path("patterns").display().to_string()
        ),
    );
    let out = other.lore().args(["status", "--json"]).output().unwrap();
    let value: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(
        value["config"]
            .as_str()
            .unwrap()
            .ends_with(".env/xdg/lore/lore.toml")
    );
}

#[test]
fn extract_queries_prints_what_the_hook_would_search() {
    let ws = Workspace::new();
    let calls = [
        r#"{"hook_event_name":"PreToolUse","cwd":"/home/dev/app","tool_name":"Edit","tool_input":{"file_path":"/home/dev/app/src/validate_email.rs","old_string":"a","new_string":"fn validateEmail() {}"}}"#,
        r#"{"hook_event_name":"PreToolUse","cwd":"/home/dev/app","tool_name":"Bash","tool_input":{"command":"cd web && pnpm install","description":"Install dependencies"}}"#,
        r#"{"tool_name":"Bash","tool_input":{"command":"pwd"}}"#,
    ];
    ws.write("calls.jsonl", &calls.join("\n"));
    let out = ws
        .lore()
        .args(["extract-queries", "calls.jsonl"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    insta::assert_snapshot!("extract_queries_text", stdout(&out));
    let json = ws
        .lore()
        .args(["extract-queries", "--json", "calls.jsonl"])
        .output()
        .unwrap();
    let rows: Vec<Value> = stdout(&json)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["languages"][0], "rust");
    assert_eq!(rows[2]["fts"], Value::Null);
    ws.write("bad.jsonl", "{\"tool_name\":\"Bash\"}\nnot json\n");
    let out = ws
        .lore()
        .args(["extract-queries", "bad.jsonl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
}

#[test]
fn extract_queries_shows_the_terms_a_large_index_does_not_search() {
    let ws = Workspace::new();
    ws.write(
        "lore.toml",
        "knowledge_dir = \"patterns\"\n[search]\nhybrid = false\n",
    );
    // Past 200 patterns the hook focuses terms: `deploy` is in every pattern, so it carries
    // no weight and is not searched; `retry` is rare and is.
    for i in 0..240 {
        let extra = if i % 40 == 0 {
            " Retry with backoff."
        } else {
            ""
        };
        ws.pattern(
            &format!("p{i:03}.md"),
            &format!("# Note {i}\n\nDeploy step {i}.{extra}\n"),
        );
    }
    ws.lore().arg("ingest").assert().success();
    ws.write(
        "calls.jsonl",
        r#"{"tool_name":"Bash","tool_input":{"command":"./deploy --retries 3","description":"Deploy and retry"}}"#,
    );
    let out = ws
        .lore()
        .args(["extract-queries", "calls.jsonl"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("deploy (in 240 patterns: no weight)"),
        "{text}"
    );
    assert!(text.contains("retry (same stem as retries)"), "{text}");
    assert!(text.contains(r#"fts:       "retries""#), "{text}");

    let json = ws
        .lore()
        .args(["extract-queries", "--json", "calls.jsonl"])
        .output()
        .unwrap();
    let row: Value = serde_json::from_str(stdout(&json).trim()).unwrap();
    assert_eq!(row["fts"], "\"retries\"");
    let dropped: Vec<&str> = row["not_searched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["reason"].as_str().unwrap())
        .collect();
    assert!(dropped.contains(&"everywhere"), "{row}");
    assert!(dropped.contains(&"same_stem"), "{row}");
}

#[test]
fn extract_queries_refuses_a_fifo_a_device_or_endless_stdin() {
    common::check_unbounded_inputs_are_refused(
        &Workspace::new(),
        &["extract-queries"],
        &["extract-queries"],
    );
}
