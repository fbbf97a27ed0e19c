//! lore's Porter stemmer against SQLite's FTS5 `porter` tokenizer on every word of the shared
//! corpus (or of lore's own patterns when the corpus is not beside the repository): lore uses
//! it to know which query terms the index holds as one, so it must agree word for word.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use lore::core::query::{STEM_REWRITE, porter_stem};

fn words_of(dir: &Path) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for entry in walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
    {
        if entry.path().extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
            if !word.is_empty() {
                words.insert(word.to_ascii_lowercase());
            }
        }
    }
    words
}

/// The shared corpus, when it is beside the repository; else lore's own patterns, with a
/// note saying `check` ran on those only (under CI, a failure instead).
fn corpus_or_own_patterns(check: &str) -> PathBuf {
    let corpus = common::shared_dir().join("corpus");
    if common::input_present(
        &corpus,
        &format!("{check} on the shared corpus (lore's own patterns are checked instead)"),
    ) {
        corpus
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("patterns")
    }
}

#[test]
fn stems_agree_with_sqlite_fts5_porter_on_every_corpus_word() {
    let dir = corpus_or_own_patterns("the stemmer check");
    let words: Vec<String> = words_of(&dir).into_iter().collect();
    assert!(
        words.len() > 100,
        "{} words in {}",
        words.len(),
        dir.display()
    );

    let conn = rusqlite::Connection::open_in_memory().unwrap();
    conn.execute_batch(
        "CREATE VIRTUAL TABLE w USING fts5(word, tokenize = 'porter unicode61');
         CREATE VIRTUAL TABLE v USING fts5vocab(w, 'instance');",
    )
    .unwrap();
    let tx = conn.unchecked_transaction().unwrap();
    for (i, word) in words.iter().enumerate() {
        tx.execute(
            "INSERT INTO w (rowid, word) VALUES (?1, ?2)",
            rusqlite::params![i as i64 + 1, word],
        )
        .unwrap();
    }
    tx.commit().unwrap();
    let mut stmt = conn.prepare("SELECT doc, term FROM v").unwrap();
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
        .unwrap();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for row in rows {
        let (doc, sqlite) = row.unwrap();
        let word = &words[doc as usize - 1];
        checked += 1;
        if porter_stem(word) != sqlite {
            wrong.push(format!(
                "{word}: lore {} sqlite {sqlite}",
                porter_stem(word)
            ));
        }
    }
    assert_eq!(checked, words.len());
    assert!(
        wrong.is_empty(),
        "{} of {checked} differ: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(20)]
    );
}

#[test]
fn stems_rewrite_only_the_end_of_a_word_and_never_lengthen_it() {
    // `StemSet::found_in` skips stemming words that fail this, so it must hold for every word.
    let dir = corpus_or_own_patterns("the stem-shape check");
    let mut wrong = Vec::new();
    for word in words_of(&dir) {
        let stem = porter_stem(&word);
        let kept = stem
            .len()
            .saturating_sub(STEM_REWRITE)
            .max(1)
            .min(stem.len());
        if stem.len() > word.len() || !word.starts_with(&stem[..kept]) {
            wrong.push(format!("{word} -> {stem}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} words: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(20)]
    );
}
