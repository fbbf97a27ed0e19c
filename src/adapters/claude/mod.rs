//! Claude Code adapter: `lore hook` reads one event on stdin and prints at most one JSON
//! object. Whatever happens (bad JSON, missing config or index, a locked ledger, a panic) it
//! exits 0; problems are reported on stderr, and `LORE_DEBUG=1` traces the whole decision
//! (redacted: the trace quotes commands and prompts, which may hold secrets).

pub mod event;
pub mod install;
pub mod reply;
pub mod transcript;
pub mod wire;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::core::config::Config;
use crate::core::redact::redact;
use crate::services::inject::{
    InjectContext, Injection, Moment, Trace, inject_for_query, inject_session_start,
};
use crate::services::refresh::{build_first_index, refresh_index, upgrade_index};
use crate::services::session::SessionLedger;
use crate::services::workspace::{ConfigSearch, find_config};
use crate::storage::embed::OllamaEmbedder;
use crate::storage::index::{Index, IndexError};
use crate::storage::ledger::{default_ledger_dir, ledger_dir_candidates};
use event::{Event, classify, query_input};
use wire::Payload;

/// Largest payload read from stdin (a Write of a big file stays well below this).
const MAX_PAYLOAD: u64 = 32 * 1024 * 1024;
/// How long a hook waits on a busy index before giving up.
const INDEX_BUSY: Duration = Duration::from_millis(300);
/// Events worth loading configuration for.
const HANDLED: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUseFailure",
    "SubagentStart",
    "PostCompact",
];

/// Handle one hook event from stdin. Never fails and never panics out: every problem goes
/// to stderr and the process exits 0.
pub fn run_hook(config_flag: Option<PathBuf>) {
    let debug = std::env::var_os("LORE_DEBUG").is_some_and(|v| v == "1");
    let started = Instant::now();
    let mut trace = Trace::new(debug);
    let ledger_dir = default_ledger_dir().unwrap_or_else(|e| {
        say(&format!("lore hook: {e}"));
        // Every ledger operation on an unsafe place fails its own check: no dedup, no harm.
        ledger_dir_candidates()
            .into_iter()
            .next()
            .unwrap_or_default()
    });
    let request = HookRequest {
        config_flag,
        ledger_dir,
        exits_after: true,
    };
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut input = String::new();
        std::io::stdin()
            .take(MAX_PAYLOAD)
            .read_to_string(&mut input)
            .context("cannot read the hook payload from stdin")?;
        answer(&input, &request, &mut trace)
    }));
    if debug {
        for line in &trace.lines {
            say(&format!("lore[debug] {}", redact(line)));
        }
    }
    match outcome {
        Ok(Ok(Some(line))) => {
            if debug {
                say(&format!("lore[debug] output: {}", redact(&line)));
            }
            if let Err(e) = write_answer(&line) {
                say(&format!(
                    "lore hook: cannot write the answer to stdout ({e}); nothing injected"
                ));
            }
        }
        Ok(Ok(None)) => {}
        Ok(Err(e)) => say(&format!("lore hook: {e:#}")),
        Err(_) => say("lore hook: internal error (see the panic message above); nothing injected"),
    }
    if debug {
        say(&format!(
            "lore[debug] took {} µs",
            started.elapsed().as_micros()
        ));
    }
}

/// The answer on stdout. A reader that went away is an error to report, not a panic: the
/// hook still exits 0 (Rust ignores SIGPIPE, so the write returns EPIPE).
fn write_answer(line: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()
}

/// One line on stderr; a closed stderr is ignored, never a panic.
pub fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Where a hook finds its configuration and session ledgers.
#[derive(Debug, Clone)]
pub struct HookRequest {
    /// `--config PATH`, if given.
    pub config_flag: Option<PathBuf>,
    pub ledger_dir: PathBuf,
    /// The process exits right after this one answer (`lore hook`), so the index connection
    /// is left for the exit to release instead of being closed.
    pub exits_after: bool,
}

/// The hook's answer to one payload: the JSON line to print, or nothing. Errors are for
/// stderr only; the caller still exits 0.
pub fn answer(
    input: &str,
    request: &HookRequest,
    trace: &mut Trace,
) -> anyhow::Result<Option<String>> {
    if input.trim().is_empty() {
        trace.note("empty stdin: nothing to do");
        return Ok(None);
    }
    let payload: Payload =
        serde_json::from_str(input).context("hook payload is not a JSON object")?;
    let name = payload.hook_event_name.as_deref().unwrap_or("");
    if !HANDLED.contains(&name) {
        trace.note(format!("event {name:?}: nothing to do"));
        return Ok(None);
    }

    let start_dir = payload
        .cwd
        .as_ref()
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default();
    let config = find_config(&ConfigSearch::from_env(
        request.config_flag.clone(),
        start_dir.clone(),
    ))?;
    let event = classify(&payload, &config.hook.tools);
    trace.note(format!("event: {event:?}"));
    let ledger = SessionLedger::open_in(
        &request.ledger_dir,
        payload.session_id.as_deref(),
        payload.agent_id.as_deref(),
    );
    let scope = InjectScope {
        config: &config,
        ledger: &ledger,
        project_dir: &start_dir,
        exits_after: request.exits_after,
    };

    let injection = match &event {
        Event::Ignored => return Ok(None),
        Event::PostCompact => {
            ledger.reset()?;
            return Ok(None);
        }
        Event::SessionStart { reset } => {
            // Priming matters more than dedup: a ledger that cannot be cleared is reported,
            // not allowed to cost the session its conventions.
            if *reset && let Err(e) = ledger.reset() {
                eprintln!("lore hook: cannot clear the session ledger ({e}); priming anyway");
            }
            refresh_index(&config, trace);
            scope.inject(trace, |ctx| {
                inject_session_start(ctx, config.hook.session_start_budget)
            })?
        }
        Event::SubagentStart => scope.inject(trace, |ctx| {
            inject_session_start(ctx, config.hook.subagent_budget)
        })?,
        Event::UserPromptSubmit { .. }
        | Event::PreToolUse { .. }
        | Event::PostToolUseFailure { .. } => {
            let input = hook_query_input(&payload);
            let moment = match event {
                Event::UserPromptSubmit { .. } => Moment::Prompt,
                Event::PreToolUse { .. } => Moment::ToolCall,
                _ => Moment::ToolFailure,
            };
            scope.inject(trace, |ctx| inject_for_query(ctx, moment, &input))?
        }
    };
    Ok(injection
        .filter(|i| !i.text.trim().is_empty())
        .map(|i| reply::additional_context(event.name(), &i.text)))
}

/// The query input the hook builds for a payload; `lore extract-queries` calls this too, so
/// audits see exactly what the hook searches for. Tool calls add the transcript's last user
/// message.
pub fn hook_query_input(payload: &Payload) -> crate::core::query::QueryInput {
    let last = match payload.hook_event_name.as_deref() {
        Some("PreToolUse") => payload
            .transcript_path
            .as_deref()
            .and_then(|p| transcript::last_user_message(Path::new(p))),
        _ => None,
    };
    query_input(payload, last)
}

/// The index as one snapshot, built first when missing and upgraded first when an older lore
/// wrote it (each bounded; see `services::refresh`). None: there is still no index.
fn open_index(config: &Config, trace: &mut Trace) -> anyhow::Result<Option<Index>> {
    match Index::open_snapshot(&config.database, INDEX_BUSY) {
        Ok(Some(index)) => return Ok(Some(index)),
        Ok(None) => {
            trace.note("no index yet: building it");
            build_first_index(config, trace);
        }
        Err(IndexError::OlderSchema { found, supported }) => {
            trace.note(format!(
                "the index has schema {found}, older than {supported}: upgrading it"
            ));
            upgrade_index(config, trace);
        }
        Err(e) => return Err(e.into()),
    }
    Ok(Index::open_snapshot(&config.database, INDEX_BUSY)?)
}

/// What every event that injects conventions needs around the index.
struct InjectScope<'a> {
    config: &'a Config,
    ledger: &'a SessionLedger,
    project_dir: &'a Path,
    /// See [`HookRequest::exits_after`].
    exits_after: bool,
}

impl InjectScope<'_> {
    /// Open the index (building it on first use) and run `inject` with a context around it.
    fn inject(
        &self,
        trace: &mut Trace,
        inject: impl FnOnce(
            &mut InjectContext<'_>,
        ) -> Result<Option<Injection>, crate::storage::index::IndexError>,
    ) -> anyhow::Result<Option<Injection>> {
        let &Self {
            config,
            ledger,
            project_dir,
            exits_after,
        } = self;
        let Some(index) = open_index(config, trace)? else {
            return Ok(None);
        };
        // The query embedder exists only when hybrid search is on; it has its own hard timeout
        // (`ollama.query_timeout_ms`), and any failure leaves the hook full-text only.
        let embedder = OllamaEmbedder::when_hybrid(config, true).unwrap_or_else(|e| {
            trace.note(format!("no query embedder ({e}); full text only"));
            None
        });
        let mut ctx = InjectContext {
            config,
            index: &index,
            ledger,
            project_dir: Some(project_dir),
            embedder: embedder
                .as_ref()
                .map(|e| e as &dyn crate::storage::embed::Embedder),
            trace,
        };
        let injection = inject(&mut ctx)?;
        if exits_after {
            // A read-only connection has nothing to write back, and exiting releases its locks
            // as a crash would (which SQLite is built to survive); closing it would free every
            // cached page and unmap the WAL index one by one, about a tenth of a hook.
            std::mem::forget(index);
        }
        Ok(injection)
    }
}
