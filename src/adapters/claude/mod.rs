//! Claude Code adapter: the `lore hook` command and project hook installation.

pub mod install;

use std::path::PathBuf;

/// Handle one hook event from stdin. Never fails: every problem goes to stderr.
pub fn run_hook(_config: Option<PathBuf>) {
    let mut input = String::new();
    let _ = std::io::Read::read_to_string(&mut std::io::stdin(), &mut input);
}
