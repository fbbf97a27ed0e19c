//! Tests for the SQLite index: atomic batches, the language gate, ordering and migrations.

use super::*;
use crate::core::pattern::{Chunk, Frontmatter, Pattern};

fn pattern(source: &str, title: &str, languages: &[&str], sections: &[(&str, &str)]) -> Pattern {
    Pattern {
        source: source.into(),
        title: title.into(),
        frontmatter: Frontmatter {
            languages: languages.iter().map(|s| s.to_string()).collect(),
            tags: vec!["tag".into()],
            ..Frontmatter::default()
        },
        body: String::new(),
        chunks: sections
            .iter()
            .enumerate()
            .map(|(i, (h, b))| Chunk {
                ordinal: i,
                heading_path: vec![h.to_string()],
                body: b.to_string(),
                line: i + 1,
            })
            .collect(),
    }
}

fn record(p: &Pattern) -> PatternRecord<'_> {
    PatternRecord {
        pattern: p,
        content_hash: format!("hash-{}", p.source),
        technologies: Vec::new(),
        origin: None,
    }
}

fn open_temp() -> (tempfile::TempDir, Index) {
    let dir = tempfile::tempdir().unwrap();
    let index = Index::open(&dir.path().join("sub/index.db")).unwrap();
    (dir, index)
}

fn sources(hits: &[ChunkHit]) -> Vec<&str> {
    hits.iter().map(|h| h.source.as_str()).collect()
}

fn gate(languages: &[&str]) -> LanguageGate {
    LanguageGate {
        languages: languages.iter().map(|s| s.to_string()).collect(),
        open: false,
    }
}

#[test]
fn new_index_is_created_with_current_schema_and_is_empty() {
    let (_dir, index) = open_temp();
    let stats = index.stats().unwrap();
    assert_eq!(stats.patterns, 0);
    assert_eq!(stats.schema_version, SCHEMA_VERSION);
    assert_eq!(stats.last_ingest, None);
}

#[test]
fn written_patterns_are_found_by_stemmed_terms() {
    let (_dir, mut index) = open_temp();
    let p = pattern(
        "errors.md",
        "Error handling",
        &[],
        &[("Wrap", "Wrapping failures with context")],
    );
    index
        .write(&WriteBatch {
            upserts: vec![record(&p)],
            ingested_at: 42,
            ..WriteBatch::default()
        })
        .unwrap();
    let hits = index.search_fts("\"wrapped\"", &gate(&[]), 10).unwrap();
    assert_eq!(sources(&hits), ["errors.md"]);
    assert_eq!(hits[0].heading_path, ["Wrap"]);
    assert_eq!(index.stats().unwrap().last_ingest, Some(42));
    assert_eq!(
        index.content_hashes().unwrap()["errors.md"],
        "hash-errors.md"
    );
}

#[test]
fn title_outweighs_body() {
    let (_dir, mut index) = open_temp();
    let a = pattern(
        "a.md",
        "Logging",
        &[],
        &[("x", "we talk about caching here")],
    );
    let b = pattern("b.md", "Caching", &[], &[("x", "nothing relevant")]);
    index
        .write(&WriteBatch {
            upserts: vec![record(&a), record(&b)],
            ..WriteBatch::default()
        })
        .unwrap();
    let hits = index.search_fts("\"caching\"", &gate(&[]), 10).unwrap();
    assert_eq!(sources(&hits), ["b.md", "a.md"]);
}

#[test]
fn language_gate_is_structural_for_declared_and_open_for_undeclared() {
    let (_dir, mut index) = open_temp();
    let declared_rust = pattern(
        "rust.md",
        "Errors",
        &["rust"],
        &[("x", "errors everywhere")],
    );
    let declared_go = pattern("go.md", "Errors", &["go"], &[("x", "errors everywhere")]);
    let mentions_rust = pattern("prose.md", "Errors", &[], &[("x", "errors in Rust code")]);
    let mentions_go = pattern("other.md", "Errors", &[], &[("x", "errors in Go code")]);
    let mentions_none = pattern("plain.md", "Errors", &[], &[("x", "errors in general")]);
    index
        .write(&WriteBatch {
            upserts: vec![
                record(&declared_rust),
                record(&declared_go),
                record(&mentions_rust),
                record(&mentions_go),
                record(&mentions_none),
            ],
            ..WriteBatch::default()
        })
        .unwrap();
    let found = |gate: &LanguageGate| {
        let mut found: Vec<String> = sources(&index.search_fts("\"errors\"", gate, 10).unwrap())
            .into_iter()
            .map(String::from)
            .collect();
        found.sort();
        found
    };
    // Declared: only for its language. Undeclared: for every language, whatever languages
    // its text names (a Go guide's aside about Rust does not make it a Rust guide, and a
    // "Writing SQL" file still applies to the TypeScript that builds SQL).
    assert_eq!(
        found(&gate(&["rust"])),
        ["other.md", "plain.md", "prose.md", "rust.md"]
    );
    assert_eq!(found(&gate(&[])), ["other.md", "plain.md", "prose.md"]);
    // An explicit search with no language in it opens the gate to every pattern.
    let open = LanguageGate {
        languages: Vec::new(),
        open: true,
    };
    assert_eq!(
        found(&open),
        ["go.md", "other.md", "plain.md", "prose.md", "rust.md"]
    );
}

#[test]
fn equal_scores_are_ordered_by_source_then_chunk() {
    let (_dir, mut index) = open_temp();
    let z = pattern("z.md", "Same", &[], &[("x", "token")]);
    let a = pattern("a.md", "Same", &[], &[("x", "token")]);
    index
        .write(&WriteBatch {
            upserts: vec![record(&z), record(&a)],
            ..WriteBatch::default()
        })
        .unwrap();
    let hits = index.search_fts("\"token\"", &gate(&[]), 10).unwrap();
    assert_eq!(sources(&hits), ["a.md", "z.md"]);
}

#[test]
fn upsert_replaces_and_removal_deletes_everything_of_a_pattern() {
    let (_dir, mut index) = open_temp();
    let old = pattern("p.md", "Old", &["rust"], &[("a", "alpha"), ("b", "beta")]);
    index
        .write(&WriteBatch {
            upserts: vec![record(&old)],
            ..WriteBatch::default()
        })
        .unwrap();
    let new = pattern("p.md", "New", &[], &[("a", "gamma")]);
    index
        .write(&WriteBatch {
            upserts: vec![record(&new)],
            ..WriteBatch::default()
        })
        .unwrap();
    assert!(
        index
            .search_fts("\"alpha\"", &gate(&["rust"]), 10)
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        index.search_fts("\"gamma\"", &gate(&[]), 10).unwrap().len(),
        1
    );
    assert_eq!(index.stats().unwrap().chunks, 1);

    index
        .write(&WriteBatch {
            removals: vec!["p.md".into()],
            ..WriteBatch::default()
        })
        .unwrap();
    let stats = index.stats().unwrap();
    assert_eq!((stats.patterns, stats.chunks), (0, 0));
    assert!(
        index
            .search_fts("\"gamma\"", &gate(&[]), 10)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn replace_all_drops_patterns_not_in_the_batch() {
    let (_dir, mut index) = open_temp();
    let a = pattern("a.md", "A", &[], &[("x", "one")]);
    let b = pattern("b.md", "B", &[], &[("x", "two")]);
    index
        .write(&WriteBatch {
            upserts: vec![record(&a), record(&b)],
            ..WriteBatch::default()
        })
        .unwrap();
    index
        .write(&WriteBatch {
            replace_all: true,
            upserts: vec![record(&b)],
            ..WriteBatch::default()
        })
        .unwrap();
    let summaries = index.pattern_summaries().unwrap();
    assert_eq!(summaries.len(), 1);
    assert_eq!(summaries[0].source, "b.md");
}

#[test]
fn read_only_open_sees_committed_data_and_reports_missing_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.db");
    assert!(
        Index::open_read_only(&path, std::time::Duration::from_millis(10))
            .unwrap()
            .is_none()
    );
    let mut index = Index::open(&path).unwrap();
    let p = pattern("a.md", "A", &[], &[("x", "visible")]);
    index
        .write(&WriteBatch {
            upserts: vec![record(&p)],
            ..WriteBatch::default()
        })
        .unwrap();
    let reader = Index::open_read_only(&path, std::time::Duration::from_millis(10))
        .unwrap()
        .unwrap();
    assert_eq!(
        reader
            .search_fts("\"visible\"", &gate(&[]), 5)
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn a_newer_schema_is_refused_with_a_remedy() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.db");
    drop(Index::open(&path).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
    }
    let err = Index::open(&path).err().unwrap();
    assert!(err.to_string().contains("lore ingest --force"), "{err}");
    assert!(err.damage().is_some());
}

#[test]
fn another_programs_database_is_never_migrated_or_offered_for_rebuild() {
    let dir = tempfile::tempdir().unwrap();
    for (name, setup) in [
        (
            "app.sqlite",
            "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);",
        ),
        ("newer.sqlite", "PRAGMA user_version = 999;"),
    ] {
        let path = dir.path().join(name);
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch(setup)
            .unwrap();
        let err = Index::open(&path).err().unwrap();
        assert!(
            matches!(err, IndexError::NotLoreIndex { .. }),
            "{name}: {err}"
        );
        assert!(err.damage().is_none(), "{name}");
        assert!(
            !err.to_string().contains("run `lore ingest --force`"),
            "{err}"
        );
        let conn = rusqlite::Connection::open(&path).unwrap();
        let tables: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name = 'patterns'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 0, "{name}: lore wrote its tables into it");
    }
}

#[test]
fn a_fifo_as_index_is_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.db");
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap();
    assert!(made.success());
    for err in [
        Index::open(&path).err().unwrap(),
        Index::open_snapshot(&path, std::time::Duration::from_millis(10))
            .err()
            .unwrap(),
    ] {
        assert!(matches!(err, IndexError::NotAFile { .. }), "{err}");
        assert!(err.to_string().contains("FIFO"), "{err}");
        assert!(err.damage().is_none());
    }
}

#[test]
fn processes_opening_an_outdated_index_at_once_migrate_it_once() {
    // After an upgrade, a session-start refresh, an MCP server and an ingest may all open the
    // old index at the same moment; each must find it migrated, none may run a step twice.
    // None: no index file yet (the first hooks of a new clone).
    for from in [None, Some(0), Some(SCHEMA_VERSION - 1)] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.db");
        if let Some(from) = from {
            let mut conn = rusqlite::Connection::open(&path).unwrap();
            conn.pragma_update(None, "journal_mode", "WAL").unwrap();
            super::schema::migrate_to(&mut conn, from).unwrap();
        }
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(4));
        let openers: Vec<_> = (0..4)
            .map(|_| {
                let (path, barrier) = (path.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    Index::open(&path).map(|_| ()).map_err(|e| e.to_string())
                })
            })
            .collect();
        for opener in openers {
            assert_eq!(opener.join().unwrap(), Ok(()), "from schema {from:?}");
        }
        let index = Index::open_read_only(&path, std::time::Duration::from_secs(1))
            .unwrap()
            .unwrap();
        assert_eq!(index.stats().unwrap().schema_version, SCHEMA_VERSION);
    }
}

#[test]
fn concurrent_writers_wait_for_each_other_instead_of_failing() {
    // Two `lore ingest` runs at once (a CI step and an editor's save hook): the second waits
    // for the first's write instead of failing with "database is locked".
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.db");
    drop(Index::open(&path).unwrap());
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
    let writers: Vec<_> = (0..2)
        .map(|w| {
            let (path, barrier) = (path.clone(), barrier.clone());
            std::thread::spawn(move || -> Result<(), String> {
                let mut index = Index::open(&path).map_err(|e| e.to_string())?;
                barrier.wait();
                for round in 0..20 {
                    let source = format!("w{w}-{round}.md");
                    let p = pattern(&source, "T", &[], &[("x", "shared words")]);
                    index
                        .write(&WriteBatch {
                            upserts: vec![record(&p)],
                            ..WriteBatch::default()
                        })
                        .map_err(|e| e.to_string())?;
                }
                Ok(())
            })
        })
        .collect();
    for writer in writers {
        assert_eq!(writer.join().unwrap(), Ok(()));
    }
    let index = Index::open_read_only(&path, std::time::Duration::from_secs(1))
        .unwrap()
        .unwrap();
    assert_eq!(index.stats().unwrap().patterns, 40);
}

#[test]
fn an_unreadable_index_file_names_its_remedy_once_and_counts_as_damage() {
    // Where lore creates its index: a file there that is no database is lore's, damaged.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(".lore")).unwrap();
    let path = dir.path().join(".lore/index.db");
    std::fs::write(
        &path,
        "not sqlite at all, but long enough to have a header page",
    )
    .unwrap();
    let err = Index::open(&path).err().unwrap();
    let message = format!("{:#}", anyhow::Error::from(err));
    assert!(message.contains("run `lore ingest --force`"), "{message}");
    assert_eq!(
        message.matches("file is not a database").count(),
        1,
        "said once: {message}"
    );
    assert!(Index::open(&path).err().unwrap().damage().is_some());
}

#[test]
fn a_text_file_named_as_the_index_is_not_offered_for_rebuild() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("NOTES.txt");
    std::fs::write(&path, "my notes, long enough to look like a header page").unwrap();
    for err in [
        Index::open(&path).err().unwrap(),
        Index::open_snapshot(&path, std::time::Duration::from_millis(10))
            .err()
            .unwrap(),
    ] {
        let message = err.to_string();
        assert!(message.contains("NOTES.txt") && message.contains("not a lore index"));
        assert!(!message.contains("run `lore ingest --force`"), "{message}");
        assert!(err.damage().is_none());
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "my notes, long enough to look like a header page"
    );
}

#[test]
fn a_busy_index_is_no_damage_and_says_to_wait() {
    // `lore ingest --force` rebuilds only what cannot be read: deleting an index another
    // process is writing would lose that write and could tear its WAL.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.db");
    let mut index = Index::open(&path).unwrap();
    let holder = rusqlite::Connection::open(&path).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE").unwrap();
    index
        .conn
        .busy_timeout(std::time::Duration::from_millis(10))
        .unwrap();
    let p = pattern("a.md", "A", &[], &[("x", "y")]);
    let err = index
        .write(&WriteBatch {
            upserts: vec![record(&p)],
            ..WriteBatch::default()
        })
        .err()
        .unwrap();
    assert!(matches!(err, IndexError::Busy(_)), "{err:?}");
    assert!(err.damage().is_none());
    assert!(err.to_string().contains("try again"), "{err}");
}

#[test]
fn a_link_at_the_index_path_is_never_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("elsewhere.db");
    let path = dir.path().join("index.db");
    std::os::unix::fs::symlink(&target, &path).unwrap();
    let err = Index::open(&path).err().unwrap();
    assert!(err.to_string().contains("symbolic link"), "{err}");
    assert!(!target.exists(), "the index was created through the link");
}

#[test]
fn an_index_in_a_folder_reached_through_a_link_opens_and_keeps_what_it_holds() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("volume");
    std::fs::create_dir(&real).unwrap();
    let linked = dir.path().join("code");
    std::os::unix::fs::symlink(&real, &linked).unwrap();
    let path = linked.join("repo").join(".lore").join("index.db");
    let mut index = Index::open(&path).unwrap();
    let errors = pattern("errors.md", "Errors", &[], &[("x", "wrap errors")]);
    index
        .write(&WriteBatch {
            upserts: vec![record(&errors)],
            ..WriteBatch::default()
        })
        .unwrap();
    drop(index);
    assert!(real.join("repo/.lore/index.db").is_file());
    let index = Index::open(&path).unwrap();
    let sources: Vec<String> = index
        .pattern_scopes()
        .unwrap()
        .into_iter()
        .map(|s| s.source)
        .collect();
    assert_eq!(sources, ["errors.md"]);
}

#[test]
fn pattern_scopes_give_gating_languages_technologies_and_globs_by_path() {
    let (_dir, mut index) = open_temp();
    let mut gin = pattern("go/gin.md", "Gin", &["go"], &[("x", "handlers")]);
    gin.frontmatter.paths = vec!["internal/http/**".into()];
    let prose = pattern("notes.md", "Notes", &[], &[("x", "some Go in prose")]);
    let mut gin_record = record(&gin);
    gin_record.technologies = vec!["gin".into()];
    // Written out of path order: the scopes come back by path all the same.
    index
        .write(&WriteBatch {
            upserts: vec![record(&prose), gin_record],
            ..WriteBatch::default()
        })
        .unwrap();
    let scopes = index.pattern_scopes().unwrap();
    let sources: Vec<&str> = scopes.iter().map(|s| s.source.as_str()).collect();
    assert_eq!(sources, ["go/gin.md", "notes.md"]);
    assert_eq!(scopes[0].languages, ["go"]);
    assert_eq!(scopes[0].technologies, ["gin"]);
    assert_eq!(scopes[0].paths, ["internal/http/**"]);
    // A language only mentioned in the text does not scope a pattern.
    assert!(scopes[1].languages.is_empty());
    assert!(!scopes[1].universal);
}

#[test]
fn a_statement_running_past_the_deadline_is_interrupted() {
    let (_dir, mut index) = open_temp();
    let started = std::time::Instant::now();
    index
        .interrupt_at(started + Duration::from_millis(50))
        .unwrap();
    let endless = index.conn.query_row(
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n",
        [],
        |r| r.get::<_, i64>(0),
    );
    let err = IndexError::from(endless.unwrap_err());
    assert!(matches!(err, IndexError::Deadline { .. }), "{err}");
    assert!(started.elapsed() < Duration::from_secs(5));
}
