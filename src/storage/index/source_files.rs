//! The stamps of indexed pattern files (`source_files`): read with the indexed patterns' hashes
//! in one query by a delta ingest, written in the ingest's transaction, and dropped with their
//! pattern, so a stamp never outlives the indexed text it vouches for.

use std::collections::BTreeMap;

use rusqlite::{Transaction, params};

use super::{Index, IndexError};
use crate::core::file_stamp::{FileStamp, RecordedFile};

/// An indexed pattern as a delta ingest compares it with its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexedFile {
    /// Hash of the file text the index holds.
    pub content_hash: String,
    /// The file's stamp as last recorded, if any (its hash may differ from the indexed one:
    /// then it vouches for nothing).
    pub recorded: Option<RecordedFile>,
}

impl Index {
    /// Every recorded stamp with its source, in source order (bytewise, as Rust orders
    /// strings), without reading the patterns: each belongs to an indexed pattern and vouches
    /// for its indexed text (see [`Index::write`]), so a caller that also compares their
    /// number with [`Index::pattern_count`] knows every pattern's.
    pub fn recorded_files(&self) -> Result<Vec<(String, RecordedFile)>, IndexError> {
        // The table's key order: no sort.
        let mut stmt = self.conn.prepare_cached(
            "SELECT source, size, mtime_ns, ctime_ns, inode, device, content_hash, seen_at_ns
             FROM source_files ORDER BY source",
        )?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, recorded_at(r, 1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every indexed pattern with its recorded stamp, by source.
    pub fn indexed_files(&self) -> Result<BTreeMap<String, IndexedFile>, IndexError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT p.source, p.content_hash, f.size, f.mtime_ns, f.ctime_ns, f.inode, f.device,
                    f.content_hash, f.seen_at_ns
             FROM patterns p LEFT JOIN source_files f ON f.source = p.source",
        )?;
        let rows = stmt.query_map([], |r| {
            let recorded = match r.get_ref(7)? {
                rusqlite::types::ValueRef::Null => None,
                _ => Some(recorded_at(r, 2)?),
            };
            Ok((
                r.get(0)?,
                IndexedFile {
                    content_hash: r.get(1)?,
                    recorded,
                },
            ))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// The stamp in the columns from `first`: size, mtime_ns, ctime_ns, inode, device,
/// content_hash, seen_at_ns.
fn recorded_at(r: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<RecordedFile> {
    // Sizes, inodes and devices are unsigned: stored bit for bit in SQLite's i64.
    Ok(RecordedFile {
        stamp: FileStamp {
            size: r.get::<_, i64>(first)? as u64,
            mtime_ns: r.get(first + 1)?,
            ctime_ns: r.get(first + 2)?,
            inode: r.get::<_, i64>(first + 3)? as u64,
            device: r.get::<_, i64>(first + 4)? as u64,
        },
        content_hash: r.get(first + 5)?,
        seen_at_ns: r.get(first + 6)?,
    })
}

/// Store (or replace) the stamps of files ingest has just read.
pub(super) fn record_files(
    tx: &Transaction<'_>,
    files: &[(String, RecordedFile)],
) -> Result<(), IndexError> {
    let mut insert = tx.prepare_cached(
        "INSERT OR REPLACE INTO source_files
             (source, size, mtime_ns, ctime_ns, inode, device, content_hash, seen_at_ns)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for (source, file) in files {
        let s = &file.stamp;
        insert.execute(params![
            source,
            s.size as i64,
            s.mtime_ns,
            s.ctime_ns,
            s.inode as i64,
            s.device as i64,
            file.content_hash,
            file.seen_at_ns,
        ])?;
    }
    Ok(())
}

/// Drop the stamp of a pattern that leaves the index (or is about to be rewritten).
pub(super) fn forget_file(tx: &Transaction<'_>, source: &str) -> Result<(), IndexError> {
    tx.prepare_cached("DELETE FROM source_files WHERE source = ?1")?
        .execute(params![source])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::pattern::{Chunk, Pattern};
    use crate::storage::index::{PatternRecord, SCHEMA_VERSION, WriteBatch};

    fn pattern(source: &str) -> Pattern {
        Pattern {
            source: source.into(),
            title: "T".into(),
            frontmatter: Default::default(),
            body: "Pin the digest.".into(),
            chunks: vec![Chunk {
                ordinal: 0,
                heading_path: vec!["T".into()],
                body: "Pin the digest.".into(),
                line: 1,
            }],
        }
    }

    fn recorded(hash: &str, inode: u64) -> RecordedFile {
        RecordedFile {
            stamp: FileStamp {
                size: u64::MAX - 1,
                mtime_ns: 1_700_000_000_123_456_789,
                ctime_ns: 1_700_000_000_123_456_790,
                inode,
                device: u64::MAX,
            },
            content_hash: hash.into(),
            seen_at_ns: 1_700_000_100_000_000_000,
        }
    }

    /// Write `sources` as patterns with stamps (inode = position), removing `removals`.
    fn write(index: &mut Index, sources: &[&str], removals: &[&str], replace_all: bool) {
        let patterns: Vec<Pattern> = sources.iter().map(|s| pattern(s)).collect();
        index
            .write(&WriteBatch {
                replace_all,
                upserts: patterns
                    .iter()
                    .map(|p| PatternRecord {
                        pattern: p,
                        content_hash: format!("h-{}", p.source),
                        technologies: Vec::new(),
                        origin: None,
                    })
                    .collect(),
                removals: removals.iter().map(|s| s.to_string()).collect(),
                recorded_files: sources
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (s.to_string(), recorded(&format!("h-{s}"), i as u64)))
                    .collect(),
                ingested_at: 1,
                partial: false,
                stale: None,
                relink: None,
            })
            .unwrap();
    }

    fn recorded_sources(index: &Index) -> Vec<String> {
        let stamps: Vec<String> = index
            .conn
            .prepare("SELECT source FROM source_files ORDER BY source")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let indexed: Vec<String> = index
            .indexed_files()
            .unwrap()
            .into_iter()
            .filter(|(_, f)| f.recorded.is_some())
            .map(|(source, _)| source)
            .collect();
        assert_eq!(stamps, indexed, "every stamp belongs to an indexed pattern");
        let recorded: Vec<String> = index
            .recorded_files()
            .unwrap()
            .into_iter()
            .map(|(source, _)| source)
            .collect();
        assert_eq!(recorded, stamps);
        stamps
    }

    #[test]
    fn stamps_round_trip_and_leave_with_their_pattern() {
        let dir = tempfile::tempdir().unwrap();
        let mut index = Index::open(&dir.path().join("index.db")).unwrap();
        write(&mut index, &["a.md", "b.md", "c.md"], &[], false);
        // Unsigned values past i64::MAX come back bit for bit.
        assert_eq!(
            index.indexed_files().unwrap()["b.md"],
            IndexedFile {
                content_hash: "h-b.md".into(),
                recorded: Some(recorded("h-b.md", 1))
            }
        );
        write(&mut index, &[], &["b.md"], false);
        assert_eq!(recorded_sources(&index), ["a.md", "c.md"]);
        // Rewriting a pattern without a stamp (none given) drops its old one.
        let p = pattern("a.md");
        index
            .write(&WriteBatch {
                upserts: vec![PatternRecord {
                    pattern: &p,
                    content_hash: "h-new".into(),
                    technologies: Vec::new(),
                    origin: None,
                }],
                ..WriteBatch::default()
            })
            .unwrap();
        assert_eq!(recorded_sources(&index), ["c.md"]);
        write(&mut index, &["d.md"], &[], true);
        assert_eq!(recorded_sources(&index), ["d.md"]);
    }

    #[test]
    fn an_index_of_schema_10_gains_an_empty_stamp_table_and_keeps_its_patterns() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.db");
        {
            let mut index = Index::open(&path).unwrap();
            write(&mut index, &["a.md"], &[], false);
        }
        // What the schema before stamps (10, main's last) looks like: the same tables, without the stamps.
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute_batch(
                "DROP INDEX patterns_gate_rows; DROP TABLE source_files;
                 ALTER TABLE pattern_sources DROP COLUMN regexes;
             ALTER TABLE pattern_sources DROP COLUMN imports;
             ALTER TABLE pattern_sources DROP COLUMN text_hash;
             ALTER TABLE pattern_sources DROP COLUMN unopened; PRAGMA user_version = 10;",
            )
            .unwrap();
        }
        let mut index = Index::open(&path).unwrap();
        assert_eq!(index.stats().unwrap().schema_version, SCHEMA_VERSION);
        assert_eq!(index.content_hashes().unwrap()["a.md"], "h-a.md");
        assert_eq!(index.indexed_files().unwrap()["a.md"].recorded, None);
        write(&mut index, &["b.md"], &[], false);
        drop(index);
        let index = Index::open(&path).unwrap();
        assert_eq!(recorded_sources(&index), ["b.md"]);
    }
}
