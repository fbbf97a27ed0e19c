//! Shared workspace builder for integration tests: a temp repository with lore.toml, pattern
//! files, and a `lore` command isolated from the user's environment.
#![allow(dead_code)]
// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// lore's environment variables a developer may have set, which a test's lore must not see:
/// `LORE_CONFIG` outranks the workspace's lore.toml (a forced rebuild would hit the
/// developer's real index), and `LORE_DEBUG` / `LORE_TRACE` change what lore prints.
pub const LORE_ENV: [&str; 3] = ["LORE_CONFIG", "LORE_DEBUG", "LORE_TRACE"];

/// Remove [`LORE_ENV`] from a command that runs lore, or runs something that runs lore, and
/// give it a state directory of the test build's own, so no test keeps anything in the
/// developer's review inbox (a test that sets `XDG_STATE_HOME` itself overrides it).
pub fn without_lore_env(cmd: &mut std::process::Command) -> &mut std::process::Command {
    for name in LORE_ENV {
        cmd.env_remove(name);
    }
    cmd.env(
        "XDG_STATE_HOME",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("lore-state"),
    );
    cmd
}

/// The `lore` binary under test as a plain command, without [`LORE_ENV`].
pub fn lore_command() -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_lore"));
    without_lore_env(&mut cmd);
    cmd
}

pub const FTS_CONFIG: &str = "knowledge_dir = \"patterns\"\n\n[search]\nhybrid = false\n";

pub struct Workspace {
    dir: tempfile::TempDir,
}

impl Workspace {
    /// An empty repository with an FTS-only lore.toml and an empty patterns/ directory.
    pub fn new() -> Self {
        let ws = Self::bare();
        ws.write("lore.toml", FTS_CONFIG);
        std::fs::create_dir_all(ws.root().join("patterns")).unwrap();
        ws
    }

    /// A directory with nothing in it.
    pub fn bare() -> Self {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["home", "xdg", "runtime", "state"] {
            std::fs::create_dir_all(dir.path().join(".env").join(sub)).unwrap();
        }
        Self { dir }
    }

    /// A repository whose patterns/ is a copy of tests/fixtures/kb.
    pub fn with_fixture_kb() -> Self {
        let ws = Self::new();
        ws.copy_into(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kb"),
            "patterns",
        );
        ws
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    pub fn write(&self, rel: &str, text: &str) -> &Self {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        self
    }

    pub fn pattern(&self, rel: &str, text: &str) -> &Self {
        self.write(&format!("patterns/{rel}"), text)
    }

    /// A bare workspace holding a copy of every file below `src` (a fixture repository).
    pub fn copy_of(src: &Path) -> Self {
        let ws = Self::bare();
        ws.copy_into(src, "");
        ws
    }

    /// Copy every file below `src` into the folder `under` of the workspace ("" for its root).
    pub fn copy_into(&self, src: &Path, under: &str) -> &Self {
        for entry in walkdir::WalkDir::new(src) {
            let entry = entry.unwrap();
            if entry.file_type().is_file() {
                let rel = entry.path().strip_prefix(src).unwrap();
                let to = Path::new(under).join(rel);
                self.write(
                    &to.display().to_string(),
                    &std::fs::read_to_string(entry.path()).unwrap(),
                );
            }
        }
        self
    }

    /// `lore` run in the workspace root with a private HOME, XDG dirs and ledger dir, and none
    /// of lore's own environment variables (see [`LORE_ENV`]).
    pub fn lore(&self) -> Command {
        let mut cmd = Command::cargo_bin("lore").unwrap();
        for name in LORE_ENV {
            cmd.env_remove(name);
        }
        cmd.current_dir(self.root())
            .env("HOME", self.path(".env/home"))
            .env("XDG_CONFIG_HOME", self.path(".env/xdg"))
            .env("XDG_RUNTIME_DIR", self.path(".env/runtime"))
            .env("XDG_STATE_HOME", self.path(".env/state"));
        cmd
    }

    /// `lore` as a plain process, isolated as [`Workspace::lore`] is, for a test that spawns
    /// it and drives its pipes itself.
    pub fn process(&self) -> std::process::Command {
        let mut cmd = lore_command();
        self.isolate(&mut cmd);
        cmd
    }

    /// Run `cmd` (lore, or what starts it) in the workspace root with a private HOME, XDG
    /// dirs and ledger dir.
    pub fn isolate<'c>(&self, cmd: &'c mut std::process::Command) -> &'c mut std::process::Command {
        cmd.current_dir(self.root())
            .env("HOME", self.path(".env/home"))
            .env("XDG_CONFIG_HOME", self.path(".env/xdg"))
            .env("XDG_RUNTIME_DIR", self.path(".env/runtime"))
    }

    /// Run `lore --config <ws>/lore.toml hook` with `payload` on stdin.
    pub fn hook(&self, payload: &str) -> Output {
        self.lore()
            .arg("--config")
            .arg(self.path("lore.toml"))
            .arg("hook")
            .write_stdin(payload.to_string())
            .output()
            .unwrap()
    }

    /// `lore --config <ws>/lore.toml hook` with `payload` on stdin, writing its `LORE_TRACE`
    /// record to `trace` and, with `debug`, its `LORE_DEBUG` lines to stderr; not yet run, so
    /// a test can add a timeout.
    pub fn traced_hook(&self, trace: &Path, debug: bool, payload: &str) -> Command {
        let mut cmd = self.lore();
        cmd.env("LORE_TRACE", trace);
        if debug {
            cmd.env("LORE_DEBUG", "1");
        }
        cmd.arg("--config")
            .arg(self.path("lore.toml"))
            .arg("hook")
            .write_stdin(payload.to_string());
        cmd
    }

    /// Replace the workspace's temp path with `[WS]` for snapshots.
    pub fn filter(&self, text: &str) -> String {
        let root = self.root().display().to_string();
        let canonical = self.root().canonicalize().unwrap().display().to_string();
        text.replace(&canonical, "[WS]").replace(&root, "[WS]")
    }
}

/// `git <args>` in `dir` with a fixed identity and neither the user's nor the system's git
/// configuration; its stdout. Fails the test when git fails.
pub fn git(dir: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new("git")
        .args([
            "-c",
            "user.name=lore-test",
            "-c",
            "user.email=test@localhost",
        ])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", stderr(&out));
    stdout(&out)
}

/// stdout of a successful run, as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The shared corpus of real convention files, if present beside the repository.
pub fn shared_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

/// An HTTP server on loopback that accepts every connection and never answers: an embedding
/// server that hangs. Returns its URL; connections stay open until the test process ends.
pub fn silent_server() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    url
}

/// Index the patterns of the configuration at `config` in process with a deterministic
/// embedder named `model`, so the index holds vectors and a search asks the configured server
/// for a query vector.
pub fn ingest_with_fake_vectors(config: &Path, model: &str) {
    use lore::services::ingest::{IngestOptions, NoProgress, ingest_with_embeddings};
    let config = lore::services::workspace::load_config(config).unwrap();
    let mut index = lore::storage::index::Index::open(&config.database).unwrap();
    let fake = lore::storage::embed::FakeEmbedder::new(model, 8);
    let report = ingest_with_embeddings(
        &config,
        &mut index,
        &IngestOptions::default(),
        Some(&fake),
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!(report.embeddings.unwrap().missing, 0);
}

/// Whether this run is CI's (`CI` set to anything but empty, `0` or `false`): there every
/// suite must really run, so a missing input fails instead of skipping.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false"))
}

/// Say that `suite` cannot run here, and why. Under CI that fails the test. Locally the note is
/// written straight to the process's stderr, past the test harness's capture, so a plain
/// `cargo test` shows it beside the test's `ok` instead of a silent pass.
pub fn skip(suite: &str, why: &str) {
    assert!(!in_ci(), "CI is set, so {suite} cannot be skipped: {why}");
    note(&format!("{suite} skipped: {why}"));
}

/// Say something about this run that a plain `cargo test` should show (what was not
/// checked, and why): written straight to the process's stderr, past the test harness's
/// capture, as `note: ...`.
pub fn note(text: &str) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "note: {text} (see README, \"Run the tests\")"
    );
}

/// Whether `path`, an input `suite` needs, is present; when not, [`skip`] says so.
pub fn input_present(path: &Path, suite: &str) -> bool {
    if path.exists() {
        return true;
    }
    skip(suite, &format!("{} is not present", path.display()));
    false
}

/// Run `lore <args>` in `ws` with `stdin`, killed after `limit` (a run that hangs or reads
/// forever fails the test instead of stalling it).
pub fn run_killed_after(
    ws: &Workspace,
    args: &[&str],
    stdin: std::process::Stdio,
    limit: std::time::Duration,
) -> std::process::Output {
    let mut child = lore_command()
        .current_dir(ws.root())
        .env("HOME", ws.path(".env/home"))
        .env("XDG_CONFIG_HOME", ws.path(".env/xdg"))
        .env("XDG_RUNTIME_DIR", ws.path(".env/runtime"))
        .env("XDG_STATE_HOME", ws.path(".env/state"))
        .args(args)
        .stdin(stdin)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!(
                "lore {args:?} still running after {limit:?}: {}",
                stderr(&out)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// `lore why` and `lore extract-queries` given a FIFO, a device or stdin that never ends:
/// each is refused in bounded time and memory, naming what it was given.
/// `stdin_command` is the command that reads stdin.
pub fn check_unbounded_inputs_are_refused(
    ws: &Workspace,
    command: &[&str],
    stdin_command: &[&str],
) {
    let made = std::process::Command::new("mkfifo")
        .arg(ws.path("payload.fifo"))
        .status()
        .unwrap();
    assert!(made.success());
    let limit = std::time::Duration::from_secs(30);
    for (target, kind) in [("payload.fifo", "FIFO"), ("/dev/zero", "a device")] {
        let args: Vec<&str> = command.iter().copied().chain([target]).collect();
        let out = run_killed_after(ws, &args, std::process::Stdio::null(), limit);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(target) && err.contains(kind),
            "{args:?}: {err}"
        );
    }
    // Standard input that never ends is read up to the cap, then refused.
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let out = run_killed_after(ws, stdin_command, zero.into(), limit);
    assert_eq!(out.status.code(), Some(1), "{stdin_command:?} < /dev/zero");
    let err = stderr(&out);
    assert!(err.contains("stdin") && err.contains("more than"), "{err}");
}

/// `len` bytes of words, each different (`w1a2b3`), the most terms a text can give.
pub fn many_words(len: usize) -> String {
    let mut text = String::with_capacity(len + 16);
    let mut n: u64 = 0x9E37_79B9;
    while text.len() < len {
        n = n
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        text.push_str(&format!("w{:x} ", n >> 40));
    }
    text.truncate(len);
    text
}
