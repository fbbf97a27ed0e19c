//! Command-line arguments (clap). Only declarations; each command lives in its own file.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand};

use crate::core::sources::Harness;

/// The agents lore answers, by the name `--agent` and `--harness` take.
fn agent_names() -> PossibleValuesParser {
    PossibleValuesParser::new(Harness::ALL.map(Harness::name))
}

#[derive(Debug, Parser)]
#[command(
    name = "lore",
    version,
    about = "Inject your team's coding conventions into AI coding agents",
    propagate_version = true
)]
pub struct Cli {
    /// Use this lore.toml instead of searching for one.
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create lore.toml, a patterns/ directory and the index in a repository.
    Init(InitArgs),
    /// Index the knowledge dir (only what changed, unless --force).
    Ingest(IngestArgs),
    /// Search the patterns.
    Search(SearchArgs),
    /// Show configuration, knowledge dir and index state.
    Status(StatusArgs),
    /// Print the query the hook would run for tool-call JSON (one per line, or one document).
    ExtractQueries(ExtractQueriesArgs),
    /// Explain one hook call: every candidate pattern and why it was or was not injected.
    Why(WhyArgs),
    /// Agent hook (Claude Code; another agent with --harness NAME): read one event on stdin,
    /// print context to inject. Always exits 0.
    Hook(HookArgs),
    /// Check lore's registration with every agent: binaries, hook entries, a real call per
    /// event, instruction files, and whether the last session's injections arrived.
    Doctor(DoctorArgs),
    /// Serve the MCP tools over stdio.
    Serve,
    /// Review the corrections and notes captured from your agent sessions.
    Inbox(InboxArgs),
    /// Learn from saved agent sessions: backfill the review inbox.
    Learn(LearnArgs),
}

#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct InitArgs {
    /// Repository to initialise (default: the working directory).
    #[arg(long, value_name = "DIR")]
    pub repo: Option<PathBuf>,
    /// Overwrite an existing lore.toml.
    #[arg(long)]
    pub force: bool,
    /// Also register lore's hooks in the project's .claude/settings.json.
    #[arg(long)]
    pub claude: bool,
    /// Also register lore's hooks in the project's .codex/hooks.json (Codex CLI).
    #[arg(long)]
    pub codex: bool,
    /// Also register lore with this agent (repeatable): claude, codex, gemini, copilot, qwen,
    /// cline or opencode.
    #[arg(long, value_name = "NAME", value_parser = agent_names())]
    pub agent: Vec<String>,
    /// With --agent gemini, copilot, qwen, cline or opencode: register lore in your user
    /// configuration (every project) instead of the repository's.
    #[arg(long, requires = "agent")]
    pub user: bool,
    /// Ollama server to check for hybrid search (default: http://127.0.0.1:11434).
    #[arg(long, value_name = "URL")]
    pub ollama_host: Option<String>,
    /// Turn hybrid search on: check that Ollama answers, pulling its embedding model without
    /// asking when it lacks it (hybrid is off otherwise).
    #[arg(long)]
    pub pull: bool,
}

/// `lore hook` never reaches clap (any argument problem must still exit 0); these are
/// declared for `lore help hook`.
#[derive(Debug, Args)]
pub struct HookArgs {
    /// Answer Codex CLI events (`.codex/hooks.json`) instead of Claude Code's.
    #[arg(long)]
    pub codex: bool,
    /// The harness by name: `claude` (the default), `codex`, `gemini`, `copilot`, `qwen`,
    /// `cline` or `opencode`.
    #[arg(long, value_name = "NAME")]
    pub harness: Option<String>,
    /// lore's MCP server is configured for the session (the Claude Code plugin passes it), so
    /// injected text points the agent at `search_patterns` instead of `lore search`.
    #[arg(long)]
    pub mcp: bool,
}

#[derive(Debug, Args)]
pub struct IngestArgs {
    /// Rebuild the index from scratch.
    #[arg(long)]
    pub force: bool,
    /// Index only this file: a pattern (from the working directory or the knowledge dir) or
    /// one of the agents' rule files.
    #[arg(long, value_name = "PATH", conflicts_with = "force")]
    pub file: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// What to search for.
    #[arg(required = true, value_name = "QUERY")]
    pub query: Vec<String>,
    /// Number of results (default: `search.top_k` from lore.toml).
    #[arg(long, short = 'k', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub top_k: Option<u64>,
    /// Print results as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// Print as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ExtractQueriesArgs {
    /// File of tool-call JSON (default: stdin).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Read payloads as the Codex CLI sends them (what `lore hook --codex` runs).
    #[arg(long, conflicts_with = "harness")]
    pub codex: bool,
    /// Read payloads as this agent's hook does (what `lore hook --harness NAME` runs).
    #[arg(long, value_name = "NAME", value_parser = agent_names())]
    pub harness: Option<String>,
    /// Print as JSON lines.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  lore why payload.json\n  lore why --tool Edit src/app.py\n  lore why --tool Bash 'cargo test'\n  lore why --event UserPromptSubmit 'how do we wrap errors'"
)]
pub struct WhyArgs {
    /// A hook payload file (`-`: stdin); with `--tool`, the file the tool touches (a Bash
    /// command for `--tool Bash`); with `--event UserPromptSubmit` alone, the prompt.
    #[arg(value_name = "PAYLOAD|PATH")]
    pub target: String,
    /// Explain a call of this tool on PATH instead of reading a payload.
    #[arg(long, value_name = "TOOL")]
    pub tool: Option<String>,
    /// The event of a call given by `--tool` (default PreToolUse), or UserPromptSubmit for a
    /// prompt.
    #[arg(long, value_name = "EVENT", value_parser = ["PreToolUse", "PostToolUseFailure", "UserPromptSubmit"])]
    pub event: Option<String>,
    /// Leave out what this session was already shown, as its hook would (default: the
    /// payload's `session_id`; none for `--tool`).
    #[arg(long, value_name = "ID")]
    pub session: Option<String>,
    /// Read the payload as the Codex CLI sends it (what `lore hook --codex` runs).
    #[arg(long, conflicts_with = "harness")]
    pub codex: bool,
    /// Read the payload as this agent's hook does (what `lore hook --harness NAME` runs;
    /// default: the agent the payload's shape says: its event and field names, or the folder
    /// its transcript is kept in (`~/.gemini/`, `~/.qwen/`, `~/.codex/`); else Claude Code).
    #[arg(long, value_name = "NAME", value_parser = agent_names())]
    pub harness: Option<String>,
    /// Print as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  lore inbox\n  lore inbox show 3f2a\n  lore inbox accept 3f2a --paths 'app/**/*.py'\n  lore inbox accept 3f2a --branch\n  lore inbox reject 3f2a"
)]
pub struct InboxArgs {
    #[command(subcommand)]
    pub action: Option<InboxAction>,
    /// Also list snoozed items.
    #[arg(long)]
    pub all: bool,
    /// Print as JSON.
    #[arg(long, global = true)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum InboxAction {
    /// Show one item whole, with the pattern accepting it would write.
    Show {
        /// The item's id (or the start of it).
        id: String,
    },
    /// Write an item as a pattern (indexed and committed), or as a section of an existing one.
    Accept(AcceptArgs),
    /// Drop an item for good: the same correction is never offered again.
    Reject {
        /// The item's id (or the start of it).
        id: String,
    },
    /// Hide an item for some days.
    Snooze {
        /// The item's id (or the start of it).
        id: String,
        /// How many days.
        #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=3650))]
        days: u32,
    },
}

#[derive(Debug, Args)]
pub struct AcceptArgs {
    /// The item's id (or the start of it).
    pub id: String,
    /// The pattern's title instead of the proposed one.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// The rule text instead of the proposed one.
    #[arg(long, value_name = "TEXT")]
    pub rule: Option<String>,
    /// `paths` globs instead of the proposed ones (repeat, or separate with commas).
    #[arg(
        long,
        value_name = "GLOB",
        value_delimiter = ',',
        conflicts_with = "no_paths"
    )]
    pub paths: Option<Vec<String>>,
    /// Write the pattern without `paths` (found by its words anywhere).
    #[arg(long)]
    pub no_paths: bool,
    /// `language` instead of the proposed one (repeat, or separate with commas).
    #[arg(long, value_name = "NAME", value_delimiter = ',')]
    pub language: Option<Vec<String>>,
    /// Add it as a section of this existing pattern (a source as `lore search` shows it).
    #[arg(long, value_name = "SOURCE")]
    pub into: Option<String>,
    /// Edit the whole pattern in $VISUAL or $EDITOR before it is written.
    #[arg(long, conflicts_with_all = ["title", "rule", "paths", "no_paths", "language"])]
    pub edit: bool,
    /// Commit on a new review branch (`[learn] branch_prefix`, or this prefix) instead of the
    /// current branch, for a pull request.
    #[arg(long, value_name = "PREFIX", num_args = 0..=1, default_missing_value = "")]
    pub branch: Option<String>,
}

#[derive(Debug, Args)]
pub struct LearnArgs {
    #[command(subcommand)]
    pub action: LearnAction,
}

#[derive(Debug, Subcommand)]
pub enum LearnAction {
    /// Read saved Claude Code and Codex sessions of this repository and put the corrections
    /// they hold in the review inbox (each read once, however often you scan).
    Scan(ScanArgs),
}

#[derive(Debug, Args)]
pub struct ScanArgs {
    /// Session files or folders to read (default: Claude Code's and Codex's saved sessions).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Read sessions of any project, not only those run inside this repository.
    #[arg(long)]
    pub any_project: bool,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}
