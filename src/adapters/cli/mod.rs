//! The `lore` command line: parses arguments, resolves configuration once, dispatches to one
//! file per command, and maps failures to exit codes. `lore hook` is special-cased so that no
//! argument problem can ever produce the exit status 2 that Claude Code reads as "block".

mod args;
mod doctor;
mod extract_queries;
mod hook_args;
mod inbox;
mod ingest;
mod init;
mod init_agent;
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
use crate::core::sources::Harness;
use crate::services::workspace::{ConfigSearch, find_config};
pub use args::{Cli, Command};
use hook_args::{HookArgs, parse_hook_args};

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
    // `lore doctor` writes payloads to the hooks it runs, which may exit before reading
    // them: it ends quietly on a closed stdout only once they are done (see `doctor::run`).
    if !matches!(
        cli.command,
        Command::Serve | Command::Hook(_) | Command::Doctor(_)
    ) {
        end_quietly_when_stdout_closes();
    }
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

/// Let a closed stdout end the process as it ends other command-line tools (`lore status |
/// head -1`): quietly, by SIGPIPE. Rust ignores the signal, so a write to a closed pipe
/// fails, and `println!` then panics with exit status 101. The hook keeps ignoring it (it
/// must exit 0 whatever happens, and reports the failed write itself), and so does `lore
/// serve`, which answers the failed write by ending its session.
pub(super) fn end_quietly_when_stdout_closes() {
    // SAFETY: restoring the default action of one signal before any thread is started; the
    // previous handler (Rust's SIG_IGN) is not needed again.
    #[allow(unsafe_code)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
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
        Command::Doctor(args) => args.json,
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
        Command::Doctor(args) => doctor::run(config, &args),
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
            harness,
            mcp,
        } => {
            use crate::adapters::{claude, cline, codex, copilot, gemini, opencode, qwen};
            let run: fn(Option<PathBuf>, bool) = match harness {
                Harness::ClaudeCode => claude::run_hook,
                Harness::Codex => codex::run_hook,
                Harness::Gemini => gemini::run_hook,
                Harness::Copilot => copilot::run_hook,
                Harness::Qwen => qwen::run_hook,
                Harness::Cline => cline::run_hook,
                Harness::OpenCode => opencode::run_hook,
            };
            run(config, mcp)
        }
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
