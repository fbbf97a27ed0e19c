//! Tests for whole-pattern search: postings of both ranked texts, the language gate, the
//! knowledge-base facts, keyed globs, postings kept right through delta writes, and the
//! migrations from schemas 3 and 4.

use super::*;
use crate::core::pattern::{Chunk, Frontmatter, Pattern};
use crate::core::query::index_stems;
use crate::core::select::bm25::{Posting, RankedText, bm25_scores};
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

fn write(index: &mut Index, patterns: &[Pattern]) {
    index
        .write(&WriteBatch {
            upserts: patterns
                .iter()
                .map(|p| PatternRecord {
                    pattern: p,
                    content_hash: format!("hash-{}", p.source),
                    technologies: Vec::new(),
                    origin: None,
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

/// (source, BM25) of the patterns passing `gate` that hold `word` in `text`, best first.
fn search(index: &Index, word: &str, text: RankedText, gate: &LanguageGate) -> Vec<(String, f64)> {
    let lists = index.term_postings(&index_stems(word)).unwrap();
    let lists: Vec<&[Posting]> = lists.iter().map(Vec::as_slice).collect();
    let lengths = index.pattern_lengths().unwrap();
    let subject = text == RankedText::SUBJECT;
    let length = |id: i64| {
        let (content, subject_len) = lengths.of(id)?;
        Some(if subject { subject_len } else { content })
    };
    let collection = if subject {
        lengths.subject
    } else {
        lengths.content
    };
    let scores = bm25_scores(text, &lists, length, collection);
    let ids: Vec<i64> = scores.keys().copied().collect();
    let names = index.patterns_passing(&ids, gate).unwrap();
    let mut found: Vec<(String, f64)> = names
        .into_iter()
        .map(|(id, (source, _))| (source, scores[&id]))
        .collect();
    found.sort_by(|a, b| a.1.total_cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
    found
}

fn sources(hits: &[(String, f64)]) -> Vec<&str> {
    hits.iter().map(|h| h.0.as_str()).collect()
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
    );
    let content = search(&index, "errors", RankedText::CONTENT, &open_gate());
    let mut found = sources(&content);
    found.sort_unstable();
    assert_eq!(found, ["errors.md", "logging.md"]);
    // The subject holds only names, titles, descriptions and headings: "Error handling".
    let subject = search(&index, "errors", RankedText::SUBJECT, &open_gate());
    assert_eq!(sources(&subject), ["errors.md"]);
    assert!(subject[0].1 < 0.0);
    let heading = search(&index, "levels", RankedText::SUBJECT, &open_gate());
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
    );
    write(
        &mut index,
        &[pattern(
            "py.md",
            "Python errors",
            &[],
            &[("Raise", "raise errors")],
        )],
    );
    let gate = LanguageGate {
        languages: vec!["go".to_string()],
        open: false,
    };
    let hits = search(&index, "errors", RankedText::CONTENT, &gate);
    assert_eq!(sources(&hits), ["go.md"]);
}

#[test]
fn knowledge_facts_are_stored_on_write_and_derived_when_missing() {
    let (_dir, mut index) = open_temp();
    let mut many: Vec<Pattern> = (0..30)
        .map(|i| pattern(&format!("x{i}-notes.md"), "X", &[], &[("S", "text")]))
        .collect();
    many.push(pattern("acme__web/AGENTS.md", "Web", &[], &[("S", "text")]));
    many.push(pattern(
        "acme__web/STYLE.md",
        "Style",
        &[],
        &[("S", "text")],
    ));
    write(&mut index, &many);
    let stored = index.knowledge_facts().unwrap();
    assert_eq!(stored.pattern_count, 32);
    assert_eq!(stored.project_folders.folders(), ["acme__web"]);
    assert_eq!(stored.name_filler.iter().collect::<Vec<_>>(), ["notes"]);
    index
        .conn
        .execute(
            "DELETE FROM meta WHERE key IN ('project_folders', 'name_filler', 'pattern_count')",
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
    // A delta write keeps the stored count true.
    index
        .write(&WriteBatch {
            removals: vec!["x0-notes.md".into()],
            ..WriteBatch::default()
        })
        .unwrap();
    assert_eq!(index.pattern_count().unwrap(), 31);
    index
        .conn
        .execute("DELETE FROM meta WHERE key = 'pattern_count'", [])
        .unwrap();
    assert_eq!(index.pattern_count().unwrap(), 31);
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
    );
    let keys = |path: &str| crate::core::select::globs::path_file_keys(path);
    let globs = |path: &str| -> Vec<(String, bool)> {
        index
            .candidate_globs(&keys(path))
            .unwrap()
            .into_iter()
            .map(|(_, g, broad)| (g, broad))
            .collect()
    };
    // The catch-all `**/*` is not stored; `src/storage/**` may match any file under `src/`.
    assert_eq!(
        globs("src/a.rs"),
        [
            ("**/*.rs".to_string(), true),
            ("src/storage/**".to_string(), false)
        ]
    );
    assert_eq!(
        globs("deploy/Dockerfile"),
        [("**/Dockerfile".to_string(), false)]
    );
}

/// An index of schema `version` holding one pattern, `docker.md` (id `id`), as that schema
/// stored it.
fn docker_index_of_schema(
    version: i64,
    id: i64,
    tags: &str,
    description: &str,
) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.db");
    let mut conn = rusqlite::Connection::open(&path).unwrap();
    super::super::schema::migrate_to(&mut conn, version).unwrap();
    conn.execute(
        "INSERT INTO patterns (id, source, title, tags, languages, universal, applies_when,
                               paths, description, content_hash, has_declared)
         VALUES (?1, 'docker.md', 'Containers', ?2, '[]', 0, '{}', '[\"**/Dockerfile\"]', ?3,
                 'h', 0)",
        rusqlite::params![id, tags, description],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO pattern_texts (pattern_id, raw, body) VALUES (?1, 'raw', ?2)",
        rusqlite::params![id, "## Base images\nPin the digest.\n"],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO chunks (id, pattern_id, ordinal, heading_path, body, line)
         VALUES (1, ?1, 0, '[\"Containers\",\"Base images\"]', 'Pin the digest.', 1)",
        rusqlite::params![id],
    )
    .unwrap();
    (dir, path)
}

#[test]
fn migrations_index_whole_patterns_and_globs_of_a_schema_3_index() {
    let (_dir, path) = docker_index_of_schema(3, 1, r#"["ops"]"#, "Image rules");
    let index = Index::open(&path).unwrap();
    let hits = |word: &str, text| {
        sources(&search(&index, word, text, &open_gate()))
            .into_iter()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(hits("digest", RankedText::CONTENT), ["docker.md"]);
    assert_eq!(hits("images", RankedText::SUBJECT), ["docker.md"]);
    assert_eq!(hits("ops", RankedText::SUBJECT), ["docker.md"]);
    assert_eq!(hits("digest", RankedText::SUBJECT), Vec::<String>::new());
    let globs = index
        .candidate_globs(&crate::core::select::globs::path_file_keys("x/Dockerfile"))
        .unwrap();
    assert_eq!(globs, [(1, "**/Dockerfile".to_string(), false)]);
    assert_eq!(index.knowledge_facts().unwrap().pattern_count, 1);
}

/// Every stem's postings and every pattern's lengths, keyed by pattern source so indexes that
/// numbered their patterns differently compare equal.
/// (stem, its postings by source, (0, 0)), or ("~" + source, [], its lengths).
type PostingsView = Vec<(String, Vec<(String, [u32; 5])>, (u32, u32))>;

fn postings_by_source(index: &Index) -> PostingsView {
    let mut stmt = index
        .conn
        .prepare("SELECT term FROM pattern_terms")
        .unwrap();
    let stems: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let lists = index.term_postings(&stems).unwrap();
    let lengths = index.pattern_lengths().unwrap();
    let ids: Vec<i64> = lengths.by_pattern.iter().map(|(id, _)| *id).collect();
    let names = index.pattern_names(&ids).unwrap();
    let source = |id: &i64| names[id].0.clone();
    let mut out = Vec::new();
    for (stem, list) in stems.iter().zip(&lists) {
        assert!(!list.is_empty(), "a stem no pattern holds is kept: {stem}");
        let mut entries: Vec<(String, [u32; 5])> = list
            .iter()
            .map(|p| (source(&p.pattern_id), p.counts))
            .collect();
        entries.sort();
        out.push((stem.clone(), entries, (0, 0)));
    }
    for (id, sizes) in &lengths.by_pattern {
        out.push((format!("~{}", source(id)), Vec::new(), *sizes));
    }
    out.sort();
    out
}

#[test]
fn delta_writes_leave_the_postings_a_fresh_write_would() {
    let a = pattern(
        "a.md",
        "Errors",
        &[],
        &[("Wrap", "wrap errors with context")],
    );
    let b = pattern("b.md", "Logging", &[], &[("Levels", "log errors once")]);
    let b2 = pattern("b.md", "Logging", &[], &[("Fields", "structured fields")]);
    let c = pattern(
        "c.md",
        "Commits",
        &[],
        &[("Why", "say why errors happened")],
    );
    let d = pattern("d.md", "Docker", &[], &[("Pin", "pin the digest")]);

    let (_dir, mut delta) = open_temp();
    write(&mut delta, &[a.clone(), b, c]);
    write(&mut delta, &[b2.clone(), d.clone()]);
    delta
        .write(&WriteBatch {
            removals: vec!["c.md".into()],
            ..WriteBatch::default()
        })
        .unwrap();

    let (_dir2, mut fresh) = open_temp();
    write(&mut fresh, &[a, b2, d]);
    let expected = postings_by_source(&fresh);
    assert_eq!(postings_by_source(&delta), expected);
    // Words only the removed pattern and the old b.md held are gone.
    assert!(delta.term_postings(&["commit".into()]).unwrap()[0].is_empty());
    assert!(delta.term_postings(&["level".into()]).unwrap()[0].is_empty());
    assert_eq!(
        delta.stem_pattern_counts(&["error".into()], 3).unwrap()["error"],
        1,
        "one of three patterns holds `error`, more than one in twenty"
    );
}

#[test]
fn migration_5_counts_the_words_of_a_schema_4_index() {
    let (_dir, path) = docker_index_of_schema(4, 7, "[]", "about Containers");
    let docker = pattern(
        "docker.md",
        "Containers",
        &["**/Dockerfile"],
        &[("Base images", "Pin the digest.")],
    );
    let migrated = Index::open(&path).unwrap();
    let (_dir2, mut fresh) = open_temp();
    write(&mut fresh, &[docker]);
    assert_eq!(postings_by_source(&migrated), postings_by_source(&fresh));
}

#[test]
fn the_gate_in_rust_admits_exactly_what_gate_sql_admits() {
    let (_dir, mut index) = open_temp();
    let declaring = |source: &str, languages: &[&str]| {
        let mut p = pattern(source, "T", &[], &[("S", "text")]);
        p.frontmatter.languages = languages.iter().map(|l| l.to_string()).collect();
        p
    };
    write(&mut index, &[declaring("rust.md", &["rust"])]);
    write(&mut index, &[declaring("go.md", &["go"])]);
    let mut mentions = declaring("mentions-rust.md", &[]);
    mentions.body = "Rust's errors, unlike Go's.".into();
    write(&mut index, &[mentions]);
    write(&mut index, &[declaring("plain.md", &[])]);
    let ids: Vec<i64> = index
        .pattern_names(&[1, 2, 3, 4])
        .unwrap()
        .into_keys()
        .collect();
    assert_eq!(ids.len(), 4);
    for (languages, open) in [
        (vec![], false),
        (vec![], true),
        (vec!["rust"], false),
        (vec!["go", "python"], false),
        (vec!["python"], true),
        (vec!["markdown"], false),
    ] {
        let gate = LanguageGate {
            languages: languages.iter().map(|l| l.to_string()).collect(),
            open,
        };
        let (langs, open) = gate.params().unwrap();
        let sql = format!(
            "SELECT p.source FROM patterns p WHERE {} ORDER BY p.source",
            super::super::read::GATE_SQL
        );
        let mut stmt = index.conn.prepare(&sql).unwrap();
        let by_sql: Vec<String> = stmt
            .query_map(
                rusqlite::named_params! {":languages": langs, ":open": open},
                |r| r.get(0),
            )
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut by_rust: Vec<String> = index
            .patterns_passing(&ids, &gate)
            .unwrap()
            .into_values()
            .map(|(source, _)| source)
            .collect();
        by_rust.sort();
        assert_eq!(by_rust, by_sql, "{languages:?} open {open}");
        // The same gate from each pattern's own language rows (as the related-language check
        // asks it of a few candidates).
        let names = index.pattern_names(&ids).unwrap();
        let rows = index.pattern_language_rows(&ids).unwrap();
        let mut by_rows: Vec<String> = ids
            .iter()
            .filter(|id| gate.admits_rows(&rows[id]))
            .map(|id| names[id].0.clone())
            .collect();
        by_rows.sort();
        assert_eq!(by_rows, by_sql, "rows: {languages:?} open {open}");
    }
}
