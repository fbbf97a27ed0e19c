//! Hook latency benchmark: a fresh `lore hook` process per call (as Claude Code runs it)
//! against knowledge bases of 100, 1,000 and 5,000 patterns, FTS only: PreToolUse calls, and
//! SessionStart (source `startup`) with the index already fresh, which checks the knowledge
//! dir for edits before priming. A last base of 1,000 patterns also holds 100 rule files of
//! other agents (Cursor, Copilot, Claude Code, Windsurf, Kiro; `AGENTS.md`), scoped to the
//! folders the calls touch, with the calls made inside that repository, so the sources'
//! scoping is timed too. Prints p50, p95 and the peak resident memory of any hook process,
//! per event.
//! Run: `cargo bench --bench hook`. Targets (2 cores, 1,000 patterns): PreToolUse p50 < 5 ms,
//! p95 < 15 ms, peak memory < 30 MB; SessionStart p50 <= 10 ms.
//!
//! To compare two builds on a noisy machine, set `LORE_HOOK_BENCH_BASELINE` to another `lore`
//! binary (say, main's, built before a change): each call is then made by both binaries, one
//! after the other in alternating order, and each row adds the baseline's p50 and the
//! median of the paired ratios (this build's time over the baseline's).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The events timed, each with its own driver process (so peak memory is per event).
const EVENTS: [&str; 2] = ["PreToolUse", "SessionStart"];

/// The payloads of one event in the project at `cwd`, cycled by the driver.
fn payloads(event: &str, session: &str, cwd: &str) -> Vec<String> {
    match event {
        "SessionStart" => vec![
            serde_json::json!({
                "hook_event_name": "SessionStart",
                "source": "startup",
                "cwd": cwd,
                "session_id": session,
            })
            .to_string(),
        ],
        _ => tool_calls(session, cwd),
    }
}

/// Tool calls of several kinds, cycled so the benchmark is not one cached query.
fn tool_calls(session: &str, cwd: &str) -> Vec<String> {
    let calls = [
        serde_json::json!({"tool_name": "Edit", "tool_input": {"file_path": format!("{cwd}/src/error.rs"), "old_string": "a", "new_string": "#[derive(Debug, thiserror::Error)] enum LedgerError {}"}}),
        serde_json::json!({"tool_name": "Bash", "tool_input": {"command": "cargo clippy --all-targets -- -D warnings", "description": "Lint"}}),
        serde_json::json!({"tool_name": "Write", "tool_input": {"file_path": format!("{cwd}/web/components/UserCard.tsx"), "content": "export function UserCard() { const [u, setU] = useState(null); }"}}),
        serde_json::json!({"tool_name": "Bash", "tool_input": {"command": "go test ./... -count=1", "description": "Run Go tests"}}),
        serde_json::json!({"tool_name": "Edit", "tool_input": {"file_path": format!("{cwd}/app/routers/invoices.py"), "old_string": "x", "new_string": "def get_invoice(db: Session): ..."}}),
    ];
    calls
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut p = c.clone();
            p["hook_event_name"] = "PreToolUse".into();
            p["cwd"] = cwd.into();
            // A new session per call: dedup would otherwise make later calls cheaper.
            p["session_id"] = format!("{session}-{i}").into();
            p.to_string()
        })
        .collect()
}

#[allow(unsafe_code)]
fn children_peak_rss_kb() -> i64 {
    // SAFETY: getrusage only writes into the struct we pass; zeroed is a valid rusage.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage.ru_maxrss
    }
}

/// Set in the environment of the driver process (see `main`): the config to hook against.
const DRIVER_CONFIG: &str = "LORE_HOOK_BENCH_CONFIG";
const DRIVER_CALLS: &str = "LORE_HOOK_BENCH_CALLS";
const DRIVER_EVENT: &str = "LORE_HOOK_BENCH_EVENT";
const DRIVER_CWD: &str = "LORE_HOOK_BENCH_CWD";
/// Another `lore` binary to time call for call beside this build (see the module's summary).
const BASELINE: &str = "LORE_HOOK_BENCH_BASELINE";

/// The working directory the calls name when the base holds no rule files: a project outside
/// the repository, as in the earlier runs of this benchmark.
const OUTSIDE_CWD: &str = "/home/dev/app";
/// Rule files written beside the patterns in the last base.
const RULE_FILES: usize = 100;

/// How old pattern files must be before the index counts as fresh: files changed in the last
/// two seconds are read again on every check whatever their metadata says (see
/// `services::ingest`), which is not the steady state this benchmark measures.
const SETTLE: std::time::Duration = std::time::Duration::from_millis(2_500);

fn main() {
    if let Ok(config) = std::env::var(DRIVER_CONFIG) {
        let calls = std::env::var(DRIVER_CALLS).unwrap().parse().unwrap();
        let event = std::env::var(DRIVER_EVENT).unwrap();
        let cwd = std::env::var(DRIVER_CWD).unwrap();
        drive(std::path::Path::new(&config), &event, &cwd, calls);
        return;
    }
    if std::env::var_os(BASELINE).is_some() {
        println!(
            "| patterns | event | p50 | p95 | calls | peak RSS (any hook) | baseline p50 | paired ratio |"
        );
        println!("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    } else {
        println!("| patterns | event | p50 | p95 | calls | peak RSS (any hook) |");
        println!("| ---: | --- | ---: | ---: | ---: | ---: |");
    }
    // (patterns, rule files of other agents)
    let (bases, calls): (&[(usize, usize)], usize) = if support::full_run() {
        (
            &[(100, 0), (1_000, 0), (5_000, 0), (1_000, RULE_FILES)],
            200,
        )
    } else {
        (&[(20, 0), (20, 10)], 5)
    };
    for &(n, rules) in bases {
        let dir = tempfile::tempdir().unwrap();
        let config_path = support::knowledge_base(dir.path(), n);
        let cwd = if rules == 0 {
            OUTSIDE_CWD.to_string()
        } else {
            support::rule_files(dir.path(), rules);
            dir.path().to_str().unwrap().to_string()
        };
        let label = if rules == 0 {
            n.to_string()
        } else {
            format!("{n} + {rules} rule files")
        };
        if support::full_run() {
            std::thread::sleep(SETTLE);
        }
        let config = lore::services::workspace::load_config(&config_path).unwrap();
        let mut index = lore::storage::index::Index::open(&config.database).unwrap();
        lore::services::ingest::ingest(
            &config,
            &mut index,
            &lore::services::ingest::IngestOptions::default(),
            &mut lore::services::ingest::NoProgress,
        )
        .unwrap();
        drop(index);
        for event in EVENTS {
            // The hooks run from a fresh, small process: a child's peak RSS counts its
            // parent's memory at fork time, and this process has just ingested the whole base.
            let out = Command::new(std::env::current_exe().unwrap())
                .env(DRIVER_CONFIG, &config_path)
                .env(DRIVER_CALLS, calls.to_string())
                .env(DRIVER_EVENT, event)
                .env(DRIVER_CWD, &cwd)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            print!(
                "| {label} | {event} {}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
    }
}

/// Run `calls` fresh hook processes for `event` against `config` and print the rest of a
/// table row.
fn drive(config: &std::path::Path, event: &str, cwd: &str, calls: usize) {
    // Time a copy of the binary, as `cargo install` or a download puts one in place: the file
    // the linker has just written starts about 0.3 ms slower on every run while it stays in
    // the page cache as the linker wrote it.
    let lore = config.with_file_name("lore");
    std::fs::copy(env!("CARGO_BIN_EXE_lore"), &lore).unwrap();
    let baseline = std::env::var_os(BASELINE).map(|path| {
        let copy = config.with_file_name("lore-baseline");
        std::fs::copy(path, &copy).unwrap();
        copy
    });
    let runtime = config.with_file_name("runtime");
    let mut times = Vec::new();
    let mut baseline_times = Vec::new();
    let mut ratios = Vec::new();
    let mut injected = 0;
    for i in 0..calls {
        let Some(baseline) = &baseline else {
            let cycle = payloads(event, &format!("bench-{i}"), cwd);
            let payload = &cycle[i % cycle.len()];
            let (ms, answered) = time_call(&lore, config, &runtime, payload);
            times.push(ms);
            injected += usize::from(answered);
            continue;
        };
        // Each in its own session, in alternating order, so neither is favoured by a warm
        // cache or by dedup.
        let mut ours = 0.0;
        let mut theirs = 0.0;
        for first in [i % 2 == 0, i % 2 == 1] {
            let session = format!("bench-{i}-{}", if first { "ours" } else { "base" });
            let cycle = payloads(event, &session, cwd);
            let payload = &cycle[i % cycle.len()];
            if first {
                let (ms, answered) = time_call(&lore, config, &runtime, payload);
                ours = ms;
                injected += usize::from(answered);
            } else {
                theirs = time_call(baseline, config, &runtime, payload).0;
            }
        }
        times.push(ours);
        baseline_times.push(theirs);
        ratios.push(ours / theirs);
    }
    let p50 = support::percentile(&mut times, 0.5);
    let p95 = support::percentile(&mut times, 0.95);
    print!(
        "| {p50:.1} ms | {p95:.1} ms | {calls} ({injected} injected) | {:.1} MB |",
        children_peak_rss_kb() as f64 / 1024.0
    );
    if baseline.is_some() {
        print!(
            " {:.1} ms | {:.3} |",
            support::percentile(&mut baseline_times, 0.5),
            support::percentile(&mut ratios, 0.5)
        );
    }
    println!();
}

/// One fresh hook process of `lore` on `payload`: its wall time in ms, and whether it
/// answered.
fn time_call(
    lore: &std::path::Path,
    config: &std::path::Path,
    runtime: &std::path::Path,
    payload: &str,
) -> (f64, bool) {
    let start = Instant::now();
    let mut child = Command::new(lore)
        .args(["--config", config.to_str().unwrap(), "hook"])
        .env("XDG_RUNTIME_DIR", runtime)
        // A developer's LORE_DEBUG or LORE_TRACE would time the tracing too.
        .env_remove("LORE_CONFIG")
        .env_remove("LORE_DEBUG")
        .env_remove("LORE_TRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(payload.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let ms = start.elapsed().as_secs_f64() * 1e3;
    assert_eq!(out.status.code(), Some(0));
    (ms, !out.stdout.is_empty())
}
