//! Registering lore's hooks in a harness's hook file (`lore init --claude` into
//! `.claude/settings.json`, `lore init --codex` into `.codex/hooks.json`, and the Gemini CLI's
//! and Qwen Code's `settings.json`: all read the same `{"hooks": {Event: [{matcher, hooks:
//! [{type, command, timeout}]}]}}` shape, Gemini with its timeout in milliseconds; the Copilot
//! CLI's `.github/hooks/*.json` holds flat entries `{type, bash, timeoutSec, matcher}` under
//! `{"version": 1, "hooks": {...}}`).
//!
//! The file is merged, never replaced: other keys and other hooks stay, in their order; lore's
//! entry is added to an event only when no command there already runs lore's hook for that
//! harness (so a second run changes nothing and the file is not rewritten); a file that is not
//! valid JSON, or whose `hooks` has an unexpected shape, is an error naming the file and is
//! left untouched; the new file is written atomically.

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::ordered_json::Json;
use crate::storage::bounded_read::{BoundedReadError, read_bounded};

/// One hook registration: the event, its matcher (tool names for tool events) and how long
/// the harness lets the hook run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HookRegistration {
    pub event: &'static str,
    pub matcher: Option<&'static str>,
    pub timeout_secs: u32,
}

/// What one harness registers: its events, the command they run, how to recognise a command
/// that already runs lore's hook for it, the `lore init` flag that writes the file, and the
/// shape of its entries.
#[derive(Debug, Clone, Copy)]
pub struct HookSet {
    pub registrations: &'static [HookRegistration],
    pub command: &'static str,
    pub runs_lore: fn(&str) -> bool,
    pub init_flag: &'static str,
    pub shape: EntryShape,
}

/// How a harness writes one hook entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryShape {
    /// `{matcher, hooks: [{type, command, timeout}]}` with the timeout in seconds (Claude
    /// Code, Codex, Qwen Code).
    Nested,
    /// The same with the timeout in milliseconds and a `name` (Gemini CLI).
    NestedMillis,
    /// `{type, bash, timeoutSec, matcher}` (Copilot CLI); `version`: a new file starts with
    /// `"version": 1` (a repository's `.github/hooks/*.json`, not the user's settings).
    Flat { version: bool },
}

/// Largest hook file (`.claude/settings.json`, `.codex/hooks.json`) read.
const MAX_HOOK_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Why a hook file could not be updated.
#[derive(Debug, Error)]
pub enum InstallError {
    #[error("cannot read {path}: {source}; fix or move it, then run `lore init {flag}` again")]
    Read {
        path: PathBuf,
        source: BoundedReadError,
        flag: &'static str,
    },
    #[error(
        "{path} is not valid JSON ({source}); fix it or move it aside, then run `lore init {flag}` again (lore left the file unchanged)"
    )]
    InvalidJson {
        path: PathBuf,
        source: serde_json::Error,
        flag: &'static str,
    },
    #[error(
        "{path}: {problem}; fix it, then run `lore init {flag}` again (lore left the file unchanged)"
    )]
    Shape {
        path: PathBuf,
        problem: String,
        flag: &'static str,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What [`install_hook_file`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstallOutcome {
    /// The file did not exist and now holds lore's hooks.
    Created,
    /// These events got lore's entry.
    Updated { events: Vec<&'static str> },
    /// Every event already ran lore; the file was not written.
    Unchanged,
}

/// Merge `set` into the hook file at `path` (created, with its directory, when missing).
pub fn install_hook_file(path: &Path, set: &HookSet) -> Result<InstallOutcome, InstallError> {
    // A FIFO or device in place of the file must not block `lore init`, nor a huge file
    // fill its memory: real hook files are a few KiB.
    let existing = match read_bounded(path, MAX_HOOK_FILE_BYTES, true).and_then(|bytes| {
        String::from_utf8(bytes).map_err(|_| {
            BoundedReadError::Io(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "it is not UTF-8 text",
            ))
        })
    }) {
        Ok(text) => Some(text),
        Err(BoundedReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(source) => {
            return Err(InstallError::Read {
                path: path.to_path_buf(),
                source,
                flag: set.init_flag,
            });
        }
    };
    let mut doc = match &existing {
        Some(text) => {
            serde_json::from_str::<Json>(text).map_err(|source| InstallError::InvalidJson {
                path: path.to_path_buf(),
                source,
                flag: set.init_flag,
            })?
        }
        None => Json::Object(Vec::new()),
    };
    let events = merge_hooks(&mut doc, set).map_err(|problem| InstallError::Shape {
        path: path.to_path_buf(),
        problem,
        flag: set.init_flag,
    })?;
    if existing.is_some() && events.is_empty() {
        return Ok(InstallOutcome::Unchanged);
    }
    let write_error = |source| InstallError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut text = serde_json::to_string_pretty(&doc)
        .map_err(std::io::Error::other)
        .map_err(write_error)?;
    text.push('\n');
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(write_error)?;
    }
    crate::storage::atomic_file::write_atomically(path, text.as_bytes()).map_err(write_error)?;
    Ok(match existing {
        None => InstallOutcome::Created,
        Some(_) => InstallOutcome::Updated { events },
    })
}

/// Add `set`'s registrations to a hook document; returns the events that got one. The error
/// says which part of the document has a shape lore cannot merge into.
pub fn merge_hooks(doc: &mut Json, set: &HookSet) -> Result<Vec<&'static str>, String> {
    let Json::Object(root) = doc else {
        return Err("the top level is not a JSON object".to_string());
    };
    if set.shape == (EntryShape::Flat { version: true }) && root.is_empty() {
        entry(root, "version", || Json::Number(1.into()));
    }
    let hooks = entry(root, "hooks", || Json::Object(Vec::new()));
    let Json::Object(hooks) = hooks else {
        return Err("`hooks` is not a JSON object".to_string());
    };
    let mut added = Vec::new();
    for registration in set.registrations {
        let groups = entry(hooks, registration.event, || Json::Array(Vec::new()));
        let Json::Array(groups) = groups else {
            return Err(format!(
                "`hooks.{}` is not a JSON array",
                registration.event
            ));
        };
        if groups.iter().any(|g| group_runs(g, set.runs_lore)) {
            continue;
        }
        groups.push(registration.to_json(set.command, set.shape));
        added.push(registration.event);
    }
    Ok(added)
}

impl HookRegistration {
    /// The entry the harness expects in `hooks.<event>`, running `command`.
    pub fn to_json(&self, command: &str, shape: EntryShape) -> Json {
        let number = |n: u32| Json::Number(serde_json::Number::from(n));
        let text = |s: &str| Json::String(s.into());
        let command = match shape {
            EntryShape::Nested => Json::Object(vec![
                ("type".into(), text("command")),
                ("command".into(), text(command)),
                ("timeout".into(), number(self.timeout_secs)),
            ]),
            EntryShape::NestedMillis => Json::Object(vec![
                ("type".into(), text("command")),
                ("name".into(), text("lore")),
                ("command".into(), text(command)),
                ("timeout".into(), number(self.timeout_secs * 1000)),
            ]),
            EntryShape::Flat { .. } => {
                let mut entry = vec![
                    ("type".into(), text("command")),
                    ("bash".into(), text(command)),
                    ("timeoutSec".into(), number(self.timeout_secs)),
                ];
                if let Some(matcher) = self.matcher {
                    entry.push(("matcher".into(), text(matcher)));
                }
                return Json::Object(entry);
            }
        };
        let mut group = Vec::new();
        if let Some(matcher) = self.matcher {
            group.push(("matcher".into(), Json::String(matcher.into())));
        }
        group.push(("hooks".into(), Json::Array(vec![command])));
        Json::Object(group)
    }
}

/// The value under `key`, inserted at the end when missing.
fn entry<'a>(
    object: &'a mut Vec<(String, Json)>,
    key: &str,
    make: impl Fn() -> Json,
) -> &'a mut Json {
    let position = match object.iter().position(|(k, _)| k == key) {
        Some(i) => i,
        None => {
            object.push((key.to_string(), make()));
            object.len() - 1
        }
    };
    &mut object[position].1
}

/// Does an entry (a matcher group, or a flat Copilot entry) hold a command `runs_lore`
/// recognises?
pub fn group_runs(group: &Json, runs_lore: fn(&str) -> bool) -> bool {
    entry_commands(group).into_iter().any(runs_lore)
}

/// The commands of one entry: a flat entry's `bash` / `command`, and those of the `hooks` of
/// a matcher group.
pub fn entry_commands(group: &Json) -> Vec<&str> {
    let own = ["bash", "command"]
        .into_iter()
        .filter_map(|key| match group.get(key) {
            Some(Json::String(command)) => Some(command.as_str()),
            _ => None,
        });
    let nested = match group.get("hooks") {
        Some(Json::Array(hooks)) => hooks
            .iter()
            .filter_map(|hook| match hook.get("command") {
                Some(Json::String(command)) => Some(command.as_str()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    own.chain(nested).collect()
}

/// The words of a hook command after its program, when the program is `lore` (by file name:
/// `lore`, `/usr/local/bin/lore`, quoted or not).
pub fn lore_arguments(command: &str) -> Option<Vec<&str>> {
    let mut words = command.split_whitespace();
    let program = words
        .next()
        .map(|w| w.trim_matches(|c| c == '"' || c == '\''))
        .and_then(|w| Path::new(w).file_name())
        .and_then(|n| n.to_str());
    (program == Some("lore")).then(|| words.collect())
}

/// Does `command` run `lore ... hook --harness NAME` (`--harness=NAME` too), possibly with
/// a guard after it (`|| true`)?
pub fn runs_harness(command: &str, name: &str) -> bool {
    let Some(args) = lore_arguments(command) else {
        return false;
    };
    let Some(at) = args.iter().position(|a| *a == "hook") else {
        return false;
    };
    let after = &args[at + 1..];
    let flag = format!("--harness={name}");
    after.contains(&flag.as_str()) || after.windows(2).any(|w| w == ["--harness", name])
}

/// The harness a `lore ... hook` command answers (`claude` without a flag, `codex` for
/// `--codex`, else what `--harness` names), found after the first word that is lore; None
/// when the command runs no lore hook.
pub fn harness_of_command(command: &str) -> Option<&'static str> {
    const NAMES: [&str; 7] = [
        "claude", "codex", "gemini", "copilot", "qwen", "cline", "opencode",
    ];
    let words: Vec<&str> = command
        .split(|c: char| c.is_whitespace() || c == ';' || c == '&' || c == '|')
        .map(|w| w.trim_matches(|c| c == '"' || c == '\''))
        .filter(|w| !w.is_empty())
        .collect();
    let lore = words
        .iter()
        .position(|w| Path::new(w).file_name().is_some_and(|n| n == "lore"))?;
    let hook = lore + 1 + words[lore + 1..].iter().position(|w| *w == "hook")?;
    let mut named = "claude";
    let mut rest = words[hook + 1..].iter();
    while let Some(word) = rest.next() {
        let value = match *word {
            "--codex" => Some("codex"),
            "--harness" => rest.next().copied(),
            other => other.strip_prefix("--harness="),
        };
        if let Some(value) = value {
            named = NAMES
                .iter()
                .copied()
                .find(|n| *n == value)
                .unwrap_or("unknown");
        }
    }
    Some(named)
}

/// Merge `set` into `<home or repo>/<dir>/settings.json` (the Gemini CLI's and Qwen Code's
/// settings, project or user) and return the file and what was done.
pub fn install_settings(
    repo: &Path,
    home: Option<&Path>,
    dir: &str,
    set: &HookSet,
) -> Result<(PathBuf, InstallOutcome), InstallError> {
    let path = home.unwrap_or(repo).join(dir).join("settings.json");
    let outcome = install_hook_file(&path, set)?;
    Ok((path, outcome))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: HookSet = HookSet {
        registrations: &[
            HookRegistration {
                event: "SessionStart",
                matcher: None,
                timeout_secs: 30,
            },
            HookRegistration {
                event: "PreToolUse",
                matcher: Some("Bash"),
                timeout_secs: 10,
            },
        ],
        command: "lore hook --test",
        runs_lore: |c| lore_arguments(c).is_some_and(|a| a.contains(&"--test")),
        init_flag: "--test",
        shape: EntryShape::Nested,
    };

    fn merged(text: &str) -> (Vec<&'static str>, String) {
        let mut doc: Json = serde_json::from_str(text).unwrap();
        let added = merge_hooks(&mut doc, &SET).unwrap();
        (added, serde_json::to_string(&doc).unwrap())
    }

    #[test]
    fn keys_keep_their_order_and_lore_goes_last() {
        let (added, text) = merged(r#"{"z":1,"a":{"y":true,"b":null},"hooks":{"Stop":[]}}"#);
        assert_eq!(added, ["SessionStart", "PreToolUse"]);
        assert!(
            text.starts_with(
                r#"{"z":1,"a":{"y":true,"b":null},"hooks":{"Stop":[],"SessionStart":[{"hooks":[{"type":"command","command":"lore hook --test","timeout":30}]}],"PreToolUse":[{"matcher":"Bash","#
            ),
            "{text}"
        );
    }

    #[test]
    fn an_event_already_running_lore_is_left_as_it_is() {
        let (added, text) = merged(
            r#"{"hooks":{"PreToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"/opt/lore hook --test"}]}]}}"#,
        );
        assert_eq!(added, ["SessionStart"]);
        assert!(
            text.contains(r#""PreToolUse":[{"matcher":"Edit","#),
            "{text}"
        );
    }

    #[test]
    fn shapes_lore_cannot_merge_into_are_named() {
        for (text, problem) in [
            ("[]", "the top level"),
            (r#"{"hooks":[]}"#, "`hooks`"),
            (r#"{"hooks":{"PreToolUse":{}}}"#, "`hooks.PreToolUse`"),
        ] {
            let mut doc: Json = serde_json::from_str(text).unwrap();
            let err = merge_hooks(&mut doc, &SET).unwrap_err();
            assert!(err.contains(problem), "{text}: {err}");
        }
    }

    #[test]
    fn the_harness_a_command_answers() {
        for (command, expected) in [
            ("lore hook", Some("claude")),
            ("lore hook --mcp", Some("claude")),
            ("/opt/lore --config x hook --codex", Some("codex")),
            ("lore hook --harness gemini", Some("gemini")),
            ("lore hook --harness=copilot || true", Some("copilot")),
            ("lore hook --harness cursor", Some("unknown")),
            ("lore serve", None),
            ("./guard.sh", None),
        ] {
            assert_eq!(harness_of_command(command), expected, "{command}");
        }
    }

    #[test]
    fn lore_is_recognised_by_its_program_name() {
        for (command, expected) in [
            ("lore hook", Some(vec!["hook"])),
            ("  lore   hook ", Some(vec!["hook"])),
            (
                "/usr/local/bin/lore --config /x/lore.toml hook --codex",
                Some(vec!["--config", "/x/lore.toml", "hook", "--codex"]),
            ),
            ("'lore' hook", Some(vec!["hook"])),
            ("python3 lore.py hook", None),
            ("lorex hook", None),
            ("", None),
        ] {
            assert_eq!(lore_arguments(command), expected, "{command:?}");
        }
    }
}
