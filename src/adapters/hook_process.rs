//! The process frame every harness's hook runs in: one payload read from stdin (bounded),
//! one answer printed on stdout, every problem on stderr, exit status 0 whatever happens (bad
//! JSON, a missing config or index, a locked ledger, a panic), and `LORE_DEBUG=1` tracing the
//! whole decision (redacted: the trace quotes commands and prompts, which may hold secrets).
//! The harness adapters only supply the function that answers a payload.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;

use crate::core::redact::redact;
use crate::services::inject::Trace;
use crate::services::session::SessionLedger;
use crate::storage::ledger::{default_ledger_dir, ledger_dir_candidates};

/// Largest payload read from stdin (a Write of a big file stays well below this).
const MAX_PAYLOAD: u64 = 32 * 1024 * 1024;

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
}

/// A hook's answer: the JSON line to print, and the sections to record in the session ledger
/// once it was written.
pub struct HookAnswer {
    pub line: String,
    shown: Option<(SessionLedger, Vec<String>)>,
}

impl HookAnswer {
    /// An answer that records `shown` in `ledger` once it reached the agent.
    pub fn recording(line: String, ledger: SessionLedger, shown: Vec<String>) -> Self {
        Self {
            line,
            shown: Some((ledger, shown)),
        }
    }

    /// Record what the answer showed. A ledger that cannot be written costs dedup, never the
    /// answer.
    pub fn record_shown(&self) {
        if let Some((ledger, shown)) = &self.shown
            && let Err(e) = ledger.record(shown)
        {
            say(&format!(
                "lore hook: cannot record what was shown ({e}); it may be shown again"
            ));
        }
    }
}

/// A harness adapter's answer to one payload, or nothing. Errors are for stderr only.
pub type Answer = fn(&str, &HookRequest, &mut Trace) -> anyhow::Result<Option<HookAnswer>>;

/// Read one payload from stdin, answer it with `answer` and print the result. Never fails and
/// never panics out: every problem goes to stderr, and the caller exits 0.
pub fn run_hook_process(config_flag: Option<PathBuf>, mcp: bool, answer: Answer) {
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
        mcp,
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
        Ok(Ok(Some(answer))) => {
            if debug {
                say(&format!("lore[debug] output: {}", redact(&answer.line)));
            }
            match write_answer(&answer.line) {
                // Only an answer the agent received counts as shown.
                Ok(()) => answer.record_shown(),
                Err(e) => say(&format!(
                    "lore hook: cannot write the answer to stdout ({e}); nothing injected"
                )),
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

/// An error (one line on stderr, nothing injected) for a payload that names no event, or an
/// event the harness's adapter does not know (`known` are those it leaves alone on purpose).
pub fn refuse_unknown_event(name: &str, known: &[&str]) -> anyhow::Result<()> {
    if name.is_empty() {
        anyhow::bail!("the payload names no hook_event_name; nothing to do");
    }
    if !known.contains(&name) {
        anyhow::bail!(
            "unknown event `{name}`; nothing injected (check the hook registration: lore answers SessionStart, UserPromptSubmit, PreToolUse and the events docs/hooks.md lists)"
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
