//! Whole-pattern ranking computes BM25 itself from lore's own word counts. These tests hold
//! it to SQLite's FTS5 on every file of the shared corpus (or lore's own patterns when the
//! corpus is not beside the repository): the same words counted in the same fields, and the
//! same `bm25()` for queries a hook runs, so `lore extract-queries` prints an FTS5 expression
//! that means exactly what the hook computes.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use lore::core::pattern::{Pattern, parse_pattern};
use lore::core::query::{StemCache, index_stems};
use lore::core::select::bm25::{Collection, Posting, RankedText, bm25_scores};
use lore::core::select::pattern_terms::{
    FIELD_COUNT, PatternTerms, about_text, count_pattern_terms, headings_text, name_text,
};
use rusqlite::{Connection, params};

fn pattern_dir() -> PathBuf {
    let corpus = common::shared_dir().join("corpus");
    if common::input_present(
        &corpus,
        "the BM25 check on the shared corpus (lore's own patterns are checked instead)",
    ) {
        corpus
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("patterns")
    }
}

/// Every pattern file that parses, in path order.
fn patterns() -> Vec<Pattern> {
    let dir = pattern_dir();
    let mut found = Vec::new();
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "md") || path.ends_with("SOURCES.md") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let source = path.strip_prefix(&dir).unwrap().to_string_lossy();
        if let Ok(pattern) = parse_pattern(&source, &text) {
            found.push(pattern);
        }
    }
    assert!(
        found.len() > 5,
        "{} patterns in {}",
        found.len(),
        dir.display()
    );
    found
}

/// (name, title, about, body, headings) as whole-pattern ranking reads them.
fn fields(p: &Pattern) -> [String; FIELD_COUNT] {
    let fm = &p.frontmatter;
    [
        name_text(&p.source),
        p.title.clone(),
        about_text(&fm.tags, fm.description.as_deref()),
        p.body.clone(),
        headings_text(
            p.chunks
                .iter()
                .filter_map(|c| c.heading_path.last().map(String::as_str)),
        ),
    ]
}

/// A symbol FTS5's Unicode 6.1 table may read as a letter (see below).
fn is_newer_symbol(c: char) -> bool {
    !c.is_alphanumeric() && c >= '\u{1F000}'
}

/// An FTS5 table of every pattern's five fields, rowid = position + 1; and tables of the
/// ranked texts, `content` and `subject`, without the symbols FTS5 and lore read differently,
/// so BM25 can be compared exactly.
fn fts5_of(patterns: &[Pattern]) -> Connection {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(
        "CREATE VIRTUAL TABLE t USING fts5(name, title, about, body, headings,
                                           tokenize = 'porter unicode61');
         CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');
         CREATE VIRTUAL TABLE content USING fts5(name, title, about, body,
                                                 tokenize = 'porter unicode61');
         CREATE VIRTUAL TABLE subject USING fts5(name, title, about, headings,
                                                 tokenize = 'porter unicode61');",
    )
    .unwrap();
    let tx = conn.unchecked_transaction().unwrap();
    for (i, p) in patterns.iter().enumerate() {
        let [name, title, about, body, headings] = fields(p);
        let id = i as i64 + 1;
        tx.execute(
            "INSERT INTO t (rowid, name, title, about, body, headings) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![id, name, title, about, body, headings],
        )
        .unwrap();
        let [name, title, about, body, headings] =
            [name, title, about, body, headings].map(|f| f.replace(is_newer_symbol, " "));
        tx.execute(
            "INSERT INTO content (rowid, name, title, about, body) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, name, title, about, body],
        )
        .unwrap();
        tx.execute(
            "INSERT INTO subject (rowid, name, title, about, headings) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, name, title, about, headings],
        )
        .unwrap();
    }
    tx.commit().unwrap();
    conn
}

fn counted(patterns: &[Pattern]) -> Vec<PatternTerms> {
    let mut stems = StemCache::default();
    patterns
        .iter()
        .map(|p| count_pattern_terms(p, &mut stems))
        .collect()
}

#[test]
fn words_are_counted_per_field_as_fts5_counts_them() {
    let patterns = patterns();
    let conn = fts5_of(&patterns);
    let fields = ["name", "title", "about", "body", "headings"];
    // FTS5's own count of every (pattern, stem, field).
    let mut fts5: BTreeMap<(i64, String), [u32; FIELD_COUNT]> = BTreeMap::new();
    let mut stmt = conn
        .prepare("SELECT doc, term, col, count(*) FROM v GROUP BY doc, term, col")
        .unwrap();
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, u32>(3)?,
            ))
        })
        .unwrap();
    for row in rows {
        let (doc, term, col, n) = row.unwrap();
        let field = fields.iter().position(|f| *f == col).unwrap();
        fts5.entry((doc, term)).or_default()[field] = n;
    }
    let mut ours: BTreeMap<(i64, String), [u32; FIELD_COUNT]> = BTreeMap::new();
    for (i, terms) in counted(&patterns).into_iter().enumerate() {
        for (stem, counts) in terms.terms {
            ours.insert((i as i64 + 1, stem), counts);
        }
    }
    // FTS5's character table is from Unicode 6.1: it reads symbols assigned since (newer
    // emoji, such as 🟡) as letters, where lore's tokenizer sees punctuation. Those tokens
    // name nothing a query asks for; every other count must agree exactly.
    let newer_symbol = |term: &str| term.chars().any(is_newer_symbol);
    let differences: Vec<String> = fts5
        .iter()
        .filter(|((_, term), _)| !newer_symbol(term))
        .filter(|(k, v)| ours.get(*k) != Some(*v))
        .map(|((doc, term), v)| {
            let source = &patterns[*doc as usize - 1].source;
            format!(
                "{source} `{term}`: fts5 {v:?}, lore {:?}",
                ours.get(&(*doc, term.clone()))
            )
        })
        .chain(
            ours.keys()
                .filter(|k| !fts5.contains_key(*k))
                .map(|(doc, term)| format!("doc {doc}: `{term}` only in lore's counts")),
        )
        .collect();
    assert!(
        differences.is_empty(),
        "{} differences, first: {:#?}",
        differences.len(),
        &differences[..differences.len().min(10)]
    );
}

/// Queries like the ones hooks run: languages, file-name words, identifiers, prose.
const QUERIES: &[&str] = &[
    "rust error handling result",
    "typescript react component props",
    "python test fixtures pytest",
    "commit message conventional",
    "docker image security",
    "sql migration database schema",
    "go context cancellation goroutine",
    "api endpoint validation request",
    "logging structured fields",
    "css tailwind layout",
    "async await promise",
    "naming variables functions",
    "unwrap panic",
    "accessibility aria",
    "dependency injection",
];

#[test]
fn bm25_equals_fts5_for_hook_queries() {
    let patterns = patterns();
    let conn = fts5_of(&patterns);
    let terms = counted(&patterns);
    let lengths: Vec<(u32, u32)> = terms
        .iter()
        .map(|t| (t.content_tokens, t.subject_tokens))
        .collect();
    let documents = patterns.len() as u64;
    let collection = |subject: bool| Collection {
        documents,
        tokens: lengths
            .iter()
            .map(|l| u64::from(if subject { l.1 } else { l.0 }))
            .sum(),
    };
    let mut compared = 0;
    for query in QUERIES {
        // One word per stem, as the hook's query plan searches them.
        let mut stems: Vec<String> = Vec::new();
        let mut words: Vec<&str> = Vec::new();
        for word in query.split(' ') {
            let stem = index_stems(word).remove(0);
            if !stems.contains(&stem) {
                stems.push(stem);
                words.push(word);
            }
        }
        // Posting lists built from lore's counts, as the index stores them.
        let lists: Vec<Vec<Posting>> = stems
            .iter()
            .map(|stem| {
                terms
                    .iter()
                    .enumerate()
                    .filter_map(|(i, t)| {
                        Some(Posting {
                            pattern_id: i as i64 + 1,
                            counts: t.counts(stem)?,
                        })
                    })
                    .collect()
            })
            .collect();
        let lists: Vec<&[Posting]> = lists.iter().map(Vec::as_slice).collect();
        let expression = words
            .iter()
            .map(|s| format!("\"{s}\""))
            .collect::<Vec<_>>()
            .join(" OR ");
        for (table, text, weights, subject) in [
            ("content", RankedText::CONTENT, "4.0, 3.0, 2.0, 1.0", false),
            ("subject", RankedText::SUBJECT, "3.0, 2.0, 1.0, 0.25", true),
        ] {
            let ours = bm25_scores(
                text,
                &lists,
                |id| {
                    let l = lengths[id as usize - 1];
                    Some(if subject { l.1 } else { l.0 })
                },
                collection(subject),
            );
            let sql = format!(
                "SELECT rowid, bm25({table}, {weights}) FROM {table} WHERE {table} MATCH ?1"
            );
            let mut stmt = conn.prepare(&sql).unwrap();
            let fts5: BTreeMap<i64, f64> = stmt
                .query_map(params![expression], |r| Ok((r.get(0)?, r.get(1)?)))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(
                fts5.keys().collect::<Vec<_>>(),
                {
                    let mut ids: Vec<&i64> = ours.keys().collect();
                    ids.sort();
                    ids
                },
                "{query} ({table}): the same patterns match"
            );
            for (id, score) in &fts5 {
                let mine = ours[id];
                assert!(
                    (mine - score).abs() <= 1e-9 * score.abs().max(1.0),
                    "{query} ({table}) {}: fts5 {score}, lore {mine}",
                    patterns[*id as usize - 1].source
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 50, "only {compared} scores compared");
}
