//! The process frame every harness's hook runs in: one payload read from stdin (bounded),
//! one answer printed on stdout, every problem on stderr, exit status 0 whatever happens (bad
//! JSON, a missing config or index, a locked ledger, a panic), and `LORE_DEBUG=1` tracing the
//! whole decision. The harness adapters only supply the function that answers a payload.

use std::io::Read;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;

use crate::services::inject::Trace;
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

/// A harness adapter's answer to one payload: the JSON line to print, or nothing. Errors are
/// for stderr only.
pub type Answer = fn(&str, &HookRequest, &mut Trace) -> anyhow::Result<Option<String>>;

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
        Ok(Ok(Some(line))) => {
            if debug {
                eprintln!("lore[debug] output: {line}");
            }
            println!("{line}");
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
