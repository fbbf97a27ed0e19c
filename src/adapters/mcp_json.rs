//! Whether a project's `.mcp.json` (Claude Code's project MCP servers, the file `claude mcp add
//! --scope project` writes) configures lore's MCP server, `lore serve`. Read by hooks (the
//! injected text then points at `search_patterns`) and by `lore init --claude` (which then
//! registers `lore hook --mcp`). A missing, unreadable or invalid file configures nothing.

use std::path::Path;

/// The file, relative to the project directory.
pub const MCP_JSON: &str = ".mcp.json";

/// Whether `<project_dir>/.mcp.json` configures a server that runs `lore serve`.
pub fn configures_lore(project_dir: &Path) -> bool {
    std::fs::read_to_string(project_dir.join(MCP_JSON))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .is_some_and(|value| runs_lore_serve(&value))
}

/// Whether an `.mcp.json` document (`{"mcpServers": {name: {command, args}}}`, or the
/// servers object alone as a plugin's `.mcp.json` holds it) has a server running `lore serve`.
fn runs_lore_serve(value: &serde_json::Value) -> bool {
    let servers = value.get("mcpServers").unwrap_or(value);
    servers.as_object().is_some_and(|servers| {
        servers.values().any(|server| {
            let command = server.get("command").and_then(|c| c.as_str()).unwrap_or("");
            let runs_lore = Path::new(command)
                .file_name()
                .is_some_and(|name| name == "lore");
            let serves = server
                .get("args")
                .and_then(|a| a.as_array())
                .is_some_and(|args| args.iter().any(|a| a == "serve"));
            runs_lore && serves
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_server_running_lore_serve_is_lores() {
        for (doc, expected) in [
            (
                json!({"mcpServers": {"lore": {"command": "lore", "args": ["serve"]}}}),
                true,
            ),
            (
                json!({"mcpServers": {"kb": {"command": "/usr/local/bin/lore", "args": ["--config", "x.toml", "serve"]}}}),
                true,
            ),
            // A plugin's .mcp.json holds the servers without the `mcpServers` key.
            (
                json!({"lore": {"command": "lore", "args": ["serve"]}}),
                true,
            ),
            (
                json!({"mcpServers": {"lore": {"command": "lore", "args": ["search", "x"]}}}),
                false,
            ),
            (
                json!({"mcpServers": {"other": {"command": "npx", "args": ["serve"]}}}),
                false,
            ),
            (json!({"mcpServers": []}), false),
            (json!([]), false),
        ] {
            assert_eq!(runs_lore_serve(&doc), expected, "{doc}");
        }
    }

    #[test]
    fn a_missing_or_invalid_file_configures_nothing() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!configures_lore(dir.path()));
        std::fs::write(dir.path().join(MCP_JSON), "{not json").unwrap();
        assert!(!configures_lore(dir.path()));
        std::fs::write(
            dir.path().join(MCP_JSON),
            r#"{"mcpServers": {"lore": {"command": "lore", "args": ["serve"]}}}"#,
        )
        .unwrap();
        assert!(configures_lore(dir.path()));
    }
}
