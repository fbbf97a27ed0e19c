//! Writing the index: one transaction per ingest, bound parameters only.

use rusqlite::{Transaction, params};

use super::{Index, IndexError};
use crate::core::pattern::Pattern;

/// A parsed pattern with the facts ingest computed about it.
pub struct PatternRecord<'a> {
    pub pattern: &'a Pattern,
    /// The whole file as read from disk.
    pub raw: &'a str,
    /// Hash of `raw`, for delta ingest.
    pub content_hash: String,
    /// Languages named in the pattern's text (for undeclared patterns' language gate).
    pub mentioned_languages: Vec<String>,
}

/// Everything one ingest changes, applied atomically by [`Index::write`].
#[derive(Default)]
pub struct WriteBatch<'a> {
    /// Drop every pattern first (`lore ingest --force`).
    pub replace_all: bool,
    /// New and changed patterns (replacing any stored pattern with the same source).
    pub upserts: Vec<PatternRecord<'a>>,
    /// Sources to remove (files deleted from the knowledge dir).
    pub removals: Vec<String>,
    /// Seconds since the Unix epoch, recorded as the last ingest time.
    pub ingested_at: u64,
}

impl Index {
    /// Apply a batch in a single transaction: readers see all of it or none of it.
    pub fn write(&mut self, batch: &WriteBatch<'_>) -> Result<(), IndexError> {
        let tx = self.conn.transaction()?;
        if batch.replace_all {
            tx.execute_batch(
                "DELETE FROM chunks_fts; DELETE FROM chunks; DELETE FROM pattern_languages; DELETE FROM pattern_texts; DELETE FROM patterns;",
            )?;
        }
        for source in &batch.removals {
            remove_pattern(&tx, source)?;
        }
        for record in &batch.upserts {
            if !batch.replace_all {
                remove_pattern(&tx, &record.pattern.source)?;
            }
            insert_pattern(&tx, record)?;
        }
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('last_ingest', ?1)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![batch.ingested_at.to_string()],
        )?;
        tx.commit()?;
        Ok(())
    }
}

fn remove_pattern(tx: &Transaction<'_>, source: &str) -> Result<(), IndexError> {
    let id: Option<i64> = tx
        .prepare_cached("SELECT id FROM patterns WHERE source = ?1")?
        .query_map(params![source], |r| r.get(0))?
        .next()
        .transpose()?;
    let Some(id) = id else { return Ok(()) };
    tx.prepare_cached(
        "DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE pattern_id = ?1)",
    )?
    .execute(params![id])?;
    tx.prepare_cached("DELETE FROM chunks WHERE pattern_id = ?1")?
        .execute(params![id])?;
    tx.prepare_cached("DELETE FROM pattern_languages WHERE pattern_id = ?1")?
        .execute(params![id])?;
    tx.prepare_cached("DELETE FROM pattern_texts WHERE pattern_id = ?1")?
        .execute(params![id])?;
    tx.prepare_cached("DELETE FROM patterns WHERE id = ?1")?
        .execute(params![id])?;
    Ok(())
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, IndexError> {
    serde_json::to_string(value).map_err(|e| IndexError::Corrupt(e.to_string()))
}

fn insert_pattern(tx: &Transaction<'_>, record: &PatternRecord<'_>) -> Result<(), IndexError> {
    let p = record.pattern;
    let fm = &p.frontmatter;
    tx.prepare_cached(
        "INSERT INTO patterns (source, title, tags, languages, universal,
                               applies_when, paths, description, content_hash, has_declared)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        p.source,
        p.title,
        to_json(&fm.tags)?,
        to_json(&fm.languages)?,
        fm.universal,
        to_json(&fm.applies_when)?,
        to_json(&fm.paths)?,
        fm.description,
        record.content_hash,
        !fm.languages.is_empty(),
    ])?;
    let pattern_id = tx.last_insert_rowid();
    tx.prepare_cached("INSERT INTO pattern_texts (pattern_id, raw, body) VALUES (?1, ?2, ?3)")?
        .execute(params![pattern_id, record.raw, p.body])?;

    let mut lang = tx.prepare_cached(
        "INSERT OR IGNORE INTO pattern_languages (pattern_id, language, declared) VALUES (?1, ?2, ?3)",
    )?;
    for language in &fm.languages {
        lang.execute(params![pattern_id, language, true])?;
    }
    for language in &record.mentioned_languages {
        lang.execute(params![pattern_id, language, false])?;
    }

    // Tags and description are indexed with every chunk (the weighted `tags` column), as is
    // the title, so they find the pattern whichever section holds the words.
    let mut tags = fm.tags.join(" ");
    if let Some(description) = &fm.description {
        tags.push(' ');
        tags.push_str(description);
    }
    let mut chunk = tx.prepare_cached(
        "INSERT INTO chunks (pattern_id, ordinal, heading_path, body, line) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let mut fts = tx.prepare_cached(
        "INSERT INTO chunks_fts (rowid, title, tags, body) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for c in &p.chunks {
        chunk.execute(params![
            pattern_id,
            c.ordinal as i64,
            to_json(&c.heading_path)?,
            c.body,
            c.line as i64
        ])?;
        let chunk_id = tx.last_insert_rowid();
        fts.execute(params![chunk_id, p.title, tags, c.body])?;
    }
    Ok(())
}
