//! Reading the index: FTS5 search with the structural language gate, pattern lookups, stats.

use std::collections::BTreeMap;

use rusqlite::{OptionalExtension, Row, named_params, params};

use super::{Index, IndexError};
use crate::core::pattern::AppliesWhen;

/// Which patterns a search may return, by language (DESIGN: "structural language gate").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LanguageGate {
    /// Languages inferred from the tool call. Empty: only patterns without a declared
    /// `language` are eligible, unless `open`.
    pub languages: Vec<String>,
    /// With no inferred language, let every pattern through (explicit searches).
    pub open: bool,
}

impl LanguageGate {
    pub fn for_query(query: &crate::core::query::Query) -> Self {
        Self {
            languages: query.languages.clone(),
            open: query.open_language_gate,
        }
    }

    /// Whether a pattern passes, as [`GATE_SQL`] decides it: `declared` it declares a
    /// language at all (in frontmatter, its path or its title), `declares_one` one of the
    /// inferred languages. A language its text merely names is no scope: an undeclared
    /// pattern is for every language.
    pub(super) fn admits(&self, declared: bool, declares_one: bool) -> bool {
        if self.languages.is_empty() {
            !declared || self.open
        } else {
            !declared || declares_one
        }
    }

    /// Whether a pattern passes, from the languages it declares (its rows of
    /// `pattern_languages`), as [`Self::admits`] decides it. For a few candidates this costs
    /// less than reading every pattern that declares one of the gate's languages.
    pub fn admits_rows(&self, declared: &[String]) -> bool {
        self.admits(
            !declared.is_empty(),
            declared.iter().any(|l| self.languages.contains(l)),
        )
    }

    /// The named parameters of [`GATE_SQL`]: `:languages`, `:open`.
    pub(super) fn params(&self) -> Result<(String, bool), IndexError> {
        let languages = serde_json::to_string(&self.languages)
            .map_err(|e| IndexError::Corrupt(e.to_string()))?;
        Ok((languages, self.open))
    }
}

/// The structural language gate as SQL over `p` (patterns), with named parameters
/// `:languages` (JSON array) and `:open`. Patterns that declare a language, or whose path or
/// title names one, need one of those among the inferred ones; undeclared patterns pass (a
/// language their text names is no scope); with none inferred, undeclared patterns pass, and
/// declared ones only when open.
pub(super) const GATE_SQL: &str = "CASE
      WHEN json_array_length(:languages) = 0 THEN (NOT p.has_declared OR :open)
      WHEN p.has_declared THEN EXISTS (
        SELECT 1 FROM pattern_languages pl
        WHERE pl.pattern_id = p.id AND pl.declared >= 1
          AND pl.language IN (SELECT value FROM json_each(:languages)))
      ELSE 1
    END";

/// One chunk matched by full-text search.
#[derive(Debug, Clone, PartialEq)]
pub struct ChunkHit {
    pub chunk_id: i64,
    pub pattern_id: i64,
    pub source: String,
    pub title: String,
    pub heading_path: Vec<String>,
    pub line: usize,
    /// SQLite's bm25() with column weights title 10, tags 5, body 1 (lower is better).
    pub bm25: f64,
}

/// What the hook and MCP need to know about a pattern without its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternSummary {
    pub id: i64,
    pub source: String,
    pub title: String,
    pub tags: Vec<String>,
    pub languages: Vec<String>,
    pub universal: bool,
    pub applies_when: AppliesWhen,
    pub paths: Vec<String>,
    pub description: Option<String>,
}

/// A pattern with its markdown body (frontmatter stripped) for injection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPattern {
    pub summary: PatternSummary,
    pub body: String,
}

/// Counts and facts for `lore status`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct IndexStats {
    pub patterns: u64,
    pub chunks: u64,
    pub schema_version: i64,
    /// Seconds since the Unix epoch of the last completed ingest.
    pub last_ingest: Option<u64>,
}

const FTS_WEIGHTS: &str = "bm25(chunks_fts, 10.0, 5.0, 1.0)";

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, IndexError> {
    serde_json::from_str(text).map_err(|e| IndexError::Corrupt(e.to_string()))
}

const SUMMARY_COLUMNS: &str = "p.id, p.source, p.title, p.tags, p.languages, p.universal, p.applies_when, p.paths, p.description";

/// A `patterns` row as SQLite returns it, before its JSON columns are decoded.
struct SummaryRow {
    id: i64,
    source: String,
    title: String,
    tags: String,
    languages: String,
    universal: bool,
    applies_when: String,
    paths: String,
    description: Option<String>,
}

impl SummaryRow {
    fn read(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            source: row.get(1)?,
            title: row.get(2)?,
            tags: row.get(3)?,
            languages: row.get(4)?,
            universal: row.get(5)?,
            applies_when: row.get(6)?,
            paths: row.get(7)?,
            description: row.get(8)?,
        })
    }

    fn decode(self) -> Result<PatternSummary, IndexError> {
        Ok(PatternSummary {
            id: self.id,
            source: self.source,
            title: self.title,
            tags: from_json(&self.tags)?,
            languages: from_json(&self.languages)?,
            universal: self.universal,
            applies_when: from_json(&self.applies_when)?,
            paths: from_json(&self.paths)?,
            description: self.description,
        })
    }
}

impl Index {
    /// Stored content hash of every pattern, by source path.
    pub fn content_hashes(&self) -> Result<BTreeMap<String, String>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT source, content_hash FROM patterns")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Stored content hash of each of the patterns `ids`, by id (the text of a file, so a
    /// link and the file it leads to have the same).
    pub fn content_hashes_of(&self, ids: &[i64]) -> Result<BTreeMap<i64, String>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT content_hash FROM patterns WHERE id = ?1")?;
        let mut hashes = BTreeMap::new();
        for &id in ids {
            if let Some(hash) = stmt.query_row([id], |r| r.get::<_, String>(0)).optional()? {
                hashes.insert(id, hash);
            }
        }
        Ok(hashes)
    }

    /// Chunks matching an FTS5 expression, best first; ties broken by source then chunk order.
    /// `expression` must come from [`crate::core::query::fts_expression`] (always quoted terms).
    pub fn search_fts(
        &self,
        expression: &str,
        gate: &LanguageGate,
        limit: usize,
    ) -> Result<Vec<ChunkHit>, IndexError> {
        let (languages, open) = gate.params()?;
        let sql = format!(
            "SELECT c.id, c.pattern_id, p.source, p.title, c.heading_path, c.line, {FTS_WEIGHTS} AS score
             FROM chunks_fts
             JOIN chunks c ON c.id = chunks_fts.rowid
             JOIN patterns p ON p.id = c.pattern_id
             WHERE chunks_fts MATCH :expression AND {GATE_SQL}
             ORDER BY score, p.source, c.ordinal
             LIMIT :limit"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt.query_map(
            named_params! {
                ":expression": expression,
                ":languages": languages,
                ":open": open,
                ":limit": limit as i64,
            },
            |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, f64>(6)?,
                ))
            },
        )?;
        let mut hits = Vec::new();
        for row in rows {
            let (chunk_id, pattern_id, source, title, heading_path, line, bm25) = row?;
            hits.push(ChunkHit {
                chunk_id,
                pattern_id,
                source,
                title,
                heading_path: from_json(&heading_path)?,
                line: line as usize,
                bm25,
            });
        }
        Ok(hits)
    }

    /// Every pattern's summary, ordered by source path.
    pub fn pattern_summaries(&self) -> Result<Vec<PatternSummary>, IndexError> {
        self.summaries_where("1")
    }

    /// Summaries of the universal patterns, ordered by source path.
    pub fn universal_summaries(&self) -> Result<Vec<PatternSummary>, IndexError> {
        self.summaries_where("p.universal")
    }

    /// The `paths` globs that may match a file with these keys (see
    /// `core::select::globs::path_file_keys`): (pattern id, glob, broad), in pattern id order
    /// then declaration order.
    pub fn candidate_globs(
        &self,
        file_keys: &[String],
    ) -> Result<Vec<(i64, String, bool)>, IndexError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT pattern_id, position, glob, broad FROM pattern_globs WHERE file_key = ?1",
        )?;
        let mut globs: Vec<(i64, i64, String, bool)> = Vec::new();
        for key in file_keys {
            let mut rows = stmt.query(params![key])?;
            while let Some(r) = rows.next()? {
                globs.push((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?));
            }
        }
        // A glob is keyed once per file key it may match; several keys can name it.
        globs.sort_unstable_by_key(|&(id, position, ..)| (id, position));
        globs.dedup_by_key(|&mut (id, position, ..)| (id, position));
        Ok(globs
            .into_iter()
            .map(|(id, _, glob, broad)| (id, glob, broad))
            .collect())
    }

    /// The languages each of `ids` declares (in frontmatter, or by its path or title).
    pub fn pattern_language_rows(
        &self,
        ids: &[i64],
    ) -> Result<BTreeMap<i64, Vec<String>>, IndexError> {
        self.texts_per_pattern(
            "SELECT language FROM pattern_languages WHERE pattern_id = ?1 AND declared >= 1",
            ids,
        )
    }

    /// The `paths` globs of each of `ids`, in declaration order (none for a pattern without).
    pub fn globs_of(&self, ids: &[i64]) -> Result<BTreeMap<i64, Vec<String>>, IndexError> {
        self.texts_per_pattern(
            "SELECT glob FROM pattern_globs WHERE pattern_id = ?1 GROUP BY position ORDER BY position",
            ids,
        )
    }

    /// The text column `sql` (a constant of this module, taking the pattern id as `?1`) reads
    /// for each of `ids`.
    fn texts_per_pattern(
        &self,
        sql: &str,
        ids: &[i64],
    ) -> Result<BTreeMap<i64, Vec<String>>, IndexError> {
        let mut stmt = self.conn.prepare_cached(sql)?;
        let mut found = BTreeMap::new();
        for &id in ids {
            let rows: Vec<String> = stmt
                .query_map(params![id], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            found.insert(id, rows);
        }
        Ok(found)
    }

    /// Which of `ids` have a `paths` glob of this kind: `broad` ones restate a language
    /// (`**/*.c`), the others name a part of the project (`tests/**`, `Makefile`).
    pub fn patterns_with_globs(
        &self,
        ids: &[i64],
        broad: bool,
    ) -> Result<std::collections::BTreeSet<i64>, IndexError> {
        if ids.is_empty() {
            return Ok(std::collections::BTreeSet::new());
        }
        // One statement for all of them: a hook asks this of hundreds of candidates.
        let ids = serde_json::to_string(ids).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        let mut stmt = self.conn.prepare_cached(
            "SELECT value FROM json_each(?1) WHERE EXISTS (
                 SELECT 1 FROM pattern_globs WHERE pattern_id = value AND broad = ?2)",
        )?;
        let found = stmt
            .query_map(params![ids, broad], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(found)
    }

    /// The bodies of those of `ids` whose text holds `needle` (case-sensitive), read in one
    /// statement: the caller checks what surrounds each occurrence.
    pub fn bodies_holding(
        &self,
        ids: &[i64],
        needle: &str,
    ) -> Result<Vec<(i64, String)>, IndexError> {
        if ids.is_empty() || needle.is_empty() {
            return Ok(Vec::new());
        }
        let ids = serde_json::to_string(ids).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        let mut stmt = self.conn.prepare_cached(
            "SELECT t.pattern_id, t.body FROM json_each(?1) j
             JOIN pattern_texts t ON t.pattern_id = j.value WHERE instr(t.body, ?2) > 0",
        )?;
        let found = stmt
            .query_map(params![ids, needle], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        Ok(found)
    }

    /// Summaries of the universal patterns that name tools or commands in `applies_when`
    /// (the only ones a tool call can bring back), ordered by source path.
    pub fn gated_universal_summaries(&self) -> Result<Vec<PatternSummary>, IndexError> {
        self.summaries_where("p.universal AND p.applies_when <> '{}'")
    }

    /// `condition` is a constant SQL expression from this module, never user text.
    fn summaries_where(&self, condition: &str) -> Result<Vec<PatternSummary>, IndexError> {
        let sql =
            format!("SELECT {SUMMARY_COLUMNS} FROM patterns p WHERE {condition} ORDER BY p.source");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt.query_map([], SummaryRow::read)?;
        rows.map(|r| r?.decode()).collect()
    }

    /// One pattern with its body, by id.
    pub fn pattern(&self, id: i64) -> Result<Option<StoredPattern>, IndexError> {
        let sql = format!(
            "SELECT {SUMMARY_COLUMNS}, t.body FROM patterns p
             JOIN pattern_texts t ON t.pattern_id = p.id WHERE p.id = ?1"
        );
        let row = self
            .conn
            .prepare_cached(&sql)?
            .query_row(params![id], |r| {
                Ok((SummaryRow::read(r)?, r.get::<_, String>(9)?))
            })
            .optional()?;
        row.map(|(summary, body)| {
            Ok(StoredPattern {
                summary: summary.decode()?,
                body,
            })
        })
        .transpose()
    }

    /// The text of each of `ids` that exists, by section id (a search result's section).
    pub fn chunk_bodies(&self, ids: &[i64]) -> Result<BTreeMap<i64, String>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT body FROM chunks WHERE id = ?1")?;
        let mut out = BTreeMap::new();
        for &id in ids {
            if let Some(body) = stmt
                .query_row(params![id], |r| r.get::<_, String>(0))
                .optional()?
            {
                out.insert(id, body);
            }
        }
        Ok(out)
    }

    /// Number of indexed sections: what the noise floor scales with, on the hook's path.
    pub fn chunk_count(&self) -> Result<u64, IndexError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM chunks", [], |r| r.get::<_, i64>(0))?
            as u64)
    }

    pub fn stats(&self) -> Result<IndexStats, IndexError> {
        let count = |sql: &str| -> Result<u64, IndexError> {
            Ok(self.conn.query_row(sql, [], |r| r.get::<_, i64>(0))? as u64)
        };
        let last_ingest: Option<String> = self
            .conn
            .query_row(
                "SELECT value FROM meta WHERE key = 'last_ingest'",
                [],
                |r| r.get(0),
            )
            .optional()?;
        Ok(IndexStats {
            patterns: count("SELECT count(*) FROM patterns")?,
            chunks: self.chunk_count()?,
            schema_version: self
                .conn
                .query_row("PRAGMA user_version", [], |r| r.get(0))?,
            last_ingest: last_ingest.and_then(|v| v.parse().ok()),
        })
    }
}
