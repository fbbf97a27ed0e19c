//! Proof from the agent's own record that lore's injections of the last session in the
//! repository reached the model, or which did not and why. Claude Code's transcript
//! (`~/.claude/projects/<folder>/<session>.jsonl`) holds each hook's output (`hook_success`:
//! what lore printed), what reached the model (`hook_additional_context`) and the hooks that
//! timed out or failed (`hook_cancelled`, `hook_non_blocking_error`). The Codex CLI's rollout
//! (`~/.codex/sessions/**/rollout-*.jsonl`) holds only what reached the model (developer
//! messages), so what lore answered comes from lore's own record of the session (its ledger).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::registration::runs_lore_hook;
use crate::storage::bounded_read::read_bounded;
use crate::storage::ledger::{LedgerFile, ledger_dir_candidates};

/// Largest transcript read.
const MAX_TRANSCRIPT_BYTES: u64 = 64 * 1024 * 1024;
/// Claude Code replaces additionalContext of this many characters or more with a file stub.
const CLAUDE_LIMIT: usize = 10_000;

/// What the last session's record shows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SessionProof {
    pub transcript: PathBuf,
    /// lore's injections the record shows (answers, or patterns answered with).
    pub injections: usize,
    pub reached: usize,
    /// Those that did not reach the model, each with why.
    pub missed: Vec<Missed>,
    /// Contexts that reached the model from hooks the record does not name (Claude Code
    /// records a prompt hook's context without the command that gave it): lore's, when it
    /// answers the prompt event, but not counted above.
    #[serde(skip_serializing_if = "is_zero")]
    pub unattributed: usize,
    /// What the record cannot say (no record of lore's answers, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Missed {
    pub event: String,
    pub why: String,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Claude Code's folder name for a project: every character but ASCII letters and digits
/// becomes `-`.
pub fn claude_project_folder(repo: &Path) -> String {
    repo.display()
        .to_string()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// The most recently changed of `files`.
fn newest(files: impl Iterator<Item = PathBuf>) -> Option<PathBuf> {
    files
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .max()
        .map(|(_, p)| p)
}

fn read_lines(path: &Path) -> Option<Vec<Value>> {
    let bytes = read_bounded(path, MAX_TRANSCRIPT_BYTES, true).ok()?;
    Some(
        String::from_utf8_lossy(&bytes)
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect(),
    )
}

/// The last Claude Code session in `repo`, under `claude_home` (`$CLAUDE_CONFIG_DIR`, else
/// `~/.claude`); None when there is none.
pub fn claude_last_session(repo: &Path, claude_home: &Path) -> Option<SessionProof> {
    let candidates = [repo.to_path_buf(), repo.canonicalize().unwrap_or_default()];
    let transcript = candidates.iter().find_map(|r| {
        let dir = claude_home.join("projects").join(claude_project_folder(r));
        newest(
            std::fs::read_dir(dir)
                .ok()?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl")),
        )
    })?;
    let lines = read_lines(&transcript)?;
    Some(claude_proof(transcript, &lines))
}

/// Match what lore printed with what reached the model in one Claude Code transcript.
pub fn claude_proof(transcript: PathBuf, lines: &[Value]) -> SessionProof {
    let attachments: Vec<&Value> = lines.iter().filter_map(|l| l.get("attachment")).collect();
    let text = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).unwrap_or("").to_string();
    let from_lore = |a: &Value| runs_lore_hook(&text(a, "command"));
    let delivered: Vec<(String, String)> = attachments
        .iter()
        .filter(|a| text(a, "type") == "hook_additional_context")
        .map(|a| {
            let content = match a.get("content") {
                Some(Value::Array(parts)) => parts
                    .iter()
                    .filter_map(Value::as_str)
                    .collect::<Vec<_>>()
                    .join("\n"),
                Some(Value::String(s)) => s.clone(),
                _ => String::new(),
            };
            (text(a, "hookEvent"), content)
        })
        .collect();
    // Events whose contexts the record ties to a command: the others' contexts (a prompt's)
    // reached the model from a hook the record does not name.
    let attributed: Vec<String> = attachments
        .iter()
        .filter(|a| text(a, "type") == "hook_success")
        .map(|a| text(a, "hookEvent"))
        .collect();
    let unattributed = delivered
        .iter()
        .filter(|(event, _)| !attributed.contains(event))
        .count();
    let mut injections = 0;
    let mut reached = 0;
    let mut missed = Vec::new();
    for a in attachments.iter().filter(|a| from_lore(a)) {
        let event = text(a, "hookEvent");
        match text(a, "type").as_str() {
            "hook_success" => {
                let Ok(answer) = serde_json::from_str::<Value>(text(a, "stdout").trim()) else {
                    continue;
                };
                let Some(context) = answer
                    .pointer("/hookSpecificOutput/additionalContext")
                    .and_then(Value::as_str)
                    .filter(|t| !t.trim().is_empty())
                else {
                    continue;
                };
                injections += 1;
                let head: String = context.chars().take(200).collect();
                if delivered
                    .iter()
                    .any(|(e, c)| *e == event && c.contains(&head))
                {
                    reached += 1;
                    continue;
                }
                let named = answer
                    .pointer("/hookSpecificOutput/hookEventName")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let why = if context.chars().count() >= CLAUDE_LIMIT {
                    format!(
                        "cut: {} characters, and Claude Code replaces {CLAUDE_LIMIT} or more with a file stub",
                        context.chars().count()
                    )
                } else if named != event {
                    format!("dropped: the answer names the event `{named}`, not `{event}`")
                } else {
                    "dropped: Claude Code did not pass it on".to_string()
                };
                missed.push(Missed { event, why });
            }
            "hook_cancelled" => {
                injections += 1;
                let why = match a.get("timeoutMs").and_then(Value::as_u64) {
                    Some(ms) if a.get("timedOut") == Some(&Value::Bool(true)) => {
                        format!("the hook timed out after {ms} ms")
                    }
                    _ => "the hook was cancelled".to_string(),
                };
                missed.push(Missed { event, why });
            }
            "hook_non_blocking_error" | "hook_error_during_execution" | "hook_blocking_error" => {
                injections += 1;
                missed.push(Missed {
                    event,
                    why: format!("the hook failed: {}", text(a, "stderr").trim()),
                });
            }
            _ => {}
        }
    }
    SessionProof {
        transcript,
        injections,
        reached,
        missed,
        unattributed,
        note: None,
    }
}

/// The last Codex session in `repo`, under `codex_home` (`$CODEX_HOME`, else `~/.codex`).
pub fn codex_last_session(repo: &Path, codex_home: &Path) -> Option<SessionProof> {
    let repo = repo.canonicalize().unwrap_or_else(|_| repo.to_path_buf());
    let rollouts = walkdir::WalkDir::new(codex_home.join("sessions"))
        .max_depth(4)
        .into_iter()
        .flatten()
        .map(|e| e.into_path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("rollout-") && n.ends_with(".jsonl"))
        });
    let mut sessions: Vec<(std::time::SystemTime, PathBuf)> = rollouts
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    sessions.sort();
    for (_, rollout) in sessions.into_iter().rev() {
        let Some(lines) = read_lines(&rollout) else {
            continue;
        };
        let meta = lines
            .iter()
            .find(|l| l.get("type").and_then(Value::as_str) == Some("session_meta"));
        let Some(meta) = meta.and_then(|m| m.get("payload")) else {
            continue;
        };
        let cwd = meta.get("cwd").and_then(Value::as_str).map(PathBuf::from);
        if !cwd.is_some_and(|c| c.starts_with(&repo)) {
            continue;
        }
        let id = meta
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let shown = ledger_sources(&id);
        return Some(codex_proof(rollout, &lines, shown));
    }
    None
}

/// The pattern sources lore's ledger recorded for session `id`, or None without a ledger.
fn ledger_sources(id: &str) -> Option<Vec<String>> {
    let file = ledger_dir_candidates()
        .into_iter()
        .map(|dir| LedgerFile::new(&dir, id, std::time::Duration::from_millis(200)))
        .find(|f| f.path().is_file())?;
    let keys = file.read().ok()?;
    let mut sources: Vec<String> = keys
        .iter()
        .filter(|k| !k.starts_with("lore:"))
        .map(|k| {
            k.rsplit_once('#')
                .map_or(k.as_str(), |(s, _)| s)
                .to_string()
        })
        .collect();
    sources.dedup();
    Some(sources)
}

/// Match the patterns lore answered with (`shown`) against the developer messages of one
/// Codex rollout.
pub fn codex_proof(rollout: PathBuf, lines: &[Value], shown: Option<Vec<String>>) -> SessionProof {
    let developer: Vec<String> = lines
        .iter()
        .filter_map(|l| l.get("payload"))
        .filter(|p| {
            p.get("type").and_then(Value::as_str) == Some("message")
                && p.get("role").and_then(Value::as_str) == Some("developer")
        })
        .map(|p| p.get("content").map(Value::to_string).unwrap_or_default())
        .collect();
    let Some(shown) = shown else {
        return SessionProof {
            transcript: rollout,
            injections: 0,
            reached: 0,
            missed: Vec::new(),
            unattributed: 0,
            note: Some("lore's record of that session is gone (session records live in $XDG_RUNTIME_DIR/lore), so what it answered is unknown".into()),
        };
    };
    let mut reached = 0;
    let mut missed = Vec::new();
    for source in &shown {
        if developer.iter().any(|d| d.contains(source.as_str())) {
            reached += 1;
        } else {
            missed.push(Missed {
                event: source.clone(),
                why: "lore answered with it, but no developer message holds it: Codex dropped the answer (a field it rejects, a hook that failed or timed out, or hooks not yet trusted in /hooks)".into(),
            });
        }
    }
    SessionProof {
        transcript: rollout,
        injections: shown.len(),
        reached,
        missed,
        unattributed: 0,
        note: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn attachment(a: Value) -> Value {
        json!({"type": "attachment", "attachment": a})
    }

    #[test]
    fn claude_injections_are_matched_with_what_reached_the_model() {
        let ok = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"use thiserror"}}"#;
        let wrong = r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"house rules"}}"#;
        let lines = vec![
            attachment(
                json!({"type": "hook_success", "hookEvent": "PreToolUse", "command": "lore hook", "stdout": ok}),
            ),
            attachment(
                json!({"type": "hook_additional_context", "hookEvent": "PreToolUse", "content": ["use thiserror"]}),
            ),
            attachment(
                json!({"type": "hook_success", "hookEvent": "UserPromptSubmit", "command": "lore hook", "stdout": wrong}),
            ),
            attachment(
                json!({"type": "hook_cancelled", "hookEvent": "PreToolUse", "command": "lore hook", "timedOut": true, "timeoutMs": 2000}),
            ),
            attachment(
                json!({"type": "hook_success", "hookEvent": "PreToolUse", "command": "./other.sh", "stdout": ok}),
            ),
        ];
        let proof = claude_proof(PathBuf::from("t.jsonl"), &lines);
        assert_eq!((proof.injections, proof.reached), (3, 1));
        assert!(
            proof.missed[0]
                .why
                .contains("names the event `SessionStart`"),
            "{:?}",
            proof.missed
        );
        assert!(proof.missed[1].why.contains("timed out after 2000 ms"));
        assert_eq!(proof.unattributed, 0);
        assert_eq!(
            claude_project_folder(Path::new("/tmp/cc/w.x/project")),
            "-tmp-cc-w-x-project"
        );
    }

    #[test]
    fn a_prompt_hooks_context_recorded_without_its_command_is_said_apart() {
        // Claude Code keeps a prompt hook's context, not the run that gave it.
        let ok = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"use thiserror"}}"#;
        let lines = vec![
            attachment(
                json!({"type": "hook_additional_context", "hookEvent": "UserPromptSubmit", "content": ["prefer fakes"]}),
            ),
            attachment(
                json!({"type": "hook_success", "hookEvent": "PreToolUse", "command": "lore hook", "stdout": ok}),
            ),
            attachment(
                json!({"type": "hook_additional_context", "hookEvent": "PreToolUse", "content": ["use thiserror"]}),
            ),
        ];
        let proof = claude_proof(PathBuf::from("t.jsonl"), &lines);
        assert_eq!((proof.injections, proof.reached), (1, 1));
        assert_eq!(proof.unattributed, 1);
    }

    #[test]
    fn codex_answers_are_matched_with_developer_messages() {
        let lines = vec![
            json!({"type": "response_item", "payload": {"type": "message", "role": "developer",
            "content": [{"type": "input_text", "text": "## patterns/house-rules.md\nsay what you changed"}]}}),
        ];
        let proof = codex_proof(
            PathBuf::from("r.jsonl"),
            &lines,
            Some(vec!["house-rules.md".into(), "testing.md".into()]),
        );
        assert_eq!((proof.injections, proof.reached), (2, 1));
        assert_eq!(proof.missed[0].event, "testing.md");
        assert!(codex_proof(PathBuf::from("r"), &lines, None).note.is_some());
    }
}
