//! `lore init --claude`: register lore's hooks in a project's `.claude/settings.json`.
//!
//! The file is merged, never replaced: other keys and other hooks stay, in their order; lore's
//! entry is added to an event only when no command there already runs `lore ... hook` (so a
//! second run changes nothing and the file is not rewritten); a file that is not valid JSON, or
//! whose `hooks` has an unexpected shape, is an error naming the file and is left untouched;
//! the new file is written atomically. [`HOOKS`] is the one definition of lore's registrations:
//! the plugin's `integrations/claude-code/hooks/hooks.json` is checked against it by tests.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use thiserror::Error;

/// The command Claude Code runs; `lore` must be on the PATH Claude Code sees.
pub const HOOK_COMMAND: &str = "lore hook";

/// One hook registration: the event, its matcher (tool names for tool events) and how long
/// Claude Code lets the hook run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HookRegistration {
    pub event: &'static str,
    pub matcher: Option<&'static str>,
    pub timeout_secs: u32,
}

/// lore's registrations. SessionStart may refresh the index (a bounded ingest), so it gets
/// more time than the per-prompt and per-tool-call events.
pub const HOOKS: &[HookRegistration] = &[
    HookRegistration {
        event: "SessionStart",
        matcher: None,
        timeout_secs: 30,
    },
    HookRegistration {
        event: "UserPromptSubmit",
        matcher: None,
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PreToolUse",
        matcher: Some("Edit|Write|MultiEdit|NotebookEdit|Bash"),
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PostToolUseFailure",
        matcher: Some("Bash"),
        timeout_secs: 10,
    },
    HookRegistration {
        event: "SubagentStart",
        matcher: None,
        timeout_secs: 10,
    },
    HookRegistration {
        event: "PostCompact",
        matcher: None,
        timeout_secs: 10,
    },
];

/// Why settings.json could not be updated.
#[derive(Debug, Error)]
pub enum InstallError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{path} is not valid JSON ({source}); fix it or move it aside, then run `lore init --claude` again (lore left the file unchanged)"
    )]
    InvalidJson {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error(
        "{path}: {problem}; fix it, then run `lore init --claude` again (lore left the file unchanged)"
    )]
    Shape { path: PathBuf, problem: String },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What [`install_settings`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstallOutcome {
    /// The file did not exist and now holds lore's hooks.
    Created,
    /// These events got lore's entry.
    Updated { events: Vec<&'static str> },
    /// Every event already ran lore; the file was not written.
    Unchanged,
}

/// Register lore's hooks in `<repo>/.claude/settings.json`.
pub fn install_project_hooks(repo: &Path) -> Result<InstallOutcome, InstallError> {
    install_settings(&repo.join(".claude").join("settings.json"))
}

/// Merge lore's hooks into the settings file at `path` (created when missing).
pub fn install_settings(path: &Path) -> Result<InstallOutcome, InstallError> {
    let existing = match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(source) => {
            return Err(InstallError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let mut doc = match &existing {
        Some(text) => {
            serde_json::from_str::<Json>(text).map_err(|source| InstallError::InvalidJson {
                path: path.to_path_buf(),
                source,
            })?
        }
        None => Json::Object(Vec::new()),
    };
    let events = merge_hooks(&mut doc).map_err(|problem| InstallError::Shape {
        path: path.to_path_buf(),
        problem,
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

/// Add lore's registrations to a settings document; returns the events that got one. The
/// error says which part of the document has a shape lore cannot merge into.
pub fn merge_hooks(doc: &mut Json) -> Result<Vec<&'static str>, String> {
    let Json::Object(root) = doc else {
        return Err("the top level is not a JSON object".to_string());
    };
    let hooks = entry(root, "hooks", || Json::Object(Vec::new()));
    let Json::Object(hooks) = hooks else {
        return Err("`hooks` is not a JSON object".to_string());
    };
    let mut added = Vec::new();
    for registration in HOOKS {
        let groups = entry(hooks, registration.event, || Json::Array(Vec::new()));
        let Json::Array(groups) = groups else {
            return Err(format!(
                "`hooks.{}` is not a JSON array",
                registration.event
            ));
        };
        if groups.iter().any(runs_lore_hook) {
            continue;
        }
        groups.push(registration.to_json());
        added.push(registration.event);
    }
    Ok(added)
}

impl HookRegistration {
    /// The matcher group Claude Code expects in `hooks.<event>`.
    pub fn to_json(&self) -> Json {
        let command = Json::Object(vec![
            ("type".into(), Json::String("command".into())),
            ("command".into(), Json::String(HOOK_COMMAND.into())),
            (
                "timeout".into(),
                Json::Number(serde_json::Number::from(self.timeout_secs)),
            ),
        ]);
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

/// Does a matcher group hold a command that runs lore's hook (`lore hook`,
/// `/usr/local/bin/lore --config x hook`, ...)?
fn runs_lore_hook(group: &Json) -> bool {
    let Some(Json::Array(hooks)) = group.get("hooks") else {
        return false;
    };
    hooks.iter().any(|hook| match hook.get("command") {
        Some(Json::String(command)) => is_lore_hook_command(command),
        _ => false,
    })
}

fn is_lore_hook_command(command: &str) -> bool {
    let words: Vec<&str> = command.split_whitespace().collect();
    let program = words
        .first()
        .map(|w| w.trim_matches(|c| c == '"' || c == '\''))
        .and_then(|w| Path::new(w).file_name())
        .and_then(|n| n.to_str());
    program == Some("lore") && words.last() == Some(&"hook")
}

/// A JSON value whose objects keep their keys in file order, so a merged settings.json differs
/// from the original only by lore's additions.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The value of `key` when this is an object holding it.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => serializer.serialize_unit(),
            Json::Bool(b) => serializer.serialize_bool(*b),
            Json::Number(n) => n.serialize(serializer),
            Json::String(s) => serializer.serialize_str(s),
            Json::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (k, v) in entries {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_f64<E: serde::de::Error>(self, n: f64) -> Result<Json, E> {
        serde_json::Number::from_f64(n)
            .map(Json::Number)
            .ok_or_else(|| E::custom("number out of range"))
    }

    fn visit_str<E>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_string()))
    }

    fn visit_string<E>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut entries = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, Json>()? {
            entries.push((k, v));
        }
        Ok(Json::Object(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn merged(text: &str) -> (Vec<&'static str>, String) {
        let mut doc: Json = serde_json::from_str(text).unwrap();
        let added = merge_hooks(&mut doc).unwrap();
        (added, serde_json::to_string(&doc).unwrap())
    }

    #[test]
    fn keys_keep_their_order_and_lore_goes_last() {
        let (added, text) = merged(r#"{"z":1,"a":{"y":true,"b":null},"hooks":{"Stop":[]}}"#);
        assert_eq!(added.len(), HOOKS.len());
        assert!(
            text.starts_with(
                r#"{"z":1,"a":{"y":true,"b":null},"hooks":{"Stop":[],"SessionStart":"#
            ),
            "{text}"
        );
    }

    #[test]
    fn commands_that_already_run_lore_are_recognised() {
        for (command, expected) in [
            ("lore hook", true),
            ("  lore   hook ", true),
            ("/usr/local/bin/lore --config /x/lore.toml hook", true),
            ("\"/opt/my tools/lore\" hook", false),
            ("lore serve", false),
            ("python3 lore.py hook", false),
            ("lorex hook", false),
        ] {
            assert_eq!(is_lore_hook_command(command), expected, "{command:?}");
        }
    }

    #[test]
    fn shapes_lore_cannot_merge_into_are_named() {
        for (text, problem) in [
            ("[]", "the top level"),
            (r#"{"hooks":[]}"#, "`hooks`"),
            (r#"{"hooks":{"PreToolUse":{}}}"#, "`hooks.PreToolUse`"),
        ] {
            let mut doc: Json = serde_json::from_str(text).unwrap();
            let err = merge_hooks(&mut doc).unwrap_err();
            assert!(err.contains(problem), "{text}: {err}");
        }
    }

    #[test]
    fn values_survive_a_round_trip() {
        let original = r#"{"a":[1,-2,2.5,1e300,18446744073709551615,"\u00e9\n",null,false,{}]}"#;
        let (_, text) = merged(original);
        let before: serde_json::Value = serde_json::from_str(original).unwrap();
        let after: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(after["a"], before["a"], "{text}");
    }
}
