//! Tests for what each harness loads by itself and where a call happens.

use super::*;

fn site(harness: Harness, cwd: &str, path: Option<&str>) -> CallSite {
    CallSite {
        harness: Some(harness),
        cwd: Some(cwd.to_string()),
        path: path.map(str::to_string),
        folder: None,
    }
}

fn rule<'a>(kind: SourceKind, scope: Scope, folder: &'a str, source: &'a str) -> RuleFile<'a> {
    RuleFile {
        kind,
        scope,
        folder,
        source,
        matches_path: true,
        unopened_frontmatter: false,
    }
}

#[test]
fn the_site_is_relative_to_the_repository() {
    let s = CallSite::new(
        Some(Harness::Codex),
        "/home/dev/app",
        Some("/home/dev/app/web"),
        Some("src/a.ts"),
    );
    assert_eq!(s.cwd.as_deref(), Some("web"));
    assert_eq!(s.path.as_deref(), Some("web/src/a.ts"));
    let up = CallSite::new(None, "/r", Some("/r/web"), Some("../api/x.go"));
    assert_eq!(up.path.as_deref(), Some("api/x.go"));
    let absolute = CallSite::new(None, "/r/", Some("/r"), Some("/r/./lib/b.rs"));
    assert_eq!(
        (absolute.cwd.as_deref(), absolute.path.as_deref()),
        (Some(""), Some("lib/b.rs"))
    );
    let outside = CallSite::new(None, "/r", Some("/elsewhere"), Some("/other/c.rs"));
    assert_eq!((outside.cwd, outside.path), (None, None));
    assert!(!within("webapp/x", "web"));
    assert!(within("web/x", "web") && within("web", "web") && within("x", ""));
}

#[test]
fn claude_code_loads_claude_md_up_the_tree_and_below_once_touched() {
    let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "CLAUDE.md");
    let nested = rule(SourceKind::AgentsMd, Scope::Folder, "api", "api/CLAUDE.md");
    let sibling = rule(SourceKind::AgentsMd, Scope::Folder, "web", "web/CLAUDE.md");
    let at_root = site(Harness::ClaudeCode, "", Some("api/x.py"));
    assert!(harness_loads(&root, &at_root));
    assert!(harness_loads(&nested, &at_root));
    let in_api = site(Harness::ClaudeCode, "api", Some("web/y.ts"));
    assert!(harness_loads(&root, &in_api));
    assert!(harness_loads(&nested, &in_api));
    assert!(!harness_loads(&sibling, &in_api));
    let agents = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
    let gemini = rule(SourceKind::AgentsMd, Scope::Folder, "", "GEMINI.md");
    assert!(!harness_loads(&agents, &at_root));
    assert!(!harness_loads(&gemini, &at_root));
}

#[test]
fn claude_code_loads_its_rules_and_path_rules_only_under_the_working_directory() {
    let always = rule(
        SourceKind::Claude,
        Scope::Always,
        "",
        ".claude/rules/style.md",
    );
    let scoped = rule(SourceKind::Claude, Scope::Globs, "", ".claude/rules/api.md");
    assert!(harness_loads(
        &always,
        &site(Harness::ClaudeCode, "sub", Some("other/a.ts"))
    ));
    assert!(harness_loads(
        &scoped,
        &site(Harness::ClaudeCode, "", Some("src/api/a.ts"))
    ));
    assert!(!harness_loads(
        &scoped,
        &site(Harness::ClaudeCode, "sub", Some("src/api/a.ts"))
    ));
    // A file its globs do not match loads nothing: found by its words, lore sends it.
    let unmatched = RuleFile {
        matches_path: false,
        ..scoped
    };
    assert!(!harness_loads(
        &unmatched,
        &site(Harness::ClaudeCode, "", Some("docs/notes.md"))
    ));
    let cursor = rule(SourceKind::Cursor, Scope::Always, "", ".cursor/rules/a.mdc");
    assert!(!harness_loads(
        &cursor,
        &site(Harness::ClaudeCode, "", None)
    ));
}

#[test]
fn codex_loads_agents_md_from_the_root_down_to_the_working_directory() {
    let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
    let sub = rule(SourceKind::AgentsMd, Scope::Folder, "sub", "sub/AGENTS.md");
    let at_root = site(Harness::Codex, "", Some("sub/y.ts"));
    assert!(harness_loads(&root, &at_root));
    assert!(!harness_loads(&sub, &at_root));
    assert!(harness_loads(&sub, &site(Harness::Codex, "sub", None)));
    let claude_md = rule(SourceKind::AgentsMd, Scope::Folder, "", "CLAUDE.md");
    assert!(!harness_loads(&claude_md, &at_root));
    let claude_rule = rule(SourceKind::Claude, Scope::Always, "", ".claude/rules/a.md");
    assert!(!harness_loads(&claude_rule, &at_root));
}

#[test]
fn gemini_loads_gemini_md_up_the_tree_and_below_once_touched() {
    let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "GEMINI.md");
    let nested = rule(SourceKind::AgentsMd, Scope::Folder, "api", "api/GEMINI.md");
    let agents = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
    let at_root = site(Harness::Gemini, "", Some("web/a.ts"));
    assert!(harness_loads(&root, &at_root));
    assert!(!harness_loads(&nested, &at_root));
    assert!(harness_loads(
        &nested,
        &site(Harness::Gemini, "", Some("api/x.py"))
    ));
    assert!(!harness_loads(&agents, &at_root));
}

#[test]
fn copilot_loads_the_instruction_files_but_not_path_scoped_ones() {
    let at_root = site(Harness::Copilot, "", Some("src/a.rs"));
    for loaded in [
        rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md"),
        rule(SourceKind::AgentsMd, Scope::Folder, "", "CLAUDE.md"),
        rule(SourceKind::AgentsMd, Scope::Folder, "", "GEMINI.md"),
        rule(SourceKind::Claude, Scope::Always, "", ".claude/rules/a.md"),
        rule(
            SourceKind::Copilot,
            Scope::Always,
            "",
            ".github/copilot-instructions.md",
        ),
        // `applyTo: "**"`: every file, so always on, and in Copilot's own system prompt.
        rule(
            SourceKind::Copilot,
            Scope::Always,
            "",
            ".github/instructions/general.instructions.md",
        ),
        // No `applyTo` at all: Copilot puts it in its system prompt as well.
        rule(
            SourceKind::Copilot,
            Scope::Described,
            "",
            ".github/instructions/security.instructions.md",
        ),
    ] {
        assert!(harness_loads(&loaded, &at_root), "{}", loaded.source);
    }
    for sent in [
        rule(
            SourceKind::Copilot,
            Scope::Globs,
            "",
            ".github/instructions/rs.instructions.md",
        ),
        rule(SourceKind::Claude, Scope::Globs, "", ".claude/rules/api.md"),
        rule(SourceKind::AgentsMd, Scope::Folder, "sub", "sub/AGENTS.md"),
        rule(SourceKind::Cursor, Scope::Always, "", ".cursor/rules/a.mdc"),
    ] {
        assert!(!harness_loads(&sent, &at_root), "{}", sent.source);
    }
}

#[test]
fn copilot_loads_an_instructions_file_whose_frontmatter_it_cannot_read() {
    // `applyTo: "benchmarks/**"` on line 1, no `---` above it: lore reads the scope, Copilot
    // reads no frontmatter and puts the file in its system prompt.
    let unopened = RuleFile {
        unopened_frontmatter: true,
        ..rule(
            SourceKind::Copilot,
            Scope::Globs,
            "",
            ".github/instructions/benchmarks.instructions.md",
        )
    };
    assert!(harness_loads(
        &unopened,
        &site(Harness::Copilot, "", Some("benchmarks/a.cpp"))
    ));
    // Other agents do not load a Copilot file at all.
    assert!(!harness_loads(
        &unopened,
        &site(Harness::ClaudeCode, "", Some("benchmarks/a.cpp"))
    ));
}

#[test]
fn qwen_and_opencode_load_agents_md_up_to_the_root() {
    for harness in [Harness::Qwen, Harness::OpenCode] {
        let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
        let sub = rule(SourceKind::AgentsMd, Scope::Folder, "sub", "sub/AGENTS.md");
        let claude_md = rule(SourceKind::AgentsMd, Scope::Folder, "", "CLAUDE.md");
        assert!(harness_loads(&root, &site(harness, "sub", None)));
        assert!(harness_loads(&sub, &site(harness, "sub", None)));
        assert!(!harness_loads(&sub, &site(harness, "", Some("sub/x.py"))));
        assert!(!harness_loads(&claude_md, &site(harness, "", None)));
    }
}

#[test]
fn cline_loads_agents_md_and_the_root_rules_that_always_apply() {
    let at_root = site(Harness::Cline, "", Some("src/a.rs"));
    let always = rule(SourceKind::Cline, Scope::Always, "", ".clinerules/style.md");
    let scoped = rule(SourceKind::Cline, Scope::Globs, "", ".clinerules/react.md");
    let nested = rule(
        SourceKind::Cline,
        Scope::Always,
        "web",
        "web/.clinerules/a.md",
    );
    let agents = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
    assert!(harness_loads(&always, &at_root));
    assert!(harness_loads(&agents, &at_root));
    assert!(!harness_loads(&scoped, &at_root));
    assert!(!harness_loads(&nested, &at_root));
}

#[test]
fn an_agent_loads_what_the_files_it_loads_import() {
    let origin = |folder: &str, imports: &[&str]| super::super::RuleOrigin {
        kind: SourceKind::AgentsMd,
        scope: Scope::Folder,
        folder: folder.to_string(),
        for_hooks: true,
        regexes: Vec::new(),
        imports: imports.iter().map(|s| s.to_string()).collect(),
        unopened_frontmatter: false,
    };
    let importers = vec![
        ("CLAUDE.md".to_string(), origin("", &["AGENTS.md"])),
        // Imported by the root file, it is followed though Claude Code would not load it
        // on its own.
        ("AGENTS.md".to_string(), origin("", &["docs/style.md"])),
        (
            "web/CLAUDE.md".to_string(),
            origin("web", &["web/AGENTS.md"]),
        ),
    ];
    let at_root = site(Harness::ClaudeCode, "", Some("api/x.py"));
    let loaded = imported_by_harness(&importers, &at_root);
    assert_eq!(
        loaded.iter().map(String::as_str).collect::<Vec<_>>(),
        ["AGENTS.md", "docs/style.md"]
    );
    let in_web = site(Harness::ClaudeCode, "", Some("web/app.ts"));
    assert!(imported_by_harness(&importers, &in_web).contains("web/AGENTS.md"));
    let codex = site(Harness::Codex, "", Some("api/x.py"));
    assert!(imported_by_harness(&importers, &codex).is_empty());
    // A cycle ends.
    let cycle = vec![
        ("CLAUDE.md".to_string(), origin("", &["a.md"])),
        ("a.md".to_string(), origin("", &["CLAUDE.md"])),
    ];
    assert_eq!(imported_by_harness(&cycle, &at_root).len(), 2);

    // Gemini CLI (and Qwen Code, built on it) import into the files they load by name: a
    // `GEMINI.md` of `@AGENTS.md` brings it in for Gemini, not for Claude Code or Codex.
    let gemini_md = vec![("GEMINI.md".to_string(), origin("", &["AGENTS.md"]))];
    let gemini = site(Harness::Gemini, "", Some("api/x.py"));
    assert_eq!(
        imported_by_harness(&gemini_md, &gemini)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        ["AGENTS.md"]
    );
    assert!(imported_by_harness(&gemini_md, &at_root).is_empty());
    assert!(imported_by_harness(&gemini_md, &codex).is_empty());
}

#[test]
fn without_a_harness_or_a_working_directory_nothing_is_loaded() {
    let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
    let unknown = CallSite {
        harness: None,
        cwd: Some(String::new()),
        path: None,
        folder: None,
    };
    assert!(!harness_loads(&root, &unknown));
    let outside = CallSite {
        harness: Some(Harness::Codex),
        cwd: None,
        path: None,
        folder: None,
    };
    assert!(!harness_loads(&root, &outside));
}

#[test]
fn opencode_loads_the_claude_md_files_up_the_tree_only_when_no_agents_md_is_there() {
    let site = |cwd: &str| CallSite::new(Some(Harness::OpenCode), "/r", Some(cwd), None);
    let only_claude = ["CLAUDE.md", "web/CLAUDE.md", "api/CLAUDE.md"];
    assert_eq!(
        loaded_as_fallback(only_claude, &site("/r/web")),
        BTreeSet::from(["CLAUDE.md".to_string(), "web/CLAUDE.md".to_string()])
    );
    // An AGENTS.md anywhere from the working directory up: only AGENTS.md files are loaded.
    let both = ["CLAUDE.md", "web/CLAUDE.md", "web/AGENTS.md"];
    assert!(loaded_as_fallback(both, &site("/r/web")).is_empty());
    // One in a sibling folder does not count.
    let sibling = ["CLAUDE.md", "api/AGENTS.md"];
    assert_eq!(
        loaded_as_fallback(sibling, &site("/r/web")),
        BTreeSet::from(["CLAUDE.md".to_string()])
    );
    // Another harness never loads a CLAUDE.md as a fallback.
    let claude = CallSite::new(Some(Harness::Codex), "/r", Some("/r"), None);
    assert!(loaded_as_fallback(only_claude, &claude).is_empty());
}
