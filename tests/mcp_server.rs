//! `lore serve` under attack: raw newline-delimited JSON-RPC over the real binary's stdio.
//! Path traversal and symlink escapes, oversized arguments, invalid JSON, unknown tools and
//! methods, and concurrent writers from several server processes: the server answers, keeps
//! serving, writes nothing outside the knowledge dir, and loses no write.

#[cfg(test)]
mod mcp_support;

use std::path::Path;

use mcp_support::{Server, Workspace, error_code, error_message, tool_text};
use serde_json::json;

#[test]
fn path_traversal_and_absolute_paths_are_invalid_params() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let escapes = [
        (
            "add_pattern",
            json!({"title": "Escape", "body": "b", "directory": "../outside"}),
        ),
        (
            "add_pattern",
            json!({"title": "Escape", "body": "b", "directory": "/tmp"}),
        ),
        (
            "add_pattern",
            json!({"title": "Escape", "body": "b", "directory": "a/../../x"}),
        ),
        (
            "update_pattern",
            json!({"source": "../lore.toml.md", "body": "b"}),
        ),
        (
            "update_pattern",
            json!({"source": "/etc/passwd.md", "body": "b"}),
        ),
        (
            "append_to_pattern",
            json!({"source": "../../x.md", "heading": "h", "body": "b"}),
        ),
    ];
    for (tool, args) in escapes {
        let reply = server.call_tool(tool, args.clone());
        assert_eq!(error_code(&reply), Some(-32602), "{tool} {args}: {reply}");
        assert!(
            error_message(&reply).contains("not a path inside the knowledge dir"),
            "{tool} {args}: {reply}"
        );
    }
    ws.assert_nothing_outside();
    assert_eq!(ws.pattern_files().len(), 2);
}

#[test]
fn folder_names_with_line_breaks_or_direction_marks_are_invalid_params() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    for directory in [
        "team\nnotes",
        "team\rnotes",
        "rust\u{202E}dm.exe",
        "a\u{200B}b",
    ] {
        let reply = server.call_tool(
            "add_pattern",
            json!({"title": "Hidden", "body": "b", "directory": directory}),
        );
        assert_eq!(error_code(&reply), Some(-32602), "{directory:?}: {reply}");
        // The name is not echoed as it is: its characters are escaped.
        let message = error_message(&reply);
        assert!(!message.contains(directory), "{directory:?}: {message}");
    }
    // No folder was made.
    assert_eq!(ws.pattern_files().len(), 2);
    let folders = std::fs::read_dir(ws.patterns())
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().is_dir())
        .count();
    assert_eq!(folders, 0);
}

#[cfg(unix)]
#[test]
fn symlinks_out_of_the_knowledge_dir_are_refused() {
    let ws = Workspace::new();
    let outside = ws.root().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("victim.md"), "# Victim\n").unwrap();
    std::os::unix::fs::symlink(&outside, ws.patterns().join("link")).unwrap();
    std::os::unix::fs::symlink(outside.join("victim.md"), ws.patterns().join("victim.md")).unwrap();
    let mut server = Server::start(&ws);

    let add = server.call_tool(
        "add_pattern",
        json!({"title": "Through the link", "body": "b", "directory": "link"}),
    );
    assert_eq!(error_code(&add), Some(-32602), "{add}");
    assert!(error_message(&add).contains("symlink"), "{add}");

    let nested = server.call_tool(
        "add_pattern",
        json!({"title": "Deeper", "body": "b", "directory": "link/sub"}),
    );
    assert_eq!(error_code(&nested), Some(-32602), "{nested}");

    for (tool, args) in [
        (
            "update_pattern",
            json!({"source": "victim.md", "body": "pwned"}),
        ),
        (
            "update_pattern",
            json!({"source": "link/victim.md", "body": "pwned"}),
        ),
        (
            "append_to_pattern",
            json!({"source": "victim.md", "heading": "h", "body": "pwned"}),
        ),
    ] {
        let reply = server.call_tool(tool, args.clone());
        assert_eq!(error_code(&reply), Some(-32602), "{tool} {args}: {reply}");
    }
    assert_eq!(
        std::fs::read_to_string(outside.join("victim.md")).unwrap(),
        "# Victim\n"
    );
    assert!(!outside.join("sub").exists());
    assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 1);
}

#[test]
fn oversized_arguments_name_the_limit() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let big = "x".repeat(70_000);
    let cases = [
        (
            "add_pattern",
            json!({"title": "Big", "body": big}),
            "body is 70000 characters; the limit is 65536",
        ),
        (
            "add_pattern",
            json!({"title": "t".repeat(201), "body": "b"}),
            "title is 201 characters; the limit is 200",
        ),
        (
            "add_pattern",
            json!({"title": "Tags", "body": "b", "tags": vec!["t"; 33]}),
            "tags has 33 entries; the limit is 32",
        ),
        (
            "add_pattern",
            json!({"title": "Tag", "body": "b", "tags": ["t".repeat(129)]}),
            "tags is 129 characters; the limit is 128",
        ),
        (
            "search_patterns",
            json!({"query": "q".repeat(5000)}),
            "query is 5000 characters; the limit is 4096",
        ),
        (
            "search_patterns",
            json!({"query": "q", "top_k": 0}),
            "top_k is 0",
        ),
        (
            "update_pattern",
            json!({"source": "errors.md", "body": big}),
            "body is 70000 characters; the limit is 65536",
        ),
        (
            "append_to_pattern",
            json!({"source": "errors.md", "heading": "h".repeat(300), "body": "b"}),
            "heading is 300 characters; the limit is 200",
        ),
    ];
    for (tool, args, message) in cases {
        let reply = server.call_tool(tool, args);
        assert_eq!(error_code(&reply), Some(-32602), "{tool}: {reply}");
        assert!(error_message(&reply).contains(message), "{tool}: {reply}");
    }
    assert_eq!(ws.pattern_files().len(), 2, "nothing was written");
}

#[test]
fn malformed_requests_get_errors_and_the_server_keeps_serving() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    // Not JSON at all: a JSON-RPC parse error with a null id.
    server.send_raw("this is not json {");
    let parse = server.read_reply();
    assert_eq!(error_code(&parse), Some(-32700), "{parse}");
    assert_eq!(parse["id"], serde_json::Value::Null, "{parse}");
    // JSON of the wrong shape: an Invalid Request error.
    server.send_raw(r#"{"jsonrpc":"2.0","id":"x","bogus":true}"#);
    let invalid = server.read_reply();
    assert_eq!(error_code(&invalid), Some(-32600), "{invalid}");

    let unknown_method = server.request("nope/nope", json!({}));
    assert_eq!(
        error_code(&unknown_method),
        Some(-32601),
        "{unknown_method}"
    );
    let unknown_tool = server.call_tool("drop_tables", json!({}));
    assert_eq!(error_code(&unknown_tool), Some(-32602), "{unknown_tool}");
    let said = unknown_tool["error"]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(
        said.contains("`drop_tables`") && said.contains("search_patterns"),
        "the tool asked for and the tools there are: {said}"
    );
    let typo = server.call_tool("serch_patterns", json!({"query": "errors"}));
    assert!(
        typo["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("did you mean `search_patterns`?"),
        "{typo}"
    );
    // Arguments that do not match the schema: rmcp answers with a tool error the model can
    // read and correct (MCP treats input validation failures as tool execution errors).
    for (tool, args) in [
        ("add_pattern", json!({"title": 7, "body": []})),
        ("append_to_pattern", json!({"source": "errors.md"})),
        ("search_patterns", json!({"query": "q", "top_k": "many"})),
    ] {
        let reply = server.call_tool(tool, args);
        assert_eq!(reply["result"]["isError"], true, "{tool}: {reply}");
        assert!(
            tool_text(&reply).contains("failed to deserialize parameters"),
            "{tool}: {reply}"
        );
    }

    let status = server.call_tool("lore_status", json!({}));
    let report: serde_json::Value = serde_json::from_str(&tool_text(&status)).unwrap();
    assert_eq!(report["index"]["patterns"], 2, "{report}");
}

#[test]
fn write_errors_the_agent_can_fix_are_tool_errors() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let first = server.call_tool("add_pattern", json!({"title": "Errors", "body": "again"}));
    assert_eq!(first["result"]["isError"], true, "{first}");
    assert!(
        tool_text(&first).contains("`errors.md` already exists"),
        "{first}"
    );
    // The same title in another folder may be the same topic for another language: it is
    // written, and the answer names the other file.
    let elsewhere = server.call_tool(
        "add_pattern",
        json!({"title": "errors", "body": "Return errors as values.", "directory": "go"}),
    );
    assert!(
        tool_text(&elsewhere).starts_with("Added go/errors.md")
            && tool_text(&elsewhere).contains("`errors.md` already has this title"),
        "{elsewhere}"
    );
    let missing = server.call_tool("update_pattern", json!({"source": "nope.md", "body": "b"}));
    assert_eq!(missing["result"]["isError"], true, "{missing}");
    assert!(
        tool_text(&missing).contains("no pattern file `nope.md`"),
        "{missing}"
    );
    assert_eq!(ws.read("errors.md"), mcp_support::ERRORS_MD);
}

#[test]
fn concurrent_adds_from_several_servers_lose_nothing() {
    let ws = Workspace::new().git();
    let writers = 20;
    let servers = 4;
    std::thread::scope(|scope| {
        for s in 0..servers {
            let ws = &ws;
            scope.spawn(move || {
                let mut server = Server::start(ws);
                // Each server gets several requests in flight at once.
                let ids: Vec<u64> = (s..writers)
                    .step_by(servers)
                    .map(|i| {
                        server.send_tool(
                            "add_pattern",
                            json!({
                                "title": format!("Concurrent pattern {i}"),
                                "body": format!("Body number {i}."),
                                "tags": ["concurrency"],
                            }),
                        )
                    })
                    .collect();
                for reply in server.replies_for(&ids) {
                    assert_eq!(reply["result"]["isError"], false, "{reply}");
                    assert!(tool_text(&reply).contains("Committed"), "{reply}");
                }
            });
        }
    });
    let files = ws.pattern_files();
    assert_eq!(files.len(), 2 + writers, "{files:?}");
    for i in 0..writers {
        let name = format!("concurrent-pattern-{i}.md");
        assert!(files.contains(&name), "{name} missing from {files:?}");
        assert!(ws.read(&name).contains(&format!("Body number {i}.")));
    }
    let status = ws.status_json();
    assert_eq!(
        status["index"]["patterns"],
        (2 + writers) as u64,
        "{status}"
    );
    let log = ws.git_log();
    assert_eq!(log.lines().count(), 1 + writers, "{log}");
    assert!(ws.git_status().is_empty(), "{}", ws.git_status());
    ws.assert_nothing_outside();
}

#[test]
fn a_knowledge_dir_without_git_still_takes_writes() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let reply = server.call_tool("add_pattern", json!({"title": "No git here", "body": "b"}));
    assert!(tool_text(&reply).contains("Not committed"), "{reply}");
    assert!(Path::new(&ws.patterns().join("no-git-here.md")).is_file());
}

#[test]
fn an_alias_bomb_in_the_knowledge_dir_leaves_the_server_answering() {
    // Nine levels of nine aliases: about 600 bytes that would expand to 9^9 copies.
    let ws = Workspace::new();
    let mut bomb = String::from("---\na0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for level in 1..9 {
        let items = vec![format!("*a{}", level - 1); 9].join(", ");
        bomb.push_str(&format!("a{level}: &a{level} [{items}]\n"));
    }
    bomb.push_str("---\n# Bomb\n\nboom\n");
    std::fs::write(ws.patterns().join("bomb.md"), bomb).unwrap();
    let mut server = Server::start(&ws);
    let reply = server.call_tool("search_patterns", json!({"query": "thiserror enums"}));
    assert!(tool_text(&reply).contains("errors.md"), "{reply}");
    let status = server.call_tool("lore_status", json!({}));
    let status: serde_json::Value = serde_json::from_str(&tool_text(&status)).unwrap();
    assert_eq!(status["index"]["patterns"], 2, "{status}");
}

#[test]
fn invalid_utf8_gets_a_parse_error_and_the_session_goes_on() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    server.send_bytes(
        b"{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"tools/call\",\"params\":{\"name\":\"search_patterns\",\"arguments\":{\"query\":\"caf\xe9\"}}}",
    );
    let reply = server.read_reply();
    assert_eq!(error_code(&reply), Some(-32700), "{reply}");
    assert_eq!(
        reply["id"], 41,
        "the client waiting on 41 hears back: {reply}"
    );
    assert!(error_message(&reply).contains("UTF-8"), "{reply}");
    // Still serving.
    let status = server.call_tool("lore_status", json!({}));
    assert!(tool_text(&status).contains("\"patterns\": 2"), "{status}");
}

#[test]
fn a_request_over_16_mib_gets_an_error_and_the_session_goes_on() {
    let ws = Workspace::new();
    let mut server = Server::start(&ws);
    let huge = json!({
        "jsonrpc": "2.0", "id": 42, "method": "tools/call",
        "params": {"name": "search_patterns", "arguments": {"query": "x".repeat(17 << 20)}},
    });
    server.send_raw(&huge.to_string());
    let reply = server.read_reply();
    assert_eq!(
        error_code(&reply),
        Some(-32600),
        "{}",
        error_message(&reply)
    );
    assert_eq!(reply["id"], 42);
    assert!(
        error_message(&reply).contains("at most 16777215 bytes"),
        "{}",
        error_message(&reply)
    );
    let status = server.call_tool("lore_status", json!({}));
    assert!(tool_text(&status).contains("\"patterns\": 2"), "{status}");
}

#[test]
fn authoring_refuses_paths_ingest_would_skip() {
    let ws = Workspace::new().git();
    std::fs::write(ws.patterns().join(".loreignore"), "drafts/\nold.md\n").unwrap();
    std::fs::create_dir_all(ws.patterns().join("style")).unwrap();
    std::os::unix::fs::symlink(ws.patterns().join("style"), ws.patterns().join("alias")).unwrap();
    std::fs::write(
        ws.patterns().join("old.md"),
        "# Old\n\nIgnored on purpose.\n",
    )
    .unwrap();
    let mut server = Server::start(&ws);
    let log_before = ws.git_log();
    for (tool, args, why) in [
        (
            "add_pattern",
            json!({"title": "Draft", "body": "b", "directory": ".drafts"}),
            "`.drafts` is hidden",
        ),
        (
            "add_pattern",
            json!({"title": "Draft", "body": "b", "directory": "drafts"}),
            "the rule `drafts/`",
        ),
        (
            "add_pattern",
            json!({"title": "Draft", "body": "b", "directory": "alias"}),
            "`alias` is a symlink",
        ),
        (
            "update_pattern",
            json!({"source": "old.md", "body": "b"}),
            "the rule `old.md`",
        ),
    ] {
        let reply = server.call_tool(tool, args.clone());
        assert_eq!(error_code(&reply), Some(-32602), "{tool} {args}: {reply}");
        assert!(
            error_message(&reply).contains(why),
            "{tool} {args}: {reply}"
        );
        assert!(
            error_message(&reply).contains("would not be indexed"),
            "{reply}"
        );
    }
    assert!(!ws.patterns().join(".drafts").exists());
    assert!(!ws.patterns().join("drafts").exists());
    assert_eq!(
        std::fs::read_dir(ws.patterns().join("style"))
            .unwrap()
            .count(),
        0
    );
    assert_eq!(ws.read("old.md"), "# Old\n\nIgnored on purpose.\n");
    assert_eq!(ws.git_log(), log_before, "nothing committed");
}

#[test]
fn requests_in_flight_when_stdin_closes_are_all_answered() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let ws = Workspace::new();
    for round in 0..8 {
        let mut child = ws
            .lore()
            .arg("serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut lines = vec![
            json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "lore-tests", "version": "0"}}})
            .to_string(),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
        ];
        let ids: Vec<u64> = (1..=20).collect();
        for id in &ids {
            lines.push(
                json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                       "params": {"name": "search_patterns", "arguments": {"query": "errors thiserror"}}})
                .to_string(),
            );
        }
        // Everything at once, then stdin closes: a client that exits after its last request.
        stdin
            .write_all(format!("{}\n", lines.join("\n")).as_bytes())
            .unwrap();
        drop(stdin);
        let answered: Vec<u64> = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(&l).ok())
            .filter(|v| v.get("result").is_some() || v.get("error").is_some())
            .filter_map(|v| v["id"].as_u64())
            .filter(|id| *id > 0)
            .collect();
        let _ = child.wait();
        let missing: Vec<&u64> = ids.iter().filter(|id| !answered.contains(id)).collect();
        assert!(
            missing.is_empty(),
            "round {round}: no answer to {missing:?}"
        );
    }
}

#[test]
fn a_folder_without_lore_answers_and_every_tool_says_how_to_set_it_up() {
    // A server registered for every project (the user's MCP settings) starts in a folder
    // lore was never set up in: it must not look failed to the agent.
    let ws = Workspace::new();
    let bare = tempfile::tempdir().unwrap();
    let mut cmd = ws.lore();
    cmd.arg("serve")
        .current_dir(bare.path())
        .env("HOME", bare.path())
        .env("XDG_CONFIG_HOME", bare.path().join("config"));
    let mut server = Server::start_with(&mut cmd);
    let tools = server.request("tools/list", json!({}));
    assert!(
        tools["result"]["tools"]
            .as_array()
            .is_some_and(|t| !t.is_empty())
    );
    for (tool, arguments) in [
        ("search_patterns", json!({"query": "error handling"})),
        (
            "add_pattern",
            json!({"title": "Errors", "body": "Wrap them."}),
        ),
    ] {
        let reply = server.call_tool(tool, arguments);
        assert_eq!(reply["result"]["isError"], true, "{tool}: {reply}");
        let text = tool_text(&reply);
        assert!(text.contains("lore init"), "{tool}: {text}");
    }
    assert!(!bare.path().join("patterns").exists(), "nothing written");
}
