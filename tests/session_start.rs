//! What a session starts with, through `lore hook`: the patterns that fit the project (its
//! languages, technologies and root files), how many others there are and how to find them,
//! and the universal patterns, within the budget. Three small projects (Go with gin, Next.js
//! in TypeScript, Python with FastAPI) over one knowledge base that holds patterns for all
//! three and for stacks none of them uses.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use common::{Workspace, stdout};
use serde_json::{Value, json};

/// A project whose root holds `files`, lore.toml and a copy of tests/fixtures/session_kb as
/// its patterns/, indexed.
fn project(files: &[(&str, &str)]) -> Workspace {
    let ws = Workspace::new();
    std::fs::create_dir_all(ws.path(".git")).unwrap();
    ws.copy_into(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/session_kb"),
        "patterns",
    );
    for (path, text) in files {
        ws.write(path, text);
    }
    ws.lore().arg("ingest").assert().success();
    ws
}

fn go_gin() -> Workspace {
    project(&[
        (
            "go.mod",
            "module example.com/shop\n\ngo 1.23\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
        ),
        ("Dockerfile", "FROM golang:1.23\n"),
        (".github/workflows/ci.yml", "on: push\n"),
        ("cmd/shop/main.go", "package main\n"),
    ])
}

fn next_typescript() -> Workspace {
    project(&[
        (
            "package.json",
            r#"{"dependencies": {"next": "15.0.0", "react": "19.0.0"}, "devDependencies": {"typescript": "5.6.0"}}"#,
        ),
        ("tsconfig.json", "{}"),
        ("next.config.ts", "export default {};\n"),
        (
            "app/page.tsx",
            "export default function Page() { return null; }\n",
        ),
    ])
}

fn python_fastapi() -> Workspace {
    project(&[
        (
            "pyproject.toml",
            "[project]\nname = \"api\"\ndependencies = [\"fastapi>=0.115\", \"uvicorn\"]\n",
        ),
        ("app/main.py", "from fastapi import FastAPI\n"),
    ])
}

/// The context `lore hook` (with `flags` after `hook`) injects for `payload`, checked against
/// the contract: one `hookSpecificOutput` naming the event.
fn injected(ws: &Workspace, payload: &Value, flags: &[&str]) -> String {
    let output = ws
        .lore()
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .arg("hook")
        .args(flags)
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    assert!(output.status.success());
    let reply: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let out = &reply["hookSpecificOutput"];
    assert_eq!(out["hookEventName"], payload["hook_event_name"]);
    out["additionalContext"].as_str().unwrap().to_string()
}

fn session_start(ws: &Workspace, session: &str, source: &str) -> Value {
    json!({
        "session_id": session,
        "cwd": ws.root().display().to_string(),
        "hook_event_name": "SessionStart",
        "source": source,
    })
}

/// Patterns no one of the three projects uses: never listed, never shown.
const UNRELATED: [&str; 4] = [
    "patterns/rust/errors.md",
    "patterns/java/spring-services.md",
    "patterns/python/django-models.md",
    "patterns/typescript/vue-components.md",
];

fn assert_fits(text: &str, listed: &[&str], not_listed: &[&str]) {
    assert!(text.chars().count() <= 3_000, "{}", text.chars().count());
    for path in listed {
        assert!(
            text.contains(&format!(": {path}\n")),
            "{path} missing:\n{text}"
        );
    }
    for path in UNRELATED.iter().chain(not_listed) {
        assert!(!text.contains(path), "{path} listed:\n{text}");
    }
    // Factual, not orders to the model.
    for imperative in ["you must", "always call", "You must", "Always call"] {
        assert!(!text.contains(imperative), "{text}");
    }
}

#[test]
fn a_go_gin_project_gets_its_go_and_gin_patterns_and_the_files_at_its_root() {
    let ws = go_gin();
    let text = injected(&ws, &session_start(&ws, "go", "startup"), &[]);
    assert_fits(
        &text,
        &[
            "patterns/go/gin-handlers.md",
            "patterns/go/errors.md",
            "patterns/go/table-tests.md",
            "patterns/ci/workflows.md",
            "patterns/ci/containers.md",
        ],
        &[
            "patterns/python/style.md",
            "patterns/typescript/app-router.md",
        ],
    );
    insta::assert_snapshot!("go_gin_cli", text);
    let mcp = injected(&ws, &session_start(&ws, "go-mcp", "startup"), &["--mcp"]);
    assert!(mcp.contains("`search_patterns`"), "{mcp}");
    assert!(!mcp.contains("lore search"), "{mcp}");
    insta::assert_snapshot!("go_gin_mcp", mcp);
}

#[test]
fn a_next_typescript_project_gets_its_next_and_typescript_patterns() {
    let ws = next_typescript();
    let text = injected(&ws, &session_start(&ws, "next", "startup"), &[]);
    assert_fits(
        &text,
        &[
            "patterns/typescript/app-router.md",
            "patterns/typescript/strict-types.md",
        ],
        &[
            "patterns/go/gin-handlers.md",
            "patterns/go/table-tests.md",
            "patterns/python/fastapi-routes.md",
            "patterns/ci/containers.md",
        ],
    );
    assert!(text.contains("`lore search <words>`"), "{text}");
    insta::assert_snapshot!("next_typescript_cli", text);
    let mcp = injected(&ws, &session_start(&ws, "next-mcp", "startup"), &["--mcp"]);
    insta::assert_snapshot!("next_typescript_mcp", mcp);
}

#[test]
fn a_python_fastapi_project_gets_its_python_and_fastapi_patterns() {
    let ws = python_fastapi();
    let text = injected(&ws, &session_start(&ws, "py", "startup"), &[]);
    assert_fits(
        &text,
        &[
            "patterns/python/fastapi-routes.md",
            "patterns/python/style.md",
        ],
        &[
            "patterns/go/errors.md",
            "patterns/typescript/strict-types.md",
            "patterns/ci/workflows.md",
        ],
    );
    insta::assert_snapshot!("python_fastapi_cli", text);
    let mcp = injected(&ws, &session_start(&ws, "py-mcp", "startup"), &["--mcp"]);
    insta::assert_snapshot!("python_fastapi_mcp", mcp);
}

/// The listing's lines: what the model is told applies.
fn listed(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("- ")).collect()
}

#[test]
fn compaction_and_subagents_get_the_same_listing_and_resume_does_not_repeat_universals() {
    let ws = python_fastapi();
    let start = injected(&ws, &session_start(&ws, "s", "startup"), &[]);
    assert!(start.contains("# Commit messages"), "{start}");
    // Resuming keeps the session's record: the universal pattern is in its context already.
    let resumed = injected(&ws, &session_start(&ws, "s", "resume"), &[]);
    assert_eq!(listed(&resumed), listed(&start));
    assert!(!resumed.contains("# Commit messages"), "{resumed}");
    // Compaction dropped everything: the same listing, and the universal pattern again.
    let compacted = injected(&ws, &session_start(&ws, "s", "compact"), &[]);
    assert_eq!(compacted, start);
    let subagent = injected(
        &ws,
        &json!({
            "session_id": "s",
            "agent_id": "a1",
            "agent_type": "general-purpose",
            "cwd": ws.root().display().to_string(),
            "hook_event_name": "SubagentStart",
        }),
        &[],
    );
    assert_eq!(subagent, start);
}

#[test]
fn the_listing_and_the_universal_patterns_share_the_budget() {
    let ws = go_gin();
    let with_budget = |budget: usize, session: &str| {
        ws.write(
            "lore.toml",
            &format!(
                "{}\n[hook]\nsession_start_budget = {budget}\n",
                common::FTS_CONFIG
            ),
        );
        let text = injected(&ws, &session_start(&ws, session, "startup"), &[]);
        assert!(text.chars().count() <= budget, "{budget}:\n{text}");
        text
    };
    // Enough for the whole listing, and the universal pattern gets the rest.
    let text = with_budget(1_600, "roomy");
    assert_eq!(listed(&text).len(), 6, "{text}");
    assert!(text.contains("# Commit messages"), "{text}");
    // Too little for every line: the most specific evidence comes first, the rest is counted.
    let text = with_budget(900, "tight");
    let lines = listed(&text);
    assert_eq!(
        lines.first(),
        Some(&"- Gin handlers: patterns/go/gin-handlers.md"),
        "{text}"
    );
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("- and ") && l.contains("more that apply (")),
        "{text}"
    );
}

#[test]
fn a_project_without_manifests_is_told_so_with_the_universal_patterns() {
    let ws = project(&[("notes.txt", "nothing to see\n")]);
    let text = injected(&ws, &session_start(&ws, "bare", "startup"), &[]);
    assert!(text.contains("lore found no manifest"), "{text}");
    assert!(text.contains("# Commit messages"), "{text}");
    // Only the general pattern is listed: nothing specific can be shown to fit.
    assert_eq!(
        listed(&text),
        ["- Code review: patterns/reviews.md"],
        "{text}"
    );
}

#[test]
fn a_database_pattern_scoped_to_a_folder_comes_where_the_session_start_said_it_applies() {
    // The project depends on a PostgreSQL client; the team tagged its pooling rule for
    // PostgreSQL and scoped it to the folder that talks to the database.
    let ws = Workspace::new();
    std::fs::create_dir_all(ws.path(".git")).unwrap();
    ws.write("package.json", r#"{"dependencies": {"pg": "^8.11.0"}}"#);
    ws.pattern(
        "db-pool.md",
        "---\npaths: [\"src/db/**\"]\ntags: [postgres, pool]\n---\n# DB pooling\n\n\
         Take a client from the shared pool and release it in `finally`. MARK-POOL\n",
    );
    ws.lore().arg("ingest").assert().success();
    let start = injected(&ws, &session_start(&ws, "db", "startup"), &[]);
    assert!(start.contains("patterns/db-pool.md"), "{start}");
    let edit = |session: &str, file: &str| {
        let payload = json!({
            "session_id": session,
            "cwd": ws.root().display().to_string(),
            "hook_event_name": "PreToolUse",
            "tool_name": "Edit",
            "tool_input": {"file_path": ws.path(file).display().to_string(),
                           "old_string": "x", "new_string": "export const limit = 10;"},
        });
        let output = ws
            .lore()
            .arg("hook")
            .write_stdin(payload.to_string())
            .output()
            .unwrap();
        assert!(output.status.success());
        stdout(&output)
    };
    assert!(edit("db-1", "src/db/orders.ts").contains("MARK-POOL"));
    // Elsewhere in the project the database says nothing of the call.
    assert!(!edit("db-2", "src/ui/button.ts").contains("MARK-POOL"));
}

#[test]
fn a_knowledge_dir_gone_from_the_checkout_is_said_with_its_indexed_patterns() {
    let ws = project(&[("notes.txt", "nothing to see\n")]);
    let start = injected(&ws, &session_start(&ws, "here", "startup"), &[]);
    assert!(!start.contains("is not in this checkout"), "{start}");
    // The folder is gone (a sparse checkout, a branch without it): the patterns indexed
    // before are still served, and the listing says their paths open no file.
    std::fs::rename(ws.path("patterns"), ws.path("patterns-elsewhere")).unwrap();
    let start = injected(&ws, &session_start(&ws, "gone", "startup"), &[]);
    assert!(start.contains("patterns/reviews.md"), "{start}");
    assert!(
        start.contains("patterns/ is not in this checkout")
            && start.contains("`lore search <words>` shows their text"),
        "{start}"
    );
}
