//! Whether a file that does not open as an index is lore's own: the only files lore may
//! rebuild over (`lore ingest --force`) or advise rebuilding. A file is lore's when it is a
//! SQLite database holding lore's tables, or, when it cannot be read as one, when it sits
//! where lore itself creates its index (`.lore/index.db`). Anything else (a mistyped
//! `database = "NOTES.txt"`, another program's database) is left alone.

use std::fs::OpenOptions;
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use crate::storage::bounded_read::describe_file_type;

/// The first bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// Tables every lore index has had since its first schema.
const LORE_TABLES: [&str; 4] = ["meta", "patterns", "chunks", "chunks_fts"];
/// Where lore creates its index by default: `<dir of lore.toml>/.lore/index.db`.
const LORE_DIR: &str = ".lore";
const LORE_FILE: &str = "index.db";

/// Who a database file belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexOwner {
    /// A SQLite database with lore's tables.
    Lore,
    /// Unreadable as a database, but at the place lore creates its index.
    LoreDamaged,
    /// Not lore's: what it is, in words.
    Foreign(String),
}

/// Decide who `path` belongs to. Never blocks (a FIFO is foreign without being opened) and
/// never writes.
pub fn index_owner(path: &Path) -> IndexOwner {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) => return IndexOwner::Foreign(format!("it cannot be examined: {e}")),
    };
    if !meta.is_file() {
        return IndexOwner::Foreign(describe_file_type(meta.file_type()).to_string());
    }
    let sqlite = has_sqlite_header(path);
    if sqlite {
        match lore_tables(path) {
            Ok(count) if count == LORE_TABLES.len() => return IndexOwner::Lore,
            Ok(_) => {
                return IndexOwner::Foreign(
                    "a SQLite database without lore's tables, so another program's".to_string(),
                );
            }
            // Damaged beyond reading its schema: only its place can say whose it is.
            Err(_) => {}
        }
    }
    if at_lore_place(path) {
        IndexOwner::LoreDamaged
    } else if sqlite {
        IndexOwner::Foreign("a damaged SQLite database outside lore's `.lore/` folder".to_string())
    } else {
        IndexOwner::Foreign("not a SQLite database".to_string())
    }
}

fn has_sqlite_header(path: &Path) -> bool {
    let mut header = [0u8; 16];
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok_and(|()| &header == SQLITE_MAGIC)
}

/// How many of lore's tables the database has.
fn lore_tables(path: &Path) -> rusqlite::Result<usize> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let mut count = 0;
    for table in LORE_TABLES {
        let found: i64 = conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
            [table],
            |r| r.get(0),
        )?;
        count += usize::from(found > 0);
    }
    Ok(count)
}

/// `.lore/index.db`: the name and folder lore gives the index it creates.
fn at_lore_place(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == LORE_FILE)
        && path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|d| d == LORE_DIR)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_lore_indexes_and_damaged_files_at_lore_place_are_lore() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join(".lore")).unwrap();

        let index = root.join("real.db");
        drop(crate::storage::index::Index::open(&index).unwrap());
        assert_eq!(index_owner(&index), IndexOwner::Lore);

        let notes = root.join("NOTES.txt");
        std::fs::write(&notes, "my notes, not a database at all").unwrap();
        assert!(matches!(index_owner(&notes), IndexOwner::Foreign(_)));

        let damaged = root.join(".lore/index.db");
        std::fs::write(&damaged, "torn write").unwrap();
        assert_eq!(index_owner(&damaged), IndexOwner::LoreDamaged);

        let other_db = root.join("app.sqlite");
        let conn = rusqlite::Connection::open(&other_db).unwrap();
        conn.execute_batch("CREATE TABLE users (id INTEGER)")
            .unwrap();
        drop(conn);
        assert!(matches!(index_owner(&other_db), IndexOwner::Foreign(_)));

        assert!(matches!(index_owner(root), IndexOwner::Foreign(_)));
    }
}
