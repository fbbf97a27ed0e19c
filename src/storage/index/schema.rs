//! Index schema and migrations. Each migration is applied once, in order, and tracked with
//! `PRAGMA user_version`; a released migration is never edited, only followed by a new one.

use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::IndexError;
use super::pattern_text::encode_sections;
use super::pattern_vectors::backfill_pattern_vectors;
use super::term_postings::{PostingsWriter, write_sizes};
use super::write::{LanguageSource, insert_globs, insert_technologies};
use crate::core::pattern::section_spans;
use crate::core::query::{StemCache, TechnologyTable, named_languages};
use crate::core::select::pattern_terms::{
    PatternFields, about_text, count_terms, headings_text, name_text,
};

/// Migration `n` (1-based) brings the schema from version n-1 to n.
pub(super) const MIGRATIONS: &[&str] = &[
    // 1: patterns, chunks, languages and the FTS5 table.
    r#"
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE patterns (
        id            INTEGER PRIMARY KEY,
        source        TEXT NOT NULL UNIQUE,
        title         TEXT NOT NULL,
        raw           TEXT NOT NULL,
        body          TEXT NOT NULL,
        tags          TEXT NOT NULL,
        languages     TEXT NOT NULL,
        universal     INTEGER NOT NULL,
        applies_when  TEXT NOT NULL,
        paths         TEXT NOT NULL,
        description   TEXT,
        content_hash  TEXT NOT NULL,
        has_declared  INTEGER NOT NULL
    );
    CREATE TABLE chunks (
        id            INTEGER PRIMARY KEY,
        pattern_id    INTEGER NOT NULL REFERENCES patterns(id),
        ordinal       INTEGER NOT NULL,
        heading_path  TEXT NOT NULL,
        body          TEXT NOT NULL,
        line          INTEGER NOT NULL,
        UNIQUE (pattern_id, ordinal)
    );
    -- declared = 1: frontmatter `language`; declared = 0: the language is mentioned in the text.
    CREATE TABLE pattern_languages (
        pattern_id    INTEGER NOT NULL REFERENCES patterns(id),
        language      TEXT NOT NULL,
        declared      INTEGER NOT NULL,
        PRIMARY KEY (pattern_id, language, declared)
    );
    CREATE INDEX pattern_languages_by_language ON pattern_languages (language, declared);
    CREATE VIRTUAL TABLE chunks_fts USING fts5(
        title, tags, body,
        tokenize = 'porter unicode61'
    );
    "#,
    // 2: embeddings. Vectors are stored once per distinct embedded text (content-addressed,
    // so a chunk whose text did not change is never embedded again, even when its pattern was
    // rewritten and its chunk rows replaced); `chunk_embeddings` links chunks to them and is
    // emptied by a trigger when chunks go, inside the ingest transaction. The model and the
    // dimension the vectors came from live in `meta`. Query vectors are cached per model.
    r#"
    CREATE TABLE embeddings (
        text_hash     TEXT PRIMARY KEY,
        vector        BLOB NOT NULL
    );
    CREATE TABLE chunk_embeddings (
        chunk_id      INTEGER PRIMARY KEY REFERENCES chunks(id),
        text_hash     TEXT NOT NULL
    );
    CREATE INDEX chunk_embeddings_by_hash ON chunk_embeddings (text_hash);
    CREATE TRIGGER chunks_drop_embedding AFTER DELETE ON chunks BEGIN
        DELETE FROM chunk_embeddings WHERE chunk_id = old.id;
    END;
    CREATE TABLE query_embeddings (
        id            INTEGER PRIMARY KEY,
        model         TEXT NOT NULL,
        text_hash     TEXT NOT NULL,
        vector        BLOB NOT NULL,
        UNIQUE (model, text_hash)
    );
    "#,
    // 3: pattern texts apart from pattern facts. With the file text inside `patterns`, every
    // look at a pattern's small columns (tags, paths, content hash) walked its overflow pages:
    // a hook read the whole index to check the `paths` globs.
    r#"
    CREATE TABLE pattern_texts (
        pattern_id    INTEGER PRIMARY KEY REFERENCES patterns(id),
        raw           TEXT NOT NULL,
        body          TEXT NOT NULL
    );
    INSERT INTO pattern_texts (pattern_id, raw, body) SELECT id, raw, body FROM patterns;
    ALTER TABLE patterns DROP COLUMN raw;
    ALTER TABLE patterns DROP COLUMN body;
    "#,
    // 4: whole patterns in full text, which is how hooks rank them: `pattern_fts` holds each
    // pattern's path, title, tags with description (`about`) and body; `pattern_subject_fts`
    // only what the pattern says it is about, with its section headings, so one matching
    // word in those short fields weighs what it should. Rows share the pattern's id.
    r#"
    CREATE VIRTUAL TABLE pattern_fts USING fts5(
        name, title, about, body,
        tokenize = 'porter unicode61'
    );
    CREATE VIRTUAL TABLE pattern_subject_fts USING fts5(
        name, title, about, headings,
        tokenize = 'porter unicode61'
    );
    INSERT INTO pattern_fts (rowid, name, title, about, body)
        SELECT p.id, p.source, p.title,
               coalesce((SELECT group_concat(value, ' ') FROM json_each(p.tags)), '')
                   || ' ' || coalesce(p.description, ''),
               t.body
        FROM patterns p JOIN pattern_texts t ON t.pattern_id = p.id;
    INSERT INTO pattern_subject_fts (rowid, name, title, about, headings)
        SELECT p.id, p.source, p.title,
               coalesce((SELECT group_concat(value, ' ') FROM json_each(p.tags)), '')
                   || ' ' || coalesce(p.description, ''),
               coalesce((SELECT group_concat(json_extract(c.heading_path, '$[#-1]'), ' ')
                         FROM chunks c WHERE c.pattern_id = p.id), '')
        FROM patterns p;
    CREATE TABLE pattern_globs (
        pattern_id    INTEGER NOT NULL REFERENCES patterns(id),
        position      INTEGER NOT NULL,
        glob          TEXT NOT NULL,
        broad         INTEGER NOT NULL,
        file_key      TEXT NOT NULL,
        PRIMARY KEY (pattern_id, position, file_key)
    );
    CREATE INDEX pattern_globs_by_file_key ON pattern_globs (file_key);
    -- How many patterns hold each common stem (in more than 1 pattern in 20): a hook drops
    -- the terms most patterns hold before searching (see core::query::focus).
    CREATE VIRTUAL TABLE pattern_vocab USING fts5vocab(pattern_fts, 'row');
    CREATE TABLE term_docs (
        term          TEXT PRIMARY KEY,
        docs          INTEGER NOT NULL
    ) WITHOUT ROWID;
    INSERT INTO term_docs (term, docs)
        SELECT term, doc FROM pattern_vocab
        WHERE doc * 20 > (SELECT count(*) FROM patterns);
    "#,
    // 5: whole-pattern postings in place of migration 4's FTS5 tables. Hooks rank with
    // BM25 computed from these (see `core::select::bm25`): FTS5 looked up each matching row's size,
    // about 4 µs a pattern, and indexing every text a second time in FTS5 made a full
    // ingest twice as slow. `pattern_terms` holds one posting list per stem, with the number
    // of patterns holding it; `pattern_sizes` each pattern's token counts; and
    // `pattern_term_lists` the ids of each pattern's stems, so removing it touches only those.
    // Less to write on every ingest, too: the sections' full-text table keeps no copy of
    // their text (only its index; `chunks` holds the text), and the raw file, which nothing
    // read, is no longer stored. (`IF EXISTS`: development builds of schema 4 made other
    // whole-pattern tables; an index they wrote still upgrades.)
    r#"
    ALTER TABLE pattern_texts DROP COLUMN raw;
    DROP TABLE chunks_fts;
    CREATE VIRTUAL TABLE chunks_fts USING fts5(
        title, tags, body,
        content = '', contentless_delete = 1,
        tokenize = 'porter unicode61'
    );
    INSERT INTO chunks_fts (rowid, title, tags, body)
        SELECT c.id, p.title,
               coalesce((SELECT group_concat(value, ' ') FROM json_each(p.tags)), '')
                   || ' ' || coalesce(p.description, ''),
               c.body
        FROM chunks c JOIN patterns p ON p.id = c.pattern_id;
    DROP TABLE IF EXISTS term_docs;
    DROP TABLE IF EXISTS pattern_vocab;
    DROP TABLE IF EXISTS pattern_fts;
    DROP TABLE IF EXISTS pattern_subject_fts;
    CREATE TABLE pattern_terms (
        id            INTEGER PRIMARY KEY,
        term          TEXT NOT NULL UNIQUE,
        docs          INTEGER NOT NULL,
        postings      BLOB NOT NULL
    );
    CREATE TABLE pattern_sizes (
        pattern_id      INTEGER PRIMARY KEY REFERENCES patterns(id),
        content_tokens  INTEGER NOT NULL,
        subject_tokens  INTEGER NOT NULL
    );
    CREATE TABLE pattern_term_lists (
        pattern_id    INTEGER PRIMARY KEY REFERENCES patterns(id),
        term_ids      BLOB NOT NULL
    );
    "#,
    // 6: what every hook reads about the whole knowledge base, without a row per pattern:
    // all patterns' token counts in one list (see `term_postings`) in place of
    // `pattern_sizes`, whose thousand rows a hook read one by one, and an index of the
    // universal patterns a tool call can bring back, which a hook found by reading every
    // pattern. The backfill packs the old rows and drops their table.
    r#"
    CREATE TABLE pattern_size_list (
        id      INTEGER PRIMARY KEY CHECK (id = 1),
        sizes   BLOB NOT NULL
    );
    CREATE INDEX patterns_gated_universal ON patterns (source)
        WHERE universal AND applies_when <> '{}';
    "#,
    // 7: less for a hook to read. Each pattern's text records where its sections lie, so
    // rendering an excerpt reads the text once instead of the text and then every chunk;
    // globs are stored in file-key order, and keyed by a literal extension (`**/*Test.java`)
    // or first directory (`src/routes/**`) where they have one rather than loaded for every
    // file; and the language index holds the pattern ids, so the language gate reads the
    // index alone. The backfill keys the globs again and finds the sections of each text.
    r#"
    ALTER TABLE pattern_texts ADD COLUMN sections TEXT NOT NULL DEFAULT '[]';
    DROP TABLE pattern_globs;
    CREATE TABLE pattern_globs (
        file_key      TEXT NOT NULL,
        pattern_id    INTEGER NOT NULL REFERENCES patterns(id),
        position      INTEGER NOT NULL,
        glob          TEXT NOT NULL,
        broad         INTEGER NOT NULL,
        PRIMARY KEY (file_key, pattern_id, position)
    ) WITHOUT ROWID;
    CREATE INDEX pattern_globs_by_pattern ON pattern_globs (pattern_id);
    DROP INDEX pattern_languages_by_language;
    CREATE INDEX pattern_languages_by_language
        ON pattern_languages (language, declared, pattern_id);
    "#,
    // 8: each pattern's section vectors in one row, in section order (see `pattern_vectors`),
    // so vector search reads a row per pattern instead of two lookups per section. Derived
    // from the links, dropped with the pattern's sections; the backfill writes them.
    r#"
    CREATE TABLE pattern_vectors (
        pattern_id    INTEGER PRIMARY KEY REFERENCES patterns(id),
        chunk_ids     BLOB NOT NULL,
        vectors       BLOB NOT NULL
    );
    CREATE TRIGGER chunks_drop_pattern_vectors AFTER DELETE ON chunks BEGIN
        DELETE FROM pattern_vectors WHERE pattern_id = old.pattern_id;
    END;
    "#,
    // 9: what makes a pattern specific. The languages its path or title names
    // (`uber-go-guide/time.md` is about Go) gate it like declared ones: rows with
    // `declared = 2`, and `has_declared` set. The technologies it is about (Next.js,
    // Django, MCP SDKs) are stored with it and indexed by technology. The backfill names
    // both from what the index holds, and clears every content hash so the next ingest
    // reads each file again for what only the file says (frontmatter `technologies`).
    r#"
    ALTER TABLE patterns ADD COLUMN technologies TEXT NOT NULL DEFAULT '[]';
    CREATE TABLE pattern_technologies (
        technology    TEXT NOT NULL,
        pattern_id    INTEGER NOT NULL REFERENCES patterns(id),
        PRIMARY KEY (technology, pattern_id)
    ) WITHOUT ROWID;
    CREATE INDEX pattern_technologies_by_pattern ON pattern_technologies (pattern_id);
    "#,
    // 10: patterns read in place from other agents' rule files (`core::sources`): their
    // format, the scope their authors wrote, the folder it applies to, and whether hooks may
    // inject them. lore's own patterns have no row, so a hook reads rows only for its
    // candidates, and the folder-scoped ones of the folders it is in (by the index).
    r#"
    CREATE TABLE pattern_sources (
        pattern_id    INTEGER PRIMARY KEY REFERENCES patterns(id),
        kind          TEXT NOT NULL,
        scope         TEXT NOT NULL,
        folder        TEXT NOT NULL,
        hooks         INTEGER NOT NULL
    );
    CREATE INDEX pattern_sources_by_folder ON pattern_sources (scope, folder);
    "#,
    // 11: what each indexed pattern file looked like on disk when it was read (size, times,
    // inode; see `core::file_stamp`), so a delta ingest reads only the files whose stamp
    // changed. Empty after the upgrade: the next ingest reads every file once, as before,
    // and records them.
    r#"
    CREATE TABLE source_files (
        source        TEXT PRIMARY KEY,
        size          INTEGER NOT NULL,
        mtime_ns      INTEGER NOT NULL,
        ctime_ns      INTEGER NOT NULL,
        inode         INTEGER NOT NULL,
        device        INTEGER NOT NULL,
        content_hash  TEXT NOT NULL,
        seen_at_ns    INTEGER NOT NULL
    ) WITHOUT ROWID;
    "#,
    // 12: the rows a hook's language gate reads for hundreds of candidates by id (whether
    // the pattern declares languages, its path and title), apart from the rest of each
    // pattern's facts: a third of the pages to visit, 8% off a hook at 5,000 patterns.
    r#"
    CREATE INDEX patterns_gate_rows ON patterns (id, has_declared, source, title);
    "#,
    // 13: the regexes of rules that apply by what a file holds (Continue's `regex`, scope
    // `content`), as a JSON list; NULL for every other rule. Continue rules indexed before
    // were scoped as found by their words: their stamps and hashes are cleared so the next
    // ingest reads them again.
    r#"
    ALTER TABLE pattern_sources ADD COLUMN regexes TEXT;
    DELETE FROM source_files WHERE source IN (
        SELECT p.source FROM patterns p JOIN pattern_sources s ON s.pattern_id = p.id
        WHERE s.kind = 'continue'
    );
    UPDATE patterns SET content_hash = ''
    WHERE id IN (SELECT pattern_id FROM pattern_sources WHERE kind = 'continue');
    "#,
    // 14: the files an instruction file imports (`@AGENTS.md` in a `CLAUDE.md`), as a JSON
    // list of paths from the repository root; NULL when it imports none. A harness that
    // loads the file loads them too, so lore leaves them out. Instruction files indexed
    // before are read again by the next ingest to find their imports.
    r#"
    ALTER TABLE pattern_sources ADD COLUMN imports TEXT;
    DELETE FROM source_files WHERE source IN (
        SELECT p.source FROM patterns p JOIN pattern_sources s ON s.pattern_id = p.id
        WHERE s.kind = 'agents_md'
    );
    UPDATE patterns SET content_hash = ''
    WHERE id IN (SELECT pattern_id FROM pattern_sources WHERE kind = 'agents_md');
    "#,
    // 15: a language a pattern's text merely names no longer scopes it (a file titled
    // "Writing SQL" applies to the TypeScript that builds SQL): those rows go.
    r#"
    DELETE FROM pattern_languages WHERE declared = 0;
    "#,
    // 16: a rule file's name words no longer hold its format's folders and marks
    // (`.github/instructions/`, `.instructions`, see `core::sources::naming_path`): rule
    // files indexed before are read again by the next ingest to count them anew.
    // Folder instructions (`AGENTS.md`) are named as before.
    r#"
    DELETE FROM source_files WHERE source IN (
        SELECT p.source FROM patterns p JOIN pattern_sources s ON s.pattern_id = p.id
        WHERE s.kind <> 'agents_md'
    );
    UPDATE patterns SET content_hash = ''
    WHERE id IN (SELECT pattern_id FROM pattern_sources WHERE kind <> 'agents_md');
    "#,
    // 17: a file saved with Windows line endings is indexed with Unix ones (a `\r` reached
    // the agent in every excerpt); a rule file in a nested rules folder
    // (`apps/web/.cursor/rules/`) no longer has that folder's words in its name (see
    // `core::sources::naming_path`); a camelCase name has the words of its hyphenated form
    // (`dataFetching.mdc`, `APIErrors.md`, see `pattern_terms::name_text`); and a rule file
    // keeps the hash of its text without frontmatter, so one rule kept in two agents' formats
    // is one text (`rule_sources::RuleText::text_hash`): all are read again by the next
    // ingest, every rule file among them (until then a rule's whole file stands for its
    // text, as before).
    r#"
    ALTER TABLE pattern_sources ADD COLUMN text_hash TEXT;
    CREATE TEMP TABLE reread AS
        SELECT p.id, p.source FROM patterns p JOIN pattern_texts t ON t.pattern_id = p.id
        WHERE instr(t.body, char(13)) > 0
        UNION
        SELECT p.id, p.source FROM patterns p JOIN pattern_sources s ON s.pattern_id = p.id
        UNION
        SELECT id, source FROM patterns
        WHERE source GLOB '*[a-z0-9][A-Z]*' OR source GLOB '*[A-Z][A-Z][a-z]*';
    DELETE FROM source_files WHERE source IN (SELECT source FROM reread);
    UPDATE patterns SET content_hash = '' WHERE id IN (SELECT id FROM reread);
    DROP TABLE reread;
    "#,
    // 18: whether a rule file's frontmatter lacks its opening `---` (see
    // `core::sources::RuleOrigin::unopened_frontmatter`): Copilot CLI then applies the rule to
    // every request, so lore must not send it again. Rule files with frontmatter of their own
    // are read again by the next ingest to find out.
    r#"
    ALTER TABLE pattern_sources ADD COLUMN unopened INTEGER NOT NULL DEFAULT 0;
    DELETE FROM source_files WHERE source IN (
        SELECT p.source FROM patterns p JOIN pattern_sources s ON s.pattern_id = p.id
        WHERE s.kind <> 'agents_md'
    );
    UPDATE patterns SET content_hash = ''
    WHERE id IN (SELECT pattern_id FROM pattern_sources WHERE kind <> 'agents_md');
    "#,
];

/// Rows a migration adds with lore's own rules, which SQL cannot apply: migrations 4 and 7
/// key each stored glob (`pattern_globs`), migration 5's postings count each stored
/// pattern's words, migration 6 packs the token counts, migration 7 finds the sections,
/// migration 8 gathers each pattern's vectors, migration 9 names languages.
fn backfill(version: usize, tx: &Transaction<'_>) -> Result<(), IndexError> {
    match version {
        4 => backfill_globs(tx),
        5 => backfill_postings(tx),
        6 => pack_sizes(tx),
        7 => {
            backfill_globs(tx)?;
            backfill_sections(tx)
        }
        8 => backfill_pattern_vectors(tx),
        9 => {
            backfill_named_languages(tx)?;
            backfill_technologies(tx)
        }
        _ => Ok(()),
    }
}

fn backfill_named_languages(tx: &Transaction<'_>) -> Result<(), IndexError> {
    let rows: Vec<(i64, String, String)> = tx
        .prepare("SELECT id, source, title FROM patterns WHERE NOT has_declared")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut insert = tx.prepare(
        "INSERT OR IGNORE INTO pattern_languages (pattern_id, language, declared) VALUES (?1, ?2, ?3)",
    )?;
    let mut mark = tx.prepare("UPDATE patterns SET has_declared = 1 WHERE id = ?1")?;
    for (id, source, title) in rows {
        let named = named_languages(&source, &title);
        for language in &named {
            insert.execute(rusqlite::params![
                id,
                language,
                LanguageSource::Named as i64
            ])?;
        }
        if !named.is_empty() {
            mark.execute([id])?;
        }
    }
    Ok(())
}

fn backfill_technologies(tx: &Transaction<'_>) -> Result<(), IndexError> {
    let rows: Vec<(i64, String, String, String)> = tx
        .prepare("SELECT id, source, title, tags FROM patterns")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    let table = TechnologyTable::builtin();
    let mut store =
        tx.prepare("UPDATE patterns SET technologies = ?2, content_hash = '' WHERE id = ?1")?;
    for (id, source, title, tags) in rows {
        let tags: Vec<String> =
            serde_json::from_str(&tags).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        // As ingest does: what the pattern's name, tags and title say (see
        // `services::ingest`); frontmatter `technologies` come with the next ingest.
        let technologies = table.of_pattern(&source, &title, None, &tags, None);
        let json =
            serde_json::to_string(&technologies).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        store.execute(rusqlite::params![id, json])?;
        insert_technologies(tx, id, &technologies)?;
    }
    Ok(())
}

fn backfill_globs(tx: &Transaction<'_>) -> Result<(), IndexError> {
    let mut stmt = tx.prepare("SELECT id, paths FROM patterns")?;
    let rows: Vec<(i64, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for (id, paths) in rows {
        let globs: Vec<String> =
            serde_json::from_str(&paths).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        insert_globs(tx, id, &globs)?;
    }
    Ok(())
}

/// Each stored text's sections, from its chunks (whose texts are slices of it, in order).
fn backfill_sections(tx: &Transaction<'_>) -> Result<(), IndexError> {
    let texts: Vec<(i64, String)> = tx
        .prepare("SELECT pattern_id, body FROM pattern_texts")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut chunks =
        tx.prepare("SELECT heading_path, body FROM chunks WHERE pattern_id = ?1 ORDER BY ordinal")?;
    let mut update = tx.prepare("UPDATE pattern_texts SET sections = ?2 WHERE pattern_id = ?1")?;
    for (id, body) in texts {
        let rows: Vec<(String, String)> = chunks
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let mut sections = Vec::with_capacity(rows.len());
        for (heading_path, text) in rows {
            let heading_path: Vec<String> = serde_json::from_str(&heading_path)
                .map_err(|e| IndexError::Corrupt(e.to_string()))?;
            sections.push((text, heading_path));
        }
        let spans = section_spans(
            &body,
            sections.iter().map(|(t, h)| (t.as_str(), h.as_slice())),
        );
        update.execute(rusqlite::params![id, encode_sections(&spans)?])?;
    }
    Ok(())
}

fn pack_sizes(tx: &Transaction<'_>) -> Result<(), IndexError> {
    let sizes = tx
        .prepare("SELECT pattern_id, content_tokens, subject_tokens FROM pattern_sizes")?
        .query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))?
        .collect::<Result<_, _>>()?;
    write_sizes(tx, &sizes)?;
    tx.execute_batch("DROP TABLE pattern_sizes")?;
    Ok(())
}

fn backfill_postings(tx: &Transaction<'_>) -> Result<(), IndexError> {
    let mut stmt = tx.prepare(
        "SELECT p.id, p.source, p.title, p.tags, p.description, t.body,
                coalesce((SELECT json_group_array(c.heading_path) FROM
                            (SELECT heading_path FROM chunks
                             WHERE pattern_id = p.id ORDER BY ordinal) c), '[]')
         FROM patterns p JOIN pattern_texts t ON t.pattern_id = p.id ORDER BY p.id",
    )?;
    type Row = (i64, String, String, String, Option<String>, String, String);
    let rows: Vec<Row> = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        })?
        .collect::<Result<_, _>>()?;
    let corrupt = |e: serde_json::Error| IndexError::Corrupt(e.to_string());
    let mut writer = PostingsWriter::new(tx, true)?;
    let mut stems = StemCache::default();
    for (id, source, title, tags, description, body, heading_paths) in rows {
        let tags: Vec<String> = serde_json::from_str(&tags).map_err(corrupt)?;
        let paths: Vec<String> = serde_json::from_str(&heading_paths).map_err(corrupt)?;
        let mut last_headings = Vec::new();
        for path in paths {
            let path: Vec<String> = serde_json::from_str(&path).map_err(corrupt)?;
            last_headings.extend(path.last().cloned());
        }
        let about = about_text(&tags, description.as_deref());
        let headings = headings_text(last_headings.iter().map(String::as_str));
        let fields = PatternFields {
            name: &name_text(&source),
            title: &title,
            about: &about,
            body: &body,
            headings: &headings,
        };
        let terms = count_terms(&fields, &mut stems);
        // Schema 5 kept each pattern's token counts in a row of their own.
        tx.prepare_cached(
            "INSERT INTO pattern_sizes (pattern_id, content_tokens, subject_tokens)
             VALUES (?1, ?2, ?3)",
        )?
        .execute(rusqlite::params![
            id,
            terms.content_tokens,
            terms.subject_tokens
        ])?;
        writer.add(tx, id, &terms)?;
    }
    writer.finish(tx)
}

/// The schema version this build of lore writes and reads.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Bring the database up to [`SCHEMA_VERSION`], one transaction per migration.
pub fn migrate(conn: &mut Connection) -> Result<(), IndexError> {
    migrate_to(conn, SCHEMA_VERSION)
}

/// Bring the database up to `version` (tests build older schemas with it).
///
/// Several processes may open an outdated index at once (a hook's refresh, an MCP server, an
/// ingest): each step runs in an immediate transaction that reads the version again once it
/// holds the write lock, so a step another process has just applied is skipped, not repeated.
pub(super) fn migrate_to(conn: &mut Connection, version: i64) -> Result<(), IndexError> {
    let check = |current: i64| {
        if current > SCHEMA_VERSION {
            return Err(IndexError::NewerSchema {
                found: current,
                supported: SCHEMA_VERSION,
            });
        }
        Ok(current)
    };
    // Up to date, the usual case: no write lock taken.
    if check(user_version(conn)?)? >= version {
        return Ok(());
    }
    loop {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let current = check(user_version(&tx)?)?;
        let Some(sql) = MIGRATIONS
            .get(current as usize)
            .filter(|_| current < version)
        else {
            return Ok(());
        };
        tx.execute_batch(sql)?;
        backfill(current as usize + 1, &tx)?;
        tx.pragma_update(None, "user_version", current + 1)?;
        tx.commit()?;
    }
}

fn user_version(conn: &Connection) -> Result<i64, IndexError> {
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}
