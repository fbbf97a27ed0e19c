//! What every pattern says about where it applies, read in one pass for the listing a session
//! starts with: its languages (declared, or named by its path or title: the language gate's
//! own), its technologies and its `paths` globs, ordered by path.

use std::collections::BTreeMap;

use super::{Index, IndexError};

/// One pattern's scope, without its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternScopeRow {
    pub id: i64,
    pub source: String,
    pub title: String,
    pub universal: bool,
    /// Declared or named languages (rows of `pattern_languages` with `declared >= 1`).
    pub languages: Vec<String>,
    pub technologies: Vec<String>,
    pub paths: Vec<String>,
    /// Whether it has any text to show: a `CLAUDE.md` that only imports `AGENTS.md` has none.
    pub has_text: bool,
}

fn decode(text: &str) -> Result<Vec<String>, IndexError> {
    serde_json::from_str(text).map_err(|e| IndexError::Corrupt(e.to_string()))
}

impl Index {
    /// Every pattern's scope, ordered by path.
    pub fn pattern_scopes(&self) -> Result<Vec<PatternScopeRow>, IndexError> {
        let mut languages: BTreeMap<i64, Vec<String>> = BTreeMap::new();
        let mut stmt = self.conn.prepare_cached(
            "SELECT pattern_id, language FROM pattern_languages WHERE declared >= 1
             ORDER BY pattern_id, language",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            languages.entry(row.get(0)?).or_default().push(row.get(1)?);
        }
        // Read in table order and sorted here: `ORDER BY source` walks the source index and
        // looks each row up, which took longer than the rest of the read together.
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, source, title, universal, technologies, paths,
                    EXISTS (SELECT 1 FROM chunks c WHERE c.pattern_id = patterns.id)
             FROM patterns",
        )?;
        let mut rows = stmt.query([])?;
        let mut scopes = Vec::new();
        while let Some(row) = rows.next()? {
            let id: i64 = row.get(0)?;
            scopes.push(PatternScopeRow {
                id,
                source: row.get(1)?,
                title: row.get(2)?,
                universal: row.get(3)?,
                languages: languages.remove(&id).unwrap_or_default(),
                technologies: decode(&row.get::<_, String>(4)?)?,
                paths: decode(&row.get::<_, String>(5)?)?,
                has_text: row.get(6)?,
            });
        }
        // Sources are unique, so the order is total (byte order, as SQLite's `BINARY`).
        scopes.sort_unstable_by(|a, b| a.source.cmp(&b.source));
        Ok(scopes)
    }
}
