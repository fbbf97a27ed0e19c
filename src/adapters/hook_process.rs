//! The process frame every harness's hook runs in: one payload read from stdin (bounded),
//! one answer printed on stdout, every problem on stderr, exit status 0 whatever happens (bad
//! JSON, a missing config or index, a locked ledger, a panic), `LORE_DEBUG=1` tracing the
//! whole decision on stderr and `LORE_TRACE=<file>` appending one JSON line per call to a file
//! (both redacted: they quote commands and prompts, which may hold secrets). A call past its
//! deadline (`hook.deadline_ms`) answers nothing and says so only under `LORE_DEBUG`. The
//! harness adapters only supply the function that answers a payload.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::Context;

use crate::adapters::cli::timestamp::format_rfc3339_millis;
use crate::core::redact::redact;
use crate::core::sources::Harness;
use crate::services::inject::Trace;
use crate::services::session::SessionLedger;
use crate::services::trace_record::TraceRecord;
use crate::storage::index::IndexError;
use crate::storage::ledger::{default_ledger_dir, ledger_dir_candidates};
use crate::storage::trace_file::append_trace_line;

/// Largest payload read from stdin (a Write of a big file stays well below this); `lore why`
/// reads no more of one.
pub const MAX_PAYLOAD: u64 = 32 * 1024 * 1024;
/// Longest `LORE_TRACE` line: a call with more candidates than fit lists the strongest.
const MAX_TRACE_LINE: usize = 64 * 1024;
/// The `LORE_TRACE` file is moved to `<file>.1` once it would grow past this.
const MAX_TRACE_FILE: u64 = 10 * 1024 * 1024;

/// Where a hook finds its configuration and session ledgers.
#[derive(Debug, Clone)]
pub struct HookRequest {
    /// `--config PATH`, if given.
    pub config_flag: Option<PathBuf>,
    pub ledger_dir: PathBuf,
    /// The process exits right after this one answer (`lore hook`), so the index connection
    /// is left for the exit to release instead of being closed.
    pub exits_after: bool,
    /// lore's MCP server is configured for the session (the plugin's hooks say so with
    /// `--mcp`), so the agent can search with `search_patterns`.
    pub mcp: bool,
    /// When the hook call began: its deadline (`hook.deadline_ms`) counts from here.
    pub started: Instant,
}

/// A hook's answer: the JSON line to print, and the sections it claimed in the session
/// ledger before answering (see `hook_scope`), given back when the line cannot be written.
pub struct HookAnswer {
    pub line: String,
    shown: Option<(SessionLedger, Vec<String>)>,
}

impl HookAnswer {
    /// An answer whose sections `shown` are claimed in `ledger`: they stay recorded once it
    /// reached the agent, and are released when it did not.
    pub fn recording(line: String, ledger: SessionLedger, shown: Vec<String>) -> Self {
        Self {
            line,
            shown: Some((ledger, shown)),
        }
    }

    /// An answer that shows nothing of the knowledge base (a notice to the user).
    pub fn plain(line: String) -> Self {
        Self { line, shown: None }
    }

    /// Give back what the answer claimed: it never reached the agent. A ledger that cannot
    /// be written costs these sections in this session, never an answer.
    pub fn release_shown(&self) {
        if let Some((ledger, shown)) = &self.shown
            && let Err(e) = ledger.release(shown)
        {
            say(&format!(
                "lore hook: cannot release what the unwritten answer claimed ({e}); this session may not be shown it"
            ));
        }
    }
}

/// A harness adapter's answer to one payload, or nothing. Errors are for stderr only.
pub type Answer = fn(&str, &HookRequest, &mut Trace) -> anyhow::Result<Option<HookAnswer>>;

/// Read one payload from stdin, answer it with `answer` and print the result. Never fails and
/// never panics out: every problem goes to stderr, and the caller exits 0.
pub fn run_hook_process(config_flag: Option<PathBuf>, mcp: bool, answer: Answer) {
    let started = Instant::now();
    let debug = std::env::var_os("LORE_DEBUG").is_some_and(|v| v == "1");
    let trace_file = std::env::var_os("LORE_TRACE")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    let mut trace = Trace::new(debug);
    if trace_file.is_some() {
        trace = trace.recording();
    }
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
        mcp,
        started,
    };
    if std::io::stdin().is_terminal() {
        // Run by hand: say what it waits for (the harness never gives it a terminal).
        say(
            "lore hook: reading one hook event as JSON on stdin, as the agent sends it (end it with Ctrl-D); `lore hook --help` says more",
        );
    }
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut input = String::new();
        std::io::stdin()
            .take(MAX_PAYLOAD + 1)
            .read_to_string(&mut input)
            .context("cannot read the hook payload from stdin")?;
        if input.len() as u64 > MAX_PAYLOAD {
            anyhow::bail!(
                "the hook payload is over {} MiB, more than a hook call holds; nothing injected",
                MAX_PAYLOAD / (1024 * 1024)
            );
        }
        answer(&input, &request, &mut trace)
    }));
    if debug {
        for line in &trace.lines {
            say(&format!("lore[debug] {}", redact(line)));
        }
    }
    match &outcome {
        Ok(Ok(Some(answer))) => {
            if debug {
                say(&format!("lore[debug] output: {}", redact(&answer.line)));
            }
            // Only an answer the agent received counts as shown.
            if let Err(e) = write_answer(&answer.line) {
                say(&format!(
                    "lore hook: cannot write the answer to stdout ({e}); nothing injected"
                ));
                answer.release_shown();
            }
        }
        Ok(Ok(None)) => {}
        // A call cut by its deadline is a choice, not a fault: quiet unless asked.
        Ok(Err(e)) if deadline_step(e).is_some() => {
            if debug {
                say(&format!("lore hook: {e:#}"));
            }
        }
        Ok(Err(e)) => say(&format!("lore hook: {e:#}")),
        Err(_) => say("lore hook: internal error (see the panic message above); nothing injected"),
    }
    if debug {
        say(&format!(
            "lore[debug] took {} µs",
            started.elapsed().as_micros()
        ));
    }
    if let (Some(path), Some(record)) = (&trace_file, trace.record.take()) {
        write_trace(path, record, &outcome, started);
    }
}

/// Where the hook's deadline stopped it, when that is what `error` is.
fn deadline_step(error: &anyhow::Error) -> Option<&'static str> {
    error
        .chain()
        .find_map(|cause| match cause.downcast_ref::<IndexError>() {
            Some(IndexError::Deadline { step }) => Some(*step),
            _ => None,
        })
}

/// What the hook process made of the payload.
type Outcome = std::thread::Result<anyhow::Result<Option<HookAnswer>>>;

/// Finish the call's record and append it to the `LORE_TRACE` file. A trace that cannot be
/// written costs the trace, never the answer: one line on stderr.
fn write_trace(path: &Path, mut record: TraceRecord, outcome: &Outcome, started: Instant) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    record.time = format_rfc3339_millis(now);
    record.duration_us = started.elapsed().as_micros() as u64;
    match outcome {
        Ok(Err(e)) => {
            record.deadline_cut = deadline_step(e);
            if record.deadline_cut.is_none() {
                record.error = Some(format!("{e:#}"));
            }
        }
        Err(_) => record.error = Some("internal error (a panic)".to_string()),
        Ok(Ok(_)) => {}
    }
    let line = record.to_line(MAX_TRACE_LINE);
    if let Err(e) = append_trace_line(path, &line, MAX_TRACE_FILE) {
        say(&format!(
            "lore hook: cannot append to the LORE_TRACE file {} ({e}); the call is not traced",
            path.display()
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

/// The payload on stdin, when the harness's adapter answers the event it names (one of `handled`): None, noted in the trace, for empty stdin or an event the adapter
/// leaves alone on purpose (`unhandled`); an error for bad JSON or an event it does not know.
pub fn read_event<P: serde::de::DeserializeOwned>(
    input: &str,
    harness: Harness,
    names: impl Fn(&P) -> (Option<&str>, Option<&str>),
    (handled, unhandled): (&[&str], &[&str]),
    trace: &mut Trace,
) -> anyhow::Result<Option<P>> {
    if input.trim().is_empty() {
        trace.note("empty stdin: nothing to do");
        return Ok(None);
    }
    let payload: P = serde_json::from_str(input).context("hook payload is not a JSON object")?;
    let (event, tool) = names(&payload);
    trace.record_call(harness, event, tool);
    let name = event.unwrap_or("");
    if !handled.contains(&name) {
        refuse_unknown_event(name, harness, handled, unhandled)?;
        trace.note(format!("event {name:?}: nothing to do"));
        return Ok(None);
    }
    Ok(Some(payload))
}

/// An error (one line on stderr, nothing injected) for a payload that names no event, or an
/// event the harness's adapter does not know (`known` are those it leaves alone on purpose);
/// it names the events lore answers for this harness (`handled`).
pub fn refuse_unknown_event(
    name: &str,
    harness: Harness,
    handled: &[&str],
    known: &[&str],
) -> anyhow::Result<()> {
    if name.is_empty() {
        anyhow::bail!("the payload names no hook_event_name; nothing to do");
    }
    if !known.contains(&name) {
        anyhow::bail!(
            "unknown event `{name}` for `--harness {}`; nothing injected (check the hook registration: for this agent lore answers {}; see docs/hooks.md)",
            harness.name(),
            handled.join(", ")
        );
    }
    Ok(())
}

/// Run the whole hook path so that a panic anywhere in it (argument handling, the ledger
/// location, the answer, the trace) ends as a line on stderr and the caller still exits 0:
/// a panic unwinding out of `main` would exit 101, which Claude Code reports as a failed hook.
/// (lore is built to unwind: no profile sets `panic = "abort"`.)
pub fn exit_zero_whatever(work: impl FnOnce()) {
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).is_err() {
        say("lore hook: internal error (see the panic message above); nothing injected");
    }
}

/// One line on stderr; a closed stderr is ignored, never a panic.
pub fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_on_the_hook_path_does_not_unwind_out() {
        let mut after = false;
        exit_zero_whatever(|| panic!("a bug somewhere on the hook path"));
        exit_zero_whatever(|| after = true);
        assert!(after, "work that does not panic runs");
        // The guard needs unwinding: a profile that aborts on panic would exit 134.
        let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
            .unwrap()
            .replace(' ', "");
        assert!(
            !manifest.contains("panic=\"abort\""),
            "Cargo.toml aborts on panic"
        );
    }
}
