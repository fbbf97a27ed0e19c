//! End to end with the real Gemini CLI, Copilot CLI, Qwen Code, Cline and OpenCode, driven
//! by the shared harness (`../shared/tools/agents-harness/run.py`: a scripted fake model on
//! loopback, the real client, OpenCode and Cline inside a loopback-only network namespace).
//! One session per agent, in the repository both other end-to-end suites use
//! (`tests/fixtures/rules_repo`) plus the agent's own instruction file, registered exactly as
//! `lore init --agent NAME` writes it, with `lore` found on PATH: the scripted model creates
//! `src/farewell.txt` with the agent's own tool, then runs the failing `./run-tests`.
//!
//! Each run must show: the session primed at its start (the universal pattern in the first
//! request; Cline, which has no session-start channel, with its first tool result), the
//! Copilot rule scoped to `src/**/*.txt` in the request right after the file was created (the
//! earliest any of these agents shows hook context), the failure pattern after the failed
//! run, no tool blocked or denied, the instruction files the agent loads itself present once
//! per request and never among what lore sent (its `LORE_TRACE` records), and every lore
//! call traced without an error.
//!
//! Needs python3, git and the CLIs (`export AGENTS_DIR="$(.ci/install-agents.sh)"`); OpenCode
//! and Cline also a network namespace (`unshare -rn`). Without them each test says why and
//! passes; with `CI` set it fails instead, because CI installs them.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod rules_repo;

use std::path::{Path, PathBuf};
use std::process::Command;

use rules_repo::{AGENTS_MD, CLAUDE_MD, COPILOT, FAILURE, UNIVERSAL};
use serde_json::{Value, json};

/// The sentinel of each agent's own instruction file (added to the repository for its run).
const OWN_FILE: &str = "E2E-OWN-FILE";

/// One agent's run: its harness name, executable, the file it loads itself (None: the
/// repository's `AGENTS.md` is its file), the sentinels of every file it loads itself, its
/// create and shell tool calls, and whether it primes at session start.
struct Agent {
    name: &'static str,
    exe: &'static str,
    own_file: Option<&'static str>,
    loads: &'static [&'static str],
    create: fn(&str) -> Value,
    shell: fn() -> Value,
    primes_at_start: bool,
}

const FAREWELL: &str = "goodbye world\n";

fn call(name: &str, arguments: Value) -> Value {
    json!({"name": name, "arguments": arguments})
}

/// A call of a shell tool taking `{command, description}`, running the tests.
fn run_tests(tool: &str) -> Value {
    call(
        tool,
        json!({"command": "./run-tests", "description": "run the tests"}),
    )
}

const GEMINI: Agent = Agent {
    name: "gemini",
    exe: "gemini",
    own_file: Some("GEMINI.md"),
    loads: &[OWN_FILE],
    create: |path| {
        call(
            "write_file",
            json!({"file_path": path, "content": FAREWELL}),
        )
    },
    shell: || run_tests("run_shell_command"),
    primes_at_start: true,
};

const QWEN: Agent = Agent {
    name: "qwen",
    exe: "qwen",
    own_file: Some("QWEN.md"),
    loads: &[OWN_FILE, AGENTS_MD],
    create: |path| {
        call(
            "write_file",
            json!({"file_path": path, "content": FAREWELL}),
        )
    },
    shell: || {
        call(
            "run_shell_command",
            json!({"command": "./run-tests", "description": "run the tests", "is_background": false}),
        )
    },
    primes_at_start: true,
};

const COPILOT_CLI: Agent = Agent {
    name: "copilot",
    exe: "copilot",
    own_file: Some(".github/copilot-instructions.md"),
    loads: &[OWN_FILE, AGENTS_MD, CLAUDE_MD],
    create: |path| call("create", json!({"path": path, "file_text": FAREWELL})),
    shell: || run_tests("bash"),
    primes_at_start: true,
};

const CLINE: Agent = Agent {
    name: "cline",
    exe: "cline",
    own_file: Some(".clinerules/house.md"),
    loads: &[OWN_FILE, AGENTS_MD],
    create: |path| call("editor", json!({"path": path, "new_text": FAREWELL})),
    shell: || call("run_commands", json!({"commands": ["./run-tests"]})),
    primes_at_start: false,
};

const OPENCODE: Agent = Agent {
    name: "opencode",
    exe: "opencode",
    own_file: None,
    loads: &[AGENTS_MD],
    create: |path| call("write", json!({"filePath": path, "content": FAREWELL})),
    shell: || run_tests("bash"),
    primes_at_start: true,
};

/// The harness and the agent's CLI, or `None` (after saying why) when the test should be
/// skipped.
fn prerequisites(agent: &Agent) -> Option<PathBuf> {
    let suite = format!("the {} end-to-end test", agent.name);
    let run_py = common::shared_dir().join("tools/agents-harness/run.py");
    let works = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let bin = std::env::var_os("AGENTS_DIR").map(|dir| {
        Path::new(&dir)
            .join(agent.name)
            .join("node_modules/.bin")
            .join(agent.exe)
    });
    let missing = if !run_py.is_file() {
        Some(format!("the harness {} is not present", run_py.display()))
    } else if !works("python3", &["--version"]) || !works("git", &["--version"]) {
        Some("python3 or git is not available".to_string())
    } else {
        match &bin {
            None => Some(
                "AGENTS_DIR is not set (export AGENTS_DIR=\"$(.ci/install-agents.sh)\")".into(),
            ),
            Some(bin) if !bin.exists() => Some(format!("{} does not exist", bin.display())),
            Some(_)
                if matches!(agent.name, "cline" | "opencode")
                    && !works("unshare", &["-rn", "true"]) =>
            {
                Some("no network namespace can be created here (`unshare -rn`)".to_string())
            }
            Some(_) => None,
        }
    };
    match missing {
        None => Some(run_py),
        Some(why) => {
            common::skip(&suite, &why);
            None
        }
    }
}

/// The scenario: the shared repository plus the agent's own file, `lore init --agent NAME`
/// run in it as a user would, then the scripted model's steps.
fn scenario(agent: &Agent, lore: &Path) -> Value {
    let mut files = serde_json::Map::new();
    for entry in walkdir::WalkDir::new(rules_repo::dir()) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(rules_repo::dir()).unwrap();
            let text = std::fs::read_to_string(entry.path()).unwrap();
            files.insert(rel.display().to_string(), Value::String(text));
        }
    }
    if let Some(own) = agent.own_file {
        let text = format!(
            "# {} instructions\n\n{OWN_FILE}: the agent reads this file itself.\n",
            agent.name
        );
        files.insert(own.to_string(), Value::String(text));
    }
    let farewell = "${PROJECT}/src/farewell.txt";
    json!({
        "prompt": "Add a farewell message in src/farewell.txt, then run the tests.",
        "files": files,
        "setup_cmds": [
            "chmod +x run-tests",
            format!("{} init --agent {} && rm -rf .env", lore.display(), agent.name),
        ],
        "steps": [
            {"text": "Creating the file.", "tool_calls": [(agent.create)(farewell)]},
            {"tool_calls": [(agent.shell)()]},
            {"text": "Added the farewell; the greeting check still fails."}
        ]
    })
}

/// PATH for the agent and its hooks: this build's `lore` first, then node's folder.
fn agent_path() -> String {
    let lore_dir = Path::new(env!("CARGO_BIN_EXE_lore")).parent().unwrap();
    let mut dirs = vec![lore_dir.display().to_string()];
    if let Ok(out) = Command::new("sh").args(["-c", "command -v node"]).output()
        && let Some(node) = Path::new(String::from_utf8_lossy(&out.stdout).trim()).parent()
        && !node.as_os_str().is_empty()
    {
        dirs.push(node.display().to_string());
    }
    dirs.extend(["/usr/local/bin", "/usr/bin", "/bin"].map(String::from));
    dirs.join(":")
}

/// One finished run: its work dir (kept until dropped), report, model requests and the lore
/// calls it traced.
struct Run {
    work: tempfile::TempDir,
    report: Value,
    requests: Vec<Value>,
    traces: Vec<Value>,
}

fn read_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn run(agent: &Agent, run_py: &Path) -> Run {
    let work = tempfile::tempdir().unwrap();
    let scenario_path = work.path().join("scenario.json");
    let lore = Path::new(env!("CARGO_BIN_EXE_lore"));
    std::fs::write(&scenario_path, scenario(agent, lore).to_string()).unwrap();
    let out_dir = work.path().join("run");
    let runtime = work.path().join("runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    let trace = work.path().join("trace.jsonl");
    let mut cmd = Command::new("python3");
    common::without_lore_env(&mut cmd)
        .arg(run_py)
        .arg(agent.name)
        .arg(&scenario_path)
        .arg("--work")
        .arg(&out_dir)
        // Only what `lore init --agent` wrote runs: the harness registers no hooks of its own
        // and leaves the project's configuration as it is.
        .args([
            "--no-hooks",
            "--hooks-at",
            "home",
            "--timeout",
            "120",
            "--quiet",
        ])
        .arg(format!("--env=PATH={}", agent_path()))
        // A private ledger dir, so no other session's dedup state can hide an injection.
        .arg(format!("--env=XDG_RUNTIME_DIR={}", runtime.display()))
        .arg(format!("--env=LORE_TRACE={}", trace.display()))
        .args([UNIVERSAL, COPILOT, FAILURE].map(|s| format!("--expect={s}")));
    if let Some(deps) = std::env::var_os("AGENTS_DIR")
        .map(|d| Path::new(&d).join("opencode-deps"))
        .filter(|d| d.is_dir())
    {
        cmd.arg("--opencode-deps").arg(deps);
    }
    let output = cmd.output().unwrap();
    let report_path = out_dir.join("report.json");
    assert!(
        report_path.is_file(),
        "run.py wrote no report\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(report_path).unwrap()).unwrap();
    let requests = read_lines(&out_dir.join("requests.jsonl"))
        .into_iter()
        .map(|r| json!({"kind": r["kind"], "step": r["step"], "body": r["body"]}))
        .collect();
    let run = Run {
        traces: read_lines(&trace),
        work,
        report,
        requests,
    };
    assert!(
        output.status.success(),
        "the run failed (the agent errored or an expected text never reached the model); see {}\n{:#}",
        out_dir.display(),
        run.report
    );
    run
}

impl Run {
    /// The requests in which the agent took a step (not titles, not next-speaker checks).
    fn agent_requests(&self) -> Vec<(usize, &Value)> {
        self.requests
            .iter()
            .enumerate()
            .filter(|(_, r)| r["kind"] == "agent")
            .collect()
    }

    /// The index of the first request whose body holds `text`.
    fn first_request_with(&self, text: &str) -> Option<usize> {
        self.requests
            .iter()
            .position(|r| r["body"].to_string().contains(text))
    }

    /// The index of the request in which the model made step `step`.
    fn request_of_step(&self, step: u64) -> usize {
        self.requests
            .iter()
            .position(|r| r["step"] == step)
            .unwrap_or_else(|| panic!("no request took step {step}: {:#}", self.report))
    }
}

fn check(agent: &Agent) {
    let Some(run_py) = prerequisites(agent) else {
        return;
    };
    let run = run(agent, &run_py);
    let report = &run.report;
    assert_eq!(report["exit"], 0, "{report:#}");
    assert_eq!(report["timed_out"], false, "{report:#}");
    for expectation in report["expectations"].as_array().unwrap() {
        assert_eq!(expectation["found"], true, "{expectation:#}");
    }

    // No tool blocked or denied: the file was created and the tests ran (and failed).
    let project = run.work.path().join("run/project");
    assert_eq!(
        std::fs::read_to_string(project.join("src/farewell.txt")).unwrap(),
        FAREWELL
    );
    let ran = run.first_request_with("1 failed, 0 passed");
    assert!(ran.is_some(), "the test run's output reached the model");
    let last = &run.agent_requests().last().unwrap().1["body"].to_string();
    for refused in [
        "Tool execution blocked",
        "Denied by preToolUse hook",
        "hook errored",
    ] {
        assert!(!last.contains(refused), "{refused} in the last request");
    }

    // The session is primed at the earliest event that can carry it.
    let created = run.request_of_step(0);
    let primed = run.first_request_with(UNIVERSAL).unwrap();
    if agent.primes_at_start {
        assert!(
            primed <= created,
            "primed in request {primed}, the first step was {created}"
        );
    } else {
        assert_eq!(primed, created + 1, "primed with the first tool result");
    }
    // The scoped rule arrives with the result of the call that created the file it scopes.
    let next_agent_request = run
        .agent_requests()
        .into_iter()
        .map(|(i, _)| i)
        .find(|i| *i > created)
        .unwrap();
    assert_eq!(run.first_request_with(COPILOT), Some(next_agent_request));
    assert!(run.first_request_with(FAILURE).unwrap() > created);

    // What the agent loads itself reaches the model once per request, never from lore.
    for (i, request) in run.agent_requests() {
        let body = request["body"].to_string();
        for sentinel in agent.loads {
            assert_eq!(body.matches(sentinel).count(), 1, "request {i}: {sentinel}");
        }
    }
    assert!(run.traces.len() >= 2, "lore ran: {:#?}", run.traces);
    let own: Vec<&str> = agent
        .own_file
        .into_iter()
        .chain(
            ["AGENTS.md"]
                .into_iter()
                .filter(|_| agent.loads.contains(&AGENTS_MD)),
        )
        .chain(
            ["CLAUDE.md"]
                .into_iter()
                .filter(|_| agent.loads.contains(&CLAUDE_MD)),
        )
        .collect();
    for trace in &run.traces {
        let harness = if agent.name == "opencode" {
            "opencode"
        } else {
            agent.name
        };
        assert_eq!(trace["harness"], harness, "{trace:#}");
        assert!(trace.get("error").is_none_or(Value::is_null), "{trace:#}");
        for source in trace["injected"].as_array().into_iter().flatten() {
            assert!(!own.contains(&source.as_str().unwrap()), "{trace:#}");
        }
    }
}

#[test]
fn gemini_cli() {
    check(&GEMINI);
}

#[test]
fn qwen_code() {
    check(&QWEN);
}

#[test]
fn copilot_cli() {
    check(&COPILOT_CLI);
}

#[test]
fn cline() {
    check(&CLINE);
}

#[test]
fn opencode() {
    check(&OPENCODE);
}
