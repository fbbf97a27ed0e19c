//! Where a session started does not change what a call gets: Claude Code started in a
//! package folder of a monorepo (`cd apps/web && claude`) names the files it touches, in
//! that folder or in another package, as a session started at the repository root does, so
//! lore's `paths` globs and other agents' rule globs (both written from the root) match, and
//! shows the patterns and rule files it injects by the same names.
//! A configuration outside a git repository's top (the user's, or one for a folder of many
//! projects) names files from the working directory, as before.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Workspace, git, stderr, stdout};
use serde_json::{Value, json};

fn monorepo() -> Workspace {
    let ws = Workspace::new();
    git(ws.root(), &["init", "-q"]);
    ws.pattern(
        "web-routes.md",
        "---\npaths: [\"apps/web/**\"]\n---\n# Web routes\n\nEvery route exports a loader. \
         MARK-WEB-ROUTES\n",
    );
    ws.pattern(
        "db-pool.md",
        "---\npaths: [\"packages/db/**\"]\n---\n# Database package\n\nQueries go through \
         the pool. MARK-DB-POOL\n",
    );
    ws.write(
        ".cursor/rules/db-migrations.mdc",
        "---\nglobs: packages/db/migrations/**\nalwaysApply: false\n---\n# Migrations\n\n\
         Every migration is reversible. MARK-MIGRATIONS\n",
    );
    ws.write("apps/web/package.json", "{\"name\": \"web\"}\n");
    ws.lore().args(["ingest"]).assert().success();
    ws
}

/// The hook's text for an Edit of `file` (from the repository root) in a session started in
/// `folder` (from the root; "" for the root itself).
fn edit(ws: &Workspace, session: &str, folder: &str, file: &str) -> String {
    let cwd = if folder.is_empty() {
        ws.root().to_path_buf()
    } else {
        ws.path(folder)
    };
    let payload = json!({
        "session_id": session, "transcript_path": "/nonexistent.jsonl",
        "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "Edit",
        "tool_input": {"file_path": ws.path(file), "old_string": "x",
                       "new_string": "export const total = 1;"},
    });
    let out = ws.hook(&payload.to_string());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    if text.trim().is_empty() {
        return String::new();
    }
    let value: Value = serde_json::from_str(text.trim()).unwrap();
    value["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap()
        .to_string()
}

/// What a Gemini CLI session started in `folder` (from the root) is primed with.
fn gemini_start(ws: &Workspace, session: &str, folder: &str) -> String {
    harness_start(ws, "gemini", session, folder)
}

/// The hook's answer to `harness`'s session started in `folder` (from the root).
fn harness_start(ws: &Workspace, harness: &str, session: &str, folder: &str) -> String {
    let payload = json!({
        "session_id": session, "cwd": ws.path(folder),
        "hook_event_name": "SessionStart", "source": "startup",
    });
    let out = ws
        .lore()
        .args(["hook", "--harness", harness])
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
}

#[test]
fn a_session_started_in_a_package_folder_gets_what_one_at_the_root_gets() {
    let ws = monorepo();
    let calls = [
        ("apps/web/src/page.ts", "MARK-WEB-ROUTES"),
        ("packages/db/src/pool.ts", "MARK-DB-POOL"),
        ("packages/db/migrations/0001_users.ts", "MARK-MIGRATIONS"),
    ];
    for (n, (file, marker)) in calls.iter().enumerate() {
        let at_root = edit(&ws, &format!("root-{n}"), "", file);
        let in_package = edit(&ws, &format!("web-{n}"), "apps/web", file);
        assert!(at_root.contains(marker), "{file} from the root: {at_root}");
        assert!(
            in_package.contains(marker),
            "{file} from apps/web: {in_package}"
        );
        assert!(
            in_package.contains(&format!("Edit of {file}")),
            "named from the root: {in_package}"
        );
        // The rule files and patterns are named from the root too, as the touched file is
        // (not by absolute paths because they lie outside the working directory).
        assert_eq!(in_package, at_root, "{file}");
    }
}

#[test]
fn a_configuration_for_a_folder_of_projects_names_files_from_the_working_directory() {
    // No git repository at the configuration's folder: each project below it is its own,
    // and a pattern's `paths` are written from the project (`src/**`).
    let ws = Workspace::new();
    ws.pattern(
        "components.md",
        "---\npaths: [\"src/components/**\"]\n---\n# Components\n\nOne component a file. \
         MARK-COMPONENTS\n",
    );
    ws.write("projects/shop/package.json", "{\"name\": \"shop\"}\n");
    ws.lore().args(["ingest"]).assert().success();
    let text = edit(
        &ws,
        "shop",
        "projects/shop",
        "projects/shop/src/components/cart.ts",
    );
    assert!(text.contains("MARK-COMPONENTS"), "{text}");
}

#[test]
fn a_package_session_through_a_link_names_a_file_of_another_package_from_the_root() {
    // The session's folder is reached through a link (`~/code` on another volume) and the
    // agent writes another package's file by its real path.
    let ws = monorepo();
    let outside = tempfile::tempdir().unwrap();
    let link = outside.path().join("checkout");
    std::os::unix::fs::symlink(ws.root(), &link).unwrap();
    let payload = json!({
        "session_id": "linked-web", "transcript_path": "/nonexistent.jsonl",
        "cwd": link.join("apps/web"), "hook_event_name": "PreToolUse", "tool_name": "Edit",
        "tool_input": {"file_path": ws.path("packages/db/src/pool.ts"), "old_string": "x",
                       "new_string": "export const total = 1;"},
    });
    let out = ws.hook(&payload.to_string());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("MARK-DB-POOL"), "{text}");
    assert!(text.contains("Edit of packages/db/src/pool.ts"), "{text}");
}

#[test]
fn a_session_started_in_a_package_folder_is_primed_with_that_folders_instructions() {
    let ws = monorepo();
    ws.write(
        "apps/web/AGENTS.md",
        "# Web app\n\nRoutes never import from another app. MARK-WEB-AGENTS\n",
    );
    ws.write(
        "packages/db/AGENTS.md",
        "# Database package\n\nNo raw SQL outside queries/. MARK-DB-AGENTS\n",
    );
    ws.lore().args(["ingest"]).assert().success();
    // Gemini CLI loads GEMINI.md files, not AGENTS.md: lore primes with the folder's own.
    let start = |folder: &str| gemini_start(&ws, &format!("start-{folder}"), folder);
    let web = start("apps/web");
    assert!(web.contains("MARK-WEB-AGENTS"), "{web}");
    assert!(!web.contains("MARK-DB-AGENTS"), "another package's: {web}");
}

#[test]
fn a_session_folders_instructions_come_before_always_on_rules_and_what_finds_no_room_is_named() {
    let ws = monorepo();
    // Always-on rules whose paths sort before the folder's guide, each long enough that
    // two of them fill the room session start gives them.
    for name in ["api-shapes", "commits", "logging", "naming"] {
        let lines: String = (0..24)
            .map(|i| format!("- Rule {i} of {name}: keep it consistent with the rest.\n"))
            .collect();
        ws.write(
            &format!(".cursor/rules/{name}.mdc"),
            &format!("---\nalwaysApply: true\n---\n# {name}\n\n{lines}\nMARK-ALWAYS-{name}\n"),
        );
    }
    ws.write(
        "apps/web/AGENTS.md",
        "# Web app\n\nRun `pnpm test` from this folder. MARK-WEB-AGENTS\n",
    );
    ws.lore().args(["ingest"]).assert().success();
    let text = gemini_start(&ws, "start-web", "apps/web");
    assert!(text.contains("MARK-WEB-AGENTS"), "{text}");
    let shown = ["api-shapes", "commits", "logging", "naming"]
        .iter()
        .filter(|name| text.contains(&format!("MARK-ALWAYS-{name}")))
        .count();
    assert!(shown < 4, "the budget was meant to be too small: {text}");
    // What found no room is named, so the agent can read it.
    assert!(text.contains("not shown for lack of room"), "{text}");
    assert!(text.contains(".cursor/rules/naming.mdc"), "{text}");
}

#[test]
fn another_agents_wrapper_around_agents_md_does_not_prime_the_session() {
    let ws = Workspace::new();
    git(ws.root(), &["init", "-q"]);
    ws.write(
        "AGENTS.md",
        "# Shop\n\nRun `make check` first. MARK-AGENTS\n",
    );
    ws.write(
        "CLAUDE.md",
        "@AGENTS.md\n\nClaude only: use the Task tool for searches. MARK-CLAUDE-ONLY\n",
    );
    ws.write(
        "api/CLAUDE.md",
        "# Api\n\nEvery route is versioned. MARK-API-CLAUDE\n",
    );
    ws.lore().args(["ingest"]).assert().success();
    let start = |folder: &str| gemini_start(&ws, &format!("wrapper-{folder}"), folder);
    let root = start("");
    assert!(root.contains("MARK-AGENTS"), "{root}");
    assert!(!root.contains("MARK-CLAUDE-ONLY"), "{root}");
    // A CLAUDE.md that imports nothing holds the folder's own instructions.
    std::fs::create_dir_all(ws.path("api")).unwrap();
    let api = start("api");
    assert!(api.contains("MARK-API-CLAUDE"), "{api}");
}

#[test]
fn a_claude_md_that_only_imports_agents_md_is_not_listed_to_another_agent() {
    let ws = Workspace::new();
    git(ws.root(), &["init", "-q"]);
    ws.write("AGENTS.md", "# Shop\n\nRun `make check` first.\n");
    ws.write("CLAUDE.md", "@AGENTS.md\n");
    ws.write(
        ".cursor/rules/money.mdc",
        "---\ndescription: Money amounts\nalwaysApply: false\n---\n# Money\n\nAmounts are \
         integer cents.\n",
    );
    ws.lore().args(["ingest"]).assert().success();
    for harness in ["codex", "gemini", "qwen"] {
        let text = harness_start(&ws, harness, &format!("pointer-{harness}"), "");
        // The team's other rule is listed; the pointer, with nothing of its own, is not.
        assert!(text.contains("money.mdc"), "{harness}: {text}");
        assert!(!text.contains("CLAUDE.md"), "{harness}: {text}");
    }
}

#[test]
fn a_session_started_in_a_package_lists_the_rules_whose_globs_select_files_there() {
    let ws = Workspace::new();
    git(ws.root(), &["init", "-q"]);
    ws.write("src/web/package.json", "{\"name\": \"web\"}\n");
    ws.write("src/web/src/app.ts", "export const app = 1;\n");
    ws.write("src/api/src/server.ts", "export const server = 1;\n");
    ws.write(
        ".cursor/rules/web-components.mdc",
        "---\ndescription: Web components\nglobs: src/web/**\nalwaysApply: false\n---\n\
         # Web components\n\nOne component a file.\n",
    );
    ws.write(
        ".cursor/rules/api-logging.mdc",
        "---\ndescription: Api logging\nglobs: src/api/**/*.ts\nalwaysApply: false\n---\n\
         # Api logging\n\nLog with the request id.\n",
    );
    ws.lore().args(["ingest"]).assert().success();
    let start = |folder: &str| {
        let answer = harness_start(&ws, "codex", &format!("listing-{folder}"), folder);
        let answer: Value = serde_json::from_str(&answer).unwrap();
        answer["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let web = start("src/web");
    let listed = |text: &str, rule: &str| {
        text.lines()
            .any(|l| l.starts_with("- ") && l.contains(rule))
    };
    assert!(listed(&web, "web-components.mdc"), "{web}");
    // The API's rule selects nothing in src/web, though its files are TypeScript too.
    assert!(!listed(&web, "api-logging.mdc"), "{web}");
}
