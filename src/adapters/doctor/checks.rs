//! The checks of an agent's registration that need no hook to run: the agent's executable and
//! lore's on PATH, the harness each command names, the events (known to the agent, carrying
//! context, the ones lore needs present), tool matchers, timeout units, commands that must
//! never fail, and files that switch hooks off or cannot be read. (Folder trust: `trust`.)

use std::path::{Path, PathBuf};

use super::agents::{AgentSpec, Listened, Shape, TimeUnit};
use super::registration::{Found, Registration};
use super::{Check, Status};
use crate::adapters::hook_registration::harness_of_command;

/// The first executable called `name` on `path` (a PATH value), or `name` itself when it is
/// a path to an executable.
pub fn find_executable(name: &str, path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if name.contains('/') {
        return Some(PathBuf::from(name)).filter(|p| executable(p));
    }
    std::env::split_paths(path?)
        .map(|dir| dir.join(name))
        .find(|p| executable(p))
}

/// The agent's own executable.
pub fn agent_binary(agent: &AgentSpec, path: Option<&std::ffi::OsStr>) -> Check {
    match find_executable(agent.exe, path) {
        Some(found) => Check::ok(
            "binary",
            format!("`{}` found: {}", agent.exe, found.display()),
        ),
        None => Check::new(
            Status::Warning,
            "binary",
            format!(
                "`{}` is not on PATH: lore's hooks run only when {} runs (fine if you start it another way)",
                agent.exe, agent.label
            ),
            None,
        ),
    }
}

/// The program each distinct command runs: lore must be found where the agent looks.
pub fn lore_binary(agent: &AgentSpec, found: &Found, path: Option<&std::ffi::OsStr>) -> Vec<Check> {
    let mut programs: Vec<&str> = found
        .registrations
        .iter()
        .filter_map(|r| lore_program(&r.command))
        .collect();
    programs.sort();
    programs.dedup();
    programs
        .into_iter()
        .map(|program| match find_executable(program, path) {
            Some(at) => Check::ok("lore", format!("the hooks run `{program}`: {}", at.display())),
            None => Check::new(
                Status::Problem,
                "lore",
                format!(
                    "the hooks run `{program}`, which is not on PATH here: every {} hook does nothing{}",
                    agent.label,
                    if agent.must_not_fail {
                        " (and an unguarded one fails)"
                    } else {
                        ""
                    }
                ),
                Some("put the folder holding the lore binary on PATH (or `cargo install --path .` in lore's checkout), or write lore's full path in the hook command".into()),
            ),
        })
        .collect()
}

/// The word of a command that is lore.
fn lore_program(command: &str) -> Option<&str> {
    command
        .split(|c: char| c.is_whitespace() || c == ';' || c == '&' || c == '|')
        .map(|w| w.trim_matches(|c| c == '"' || c == '\''))
        .find(|w| Path::new(w).file_name().is_some_and(|n| n == "lore"))
}

/// Every check of the registrations themselves.
pub fn registration_checks(agent: &AgentSpec, found: &Found) -> Vec<Check> {
    let mut checks = Vec::new();
    for (path, why) in &found.unreadable {
        checks.push(Check::new(
            Status::Problem,
            "registration",
            format!("{} cannot be read: {why}", path.display()),
            Some(format!(
                "fix the file, then run `lore init --agent {}` again",
                agent.name
            )),
        ));
    }
    for path in &found.disabled {
        checks.push(Check::new(
            Status::Problem,
            "registration",
            format!("{} switches every hook off", path.display()),
            Some("remove `hooksConfig.enabled: false` / `disableAllHooks: true`".into()),
        ));
    }
    for reg in &found.registrations {
        checks.extend(harness_check(agent, reg));
        checks.extend(event_check(agent, reg));
        checks.extend(matcher_check(agent, reg));
        checks.extend(timeout_check(agent, reg));
        checks.extend(guard_check(agent, reg));
        if reg.not_executable {
            checks.push(Check::new(
                Status::Problem,
                "registration",
                format!(
                    "{} is not executable: Cline does not run it",
                    reg.file.display()
                ),
                Some(format!("chmod +x {}", reg.file.display())),
            ));
        }
        if reg.outdated {
            checks.push(Check::new(
                Status::Warning,
                "registration",
                format!("{} is not the plugin this lore ships", reg.file.display()),
                Some("run `lore init --agent opencode` to replace it".into()),
            ));
        }
    }
    let registered: Vec<&str> = found
        .registrations
        .iter()
        .map(|r| r.event.as_str())
        .collect();
    let needed = agent
        .wanted
        .iter()
        .filter(|e| agent.event(e).is_some_and(|spec| spec.injects));
    for wanted in needed {
        if !registered.contains(wanted) {
            checks.push(Check::new(
                Status::Warning,
                "events",
                format!(
                    "no lore hook on {wanted}: the conventions it would bring never reach {}",
                    agent.label
                ),
                Some(format!("run `lore init --agent {}`", agent.name)),
            ));
        }
    }
    for listened in agent.listened {
        if !registered.contains(&listened.event) {
            checks.push(Check::new(
                Status::Warning,
                "events",
                format!("no lore hook on {}: {}", listened.event, listened.lost),
                Some(format!("run `lore init --agent {}`", agent.name)),
            ));
        }
    }
    dedup(checks)
}

/// Checks that came out the same for several entries, once.
fn dedup(checks: Vec<Check>) -> Vec<Check> {
    let mut kept: Vec<Check> = Vec::new();
    for check in checks {
        if !kept.contains(&check) {
            kept.push(check);
        }
    }
    kept
}

fn harness_check(agent: &AgentSpec, reg: &Registration) -> Option<Check> {
    let named = harness_of_command(&reg.command);
    if named == Some(agent.name) {
        return None;
    }
    let named = named.unwrap_or("an unknown harness");
    Some(Check::new(
        Status::Problem,
        "harness",
        format!(
            "`{}` on {} answers as `{named}`, not as {}: its reply field and the instruction files it leaves out are another agent's",
            reg.command, reg.event, agent.label
        ),
        Some(format!(
            "run `lore init --agent {}` (the command is `lore hook --harness {}`)",
            agent.name, agent.name
        )),
    ))
}

fn event_check(agent: &AgentSpec, reg: &Registration) -> Option<Check> {
    let event = reg.event.as_str();
    match agent.event(event) {
        Some(spec) if spec.injects => None,
        Some(_) if agent.wanted.contains(&event) || agent.listened(event).is_some() => None,
        Some(_) => Some(Check::new(
            Status::Warning,
            "events",
            format!(
                "what lore prints on {event} never reaches the model in {}",
                agent.label
            ),
            Some(format!(
                "remove lore's {event} hook (see docs/{}.md)",
                agent.name
            )),
        )),
        None => {
            let pascal = pascal_case(event);
            let camel = agent.shape == Shape::Flat && agent.event(&pascal).is_some();
            Some(Check::new(
                Status::Problem,
                "events",
                if camel {
                    format!(
                        "{event} is Copilot's camelCase form: its payload names no event, so lore cannot answer it"
                    )
                } else {
                    format!(
                        "{} has no event `{event}`: lore's hook there never runs",
                        agent.label
                    )
                },
                Some(if camel {
                    format!(
                        "register `{pascal}` instead (`lore init --agent {}`)",
                        agent.name
                    )
                } else {
                    format!("run `lore init --agent {}`", agent.name)
                }),
            ))
        }
    }
}

/// `preToolUse` → `PreToolUse`; `userPromptSubmitted` → `UserPromptSubmit`.
fn pascal_case(event: &str) -> String {
    let fixed = match event {
        "userPromptSubmitted" => "userPromptSubmit",
        "agentStop" => "stop",
        other => other,
    };
    let mut chars = fixed.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// A listened tool event's matcher must let its one tool through (lore's MCP search under
/// any server name: `mcp__lore__…` from a project's `.mcp.json`, `mcp__plugin_lore_lore__…`
/// from the plugin).
fn listened_matcher_check(
    agent: &AgentSpec,
    reg: &Registration,
    matcher: &str,
    listened: &Listened,
) -> Option<Check> {
    let tool = listened.tool?;
    let plugin_tool = tool.replacen("mcp__lore__", "mcp__plugin_lore_lore__", 1);
    let passes = regex::Regex::new(&format!("^(?:{matcher})$"))
        .is_ok_and(|regex| regex.is_match(tool) || regex.is_match(&plugin_tool));
    (!passes).then(|| {
        Check::new(
            Status::Warning,
            "matcher",
            format!(
                "the matcher `{matcher}` on {} does not let `{tool}` through: {}",
                reg.event, listened.lost
            ),
            Some(format!("run `lore init --agent {}`", agent.name)),
        )
    })
}

fn matcher_check(agent: &AgentSpec, reg: &Registration) -> Option<Check> {
    let matcher = reg
        .matcher
        .as_deref()
        .filter(|m| !m.is_empty() && *m != "*")?;
    if !agent.event(&reg.event).is_some_and(|e| e.tools) {
        return None;
    }
    if let Some(listened) = agent.listened(&reg.event) {
        return listened_matcher_check(agent, reg, matcher, listened);
    }
    let regex = match regex::Regex::new(&format!("^(?:{matcher})$")) {
        Ok(regex) => regex,
        Err(e) => {
            return Some(Check::new(
                Status::Problem,
                "matcher",
                format!(
                    "the matcher `{matcher}` on {} is not a valid pattern: {e}",
                    reg.event
                ),
                Some(format!("run `lore init --agent {}`", agent.name)),
            ));
        }
    };
    let needed = if agent.failure_events.contains(&reg.event.as_str()) {
        agent
            .tools
            .last()
            .map(std::slice::from_ref)
            .unwrap_or_default()
    } else {
        agent.tools
    };
    let missed: Vec<&str> = needed
        .iter()
        .copied()
        .filter(|t| !regex.is_match(t))
        .collect();
    (!missed.is_empty()).then(|| {
        Check::new(
            Status::Warning,
            "matcher",
            format!(
                "the matcher `{matcher}` on {} lets no {} call through: lore never sees them",
                reg.event,
                missed.join(" or ")
            ),
            Some(format!(
                "match `{}` (`lore init --agent {}` writes it)",
                agent.tools.join("|"),
                agent.name
            )),
        )
    })
}

fn timeout_check(agent: &AgentSpec, reg: &Registration) -> Option<Check> {
    let timeout = reg.timeout?;
    match agent.timeout_unit {
        TimeUnit::Milliseconds if agent.shape != Shape::Plugin && timeout < 1_000 => {
            Some(Check::new(
                Status::Problem,
                "timeout",
                format!(
                    "the timeout {timeout} on {} is read in milliseconds: {} stops lore after {timeout} ms (seconds written where milliseconds are read)",
                    reg.event, agent.label
                ),
                Some(format!("write {} ({timeout} seconds)", timeout * 1_000)),
            ))
        }
        TimeUnit::Seconds if timeout >= 1_000 => Some(Check::new(
            Status::Warning,
            "timeout",
            format!(
                "the timeout {timeout} on {} is read in seconds ({} minutes): it looks like milliseconds",
                reg.event,
                timeout / 60
            ),
            Some(format!("write {}", (timeout / 1_000).max(1))),
        )),
        _ => None,
    }
}

fn guard_check(agent: &AgentSpec, reg: &Registration) -> Option<Check> {
    if !agent.must_not_fail || guarded(&reg.command) {
        return None;
    }
    Some(Check::new(
        Status::Problem,
        "guard",
        format!(
            "`{}` on {} can exit non-zero: {} denies a tool when a PreToolUse hook fails, so a missing or failing lore blocks every matched call",
            reg.command, reg.event, agent.label
        ),
        Some(format!(
            "end the command with `|| true` (`lore init --agent {}` writes it so)",
            agent.name
        )),
    ))
}

/// Whether a command always exits 0.
pub fn guarded(command: &str) -> bool {
    let tail = command.trim_end();
    ["|| true", "|| exit 0", "|| :"]
        .iter()
        .any(|guard| tail.ends_with(guard))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guard_is_an_or_true_at_the_end() {
        assert!(guarded("lore hook --harness copilot || true"));
        assert!(guarded("lore hook --harness copilot || exit 0 "));
        assert!(!guarded("lore hook --harness copilot"));
        assert!(!guarded("lore hook || true; false"));
    }

    #[test]
    fn camel_case_events_name_their_pascal_form() {
        assert_eq!(pascal_case("preToolUse"), "PreToolUse");
        assert_eq!(pascal_case("userPromptSubmitted"), "UserPromptSubmit");
    }
}
