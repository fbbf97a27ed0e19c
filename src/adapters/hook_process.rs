//! The process frame every harness's hook runs in: one payload read from stdin (bounded),
//! one answer printed on stdout, every problem on stderr, exit status 0 whatever happens (bad
//! JSON, a missing config or index, a locked ledger, a panic), and `LORE_DEBUG=1` tracing the
//! whole decision. The harness adapters only supply the function that answers a payload.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;

use crate::services::inject::Trace;
use crate::services::session::SessionLedger;
use crate::storage::ledger::default_ledger_dir;

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
            eprintln!("lore hook: cannot record what was shown ({e}); it may be shown again");
        }
    }
}

/// A harness adapter's answer to one payload, or nothing. Errors are for stderr only.
pub type Answer = fn(&str, &HookRequest, &mut Trace) -> anyhow::Result<Option<HookAnswer>>;

/// Read one payload from stdin, answer it with `answer` and print the result. Never fails and
/// never panics out: every problem goes to stderr, and the caller exits 0.
pub fn run_hook_process(config_flag: Option<PathBuf>, answer: Answer) {
    let debug = std::env::var_os("LORE_DEBUG").is_some_and(|v| v == "1");
    let started = Instant::now();
    let mut trace = Trace::new(debug);
    let request = HookRequest {
        config_flag,
        ledger_dir: default_ledger_dir(),
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
            eprintln!("lore[debug] {line}");
        }
    }
    match outcome {
        Ok(Ok(Some(answer))) => {
            if debug {
                eprintln!("lore[debug] output: {}", answer.line);
            }
            let mut out = std::io::stdout().lock();
            match writeln!(out, "{}", answer.line).and_then(|()| out.flush()) {
                // Only an answer the agent received counts as shown.
                Ok(()) => answer.record_shown(),
                Err(e) => eprintln!("lore hook: cannot write the answer: {e}"),
            }
        }
        Ok(Ok(None)) => {}
        Ok(Err(e)) => eprintln!("lore hook: {e:#}"),
        Err(_) => {
            eprintln!("lore hook: internal error (see the panic message above); nothing injected")
        }
    }
    if debug {
        eprintln!("lore[debug] took {} µs", started.elapsed().as_micros());
    }
}
