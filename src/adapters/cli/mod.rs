//! The `lore` command line: parses arguments, resolves configuration once, dispatches to one
//! file per command, and maps failures to exit codes. `lore hook` is special-cased so that no
//! argument problem can ever produce the exit status 2 that Claude Code reads as "block".

mod args;
mod extract_queries;
mod hook_args;
mod inbox;
mod ingest;
mod init;
mod learn;
mod payload_call;
mod payload_input;
mod progress;
mod search;
mod serve;
mod status;
pub(crate) mod timestamp;
mod why;
mod why_report;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Parser;

use crate::core::config::Config;
use crate::services::workspace::{ConfigSearch, find_config};
pub use args::{Cli, Command};
use hook_args::{Harness, HookArgs, parse_hook_args};

/// Exit status for a command that failed (bad input, invalid patterns, I/O).
pub const EXIT_FAILURE: i32 = 1;

/// Run the CLI on the process arguments and return the exit status.
pub fn run() -> i32 {
    run_with_args(std::env::args_os().collect())
}

/// Run the CLI on explicit arguments (the first is the program name).
pub fn run_with_args(args: Vec<OsString>) -> i32 {
    if let Some(hook) = parse_hook_args(&args) {
        crate::adapters::hook_process::exit_zero_whatever(|| run_hook_path(hook));
        return 0;
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return e.exit_code();
        }
    };
    let json = wants_json(&cli.command);
    match dispatch(cli) {
        Ok(code) => code,
        Err(e) => {
            if json {
                // A caller parsing stdout gets JSON even when there is nothing to report.
                use std::io::Write;
                let error = serde_json::json!({ "error": format!("{e:#}") });
                let _ = writeln!(std::io::stdout().lock(), "{error}");
            }
            eprintln!("error: {e:#}");
            EXIT_FAILURE
        }
    }
}

/// Whether the command was asked for JSON output.
fn wants_json(command: &Command) -> bool {
    match command {
        Command::Ingest(args) => args.json,
        Command::Search(args) => args.json,
        Command::Status(args) => args.json,
        Command::ExtractQueries(args) => args.json,
        Command::Why(args) => args.json,
        Command::Inbox(args) => args.json,
        Command::Learn(args) => match &args.action {
            args::LearnAction::Scan(scan) => scan.json,
        },
        Command::Init(_) | Command::Hook(_) | Command::Serve => false,
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
        Command::Why(args) => why::run(config, &args),
        Command::Serve => serve::run(config),
        Command::Inbox(args) => inbox::run(&load(config)?, &args),
        Command::Learn(args) => learn::run(&load(config)?, &args),
        Command::Hook(_) => Ok(0),
    }
}

/// Resolve the configuration for commands that need it.
fn load(explicit: Option<PathBuf>) -> anyhow::Result<Config> {
    let cwd = std::env::current_dir()?;
    Ok(find_config(&ConfigSearch::from_env(explicit, cwd))?)
}

/// The hook path: answer, print help, or say what is wrong with the arguments. Exits 0 in
/// every case (see `hook_args`).
fn run_hook_path(hook: HookArgs) {
    use crate::adapters::hook_process::say;
    match hook {
        HookArgs::Run {
            config,
            harness: Harness::Claude,
            mcp,
        } => crate::adapters::claude::run_hook(config, mcp),
        HookArgs::Run {
            config,
            harness: Harness::Codex,
            mcp,
        } => crate::adapters::codex::run_hook(config, mcp),
        HookArgs::Help => {
            use clap::CommandFactory;
            use std::io::Write;
            let mut command = Cli::command();
            command.build();
            if let Some(hook) = command.find_subcommand_mut("hook") {
                let help = hook.render_long_help().to_string();
                let _ = writeln!(std::io::stdout().lock(), "{help}");
            }
        }
        HookArgs::Refused { problems } => say(&format!(
            "lore hook: {}; nothing injected (see `lore hook --help`)",
            problems.join(", ")
        )),
    }
}
