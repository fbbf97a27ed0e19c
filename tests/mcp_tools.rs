//! The MCP tools as an agent sees them: the pinned `tools/list` (names, descriptions, input
//! schemas), and what each write tool leaves on disk, in the index and in git.

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

#[test]
fn search_patterns_replies_carry_no_secret_of_the_query() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let secrets = [
        "hunter2zebra",
        "s3cr3tpassw0rd",
        "Zq8vXk2LmN4pR7tY1wB3cD5fG6hJ9kL0mN2pQ4rS",
        "Qm9vZjNoYXJkMXo",
    ];
    for query in [
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
