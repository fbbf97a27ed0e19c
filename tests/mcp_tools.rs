//! The MCP tools as an agent sees them: the pinned `tools/list` (names, descriptions, input
//! schemas), what each write tool leaves on disk, in the index and in git, and what
//! `search_patterns` finds among other agents' rule files (a `manual` rule a hook never
//! injects, a scoped `.cursor/rules` rule).

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used)]

#[cfg(test)]
mod mcp_support;

use mcp_support::{Server, Workspace, tool_text};
use serde_json::{Value, json};

#[test]
fn tools_list_is_pinned() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let reply = server.request("tools/list", json!({}));
    let tools = &reply["result"]["tools"];
    let names: Vec<&str> = tools
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "add_pattern",
            "append_to_pattern",
            "lore_status",
            "propose_pattern",
            "search_patterns",
            "update_pattern"
        ]
    );
    // Every argument is described, so an agent knows what to send.
    for tool in tools.as_array().unwrap() {
        let props = tool["inputSchema"]["properties"].as_object();
        for (name, prop) in props.into_iter().flatten() {
            assert!(
                prop["description"].is_string(),
                "{}.{name} has no description",
                tool["name"]
            );
        }
    }
    insta::assert_json_snapshot!("tools_list", tools);
}

#[test]
fn add_then_update_then_append_rewrites_the_file_and_the_index() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let added = server.call_tool(
        "add_pattern",
        json!({
            "title": "Crème brûlée: Naming / Rules!",
            "body": "Name things plainly.\n",
            "tags": ["naming", "quote\"d"],
            "language": "rust",
            "paths": ["src/**/*.rs"],
            "directory": "style/rust",
        }),
    );
    assert!(
        tool_text(&added).starts_with("Added style/rust/creme-brulee-naming-rules.md"),
        "{added}"
    );
    let source = "style/rust/creme-brulee-naming-rules.md";
    assert_eq!(
        ws.read(source),
        "---\ntags: [\"naming\", \"quote\\\"d\"]\nlanguage: [\"rust\"]\npaths: [\"src/**/*.rs\"]\n---\n# Crème brûlée: Naming / Rules!\n\nName things plainly.\n"
    );

    let updated = server.call_tool(
        "update_pattern",
        json!({"source": source, "body": "Name things for what they hold.", "tags": []}),
    );
    assert!(tool_text(&updated).starts_with("Updated"), "{updated}");
    assert_eq!(
        ws.read(source),
        "---\nlanguage: [\"rust\"]\npaths: [\"src/**/*.rs\"]\n---\n# Crème brûlée: Naming / Rules!\n\nName things for what they hold.\n"
    );

    let appended = server.call_tool(
        "append_to_pattern",
        json!({"source": source, "heading": "Examples", "body": "`user_count`, not `n`."}),
    );
    assert!(tool_text(&appended).starts_with("Appended"), "{appended}");
    assert!(
        ws.read(source)
            .ends_with("they hold.\n\n## Examples\n\n`user_count`, not `n`.\n"),
        "{}",
        ws.read(source)
    );
    assert_eq!(ws.status_json()["index"]["patterns"], 3);

    // One glob or tag may be given as a string, as `language` may.
    let single = server.call_tool(
        "add_pattern",
        json!({"title": "Storage errors", "body": "Wrap each SQL error with its query.\n",
            "tags": "errors", "paths": "src/storage/**"}),
    );
    assert!(
        tool_text(&single).starts_with("Added storage-errors.md"),
        "{single}"
    );
    assert_eq!(
        ws.read("storage-errors.md"),
        "---\ntags: [\"errors\"]\npaths: [\"src/storage/**\"]\n---\n# Storage errors\n\nWrap each SQL error with its query.\n"
    );
}

#[test]
fn writes_never_follow_a_link_planted_at_the_temp_name() {
    // The temp file used to be `.<file>.<pid>.tmp`, created through links: a link planted
    // there sent the new text anywhere on disk and then replaced the pattern with the link.
    let ws = Workspace::new();
    let outside = tempfile::tempdir().unwrap();
    let victim = outside.path().join("victim.txt");
    std::fs::write(&victim, "untouched").unwrap();
    let mut server = Server::start(&ws);
    for name in ["naming.md", "errors.md"] {
        let planted = ws.patterns().join(format!(".{name}.{}.tmp", server.pid()));
        std::os::unix::fs::symlink(&victim, planted).unwrap();
    }
    let added = server.call_tool(
        "add_pattern",
        json!({"title": "Naming", "body": "Name things plainly.\n"}),
    );
    assert!(tool_text(&added).starts_with("Added naming.md"), "{added}");
    let updated = server.call_tool(
        "update_pattern",
        json!({"source": "errors.md", "body": "Return errors with context."}),
    );
    assert!(tool_text(&updated).starts_with("Updated"), "{updated}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
    for name in ["naming.md", "errors.md"] {
        let meta = std::fs::symlink_metadata(ws.patterns().join(name)).unwrap();
        assert!(meta.file_type().is_file(), "{name}: {meta:?}");
    }
    assert!(ws.read("errors.md").contains("Return errors with context."));
}

#[test]
fn branch_prefix_commits_on_a_new_branch_and_leaves_the_checkout_alone() {
    let ws = Workspace::new().git();
    let mut server = Server::start_with(
        ws.lore()
            .arg("serve")
            .env("LORE_MCP_BRANCH_PREFIX", "lore/"),
    );
    let reply = server.call_tool("add_pattern", json!({"title": "Review me", "body": "b"}));
    let text = tool_text(&reply);
    assert!(text.contains("on new branch lore/review-me"), "{text}");
    let again = server.call_tool(
        "append_to_pattern",
        json!({"source": "review-me.md", "heading": "More", "body": "c"}),
    );
    assert!(
        tool_text(&again).contains("on new branch lore/review-me-2"),
        "{again}"
    );
    assert_eq!(ws.git_cmd(&["branch", "--show-current"]).trim(), "main");
    assert_eq!(ws.git_log().lines().count(), 1, "main has no new commit");
    let on_branch = ws.git_cmd(&["show", "lore/review-me-2:patterns/review-me.md"]);
    assert_eq!(on_branch, ws.read("review-me.md"));
    assert_eq!(
        ws.git_cmd(&["log", "--format=%an <%ae>|%s", "-1", "lore/review-me"])
            .trim(),
        "lore <lore@localhost>|lore: add pattern \"Review me\""
    );
    // The user's index is untouched: the new file is merely untracked there.
    assert_eq!(ws.git_status(), "?? patterns/review-me.md\n");
}

#[test]
fn branch_prefix_from_lore_toml_puts_writes_on_review_branches() {
    let ws = Workspace::new();
    std::fs::write(
        ws.root().join("lore.toml"),
        "knowledge_dir = \"patterns\"\n\n[search]\nhybrid = false\n\n[mcp]\nbranch_prefix = \"agent/\"\n",
    )
    .unwrap();
    let ws = ws.git();
    let mut server = Server::start(&ws);
    let reply = server.call_tool("add_pattern", json!({"title": "From config", "body": "b"}));
    assert!(
        tool_text(&reply).contains("on new branch agent/from-config"),
        "{reply}"
    );
    assert_eq!(ws.git_cmd(&["branch", "--show-current"]).trim(), "main");
}

#[test]
fn search_finds_what_the_cli_finds_and_shows_the_pattern_text() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    for (query, found) in [
        ("thiserror unwrap errors", true),
        ("insta snapshot testing", true),
        ("zzzz", false),
    ] {
        let out = ws
            .lore()
            .args(["search", "--json", "-k", "5", query])
            .output()
            .unwrap();
        let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
        let reply = server.call_tool(
            "search_patterns",
            json!({"query": query, "top_k": 5, "include_metadata": true}),
        );
        let text = tool_text(&reply);
        let results = cli["results"].as_array().unwrap();
        // Two empty answers would agree without comparing anything.
        assert_eq!(!results.is_empty(), found, "{query}: {cli}");
        assert_eq!(
            text.starts_with("No patterns match"),
            !found,
            "{query}: {text}"
        );
        for r in results {
            let line = format!("({}:{})", r["source"].as_str().unwrap(), r["line"]);
            assert!(text.contains(&line), "{query}: {line} missing from {text}");
            let body = ws.read(r["source"].as_str().unwrap());
            let first_line = body.lines().rev().find(|l| !l.is_empty()).unwrap();
            assert!(text.contains(first_line), "{query}: body missing: {text}");
        }
    }
}

/// Another agent's rule its author left to be asked for by name, and a scoped one; each
/// holds a marker found nowhere else.
const MANUAL_MARK: &str = "MCPMARK-KIRO-MANUAL";
const CURSOR_MARK: &str = "MCPMARK-CURSOR-API";

/// `lore hook` (or `lore hook --codex`) on one payload in the workspace, with a private ledger
/// dir; the context it injected, or "" when it printed nothing.
fn hook(ws: &Workspace, codex: bool, payload: Value) -> String {
    let runtime = ws.root().join(".runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    let mut cmd = ws.lore();
    cmd.arg("hook")
        .args(codex.then_some("--codex"))
        .env("XDG_RUNTIME_DIR", &runtime)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    std::io::Write::write_all(
        child.stdin.as_mut().unwrap(),
        payload.to_string().as_bytes(),
    )
    .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    if stdout.trim().is_empty() {
        return String::new();
    }
    let reply: Value = serde_json::from_str(stdout.trim()).unwrap();
    reply["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn search_patterns_finds_manual_and_scoped_rule_files_and_a_hook_never_injects_the_manual_one() {
    let ws = Workspace::new();
    let root = ws.root();
    for (rel, text) in [
        (
            ".kiro/steering/release.md",
            format!(
                "---\ninclusion: manual\n---\n# Release checklist\n\nTag every release with a \
                 signed tag before publishing it. {MANUAL_MARK}\n"
            ),
        ),
        (
            ".cursor/rules/api.mdc",
            format!(
                "---\ndescription: API handlers\nglobs: src/api/**\nalwaysApply: false\n---\n\
                 # Endpoints\n\nEvery handler returns a typed envelope. {CURSOR_MARK}\n"
            ),
        ),
    ] {
        std::fs::create_dir_all(root.join(rel).parent().unwrap()).unwrap();
        std::fs::write(root.join(rel), text).unwrap();
    }
    let mut server = Server::start(&ws);
    for (query, source, mark) in [
        (
            "signed release tag",
            ".kiro/steering/release.md",
            MANUAL_MARK,
        ),
        (
            "handler typed envelope",
            ".cursor/rules/api.mdc",
            CURSOR_MARK,
        ),
    ] {
        let reply = server.call_tool("search_patterns", json!({"query": query}));
        let text = tool_text(&reply);
        assert!(
            text.contains(source) && text.contains(mark),
            "{query}: {text}"
        );
    }

    // The hooks read the index the server built. The Cursor rule comes for the file its
    // globs name (so the hook does run on this index); the manual rule never comes, not at
    // session start, nor for a call whose words are its own, nor beside the scoped rule.
    let cwd = root.display().to_string();
    let start = hook(
        &ws,
        false,
        json!({"session_id": "s1", "transcript_path": "/nonexistent.jsonl", "cwd": cwd,
               "hook_event_name": "SessionStart", "source": "startup"}),
    );
    assert!(!start.contains(MANUAL_MARK), "{start}");
    let tag = hook(
        &ws,
        false,
        json!({"session_id": "s2", "transcript_path": "/nonexistent.jsonl", "cwd": cwd,
               "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "tool_input": {"command": "git tag -s v1.2.0 -m 'signed release tag'",
                              "description": "Tag the release with a signed tag"}}),
    );
    assert!(!tag.contains(MANUAL_MARK), "{tag}");
    let edit = hook(
        &ws,
        false,
        json!({"session_id": "s3", "transcript_path": "/nonexistent.jsonl", "cwd": cwd,
               "hook_event_name": "PreToolUse", "tool_name": "Edit",
               "tool_input": {"file_path": root.join("src/api/release.ts"),
                              "old_string": "tag()",
                              "new_string": "signedReleaseTag()"}}),
    );
    assert!(edit.contains(CURSOR_MARK), "{edit}");
    assert!(!edit.contains(MANUAL_MARK), "{edit}");
    let patch = hook(
        &ws,
        true,
        json!({"session_id": "s4", "turn_id": "t", "transcript_path": null, "cwd": cwd,
               "hook_event_name": "PreToolUse", "model": "gpt-5.5",
               "permission_mode": "bypassPermissions", "tool_name": "apply_patch",
               "tool_input": {"command": "*** Begin Patch\n*** Add File: src/api/release.ts\n\
                                          +export const signedReleaseTag = true;\n*** End Patch\n"},
               "tool_use_id": "call_1"}),
    );
    assert!(patch.contains(CURSOR_MARK), "{patch}");
    assert!(!patch.contains(MANUAL_MARK), "{patch}");
}

#[test]
fn search_patterns_replies_carry_no_secret_of_the_query() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let secrets = [
        "hunter2zebra",
        "s3cr3tpassw0rd",
        "Zq8vXk2LmN4pR7tY1wB3cD5fG6hJ9kL0mN2pQ4rS",
        "Qm9vZjNoYXJkMXo",
        // Tokens by their issuers' shapes, and a connection string's key (issue 26).
        "npm_Vq7xK2mLp9TwR4nZ8bC3dF6gH1jK5sA0eY3u",
        "hvs.CAESIJ7kQ2vLp9XwR4nZ8mB3cY6dF1gH5jK0sA2eU7iO9pLkMnBvCxZaQwErTyUiOpAsDfGhJkLzXcVbNmQwErTyUiOpAsDfGhJk",
        "SG.Xw3kT9vLq2RnP7mZ4bC8dF.1gH6jK5sA0eU2iO4pL7kMnBvCxZaQwErTyUiOpAsDfGhJkL",
        "q7Vx2LmN9pR4tY8wB3cD6fG1hJ5kS0aZ",
    ];
    for query in [
        "publish with npm_Vq7xK2mLp9TwR4nZ8bC3dF6gH1jK5sA0eY3u and vault token hvs.CAESIJ7kQ2vLp9XwR4nZ8mB3cY6dF1gH5jK0sA2eU7iO9pLkMnBvCxZaQwErTyUiOpAsDfGhJkLzXcVbNmQwErTyUiOpAsDfGhJk",
        "mail via SG.Xw3kT9vLq2RnP7mZ4bC8dF.1gH6jK5sA0eU2iO4pL7kMnBvCxZaQwErTyUiOpAsDfGhJkL from AccountName=acme;AccountKey=q7Vx2LmN9pR4tY8wB3cD6fG1hJ5kS0aZ+/Ee==;EndpointSuffix=core",
        // Nothing matches: the reply echoes the query and its search terms.
        "login --password=hunter2zebra then psql postgres://admin:s3cr3tpassw0rd@db/app",
        "aws_secret_access_key=Zq8vXk2LmN4pR7tY1wB3cD5fG6hJ9kL0mN2pQ4rS\nAPI_KEY=Qm9vZjNoYXJkMXo",
        // Something matches: the reply names the query it answers.
        "errors thiserror password=hunter2zebra",
    ] {
        let text = tool_text(&server.call_tool("search_patterns", json!({"query": query})));
        for secret in secrets {
            assert!(
                !text.to_lowercase().contains(&secret.to_lowercase()),
                "{secret} in the reply to {query:?}:\n{text}"
            );
        }
    }
}

#[test]
fn propose_pattern_only_ever_writes_to_the_review_inbox() {
    let ws = Workspace::new().git();
    let before = ws.pattern_files();
    let log = ws.git_log();
    let mut server = Server::start(&ws);
    let reply = server.call_tool(
        "propose_pattern",
        json!({
            "title": "Money is Decimal",
            "rule": "Use `Decimal` for amounts of money, never float.",
            "language": "python",
            "paths": ["billing/**"]
        }),
    );
    let text = tool_text(&reply);
    assert!(text.contains("Proposed for review as inbox item"), "{text}");
    assert!(
        text.contains("Nothing was written to the patterns"),
        "{text}"
    );
    drop(server);
    // Nothing in the patterns, the index's files or git moved.
    assert_eq!(ws.pattern_files(), before);
    assert_eq!(ws.git_log(), log);
    assert_eq!(ws.git_status(), "");
    ws.assert_nothing_outside();
    // The item waits in the inbox, as the agent proposed it, for a person to decide.
    let out = ws.lore().args(["inbox", "--json"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    let item = &items[0];
    assert_eq!(item["title"], "Money is Decimal");
    assert_eq!(item["evidence"][0]["origin"], "agent");
    assert_eq!(item["scope"]["paths"], json!(["billing/**"]));
    assert_eq!(item["scope"]["languages"], json!(["python"]));
    // Accepted, it is the agent's rule, not a user's correction quoted back.
    let id = item["id"].as_str().unwrap();
    let out = ws.lore().args(["inbox", "accept", id]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let written: Vec<String> = ws
        .pattern_files()
        .into_iter()
        .filter(|f| !before.contains(f))
        .collect();
    assert_eq!(written.len(), 1, "{written:?}");
    let text = ws.read(&written[0]);
    assert!(
        text.contains("Use `Decimal` for amounts of money"),
        "{text}"
    );
    assert!(!text.contains("Learned from a correction"), "{text}");
    assert_eq!(text.matches("never float").count(), 1, "{text}");

    // Rejected, a proposal is said to be refused as a proposal: a person's own correction
    // saying the same is read by what it names, and may still come.
    let mut server = Server::start(&ws);
    server.call_tool(
        "propose_pattern",
        json!({"title": "Dates are UTC", "rule": "Store every timestamp in UTC."}),
    );
    drop(server);
    let out = ws.lore().args(["inbox", "--json"]).output().unwrap();
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = items[0]["id"].as_str().unwrap();
    let out = ws.lore().args(["inbox", "reject", id]).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("The same proposal will not be offered again"),
        "{said}"
    );
}

/// What lore's MCP search showed a session counts as shown: the hooks do not repeat it.
#[test]
fn patterns_the_search_tool_showed_are_not_injected_again_in_that_session() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let reply = server.call_tool(
        "search_patterns",
        json!({"query": "testing with insta snapshots"}),
    );
    let answer = tool_text(&reply);
    assert!(answer.contains("Snapshot what agents read"), "{answer}");
    let edit = |session: &str| {
        json!({
            "session_id": session,
            "cwd": ws.root(),
            "hook_event_name": "PreToolUse",
            "tool_name": "Write",
            "tool_input": {
                "file_path": ws.root().join("tests/snapshots.rs"),
                "content": "// testing: snapshot the hook output with insta\n#[test]\nfn hook_output() {}\n",
            },
        })
    };
    // Claude Code hands the tool's content list to PostToolUse.
    let answered = |session: &str, tool: &str| {
        json!({
            "session_id": session,
            "cwd": ws.root(),
            "hook_event_name": "PostToolUse",
            "tool_name": tool,
            "tool_input": {"query": "testing with insta snapshots"},
            "tool_response": reply["result"]["content"],
        })
    };
    // A session that never searched gets the pattern on the edit.
    assert!(
        hook(&ws, false, edit("fresh")).contains("Snapshot what agents read"),
        "the edit needs the testing pattern"
    );
    for (session, tool) in [
        ("project-server", "mcp__lore__search_patterns"),
        ("plugin-server", "mcp__plugin_lore_lore__search_patterns"),
    ] {
        assert_eq!(
            hook(&ws, false, answered(session, tool)),
            "",
            "never an answer"
        );
        let text = hook(&ws, false, edit(session));
        assert!(
            !text.contains("Snapshot what agents read"),
            "{session}: {text}"
        );
    }
    // Another tool's answer that names the pattern in the same shape proves nothing.
    assert_eq!(
        hook(&ws, false, answered("other-tool", "mcp__lore__add_pattern")),
        ""
    );
    assert!(hook(&ws, false, edit("other-tool")).contains("Snapshot what agents read"));
}
