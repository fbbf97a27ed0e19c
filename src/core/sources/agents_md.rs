//! `AGENTS.md`, `CLAUDE.md` and `GEMINI.md`: instructions for the folder they stand in and
//! everything under it, the nearest file first. They carry no metadata of their own.

use super::{Scope, Scoping};

pub(super) fn scoping() -> Scoping {
    Scoping::new(Scope::Folder)
}

#[cfg(test)]
mod tests {
    use super::super::{Scope, SourceKind, read_rule};

    #[test]
    fn each_file_applies_to_its_own_folder() {
        let root = read_rule("AGENTS.md", "# Agents\nRun `make check`.\n").unwrap();
        assert_eq!(root.origin.kind, SourceKind::AgentsMd);
        assert_eq!(root.origin.scope, Scope::Folder);
        assert_eq!(root.origin.folder, "");
        let nested = read_rule("services/billing/CLAUDE.md", "Use cents.\n").unwrap();
        assert_eq!(nested.origin.folder, "services/billing");
        assert!(!nested.pattern.frontmatter.universal);
        let memory = read_rule("web/.claude/CLAUDE.md", "Use pnpm.\n").unwrap();
        assert_eq!(memory.origin.folder, "web");
    }

    #[test]
    fn a_file_that_only_imports_has_nothing_to_show_but_keeps_its_imports() {
        let pointer = read_rule("CLAUDE.md", "@AGENTS.md\n").unwrap();
        assert_eq!(pointer.origin.imports, ["AGENTS.md"]);
        assert_eq!(pointer.pattern.body.trim(), "");
        let mixed = read_rule("CLAUDE.md", "# Notes\n\n@AGENTS.md\n\nRun `make lint`.\n").unwrap();
        assert_eq!(mixed.origin.imports, ["AGENTS.md"]);
        assert!(!mixed.pattern.body.contains("@AGENTS.md"));
        assert!(mixed.pattern.body.contains("Run `make lint`."));
    }

    #[test]
    fn frontmatter_in_an_instructions_file_is_not_scoping() {
        let r = read_rule("GEMINI.md", "---\nglobs: src/**\n---\n# Gemini\n").unwrap();
        assert_eq!(r.origin.scope, Scope::Folder);
        assert!(r.pattern.frontmatter.paths.is_empty());
        assert!(r.pattern.body.starts_with("# Gemini"));
    }
}
