//! `lore serve`: the MCP server over stdio. Resolves the configuration once, refreshes the
//! index (a delta ingest under the write lock), then hands stdin/stdout to the MCP adapter.
//! Nothing but protocol messages goes to stdout; diagnostics go to stderr.

use std::path::PathBuf;

use crate::services::author::refresh_index;

pub fn run(config: Option<PathBuf>) -> anyhow::Result<i32> {
    // Where lore is not set up (a server the user registered for every project), the server
    // still answers, and each tool says what to do.
    let config = match super::load(config) {
        Ok(config) => config,
        Err(e) => {
            let why = format!("{e:#}");
            eprintln!("lore serve: warning: {why}; every tool will say so");
            crate::adapters::mcp::serve_stdio_unset(why)?;
            return Ok(0);
        }
    };
    match refresh_index(&config) {
        Ok(report) => {
            for issue in &report.errors {
                eprintln!("lore serve: warning: {issue}");
            }
            for warning in &report.warnings {
                eprintln!("lore serve: warning: {warning}");
            }
        }
        Err(e) => eprintln!("lore serve: warning: the index was not refreshed: {e}"),
    }
    crate::adapters::mcp::serve_stdio(config)?;
    Ok(0)
}
