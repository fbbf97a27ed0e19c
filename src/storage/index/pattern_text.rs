//! A pattern's body with where its sections lie (`pattern_texts.sections`), read in one row
//! so rendering can cut out matching sections without reading the chunks again.

use rusqlite::{OptionalExtension, params};

use super::{Index, IndexError};
use crate::core::pattern::SectionSpan;

/// A pattern's text as rendering needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternText {
    pub body: String,
    /// The sections as stored, decoded on demand: most rendered patterns are shown whole.
    sections: String,
}

impl PatternText {
    /// Where each section lies in [`PatternText::body`], in order.
    pub fn sections(&self) -> Result<Vec<SectionSpan>, IndexError> {
        decode_sections(&self.sections)
    }
}

/// Stored form: `[[start, end, ["Heading", "Subheading"]], ...]`, byte offsets into the body.
pub(super) fn encode_sections(spans: &[SectionSpan]) -> Result<String, IndexError> {
    let rows: Vec<(usize, usize, &[String])> = spans
        .iter()
        .map(|s| (s.start, s.end, s.heading_path.as_slice()))
        .collect();
    serde_json::to_string(&rows).map_err(|e| IndexError::Corrupt(e.to_string()))
}

pub(super) fn decode_sections(stored: &str) -> Result<Vec<SectionSpan>, IndexError> {
    let rows: Vec<(usize, usize, Vec<String>)> = serde_json::from_str(stored)
        .map_err(|e| IndexError::Corrupt(format!("pattern sections: {e}")))?;
    Ok(rows
        .into_iter()
        .map(|(start, end, heading_path)| SectionSpan {
            start,
            end,
            heading_path,
        })
        .collect())
}

impl Index {
    /// The text of pattern `id`, if there is one.
    pub fn pattern_text(&self, id: i64) -> Result<Option<PatternText>, IndexError> {
        Ok(self
            .conn
            .prepare_cached("SELECT body, sections FROM pattern_texts WHERE pattern_id = ?1")?
            .query_row(params![id], |r| {
                Ok(PatternText {
                    body: r.get(0)?,
                    sections: r.get(1)?,
                })
            })
            .optional()?)
    }

    /// The id of the pattern read from `source`, if the index holds one.
    pub fn pattern_id_of(&self, source: &str) -> Result<Option<i64>, IndexError> {
        Ok(self
            .conn
            .prepare_cached("SELECT id FROM patterns WHERE source = ?1")?
            .query_row(params![source], |r| r.get(0))
            .optional()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::pattern::{Pattern, parse_pattern};
    use crate::core::select::globs::path_file_keys;
    use crate::storage::index::{PatternRecord, WriteBatch};

    const TEXT: &str = "---\npaths: [\"src/storage/**\"]\n---\n# Storage\n\nLead.\n\n\
                        ## Errors\n\nUse thiserror.\n\n### Retries\n\nBack off.\n";

    fn stored(index: &mut Index, pattern: &Pattern) {
        index
            .write(&WriteBatch {
                upserts: vec![PatternRecord {
                    pattern,
                    content_hash: "h".into(),
                    technologies: Vec::new(),
                    origin: None,
                }],
                ..WriteBatch::default()
            })
            .unwrap();
    }

    /// Each section's text and heading path as read back.
    fn sections_of(index: &Index, source: &str) -> Vec<(String, Vec<String>)> {
        let id: i64 = index
            .conn
            .query_row("SELECT id FROM patterns WHERE source = ?1", [source], |r| {
                r.get(0)
            })
            .unwrap();
        let text = index.pattern_text(id).unwrap().unwrap();
        text.sections()
            .unwrap()
            .iter()
            .map(|s| (s.text(&text.body).to_string(), s.heading_path.clone()))
            .collect()
    }

    #[test]
    fn a_stored_text_knows_where_its_sections_lie() {
        let dir = tempfile::tempdir().unwrap();
        let mut index = Index::open(&dir.path().join("index.db")).unwrap();
        let pattern = parse_pattern("storage.md", TEXT).unwrap();
        stored(&mut index, &pattern);
        let expected: Vec<(String, Vec<String>)> = pattern
            .chunks
            .iter()
            .map(|c| (c.body.clone(), c.heading_path.clone()))
            .collect();
        assert_eq!(sections_of(&index, "storage.md"), expected);
        assert_eq!(expected[2].1, ["Storage", "Errors", "Retries"]);
        assert!(index.pattern_text(-1).unwrap().is_none());
    }

    #[test]
    fn migration_7_finds_the_sections_and_keys_the_globs_of_a_schema_6_index() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.db");
        let pattern = parse_pattern("storage.md", TEXT).unwrap();
        {
            let mut conn = rusqlite::Connection::open(&path).unwrap();
            super::super::schema::migrate_to(&mut conn, 6).unwrap();
            conn.execute(
                "INSERT INTO patterns (id, source, title, tags, languages, universal,
                     applies_when, paths, description, content_hash, has_declared)
                 VALUES (3, 'storage.md', 'Storage', '[]', '[]', 0, '{}',
                         '[\"src/storage/**\"]', NULL, 'h', 0)",
                [],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO pattern_texts (pattern_id, body) VALUES (3, ?1)",
                [&pattern.body],
            )
            .unwrap();
            for c in &pattern.chunks {
                conn.execute(
                    "INSERT INTO chunks (pattern_id, ordinal, heading_path, body, line)
                     VALUES (3, ?1, ?2, ?3, ?4)",
                    rusqlite::params![
                        c.ordinal as i64,
                        serde_json::to_string(&c.heading_path).unwrap(),
                        c.body,
                        c.line as i64
                    ],
                )
                .unwrap();
            }
            // Schema 6 keyed a glob with a literal directory as matching any file.
            conn.execute(
                "INSERT INTO pattern_globs (pattern_id, position, glob, broad, file_key)
                 VALUES (3, 0, 'src/storage/**', 0, '')",
                [],
            )
            .unwrap();
        }
        let migrated = Index::open(&path).unwrap();
        let fresh_dir = tempfile::tempdir().unwrap();
        let mut fresh = Index::open(&fresh_dir.path().join("index.db")).unwrap();
        stored(&mut fresh, &pattern);
        assert_eq!(
            sections_of(&migrated, "storage.md"),
            sections_of(&fresh, "storage.md")
        );
        let globs =
            |index: &Index, path: &str| index.candidate_globs(&path_file_keys(path)).unwrap();
        assert_eq!(
            globs(&migrated, "src/storage/a.rs"),
            [(3, "src/storage/**".to_string(), false)]
        );
        assert_eq!(globs(&migrated, "web/a.ts"), []);
    }

    #[test]
    fn schema_17_has_windows_line_endings_rule_files_and_camel_case_names_read_again() {
        use super::super::old_rows::{store_as_before, store_bodies};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.db");
        {
            let mut conn = rusqlite::Connection::open(&path).unwrap();
            super::super::schema::migrate_to(&mut conn, 16).unwrap();
            store_as_before(
                &conn,
                "globs",
                &[
                    (1, "windows.md", None),
                    (2, "unix.md", None),
                    (3, "apps/web/.cursor/rules/forms.mdc", Some("cursor")),
                    (4, ".cursor/rules/api.mdc", Some("cursor")),
                    (5, "apps/web/AGENTS.md", Some("agents_md")),
                    (6, "dataFetching.md", None),
                ],
            );
            store_bodies(
                &conn,
                &[
                    (1, "# W\r\n\r\nText.\r\n"),
                    (2, "# U\n"),
                    (3, "# F\n"),
                    (4, "# A\n"),
                    (5, "# W\n"),
                    (6, "# D\n"),
                ],
            );
        }
        let index = Index::open(&path).unwrap();
        let files = index.indexed_files().unwrap();
        let stamp = |source: &str| {
            let file = &files[source];
            (file.content_hash.clone(), file.recorded.is_some())
        };
        assert_eq!(stamp("windows.md"), (String::new(), false));
        assert_eq!(stamp("unix.md"), ("h".to_string(), true));
        assert_eq!(
            stamp("apps/web/.cursor/rules/forms.mdc"),
            (String::new(), false)
        );
        // Every rule file, nested or not, instructions too: its text hash is new in this schema.
        assert_eq!(stamp(".cursor/rules/api.mdc"), (String::new(), false));
        assert_eq!(stamp("apps/web/AGENTS.md"), (String::new(), false));
        assert_eq!(stamp("dataFetching.md"), (String::new(), false));
    }
}
