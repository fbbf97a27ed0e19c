//! `lore init`: set a repository up for lore (config, example pattern, .gitignore, index).

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};

use super::args::InitArgs;
use super::progress::TerminalProgress;
use crate::adapters::hook_registration::InstallOutcome;
use crate::core::config::OllamaConfig;
use crate::services::ingest::{IngestOptions, ingest_with_embeddings, scan_rule_files};
use crate::services::status::source_statuses;
use crate::services::workspace::{CONFIG_FILE_NAME, load_config};
use crate::storage::bounded_read::{BoundedReadError, read_bounded};
use crate::storage::embed::{Embedder, OllamaEmbedder, probe_ollama, pull_model};
use crate::storage::index::Index;

const CONFIG_TEMPLATE: &str = r#"# lore configuration (see docs/configuration.md in the lore repository).
# Paths are relative to this file.
knowledge_dir = "patterns"
# database = ".lore/index.db"

[search]
# top_k = 5
# Hybrid search fuses Ollama embeddings with full-text search.
hybrid = {hybrid}
# min_relevance = 0.6

{ollama_header}
{ollama_host}
# model = "nomic-embed-text"

# [hook]
# tool_budget = 6000      # characters injected per tool call (Claude Code cuts at 10000)
"#;

const EXAMPLE_PATTERN: &str = r#"---
tags: [errors, error-handling, logging]
description: How we report and propagate errors
---
# Error handling

## Add context when passing an error up

Wrap an error with what you were doing when it happened (the file, the id, the
operation), so the message that reaches a person explains itself.

## Never swallow errors

Do not catch an error just to ignore it. Handle it, return it, or log it with
enough context to act on, and say in a comment why ignoring is safe if you must.
"#;

const INDEX_IGNORE_LINE: &str = "/.lore/";
/// Largest `.gitignore` read (real ones are a few KiB).
const MAX_GITIGNORE_BYTES: u64 = 4 * 1024 * 1024;

pub fn run(args: &InitArgs) -> anyhow::Result<i32> {
    let repo = match &args.repo {
        Some(dir) => dir.clone(),
        None => std::env::current_dir()?,
    };
    if !repo.is_dir() {
        bail!(
            "{} is not a directory; pass --repo with an existing directory",
            repo.display()
        );
    }
    let config_path = repo.join(CONFIG_FILE_NAME);
    if !config_path.exists()
        && !args.force
        && let Some(enclosing) = enclosing_config(&repo)
    {
        // A lore.toml here would shadow that one for every command and hook run below here.
        bail!(
            "{} is inside a repository lore is already set up for: {} configures it; run lore there (or pass --force to give this folder a configuration of its own)",
            repo.display(),
            enclosing.display()
        );
    }
    if config_path.exists() && !args.force {
        // `lore init --claude` / `--codex` in a repository that already has lore only adds
        // the hooks.
        if args.claude || args.codex || !args.agent.is_empty() {
            eprintln!("keeping {}", config_path.display());
        } else {
            bail!(
                "{} already exists; pass --force to overwrite it (or --agent NAME to only register lore with an agent)",
                config_path.display()
            );
        }
    } else {
        let ollama = OllamaConfig {
            host: args
                .ollama_host
                .clone()
                .unwrap_or_else(|| OllamaConfig::default().host),
            ..OllamaConfig::default()
        };
        // Hybrid search is off unless asked for (`--pull`): on real teams' rule files it does
        // not yet beat full text (docs/benchmarks.md, "Hybrid search").
        let hybrid = if args.pull {
            hybrid_available(&ollama, true)
        } else {
            eprintln!(
                "hybrid search is off (full-text search only): it does not yet beat full text on teams' rule files. To try it, run `lore init --pull` or set `hybrid = true` under [search] with Ollama running."
            );
            false
        };
        let custom_host = ollama.host != OllamaConfig::default().host;
        let text = CONFIG_TEMPLATE
            .replace("{hybrid}", if hybrid { "true" } else { "false" })
            .replace(
                "{ollama_header}",
                if custom_host {
                    "[ollama]"
                } else {
                    "# [ollama]"
                },
            )
            .replace(
                "{ollama_host}",
                &if custom_host {
                    format!("host = {:?}", ollama.host)
                } else {
                    format!("# host = {:?}", ollama.host)
                },
            );
        write_atomically(&config_path, &text)?;
        eprintln!("wrote {}", config_path.display());
    }

    // Before anything walks the repository (which reads .gitignore): a .gitignore that is
    // not a regular file is refused here, not read.
    let ignore_line_added = add_gitignore_line(&repo.join(".gitignore"))?;
    let config = load_config(&config_path)?;
    let patterns = &config.knowledge_dir;
    if !patterns.exists() {
        std::fs::create_dir_all(patterns)
            .with_context(|| format!("cannot create {}", patterns.display()))?;
        // A team that already keeps rule files has its conventions: an example of lore's
        // would be listed and served among them as if the team had written it.
        let rules = scan_rule_files(&repo, patterns, &config.sources)
            .files
            .len();
        if rules == 0 {
            let example = patterns.join("error-handling.md");
            write_atomically(&example, EXAMPLE_PATTERN)?;
            eprintln!("wrote {}", example.display());
        } else {
            eprintln!(
                "created {} empty: the repository's {rules} rule file{} hold its conventions, \
                 so no example pattern was written; patterns the team adds (`lore learn`, the \
                 MCP tool `add_pattern`, or by hand) go there",
                patterns.display(),
                if rules == 1 { "" } else { "s" }
            );
        }
    }

    if ignore_line_added {
        eprintln!("added {INDEX_IGNORE_LINE} to .gitignore");
    }

    let mut index = Index::open(&config.database)?;
    let embedder = OllamaEmbedder::when_hybrid(&config, false).unwrap_or_else(|e| {
        eprintln!("warning: {e}; indexing full text only");
        None
    });
    let report = ingest_with_embeddings(
        &config,
        &mut index,
        &IngestOptions::default(),
        embedder.as_ref().map(|e| e as &dyn Embedder),
        &mut TerminalProgress::new("ingest"),
    )?;
    if let Some(warning) = report.embeddings.as_ref().and_then(|e| e.warning.as_ref()) {
        eprintln!("warning: {warning}");
    }
    // Named as `lore ingest` names them; an invalid pattern does not stop the set-up.
    let shown = |source: &str| super::ingest::display_path(&config, source);
    for issue in &report.errors {
        eprintln!(
            "warning: {}:{}: {}",
            shown(&issue.source),
            issue.line,
            issue.message
        );
    }
    for warning in &report.warnings {
        eprintln!("warning: {}: {}", shown(&warning.path), warning.message);
    }
    super::ingest::print_rule_warnings(&config, &report);
    report_rule_files(&config, &index);
    let count = report.added.len() + report.updated.len() + report.unchanged;
    // A team with only other agents' rule files would read "indexed 13 patterns" of an empty
    // patterns/ folder as a mistake: say where they came from.
    let rule_files = index.rule_texts().map(|rules| rules.len()).unwrap_or(0);
    let origin = match rule_files {
        0 => String::new(),
        n if n == count => " (all of them other agents' rule files)".to_string(),
        n => format!(" ({n} of them other agents' rule files)"),
    };
    println!(
        "indexed {count} pattern{} into {}{origin}",
        if count == 1 { "" } else { "s" },
        config.database.display()
    );
    if args.claude || args.agent.iter().any(|a| a == "claude") {
        let hooks = crate::adapters::claude::install::install_project_hooks(&repo)?;
        report_hooks(".claude/settings.json", &hooks.outcome);
        if hooks.mcp && hooks.outcome != InstallOutcome::Unchanged {
            // Say why the command differs from the documented `lore hook`.
            eprintln!(
                "the hooks run `lore hook --mcp`: .mcp.json serves lore's MCP tools, so injected text points at `search_patterns`"
            );
        }
    }
    if args.codex || args.agent.iter().any(|a| a == "codex") {
        use crate::adapters::codex::install::{TRUST_NOTE, install_project_hooks};
        let outcome = install_project_hooks(&repo)?;
        report_hooks(".codex/hooks.json", &outcome);
        eprintln!("{TRUST_NOTE}");
    }
    for agent in args
        .agent
        .iter()
        .filter(|a| !matches!(a.as_str(), "claude" | "codex"))
    {
        super::init_agent::install(agent, &repo, args.user)?;
    }
    if !args.claude && !args.codex && args.agent.is_empty() {
        // The index alone reaches no agent: say the next step rather than leave it to the docs.
        eprintln!(
            "next: register lore with your agent (`lore init --agent claude`, or codex, gemini, \
             copilot, qwen, cline, opencode); `lore doctor` shows which are registered"
        );
    }
    Ok(0)
}

/// Say which other agents' rule files lore found and reads in place.
fn report_rule_files(config: &crate::core::config::Config, index: &Index) {
    let found: Vec<String> = source_statuses(config, Some(index))
        .iter()
        .filter(|s| s.indexed.is_some_and(|n| n > 0))
        .map(|s| format!("{} {}", s.source.key(), s.indexed.unwrap_or(0)))
        .collect();
    if found.is_empty() {
        eprintln!(
            "no rule files of other agents found (.cursor/rules, .github/instructions, \
             .claude/rules, AGENTS.md, ...)"
        );
    } else {
        eprintln!(
            "found rule files of other agents, read in place with their own scoping: {} \
             (turn a source off under [sources] in lore.toml)",
            found.join(", ")
        );
    }
}

/// Say what registering the hooks in `file` did.
pub(super) fn report_hooks(file: &str, outcome: &InstallOutcome) {
    match outcome {
        InstallOutcome::Created => eprintln!("created {file} with lore's hooks"),
        InstallOutcome::Updated { events } => eprintln!(
            "registered lore's hooks in {file} for {}",
            events.join(", ")
        ),
        InstallOutcome::Unchanged => eprintln!("{file} already runs lore's hooks; left unchanged"),
    }
}

/// The nearest `lore.toml` in a folder above `repo`, which lore would use from `repo` today.
fn enclosing_config(repo: &Path) -> Option<std::path::PathBuf> {
    let repo = repo.canonicalize().ok()?;
    repo.ancestors()
        .skip(1)
        .map(|dir| dir.join(CONFIG_FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// Whether hybrid search can be switched on: Ollama answers and has the embedding model,
/// pulling it (with progress) when `pull` is set or the user agrees at a terminal. Says why
/// when the answer is no.
fn hybrid_available(ollama: &OllamaConfig, pull: bool) -> bool {
    let probe = probe_ollama(ollama, Duration::from_millis(1_500));
    let model = &ollama.model;
    if !probe.reachable {
        eprintln!(
            "Ollama is not answering at {}: hybrid search is off (full-text search only). To turn it on later, start Ollama, run `ollama pull {model}` and set `hybrid = true` under [search].",
            ollama.host
        );
        return false;
    }
    if probe.model_available == Some(true) {
        eprintln!(
            "Ollama answers at {} with `{model}`: hybrid search is on",
            ollama.host
        );
        return true;
    }
    let agreed = pull || ask(&format!("Ollama has no `{model}`. Pull it now? [Y/n] "));
    if !agreed {
        eprintln!(
            "hybrid search is off: run `ollama pull {model}`, then set `hybrid = true` under [search]"
        );
        return false;
    }
    let mut last_message = String::new();
    let pulled = pull_model(
        ollama,
        Duration::from_secs(5),
        &mut |message, done, total| match (done, total) {
            (Some(done), Some(total)) if total > 0 && std::io::stderr().is_terminal() => {
                eprint!("\rpulling {model}: {message} {}%   ", done * 100 / total);
            }
            _ if message != last_message => {
                eprintln!("pulling {model}: {message}");
                last_message = message.to_string();
            }
            _ => {}
        },
    );
    match pulled {
        Ok(()) => {
            eprintln!("\rpulled `{model}`: hybrid search is on");
            true
        }
        Err(e) => {
            eprintln!("\ncould not pull `{model}` ({e}): hybrid search is off");
            false
        }
    }
}

/// Ask a yes/no question on a terminal; anything but an explicit no is yes. Without a
/// terminal (CI, scripts) the answer is no: never download on a machine nobody watches.
fn ask(question: &str) -> bool {
    if !std::io::stdin().is_terminal() || !std::io::stderr().is_terminal() {
        return false;
    }
    eprint!("{question}");
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    if std::io::stdin().read_line(&mut answer).is_err() {
        return false;
    }
    !matches!(answer.trim().to_ascii_lowercase().as_str(), "n" | "no")
}

/// Append the index directory to .gitignore unless it is already ignored there. A
/// `.gitignore` that is a FIFO, a device or larger than any real one is refused, not read.
fn add_gitignore_line(path: &Path) -> anyhow::Result<bool> {
    let existing = match read_bounded(path, MAX_GITIGNORE_BYTES, true) {
        Ok(bytes) => String::from_utf8(bytes)
            .with_context(|| format!("{} is not UTF-8 text", path.display()))?,
        Err(BoundedReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let already = existing
        .lines()
        .map(|l| l.trim().trim_start_matches('/').trim_end_matches('/'))
        .any(|l| l == ".lore");
    if already {
        return Ok(false);
    }
    let mut text = existing;
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(INDEX_IGNORE_LINE);
    text.push('\n');
    write_atomically(path, &text)?;
    Ok(true)
}

/// Write through a temp file in the same directory, synced and renamed into place.
pub fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    crate::storage::atomic_file::write_atomically(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}
