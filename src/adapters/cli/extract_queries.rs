//! `lore extract-queries`: print the query the hook would run for each tool call.

use super::args::ExtractQueriesArgs;

pub fn run(_args: &ExtractQueriesArgs) -> anyhow::Result<i32> {
    eprintln!("lore extract-queries is not yet available");
    Ok(super::EXIT_FAILURE)
}
