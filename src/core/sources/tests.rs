//! Tests for recognising other agents' rule files and reading their scoping.

use super::*;

#[test]
fn paths_are_classified_by_format_and_folder() {
    let cases: &[(&str, Option<(SourceKind, &str)>)] = &[
        (".cursor/rules/api.mdc", Some((SourceKind::Cursor, ""))),
        (".cursor/rules/db/sql.mdc", Some((SourceKind::Cursor, ""))),
        // Cursor reads `.md` rules too (a plain one only when asked for by name).
        (".cursor/rules/notes.md", Some((SourceKind::Cursor, ""))),
        (".cursor/rules/notes.txt", None),
        (".cursor/mcp.json", None),
        (
            ".github/copilot-instructions.md",
            Some((SourceKind::Copilot, "")),
        ),
        (
            ".github/instructions/py.instructions.md",
            Some((SourceKind::Copilot, "")),
        ),
        (".github/instructions/readme.md", None),
        (".github/workflows/ci.md", None),
        (".claude/rules/testing.md", Some((SourceKind::Claude, ""))),
        (".claude/commands/deploy.md", None),
        (".claude/CLAUDE.md", Some((SourceKind::AgentsMd, ""))),
        ("AGENTS.md", Some((SourceKind::AgentsMd, ""))),
        ("web/app/CLAUDE.md", Some((SourceKind::AgentsMd, "web/app"))),
        ("GEMINI.md", Some((SourceKind::AgentsMd, ""))),
        ("agents.md", None),
        (".venv/lib/AGENTS.md", None),
        (".windsurf/rules/style.md", Some((SourceKind::Windsurf, ""))),
        (".cursorrules", Some((SourceKind::Cursor, ""))),
        ("web/.cursorrules", Some((SourceKind::Cursor, "web"))),
        (".windsurfrules", Some((SourceKind::Windsurf, ""))),
        (".cursorrules.bak", None),
        (".kiro/steering/tech.md", Some((SourceKind::Kiro, ""))),
        (".continue/rules/go.md", Some((SourceKind::Continue, ""))),
        (".clinerules", Some((SourceKind::Cline, ""))),
        (".clinerules/01-style.md", Some((SourceKind::Cline, ""))),
        (
            "packages/web/.cursor/rules/ui.mdc",
            Some((SourceKind::Cursor, "packages/web")),
        ),
        ("docs/guide.md", None),
    ];
    for (path, expected) in cases {
        let got = classify(path);
        let want = expected.map(|(k, f)| (k, f.to_string()));
        assert_eq!(got, want, "{path}");
    }
}

#[test]
fn a_nested_rule_set_applies_to_its_folder() {
    let always = read_rule("web/.clinerules/style.md", "# Style\nUse tabs.\n").unwrap();
    assert_eq!(always.origin.scope, Scope::Folder);
    assert_eq!(always.origin.folder, "web");
    assert!(!always.pattern.frontmatter.universal);
    let globs = read_rule(
        "web/.cursor/rules/ui.mdc",
        "---\nglobs: src/**, *.css\n---\nUI rules\n",
    )
    .unwrap();
    assert_eq!(globs.origin.scope, Scope::Globs);
    assert_eq!(
        globs.pattern.frontmatter.paths,
        ["web/src/**", "web/**/*.css"]
    );
    let from_root = read_rule(
        "sdk/store/.github/instructions/log.instructions.md",
        "---\napplyTo: \"sdk/store/**/CHANGELOG.md\"\n---\nLog every change.\n",
    )
    .unwrap();
    assert_eq!(
        from_root.pattern.frontmatter.paths,
        ["sdk/store/**/CHANGELOG.md"]
    );
}

#[test]
fn a_catch_all_glob_is_always_on_and_no_valid_glob_leaves_words() {
    let all = read_rule(
        ".cursor/rules/all.mdc",
        "---\nglobs: \"**/*\"\n---\nEverything\n",
    )
    .unwrap();
    assert_eq!(all.origin.scope, Scope::Always);
    assert!(all.pattern.frontmatter.universal);
    assert!(all.pattern.frontmatter.paths.is_empty());
    let broken = read_rule(
        ".cursor/rules/broken.mdc",
        "---\nglobs: \"src/[\"\ndescription: API rules\n---\nBody\n",
    )
    .unwrap();
    assert_eq!(broken.origin.scope, Scope::Described);
    assert_eq!(broken.warnings.len(), 1);
    assert_eq!(broken.warnings[0].line, 2);
}

#[test]
fn the_pattern_keeps_the_body_its_title_and_its_lines() {
    let rule = read_rule(
        ".windsurf/rules/go.md",
        "---\ntrigger: always_on\n---\n# Go style\n\n## Errors\nWrap them.\n",
    )
    .unwrap();
    assert_eq!(rule.pattern.source, ".windsurf/rules/go.md");
    assert_eq!(rule.pattern.title, "Go style");
    assert_eq!(rule.pattern.chunks[0].line, 4);
    assert!(rule.pattern.body.starts_with("# Go style"));
    let untitled = read_rule(".cursor/rules/api-client.mdc", "Use the client.\n").unwrap();
    assert_eq!(untitled.pattern.title, "api-client");
}

#[test]
fn an_unclosed_frontmatter_is_a_warning_and_the_file_is_the_rule() {
    let rule = read_rule(".kiro/steering/x.md", "---\ninclusion: always\nbody\n").unwrap();
    assert_eq!(rule.warnings.len(), 1);
    assert_eq!(rule.warnings[0].line, 1);
    assert!(rule.pattern.body.contains("inclusion: always"));
    let agents = read_rule("AGENTS.md", "---\nA rule under a line\n").unwrap();
    assert!(agents.warnings.is_empty());
}

#[test]
fn kinds_and_scopes_round_trip_through_their_keys() {
    for kind in SourceKind::ALL {
        assert_eq!(SourceKind::from_key(kind.key()), Some(kind));
    }
    for scope in Scope::ALL {
        assert_eq!(Scope::from_key(scope.key()), Some(scope));
    }
}

#[test]
fn an_editor_s_single_rules_file_applies_always() {
    for source in [".cursorrules", ".windsurfrules"] {
        let rule = read_rule(source, "# House rules\nNo default exports.\n").unwrap();
        assert_eq!(rule.origin.scope, Scope::Always, "{source}");
        assert!(rule.pattern.frontmatter.universal, "{source}");
        assert_eq!(rule.pattern.title, "House rules");
        assert!(rule.warnings.is_empty(), "{source}: {:?}", rule.warnings);
    }
}

#[test]
fn a_rule_is_named_by_its_own_path_not_by_its_format_s_folders_and_marks() {
    let cases = [
        (".github/instructions/go.instructions.md", "go.md"),
        (".cursor/rules/go.mdc", "go.mdc"),
        // A nested rules folder's place is where its rules apply (the folder gate), not what
        // each is about: every rule there would share its words, and so would every call there.
        (
            "sdk/store/.github/instructions/store.changelog.instructions.md",
            "store.changelog.md",
        ),
        (".cursor/rules/features/billing.mdc", "features/billing.mdc"),
        ("web/.claude/rules/forms.md", "forms.md"),
        (
            "apps/web/.cursor/rules/features/billing.mdc",
            "features/billing.mdc",
        ),
        (".clinerules/01-style.md", "01-style.md"),
        (".kiro/steering/tech.md", "tech.md"),
        // A name the format prescribes leaves the folder the rule applies to.
        (".github/copilot-instructions.md", ""),
        ("web/.cursorrules", "web"),
        // Folder instructions and lore's own patterns keep their whole path.
        ("services/api/AGENTS.md", "services/api/AGENTS.md"),
        ("patterns/rust/errors.md", "patterns/rust/errors.md"),
        // A file only named like the mark keeps it.
        (".github/instructions/.instructions.md", ".instructions.md"),
    ];
    for (source, named) in cases {
        assert_eq!(naming_path(source), named, "{source}");
    }
}

#[test]
fn only_the_names_a_format_prescribes_say_nothing_of_a_subject() {
    for source in [
        "AGENTS.md",
        "web/CLAUDE.md",
        ".github/copilot-instructions.md",
        ".windsurfrules",
        "api/.cursorrules",
        ".clinerules",
    ] {
        assert!(prescribed_name(source), "{source}");
    }
    for source in [
        ".github/instructions/copilot.instructions.md",
        ".cursor/rules/agents.mdc",
        "patterns/agents.md",
        "docs/copilot-instructions.md",
        ".cursor/rules/.draft.mdc",
    ] {
        assert!(!prescribed_name(source), "{source}");
    }
}
