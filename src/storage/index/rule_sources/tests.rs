//! Tests for the rule files' origins in `pattern_sources`: stored, read back, removed, and
//! upgraded from older schemas.

use super::*;
use crate::core::pattern::parse_pattern;
use crate::core::sources::read_rule;
use crate::storage::index::{PatternRecord, WriteBatch};

fn write(index: &mut Index, files: &[(&str, &str)], removals: &[&str]) {
    let rules: Vec<_> = files
        .iter()
        .map(|(source, text)| match read_rule(source, text) {
            Some(rule) => (rule.pattern, Some(rule.origin)),
            None => (parse_pattern(source, text).unwrap(), None),
        })
        .collect();
    index
        .write(&WriteBatch {
            upserts: rules
                .iter()
                .map(|(pattern, origin)| PatternRecord {
                    pattern,
                    content_hash: "h".into(),
                    technologies: Vec::new(),
                    origin: origin.clone(),
                })
                .collect(),
            removals: removals.iter().map(|s| s.to_string()).collect(),
            ..WriteBatch::default()
        })
        .unwrap();
}

fn id_of(index: &Index, source: &str) -> i64 {
    index
        .pattern_summaries()
        .unwrap()
        .into_iter()
        .find(|s| s.source == source)
        .unwrap()
        .id
}

#[test]
fn origins_are_stored_read_back_and_removed_with_their_pattern() {
    let dir = tempfile::tempdir().unwrap();
    let mut index = Index::open(&dir.path().join("i.db")).unwrap();
    write(
        &mut index,
        &[
            (
                ".cursor/rules/api.mdc",
                "---\nglobs: src/api/**\n---\nAPI\n",
            ),
            ("web/AGENTS.md", "# Web\n"),
            ("AGENTS.md", "# Root\n"),
            ("errors.md", "# Errors\n"),
        ],
        &[],
    );
    let api = id_of(&index, ".cursor/rules/api.mdc");
    let errors = id_of(&index, "errors.md");
    let origins = index.rule_origins(&[api, errors]).unwrap();
    assert_eq!(origins.len(), 1, "lore's own pattern has no origin");
    assert_eq!(origins[&api].kind, SourceKind::Cursor);
    assert_eq!(origins[&api].scope, Scope::Globs);
    let all = ["".to_string(), "web".to_string()];
    let folders: Vec<(String, String)> = index
        .folder_rules(&all)
        .unwrap()
        .into_iter()
        .map(|r| (r.source, r.origin.folder))
        .collect();
    assert_eq!(
        folders,
        [
            ("AGENTS.md".to_string(), String::new()),
            ("web/AGENTS.md".to_string(), "web".to_string())
        ]
    );
    let counts = index.rule_source_counts().unwrap();
    assert_eq!(counts[&SourceKind::AgentsMd], 2);
    assert_eq!(counts[&SourceKind::Cursor], 1);
    assert!(index.has_rule_files().unwrap());
    assert_eq!(index.folder_rules(&all[1..]).unwrap().len(), 1);
    write(&mut index, &[], &["web/AGENTS.md"]);
    assert_eq!(index.folder_rules(&all).unwrap().len(), 1);
    assert_eq!(index.all_rule_origins().unwrap().len(), 2);
}

#[test]
fn other_agents_files_make_no_project_folders() {
    let dir = tempfile::tempdir().unwrap();
    let mut index = Index::open(&dir.path().join("i.db")).unwrap();
    write(
        &mut index,
        &[
            ("web/AGENTS.md", "# Web\n"),
            ("vendor/uv/CLAUDE.md", "# uv\n"),
        ],
        &[],
    );
    // Read as other agents' files they make no project folders; the same file as one of
    // lore's own patterns does (see `core::select::project_scope`).
    assert!(
        index
            .knowledge_facts()
            .unwrap()
            .project_folders
            .folders()
            .is_empty()
    );
    let dir2 = tempfile::tempdir().unwrap();
    let mut own = Index::open(&dir2.path().join("i.db")).unwrap();
    let pattern = parse_pattern("vendor/uv/CLAUDE.md", "# uv\n").unwrap();
    own.write(&WriteBatch {
        upserts: vec![PatternRecord {
            pattern: &pattern,
            content_hash: "h".into(),
            technologies: Vec::new(),
            origin: None,
        }],
        ..WriteBatch::default()
    })
    .unwrap();
    assert_eq!(
        own.knowledge_facts().unwrap().project_folders.folders(),
        ["vendor/uv"]
    );
}

#[test]
fn whether_rule_files_gave_patterns_is_known_to_the_facts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("i.db");
    let mut index = Index::open(&path).unwrap();
    assert!(!index.knowledge_facts().unwrap().has_rule_files);
    write(&mut index, &[("web/AGENTS.md", "# Web\n")], &[]);
    assert!(index.knowledge_facts().unwrap().has_rule_files);
    let snapshot = Index::open_snapshot(&path, std::time::Duration::ZERO)
        .unwrap()
        .unwrap();
    assert!(snapshot.has_rule_files().unwrap());
    let ids: Vec<i64> = snapshot
        .pattern_summaries()
        .unwrap()
        .iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(snapshot.rule_origins(&ids).unwrap().len(), 1);
}

#[test]
fn content_rules_keep_their_regexes_and_globs_and_no_other_rule_has_any() {
    let dir = tempfile::tempdir().unwrap();
    let mut index = Index::open(&dir.path().join("i.db")).unwrap();
    write(
        &mut index,
        &[
            (
                ".continue/rules/go-tests.md",
                "---\nglobs: \"**/*_test.go\"\nregex: [\"func Test\\\\w+\", t.Run]\n---\nTable tests.\n",
            ),
            (
                ".continue/rules/todo.md",
                "---\nregex: TODO\n---\nLink an issue.\n",
            ),
            (
                ".continue/rules/plain.md",
                "---\nglobs: \"*.go\"\n---\nGo.\n",
            ),
            ("AGENTS.md", "# Root\n"),
        ],
        &[],
    );
    let rules = index.content_rules().unwrap();
    let got: Vec<(&str, &[String], &[String])> = rules
        .iter()
        .map(|r| (r.source.as_str(), r.globs.as_slice(), r.regexes.as_slice()))
        .collect();
    assert_eq!(
        got,
        [
            (
                ".continue/rules/go-tests.md",
                &["**/*_test.go".to_string()][..],
                &[r"func Test\w+".to_string(), "t.Run".to_string()][..]
            ),
            (
                ".continue/rules/todo.md",
                &[][..],
                &["TODO".to_string()][..]
            ),
        ]
    );
    let origins = index.all_rule_origins().unwrap();
    let go = &origins[&id_of(&index, ".continue/rules/go-tests.md")];
    assert_eq!(go.scope, Scope::Content);
    assert_eq!(go.regexes.len(), 2);
    let plain = &origins[&id_of(&index, ".continue/rules/plain.md")];
    assert_eq!(plain.scope, Scope::Globs);
    assert!(plain.regexes.is_empty());
    write(&mut index, &[], &[".continue/rules/todo.md"]);
    assert_eq!(index.content_rules().unwrap().len(), 1);
}

#[test]
fn schema_13_has_continue_rules_read_again_and_leaves_the_others_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("i.db");
    let mut conn = rusqlite::Connection::open(&path).unwrap();
    super::super::schema::migrate_to(&mut conn, 12).unwrap();
    // As schema 12 stored them: a Continue `regex` rule was found by its words. Beside it,
    // lore's own pattern, which no later schema reads again.
    super::super::old_rows::store_as_before(
        &conn,
        "described",
        &[
            (1, ".continue/rules/go.md", Some("continue")),
            (2, "api.md", None),
        ],
    );
    drop(conn);
    let index = Index::open(&path).unwrap();
    let files = index.indexed_files().unwrap();
    let go = &files[".continue/rules/go.md"];
    assert_eq!(
        (go.content_hash.as_str(), go.recorded.is_some()),
        ("", false)
    );
    let api = &files["api.md"];
    assert_eq!(
        (api.content_hash.as_str(), api.recorded.is_some()),
        ("h", true)
    );
    assert!(
        index
            .all_rule_origins()
            .unwrap()
            .values()
            .all(|o| o.regexes.is_empty())
    );
    assert!(index.content_rules().unwrap().is_empty());
}

#[test]
fn schema_16_has_rule_files_named_by_their_format_read_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("i.db");
    let mut conn = rusqlite::Connection::open(&path).unwrap();
    super::super::schema::migrate_to(&mut conn, 15).unwrap();
    super::super::old_rows::store_as_before(
        &conn,
        "globs",
        &[
            (
                1,
                ".github/instructions/go.instructions.md",
                Some("copilot"),
            ),
            (2, "services/api/AGENTS.md", Some("agents_md")),
            (3, "errors.md", None),
        ],
    );
    // Migration 16 alone (17 reads every rule file again for reasons of its own).
    super::super::schema::migrate_to(&mut conn, 16).unwrap();
    let stamp = |source: &str| {
        let hash: String = conn
            .query_row(
                "SELECT content_hash FROM patterns WHERE source = ?1",
                [source],
                |r| r.get(0),
            )
            .unwrap();
        let recorded: bool = conn
            .query_row(
                "SELECT EXISTS (SELECT 1 FROM source_files WHERE source = ?1)",
                [source],
                |r| r.get(0),
            )
            .unwrap();
        (hash, recorded)
    };
    assert_eq!(
        stamp(".github/instructions/go.instructions.md"),
        (String::new(), false)
    );
    assert_eq!(stamp("services/api/AGENTS.md"), ("h".to_string(), true));
    assert_eq!(stamp("errors.md"), ("h".to_string(), true));
}

#[test]
fn schema_18_has_rule_files_with_frontmatter_read_again_and_records_an_unopened_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("i.db");
    let mut conn = rusqlite::Connection::open(&path).unwrap();
    super::super::schema::migrate_to(&mut conn, 17).unwrap();
    super::super::old_rows::store_as_before(
        &conn,
        "globs",
        &[
            (
                1,
                ".github/instructions/go.instructions.md",
                Some("copilot"),
            ),
            (2, "services/api/AGENTS.md", Some("agents_md")),
            (3, "errors.md", None),
        ],
    );
    super::super::schema::migrate_to(&mut conn, 18).unwrap();
    let reread = |source: &str| -> bool {
        conn.query_row(
            "SELECT NOT EXISTS (SELECT 1 FROM source_files WHERE source = ?1)",
            [source],
            |r| r.get(0),
        )
        .unwrap()
    };
    assert!(reread(".github/instructions/go.instructions.md"));
    assert!(!reread("services/api/AGENTS.md"));
    assert!(!reread("errors.md"));
    drop(conn);
    // Stored and read back: an unopened frontmatter is remembered.
    let mut index = Index::open(&path).unwrap();
    let bench = ".github/instructions/bench.instructions.md";
    write(
        &mut index,
        &[(
            bench,
            "applyTo: \"bench/**\"\n---\n# Benchmarks\nPin the CPU.\n",
        )],
        &[],
    );
    let id = id_of(&index, bench);
    assert!(index.rule_origins(&[id]).unwrap()[&id].unopened_frontmatter);
}
