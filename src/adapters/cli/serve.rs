//! `lore serve`: the MCP server over stdio. Resolves the configuration once, refreshes the
//! index (a delta ingest under the write lock), then hands stdin/stdout to the MCP adapter.
//! Nothing but protocol messages goes to stdout; diagnostics go to stderr.

use std::path::PathBuf;

use crate::services::author::refresh_index;

pub fn run(config: Option<PathBuf>) -> anyhow::Result<i32> {
    let config = super::load(config)?;
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
