//! `lore why`: explain one hook call. It reads a payload (a file, or `-` for stdin) or builds
//! one from `--tool TOOL PATH`, then runs the hook's own steps on it: payload mapping and
//! event classification (`payload_call`), the query plan, selection, budget allocation and
//! session dedup (`services::inject::decide_for_query`), and prints every candidate with its
//! verdict and the reason. Unlike `lore hook`, bad input is an error naming the file and
//! the remedy, with a non-zero exit: a person is reading.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};
use serde_json::{Value, json};

use super::args::WhyArgs;
use super::payload_call::{Searched, add_call_context, harness_of, search_of};
use super::payload_input::read_input;
use super::why_report::{CallFacts, WhyReport, print_text};
use crate::adapters::hook_process::MAX_PAYLOAD;
use crate::adapters::mcp_json::configures_lore;
use crate::core::config::Config;
use crate::core::query::{ManifestFindings, QueryInput};
use crate::core::sources::Harness;
use crate::services::inject::{InjectContext, SearchHint, Trace, decide_for_query};
use crate::services::session::SessionLedger;
use crate::services::session_start::inject_session_start;
use crate::services::workspace::{ConfigSearch, find_config};
use crate::storage::embed::{Embedder, OllamaEmbedder};
use crate::storage::index::Index;
use crate::storage::ledger::default_ledger_dir;

/// How long `lore why` waits for an index another process is writing.
const INDEX_BUSY: Duration = Duration::from_secs(2);

pub fn run(config_flag: Option<PathBuf>, args: &WhyArgs) -> anyhow::Result<i32> {
    let here = std::env::current_dir().context("cannot read the working directory")?;
    let (value, label) = call_payload(args, &here)?;
    let harness = harness_of(args.harness.as_deref(), args.codex, &value)?;
    if args.tool.is_some() && !matches!(harness, Harness::ClaudeCode | Harness::Codex) {
        bail!(
            "--tool builds a Claude Code call; for another agent, give one of its hook payloads (its samples are in docs/agents.md)"
        );
    }
    // The hook finds its configuration from the payload's folder, when it exists here.
    let project_dir = value
        .get("cwd")
        .and_then(Value::as_str)
        .map(PathBuf::from)
        .filter(|p| p.is_absolute() && p.is_dir())
        .unwrap_or(here);
    let config = find_config(&ConfigSearch::from_env(config_flag, project_dir.clone()))
        .context("lore why explains a hook call of a repository set up for lore: run it inside the repository, or pass --config")?;
    if let Some(tool) = &args.tool {
        check_tool(tool, &config)?;
    }
    let tools = &config.hook.tools;
    let Searched {
        event,
        tool_name,
        mut input,
        moment,
        primes,
    } = search_of(harness, 1, &value, tools).with_context(|| {
        format!("{label}: give one hook payload object, as the hook reads it on stdin")
    })?;
    add_call_context(&mut input, &value, Some(&config));
    let index = open_index(&config)?;
    let shown_from =
        crate::adapters::touched_path::query_root(config.repository_root(), project_dir.to_str())
            .map(PathBuf::from);
    let session = args
        .session
        .clone()
        .or_else(|| text_field(&value, "session_id"))
        .filter(|s| !s.is_empty());
    let ledger = session_ledger(
        session.as_deref(),
        text_field(&value, "agent_id").as_deref(),
    );
    let facts = CallFacts {
        event,
        tool_name,
        harness,
        session,
    };
    // The hook's context for this call, as the hook builds it (no deadline: a person waits).
    let mut trace = Trace::new(false);
    let embedder = match moment {
        Ok(_) => OllamaEmbedder::when_hybrid(&config, true).unwrap_or_else(|e| {
            eprintln!("note: no query embedder ({e}); explaining the full-text ranking");
            None
        }),
        Err(_) => None,
    };
    let mut ctx = InjectContext {
        config: &config,
        index: &index,
        ledger: &ledger,
        project_dir: Some(&project_dir),
        shown_from: shown_from.as_deref(),
        embedder: embedder.as_ref().map(|e| e as &dyn Embedder),
        search_hint: if configures_lore(&project_dir) {
            SearchHint::Mcp
        } else {
            SearchHint::Cli
        },
        harness: Some(harness),
        deadline: crate::services::deadline::Deadline::none(),
        trace: &mut trace,
    };
    let report = match moment {
        Err(_) if primes => {
            // The session start the hook would send: what it lists and what it shows.
            let budget = if facts.event == "SubagentStart" {
                config.hook.subagent_budget
            } else {
                config.hook.session_start_budget
            };
            let project = session_project(&value, &config, &project_dir);
            let injection = inject_session_start(&mut ctx, budget, &project)?;
            WhyReport::primed(facts, budget, injection)
        }
        Err(why) => WhyReport::not_searched(facts, why),
        Ok(moment) => {
            let budget = ctx.budget(moment);
            let decision = decide_for_query(&mut ctx, moment, &input, true)?;
            WhyReport::of_decision(facts, &decision, budget)
        }
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_text(&report);
    }
    Ok(0)
}

/// The payload to explain, and how to name where it came from in an error.
fn call_payload(args: &WhyArgs, here: &Path) -> anyhow::Result<(Value, String)> {
    let target = &args.target;
    let cwd = here.display().to_string();
    match (args.tool.as_deref(), args.event.as_deref()) {
        (None, None) => read_payload(target),
        (None, Some("UserPromptSubmit")) => Ok((
            json!({"hook_event_name": "UserPromptSubmit", "prompt": target, "cwd": cwd}),
            "the prompt".into(),
        )),
        (None, Some(event)) => bail!(
            "--event {event} needs --tool: name the tool the call runs, as in `lore why --tool Edit --event {event} src/app.py`"
        ),
        (Some(_), Some("UserPromptSubmit")) => bail!(
            "a prompt runs no tool: drop --tool, as in `lore why --event UserPromptSubmit 'how do we wrap errors'`"
        ),
        (Some(tool), event) => {
            let tool_input = if tool.eq_ignore_ascii_case("Bash") {
                json!({ "command": target })
            } else {
                json!({ "file_path": here.join(target).display().to_string() })
            };
            Ok((
                json!({
                    "hook_event_name": event.unwrap_or("PreToolUse"),
                    "tool_name": tool,
                    "tool_input": tool_input,
                    "cwd": cwd,
                }),
                format!("--tool {tool} {target}"),
            ))
        }
    }
}

/// One payload object from a file, or from stdin for `-`, of at most the hook's own cap.
fn read_payload(target: &str) -> anyhow::Result<(Value, String)> {
    let (text, label) = if target == "-" {
        let text =
            read_input(None, MAX_PAYLOAD, "lore why: reading one hook payload as JSON on stdin (`lore why --tool Edit PATH` needs none)")
                .context("cannot read the hook payload from stdin")?;
        (text, "stdin".to_string())
    } else {
        let text = read_input(Some(Path::new(target)), MAX_PAYLOAD, "").with_context(|| {
            format!(
                "cannot read the payload file {target}; give a hook payload file (JSON), `-` for stdin, or `--tool TOOL PATH` to explain a call without one"
            )
        })?;
        (text, target.to_string())
    };
    let value: Value = serde_json::from_str(&text).with_context(|| {
        format!(
            "{label} is not one JSON document; give one hook payload object, as the hook reads it on stdin (samples: docs/hooks.md, \"Debugging\")"
        )
    })?;
    if !value.is_object() {
        bail!(
            "{label} holds JSON but not an object; give one hook payload object (`{{\"hook_event_name\": ..., \"tool_name\": ..., \"tool_input\": ...}}`)"
        );
    }
    Ok((value, label))
}

/// A tool given by `--tool` must be one the hook searches on.
fn check_tool(tool: &str, config: &Config) -> anyhow::Result<()> {
    let tools = &config.hook.tools;
    if tools.iter().any(|t| t.eq_ignore_ascii_case(tool)) {
        return Ok(());
    }
    let file = config
        .path
        .as_deref()
        .map_or("lore.toml".to_string(), |p| p.display().to_string());
    bail!(
        "unknown tool `{tool}`: the hook searches on the tools in `[hook] tools` ({}); name one of them, or add `{tool}` to `[hook] tools` in {file}",
        tools.join(", ")
    )
}

/// The repository's index; explaining a call needs one.
fn open_index(config: &Config) -> anyhow::Result<Index> {
    let database = config.database.display();
    let Some(index) = Index::open_read_only(&config.database, INDEX_BUSY)
        .with_context(|| format!("cannot open the index {database}"))?
    else {
        bail!("{database} has no index yet: run `lore ingest`, then ask again");
    };
    if !index.ingest_completed()? {
        eprintln!(
            "note: no ingest completed in {database} (one was interrupted, or is running); the hook would build the index first: run `lore ingest`"
        );
    }
    Ok(index)
}

/// The ledger the session's hook reads, so dedup is explained as it happened; without a
/// session id (or a private ledger folder) nothing counts as shown.
fn session_ledger(session: Option<&str>, agent: Option<&str>) -> SessionLedger {
    let none = || SessionLedger::open_in(Path::new(""), None, None);
    let Some(session) = session else {
        return none();
    };
    match default_ledger_dir() {
        Ok(dir) => SessionLedger::open_in(&dir, Some(session), agent),
        Err(e) => {
            eprintln!("note: {e}; explaining without session dedup");
            none()
        }
    }
}

/// What the project's root files show, read from the session's folder as the hook reads them.
fn session_project(value: &Value, config: &Config, project_dir: &Path) -> ManifestFindings {
    let mut input = QueryInput {
        cwd: text_field(value, "cwd").or_else(|| project_dir.to_str().map(String::from)),
        ..QueryInput::default()
    };
    add_call_context(&mut input, value, Some(config));
    input.project
}

fn text_field(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(String::from)
}
