//! Tests for whole-pattern search: both tables, the language gate, excerpt sections, the
//! knowledge-base facts, keyed globs, and migration 4 on an index written by schema 3.

use super::*;
use crate::core::pattern::{Chunk, Frontmatter, Pattern};
use crate::storage::index::{PatternRecord, WriteBatch};

fn pattern(source: &str, title: &str, paths: &[&str], sections: &[(&str, &str)]) -> Pattern {
    Pattern {
        source: source.into(),
        title: title.into(),
        frontmatter: Frontmatter {
            paths: paths.iter().map(|s| s.to_string()).collect(),
            description: Some(format!("about {title}")),
            ..Frontmatter::default()
        },
        body: sections
            .iter()
            .map(|(h, b)| format!("## {h}\n{b}\n"))
            .collect(),
        chunks: sections
            .iter()
            .enumerate()
            .map(|(i, (h, b))| Chunk {
                ordinal: i,
                heading_path: vec![title.to_string(), h.to_string()],
                body: format!("## {h}\n{b}\n"),
                line: i + 1,
            })
            .collect(),
    }
}

fn write(index: &mut Index, patterns: &[Pattern], mentioned: &[&str]) {
    index
        .write(&WriteBatch {
            upserts: patterns
                .iter()
                .map(|p| PatternRecord {
                    pattern: p,
                    raw: "raw",
                    content_hash: format!("hash-{}", p.source),
                    mentioned_languages: mentioned.iter().map(|s| s.to_string()).collect(),
                })
                .collect(),
            ..WriteBatch::default()
        })
        .unwrap();
}

fn open_temp() -> (tempfile::TempDir, Index) {
    let dir = tempfile::tempdir().unwrap();
    let index = Index::open(&dir.path().join("index.db")).unwrap();
    (dir, index)
}

fn open_gate() -> LanguageGate {
    LanguageGate {
        languages: Vec::new(),
        open: true,
    }
}

fn sources(hits: &[PatternHit]) -> Vec<&str> {
    hits.iter().map(|h| h.source.as_str()).collect()
}

#[test]
fn whole_patterns_are_ranked_by_content_and_by_subject() {
    let (_dir, mut index) = open_temp();
    write(
        &mut index,
        &[
            pattern(
                "errors.md",
                "Error handling",
                &[],
                &[("Wrap", "wrap errors with context"), ("Log", "log once")],
            ),
            pattern(
                "logging.md",
                "Logging",
                &[],
                &[("Levels", "an error level for errors, errors everywhere")],
            ),
        ],
        &[],
    );
    let content = index
        .search_patterns("\"errors\"", PatternText::Content, &open_gate(), 10)
        .unwrap();
    let mut found = sources(&content);
    found.sort_unstable();
    assert_eq!(found, ["errors.md", "logging.md"]);
    // The subject holds only names, titles, descriptions and headings: "Error handling".
    let subject = index
        .search_patterns("\"errors\"", PatternText::Subject, &open_gate(), 10)
        .unwrap();
    assert_eq!(sources(&subject), ["errors.md"]);
    assert!(subject[0].bm25 < 0.0);
    let heading = index
        .search_patterns("\"levels\"", PatternText::Subject, &open_gate(), 10)
        .unwrap();
    assert_eq!(sources(&heading), ["logging.md"]);
}

#[test]
fn the_language_gate_applies_to_whole_pattern_search() {
    let (_dir, mut index) = open_temp();
    write(
        &mut index,
        &[pattern(
            "go.md",
            "Go errors",
            &[],
            &[("Wrap", "wrap errors")],
        )],
        &["go"],
    );
    write(
        &mut index,
        &[pattern(
            "py.md",
            "Python errors",
            &[],
            &[("Raise", "raise errors")],
        )],
        &["python"],
    );
    let gate = LanguageGate {
        languages: vec!["go".to_string()],
        open: false,
    };
    let hits = index
        .search_patterns("\"errors\"", PatternText::Content, &gate, 10)
        .unwrap();
    assert_eq!(sources(&hits), ["go.md"]);
}

#[test]
fn knowledge_facts_are_stored_on_write_and_derived_when_missing() {
    let (_dir, mut index) = open_temp();
    let mut many: Vec<Pattern> = (0..30)
        .map(|i| pattern(&format!("x{i}.instructions.md"), "X", &[], &[("S", "text")]))
        .collect();
    many.push(pattern("acme__web/AGENTS.md", "Web", &[], &[("S", "text")]));
    many.push(pattern(
        "acme__web/STYLE.md",
        "Style",
        &[],
        &[("S", "text")],
    ));
    write(&mut index, &many, &[]);
    let stored = index.knowledge_facts().unwrap();
    assert_eq!(stored.pattern_count, 32);
    assert_eq!(stored.project_folders.folders(), ["acme__web"]);
    assert_eq!(
        stored.name_filler.iter().collect::<Vec<_>>(),
        ["instructions"]
    );
    index
        .conn
        .execute(
            "DELETE FROM meta WHERE key IN ('project_folders', 'name_filler')",
            [],
        )
        .unwrap();
    assert_eq!(index.knowledge_facts().unwrap(), stored);
    assert_eq!(
        index
            .pattern_sources_under(stored.project_folders.folders())
            .unwrap()
            .into_iter()
            .map(|(_, s)| s)
            .collect::<Vec<_>>(),
        ["acme__web/AGENTS.md", "acme__web/STYLE.md"]
    );
}

#[test]
fn globs_are_loaded_only_for_files_that_can_match_them() {
    let (_dir, mut index) = open_temp();
    write(
        &mut index,
        &[
            pattern("rust.md", "Rust", &["**/*.rs", "**/*"], &[("S", "t")]),
            pattern("docker.md", "Docker", &["**/Dockerfile"], &[("S", "t")]),
            pattern("storage.md", "Storage", &["src/storage/**"], &[("S", "t")]),
        ],
        &[],
    );
    let keys = |path: &str| crate::core::glob_kind::path_file_keys(path);
    let globs = |path: &str| -> Vec<(String, bool)> {
        index
            .candidate_globs(&keys(path))
            .unwrap()
            .into_iter()
            .map(|(_, g, broad)| (g, broad))
            .collect()
    };
    // The catch-all `**/*` is not stored; `src/storage/**` may match anything.
    assert_eq!(
        globs("src/a.rs"),
        [
            ("**/*.rs".to_string(), true),
            ("src/storage/**".to_string(), false)
        ]
    );
    assert_eq!(
        globs("deploy/Dockerfile"),
        [
            ("**/Dockerfile".to_string(), false),
            ("src/storage/**".to_string(), false)
        ]
    );
}

#[test]
fn migration_4_indexes_whole_patterns_and_globs_of_a_schema_3_index() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.db");
    {
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        super::super::schema::migrate_to(&mut conn, 3).unwrap();
        conn.execute_batch(
            r#"INSERT INTO patterns (id, source, title, tags, languages, universal, applies_when,
                                     paths, description, content_hash, has_declared)
               VALUES (1, 'docker.md', 'Containers', '["ops"]', '[]', 0, '{}',
                       '["**/Dockerfile"]', 'Image rules', 'h', 0);
               INSERT INTO pattern_texts (pattern_id, raw, body)
               VALUES (1, 'raw', '## Base images\nPin the digest.');
               INSERT INTO chunks (id, pattern_id, ordinal, heading_path, body, line)
               VALUES (1, 1, 0, '["Containers","Base images"]', 'Pin the digest.', 1);"#,
        )
        .unwrap();
    }
    let index = Index::open(&path).unwrap();
    let hits = |expr: &str, text| {
        sources(&index.search_patterns(expr, text, &open_gate(), 5).unwrap())
            .into_iter()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(hits("\"digest\"", PatternText::Content), ["docker.md"]);
    assert_eq!(hits("\"images\"", PatternText::Subject), ["docker.md"]);
    assert_eq!(hits("\"ops\"", PatternText::Subject), ["docker.md"]);
    assert_eq!(
        hits("\"digest\"", PatternText::Subject),
        Vec::<String>::new()
    );
    let globs = index
        .candidate_globs(&crate::core::glob_kind::path_file_keys("x/Dockerfile"))
        .unwrap();
    assert_eq!(globs, [(1, "**/Dockerfile".to_string(), false)]);
    assert_eq!(index.knowledge_facts().unwrap().pattern_count, 1);
}
