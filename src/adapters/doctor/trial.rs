//! Running each registered lore hook once, as the agent would: the registered command (or
//! Cline's executable, or what OpenCode's plugin runs) with a sample payload on stdin, in the
//! repository, within the registration's timeout; then judging the answer the way the agent
//! reads it: exit status, one JSON object holding only the field the agent takes, the text
//! under the agent's cut-off, the time against the timeout. The hooks run with a private
//! ledger folder, so no real session's record changes.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::agents::{AgentSpec, ReplyField, Shape, TimeUnit};
use super::registration::Registration;
use super::samples::payload;
use super::{Check, Status};

/// Longest the doctor waits for one hook, whatever its timeout.
const MAX_WAIT: Duration = Duration::from_secs(60);

/// What one trial produced.
#[derive(Debug, Clone)]
pub struct Trial {
    pub check: Check,
    /// The injected text, when the answer was one the agent reads.
    pub text: Option<String>,
}

/// Run `reg` once with the sample payload of its event.
pub fn run(agent: &AgentSpec, reg: &Registration, repo: &Path, runtime: &Path) -> Trial {
    let name = format!("run {}", reg.event);
    let limit = timeout(agent, reg);
    let input = payload(agent.name, &reg.event, repo).to_string();
    let mut command = match agent.shape {
        Shape::Executables => Command::new(&reg.file),
        _ => {
            let mut c = Command::new("sh");
            c.arg("-c").arg(&reg.command);
            c
        }
    };
    command
        .current_dir(repo)
        .env("XDG_RUNTIME_DIR", runtime)
        .env_remove("LORE_TRACE")
        .env_remove("LORE_DEBUG");
    for var in [
        "CLAUDE_PROJECT_DIR",
        "GEMINI_PROJECT_DIR",
        "QWEN_PROJECT_DIR",
        "COPILOT_PROJECT_DIR",
    ] {
        command.env(var, repo);
    }
    let started = Instant::now();
    let outcome = run_bounded(&mut command, &input, limit.min(MAX_WAIT));
    let took = started.elapsed();
    let ms = took.as_millis();
    let limit_ms = limit.as_millis();
    let (code, stdout, stderr) = match outcome {
        Ok(Some(output)) => output,
        Ok(None) => {
            return Trial {
                check: Check::new(
                    Status::Problem,
                    name,
                    format!(
                        "no answer within {limit_ms} ms: {} stops the hook and injects nothing",
                        agent.label
                    ),
                    Some("raise the timeout, or see why lore is slow with `LORE_DEBUG=1`".into()),
                ),
                text: None,
            };
        }
        Err(e) => {
            return Trial {
                check: Check::new(
                    Status::Problem,
                    name,
                    format!("cannot run `{}`: {e}", reg.command),
                    None,
                ),
                text: None,
            };
        }
    };
    if code != Some(0) {
        let blocks = agent.must_not_fail || code == Some(2);
        let stderr = stderr.lines().last().unwrap_or("").to_string();
        return Trial {
            check: Check::new(
                if blocks {
                    Status::Problem
                } else {
                    Status::Warning
                },
                name,
                format!(
                    "`{}` exited with {}{}{}",
                    reg.command,
                    code.map_or("a signal".to_string(), |c| c.to_string()),
                    if blocks {
                        format!(": {} blocks the tool call", agent.label)
                    } else {
                        String::new()
                    },
                    if stderr.is_empty() {
                        String::new()
                    } else {
                        format!(" ({stderr})")
                    }
                ),
                Some("`lore hook` always exits 0: check the command runs lore".into()),
            ),
            text: None,
        };
    }
    let slow = took > limit / 2;
    let timing = format!("{ms} ms of the {limit_ms} ms {} allows", agent.label);
    let status_for_time = if slow { Status::Warning } else { Status::Ok };
    if stdout.trim().is_empty() {
        let priming = matches!(
            reg.event.as_str(),
            "SessionStart" | "experimental.chat.system.transform"
        );
        return Trial {
            check: Check::new(
                if priming {
                    Status::Warning
                } else {
                    status_for_time
                },
                name,
                if priming {
                    format!(
                        "answered nothing in {timing}: nothing primes the session (is the index empty? run `lore ingest`)"
                    )
                } else {
                    format!("answered nothing for the sample call in {timing}")
                },
                None,
            ),
            text: None,
        };
    }
    match read_reply(agent, &reg.event, &stdout) {
        Err(why) => Trial {
            check: Check::new(
                Status::Problem,
                name,
                why,
                Some(format!("run `lore init --agent {}`", agent.name)),
            ),
            text: None,
        },
        Ok(text) => {
            let chars = text.chars().count();
            let check = if chars > agent.limit_chars {
                Check::new(
                    Status::Problem,
                    name,
                    format!(
                        "{chars} characters: {} cuts what passes {}",
                        agent.label, agent.limit_chars
                    ),
                    Some("lower the `[hook]` budgets in lore.toml".into()),
                )
            } else {
                Check::new(
                    status_for_time,
                    name,
                    format!(
                        "{chars} characters in {} (limit {}), in {timing}",
                        agent.reply.describe(),
                        agent.limit_chars
                    ),
                    slow.then(|| "raise the timeout: lore took more than half of it".into()),
                )
            };
            Trial {
                check,
                text: Some(text),
            }
        }
    }
}

/// The registration's timeout, or the agent's default.
fn timeout(agent: &AgentSpec, reg: &Registration) -> Duration {
    match (reg.timeout, agent.timeout_unit) {
        (Some(t), TimeUnit::Seconds) => Duration::from_secs(t),
        (Some(t), TimeUnit::Milliseconds) => Duration::from_millis(t),
        (None, _) => Duration::from_millis(agent.default_timeout_ms),
    }
}

/// The text of an answer, when it is one the agent reads whole; else why not.
fn read_reply(agent: &AgentSpec, event: &str, stdout: &str) -> Result<String, String> {
    let lines: Vec<&str> = stdout.lines().filter(|l| !l.trim().is_empty()).collect();
    let value: Value = match lines.as_slice() {
        [line] => serde_json::from_str(line).map_err(|_| {
            format!(
                "the answer is not JSON, and {} reads only JSON",
                agent.label
            )
        })?,
        _ => {
            return Err(format!(
                "the answer is {} lines, not one JSON object",
                lines.len()
            ));
        }
    };
    let Some(object) = value.as_object() else {
        return Err("the answer is not a JSON object".into());
    };
    let fields: Vec<String> = object
        .iter()
        .flat_map(|(k, v)| match v.as_object() {
            Some(inner) if k == "hookSpecificOutput" => {
                inner.keys().map(|i| format!("{k}.{i}")).collect::<Vec<_>>()
            }
            _ => vec![k.clone()],
        })
        .collect();
    let ignored = |fields: &[String]| {
        format!(
            "the answer puts its text in {}, which {} does not read on {event} (it reads {})",
            fields.join(", "),
            agent.label,
            agent.reply.describe()
        )
    };
    match agent.reply {
        ReplyField::Specific => {
            let text = value
                .pointer("/hookSpecificOutput/additionalContext")
                .and_then(Value::as_str);
            let extra: Vec<String> = fields
                .iter()
                .filter(|f| {
                    !matches!(
                        f.as_str(),
                        "hookSpecificOutput.additionalContext" | "hookSpecificOutput.hookEventName"
                    ) && agent.user_notice != Some(f.as_str())
                })
                .cloned()
                .collect();
            match text {
                Some(_) if !extra.is_empty() => Err(format!(
                    "the answer also holds {}, which {} rejects or ignores",
                    extra.join(", "),
                    agent.label
                )),
                Some(text) => {
                    let named = value.pointer("/hookSpecificOutput/hookEventName");
                    if named.and_then(Value::as_str) != Some(event) && agent.name != "gemini" {
                        return Err(format!(
                            "the answer names the event {}, not {event}: {} drops it",
                            named.map_or("(none)".to_string(), |n| n.to_string()),
                            agent.label
                        ));
                    }
                    Ok(text.to_string())
                }
                // Only a notice to the user (the learn inbox): no context for this call.
                None if !fields.is_empty()
                    && fields.iter().all(|f| agent.user_notice == Some(f.as_str())) =>
                {
                    Ok(String::new())
                }
                None => Err(ignored(&fields)),
            }
        }
        ReplyField::TopLevel(field) => match value.get(field).and_then(Value::as_str) {
            Some(text) if object.len() == 1 => Ok(text.to_string()),
            _ => Err(ignored(&fields)),
        },
    }
}

/// Run `command` with `input` on stdin; None when it outlived `limit` (it is killed).
fn run_bounded(
    command: &mut Command,
    input: &str,
    limit: Duration,
) -> std::io::Result<Option<(Option<i32>, String, String)>> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        // A hook that exits before reading its payload closes the pipe: not an error here.
        let _ = stdin.write_all(input.as_bytes());
    }
    let started = Instant::now();
    loop {
        if child.try_wait()?.is_some() {
            let output = child.wait_with_output()?;
            return Ok(Some((
                output.status.code(),
                String::from_utf8_lossy(&output.stdout).into_owned(),
                String::from_utf8_lossy(&output.stderr).into_owned(),
            )));
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[cfg(test)]
mod tests {
    use super::super::agents::agent;
    use super::*;

    #[test]
    fn only_the_field_the_agent_reads_passes() {
        let copilot = agent("copilot").unwrap();
        assert_eq!(
            read_reply(copilot, "SessionStart", r#"{"additionalContext":"x"}"#),
            Ok("x".into())
        );
        let claude_shaped =
            r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"x"}}"#;
        let err = read_reply(copilot, "SessionStart", claude_shaped).unwrap_err();
        assert!(
            err.contains("hookSpecificOutput.additionalContext") && err.contains("does not read"),
            "{err}"
        );
        let codex = agent("codex").unwrap();
        assert_eq!(
            read_reply(codex, "SessionStart", claude_shaped),
            Ok("x".into())
        );
        let wrong = read_reply(codex, "PreToolUse", claude_shaped).unwrap_err();
        assert!(wrong.contains("drops it"), "{wrong}");
        let extra = r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"x"},"systemMessage":"y"}"#;
        assert!(read_reply(codex, "SessionStart", extra).is_err());
        // Claude Code shows a `systemMessage` to the user: lore's inbox notice is no fault.
        let claude = agent("claude").unwrap();
        assert_eq!(read_reply(claude, "SessionStart", extra), Ok("x".into()));
        assert_eq!(
            read_reply(claude, "SessionStart", r#"{"systemMessage":"y"}"#),
            Ok(String::new())
        );
        let stray = r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"x"},"reason":"y"}"#;
        assert!(read_reply(claude, "SessionStart", stray).is_err());
        assert!(read_reply(copilot, "SessionStart", "plain text").is_err());
    }
}
