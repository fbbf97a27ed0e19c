//! A repository that holds only other agents' rule files gets scoped injections with no
//! configuration beyond `lore init`: each file with the scoping its authors wrote, the nested
//! `AGENTS.md` only under its folder, manual rules searchable but never injected, and what
//! each harness loads itself (Claude Code: `CLAUDE.md`, `.claude/rules`; Codex: `AGENTS.md`
//! from the root to the working directory) never injected to it again.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod sources_support;

use common::{Workspace, stderr, stdout};
use serde_json::Value;
use sources_support::*;

#[test]
fn init_reports_the_rule_files_and_status_counts_them() {
    let (ws, init) = repository();
    assert!(
        init.contains(
            "found rule files of other agents, read in place with their own scoping: \
             cursor 1, copilot 1, claude 1, agents_md 3, windsurf 1, cline 1"
        ),
        "{init}"
    );
    let status = ws.lore().arg("status").output().unwrap();
    assert!(
        stdout(&status).contains(
            "rule files:    cursor 1, copilot 1, claude 1, agents_md 3, windsurf 1, kiro 0, \
             continue 0, cline 1, junie 0"
        ),
        "{}",
        stdout(&status)
    );
    let json = ws.lore().args(["status", "--json"]).output().unwrap();
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["sources"][0]["source"], "cursor");
    assert_eq!(json["sources"][0]["indexed"], 1);
    assert_eq!(json["sources"][0]["enabled"], true);
}

#[test]
fn ingest_of_one_rule_file_reads_it_and_leaves_the_others() {
    let (ws, _) = repository();
    ws.write(
        ".cursor/rules/api.mdc",
        "---\nglobs: src/api/**\nalwaysApply: false\n---\n# Endpoints\n\
         Every handler logs its request id. SRCMARK-CURSOR-API-2\n",
    );
    let out = ws
        .lore()
        .args(["ingest", "--file", ".cursor/rules/api.mdc"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("1 updated"), "{}", stdout(&out));
    let found = ws.lore().args(["search", "request id"]).output().unwrap();
    assert!(
        stdout(&found).contains(".cursor/rules/api.mdc"),
        "{}",
        stdout(&found)
    );
    let status = ws.lore().arg("status").output().unwrap();
    assert!(
        stdout(&status).contains("cursor 1, copilot 1, claude 1, agents_md 3, windsurf 1"),
        "{}",
        stdout(&status)
    );
    // A file that is not there is said to be missing, not to be outside the knowledge dir.
    let missing = ws
        .lore()
        .args(["ingest", "--file", "notes/nope.md"])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(
        stderr(&missing).contains("does not exist"),
        "{}",
        stderr(&missing)
    );
}

#[test]
fn a_rule_comes_for_the_files_its_author_scoped_it_to() {
    let (ws, _) = repository();
    let api = claude_edit(&ws, "s1", "src/api/orders.ts", "export const total = 1;");
    assert!(api.contains(CURSOR_API), "{api}");
    assert!(
        api.contains(".cursor/rules/api.mdc"),
        "shown at its own path: {api}"
    );
    let ui = claude_edit(&ws, "s2", "src/ui/button.ts", "export const label = 1;");
    assert!(!ui.contains(CURSOR_API), "{ui}");
    // A glob over every Python file says where the rule may apply; the call's words say
    // whether it applies now.
    let bare = claude_edit(&ws, "s3", "tools/report.py", "total = 1");
    assert!(!bare.contains(COPILOT_PY), "{bare}");
    let py = claude_edit(
        &ws,
        "s4",
        "tools/report.py",
        "def total(rows: list) -> int:  # annotate every function",
    );
    assert!(py.contains(COPILOT_PY), "{py}");
    assert!(!ui.contains(COPILOT_PY), "{ui}");
}

#[test]
fn a_nested_agents_md_comes_only_under_its_folder() {
    let (ws, _) = repository();
    let billing = claude_edit(&ws, "s1", "services/billing/invoice.go", "package billing");
    assert!(billing.contains(BILLING_AGENTS), "{billing}");
    // The repository's own AGENTS.md applies to every call: it primes the session.
    assert!(!billing.contains(ROOT_AGENTS), "{billing}");
    let start = claude(&ws, session_start(&ws, "s1")).unwrap();
    assert!(start.contains(ROOT_AGENTS), "{start}");
    assert!(!start.contains(BILLING_AGENTS), "{start}");
    let api = claude_edit(&ws, "s2", "src/api/orders.ts", "export const total = 1;");
    assert!(!api.contains(BILLING_AGENTS), "{api}");
}

#[test]
fn a_nested_agents_md_stays_in_its_folder_whatever_its_words() {
    let (ws, _) = repository();
    // The call speaks of billing amounts in cents, from another folder: the billing rules
    // are about that folder's code, not about these words anywhere.
    let elsewhere = claude_edit(
        &ws,
        "s1",
        "src/api/orders.ts",
        "// Billing amounts in integer cents\nexport const cents = 1;",
    );
    assert!(!elsewhere.contains(BILLING_AGENTS), "{elsewhere}");
    // A command that changes into the folder works there.
    let test = claude_bash(
        &ws,
        "s2",
        "cd services/billing && go test ./...",
        "Run the billing tests",
    );
    assert!(test.contains(BILLING_AGENTS), "{test}");
}

#[test]
fn a_command_that_selects_a_package_or_directory_works_in_its_folder() {
    let (ws, _) = repository();
    let bash = |session: &str, command: &str| claude_bash(&ws, session, command, "Run the tests");
    // From the root, the workspace package named for the folder, or the folder given to the
    // tool, is where the command runs: that folder's guide applies.
    for (session, command) in [
        ("p1", "pnpm --filter billing test"),
        ("p2", "pnpm --filter=@acme/billing test"),
        ("p3", "make -C services/billing test"),
    ] {
        let answer = bash(session, command);
        assert!(answer.contains(BILLING_AGENTS), "{command}: {answer}");
    }
    // A package no rule folder is named for, or every package, places the command nowhere.
    for (session, command) in [("q1", "pnpm --filter orders test"), ("q2", "pnpm -r test")] {
        let answer = bash(session, command);
        assert!(!answer.contains(BILLING_AGENTS), "{command}: {answer}");
    }
}

#[test]
fn a_command_in_a_folder_gets_no_rule_its_author_scoped_to_another() {
    let ws = Workspace::bare();
    ws.write(
        ".claude/rules/api-tests.md",
        "---\npaths:\n  - \"api/tests/**\"\n---\n# Api tests\n\nRun the api tests with \
         `npm test -- --runInBand`: runInBand keeps jest from running two tests against the \
         seeded database at once. MARK-API-TESTS\n",
    );
    init_offline(&ws);
    // From the root, its words bring it to the command they name.
    let answer = claude_bash(&ws, "f0", "npm test -- --runInBand", "Run the tests");
    assert!(answer.contains("MARK-API-TESTS"), "{answer}");
    // A command working in web/ (by cd, or by the test files it names): its paths select
    // nothing there, so it is its author's for other files, whatever its words.
    for (session, command) in [
        ("f1", "cd web && npm test -- --runInBand"),
        ("f2", "npx jest --runInBand web/src/cart.test.ts"),
    ] {
        let answer = claude_bash(&ws, session, command, "Run the tests");
        assert!(!answer.contains("MARK-API-TESTS"), "{command}: {answer}");
    }
    // In api/, they do.
    let answer = claude_bash(
        &ws,
        "f3",
        "cd api && npm test -- --runInBand",
        "Run the tests",
    );
    assert!(answer.contains("MARK-API-TESTS"), "{answer}");
}

#[test]
fn what_a_claude_md_imports_is_loaded_with_it() {
    let ws = Workspace::bare();
    ws.write(
        "CLAUDE.md",
        "# Project memory\n\n@AGENTS.md\n@.cursor/rules/api.mdc\n",
    );
    ws.write(
        "AGENTS.md",
        &format!("# Repository\nRun make check before you finish. {ROOT_AGENTS}\n"),
    );
    ws.write(
        ".cursor/rules/api.mdc",
        &format!(
            "---\nglobs: src/api/**\n---\n# Endpoints\nEvery handler returns a typed envelope. \
             {CURSOR_API}\n"
        ),
    );
    let init = ws
        .lore()
        .args(["init", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(init.status.success(), "{}", stderr(&init));
    let claude_call = claude_edit(&ws, "c1", "src/api/orders.ts", "export const total = 1;");
    assert!(!claude_call.contains(ROOT_AGENTS), "{claude_call}");
    assert!(!claude_call.contains(CURSOR_API), "{claude_call}");
    // Codex reads no imports: the Cursor rule it does not load itself still comes.
    let codex_call = codex_patch(&ws, "x1", "src/api/orders.ts", "export const total = 1;");
    assert!(codex_call.contains(CURSOR_API), "{codex_call}");
}

#[test]
fn what_claude_code_loaded_for_an_earlier_call_is_not_sent_later_in_the_session() {
    let ws = Workspace::bare();
    ws.write(
        "services/billing/CLAUDE.md",
        "# Billing memory\nAmounts are integer cents. SRCMARK-BILLING-CLAUDE\n",
    );
    ws.write("services/billing/invoice.go", "package billing\n");
    let init = ws
        .lore()
        .args(["init", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(init.status.success(), "{}", stderr(&init));
    let bash = |session: &str| {
        claude_bash(
            &ws,
            session,
            "cd services/billing && go test ./...",
            "Run the billing tests",
        )
    };
    // A command that changes into the folder loads nothing itself: the folder's memory comes.
    assert!(bash("fresh").contains("SRCMARK-BILLING-CLAUDE"));
    // Once an edit there made Claude Code load it, the rest of the session does not get it.
    let edit = claude_edit(
        &ws,
        "s1",
        "services/billing/invoice.go",
        "// amounts in cents",
    );
    assert!(!edit.contains("SRCMARK-BILLING-CLAUDE"), "{edit}");
    assert!(!bash("s1").contains("SRCMARK-BILLING-CLAUDE"));
}

#[test]
fn a_manual_rule_is_found_by_search_and_never_injected() {
    let (ws, _) = repository();
    let search = ws
        .lore()
        .args(["search", "signed release tag"])
        .output()
        .unwrap();
    assert!(
        stdout(&search).contains(".windsurf/rules/release.md"),
        "{}",
        stdout(&search)
    );
    let tag = claude_bash(
        &ws,
        "s1",
        "git tag -s v1.2.0 -m 'signed release tag'",
        "Tag the release",
    );
    assert!(!tag.contains(MANUAL), "{tag}");
    let start = claude(&ws, session_start(&ws, "s2")).unwrap();
    assert!(!start.contains(MANUAL), "{start}");
}

#[test]
fn each_harness_gets_what_it_does_not_load_itself() {
    let (ws, _) = repository();
    // Claude Code loads CLAUDE.md and .claude/rules itself, not AGENTS.md.
    let claude_start = claude(&ws, session_start(&ws, "c1")).unwrap();
    assert!(
        claude_start.contains(CLINE),
        "always-on rules prime the session: {claude_start}"
    );
    assert!(!claude_start.contains(CLAUDE_RULE), "{claude_start}");
    assert!(claude_start.contains(ROOT_AGENTS), "{claude_start}");
    assert!(!claude_start.contains(ROOT_CLAUDE), "{claude_start}");
    let claude_call = claude_edit(
        &ws,
        "c2",
        "src/api/orders.ts",
        "// keep answers short; run make check\nexport const total = 1;",
    );
    assert!(!claude_call.contains(ROOT_CLAUDE), "{claude_call}");

    // Codex loads the AGENTS.md files from the root to the working directory, nothing else.
    let codex_start = codex(&ws, session_start(&ws, "x1")).unwrap();
    assert!(codex_start.contains(CLINE), "{codex_start}");
    assert!(codex_start.contains(CLAUDE_RULE), "{codex_start}");
    assert!(codex_start.contains(ROOT_CLAUDE), "{codex_start}");
    assert!(!codex_start.contains(ROOT_AGENTS), "{codex_start}");
    let codex_call = codex_patch(&ws, "x2", "services/billing/invoice.go", "package billing");
    assert!(
        codex_call.contains(BILLING_AGENTS),
        "below the working directory: {codex_call}"
    );
    assert!(!codex_call.contains(ROOT_AGENTS), "{codex_call}");
}

#[test]
fn junie_guidelines_are_the_projects_instructions_unless_turned_off() {
    let ws = Workspace::bare();
    ws.write(
        ".junie/guidelines.md",
        "# Guidelines\n\n## Tests\n\nRun the suite with `php artisan test --parallel`. \
         MARK-JUNIE-GUIDELINES\n",
    );
    let init = init_offline(&ws);
    assert!(init.contains("junie 1"), "{init}");
    // Read in place, it primes a session as a root AGENTS.md does.
    let start = |session: &str| {
        let out = ws
            .lore()
            .args(["hook", "--codex"])
            .write_stdin(session_start(&ws, session).to_string())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        context(&out).unwrap_or_default()
    };
    assert!(start("junie-on").contains("MARK-JUNIE-GUIDELINES"));
    let config = ws.path("lore.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{text}\n[sources]\njunie = false\n")).unwrap();
    ws.lore().args(["ingest"]).assert().success();
    assert!(!start("junie-off").contains("MARK-JUNIE-GUIDELINES"));
}
