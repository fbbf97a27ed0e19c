//! Whether an agent trusts the repository enough to run its hooks there: the Gemini CLI
//! (`~/.gemini/trustedFolders.json`), the Copilot CLI (`trustedFolders` in
//! `~/.copilot/config.json`) and the Codex CLI (`trust_level` in `~/.codex/config.toml`) skip
//! a repository's hooks in a folder they do not trust; user-level hooks always run. Read as
//! each agent reads them (measured with the real clients and their bundled code).

use std::path::{Path, PathBuf};

use super::agents::AgentSpec;
use super::registration::{Found, parse_json};
use super::{Check, Status};

/// Whether the agent trusts `repo` enough to run its repository hooks; None when the agent
/// has no folder trust or lore's hooks are all user-level.
pub fn trust(agent: &AgentSpec, found: &Found, repo: &Path, home: Option<&Path>) -> Option<Check> {
    if !found.registrations.iter().any(|r| !r.user) {
        return None;
    }
    let home = home?;
    let verdict = match agent.name {
        "gemini" => gemini_trust(repo, home),
        "copilot" => copilot_trust(repo, home),
        "codex" => codex_trust(repo, home),
        _ => return None,
    };
    Some(match verdict {
        Ok(()) => Check::ok(
            "trust",
            format!("{} trusts {}", agent.label, repo.display()),
        ),
        Err(why) => Check::new(
            Status::Problem,
            "trust",
            format!(
                "{} does not trust {} ({why}): it skips the repository's hooks",
                agent.label,
                repo.display()
            ),
            Some(match agent.name {
                "copilot" => format!(
                    "start `copilot` in {} and trust the folder, or register lore for your user: `lore init --agent copilot --user`",
                    repo.display()
                ),
                "codex" => format!(
                    "start `codex` in {} and trust the project, then review lore's hooks with `/hooks`",
                    repo.display()
                ),
                _ => format!(
                    "start `{}` in {} and trust the folder",
                    agent.exe,
                    repo.display()
                ),
            }),
        ),
    })
}

fn read_json(path: &Path) -> Option<serde_json::Value> {
    let bytes = crate::storage::bounded_read::read_bounded(path, 4 * 1024 * 1024, true).ok()?;
    parse_json(&String::from_utf8_lossy(&bytes)).ok()
}

/// Gemini: `~/.gemini/trustedFolders.json` (`{path: TRUST_FOLDER | TRUST_PARENT |
/// DO_NOT_TRUST}`, the longest matching rule wins), unless folder trust is switched off.
fn gemini_trust(repo: &Path, home: &Path) -> Result<(), String> {
    if std::env::var("GEMINI_CLI_TRUST_WORKSPACE").is_ok_and(|v| v == "true") {
        return Ok(());
    }
    let settings = read_json(&home.join(".gemini/settings.json"));
    if settings
        .as_ref()
        .and_then(|s| s.pointer("/security/folderTrust/enabled"))
        == Some(&serde_json::Value::Bool(false))
    {
        return Ok(());
    }
    let path = std::env::var_os("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
        .map(PathBuf::from)
        .unwrap_or_else(|| home.join(".gemini/trustedFolders.json"));
    let rules = read_json(&path)
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default();
    let repo = repo.canonicalize().unwrap_or_else(|_| repo.to_path_buf());
    let best = rules
        .iter()
        .filter_map(|(rule, level)| {
            let level = level.as_str()?;
            let rule_path = PathBuf::from(rule);
            let scope = if level == "TRUST_PARENT" {
                rule_path.parent()?.to_path_buf()
            } else {
                rule_path
            };
            repo.starts_with(&scope).then_some((rule.len(), level))
        })
        .max_by_key(|(len, _)| *len);
    match best {
        Some((_, "TRUST_FOLDER" | "TRUST_PARENT")) => Ok(()),
        Some((_, "DO_NOT_TRUST")) => Err(format!("{} marks it DO_NOT_TRUST", path.display())),
        _ => Err(format!("no rule in {} trusts it yet", path.display())),
    }
}

/// Copilot: `trustedFolders` in `~/.copilot/config.json` (a folder or one above it).
fn copilot_trust(repo: &Path, home: &Path) -> Result<(), String> {
    let path = home.join(".copilot/config.json");
    let repo = repo.canonicalize().unwrap_or_else(|_| repo.to_path_buf());
    let trusted = read_json(&path)
        .and_then(|c| c.get("trustedFolders").cloned())
        .and_then(|t| t.as_array().cloned())
        .unwrap_or_default();
    if trusted
        .iter()
        .filter_map(|f| f.as_str())
        .any(|f| repo.starts_with(f))
    {
        Ok(())
    } else {
        Err(format!(
            "it is not among `trustedFolders` in {}",
            path.display()
        ))
    }
}

/// Codex: `[projects."<dir>"] trust_level = "trusted"` in `$CODEX_HOME/config.toml`.
fn codex_trust(repo: &Path, home: &Path) -> Result<(), String> {
    let codex_home = std::env::var_os("CODEX_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| home.join(".codex"));
    let path = codex_home.join("config.toml");
    let text = crate::storage::bounded_read::read_bounded(&path, 4 * 1024 * 1024, true)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let config: toml::Table = text.parse().unwrap_or_default();
    let repo = repo.canonicalize().unwrap_or_else(|_| repo.to_path_buf());
    let trusted = config
        .get("projects")
        .and_then(|p| p.as_table())
        .into_iter()
        .flatten()
        .any(|(dir, project)| {
            repo.starts_with(dir)
                && project.get("trust_level").and_then(|t| t.as_str()) == Some("trusted")
        });
    if trusted {
        Ok(())
    } else {
        Err(format!(
            "{} does not mark the project trusted",
            path.display()
        ))
    }
}
