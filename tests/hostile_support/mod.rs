//! Shared driver of the hostile-input suites (`hostile_input`, `hostile_index`,
//! `hostile_sessions`): a workspace with the default deadline written out, one fresh `lore`
//! process per input in its own process group (killed, and the test failed, once it hangs),
//! its peak memory measured with GNU time when installed, and the hook's promise checked:
//! exit 0, one JSON object or nothing, within the deadline plus a margin.
#![allow(dead_code)]
// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{self, Workspace, lore_command, stderr, without_lore_env};

/// The hook's deadline in these workspaces (the default, written out).
pub const DEADLINE_MS: u64 = 1_500;
/// Process start, exit and a loaded 2-core machine, past the deadline.
pub const MARGIN_MS: u64 = 1_000;
/// A run still going after this is hung: it is killed and the test fails.
pub const HUNG: Duration = Duration::from_secs(30);
pub const MIB: usize = 1024 * 1024;
/// The most memory one hook may take, whatever it is fed: a payload is read up to 32 MiB,
/// and every field is windowed before any work.
pub const MAX_RSS_KIB: u64 = 256 * 1024;

/// What one hook process did.
pub struct Run {
    pub code: Option<i32>,
    pub elapsed: Duration,
    /// Peak resident memory of the hook process, when `/usr/bin/time` could measure it.
    pub max_rss_kib: Option<u64>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Measures a child's peak RSS. A process started straight from this test inherits the test
/// process's high-water mark (Linux keeps it across fork and exec, and the test holds the
/// large payloads), so the hook runs under `time`, whose own small memory is what it inherits.
pub const TIME: &str = "/usr/bin/time";

/// A workspace whose lore.toml adds `extra` to an FTS-only config with the default deadline.
pub fn workspace(extra: &str) -> Workspace {
    let ws = Workspace::new();
    ws.write(
        "lore.toml",
        &format!(
            "knowledge_dir = \"patterns\"\n{extra}\n[search]\nhybrid = false\n\n[hook]\ndeadline_ms = {DEADLINE_MS}\n"
        ),
    );
    ws.pattern(
        "python.md",
        "---\nlanguage: python\n---\n# Python conventions\n\nUse type hints. Prefer pathlib.\n",
    );
    ws.pattern(
        "errors.md",
        "# Errors\n\nWrap errors with context; never swallow an exception or a failed command.\n",
    );
    ws
}

pub fn ingest(ws: &Workspace) {
    let out = ws.lore().arg("ingest").output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

pub fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// Run `lore hook` in `ws` on `stdin` (see [`run_lore`]).
pub fn run_hook(ws: &Workspace, stdin: Vec<u8>, close_stdout: bool) -> Run {
    let config = ws.path("lore.toml").display().to_string();
    run_lore(ws, &["--config", &config, "hook"], stdin, close_stdout)
}

/// Run `lore ARGS` in `ws` on `stdin` (written from a thread, so a process that stops reading
/// cannot stall the test), in its own process group so a hung one can be killed with
/// everything it started. With `close_stdout`, the read end of its stdout is closed before it
/// answers.
pub fn run_lore(ws: &Workspace, args: &[&str], stdin: Vec<u8>, close_stdout: bool) -> Run {
    let rss_file = ws.path(".env/peak-rss");
    let _ = std::fs::remove_file(&rss_file);
    let measured = Path::new(TIME).is_file();
    if !measured {
        assert!(
            !common::in_ci(),
            "CI is set and {TIME} is missing: install GNU time to measure the hook's peak memory"
        );
        static SAID: std::sync::Once = std::sync::Once::new();
        SAID.call_once(|| {
            common::note(&format!(
                "hostile_input: peak memory not measured: {TIME} is missing (install GNU time)"
            ));
        });
    }
    let mut cmd = if measured {
        let mut time = std::process::Command::new(TIME);
        time.args(["-f", "%M", "-o"])
            .arg(&rss_file)
            .arg(env!("CARGO_BIN_EXE_lore"));
        without_lore_env(&mut time);
        time
    } else {
        lore_command()
    };
    ws.isolate(&mut cmd)
        .args(args)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = cmd.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // A hook may stop reading (a payload past its cap, an early error): a broken pipe here
        // is expected, not a failure.
        let _ = input.write_all(&stdin);
    });
    let out_pipe = child.stdout.take().unwrap();
    let reader = if close_stdout {
        drop(out_pipe);
        None
    } else {
        Some(drain(out_pipe))
    };
    let err_reader = drain(child.stderr.take().unwrap());
    let status = reap(&mut child);
    let elapsed = started.elapsed();
    writer.join().unwrap();
    let stdout = reader.map(|r| r.join().unwrap()).unwrap_or_default();
    let stderr = err_reader.join().unwrap();
    let max_rss_kib = std::fs::read_to_string(&rss_file)
        .ok()
        .and_then(|text| text.lines().last()?.trim().parse().ok());
    Run {
        code: status.code(),
        elapsed,
        max_rss_kib,
        stdout,
        stderr,
    }
}

pub fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

/// Wait for `child`; kill its process group and fail once it has run for [`HUNG`].
pub fn reap(child: &mut std::process::Child) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > HUNG {
            let group = format!("-{}", child.id());
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &group])
                .status();
            let _ = child.wait();
            panic!("lore still running after {HUNG:?}: it hung");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Run one hostile input through `lore hook` and check the hook's promise (see
/// [`check_lore`]).
pub fn check(case: &str, ws: &Workspace, stdin: Vec<u8>, close_stdout: bool) -> Run {
    let config = ws.path("lore.toml").display().to_string();
    check_lore(
        case,
        ws,
        &["--config", &config, "hook"],
        stdin,
        close_stdout,
    )
}

/// Run one hostile input through `lore ARGS` (a hook) and check the hook's promise: exit 0,
/// one JSON object or nothing, within the deadline and margin, and below [`MAX_RSS_KIB`] of
/// memory when it is measured. Prints the figures.
pub fn check_lore(
    case: &str,
    ws: &Workspace,
    args: &[&str],
    stdin: Vec<u8>,
    close_stdout: bool,
) -> Run {
    let size = stdin.len();
    let run = run_lore(ws, args, stdin, close_stdout);
    let ms = run.elapsed.as_millis();
    println!(
        "hostile: {case:<44} stdin {:>9} B  {ms:>5} ms of {DEADLINE_MS} ms  peak RSS {:>7} KiB  stdout {} B",
        size,
        run.max_rss_kib
            .map_or_else(|| format!("n/a, no {TIME}"), |k| k.to_string()),
        run.stdout.len()
    );
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.code, Some(0), "{case}: exit status; stderr: {err}");
    if !run.stdout.is_empty() {
        let value: Value = serde_json::from_slice(&run.stdout)
            .unwrap_or_else(|e| panic!("{case}: stdout is not JSON ({e}); stderr: {err}"));
        assert!(value.is_object(), "{case}: {value}");
        let context = value["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap_or("");
        assert!(
            context.chars().count() < 10_000,
            "{case}: over Claude's cut-off"
        );
    }
    assert!(
        run.elapsed <= Duration::from_millis(DEADLINE_MS + MARGIN_MS),
        "{case}: took {ms} ms, past the {DEADLINE_MS} ms deadline and {MARGIN_MS} ms margin; stderr: {err}"
    );
    if let Some(kib) = run.max_rss_kib {
        assert!(
            kib <= MAX_RSS_KIB,
            "{case}: peak memory {kib} KiB, past {MAX_RSS_KIB} KiB; stderr: {err}"
        );
    }
    run
}

pub fn payload(value: Value) -> Vec<u8> {
    value.to_string().into_bytes()
}

/// Deterministic bytes (xorshift), so a failing garbage case can be replayed.
pub fn garbage(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

pub fn cwd(ws: &Workspace) -> String {
    ws.root().display().to_string()
}

/// A FIFO made for the test, by what it is; a device by its path.
pub fn short(path: &str) -> &str {
    if path.ends_with(".fifo") {
        "FIFO"
    } else {
        path
    }
}
