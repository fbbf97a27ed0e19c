//! Where each pattern read from another agent's rule file came from and how it is scoped
//! (`pattern_sources`, see `core::sources`): written with the pattern, removed with it, and
//! read by selection for its candidates only, or for the few folder-scoped files, or for the
//! few content-scoped ones when a call writes something.

use std::collections::BTreeMap;

use rusqlite::{Row, Transaction, params};

use super::{Index, IndexError};
use crate::core::content_hash::content_hash;
use crate::core::sources::{RuleOrigin, Scope, SourceKind};

/// A folder-scoped rule file (`AGENTS.md` and the like) with what a candidate needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FolderRule {
    pub id: i64,
    pub source: String,
    pub title: String,
    pub origin: RuleOrigin,
}

/// A content-scoped rule (Continue's `regex`) with what its check needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentRule {
    pub id: i64,
    pub source: String,
    pub title: String,
    /// Its globs (the pattern's `paths`); empty: any file.
    pub globs: Vec<String>,
    pub regexes: Vec<String>,
}

/// A rule file's source, the hash of its text and its origin.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleText {
    pub source: String,
    /// A hash of the rule's text without its frontmatter: the same rule kept for two agents
    /// (`.cursor/rules/api.mdc` and `.github/instructions/api.instructions.md`), a link and
    /// the file it leads to, share it. (The whole file's hash for a rule indexed before
    /// schema 17, until the next ingest reads it again.)
    pub text_hash: String,
    pub origin: RuleOrigin,
}

/// Each rule's source with its origin, as `core::sources` reads what a harness loads.
pub fn rule_origins(rules: &BTreeMap<i64, RuleText>) -> Vec<(&str, &RuleOrigin)> {
    rules
        .values()
        .map(|rule| (rule.source.as_str(), &rule.origin))
        .collect()
}

const ORIGIN_COLUMNS: &str = "s.kind, s.scope, s.folder, s.hooks, s.regexes, s.imports, s.unopened";

fn decode_list(text: Option<String>) -> Result<Vec<String>, IndexError> {
    match text {
        None => Ok(Vec::new()),
        Some(text) => serde_json::from_str(&text).map_err(|e| IndexError::Corrupt(e.to_string())),
    }
}

/// The origin in the seven columns starting at `at`.
fn read_origin(row: &Row<'_>, at: usize) -> Result<RuleOrigin, IndexError> {
    let kind: String = row.get(at)?;
    let scope: String = row.get(at + 1)?;
    let corrupt = |what: &str, value: &str| {
        IndexError::Corrupt(format!("pattern_sources holds an unknown {what} `{value}`"))
    };
    Ok(RuleOrigin {
        kind: SourceKind::from_key(&kind).ok_or_else(|| corrupt("source kind", &kind))?,
        scope: Scope::from_key(&scope).ok_or_else(|| corrupt("scope", &scope))?,
        folder: row.get(at + 2)?,
        for_hooks: row.get(at + 3)?,
        regexes: decode_list(row.get(at + 4)?)?,
        imports: decode_list(row.get(at + 5)?)?,
        unopened_frontmatter: row.get(at + 6)?,
    })
}

impl Index {
    /// The origin of each of `ids` that was read from another agent's rule file (lore's own
    /// patterns have none).
    pub fn rule_origins(&self, ids: &[i64]) -> Result<BTreeMap<i64, RuleOrigin>, IndexError> {
        // Most knowledge bases hold no other agent's rule files; a hook then skips the lookup.
        if ids.is_empty() || !self.has_rule_files()? {
            return Ok(BTreeMap::new());
        }
        let ids = serde_json::to_string(ids).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        let sql = format!(
            "SELECT s.pattern_id, {ORIGIN_COLUMNS} FROM pattern_sources s
             WHERE s.pattern_id IN (SELECT value FROM json_each(?1))"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query(params![ids])?;
        let mut origins = BTreeMap::new();
        while let Some(row) = rows.next()? {
            origins.insert(row.get(0)?, read_origin(row, 1)?);
        }
        Ok(origins)
    }

    /// Every pattern read from another agent's rule file, with its origin.
    pub fn all_rule_origins(&self) -> Result<BTreeMap<i64, RuleOrigin>, IndexError> {
        let sql = format!("SELECT s.pattern_id, {ORIGIN_COLUMNS} FROM pattern_sources s");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([])?;
        let mut origins = BTreeMap::new();
        while let Some(row) = rows.next()? {
            origins.insert(row.get(0)?, read_origin(row, 1)?);
        }
        Ok(origins)
    }

    /// Every rule file with its source and the hash of its text, by pattern id: files with
    /// the same text (a link and the file it leads to, one rule kept in two agents' formats)
    /// are one text (see `services::select::rule_scoping`).
    pub fn rule_texts(&self) -> Result<BTreeMap<i64, RuleText>, IndexError> {
        let sql = format!(
            "SELECT s.pattern_id, p.source, coalesce(s.text_hash, p.content_hash), {ORIGIN_COLUMNS}
             FROM pattern_sources s JOIN patterns p ON p.id = s.pattern_id"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([])?;
        let mut texts = BTreeMap::new();
        while let Some(row) = rows.next()? {
            texts.insert(
                row.get(0)?,
                RuleText {
                    source: row.get(1)?,
                    text_hash: row.get(2)?,
                    origin: read_origin(row, 3)?,
                },
            );
        }
        Ok(texts)
    }

    /// The folder-scoped rule files of `folders` (relative to the repository root, `""` for
    /// the root), by source path.
    pub fn folder_rules(&self, folders: &[String]) -> Result<Vec<FolderRule>, IndexError> {
        if folders.is_empty() {
            return Ok(Vec::new());
        }
        let folders =
            serde_json::to_string(folders).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        let sql = format!(
            "SELECT p.id, p.source, p.title, {ORIGIN_COLUMNS} FROM pattern_sources s
             JOIN patterns p ON p.id = s.pattern_id
             WHERE s.scope = 'folder' AND s.folder IN (SELECT value FROM json_each(?1))
             ORDER BY p.source"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query(params![folders])?;
        let mut rules = Vec::new();
        while let Some(row) = rows.next()? {
            rules.push(FolderRule {
                id: row.get(0)?,
                source: row.get(1)?,
                title: row.get(2)?,
                origin: read_origin(row, 3)?,
            });
        }
        Ok(rules)
    }

    /// The rules that apply by what a file holds (scope `content`), by source path: few or
    /// none, found through the scope index.
    pub fn content_rules(&self) -> Result<Vec<ContentRule>, IndexError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT p.id, p.source, p.title, p.paths, s.regexes FROM pattern_sources s
             JOIN patterns p ON p.id = s.pattern_id
             WHERE s.scope = 'content'
             ORDER BY p.source",
        )?;
        let mut rows = stmt.query([])?;
        let mut rules = Vec::new();
        while let Some(row) = rows.next()? {
            rules.push(ContentRule {
                id: row.get(0)?,
                source: row.get(1)?,
                title: row.get(2)?,
                globs: decode_list(Some(row.get(3)?))?,
                regexes: decode_list(row.get(4)?)?,
            });
        }
        Ok(rules)
    }

    /// Whether any indexed pattern came from another agent's rule file.
    pub fn has_rule_files(&self) -> Result<bool, IndexError> {
        if let Some(known) = self.rule_files_cache.get() {
            return Ok(known);
        }
        let has: bool =
            self.conn
                .query_row("SELECT EXISTS (SELECT 1 FROM pattern_sources)", [], |r| {
                    r.get(0)
                })?;
        if self.snapshot {
            self.rule_files_cache.set(Some(has));
        }
        Ok(has)
    }

    /// Whether the index holds patterns read from the knowledge dir, not only other agents'
    /// rule files: without the knowledge dir, an ingest would take those out of it.
    pub fn holds_knowledge_patterns(&self) -> Result<bool, IndexError> {
        let files = self.indexed_files()?.len() as u64;
        let rules: u64 = self.rule_source_counts()?.values().sum();
        Ok(files > rules)
    }

    /// How many indexed patterns came from each kind of rule file.
    pub fn rule_source_counts(&self) -> Result<BTreeMap<SourceKind, u64>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT kind, count(*) FROM pattern_sources GROUP BY kind")?;
        let mut rows = stmt.query([])?;
        let mut counts = BTreeMap::new();
        while let Some(row) = rows.next()? {
            let kind: String = row.get(0)?;
            let count: i64 = row.get(1)?;
            let kind = SourceKind::from_key(&kind).ok_or_else(|| {
                IndexError::Corrupt(format!("pattern_sources holds an unknown kind `{kind}`"))
            })?;
            counts.insert(kind, count as u64);
        }
        Ok(counts)
    }
}

/// The hash that tells a rule's text apart, frontmatter and surrounding blank lines aside
/// (see [`RuleText::text_hash`]).
pub fn rule_text_hash(body: &str) -> String {
    content_hash(body.trim().as_bytes())
}

/// Record where a pattern came from, with the hash of its text (`body`: after frontmatter).
pub(super) fn insert_origin(
    tx: &Transaction<'_>,
    pattern_id: i64,
    origin: &RuleOrigin,
    body: &str,
) -> Result<(), IndexError> {
    // Only content rules have regexes, and only instruction files imports: every other row
    // keeps NULL.
    let list = |items: &[String]| -> Result<Option<String>, IndexError> {
        if items.is_empty() {
            return Ok(None);
        }
        serde_json::to_string(items)
            .map(Some)
            .map_err(|e| IndexError::Corrupt(e.to_string()))
    };
    let regexes = list(&origin.regexes)?;
    let imports = list(&origin.imports)?;
    tx.prepare_cached(
        "INSERT INTO pattern_sources (pattern_id, kind, scope, folder, hooks, regexes, imports,
                                      text_hash, unopened)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        pattern_id,
        origin.kind.key(),
        origin.scope.key(),
        origin.folder,
        origin.for_hooks,
        regexes,
        imports,
        rule_text_hash(body),
        origin.unopened_frontmatter
    ])?;
    Ok(())
}

#[cfg(test)]
mod tests;
