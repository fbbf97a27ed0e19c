//! `lore init --agent NAME [--user]` for the agents after Claude Code and Codex: write the
//! agent's own registration (Gemini's and Qwen's settings, Copilot's hook file, Cline's
//! executables, OpenCode's plugin) into the repository, or with `--user` into the user's
//! configuration, and say what the agent needs before it runs them.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use super::init::report_hooks;
use crate::adapters::{cline, copilot, gemini, opencode, qwen};

/// Register lore with `agent` for the repository `repo`, or for the user.
pub fn install(agent: &str, repo: &Path, user: bool) -> anyhow::Result<()> {
    let home = user.then(home_dir).transpose()?;
    let home = home.as_deref();
    let (path, outcome) = match agent {
        "gemini" => gemini::install::install(repo, home)?,
        "qwen" => qwen::install::install(repo, home)?,
        "copilot" => copilot::install::install(repo, home)?,
        "cline" => cline::install::install(repo, home)?,
        "opencode" => {
            let config_home = home.map(|home| {
                std::env::var_os("XDG_CONFIG_HOME")
                    .filter(|v| !v.is_empty())
                    .map(PathBuf::from)
                    .unwrap_or_else(|| home.join(".config"))
            });
            opencode::install::install(repo, config_home.as_deref())?
        }
        other => bail!("lore init cannot register agent `{other}`"),
    };
    let shown = path
        .strip_prefix(repo)
        .unwrap_or(&path)
        .display()
        .to_string();
    report_hooks(&shown, &outcome);
    if let Some(note) = note(agent, user) {
        eprintln!("{note}");
    }
    Ok(())
}

/// What the agent needs before it runs what lore wrote.
fn note(agent: &str, user: bool) -> Option<&'static str> {
    Some(match (agent, user) {
        ("gemini", false) => {
            "The Gemini CLI runs project hooks only in a trusted folder: start `gemini` in this repository and trust it when it asks."
        }
        ("copilot", false) => {
            "The Copilot CLI runs repository hooks only in a folder you trust (it asks on first start); in an untrusted folder they are skipped silently. `lore init --agent copilot --user` registers lore for every folder instead."
        }
        ("opencode", _) => "`lore` must be on the PATH OpenCode starts with.",
        _ => return None,
    })
}

/// The user's home folder.
fn home_dir() -> anyhow::Result<PathBuf> {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
        .context("HOME is not set, so there is no user configuration to register lore in")
}
