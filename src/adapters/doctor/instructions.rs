//! The instruction files an agent loads itself, and whether lore would send them again: each
//! rule file of the index the agent puts into its context by itself (see
//! `core::sources::harness`), judged under the harness lore's commands answer as (a command
//! registered for another agent leaves out that agent's files, not this one's), and checked
//! against what the doctor's session-start trial actually printed; plus the files the agent
//! loads that lore does not read at all (`QWEN.md`).

use std::path::Path;
use std::time::Duration;

use super::agents::AgentSpec;
use super::{Check, Status};
use crate::core::config::Config;
use crate::core::sources::harness::imported_by_harness;
use crate::core::sources::{CallSite, Harness, RuleFile, RuleOrigin, Scope, harness_loads};
use crate::storage::index::Index;

/// One file the agent loads by itself.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct InstructionFile {
    /// Relative to the repository.
    pub file: String,
    /// lore would put it into the agent's context again.
    pub lore_sends: bool,
}

/// The harness a command name answers as.
pub fn harness_named(name: &str) -> Option<Harness> {
    Some(match name {
        "claude" => Harness::ClaudeCode,
        "codex" => Harness::Codex,
        "gemini" => Harness::Gemini,
        "copilot" => Harness::Copilot,
        "qwen" => Harness::Qwen,
        "cline" => Harness::Cline,
        "opencode" => Harness::OpenCode,
        _ => return None,
    })
}

/// Whether the session-start text `text` sends the file `source`: a block headed by its path
/// (`## AGENTS.md`) or a listing line ending with it (`- Repository: AGENTS.md`). A rule that
/// only mentions the file ("Follow AGENTS.md at the root") sends nothing, and neither does a
/// longer path ending with it (`packages/web/AGENTS.md`).
fn sends_file(text: &str, source: &str) -> bool {
    !source.is_empty()
        && text.lines().map(str::trim).any(|line| {
            line.strip_prefix("## ") == Some(source)
                || (line.starts_with("- ")
                    && line
                        .strip_suffix(source)
                        .is_some_and(|head| head.ends_with(": ")))
        })
}

/// The files `agent` loads itself in `repo` and whether lore, answering as `answering`, would
/// send them; `primed` is what the session-start trial printed.
pub fn instruction_files(
    agent: &AgentSpec,
    config: Option<&Config>,
    repo: &Path,
    answering: Option<Harness>,
    primed: Option<&str>,
) -> (Vec<InstructionFile>, Vec<Check>) {
    let mut files = Vec::new();
    for name in agent.unread_files {
        if repo.join(name).is_file() {
            files.push(InstructionFile {
                file: name.to_string(),
                lore_sends: false,
            });
        }
    }
    let mut checks = Vec::new();
    let index = config.and_then(|c| {
        Index::open_snapshot(&c.database, Duration::from_millis(500))
            .ok()
            .flatten()
    });
    match index {
        None => checks.push(Check::new(
            Status::Warning,
            "instruction files",
            "no index to read the repository's rule files from".to_string(),
            Some("run `lore ingest`".into()),
        )),
        Some(index) => {
            let origins = index.all_rule_origins().unwrap_or_default();
            let scopes = index.pattern_scopes().unwrap_or_default();
            let at_root = |harness| CallSite {
                harness: Some(harness),
                cwd: Some(String::new()),
                ..CallSite::default()
            };
            // Files a loaded file imports (`@AGENTS.md` in a `CLAUDE.md`) count as loaded.
            let importers: Vec<(String, RuleOrigin)> = scopes
                .iter()
                .filter_map(|s| {
                    let origin = origins.get(&s.id).filter(|o| !o.imports.is_empty())?;
                    Some((s.source.clone(), origin.clone()))
                })
                .collect();
            let agent_imports = imported_by_harness(&importers, &at_root(agent.harness));
            let answering_imports = answering
                .map(|h| imported_by_harness(&importers, &at_root(h)))
                .unwrap_or_default();
            for scope in &scopes {
                let Some(origin) = origins.get(&scope.id) else {
                    continue;
                };
                let rule = RuleFile::of(origin, &scope.source, false);
                if !harness_loads(&rule, &at_root(agent.harness))
                    && !agent_imports.contains(&scope.source)
                {
                    continue;
                }
                let hooks_may = origin.for_hooks && origin.scope != Scope::Manual;
                let left_out = answering.is_some_and(|h| harness_loads(&rule, &at_root(h)))
                    || answering_imports.contains(&scope.source);
                let printed = primed.is_some_and(|text| sends_file(text, &scope.source));
                files.push(InstructionFile {
                    file: scope.source.clone(),
                    lore_sends: hooks_may && (!left_out || printed),
                });
            }
        }
    }
    let twice: Vec<&str> = files
        .iter()
        .filter(|f| f.lore_sends)
        .map(|f| f.file.as_str())
        .collect();
    if !twice.is_empty() {
        checks.push(Check::new(
            Status::Problem,
            "instruction files",
            format!(
                "{} loads {} itself, and lore's hooks send {} again",
                agent.label,
                twice.join(", "),
                if twice.len() == 1 { "it" } else { "them" }
            ),
            Some(format!(
                "register lore for {} with `lore init --agent {}` (its hooks then leave those files out)",
                agent.label, agent.name
            )),
        ));
    } else if !files.is_empty() {
        let names: Vec<&str> = files.iter().map(|f| f.file.as_str()).collect();
        checks.push(Check::ok(
            "instruction files",
            format!(
                "{} loads {} itself; lore leaves {} out",
                agent.label,
                names.join(", "),
                if names.len() == 1 { "it" } else { "them" }
            ),
        ));
    }
    (files, checks)
}

#[cfg(test)]
mod tests {
    use super::sends_file;

    #[test]
    fn a_file_is_sent_when_a_block_or_a_listing_line_names_it_not_when_a_rule_mentions_it() {
        let text = "Conventions in this repository's patterns/:\n\
                    - Web package: packages/web/AGENTS.md\n\n\
                    ## .github/copilot-instructions.md\n\n\
                    Follow AGENTS.md at the root; see docs/AGENTS.md.\n";
        assert!(!sends_file(text, "AGENTS.md"), "a mention, a longer path");
        assert!(sends_file(text, "packages/web/AGENTS.md"), "listed");
        assert!(sends_file(text, ".github/copilot-instructions.md"), "shown");
        assert!(sends_file("## AGENTS.md\n\n# Repo\n", "AGENTS.md"));
        assert!(!sends_file(text, ""));
    }
}
