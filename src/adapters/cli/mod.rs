//! The `lore` command line.

/// Run the CLI and return the process exit code.
pub fn run() -> i32 {
    0
}
