//! The `lore` command line: parses arguments, resolves configuration once, dispatches to one
//! file per command, and maps failures to exit codes. `lore hook` is special-cased so that no
//! argument problem can ever produce the exit status 2 that Claude Code reads as "block".

mod args;
mod extract_queries;
mod ingest;
mod init;
mod progress;
mod search;
mod serve;
mod status;
mod timestamp;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Parser;

use crate::core::config::Config;
use crate::services::workspace::{ConfigSearch, find_config};
pub use args::{Cli, Command};

/// Exit status for a command that failed (bad input, invalid patterns, I/O).
pub const EXIT_FAILURE: i32 = 1;

/// Run the CLI on the process arguments and return the exit status.
pub fn run() -> i32 {
    run_with_args(std::env::args_os().collect())
}

/// Run the CLI on explicit arguments (the first is the program name).
pub fn run_with_args(args: Vec<OsString>) -> i32 {
    if is_hook_invocation(&args) {
        match hook_harness(&args) {
            Ok(Harness::Claude) => crate::adapters::claude::run_hook(hook_config_flag(&args)),
            Ok(Harness::Codex) => crate::adapters::codex::run_hook(hook_config_flag(&args)),
            Err(unknown) => eprintln!(
                "lore hook: unknown harness {unknown:?} (use `lore hook` for Claude Code or `lore hook --codex` for the Codex CLI); nothing injected"
            ),
        }
        return 0;
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return e.exit_code();
        }
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            EXIT_FAILURE
        }
    }
}

fn dispatch(cli: Cli) -> anyhow::Result<i32> {
    let config = cli.config;
    match cli.command {
        Command::Init(args) => init::run(&args),
        Command::Ingest(args) => ingest::run(&load(config)?, &args),
        Command::Search(args) => search::run(&load(config)?, &args),
        Command::Status(args) => status::run(config, &args),
        Command::ExtractQueries(args) => extract_queries::run(config, &args),
        Command::Serve => serve::run(config),
        Command::Hook(_) => Ok(0),
    }
}

/// Resolve the configuration for commands that need it.
fn load(explicit: Option<PathBuf>) -> anyhow::Result<Config> {
    let cwd = std::env::current_dir()?;
    Ok(find_config(&ConfigSearch::from_env(explicit, cwd))?)
}

/// `lore [--config PATH] hook ...`: the first argument that is not `--config` or its value is
/// `hook`. Anything after it is ignored rather than rejected.
fn is_hook_invocation(args: &[OsString]) -> bool {
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        match arg.to_str() {
            Some("--config") => {
                rest.next();
            }
            Some(a) if a.starts_with("--config=") => {}
            Some("hook") => return true,
            _ => return false,
        }
    }
    false
}

/// The agent harness a hook answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Harness {
    Claude,
    Codex,
}

/// The harness named after `hook`: `--codex`, `--harness codex|claude` (or `--harness=...`);
/// none means Claude Code. Other arguments are ignored, never rejected; an unknown harness
/// name is returned as the error.
fn hook_harness(args: &[OsString]) -> Result<Harness, String> {
    let words: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let after_hook = words.iter().skip_while(|w| *w != "hook").skip(1);
    let mut harness = Harness::Claude;
    let mut rest = after_hook.peekable();
    while let Some(word) = rest.next() {
        let named = match word.as_str() {
            "--codex" => Some("codex".to_string()),
            "--harness" => rest.next().cloned(),
            w => w.strip_prefix("--harness=").map(String::from),
        };
        harness = match named.as_deref() {
            None => continue,
            Some("codex") => Harness::Codex,
            Some("claude") => Harness::Claude,
            Some(other) => return Err(other.to_string()),
        };
    }
    Ok(harness)
}

/// The `--config` value given before or after `hook`, if any.
fn hook_config_flag(args: &[OsString]) -> Option<PathBuf> {
    let mut iter = args.iter().skip(1);
    while let Some(arg) = iter.next() {
        let arg = arg.to_string_lossy();
        if arg == "--config" {
            return iter.next().map(PathBuf::from);
        }
        if let Some(value) = arg.strip_prefix("--config=") {
            return Some(PathBuf::from(value));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn hook_is_recognised_with_and_without_config() {
        assert!(is_hook_invocation(&args(&["lore", "hook"])));
        assert!(is_hook_invocation(&args(&["lore", "hook", "--bogus"])));
        assert!(is_hook_invocation(&args(&[
            "lore", "--config", "x.toml", "hook"
        ])));
        assert!(is_hook_invocation(&args(&[
            "lore",
            "--config=x.toml",
            "hook"
        ])));
        assert!(!is_hook_invocation(&args(&["lore", "search", "hook"])));
        assert!(!is_hook_invocation(&args(&["lore"])));
    }

    #[test]
    fn the_harness_is_named_after_hook() {
        for (list, expected) in [
            (&["lore", "hook"][..], Ok(Harness::Claude)),
            (&["lore", "hook", "--codex"][..], Ok(Harness::Codex)),
            (
                &["lore", "--config", "x", "hook", "--codex", "--bogus"][..],
                Ok(Harness::Codex),
            ),
            (
                &["lore", "hook", "--harness", "codex"][..],
                Ok(Harness::Codex),
            ),
            (
                &["lore", "hook", "--harness=claude"][..],
                Ok(Harness::Claude),
            ),
            (&["lore", "hook", "--bogus"][..], Ok(Harness::Claude)),
            (
                &["lore", "hook", "--harness", "cursor"][..],
                Err("cursor".to_string()),
            ),
        ] {
            assert_eq!(hook_harness(&args(list)), expected, "{list:?}");
        }
    }

    #[test]
    fn hook_config_is_found_anywhere() {
        assert_eq!(
            hook_config_flag(&args(&["lore", "hook", "--config", "a.toml"])),
            Some(PathBuf::from("a.toml"))
        );
        assert_eq!(
            hook_config_flag(&args(&["lore", "--config=b.toml", "hook"])),
            Some(PathBuf::from("b.toml"))
        );
        assert_eq!(hook_config_flag(&args(&["lore", "hook"])), None);
    }
}
