//! What a harness loaded itself (a root `AGENTS.md` that Codex reads, or that a `CLAUDE.md`
//! imports for Claude Code) is not sent again, and it does not set the standard the rules
//! lore may send are judged against: the room it would have taken is free for them.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used)]

mod common;

use common::{Workspace, git, stderr, stdout};
use serde_json::json;

#[test]
fn a_rule_the_harness_loaded_does_not_cut_the_rule_lore_sends() {
    let ws = Workspace::new();
    git(ws.root(), &["init", "-q"]);
    // The root instructions say much about schema changes, in the prompt's own words.
    ws.write(
        "AGENTS.md",
        "# Ledger service\n\n## Schema changes\n\nEvery schema change ships as a migration \
         with a rollback. Create the migration with the generator, review the migration, \
         add the column as nullable, backfill the column, then add the constraint. A \
         migration that renames a column is two migrations.\n",
    );
    ws.write("CLAUDE.md", "@AGENTS.md\n");
    // A long rule of the team's about migrations, whose last section the prompt needs.
    let filler = "Keep each step small and name it for what it changes. ".repeat(12);
    ws.write(
        ".cursor/rules/migrations.mdc",
        &format!(
            "# Migrations\n\n## Naming\n\n{filler}\n\n## Ordering\n\n{filler}\n\n\
             ## Review\n\nRead the generated Down before committing: it must undo Up \
             exactly. MARK-DOWN-UNDOES-UP\n"
        ),
    );
    ws.lore().args(["ingest"]).assert().success();
    for harness in ["codex", "claude"] {
        let payload = json!({
            "session_id": format!("loaded-{harness}"), "cwd": ws.path(""),
            "transcript_path": "/nonexistent.jsonl",
            "hook_event_name": "UserPromptSubmit",
            "prompt": "Add a priority column to the ledger entries and create the migration \
                       for this schema change",
        });
        let out = ws
            .lore()
            .args(["hook", "--harness", harness])
            .write_stdin(payload.to_string())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let text = stdout(&out);
        // Not sent again, and its strength no reason to send the team's rule in excerpt.
        assert!(!text.contains("Ledger service"), "{harness}: {text}");
        assert!(text.contains("MARK-DOWN-UNDOES-UP"), "{harness}: {text}");
    }
}
