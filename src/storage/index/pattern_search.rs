//! What whole-pattern ranking reads besides postings: the language gate over candidate
//! patterns and the knowledge-base facts.

use std::collections::{BTreeMap, BTreeSet};

use std::rc::Rc;

use fnv::{FnvHashMap, FnvHashSet};
use rusqlite::{OptionalExtension, params};

#[cfg(doc)]
use super::read::GATE_SQL;
use super::read::LanguageGate;
use super::write::{NAME_FILLER_KEY, PATTERN_COUNT_KEY, PROJECT_FOLDERS_KEY};
use super::{Index, IndexError};
use crate::core::select::name::filler_words;
use crate::core::select::project_scope::ProjectFolders;

/// Facts about the whole knowledge base that ranking needs, read in one go.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KnowledgeFacts {
    pub pattern_count: u64,
    /// Folders that are one project's (see `core::select::project_scope`).
    pub project_folders: ProjectFolders,
    /// File-name words too common to say what a pattern is about.
    pub name_filler: BTreeSet<String>,
    /// Other agents' rule files gave patterns (if not, their scoping need not be looked up).
    pub has_rule_files: bool,
}

/// The patterns that declare one of some languages (in frontmatter, or by their path or
/// title).
#[derive(Debug, Default)]
pub(super) struct LanguageNaming {
    declaring: FnvHashSet<i64>,
}

impl Index {
    /// (path, title) of each of `ids` that passes `gate`. The gate is applied here rather
    /// than in SQL: [`GATE_SQL`] runs its language subquery once per pattern, which cost a
    /// hook milliseconds when most of a large knowledge base matched a common word.
    pub fn patterns_passing(
        &self,
        ids: &[i64],
        gate: &LanguageGate,
    ) -> Result<BTreeMap<i64, (String, String)>, IndexError> {
        if ids.is_empty() {
            return Ok(BTreeMap::new());
        }
        let json = serde_json::to_string(ids).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        let naming = self.patterns_naming(&gate.languages)?;
        let mut stmt = self.conn.prepare_cached(
            // SQLite would look the ids up in the table itself (they are its rowids), reading
            // every column's page; the covering index holds only what the gate reads.
            "SELECT p.id, p.has_declared, p.source, p.title
             FROM patterns p INDEXED BY patterns_gate_rows
             WHERE p.id IN (SELECT value FROM json_each(?1))",
        )?;
        let mut rows = stmt.query(params![json])?;
        let mut passing = BTreeMap::new();
        while let Some(row) = rows.next()? {
            let id: i64 = row.get(0)?;
            if gate.admits(row.get(1)?, naming.declaring.contains(&id)) {
                passing.insert(id, (row.get(2)?, row.get(3)?));
            }
        }
        Ok(passing)
    }

    /// Of `ids`, patterns whose own `paths` globs match the touched file, those the languages
    /// their authors declared (frontmatter `language`) do not rule out, with their path and
    /// title. A language only their path or title names is lore's reading of a name, and
    /// the author's glob says better which files the pattern is for
    /// (`patterns/java/persistence.md` scoped to `db/migration/**` is for those SQL files).
    pub fn patterns_passing_own_globs(
        &self,
        ids: &[i64],
        gate: &LanguageGate,
    ) -> Result<BTreeMap<i64, (String, String)>, IndexError> {
        let mut declared = self.conn.prepare_cached(
            "SELECT language FROM pattern_languages WHERE pattern_id = ?1 AND declared = 1",
        )?;
        let mut named = self
            .conn
            .prepare_cached("SELECT source, title FROM patterns WHERE id = ?1")?;
        let mut passing = BTreeMap::new();
        for &id in ids {
            let languages: Vec<String> = declared
                .query_map(params![id], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            if !gate.admits_rows(&languages) {
                continue;
            }
            if let Some(names) = named
                .query_row(params![id], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?
            {
                passing.insert(id, names);
            }
        }
        Ok(passing)
    }

    /// The path of every pattern that passes `gate`.
    pub(super) fn patterns_admitted(
        &self,
        gate: &LanguageGate,
    ) -> Result<FnvHashMap<i64, String>, IndexError> {
        let naming = self.patterns_naming(&gate.languages)?;
        let mut stmt = self
            .conn
            .prepare_cached("SELECT p.id, p.has_declared, p.source FROM patterns p")?;
        let mut rows = stmt.query([])?;
        let mut admitted = FnvHashMap::default();
        while let Some(row) = rows.next()? {
            let id: i64 = row.get(0)?;
            if gate.admits(row.get(1)?, naming.declaring.contains(&id)) {
                admitted.insert(id, row.get(2)?);
            }
        }
        Ok(admitted)
    }

    /// The patterns that declare one of `languages`. (Read by language: looking up a few
    /// hundred candidates one by one cost more.) A hook gates
    /// its glob and its word candidates by the same languages, so the last answer is kept.
    fn patterns_naming(&self, languages: &[String]) -> Result<Rc<LanguageNaming>, IndexError> {
        if let Some((cached_for, naming)) = &*self.naming_cache.borrow()
            && cached_for.as_slice() == languages
        {
            return Ok(Rc::clone(naming));
        }
        let mut naming = LanguageNaming::default();
        if !languages.is_empty() {
            let mut stmt = self.conn.prepare_cached(
                "SELECT pattern_id FROM pattern_languages WHERE language = ?1 AND declared >= 1",
            )?;
            for language in languages {
                let mut rows = stmt.query(params![language])?;
                while let Some(row) = rows.next()? {
                    naming.declaring.insert(row.get(0)?);
                }
            }
        }
        let naming = Rc::new(naming);
        if self.snapshot {
            *self.naming_cache.borrow_mut() = Some((languages.to_vec(), Rc::clone(&naming)));
        }
        Ok(naming)
    }

    /// The technologies each of `ids` is specific to (patterns specific to none are left out).
    pub fn pattern_technologies(
        &self,
        ids: &[i64],
    ) -> Result<BTreeMap<i64, Vec<String>>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT technology FROM pattern_technologies WHERE pattern_id = ?1")?;
        let mut found = BTreeMap::new();
        for &id in ids {
            let technologies: Vec<String> = stmt
                .query_map(params![id], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            if !technologies.is_empty() {
                found.insert(id, technologies);
            }
        }
        Ok(found)
    }

    /// The patterns specific to any of `technologies`, in id order.
    pub fn patterns_of_technologies(
        &self,
        technologies: &[String],
    ) -> Result<Vec<i64>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT pattern_id FROM pattern_technologies WHERE technology = ?1")?;
        let mut ids = Vec::new();
        for technology in technologies {
            let rows = stmt.query_map(params![technology], |r| r.get::<_, i64>(0))?;
            for id in rows {
                ids.push(id?);
            }
        }
        ids.sort_unstable();
        ids.dedup();
        Ok(ids)
    }

    /// How many patterns the index holds.
    pub fn pattern_count(&self) -> Result<u64, IndexError> {
        // Every write stores the count (counting walks every pattern's key); an index no
        // write has touched since its migration is counted.
        if let Some(count) = self.meta(PATTERN_COUNT_KEY)?.and_then(|v| v.parse().ok()) {
            return Ok(count);
        }
        Ok(self
            .conn
            .prepare_cached("SELECT count(*) FROM patterns")?
            .query_row([], |r| r.get::<_, i64>(0))? as u64)
    }

    /// The `meta` value stored under `key`.
    fn meta(&self, key: &str) -> Result<Option<String>, IndexError> {
        Ok(self
            .conn
            .prepare_cached("SELECT value FROM meta WHERE key = ?1")?
            .query_row(params![key], |r| r.get(0))
            .optional()?)
    }

    /// The pattern count, project folders and file-name filler words. Indexes written before
    /// these facts were stored get them computed from the pattern paths.
    pub fn knowledge_facts(&self) -> Result<KnowledgeFacts, IndexError> {
        let pattern_count = self.pattern_count()?;
        let has_rule_files = self.has_rule_files()?;
        let decode = |text: String| -> Result<Vec<String>, IndexError> {
            serde_json::from_str(&text).map_err(|e| IndexError::Corrupt(e.to_string()))
        };
        match (self.meta(PROJECT_FOLDERS_KEY)?, self.meta(NAME_FILLER_KEY)?) {
            (Some(folders), Some(filler)) => Ok(KnowledgeFacts {
                pattern_count,
                project_folders: ProjectFolders::from_folders(decode(folders)?),
                name_filler: decode(filler)?.into_iter().collect(),
                has_rule_files,
            }),
            _ => {
                let sources = self.pattern_sources()?;
                Ok(KnowledgeFacts {
                    pattern_count,
                    project_folders: ProjectFolders::from_sources(
                        sources.iter().map(String::as_str),
                    ),
                    name_filler: filler_words(sources.iter().map(String::as_str)),
                    has_rule_files,
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

    /// How many patterns hold each of `stems`, for the common ones (more than one in twenty of
    /// the index's `pattern_count` patterns); rarer stems are not in the map.
    pub fn stem_pattern_counts(
        &self,
        stems: &[String],
        pattern_count: u64,
    ) -> Result<BTreeMap<String, u64>, IndexError> {
        // One lookup per stem: a query has a handful, and this plain statement costs less
        // to prepare and run than an IN over `json_each`.
        let mut stmt = self
            .conn
            .prepare_cached("SELECT docs FROM pattern_terms WHERE term = ?1")?;
        let mut counts = BTreeMap::new();
        for stem in stems {
            let docs: Option<i64> = stmt.query_row(params![stem], |r| r.get(0)).optional()?;
            if let Some(docs) = docs.map(|d| d.max(0) as u64)
                && docs * 20 > pattern_count
            {
                counts.insert(stem.clone(), docs);
            }
        }
        Ok(counts)
    }

    /// (path, title) of each of `ids` that exists.
    pub fn pattern_names(
        &self,
        ids: &[i64],
    ) -> Result<BTreeMap<i64, (String, String)>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT source, title FROM patterns WHERE id = ?1")?;
        let mut names = BTreeMap::new();
        for &id in ids {
            if let Some(name) = stmt
                .query_row(params![id], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?
            {
                names.insert(id, name);
            }
        }
        Ok(names)
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
