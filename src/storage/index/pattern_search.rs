//! Whole-pattern full-text search (how hooks rank patterns) and the knowledge-base facts
//! ranking needs.

use std::collections::{BTreeMap, BTreeSet};

use rusqlite::{OptionalExtension, named_params, params};

use super::read::{GATE_SQL, LanguageGate};
use super::write::{NAME_FILLER_KEY, PROJECT_FOLDERS_KEY};
use super::{Index, IndexError};
use crate::core::pattern_name::filler_words;
use crate::core::project_scope::ProjectFolders;

/// Which whole-pattern table to search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatternText {
    /// Path, title, tags and description, body: everything the pattern says.
    Content,
    /// Path, title, tags and description, section headings: what it says it is about.
    Subject,
}

impl PatternText {
    /// The table and its bm25() column weights (see migration 4 for the columns).
    fn ranking(self) -> (&'static str, &'static str) {
        match self {
            Self::Content => ("pattern_fts", "bm25(pattern_fts, 4.0, 3.0, 2.0, 1.0)"),
            Self::Subject => (
                "pattern_subject_fts",
                "bm25(pattern_subject_fts, 3.0, 2.0, 1.0, 0.25)",
            ),
        }
    }
}

/// One pattern matched by whole-pattern search.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternHit {
    pub pattern_id: i64,
    pub source: String,
    pub title: String,
    /// SQLite's bm25() (lower is better).
    pub bm25: f64,
}

/// Facts about the whole knowledge base that ranking needs, read in one go.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KnowledgeFacts {
    pub pattern_count: u64,
    /// Folders that are one project's (see `core::project_scope`).
    pub project_folders: ProjectFolders,
    /// File-name words too common to say what a pattern is about.
    pub name_filler: BTreeSet<String>,
}

impl Index {
    /// Patterns matching an FTS5 expression that pass `gate`, best first (ties by source),
    /// at most `limit`. `expression` must come from [`crate::core::query::fts_expression`].
    pub fn search_patterns(
        &self,
        expression: &str,
        text: PatternText,
        gate: &LanguageGate,
        limit: usize,
    ) -> Result<Vec<PatternHit>, IndexError> {
        let (table, score) = text.ranking();
        let sql = format!(
            "SELECT p.id, p.source, p.title, {score} AS score
             FROM {table} JOIN patterns p ON p.id = {table}.rowid
             WHERE {table} MATCH :expression AND {GATE_SQL}
             ORDER BY score, p.source
             LIMIT :limit"
        );
        let (languages, open) = gate.params()?;
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt.query_map(
            named_params! {
                ":expression": expression,
                ":languages": languages,
                ":open": open,
                ":limit": limit as i64,
            },
            |r| {
                Ok(PatternHit {
                    pattern_id: r.get(0)?,
                    source: r.get(1)?,
                    title: r.get(2)?,
                    bm25: r.get(3)?,
                })
            },
        )?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// How many patterns the index holds.
    pub fn pattern_count(&self) -> Result<u64, IndexError> {
        Ok(self
            .conn
            .prepare_cached("SELECT count(*) FROM patterns")?
            .query_row([], |r| r.get::<_, i64>(0))? as u64)
    }

    /// The pattern count, project folders and file-name filler words. Indexes written before
    /// these facts were stored get them computed from the pattern paths.
    pub fn knowledge_facts(&self) -> Result<KnowledgeFacts, IndexError> {
        let pattern_count = self.pattern_count()?;
        let meta = |key: &str| -> Result<Option<String>, IndexError> {
            Ok(self
                .conn
                .prepare_cached("SELECT value FROM meta WHERE key = ?1")?
                .query_row(params![key], |r| r.get(0))
                .optional()?)
        };
        let decode = |text: String| -> Result<Vec<String>, IndexError> {
            serde_json::from_str(&text).map_err(|e| IndexError::Corrupt(e.to_string()))
        };
        match (meta(PROJECT_FOLDERS_KEY)?, meta(NAME_FILLER_KEY)?) {
            (Some(folders), Some(filler)) => Ok(KnowledgeFacts {
                pattern_count,
                project_folders: ProjectFolders::from_folders(decode(folders)?),
                name_filler: decode(filler)?.into_iter().collect(),
            }),
            _ => {
                let sources = self.pattern_sources()?;
                Ok(KnowledgeFacts {
                    pattern_count,
                    project_folders: ProjectFolders::from_sources(
                        sources.iter().map(String::as_str),
                    ),
                    name_filler: filler_words(sources.iter().map(String::as_str)),
                })
            }
        }
    }

    /// (id, path) of the patterns inside the given folders, in path order.
    pub fn pattern_sources_under(
        &self,
        folders: &[String],
    ) -> Result<Vec<(i64, String)>, IndexError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, source FROM patterns WHERE source > ?1 AND source < ?2 ORDER BY source",
        )?;
        let mut found = Vec::new();
        for folder in folders {
            // Paths under `folder/` sort between `folder/` and `folder0` ('0' follows '/').
            let rows = stmt
                .query_map(params![format!("{folder}/"), format!("{folder}0")], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })?;
            for row in rows {
                found.push(row?);
            }
        }
        Ok(found)
    }

    /// How many patterns hold each of `stems`, for the common ones (more than one pattern in
    /// twenty); rarer stems are not in the map.
    pub fn stem_pattern_counts(
        &self,
        stems: &[String],
    ) -> Result<BTreeMap<String, u64>, IndexError> {
        let stems = serde_json::to_string(stems).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        let mut stmt = self.conn.prepare_cached(
            "SELECT term, docs FROM term_docs WHERE term IN (SELECT value FROM json_each(?1))",
        )?;
        let rows = stmt.query_map(params![stems], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as u64))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// (path, title) of each of `ids` that exists.
    pub fn pattern_names(
        &self,
        ids: &[i64],
    ) -> Result<BTreeMap<i64, (String, String)>, IndexError> {
        let ids = serde_json::to_string(ids).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, source, title FROM patterns WHERE id IN (SELECT value FROM json_each(?1))",
        )?;
        let rows = stmt.query_map(params![ids], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every pattern's path, in order.
    fn pattern_sources(&self) -> Result<Vec<String>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT source FROM patterns ORDER BY source")?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests;
