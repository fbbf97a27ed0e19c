//! What keeps one of another agent's rules from a hook's injection, whatever its evidence:
//! its author's scoping (`manual`, `excludeAgent: coding-agent`) or the harness having loaded
//! the file itself (see [`super::harness`]). `lore search` and MCP never ask this: every rule
//! stays searchable.

use super::harness::{CallSite, RuleFile, harness_loads};
use super::{RuleOrigin, Scope};
use crate::core::select::bar::Shortfall;

/// Why a hook must not inject the rule at `source` with `origin` for a call at `site`; None
/// when it may.
pub fn hook_shortfall(origin: &RuleOrigin, source: &str, site: &CallSite) -> Option<Shortfall> {
    if origin.scope == Scope::Manual {
        return Some(Shortfall::Manual);
    }
    if !origin.for_hooks {
        return Some(Shortfall::ExcludedAgent);
    }
    let rule = RuleFile {
        kind: origin.kind,
        scope: origin.scope,
        folder: &origin.folder,
        source,
    };
    let harness = site.harness?;
    harness_loads(&rule, site).then_some(Shortfall::LoadedByHarness { harness })
}

#[cfg(test)]
mod tests {
    use super::super::{Harness, SourceKind};
    use super::*;

    fn origin(kind: SourceKind, scope: Scope, for_hooks: bool) -> RuleOrigin {
        RuleOrigin {
            kind,
            scope,
            folder: String::new(),
            for_hooks,
            regexes: Vec::new(),
        }
    }

    fn at_root(harness: Option<Harness>) -> CallSite {
        CallSite {
            harness,
            cwd: Some(String::new()),
            path: Some("src/a.py".into()),
        }
    }

    #[test]
    fn manual_and_excluded_rules_never_come_from_a_hook() {
        let manual = origin(SourceKind::Windsurf, Scope::Manual, true);
        assert_eq!(
            hook_shortfall(&manual, ".windsurf/rules/m.md", &at_root(None)),
            Some(Shortfall::Manual)
        );
        let excluded = origin(SourceKind::Copilot, Scope::Globs, false);
        assert_eq!(
            hook_shortfall(
                &excluded,
                ".github/instructions/a.instructions.md",
                &at_root(Some(Harness::Codex))
            ),
            Some(Shortfall::ExcludedAgent)
        );
    }

    #[test]
    fn a_file_the_harness_loaded_is_not_injected_to_it_but_is_to_the_other() {
        let agents = origin(SourceKind::AgentsMd, Scope::Folder, true);
        let codex = at_root(Some(Harness::Codex));
        let claude = at_root(Some(Harness::ClaudeCode));
        assert_eq!(
            hook_shortfall(&agents, "AGENTS.md", &codex),
            Some(Shortfall::LoadedByHarness {
                harness: Harness::Codex
            })
        );
        assert_eq!(hook_shortfall(&agents, "AGENTS.md", &claude), None);
        assert_eq!(
            hook_shortfall(&agents, "CLAUDE.md", &claude),
            Some(Shortfall::LoadedByHarness {
                harness: Harness::ClaudeCode
            })
        );
        assert_eq!(hook_shortfall(&agents, "CLAUDE.md", &codex), None);
        let cursor = origin(SourceKind::Cursor, Scope::Always, true);
        assert_eq!(
            hook_shortfall(&cursor, ".cursor/rules/a.mdc", &claude),
            None
        );
        assert_eq!(hook_shortfall(&agents, "AGENTS.md", &at_root(None)), None);
    }
}
