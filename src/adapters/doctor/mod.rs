//! `lore doctor`: for each agent lore is registered with, in the repository or the user's
//! configuration, whether it works: the agent's executable and lore's found, the
//! registration valid (events, matchers, timeout units, commands that must never fail, the
//! folder trusted), each registered event run once with a payload in the agent's own shape
//! (a valid answer in the field the agent reads, under its cut-off, in time), the instruction
//! files the agent loads itself and whether lore would send them again, and, from Claude
//! Code's transcript and the Codex CLI's rollout, whether the last session's injections
//! reached the model; and, for lore itself, whether every pattern's `paths` still match a
//! file. It builds one [`DoctorReport`]; the CLI prints it as text or JSON and
//! exits 1 when it holds a problem.

pub mod agents;
pub mod checks;
pub mod files;
pub mod instructions;
pub mod paths;
pub mod registration;
pub mod samples;
pub mod transcript;
pub mod trial;
pub mod trust;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use agents::{AGENTS, AgentSpec};
use instructions::{InstructionFile, harness_named, instruction_files};
use registration::{Registration, find};
use transcript::SessionProof;

use crate::adapters::hook_registration::harness_of_command;
use crate::core::config::Config;
use crate::services::paths_audit::UnmatchedPaths;

/// How a check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Warning,
    /// Something the user must fix: `lore doctor` exits 1.
    Problem,
}

/// One finding: what was checked, what was found, and the remedy.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Check {
    pub status: Status,
    pub check: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

impl Check {
    pub fn new(
        status: Status,
        check: impl Into<String>,
        message: String,
        fix: Option<String>,
    ) -> Self {
        Self {
            status,
            check: check.into(),
            message,
            fix,
        }
    }

    pub fn ok(check: impl Into<String>, message: String) -> Self {
        Self::new(Status::Ok, check, message, None)
    }
}

/// Everything found for one agent.
#[derive(Debug, Clone, serde::Serialize)]
pub struct AgentReport {
    pub agent: &'static str,
    pub label: &'static str,
    pub registered: bool,
    pub registrations: Vec<Registration>,
    pub checks: Vec<Check>,
    pub instruction_files: Vec<InstructionFile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_session: Option<SessionProof>,
}

/// The whole diagnosis.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DoctorReport {
    pub repository: PathBuf,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config: Option<PathBuf>,
    /// Checks of lore itself (its configuration and index).
    pub checks: Vec<Check>,
    /// Patterns whose `paths` globs match no file of the repository (the `paths` check).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unmatched_paths: Vec<UnmatchedPaths>,
    /// What the pattern and rule files hold that an ingest refuses or warns about (the
    /// `files` check).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub file_issues: Vec<files::FileIssue>,
    pub agents: Vec<AgentReport>,
    pub problems: usize,
    pub warnings: usize,
}

/// Where the doctor looks.
#[derive(Debug, Clone)]
pub struct Inputs {
    pub repo: PathBuf,
    /// The user's home (None: user configurations are not read).
    pub home: Option<PathBuf>,
    /// The PATH the agents run hooks with.
    pub path: Option<OsString>,
    pub config: Option<Config>,
    /// Why there is no configuration to use, when there is none.
    pub config_error: Option<ConfigTrouble>,
}

/// Why the doctor has no configuration, and what fixes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigTrouble {
    /// None anywhere lore looks: `lore init` makes one.
    NotFound(String),
    /// One was named or found but cannot be used (a path that does not exist, an invalid
    /// line): `lore init` would leave it as it is.
    Unusable(String),
}

/// Diagnose every agent in `inputs.repo`.
pub fn diagnose(inputs: &Inputs) -> DoctorReport {
    // The agents' hooks run first: a session start they run refreshes the index as any
    // does, so the index and files checks then say what the next session will find.
    let runtime = private_runtime_dir();
    let agents: Vec<AgentReport> = AGENTS
        .iter()
        .map(|agent| diagnose_agent(agent, inputs, runtime.as_deref()))
        .collect();
    if let Some(dir) = &runtime {
        let _ = std::fs::remove_dir_all(dir);
    }
    let mut checks = Vec::new();
    let mut unmatched_paths = Vec::new();
    let mut file_issues = Vec::new();
    match (&inputs.config, &inputs.config_error) {
        (Some(config), _) => {
            checks.push(Check::ok(
                "config",
                format!(
                    "configuration {}",
                    config
                        .path
                        .as_deref()
                        .map_or("(defaults)".into(), |p| p.display().to_string())
                ),
            ));
            if !config.database.exists() {
                checks.push(Check::new(
                    Status::Warning,
                    "index",
                    format!(
                        "no index at {} yet: the first hook builds it",
                        config.database.display()
                    ),
                    Some("run `lore ingest`".into()),
                ));
            } else if let Some((check, audit)) = paths::paths_check(config, &inputs.repo) {
                checks.push(check);
                unmatched_paths = audit.unmatched;
            }
            let (file_checks, issues) = files::files_check(config, &inputs.repo);
            checks.extend(file_checks);
            file_issues = issues;
        }
        (None, Some(ConfigTrouble::Unusable(why))) => checks.push(Check::new(
            Status::Problem,
            "config",
            format!("the lore configuration cannot be used: every hook answers nothing ({why})"),
            Some("correct what the message names (`lore init` keeps an existing lore.toml)".into()),
        )),
        (None, why) => checks.push(Check::new(
            Status::Problem,
            "config",
            format!(
                "no lore configuration here: every hook answers nothing ({})",
                match why {
                    Some(ConfigTrouble::NotFound(why)) => why.as_str(),
                    _ => "not found",
                }
            ),
            Some("run `lore init`".into()),
        )),
    }
    if !agents.iter().any(|a| a.registered) {
        // Not a problem: a team may use lore only through `lore search`; but nothing is
        // injected, which is what most users set lore up for.
        checks.push(Check::new(
            Status::Warning,
            "agents",
            "no agent runs lore here: nothing reaches an agent until one is registered".into(),
            Some(
                "run `lore init --agent NAME` (claude, codex, gemini, copilot, qwen, cline, opencode)"
                    .into(),
            ),
        ));
    }
    let all = checks
        .iter()
        .chain(agents.iter().flat_map(|a| a.checks.iter()));
    let (problems, warnings) = all.fold((0, 0), |(p, w), c| match c.status {
        Status::Problem => (p + 1, w),
        Status::Warning => (p, w + 1),
        Status::Ok => (p, w),
    });
    DoctorReport {
        repository: inputs.repo.clone(),
        config: inputs.config.as_ref().and_then(|c| c.path.clone()),
        checks,
        unmatched_paths,
        file_issues,
        agents,
        problems,
        warnings,
    }
}

fn diagnose_agent(agent: &AgentSpec, inputs: &Inputs, runtime: Option<&Path>) -> AgentReport {
    let found = find(agent, &inputs.repo, inputs.home.as_deref());
    let registered = !found.registrations.is_empty() || !found.unreadable.is_empty();
    let mut report = AgentReport {
        agent: agent.name,
        label: agent.label,
        registered,
        registrations: found.registrations.clone(),
        checks: Vec::new(),
        instruction_files: Vec::new(),
        last_session: None,
    };
    if !registered {
        return report;
    }
    let path = inputs.path.as_deref();
    let mut checks = vec![checks::agent_binary(agent, path)];
    let lore_checks = checks::lore_binary(agent, &found, path);
    // A hook whose lore is not found does nothing (an `|| true` hides even the failure):
    // running it would report its silence as an empty index or an answer in order.
    let lore_missing = lore_checks.iter().any(|c| c.status == Status::Problem);
    checks.extend(lore_checks);
    checks.extend(checks::registration_checks(agent, &found));
    checks.extend(trust::trust(
        agent,
        &found,
        &inputs.repo,
        inputs.home.as_deref(),
    ));
    let mut primed = None;
    // With a lore.toml that cannot be used, every hook answers with the notice that lore is
    // off: running them would report that notice's channel as a second, wrong cause.
    let unusable = matches!(inputs.config_error, Some(ConfigTrouble::Unusable(_)));
    if unusable && !found.registrations.is_empty() {
        checks.push(Check::new(
            Status::Warning,
            "run",
            "not run: lore's configuration cannot be used (the config check says why); until \
             it is fixed, the hooks only tell the user that lore is off"
                .to_string(),
            None,
        ));
    }
    if lore_missing && !unusable && !found.registrations.is_empty() {
        checks.push(Check::new(
            Status::Warning,
            "run",
            "not run: the hooks' lore is not found (the lore check says where it was looked \
             for); until it is, every hook does nothing"
                .to_string(),
            None,
        ));
    }
    if let Some(runtime) = runtime.filter(|_| !unusable && !lore_missing) {
        let mut tried: Vec<(String, String)> = Vec::new();
        for reg in &found.registrations {
            let key = (reg.event.clone(), reg.command.clone());
            if tried.contains(&key) {
                continue;
            }
            tried.push(key);
            let trial = trial::run(agent, reg, &inputs.repo, runtime);
            if matches!(
                reg.event.as_str(),
                "SessionStart" | "experimental.chat.system.transform"
            ) || (agent.name == "cline" && primed.is_none())
            {
                primed = trial.text.clone().or(primed);
            }
            checks.push(trial.check);
        }
    }
    let answering = found
        .registrations
        .iter()
        .find_map(|r| harness_of_command(&r.command))
        .and_then(harness_named);
    let (files, file_checks) = instruction_files(
        agent,
        inputs.config.as_ref(),
        &inputs.repo,
        answering,
        primed.as_deref(),
    );
    checks.extend(file_checks);
    report.instruction_files = files;
    report.last_session = last_session(agent, &inputs.repo, inputs.home.as_deref());
    if let Some(proof) = &report.last_session {
        checks.push(session_check(agent, proof));
    }
    report.checks = checks;
    report
}

/// The last session's proof, for the agents that keep a record lore can read.
fn last_session(agent: &AgentSpec, repo: &Path, home: Option<&Path>) -> Option<SessionProof> {
    let env_dir = |var: &str| {
        std::env::var_os(var)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    match agent.name {
        "claude" => {
            let dir = env_dir("CLAUDE_CONFIG_DIR").or_else(|| home.map(|h| h.join(".claude")))?;
            transcript::claude_last_session(repo, &dir)
        }
        "codex" => {
            let dir = env_dir("CODEX_HOME").or_else(|| home.map(|h| h.join(".codex")))?;
            transcript::codex_last_session(repo, &dir)
        }
        _ => None,
    }
}

fn session_check(agent: &AgentSpec, proof: &SessionProof) -> Check {
    let record = proof.transcript.display();
    if let Some(note) = &proof.note {
        return Check::new(
            Status::Warning,
            "last session",
            format!("{record}: {note}"),
            None,
        );
    }
    // Claude Code records a prompt hook's context without its command: said apart, so the
    // count matches what the user saw arrive.
    let besides = match proof.unattributed {
        0 => String::new(),
        n => format!(
            ", besides {n} context{} of a prompt hook (Claude Code does not record which hook \
             gave it)",
            if n == 1 { "" } else { "s" }
        ),
    };
    if proof.missed.is_empty() {
        return Check::ok(
            "last session",
            format!(
                "{record}: {} of lore's injections reached the model{besides}",
                proof.reached
            ),
        );
    }
    let missed: Vec<String> = proof
        .missed
        .iter()
        .map(|m| format!("{}: {}", m.event, m.why))
        .collect();
    Check::new(
        Status::Problem,
        "last session",
        format!(
            "{record}: {} of {} of lore's injections reached the model{besides}; not: {}",
            proof.reached,
            proof.injections,
            missed.join("; ")
        ),
        Some(format!(
            "see docs/{}.md",
            if agent.name == "claude" {
                "hooks"
            } else {
                agent.name
            }
        )),
    )
}

/// A private, empty folder for the trials' session records, removed afterwards.
fn private_runtime_dir() -> Option<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    let dir = std::env::temp_dir().join(format!("lore-doctor-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::DirBuilder::new().mode(0o700).create(&dir).ok()?;
    Some(dir)
}
