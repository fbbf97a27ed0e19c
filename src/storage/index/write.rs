//! Writing the index: one transaction per ingest, bound parameters only.

use rusqlite::{Transaction, params};

use super::ingest_state::record_ingest;
use super::pattern_text::encode_sections;
use super::relink::{TextHashOf, relink_stored};
use super::rule_sources::insert_origin;
use super::source_files::{forget_file, record_files};
use super::term_postings::{PostingsWriter, SizeList};
use super::{Index, IndexError};
use crate::core::file_stamp::RecordedFile;
use crate::core::pattern::{Pattern, chunk_spans};
use crate::core::query::{StemCache, named_languages};
use crate::core::select::globs::{GlobKind, classify_glob, glob_file_keys};
use crate::core::select::name::filler_words;
use crate::core::select::pattern_terms::{about_text, count_pattern_terms};
use crate::core::select::project_scope::ProjectFolders;
use crate::core::sources::{RuleOrigin, Scope};

/// `meta` keys of the facts derived from every pattern's path (see [`store_derived_facts`]).
pub(super) const PROJECT_FOLDERS_KEY: &str = "project_folders";
pub(super) const NAME_FILLER_KEY: &str = "name_filler";
pub(super) const PATTERN_COUNT_KEY: &str = "pattern_count";

/// How many patterns' words may be counted ahead of the rows being written.
const COUNT_AHEAD: usize = 32;

/// Where a pattern's language comes from (`pattern_languages.declared`): both gate the
/// pattern. (0, a language the text named, was retired in schema 15: a mention is no scope.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LanguageSource {
    /// Frontmatter `language`.
    Declared = 1,
    /// Named by the pattern's path or title (see `core::query::named_languages`).
    Named = 2,
}

/// A parsed pattern with the facts ingest computed about it.
pub struct PatternRecord<'a> {
    pub pattern: &'a Pattern,
    /// Hash of the file as read from disk, for delta ingest.
    pub content_hash: String,
    /// The technologies the pattern is specific to (see
    /// `core::query::TechnologyTable::of_pattern`), strongest first.
    pub technologies: Vec<String>,
    /// Where the pattern came from when it is another agent's rule file read in place;
    /// None for lore's own patterns.
    pub origin: Option<RuleOrigin>,
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
    /// Stamps of files read by this ingest, by source: of the upserted patterns, and of
    /// stored ones whose file was read and found unchanged. Applied after the upserts.
    pub recorded_files: Vec<(String, RecordedFile)>,
    /// Seconds since the Unix epoch, recorded as the last ingest time.
    pub ingested_at: u64,
    /// Only some files were read (`lore ingest --file`): the batch does not make the index
    /// match the knowledge dir, so it does not complete an index no ingest completed in.
    pub partial: bool,
    /// Every source served in a stale version once the batch is applied (its file changed and
    /// no longer parses); None leaves the recorded list as it is.
    pub stale: Option<Vec<String>>,
    /// The stored vectors fit the configured embedder: link the sections this batch writes
    /// to those of their text, in the same transaction (see `relink`).
    pub relink: Option<TextHashOf<'a>>,
}

impl Index {
    /// Apply a batch in a single transaction: readers see all of it or none of it. Returns
    /// how many sections it linked to stored vectors (see [`WriteBatch::relink`]).
    pub fn write(&mut self, batch: &WriteBatch<'_>) -> Result<usize, IndexError> {
        let tx = self.write_transaction()?;
        // Postings first: their rows refer to the patterns.
        let mut postings = PostingsWriter::new(&tx, batch.replace_all)?;
        let mut sizes = SizeList::load(&tx, batch.replace_all)?;
        if batch.replace_all {
            tx.execute_batch(
                "INSERT INTO chunks_fts (chunks_fts) VALUES ('delete-all');
                 DELETE FROM chunks; DELETE FROM pattern_languages;
                 DELETE FROM pattern_technologies; DELETE FROM pattern_sources;
                 DELETE FROM pattern_texts; DELETE FROM pattern_globs; DELETE FROM patterns;
                 DELETE FROM source_files;",
            )?;
        }
        for source in &batch.removals {
            remove_pattern(&tx, &mut postings, &mut sizes, source)?;
        }
        // Counting a pattern's words and writing its rows take about as long as each other:
        // a second thread counts while this one writes (a few patterns ahead, not all of them,
        // which would hold every pattern's counts in memory at once).
        std::thread::scope(|scope| -> Result<(), IndexError> {
            let (counted, receive) = std::sync::mpsc::sync_channel(COUNT_AHEAD);
            scope.spawn(move || {
                let mut stems = StemCache::default();
                for record in &batch.upserts {
                    if counted
                        .send(count_pattern_terms(record.pattern, &mut stems))
                        .is_err()
                    {
                        break; // the writer stopped on an error
                    }
                }
            });
            for record in &batch.upserts {
                if !batch.replace_all {
                    remove_pattern(&tx, &mut postings, &mut sizes, &record.pattern.source)?;
                }
                let pattern_id = insert_pattern(&tx, record)?;
                let terms = receive.recv().map_err(|_| {
                    IndexError::Corrupt("counting a pattern's words stopped".into())
                })?;
                sizes.set(pattern_id, &terms);
                postings.add(&tx, pattern_id, &terms)?;
            }
            Ok(())
        })?;
        postings.finish(&tx)?;
        sizes.store(&tx)?;
        record_files(&tx, &batch.recorded_files)?;
        record_ingest(
            &tx,
            batch.ingested_at,
            batch.partial,
            batch.stale.as_deref(),
        )?;
        if batch.replace_all || !batch.upserts.is_empty() || !batch.removals.is_empty() {
            store_derived_facts(&tx)?;
        }
        let relinked = match batch.relink.filter(|_| !batch.upserts.is_empty()) {
            Some(text_hash) => relink_stored(&tx, text_hash)?,
            None => 0,
        };
        tx.commit()?;
        Ok(relinked)
    }
}

fn remove_pattern(
    tx: &Transaction<'_>,
    postings: &mut PostingsWriter,
    sizes: &mut SizeList,
    source: &str,
) -> Result<(), IndexError> {
    let id: Option<i64> = tx
        .prepare_cached("SELECT id FROM patterns WHERE source = ?1")?
        .query_map(params![source], |r| r.get(0))?
        .next()
        .transpose()?;
    forget_file(tx, source)?;
    let Some(id) = id else { return Ok(()) };
    postings.remove(tx, id)?;
    sizes.remove(id);
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
    tx.prepare_cached("DELETE FROM pattern_globs WHERE pattern_id = ?1")?
        .execute(params![id])?;
    tx.prepare_cached("DELETE FROM pattern_technologies WHERE pattern_id = ?1")?
        .execute(params![id])?;
    tx.prepare_cached("DELETE FROM pattern_sources WHERE pattern_id = ?1")?
        .execute(params![id])?;
    tx.prepare_cached("DELETE FROM patterns WHERE id = ?1")?
        .execute(params![id])?;
    Ok(())
}

fn to_json<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, IndexError> {
    serde_json::to_string(value).map_err(|e| IndexError::Corrupt(e.to_string()))
}

/// Index a pattern's technologies, so a call's technologies find the patterns about them.
pub(super) fn insert_technologies(
    tx: &Transaction<'_>,
    pattern_id: i64,
    technologies: &[String],
) -> Result<(), IndexError> {
    let mut insert = tx.prepare_cached(
        "INSERT OR IGNORE INTO pattern_technologies (technology, pattern_id) VALUES (?1, ?2)",
    )?;
    for technology in technologies {
        insert.execute(params![technology, pattern_id])?;
    }
    Ok(())
}

/// Insert a pattern's rows and its sections' full text; returns its id.
fn insert_pattern(tx: &Transaction<'_>, record: &PatternRecord<'_>) -> Result<i64, IndexError> {
    let p = record.pattern;
    let fm = &p.frontmatter;
    // A language the path or title names gates the pattern like a declared one, unless the
    // author declared the languages, or scoped another agent's rule file its own way (globs,
    // a folder, always on): that scope is the author's, and a name adds nothing to it.
    let scoped_by_author = record
        .origin
        .as_ref()
        .is_some_and(|o| o.scope != Scope::Described && o.scope != Scope::Manual);
    let named = if fm.languages.is_empty() && !scoped_by_author {
        named_languages(&p.source, &p.title)
    } else {
        Vec::new()
    };
    tx.prepare_cached(
        "INSERT INTO patterns (source, title, tags, languages, universal,
                               applies_when, paths, description, content_hash, has_declared,
                               technologies)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
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
        !fm.languages.is_empty() || !named.is_empty(),
        to_json(&record.technologies)?,
    ])?;
    let pattern_id = tx.last_insert_rowid();
    insert_technologies(tx, pattern_id, &record.technologies)?;
    tx.prepare_cached(
        "INSERT INTO pattern_texts (pattern_id, body, sections) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![
        pattern_id,
        p.body,
        encode_sections(&chunk_spans(&p.body, &p.chunks))?
    ])?;
    insert_globs(tx, pattern_id, &fm.paths)?;
    if let Some(origin) = &record.origin {
        insert_origin(tx, pattern_id, origin, &p.body)?;
    }
    let about = about_text(&fm.tags, fm.description.as_deref());

    let mut lang = tx.prepare_cached(
        "INSERT OR IGNORE INTO pattern_languages (pattern_id, language, declared) VALUES (?1, ?2, ?3)",
    )?;
    for language in &fm.languages {
        lang.execute(params![
            pattern_id,
            language,
            LanguageSource::Declared as i64
        ])?;
    }
    for language in &named {
        lang.execute(params![pattern_id, language, LanguageSource::Named as i64])?;
    }

    // Tags and description are indexed with every chunk (the weighted `tags` column), as is
    // the title, so they find the pattern whichever section holds the words.
    let tags = about;
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
    Ok(pattern_id)
}

/// A pattern's `paths` globs, classified and keyed by what a matching file must have (see
/// `core::select::globs`), so a hook loads only the globs that can match the touched file.
/// Catch-all globs say nothing and are not stored.
pub(super) fn insert_globs(
    tx: &Transaction<'_>,
    pattern_id: i64,
    globs: &[String],
) -> Result<(), IndexError> {
    let mut insert = tx.prepare_cached(
        "INSERT OR IGNORE INTO pattern_globs (pattern_id, position, glob, broad, file_key)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (position, glob) in globs.iter().enumerate() {
        let kind = classify_glob(glob);
        if kind == GlobKind::CatchAll {
            continue;
        }
        for key in glob_file_keys(glob) {
            insert.execute(params![
                pattern_id,
                position as i64,
                glob,
                kind == GlobKind::Broad,
                key
            ])?;
        }
    }
    Ok(())
}

pub(super) fn set_meta(tx: &Transaction<'_>, key: &str, value: &str) -> Result<(), IndexError> {
    tx.prepare_cached(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )?
    .execute(params![key, value])?;
    Ok(())
}

/// Facts about the whole knowledge base, computed once per write that changes it so a hook
/// reads them in a row or two: how many patterns there are, which folders are projects'
/// folders and which file-name words are filler.
fn store_derived_facts(tx: &Transaction<'_>) -> Result<(), IndexError> {
    let mut stmt = tx.prepare_cached(
        "SELECT source, EXISTS (SELECT 1 FROM pattern_sources s WHERE s.pattern_id = p.id)
         FROM patterns p ORDER BY source",
    )?;
    let rows: Vec<(String, bool)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let sources: Vec<String> = rows.iter().map(|(s, _)| s.clone()).collect();
    // Other agents' files are scoped by their own folders (see `core::sources`): only the
    // knowledge dir's layout makes project folders.
    let folders = ProjectFolders::from_sources(
        rows.iter()
            .filter(|(_, native)| !native)
            .map(|(s, _)| s.as_str()),
    );
    let filler = filler_words(sources.iter().map(String::as_str));
    set_meta(tx, PROJECT_FOLDERS_KEY, &to_json(folders.folders())?)?;
    set_meta(tx, NAME_FILLER_KEY, &to_json(&filler)?)?;
    set_meta(tx, PATTERN_COUNT_KEY, &sources.len().to_string())?;
    Ok(())
}
