//! A repository that holds only other agents' rule files gets scoped injections with no
//! configuration beyond `lore init`: each file with the scoping its authors wrote, the nested
//! `AGENTS.md` only under its folder, manual rules searchable but never injected, and what
//! each harness loads itself (Claude Code: `CLAUDE.md`, `.claude/rules`; Codex: `AGENTS.md`
//! from the root to the working directory) never injected to it again.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Workspace, stderr, stdout};
use serde_json::{Value, json};

/// A marker per rule file, found nowhere else.
const CURSOR_API: &str = "SRCMARK-CURSOR-API";
const COPILOT_PY: &str = "SRCMARK-COPILOT-PY";
const MANUAL: &str = "SRCMARK-WINDSURF-MANUAL";
const ROOT_AGENTS: &str = "SRCMARK-ROOT-AGENTS";
const BILLING_AGENTS: &str = "SRCMARK-BILLING-AGENTS";
const ROOT_CLAUDE: &str = "SRCMARK-ROOT-CLAUDE";
const CLAUDE_RULE: &str = "SRCMARK-CLAUDE-STYLE";
const CLINE: &str = "SRCMARK-CLINE";

/// The repository as a team left it, then `lore init` run in it as a new user would.
fn repository() -> (Workspace, String) {
    let ws = Workspace::bare();
    ws.write(
        ".cursor/rules/api.mdc",
        &format!(
            "---\ndescription:\nglobs: src/api/**\nalwaysApply: false\n---\n# Endpoints\n\
             Every handler returns a typed envelope. {CURSOR_API}\n"
        ),
    );
    ws.write(
        ".github/instructions/python.instructions.md",
        &format!(
            "---\napplyTo: \"**/*.py\"\n---\n# Python\nAnnotate every function. {COPILOT_PY}\n"
        ),
    );
    ws.write(
        ".windsurf/rules/release.md",
        &format!(
            "---\ntrigger: manual\n---\n# Release checklist\nTag every release with a signed \
             tag before publishing. {MANUAL}\n"
        ),
    );
    ws.write(
        "AGENTS.md",
        &format!("# Repository\nRun make check before you finish. {ROOT_AGENTS}\n"),
    );
    ws.write(
        "services/billing/AGENTS.md",
        &format!("# Billing\nAmounts are integer cents. {BILLING_AGENTS}\n"),
    );
    ws.write(
        "CLAUDE.md",
        &format!("# Claude\nKeep answers short. {ROOT_CLAUDE}\n"),
    );
    ws.write(
        ".claude/rules/style.md",
        &format!("# Style\nPrefer small functions. {CLAUDE_RULE}\n"),
    );
    ws.write(
        ".clinerules",
        &format!("# House rules\nNo commented-out code. {CLINE}\n"),
    );
    // Port 9 (discard) refuses connections: a machine without Ollama, whatever this one has.
    let init = ws
        .lore()
        .args(["init", "--ollama-host", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    assert!(init.status.success(), "{}", stderr(&init));
    (ws, stderr(&init))
}

/// The `additionalContext` of a hook's answer (None when it printed nothing).
fn context(output: &std::process::Output) -> Option<String> {
    assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
    let out = stdout(output);
    if out.trim().is_empty() {
        return None;
    }
    let value: Value = serde_json::from_str(out.trim()).expect("one JSON object");
    Some(
        value["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap()
            .to_string(),
    )
}

fn claude(ws: &Workspace, payload: Value) -> Option<String> {
    context(&ws.hook(&payload.to_string()))
}

fn codex(ws: &Workspace, payload: Value) -> Option<String> {
    let output = ws
        .lore()
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .args(["hook", "--codex"])
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    context(&output)
}

fn cwd(ws: &Workspace) -> String {
    ws.root().display().to_string()
}

/// A Claude Code Edit of `file` (relative to the repository), in a session of its own.
fn claude_edit(ws: &Workspace, session: &str, file: &str, new: &str) -> String {
    claude(
        ws,
        json!({
            "session_id": session, "transcript_path": "/nonexistent.jsonl", "cwd": cwd(ws),
            "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": ws.path(file), "old_string": "x", "new_string": new},
        }),
    )
    .unwrap_or_default()
}

/// A Claude Code Bash call running `command` from the repository root, in a session of its
/// own.
fn claude_bash(ws: &Workspace, session: &str, command: &str, description: &str) -> String {
    claude(
        ws,
        json!({
            "session_id": session, "transcript_path": "/nonexistent.jsonl", "cwd": cwd(ws),
            "hook_event_name": "PreToolUse", "tool_name": "Bash",
            "tool_input": {"command": command, "description": description},
        }),
    )
    .unwrap_or_default()
}

/// A Codex `apply_patch` adding `file`, in a session of its own.
fn codex_patch(ws: &Workspace, session: &str, file: &str, line: &str) -> String {
    codex(
        ws,
        json!({
            "session_id": session, "turn_id": "t", "transcript_path": null, "cwd": cwd(ws),
            "hook_event_name": "PreToolUse", "model": "gpt-5.5",
            "permission_mode": "bypassPermissions", "tool_name": "apply_patch",
            "tool_input": {"command": format!("*** Begin Patch\n*** Add File: {file}\n+{line}\n*** End Patch\n")},
            "tool_use_id": "call_1",
        }),
    )
    .unwrap_or_default()
}

fn session_start(ws: &Workspace, session: &str) -> Value {
    json!({
        "session_id": session, "transcript_path": "/nonexistent.jsonl", "cwd": cwd(ws),
        "hook_event_name": "SessionStart", "source": "startup", "model": "gpt-5.5",
    })
}

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
             continue 0, cline 1"
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
