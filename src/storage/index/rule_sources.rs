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
mod tests {
    use super::*;
    use crate::core::pattern::parse_pattern;
    use crate::core::sources::read_rule;
    use crate::storage::index::{PatternRecord, WriteBatch};

    fn write(index: &mut Index, files: &[(&str, &str)], removals: &[&str]) {
        let rules: Vec<_> = files
            .iter()
            .map(|(source, text)| match read_rule(source, text) {
                Some(rule) => (rule.pattern, Some(rule.origin)),
                None => (parse_pattern(source, text).unwrap(), None),
            })
            .collect();
        index
            .write(&WriteBatch {
                upserts: rules
                    .iter()
                    .map(|(pattern, origin)| PatternRecord {
                        pattern,
                        content_hash: "h".into(),
                        technologies: Vec::new(),
                        origin: origin.clone(),
                    })
                    .collect(),
                removals: removals.iter().map(|s| s.to_string()).collect(),
                ..WriteBatch::default()
            })
            .unwrap();
    }

    fn id_of(index: &Index, source: &str) -> i64 {
        index
            .pattern_summaries()
            .unwrap()
            .into_iter()
            .find(|s| s.source == source)
            .unwrap()
            .id
    }

    #[test]
    fn origins_are_stored_read_back_and_removed_with_their_pattern() {
        let dir = tempfile::tempdir().unwrap();
        let mut index = Index::open(&dir.path().join("i.db")).unwrap();
        write(
            &mut index,
            &[
                (
                    ".cursor/rules/api.mdc",
                    "---\nglobs: src/api/**\n---\nAPI\n",
                ),
                ("web/AGENTS.md", "# Web\n"),
                ("AGENTS.md", "# Root\n"),
                ("errors.md", "# Errors\n"),
            ],
            &[],
        );
        let api = id_of(&index, ".cursor/rules/api.mdc");
        let errors = id_of(&index, "errors.md");
        let origins = index.rule_origins(&[api, errors]).unwrap();
        assert_eq!(origins.len(), 1, "lore's own pattern has no origin");
        assert_eq!(origins[&api].kind, SourceKind::Cursor);
        assert_eq!(origins[&api].scope, Scope::Globs);
        let all = ["".to_string(), "web".to_string()];
        let folders: Vec<(String, String)> = index
            .folder_rules(&all)
            .unwrap()
            .into_iter()
            .map(|r| (r.source, r.origin.folder))
            .collect();
        assert_eq!(
            folders,
            [
                ("AGENTS.md".to_string(), String::new()),
                ("web/AGENTS.md".to_string(), "web".to_string())
            ]
        );
        let counts = index.rule_source_counts().unwrap();
        assert_eq!(counts[&SourceKind::AgentsMd], 2);
        assert_eq!(counts[&SourceKind::Cursor], 1);
        assert!(index.has_rule_files().unwrap());
        assert_eq!(index.folder_rules(&all[1..]).unwrap().len(), 1);
        write(&mut index, &[], &["web/AGENTS.md"]);
        assert_eq!(index.folder_rules(&all).unwrap().len(), 1);
        assert_eq!(index.all_rule_origins().unwrap().len(), 2);
    }

    #[test]
    fn other_agents_files_make_no_project_folders() {
        let dir = tempfile::tempdir().unwrap();
        let mut index = Index::open(&dir.path().join("i.db")).unwrap();
        write(
            &mut index,
            &[
                ("web/AGENTS.md", "# Web\n"),
                ("vendor/uv/CLAUDE.md", "# uv\n"),
            ],
            &[],
        );
        // Read as other agents' files they make no project folders; the same file as one of
        // lore's own patterns does (see `core::select::project_scope`).
        assert!(
            index
                .knowledge_facts()
                .unwrap()
                .project_folders
                .folders()
                .is_empty()
        );
        let dir2 = tempfile::tempdir().unwrap();
        let mut own = Index::open(&dir2.path().join("i.db")).unwrap();
        let pattern = parse_pattern("vendor/uv/CLAUDE.md", "# uv\n").unwrap();
        own.write(&WriteBatch {
            upserts: vec![PatternRecord {
                pattern: &pattern,
                content_hash: "h".into(),
                technologies: Vec::new(),
                origin: None,
            }],
            ..WriteBatch::default()
        })
        .unwrap();
        assert_eq!(
            own.knowledge_facts().unwrap().project_folders.folders(),
            ["vendor/uv"]
        );
    }

    #[test]
    fn whether_rule_files_gave_patterns_is_known_to_the_facts() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("i.db");
        let mut index = Index::open(&path).unwrap();
        assert!(!index.knowledge_facts().unwrap().has_rule_files);
        write(&mut index, &[("web/AGENTS.md", "# Web\n")], &[]);
        assert!(index.knowledge_facts().unwrap().has_rule_files);
        let snapshot = Index::open_snapshot(&path, std::time::Duration::ZERO)
            .unwrap()
            .unwrap();
        assert!(snapshot.has_rule_files().unwrap());
        let ids: Vec<i64> = snapshot
            .pattern_summaries()
            .unwrap()
            .iter()
            .map(|s| s.id)
            .collect();
        assert_eq!(snapshot.rule_origins(&ids).unwrap().len(), 1);
    }

    #[test]
    fn content_rules_keep_their_regexes_and_globs_and_no_other_rule_has_any() {
        let dir = tempfile::tempdir().unwrap();
        let mut index = Index::open(&dir.path().join("i.db")).unwrap();
        write(
            &mut index,
            &[
                (
                    ".continue/rules/go-tests.md",
                    "---\nglobs: \"**/*_test.go\"\nregex: [\"func Test\\\\w+\", t.Run]\n---\nTable tests.\n",
                ),
                (
                    ".continue/rules/todo.md",
                    "---\nregex: TODO\n---\nLink an issue.\n",
                ),
                (
                    ".continue/rules/plain.md",
                    "---\nglobs: \"*.go\"\n---\nGo.\n",
                ),
                ("AGENTS.md", "# Root\n"),
            ],
            &[],
        );
        let rules = index.content_rules().unwrap();
        let got: Vec<(&str, &[String], &[String])> = rules
            .iter()
            .map(|r| (r.source.as_str(), r.globs.as_slice(), r.regexes.as_slice()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    ".continue/rules/go-tests.md",
                    &["**/*_test.go".to_string()][..],
                    &[r"func Test\w+".to_string(), "t.Run".to_string()][..]
                ),
                (
                    ".continue/rules/todo.md",
                    &[][..],
                    &["TODO".to_string()][..]
                ),
            ]
        );
        let origins = index.all_rule_origins().unwrap();
        let go = &origins[&id_of(&index, ".continue/rules/go-tests.md")];
        assert_eq!(go.scope, Scope::Content);
        assert_eq!(go.regexes.len(), 2);
        let plain = &origins[&id_of(&index, ".continue/rules/plain.md")];
        assert_eq!(plain.scope, Scope::Globs);
        assert!(plain.regexes.is_empty());
        write(&mut index, &[], &[".continue/rules/todo.md"]);
        assert_eq!(index.content_rules().unwrap().len(), 1);
    }

    #[test]
    fn schema_13_has_continue_rules_read_again_and_leaves_the_others_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("i.db");
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        super::super::schema::migrate_to(&mut conn, 12).unwrap();
        // As schema 12 stored them: a Continue `regex` rule was found by its words. Beside it,
        // lore's own pattern, which no later schema reads again.
        super::super::old_rows::store_as_before(
            &conn,
            "described",
            &[
                (1, ".continue/rules/go.md", Some("continue")),
                (2, "api.md", None),
            ],
        );
        drop(conn);
        let index = Index::open(&path).unwrap();
        let files = index.indexed_files().unwrap();
        let go = &files[".continue/rules/go.md"];
        assert_eq!(
            (go.content_hash.as_str(), go.recorded.is_some()),
            ("", false)
        );
        let api = &files["api.md"];
        assert_eq!(
            (api.content_hash.as_str(), api.recorded.is_some()),
            ("h", true)
        );
        assert!(
            index
                .all_rule_origins()
                .unwrap()
                .values()
                .all(|o| o.regexes.is_empty())
        );
        assert!(index.content_rules().unwrap().is_empty());
    }

    #[test]
    fn schema_16_has_rule_files_named_by_their_format_read_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("i.db");
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        super::super::schema::migrate_to(&mut conn, 15).unwrap();
        super::super::old_rows::store_as_before(
            &conn,
            "globs",
            &[
                (
                    1,
                    ".github/instructions/go.instructions.md",
                    Some("copilot"),
                ),
                (2, "services/api/AGENTS.md", Some("agents_md")),
                (3, "errors.md", None),
            ],
        );
        // Migration 16 alone (17 reads every rule file again for reasons of its own).
        super::super::schema::migrate_to(&mut conn, 16).unwrap();
        let stamp = |source: &str| {
            let hash: String = conn
                .query_row(
                    "SELECT content_hash FROM patterns WHERE source = ?1",
                    [source],
                    |r| r.get(0),
                )
                .unwrap();
            let recorded: bool = conn
                .query_row(
                    "SELECT EXISTS (SELECT 1 FROM source_files WHERE source = ?1)",
                    [source],
                    |r| r.get(0),
                )
                .unwrap();
            (hash, recorded)
        };
        assert_eq!(
            stamp(".github/instructions/go.instructions.md"),
            (String::new(), false)
        );
        assert_eq!(stamp("services/api/AGENTS.md"), ("h".to_string(), true));
        assert_eq!(stamp("errors.md"), ("h".to_string(), true));
    }

    #[test]
    fn schema_18_has_rule_files_with_frontmatter_read_again_and_records_an_unopened_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("i.db");
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        super::super::schema::migrate_to(&mut conn, 17).unwrap();
        super::super::old_rows::store_as_before(
            &conn,
            "globs",
            &[
                (
                    1,
                    ".github/instructions/go.instructions.md",
                    Some("copilot"),
                ),
                (2, "services/api/AGENTS.md", Some("agents_md")),
                (3, "errors.md", None),
            ],
        );
        super::super::schema::migrate_to(&mut conn, 18).unwrap();
        let reread = |source: &str| -> bool {
            conn.query_row(
                "SELECT NOT EXISTS (SELECT 1 FROM source_files WHERE source = ?1)",
                [source],
                |r| r.get(0),
            )
            .unwrap()
        };
        assert!(reread(".github/instructions/go.instructions.md"));
        assert!(!reread("services/api/AGENTS.md"));
        assert!(!reread("errors.md"));
        drop(conn);
        // Stored and read back: an unopened frontmatter is remembered.
        let mut index = Index::open(&path).unwrap();
        let bench = ".github/instructions/bench.instructions.md";
        write(
            &mut index,
            &[(
                bench,
                "applyTo: \"bench/**\"\n---\n# Benchmarks\nPin the CPU.\n",
            )],
            &[],
        );
        let id = id_of(&index, bench);
        assert!(index.rule_origins(&[id]).unwrap()[&id].unopened_frontmatter);
    }
}
