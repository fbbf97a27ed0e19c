//! `lore serve`: the MCP server over stdio.

use std::path::PathBuf;

pub fn run(_config: Option<PathBuf>) -> anyhow::Result<i32> {
    eprintln!("lore serve is not yet available");
    Ok(super::EXIT_FAILURE)
}
