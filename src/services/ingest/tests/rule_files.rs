//! Ingest of other agents' rule files: found in place beside the knowledge dir, indexed with
//! their scoping, delta by content hash, warnings (never errors) for what lore cannot use.

use super::super::*;
use crate::core::config::parse_config;
use crate::core::sources::{Scope, SourceKind};

struct Repo {
    dir: tempfile::TempDir,
}

impl Repo {
    fn new() -> Self {
        let repo = Self {
            dir: tempfile::tempdir().unwrap(),
        };
        repo.write("patterns/errors.md", "# Errors\nWrap them.\n");
        repo
    }

    fn config(&self, extra: &str) -> Config {
        let path = self.dir.path().join("lore.toml");
        parse_config(&path, &format!("knowledge_dir = \"patterns\"\n{extra}")).unwrap()
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.dir.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn ingest(&self, config: &Config, options: IngestOptions) -> IngestReport {
        let mut index = Index::open(&config.database).unwrap();
        ingest(config, &mut index, &options, &mut NoProgress).unwrap()
    }
}

#[test]
fn rule_files_are_indexed_in_place_with_their_scoping() {
    let repo = Repo::new();
    repo.write(
        ".cursor/rules/api.mdc",
        "---\nglobs: src/api/**\n---\n# API\nUse the client.\n",
    );
    repo.write("web/AGENTS.md", "# Web\nUse pnpm.\n");
    let config = repo.config("");
    let report = repo.ingest(&config, IngestOptions::default());
    // lore's own patterns first, then the rule files, each in path order.
    assert_eq!(
        report.added,
        ["errors.md", ".cursor/rules/api.mdc", "web/AGENTS.md"]
    );
    assert!(report.is_clean() && report.rule_warnings.is_empty());
    let index = Index::open(&config.database).unwrap();
    let summaries = index.pattern_summaries().unwrap();
    let api = summaries
        .iter()
        .find(|s| s.source == ".cursor/rules/api.mdc")
        .unwrap();
    assert_eq!(api.paths, ["src/api/**"]);
    let origins = index.all_rule_origins().unwrap();
    assert_eq!(origins[&api.id].kind, SourceKind::Cursor);
    assert_eq!(origins[&api.id].scope, Scope::Globs);
    assert_eq!(origins.len(), 2);

    // Delta: nothing changed, nothing parsed; an edited rule is updated; a deleted one goes.
    let again = repo.ingest(&config, IngestOptions::default());
    assert_eq!((again.added.len(), again.unchanged), (0, 3));
    repo.write(
        ".cursor/rules/api.mdc",
        "---\nalwaysApply: true\n---\n# API\n",
    );
    std::fs::remove_file(repo.dir.path().join("web/AGENTS.md")).unwrap();
    let changed = repo.ingest(&config, IngestOptions::default());
    assert_eq!(changed.updated, [".cursor/rules/api.mdc"]);
    assert_eq!(changed.removed, ["web/AGENTS.md"]);
    let index = Index::open(&config.database).unwrap();
    let scopes: Vec<Scope> = index
        .all_rule_origins()
        .unwrap()
        .values()
        .map(|o| o.scope)
        .collect();
    assert_eq!(scopes, [Scope::Always]);
}

#[test]
fn bad_metadata_is_a_warning_naming_file_and_line_and_the_rule_is_indexed() {
    let repo = Repo::new();
    repo.write(
        ".windsurf/rules/go.md",
        "---\ndescription: Go\ntrigger: sometimes\n---\n# Go\n",
    );
    repo.write(".kiro/steering/bin.md", "\u{0}\u{ff}");
    std::fs::write(repo.dir.path().join(".kiro/steering/latin.md"), b"caf\xe9").unwrap();
    let config = repo.config("");
    let report = repo.ingest(&config, IngestOptions::default());
    assert!(report.is_clean(), "{:?}", report.errors);
    assert!(report.added.contains(&".windsurf/rules/go.md".to_string()));
    let warned: Vec<(&str, usize)> = report
        .rule_warnings
        .iter()
        .map(|w| (w.source.as_str(), w.line))
        .collect();
    assert_eq!(
        warned,
        [(".kiro/steering/latin.md", 1), (".windsurf/rules/go.md", 3)]
    );
    assert!(report.rule_warnings[1].message.contains("sometimes"));
}

#[test]
fn lore_s_own_pattern_wins_over_a_rule_file_of_the_same_name() {
    let repo = Repo::new();
    repo.write("AGENTS.md", "# Root agents\n");
    repo.write("patterns/AGENTS.md", "# Knowledge agents\n");
    let config = repo.config("");
    let report = repo.ingest(&config, IngestOptions::default());
    assert_eq!(report.added, ["AGENTS.md", "errors.md"], "both lore's own");
    assert_eq!(report.rule_warnings.len(), 1);
    assert!(report.rule_warnings[0].message.contains("same name"));
    let index = Index::open(&config.database).unwrap();
    assert!(index.all_rule_origins().unwrap().is_empty());
}

#[test]
fn a_source_turned_off_leaves_the_index_and_single_file_runs_keep_rule_files() {
    let repo = Repo::new();
    repo.write(".github/copilot-instructions.md", "Be brief.\n");
    repo.write(".clinerules", "No TODOs.\n");
    let on = repo.config("");
    assert_eq!(repo.ingest(&on, IngestOptions::default()).added.len(), 3);
    let single = repo.ingest(
        &on,
        IngestOptions {
            file: Some(repo.dir.path().join("patterns/errors.md")),
            ..IngestOptions::default()
        },
    );
    assert!(single.removed.is_empty(), "{:?}", single.removed);
    let off = repo.config("[sources]\ncopilot = false\n");
    let report = repo.ingest(&off, IngestOptions::default());
    assert_eq!(report.removed, [".github/copilot-instructions.md"]);
    let forced = repo.ingest(
        &off,
        IngestOptions {
            force: true,
            ..IngestOptions::default()
        },
    );
    assert_eq!(forced.added, ["errors.md", ".clinerules"]);
}

#[test]
fn a_rule_file_over_the_size_limit_is_a_warning() {
    let repo = Repo::new();
    repo.write("AGENTS.md", &"x".repeat(200));
    let config = repo.config("[ingest]\nmax_pattern_bytes = 100\n");
    let report = repo.ingest(&config, IngestOptions::default());
    assert!(report.is_clean());
    assert_eq!(report.rule_warnings.len(), 1);
    assert!(
        report.rule_warnings[0]
            .message
            .contains("max_pattern_bytes")
    );
}

#[test]
fn a_continue_rule_an_index_of_schema_12_holds_is_read_again_for_its_regex() {
    let repo = Repo::new();
    repo.write(
        ".continue/rules/todos.md",
        "---\nregex: 'TODO:'\n---\n# TODOs\nName an issue.\n",
    );
    // lore's own pattern: no later schema reads it again either.
    repo.write("patterns/all.md", "# All\nKeep it short.\n");
    let config = repo.config("");
    repo.ingest(&config, IngestOptions::default());
    // The index as schema 12 left it: the Continue rule found by its words, no regexes kept.
    {
        let conn = rusqlite::Connection::open(&config.database).unwrap();
        conn.execute_batch(
            "UPDATE pattern_sources SET scope = 'described' WHERE kind = 'continue';
             ALTER TABLE pattern_sources DROP COLUMN regexes;
             ALTER TABLE pattern_sources DROP COLUMN imports;
             ALTER TABLE pattern_sources DROP COLUMN text_hash;
             ALTER TABLE pattern_sources DROP COLUMN unopened; PRAGMA user_version = 12;",
        )
        .unwrap();
    }
    let report = repo.ingest(&config, IngestOptions::default());
    assert_eq!(report.updated, [".continue/rules/todos.md"]);
    assert_eq!(report.unchanged, 2, "the other files are not read again");
    let index = Index::open(&config.database).unwrap();
    let rules = index.content_rules().unwrap();
    assert_eq!(rules.len(), 1);
    assert_eq!(rules[0].regexes, ["TODO:"]);
}
