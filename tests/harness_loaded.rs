//! What a harness loaded itself (a root `AGENTS.md` that Codex reads, or that a `CLAUDE.md`
//! imports for Claude Code) is not sent again, and it does not make the rules lore may send
//! "far below the call's best" and so shown only briefly: the room it would have taken is
//! free for them.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used)]

mod common;

use common::{Workspace, git, stderr, stdout};
use serde_json::{Value, json};

#[test]
fn a_rule_the_harness_loaded_does_not_make_the_rule_lore_sends_brief() {
    let ws = Workspace::new();
    git(ws.root(), &["init", "-q"]);
    // The root instructions say much about schema changes, in the prompt's own words.
    ws.write(
        "AGENTS.md",
        "# Ledger service\n\n## Schema changes\n\nEvery schema change ships as a migration \
         with a rollback. Create the migration with the generator, review the migration, \
         add the column as nullable, backfill the column, then add the constraint. A \
         migration that renames a column is two migrations. Ledger entries never lose a \
         column in one migration.\n",
    );
    ws.write("CLAUDE.md", "@AGENTS.md\n");
    ws.write(
        ".cursor/rules/db-workflow.mdc",
        "# Database workflow\n\n## Naming\n\nName it for what it does.\n\n## Ordering\n\n\
         One change a file.\n\n## Review\n\nWhen you add a column or create a table, review \
         the generated migration: its Down must undo Up exactly, for every schema change to \
         the ledger entries. A migration that adds a priority column creates it nullable \
         first. MARK-DOWN-UNDOES-UP\n",
    );
    // Other topics, so the prompt's words are the migration rules' own.
    for (name, rule) in [
        ("logging", "Log with structured fields and the request id."),
        ("testing", "Tests use the builder helpers and never sleep."),
        ("ui", "Buttons use the design tokens for colour."),
        (
            "i18n",
            "Every user facing string goes through the translation table.",
        ),
        (
            "auth",
            "Tokens are checked in the middleware, never in handlers.",
        ),
    ] {
        ws.write(
            &format!(".cursor/rules/{name}.mdc"),
            &format!("# {name}\n\n{rule}\n"),
        );
    }
    ws.lore().args(["ingest"]).assert().success();
    for harness in ["codex", "claude"] {
        let payload = json!({
            "session_id": format!("loaded-{harness}"), "cwd": ws.path(""),
            "transcript_path": "/nonexistent.jsonl",
            "hook_event_name": "UserPromptSubmit",
            "prompt": "Add a priority column to the ledger entries and create the migration \
                       for this schema change",
        });
        ws.write("payload.json", &payload.to_string());
        let out = ws
            .lore()
            .args([
                "why",
                "--json",
                "--session",
                "",
                "--harness",
                harness,
                "payload.json",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
        let candidate = |source: &str| {
            report["candidates"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["source"] == source)
                .cloned()
                .unwrap_or_default()
        };
        assert_eq!(
            candidate("AGENTS.md")["verdict"],
            "dropped",
            "{harness}: {report}"
        );
        // Kept on its words as the call's best, not as a trailing match shown briefly.
        let rule = candidate(".cursor/rules/db-workflow.mdc");
        assert_eq!(rule["grounds"], "words", "{harness}: {rule}");
        assert_eq!(rule["share"]["budget"], "whole", "{harness}: {rule}");
    }
}
