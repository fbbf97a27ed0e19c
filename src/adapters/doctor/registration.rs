//! Finding lore's registrations with an agent: its hook entries (JSON settings in Claude
//! Code's nested shape or Copilot's flat one, Cline's executables, OpenCode's plugin) in the
//! repository and in the user's configuration, each with its event, matcher, command and
//! timeout as written. Only entries whose command runs `lore ... hook` count; a file that
//! cannot be read or parsed is reported as such, never skipped silently.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::agents::{AgentSpec, Shape};
use crate::adapters::opencode::install::{PLUGIN, PLUGIN_MARK};
use crate::storage::bounded_read::read_bounded;

/// Largest registration file read.
const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// One hook entry that runs lore.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Registration {
    pub file: PathBuf,
    /// In the user's configuration rather than the repository's.
    pub user: bool,
    pub event: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    pub command: String,
    /// The timeout as written, in the agent's unit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout: Option<u64>,
    /// A Cline hook file without the execute bit (Cline does not run it).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub not_executable: bool,
    /// An OpenCode plugin that differs from the one this lore ships.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub outdated: bool,
}

/// What was found for one agent: lore's entries, and files that could not be read.
#[derive(Debug, Default)]
pub struct Found {
    pub registrations: Vec<Registration>,
    pub unreadable: Vec<(PathBuf, String)>,
    /// Keys of settings that switch hooks off (`hooksConfig.enabled: false`,
    /// `disableAllHooks: true`), by file.
    pub disabled: Vec<PathBuf>,
}

/// Whether a hook command runs `lore ... hook` (a wrapper or a guard around it included).
pub fn runs_lore_hook(command: &str) -> bool {
    let words: Vec<&str> = command
        .split(|c: char| c.is_whitespace() || c == ';' || c == '&' || c == '|')
        .map(|w| w.trim_matches(|c| c == '"' || c == '\''))
        .collect();
    words
        .iter()
        .position(|w| Path::new(w).file_name().is_some_and(|n| n == "lore"))
        .is_some_and(|at| words[at + 1..].contains(&"hook"))
}

/// lore's registrations with `agent` in `repo` and under `home`.
pub fn find(agent: &AgentSpec, repo: &Path, home: Option<&Path>) -> Found {
    let mut found = Found::default();
    let places = agent
        .project
        .iter()
        .map(|rel| (repo.join(rel), false))
        .chain(
            home.into_iter()
                .flat_map(|h| agent.user.iter().map(move |rel| (h.join(rel), true))),
        );
    let mut seen = Vec::new();
    for (path, user) in places {
        // The repository may be the home folder itself: read each file once.
        if seen.contains(&path) {
            continue;
        }
        seen.push(path.clone());
        match agent.shape {
            Shape::Nested | Shape::Flat if path.is_dir() => {
                let mut files: Vec<PathBuf> = std::fs::read_dir(&path)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "json"))
                    .collect();
                files.sort();
                for file in files {
                    read_json_file(&file, user, &mut found);
                }
            }
            Shape::Nested | Shape::Flat => {
                if path.exists() {
                    read_json_file(&path, user, &mut found);
                }
            }
            Shape::Executables => read_executables(&path, user, agent, &mut found),
            Shape::Plugin => read_plugins(&path, user, agent, &mut found),
        }
    }
    found
}

/// The text of a file, or why it cannot be read.
fn read_text(path: &Path) -> Result<String, String> {
    let bytes = read_bounded(path, MAX_FILE_BYTES, true).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_string())
}

/// JSON with `//` comment lines (Gemini's and Copilot's files may hold them).
pub fn parse_json(text: &str) -> Result<Value, serde_json::Error> {
    let kept: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect();
    serde_json::from_str(&kept.join("\n"))
}

fn read_json_file(path: &Path, user: bool, found: &mut Found) {
    let doc = match read_text(path).and_then(|t| parse_json(&t).map_err(|e| e.to_string())) {
        Ok(doc) => doc,
        Err(why) => {
            found.unreadable.push((path.to_path_buf(), why));
            return;
        }
    };
    if doc.pointer("/hooksConfig/enabled") == Some(&Value::Bool(false))
        || doc.get("disableAllHooks") == Some(&Value::Bool(true))
    {
        found.disabled.push(path.to_path_buf());
    }
    let Some(events) = doc.get("hooks").and_then(Value::as_object) else {
        return;
    };
    for (event, entries) in events {
        for entry in entries.as_array().into_iter().flatten() {
            let matcher = entry
                .get("matcher")
                .and_then(Value::as_str)
                .map(String::from);
            let nested = entry.get("hooks").and_then(Value::as_array);
            let hooks: Vec<&Value> = match nested {
                Some(hooks) => hooks.iter().collect(),
                None => vec![entry],
            };
            for hook in hooks {
                let command = ["command", "bash"]
                    .iter()
                    .find_map(|k| hook.get(k).and_then(Value::as_str));
                let Some(command) = command.filter(|c| runs_lore_hook(c)) else {
                    continue;
                };
                let timeout = ["timeout", "timeoutSec"]
                    .iter()
                    .find_map(|k| hook.get(k).and_then(Value::as_u64));
                found.registrations.push(Registration {
                    file: path.to_path_buf(),
                    user,
                    event: event.clone(),
                    matcher: matcher.clone(),
                    command: command.to_string(),
                    timeout,
                    not_executable: false,
                    outdated: false,
                });
            }
        }
    }
}

fn read_executables(dir: &Path, user: bool, agent: &AgentSpec, found: &mut Found) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    for file in files.into_iter().filter(|f| f.is_file()) {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let event = name.split('.').next().unwrap_or(name);
        if agent.event(event).is_none() {
            continue;
        }
        let text = match read_text(&file) {
            Ok(text) => text,
            Err(why) => {
                found.unreadable.push((file.clone(), why));
                continue;
            }
        };
        let Some(command) = text.lines().map(str::trim).find(|l| runs_lore_hook(l)) else {
            continue;
        };
        let executable =
            std::fs::metadata(&file).is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
        found.registrations.push(Registration {
            file: file.clone(),
            user,
            event: event.to_string(),
            matcher: None,
            command: command.to_string(),
            timeout: None,
            not_executable: !executable,
            outdated: false,
        });
    }
}

fn read_plugins(dir: &Path, user: bool, agent: &AgentSpec, found: &mut Found) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "js" || x == "ts"))
        .collect();
    files.sort();
    for file in files {
        let text = match read_text(&file) {
            Ok(text) => text,
            Err(why) => {
                found.unreadable.push((file.clone(), why));
                continue;
            }
        };
        if !text.starts_with(PLUGIN_MARK) && !text.contains("\"--harness\", \"opencode\"") {
            continue;
        }
        for event in agent.events {
            found.registrations.push(Registration {
                file: file.clone(),
                user,
                event: event.name.to_string(),
                matcher: None,
                command: "lore hook --harness opencode".to_string(),
                timeout: Some(agent.default_timeout_ms),
                not_executable: false,
                outdated: text != PLUGIN,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lore_hook_commands_are_recognised_inside_wrappers_and_guards() {
        for (command, expected) in [
            ("lore hook --harness gemini", true),
            ("lore hook --harness copilot || true", true),
            ("/usr/local/bin/lore --config x.toml hook", true),
            ("env LORE_DEBUG=1 lore hook", true),
            ("python3 probe.py --exec lore hook", true),
            ("lore serve", false),
            ("./scripts/lint.sh", false),
            ("lorex hook", false),
        ] {
            assert_eq!(runs_lore_hook(command), expected, "{command}");
        }
    }

    #[test]
    fn comment_lines_do_not_stop_the_json() {
        let doc = parse_json("// managed\n{\"trustedFolders\": [\"/a\"]}\n").unwrap();
        assert_eq!(doc["trustedFolders"][0], "/a");
    }
}
