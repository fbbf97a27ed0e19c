//! Rule files reached in other ways than a plain file in place: a Continue rule scoped to
//! the text an edit writes or replaces, a rule file linked from elsewhere in the repository,
//! a checkout with no knowledge dir, and a file written through a link to the repository.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod sources_support;

use common::{Workspace, stderr, stdout};
use serde_json::json;
use sources_support::*;

/// A marker per Continue rule, found nowhere else.
const CONTINUE_TODO: &str = "SRCMARK-CONTINUE-TODO";
const CONTINUE_GO: &str = "SRCMARK-CONTINUE-GO-TESTS";

#[test]
fn a_continue_regex_rule_comes_when_the_written_or_replaced_text_matches() {
    let ws = Workspace::bare();
    ws.write(
        ".continue/rules/todos.md",
        &format!(
            "---\nname: TODOs\nregex:\n  - 'TODO:'\n  - FIXME\n---\n# TODO comments\n\
             Every TODO names an issue number. {CONTINUE_TODO}\n"
        ),
    );
    ws.write(
        ".continue/rules/go-tests.md",
        &format!(
            "---\nname: Go tests\nglobs: \"**/*_test.go\"\nregex: \"func Test\\\\w+\"\n---\n\
             # Go tests\nWrite table tests. {CONTINUE_GO}\n"
        ),
    );
    ws.write(
        ".continue/rules/broken.md",
        "---\nname: Broken\nregex: 'foo(?=bar)'\n---\n# Broken\nLook ahead.\n",
    );
    let init = ws
        .lore()
        .args(["init", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(init.status.success(), "{}", stderr(&init));
    // The regex lore cannot use is a warning naming the file and line; the rest is indexed.
    assert!(
        stderr(&init)
            .contains("warning: .continue/rules/broken.md:3: `regex` `foo(?=bar)` cannot be used"),
        "{}",
        stderr(&init)
    );

    // Claude Code: what a Write writes, what an Edit adds or removes.
    let write = claude(
        &ws,
        json!({
            "session_id": "c1", "transcript_path": "/nonexistent.jsonl", "cwd": cwd(&ws),
            "hook_event_name": "PreToolUse", "tool_name": "Write",
            "tool_input": {"file_path": ws.path("web/cache.ts"),
                           "content": "// TODO: expire entries\nexport const cache = new Map();\n"},
        }),
    )
    .unwrap_or_default();
    assert!(write.contains(CONTINUE_TODO), "{write}");
    let removed = claude(
        &ws,
        json!({
            "session_id": "c2", "transcript_path": "/nonexistent.jsonl", "cwd": cwd(&ws),
            "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": ws.path("web/cache.ts"),
                           "old_string": "// FIXME: slow\nscan();", "new_string": "index();"},
        }),
    )
    .unwrap_or_default();
    assert!(removed.contains(CONTINUE_TODO), "{removed}");
    let neither = claude_edit(&ws, "c3", "web/cache.ts", "export const todos = [];");
    assert!(!neither.contains(CONTINUE_TODO), "{neither}");

    // Codex: a patch's added lines, and the rule's globs too.
    let test = codex_patch(
        &ws,
        "x1",
        "pkg/add_test.go",
        "func TestAdd(t *testing.T) {}",
    );
    assert!(test.contains(CONTINUE_GO), "{test}");
    assert!(!test.contains(CONTINUE_TODO), "{test}");
    let not_a_test = codex_patch(&ws, "x2", "pkg/add.go", "func TestAdd(t *testing.T) {}");
    assert!(!not_a_test.contains(CONTINUE_GO), "{not_a_test}");
    let no_test = codex_patch(&ws, "x3", "pkg/add_test.go", "func helper() {}");
    assert!(!no_test.contains(CONTINUE_GO), "{no_test}");

    // Never at session start, and still found by search.
    let start = claude(&ws, session_start(&ws, "c4")).unwrap_or_default();
    assert!(
        !start.contains(CONTINUE_TODO) && !start.contains(CONTINUE_GO),
        "{start}"
    );
    let search = ws.lore().args(["search", "table tests"]).output().unwrap();
    assert!(
        stdout(&search).contains(".continue/rules/go-tests.md"),
        "{}",
        stdout(&search)
    );
}

/// A marker only the linked guide holds.
const LINKED_GUIDE: &str = "SRCMARK-LINKED-GUIDE";

#[test]
fn a_linked_rule_file_applies_where_the_link_is_and_its_text_comes_once() {
    let ws = Workspace::bare();
    ws.write(
        "cli/AGENTS.md",
        &format!("# The CLI\nEvery command prints a one-line summary. {LINKED_GUIDE}\n"),
    );
    // The repository's root guide is the CLI's own, through a link.
    std::os::unix::fs::symlink("cli/AGENTS.md", ws.path("AGENTS.md")).unwrap();
    let init = ws
        .lore()
        .args(["init", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(init.status.success(), "{}", stderr(&init));
    assert!(
        !stderr(&init).contains("symbolic link"),
        "{}",
        stderr(&init)
    );

    // The link is the root's guide: it primes every session, and the same text does not
    // come again on an edit inside `cli/`.
    let start = claude(&ws, session_start(&ws, "l1")).unwrap_or_default();
    assert!(start.contains(LINKED_GUIDE), "{start}");
    let after = claude_edit(&ws, "l1", "cli/main.go", "package main");
    assert!(!after.contains(LINKED_GUIDE), "{after}");
    // Without that priming, an edit inside `cli/` gets it once, as the folder's own file.
    let cli = claude_edit(&ws, "l2", "cli/main.go", "package main");
    assert_eq!(cli.matches(LINKED_GUIDE).count(), 1, "{cli}");
    assert!(cli.contains("cli/AGENTS.md"), "{cli}");
    // Codex loads the root AGENTS.md itself, link or not, and so the same text never comes.
    let patch = codex_patch(&ws, "l3", "cli/main.go", "package main");
    assert!(!patch.contains(LINKED_GUIDE), "{patch}");

    // A CLAUDE.md that is a link to AGENTS.md is loaded by Claude Code: its text never
    // comes again, under any name.
    std::os::unix::fs::symlink("AGENTS.md", ws.path("CLAUDE.md")).unwrap();
    let ingest = ws.lore().arg("ingest").output().unwrap();
    assert!(ingest.status.success(), "{}", stderr(&ingest));
    let start = claude(&ws, session_start(&ws, "l4")).unwrap_or_default();
    assert!(!start.contains(LINKED_GUIDE), "{start}");
    let text = claude_edit(&ws, "l5", "cli/main.go", "package main");
    assert!(!text.contains(LINKED_GUIDE), "{text}");
}

#[test]
fn a_checkout_without_a_knowledge_dir_is_served_its_rule_files() {
    // A team that keeps only its agents' rule files commits `lore.toml` and no `patterns/`
    // (git keeps no empty folder): a fresh clone, or a worktree, has none.
    let (ws, _) = repository();
    std::fs::remove_dir_all(ws.path("patterns")).unwrap();
    std::fs::remove_dir_all(ws.path(".lore")).unwrap();
    // The first hook builds the index from the rule files alone.
    let api = claude_edit(&ws, "s1", "src/api/orders.ts", "export const total = 1;");
    assert!(api.contains(CURSOR_API), "{api}");
    let ingest = ws.lore().args(["ingest", "--force"]).output().unwrap();
    assert!(ingest.status.success(), "{}", stderr(&ingest));
    assert!(
        stderr(&ingest)
            .contains("warning: patterns: does not exist: only the agents' rule files are indexed"),
        "{}",
        stderr(&ingest)
    );
}

#[test]
fn a_knowledge_dir_gone_from_under_indexed_patterns_is_an_error_that_keeps_them() {
    // A mistyped or moved `knowledge_dir` must not take the team's own patterns out of the
    // index with only a warning.
    let (ws, _) = repository();
    ws.pattern(
        "migrations.md",
        "# Migrations\n\nEvery migration is reversible. PATTERN-MIGRATIONS\n",
    );
    ws.lore().arg("ingest").assert().success();
    std::fs::rename(ws.path("patterns"), ws.path("docs")).unwrap();
    let ingest = ws.lore().arg("ingest").output().unwrap();
    assert_eq!(ingest.status.code(), Some(1), "{}", stderr(&ingest));
    assert!(
        stderr(&ingest).contains("does not exist; create it, or point `knowledge_dir`"),
        "{}",
        stderr(&ingest)
    );
    let search = ws
        .lore()
        .args(["search", "reversible migration"])
        .output()
        .unwrap();
    assert!(
        stdout(&search).contains("migrations.md"),
        "{}",
        stdout(&search)
    );
}

#[test]
fn a_file_written_through_a_link_to_the_repository_gets_its_scoped_rules() {
    // The agent names the file through a link (macOS's `/var` for `/private/var`), the
    // hook's working directory is the real folder.
    let (ws, _) = repository();
    let outside = tempfile::tempdir().unwrap();
    let link = outside.path().join("checkout");
    std::os::unix::fs::symlink(ws.root(), &link).unwrap();
    let edit = claude(
        &ws,
        json!({
            "session_id": "linked", "transcript_path": "/nonexistent.jsonl", "cwd": cwd(&ws),
            "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": link.join("src/api/orders.ts"), "old_string": "x",
                           "new_string": "export const total = 1;"},
        }),
    )
    .unwrap_or_default();
    assert!(edit.contains(CURSOR_API), "{edit}");
}
