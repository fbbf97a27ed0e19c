//! Hybrid retrieval against the Ollama stand-in (a real 384-dimension sentence model behind
//! Ollama's API): semantic recall that full text cannot give, the model-change and
//! document-prefix-change refusals (with `lore status` saying so),
//! full-text fallback with a dead server followed by a later fill-in, and hooks that keep
//! answering from full text, in time, after the server is killed mid-session.
//!
//! Needs `LORE_OLLAMA_URL` (`eval "$(.ci/ollama-standin.sh)"`); the mid-session kill test
//! starts (and kills) a stand-in of its own and needs only the installed stand-in. Without
//! them the tests print why and pass, except under CI (`CI` set), where the stand-in is
//! installed and started and its absence is a failure.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use lore::core::config::{Config, parse_config};
use lore::services::hybrid::{HybridOutcome, RetrievalMode, hybrid_search};
use lore::services::ingest::{IngestOptions, IngestReport, NoProgress, ingest_with_embeddings};
use lore::services::search::{query_for_text, search};
use lore::storage::embed::{Embedder, OllamaEmbedder, probe_ollama};

/// How long these tests let a query embedding take: the stand-in's model runs on the CPU, and
/// on a loaded two-core machine a query has taken over two seconds, which turned these
/// retrieval checks into timing checks (the timeout itself is tested on its own below).
const QUERY_PATIENCE_MS: u64 = 10_000;
use lore::storage::index::Index;

const PATTERNS: &[(&str, &str)] = &[
    (
        "failures.md",
        "# Handling failures\n\nWhen an operation fails, do not swallow what went wrong: \
         propagate it to the caller with context, and recover only where you can retry.\n",
    ),
    (
        "commits.md",
        "# Commit messages\n\nKeep commits small; the message body says why the change was made.\n",
    ),
    (
        "sql.md",
        "# SQL hygiene\n\nBind parameters in every statement; never format values into queries.\n",
    ),
    (
        "naming.md",
        "# Naming\n\nName files after the type they hold; avoid vague module names like utils.\n",
    ),
];

/// The stand-in's URL, or None (after saying why) when the test should be skipped.
fn standin_url() -> Option<String> {
    match std::env::var("LORE_OLLAMA_URL") {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_string()),
        _ => {
            common::skip(
                "the hybrid test against the Ollama stand-in",
                "LORE_OLLAMA_URL is not set; run `eval \"$(.ci/ollama-standin.sh)\"` first (.ci/run does)",
            );
            None
        }
    }
}

/// A port on loopback that nothing listens on.
fn dead_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

struct Kb {
    dir: tempfile::TempDir,
}

impl Kb {
    fn new() -> Self {
        let kb = Self {
            dir: tempfile::tempdir().unwrap(),
        };
        std::fs::create_dir_all(kb.dir.path().join("patterns")).unwrap();
        for (name, text) in PATTERNS {
            kb.write(name, text);
        }
        kb
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.dir.path().join("patterns").join(name), text).unwrap();
    }

    fn config(&self, host: &str, model: &str) -> Config {
        let text = format!(
            "knowledge_dir = \"patterns\"\n[search]\nhybrid = true\n[ollama]\nhost = \"{host}\"\nmodel = \"{model}\"\nquery_timeout_ms = {QUERY_PATIENCE_MS}\n"
        );
        parse_config(&self.dir.path().join("lore.toml"), &text).unwrap()
    }

    fn ingest(&self, config: &Config, force: bool) -> Result<IngestReport, String> {
        let mut index = Index::open(&config.database).unwrap();
        let embedder = OllamaEmbedder::for_ingest(&config.ollama).unwrap();
        let options = IngestOptions {
            force,
            ..IngestOptions::default()
        };
        ingest_with_embeddings(
            config,
            &mut index,
            &options,
            Some(&embedder),
            &mut NoProgress,
        )
        .map_err(|e| e.to_string())
    }

    fn search(&self, config: &Config, text: &str) -> HybridOutcome {
        let index = Index::open_read_only(&config.database, std::time::Duration::from_secs(2))
            .unwrap()
            .unwrap();
        let embedder = OllamaEmbedder::for_query(&config.ollama).unwrap();
        let query = query_for_text(text);
        let min = config.search.min_relevance;
        hybrid_search(
            &index,
            Some(&embedder as &dyn Embedder),
            &query,
            text,
            10,
            min,
        )
        .unwrap()
    }
}

#[test]
fn a_query_without_shared_words_is_found_only_through_vectors() {
    let Some(url) = standin_url() else { return };
    let kb = Kb::new();
    let config = kb.config(&url, "nomic-embed-text");
    let report = kb.ingest(&config, false).unwrap();
    let embeddings = report.embeddings.unwrap();
    assert_eq!(
        (embeddings.missing, embeddings.warning.as_deref()),
        (0, None)
    );
    assert_eq!(
        embeddings.dimension,
        Some(384),
        "the dimension comes from the response"
    );

    let index = Index::open(&config.database).unwrap();
    let fts = search(&index, &query_for_text("panic on error"), 10).unwrap();
    assert!(
        fts.results.is_empty(),
        "no pattern says `panic` or `error`: {fts:?}"
    );

    let hybrid = kb.search(&config, "panic on error");
    assert_eq!(hybrid.mode, RetrievalMode::Hybrid, "{:?}", hybrid.notes);
    let top = &hybrid.results[0];
    assert_eq!(top.chunk.source, "failures.md", "{hybrid:#?}");
    assert_eq!((top.chunk.fts_rank, top.vector_rank), (None, Some(1)));
    assert!(top.chunk.score >= config.search.min_relevance);
    assert!(
        hybrid
            .results
            .iter()
            .all(|r| r.chunk.score >= config.search.min_relevance)
    );

    // The query vector is cached: the same search again gives the same results.
    let again = kb.search(&config, "panic on error");
    assert!(again.cached_query_vector, "{:?}", again.notes);
    assert_eq!(again.results, hybrid.results);

    let probe = probe_ollama(&config.ollama, std::time::Duration::from_secs(2));
    assert!(probe.reachable, "{probe:?}");
}

#[test]
fn another_model_is_refused_with_the_force_remedy() {
    let Some(url) = standin_url() else { return };
    let kb = Kb::new();
    kb.ingest(&kb.config(&url, "nomic-embed-text"), false)
        .unwrap();
    let other = kb.config(&url, "all-minilm");
    kb.write("extra.md", "# Extra\n\nSomething new to embed.\n");
    let err = kb.ingest(&other, false).unwrap_err();
    assert!(err.contains("lore ingest --force"), "{err}");
    assert!(
        err.contains("nomic-embed-text") && err.contains("all-minilm"),
        "{err}"
    );
    // Search with the other model notes the mismatch instead of failing.
    let out = kb.search(&other, "error");
    assert_eq!(out.mode, RetrievalMode::FtsOnly);
    assert!(
        out.notes[0].contains("lore ingest --force"),
        "{:?}",
        out.notes
    );

    let rebuilt = kb.ingest(&other, true).unwrap().embeddings.unwrap();
    assert_eq!((rebuilt.model.as_str(), rebuilt.missing), ("all-minilm", 0));
}

#[test]
fn a_dead_server_leaves_full_text_and_a_later_ingest_fills_in() {
    let Some(url) = standin_url() else { return };
    let kb = Kb::new();
    let live = kb.config(&url, "nomic-embed-text");
    kb.ingest(&live, false).unwrap();

    let dead = kb.config(&dead_url(), "nomic-embed-text");
    kb.write(
        "retries.md",
        "# Retries\n\nRetry idempotent requests with backoff.\n",
    );
    let report = kb.ingest(&dead, false).unwrap();
    assert_eq!(report.added, ["retries.md"], "full-text ingest completed");
    let embeddings = report.embeddings.unwrap();
    let warning = embeddings.warning.unwrap();
    assert!(warning.contains("does not answer"), "{warning}");
    assert_eq!(embeddings.missing, 1);

    // With the server dead, search answers from full text with the reason; with it back, the
    // vectors that exist are used and the missing one is reported.
    let dead_out = kb.search(&dead, "retry backoff");
    assert_eq!(
        dead_out.mode,
        RetrievalMode::FtsOnly,
        "{:?}",
        dead_out.notes
    );
    assert_eq!(dead_out.results[0].chunk.source, "retries.md");
    let live_out = kb.search(&live, "retry backoff");
    assert_eq!(live_out.mode, RetrievalMode::Hybrid, "{:?}", live_out.notes);
    // The unembedded section is still found, by its words.
    assert!(
        live_out
            .results
            .iter()
            .any(|r| r.chunk.source == "retries.md" && r.chunk.fts_rank.is_some()),
        "{live_out:#?}"
    );
    assert!(
        live_out.notes.iter().any(|n| n.contains("cover 4 of 5")),
        "{:?}",
        live_out.notes
    );

    let filled = kb.ingest(&live, false).unwrap().embeddings.unwrap();
    assert_eq!(
        (filled.embedded, filled.missing, filled.warning),
        (1, 0, None)
    );
    let out = kb.search(&live, "retry backoff");
    assert_eq!(out.mode, RetrievalMode::Hybrid, "{:?}", out.notes);
    assert_eq!(out.results[0].chunk.source, "retries.md");

    // With everything embedded, a dead server still gives full-text results, with the reason
    // (a new query text: "retry backoff" now has a cached vector and needs no server).
    let out = kb.search(&dead, "backoff retry");
    assert_eq!(out.mode, RetrievalMode::FtsOnly);
    assert!(out.notes[0].contains("does not answer"), "{:?}", out.notes);
    assert_eq!(out.results[0].chunk.source, "retries.md");
}

#[test]
fn init_pull_turns_hybrid_on_when_ollama_answers_and_embeds_the_first_index() {
    let Some(url) = standin_url() else { return };
    let ws = common::Workspace::bare();
    let out = ws
        .lore()
        .args(["init", "--pull", "--ollama-host", &url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("hybrid search is on"), "{stderr}");
    let config = std::fs::read_to_string(ws.path("lore.toml")).unwrap();
    assert!(
        config.contains("hybrid = true") && config.contains(&url),
        "{config}"
    );
    let status = ws.lore().args(["status", "--json"]).output().unwrap();
    let value: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    let e = &value["embeddings"];
    assert_eq!(e["configured"], true);
    assert_eq!(e["ollama"]["reachable"], true);
    assert!(e["dimension"].as_u64().unwrap() > 0, "{e}");
    assert_eq!(e["embedded_chunks"], e["total_chunks"], "{e}");
}

#[test]
fn mcp_search_finds_a_pattern_written_in_other_words_and_the_hook_needs_a_word_of_the_call() {
    let Some(url) = standin_url() else { return };
    let kb = Kb::new();
    let config = kb.config(&url, "nomic-embed-text");
    std::fs::write(
        kb.dir.path().join("lore.toml"),
        format!(
            "knowledge_dir = \"patterns\"\n[search]\nhybrid = true\n[ollama]\nhost = \"{url}\"\nquery_timeout_ms = {QUERY_PATIENCE_MS}\n"
        ),
    )
    .unwrap();
    kb.ingest(&config, false).unwrap();
    let lore = || {
        let mut cmd = common::lore_command();
        cmd.current_dir(kb.dir.path())
            .env("XDG_RUNTIME_DIR", kb.dir.path().join("runtime"));
        cmd
    };

    // The hook: a prompt sharing no word with failures.md.
    let payload = serde_json::json!({
        "session_id": "hybrid-e2e", "cwd": kb.dir.path(), "hook_event_name": "UserPromptSubmit",
        "prompt": "what should happen when we panic on error"
    });
    let mut child = lore()
        .arg("hook")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(payload.to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    // Similarity alone never injects: on real teams' rule files, patterns no word of the
    // call backs were noise far more often than needed (see docs/benchmarks.md).
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !stdout.contains("failures.md"),
        "hook: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The MCP server's search_patterns, through its async runtime and blocking pool.
    let requests = [
        serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test", "version": "0"}}}),
        serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "search_patterns", "arguments": {"query": "panic on error"}}}),
    ];
    let mut server = lore()
        .arg("serve")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = server.stdin.take().unwrap();
    for r in &requests {
        writeln!(stdin, "{r}").unwrap();
    }
    let reader = std::io::BufReader::new(server.stdout.take().unwrap());
    let mut answer = None;
    for line in std::io::BufRead::lines(reader) {
        let value: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
        if value["id"] == 2 {
            answer = Some(value);
            break;
        }
    }
    drop(stdin);
    let _ = server.wait();
    let answer = answer.expect("search_patterns answered");
    let text = answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(text.contains("failures.md"), "{answer:#}");
}

/// The stand-in as install.sh leaves it, found the way `.ci/ollama-standin.sh` and start.sh
/// find it: (the venv's python, server.py). None (after saying why) when the test should be
/// skipped.
fn standin_install() -> Option<(PathBuf, PathBuf)> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::var_os("LORE_STANDIN_DIR")
        .filter(|d| !d.is_empty())
        .map_or_else(
            || manifest.join("../shared/tools/ollama-standin"),
            |d| manifest.join(d),
        );
    let env_dir = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    let venv = env_dir("OLLAMA_STANDIN_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            env_dir("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .unwrap_or_else(|| {
                    PathBuf::from(env_dir("HOME").unwrap_or_default()).join(".cache")
                })
                .join("ollama-standin/venv")
        });
    let python = venv.join("bin/python");
    let script = dir.join("server.py");
    if python.is_file() && script.is_file() {
        return Some((python, script));
    }
    let missing: Vec<String> = [&python, &script]
        .into_iter()
        .filter(|p| !p.is_file())
        .map(|p| p.display().to_string())
        .collect();
    let missing = missing.join(" and ");
    common::skip(
        "the hybrid test against a stand-in of its own",
        &format!(
            "the Ollama stand-in is not installed ({missing} missing); run {} (.ci/run does)",
            dir.join("install.sh").display()
        ),
    );
    None
}

/// A stand-in of this test's own (its own port and state dir), so killing it leaves the
/// shared instance behind `LORE_OLLAMA_URL` alone. server.py is run directly rather than
/// through start.sh, which detaches the server: as a child it can be SIGKILLed and reaped.
/// Dropping the guard kills and reaps it, so a failed assertion leaves no server behind.
struct OwnStandin {
    child: Child,
    port: u16,
    state: tempfile::TempDir,
}

impl OwnStandin {
    /// Start it on a free port and wait (up to 60 s, as start.sh) until it answers.
    fn start() -> Option<Self> {
        Self::start_with(&[])
    }

    /// [`OwnStandin::start`] with more options for server.py (`--delay-ms 5000`).
    fn start_with(options: &[&str]) -> Option<Self> {
        let (python, script) = standin_install()?;
        let state = tempfile::tempdir().unwrap();
        let log = std::fs::File::create(state.path().join("log")).unwrap();
        let child = std::process::Command::new(python)
            .arg(script)
            .args(["--port", "0", "--quiet", "--port-file"])
            .arg(state.path().join("port"))
            .args(options)
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap();
        let mut standin = Self {
            child,
            port: 0,
            state,
        };
        for _ in 0..300 {
            if let Some(status) = standin.child.try_wait().unwrap() {
                panic!(
                    "the stand-in exited ({status}) during start-up:\n{}",
                    standin.log()
                );
            }
            let port =
                std::fs::read_to_string(standin.state.path().join("port")).unwrap_or_default();
            if let Ok(port) = port.trim().parse() {
                standin.port = port;
                if standin.answers() {
                    return Some(standin);
                }
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        panic!(
            "the stand-in is not answering after 60 s:\n{}",
            standin.log()
        );
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.state.path().join("log")).unwrap_or_default()
    }

    /// `GET /api/version` answers 200.
    fn answers(&self) -> bool {
        use std::io::{Read, Write};
        let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", self.port)) else {
            return false;
        };
        stream
            .set_read_timeout(Some(Duration::from_secs(2)))
            .unwrap();
        let mut reply = String::new();
        stream
            .write_all(b"GET /api/version HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            .is_ok()
            && stream.read_to_string(&mut reply).is_ok()
            && reply.lines().next().is_some_and(|l| l.contains(" 200 "))
    }

    /// SIGKILL (what `Child::kill` sends on Unix): no shutdown, no goodbye to clients.
    fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for OwnStandin {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `lore hook` (the real binary) on `payload` with the debug trace on; how long it took.
fn timed_hook(ws: &common::Workspace, payload: &Value) -> (Output, Duration) {
    let started = Instant::now();
    let out = ws
        .lore()
        .env("LORE_DEBUG", "1")
        .arg("--config")
        .arg(ws.path("lore.toml"))
        .arg("hook")
        .write_stdin(payload.to_string())
        // A hung hook fails the test instead of hanging it.
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    (out, started.elapsed())
}

/// Assert a hook call exited 0 within `bound` and printed exactly one JSON object that
/// injects `source` for `event`; returns its stderr (the debug trace).
fn assert_injects(
    payload: &Value,
    source: &str,
    (out, took): (Output, Duration),
    bound: Duration,
) -> String {
    let event = payload["hook_event_name"].as_str().unwrap();
    let stdout = common::stdout(&out);
    let stderr = common::stderr(&out);
    let context = format!("{event}\nstdout: {stdout}\nstderr: {stderr}");
    assert_eq!(out.status.code(), Some(0), "{context}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("lore hook:"),
        "no panic, no error: {context}"
    );
    assert_eq!(stdout.lines().count(), 1, "one line: {context}");
    let value: Value = serde_json::from_str(&stdout).unwrap();
    let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["hookSpecificOutput"], "{context}");
    let specific = &value["hookSpecificOutput"];
    assert_eq!(specific["hookEventName"], event, "{context}");
    let text = specific["additionalContext"].as_str().unwrap();
    assert!(text.contains(source), "{source} injected: {context}");
    assert!(
        took < bound,
        "{event} took {took:?}, over the {bound:?} bound: {context}"
    );
    stderr
}

#[test]
fn killing_the_server_mid_session_leaves_hooks_answering_full_text_in_time() {
    let Some(mut standin) = OwnStandin::start() else {
        return;
    };
    let query_timeout_ms = 2000;
    let bound = Duration::from_millis(query_timeout_ms + 2000);
    let ws = common::Workspace::new();
    ws.write(
        "lore.toml",
        &format!(
            "knowledge_dir = \"patterns\"\n[search]\nhybrid = true\n[ollama]\nhost = \"{}\"\nquery_timeout_ms = {query_timeout_ms}\n",
            standin.url()
        ),
    );
    for (name, text) in PATTERNS {
        ws.pattern(name, text);
    }
    let out = ws.lore().args(["ingest", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", common::stderr(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let e = &report["embeddings"];
    assert_eq!(
        (e["missing"].as_u64(), &e["warning"]),
        (Some(0), &Value::Null),
        "{e}"
    );
    assert!(
        e["embedded"].as_u64().unwrap() >= PATTERNS.len() as u64,
        "{e}"
    );

    let session = "killed-mid-session";
    let cwd = ws.root();
    let tool_call = |command: &str, description: &str| {
        json!({
            "session_id": session, "transcript_path": "/nonexistent/transcript.jsonl",
            "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "Bash",
            "tool_input": {"command": command, "description": description},
        })
    };
    let prompt = |text: &str| {
        json!({
            "session_id": session, "transcript_path": "/nonexistent/transcript.jsonl",
            "cwd": cwd, "hook_event_name": "UserPromptSubmit", "prompt": text,
        })
    };

    // Server up: both events answer, through vectors as well as words.
    let up = [
        (
            tool_call("git commit -am 'keep commits small'", "commit the change"),
            "commits.md",
        ),
        (
            prompt("bind the parameters of every SQL statement in the user lookup"),
            "sql.md",
        ),
    ];
    for (payload, source) in &up {
        let trace = assert_injects(payload, source, timed_hook(&ws, payload), bound);
        assert!(trace.contains("retrieval: Hybrid"), "{trace}");
    }

    standin.kill();
    assert!(!standin.answers(), "the server is gone");

    // Server killed, same session, new words (so neither dedup nor the query-vector cache
    // answers): full text still finds the patterns, each call within the bound, and the trace
    // says why it is full text only.
    let down = [
        (
            tool_call(
                "git mv src/utils.rs src/naming.rs",
                "rename the vague utils module after the type it holds",
            ),
            "naming.md",
        ),
        (
            prompt("when the operation fails, propagate the failure to the caller with context"),
            "failures.md",
        ),
    ];
    for (payload, source) in &down {
        let trace = assert_injects(payload, source, timed_hook(&ws, payload), bound);
        assert!(trace.contains("retrieval: FtsOnly"), "{trace}");
        assert!(
            trace.contains("note: full-text only: ") && trace.contains(&standin.url()),
            "the trace names the fallback and the dead server: {trace}"
        );
    }
}

#[test]
fn vectors_embedded_without_the_model_prefixes_are_named_refused_and_not_searched() {
    // An index embedded before lore sent nomic-embed-text its task prefixes (here: told to
    // send none) meets a lore that sends them.
    let Some(url) = standin_url() else { return };
    let ws = common::Workspace::new();
    for (name, text) in PATTERNS {
        ws.pattern(name, text);
    }
    // `lore search` waits `query_timeout_ms` for the query vector: room for a loaded machine.
    let config = |extra: &str| {
        format!(
            "knowledge_dir = \"patterns\"\n[search]\nhybrid = true\n[ollama]\nhost = \"{url}\"\nquery_timeout_ms = {QUERY_PATIENCE_MS}\n{extra}"
        )
    };
    ws.write("lore.toml", &config("document_prefix = \"\"\n"));
    let first = ws.lore().arg("ingest").output().unwrap();
    assert!(first.status.success(), "{}", common::stderr(&first));

    ws.write("lore.toml", &config(""));
    let status = ws.lore().arg("status").output().unwrap();
    let lines: String = common::stdout(&status)
        .lines()
        .skip_while(|l| !l.starts_with("embeddings:"))
        .map(|l| format!("{}\n", l.replace(&url, "[URL]")))
        .collect();
    insta::assert_snapshot!("status_prefix_mismatch", lines);

    ws.pattern("extra.md", "# Extra\n\nSomething new to embed.\n");
    let refused = ws.lore().arg("ingest").output().unwrap();
    assert_eq!(refused.status.code(), Some(1));
    let err = common::stderr(&refused);
    assert!(
        err.contains("no prefix") && err.contains("\"search_document: \""),
        "{err}"
    );
    assert!(err.contains("lore ingest --force"), "{err}");

    let search = ws
        .lore()
        .args(["search", "--json", "how to handle errors"])
        .output()
        .unwrap();
    let value: Value = serde_json::from_slice(&search.stdout).unwrap();
    assert_eq!(value["mode"], "fts_only", "{value}");

    let rebuilt = ws.lore().args(["ingest", "--force"]).output().unwrap();
    assert!(rebuilt.status.success(), "{}", common::stderr(&rebuilt));
    let search = ws
        .lore()
        .args(["search", "--json", "how to handle errors"])
        .output()
        .unwrap();
    let value: Value = serde_json::from_slice(&search.stdout).unwrap();
    assert_eq!(value["mode"], "hybrid", "{value}");
}

/// Issue 26: a forced rebuild that is killed while it waits for embeddings has committed its
/// sections already linked to their stored vectors, not an index without vectors.
#[test]
fn a_forced_rebuild_killed_while_embedding_keeps_every_unchanged_sections_vector() {
    let Some(fast) = OwnStandin::start() else {
        return;
    };
    let ws = common::Workspace::new();
    for (name, text) in PATTERNS {
        ws.pattern(name, text);
    }
    let configure = |url: &str| {
        ws.write(
            "lore.toml",
            &format!(
                "knowledge_dir = \"patterns\"\n[search]\nhybrid = true\n[ollama]\nhost = \"{url}\"\nmodel = \"nomic-embed-text\"\ntimeout_ms = 60000\n"
            ),
        );
    };
    let embeddings = || {
        let out = ws.lore().args(["status", "--json"]).output().unwrap();
        let status: Value = serde_json::from_slice(&out.stdout).unwrap();
        status["embeddings"].clone()
    };
    configure(&fast.url());
    ws.lore().arg("ingest").assert().success();
    let before = embeddings();
    let total = before["total_chunks"].as_u64().unwrap();
    assert!(total > 0, "{before}");
    assert_eq!(before["embedded_chunks"].as_u64(), Some(total), "{before}");

    // A changed section must be embedded again, by a server that takes 5 s to answer.
    let Some(slow) = OwnStandin::start_with(&["--delay-ms", "5000"]) else {
        return;
    };
    configure(&slow.url());
    ws.pattern(
        PATTERNS[0].0,
        &format!("{}\nOne more rule to embed.\n", PATTERNS[0].1),
    );
    let mut rebuild = ws
        .process()
        .args(["ingest", "--force"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        rebuild.try_wait().unwrap().is_none(),
        "the rebuild should still be waiting for the slow server"
    );
    rebuild.kill().unwrap();
    rebuild.wait().unwrap();

    // Every section whose text did not change keeps its vector (before issue 26: none did);
    // the changed one waits for an ingest that reaches a server.
    let after = embeddings();
    assert_eq!(after["total_chunks"].as_u64(), Some(total), "{after}");
    assert_eq!(
        after["embedded_chunks"].as_u64(),
        Some(total - 1),
        "{after}"
    );
    configure(&fast.url());
    ws.lore().arg("ingest").assert().success();
    assert_eq!(embeddings()["embedded_chunks"].as_u64(), Some(total));
}
