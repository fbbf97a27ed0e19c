//! What keeps one of another agent's rules from a hook's injection, whatever its evidence:
//! its author's scoping (`manual`, `excludeAgent: coding-agent`) or the harness having loaded
//! the file itself (see [`super::harness`]). `lore search` and MCP never ask this: every rule
//! stays searchable.

use std::collections::BTreeSet;

use super::harness::{CallSite, RuleFile, harness_loads};
use super::{RuleOrigin, Scope};
use crate::core::select::bar::Shortfall;

/// Why a hook must not inject the rule at `source` with `origin` for a call at `site`; None
/// when it may. `matches_path`: the rule's globs match the touched file; `imported` are the
/// files the harness loads besides those it loads by their place (see
/// [`super::harness::loaded_alongside`]).
pub fn hook_shortfall(
    origin: &RuleOrigin,
    source: &str,
    site: &CallSite,
    matches_path: bool,
    imported: &BTreeSet<String>,
) -> Option<Shortfall> {
    if origin.scope == Scope::Manual {
        return Some(Shortfall::Manual);
    }
    if !origin.for_hooks {
        return Some(Shortfall::ExcludedAgent);
    }
    let rule = RuleFile::of(origin, source, matches_path);
    let harness = site.harness?;
    (harness_loads(&rule, site) || imported.contains(source))
        .then_some(Shortfall::LoadedByHarness { harness })
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
            imports: Vec::new(),
            unopened_frontmatter: false,
        }
    }

    fn none() -> BTreeSet<String> {
        BTreeSet::new()
    }

    fn at_root(harness: Option<Harness>) -> CallSite {
        CallSite {
            harness,
            cwd: Some(String::new()),
            path: Some("src/a.py".into()),
            folder: None,
        }
    }

    #[test]
    fn manual_and_excluded_rules_never_come_from_a_hook() {
        let manual = origin(SourceKind::Windsurf, Scope::Manual, true);
        assert_eq!(
            hook_shortfall(
                &manual,
                ".windsurf/rules/m.md",
                &at_root(None),
                false,
                &none()
            ),
            Some(Shortfall::Manual)
        );
        let excluded = origin(SourceKind::Copilot, Scope::Globs, false);
        assert_eq!(
            hook_shortfall(
                &excluded,
                ".github/instructions/a.instructions.md",
                &at_root(Some(Harness::Codex)),
                false,
                &none()
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
            hook_shortfall(&agents, "AGENTS.md", &codex, false, &none()),
            Some(Shortfall::LoadedByHarness {
                harness: Harness::Codex
            })
        );
        assert_eq!(
            hook_shortfall(&agents, "AGENTS.md", &claude, false, &none()),
            None
        );
        assert_eq!(
            hook_shortfall(&agents, "CLAUDE.md", &claude, false, &none()),
            Some(Shortfall::LoadedByHarness {
                harness: Harness::ClaudeCode
            })
        );
        assert_eq!(
            hook_shortfall(&agents, "CLAUDE.md", &codex, false, &none()),
            None
        );
        let cursor = origin(SourceKind::Cursor, Scope::Always, true);
        assert_eq!(
            hook_shortfall(&cursor, ".cursor/rules/a.mdc", &claude, false, &none()),
            None
        );
        assert_eq!(
            hook_shortfall(&agents, "AGENTS.md", &at_root(None), false, &none()),
            None
        );
        // Imported by a file Claude Code loads: loaded with it.
        let imported: BTreeSet<String> = ["AGENTS.md".to_string()].into();
        assert_eq!(
            hook_shortfall(&agents, "AGENTS.md", &claude, false, &imported),
            Some(Shortfall::LoadedByHarness {
                harness: Harness::ClaudeCode
            })
        );
    }
}
