//! The SQLite index: patterns, their heading chunks, language facts and the FTS5 table.
//!
//! One writer at a time, any number of readers: WAL mode, and every ingest is a single
//! transaction, so a reader sees the old index or the new one and a crash mid-ingest leaves
//! the previous index intact.

mod building;
mod ingest_state;
mod ownership;
mod pattern_scopes;
mod pattern_search;
mod pattern_text;
mod pattern_vectors;
mod read;
mod relink;
mod rule_sources;
mod schema;
mod schema_check;
mod source_files;
mod term_postings;
mod vectors;
mod write;

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};
use thiserror::Error;

pub use building::{BuildFile, remove_stale_builds};
pub use ownership::{IndexOwner, index_owner};
pub use pattern_scopes::PatternScopeRow;
pub use pattern_search::KnowledgeFacts;
pub use pattern_text::PatternText;
pub use read::{ChunkHit, IndexStats, LanguageGate, PatternSummary, StoredPattern};
pub use relink::TextHashOf;
pub use rule_sources::{ContentRule, FolderRule, RuleText, rule_origins};
pub use schema::SCHEMA_VERSION;
pub use source_files::IndexedFile;
pub use term_postings::PatternLengths;
pub use vectors::{
    ChunkRef, EmbeddingMeta, EmbeddingStats, NewEmbedding, PendingChunk, VectorHit, VectorSpace,
    cosine, decode_vector, encode_vector,
};
pub use write::{PatternRecord, WriteBatch};

#[derive(Debug, Error)]
pub enum IndexError {
    #[error("index {path}: {cause}{}", open_remedy(cause))]
    Open {
        path: PathBuf,
        /// Not `source`: the message already says it, and a chain would repeat it.
        cause: rusqlite::Error,
    },
    #[error(
        "the index {path} is {kind}, not a regular file; point `database` in lore.toml at a file (the default is `.lore/index.db`)"
    )]
    NotAFile { path: PathBuf, kind: &'static str },
    /// A file SQLite keeps beside the index (`-journal`, `-wal`, `-shm`) is something else:
    /// a FIFO there would block the open forever, a link would be written through.
    #[error(
        "{path}, beside the index, is {kind}, not a file SQLite can use, so lore does not open the index; remove it (SQLite makes it again when it needs one)"
    )]
    SideFile { path: PathBuf, kind: &'static str },
    #[error(
        "{path} is not a lore index ({what}), so lore leaves it alone and never rebuilds over it, not even with --force; point `database` in lore.toml at another path (the default is `.lore/index.db`), or move the file away and run `lore ingest`"
    )]
    NotLoreIndex { path: PathBuf, what: String },
    #[error("cannot create the index directory {path}: {source}")]
    CreateDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the index has schema version {found}, newer than this lore supports ({supported}); upgrade lore or run `lore ingest --force` to rebuild it"
    )]
    NewerSchema { found: i64, supported: i64 },
    #[error(
        "the index has schema version {found}, older than this lore's ({supported}); run `lore ingest` to upgrade it"
    )]
    OlderSchema { found: i64, supported: i64 },
    #[error(
        "the index is busy: another lore process is writing it; try again when that has finished ({0})"
    )]
    Busy(rusqlite::Error),
    #[error("index query failed: {0}; if this persists, run `lore ingest --force` to rebuild it")]
    Sqlite(rusqlite::Error),
    #[error("corrupt index data: {0}; run `lore ingest --force` to rebuild it")]
    Corrupt(String),
    /// The file's schema is not the one lore's migrations build (see `schema_check`): it is
    /// not read, and a hook injects nothing from it.
    #[error(
        "the index {path} was not built by lore ({what}), so lore does not read it; run `lore ingest --force` to rebuild it"
    )]
    NotBuiltByLore { path: PathBuf, what: String },
    /// The caller's deadline passed (a hook's `[hook] deadline_ms`, see
    /// `services::deadline`): the work stopped at `step`, and nothing was written.
    #[error(
        "stopped {step}: the hook's deadline (`hook.deadline_ms`) passed; nothing injected (raise `hook.deadline_ms`, or run `lore ingest` when an index refresh is what takes long)"
    )]
    Deadline { step: &'static str },
}

/// An open index.
pub struct Index {
    conn: Connection,
    path: PathBuf,
    /// Reads one snapshot until dropped (see [`Index::open_snapshot`]): what it reads cannot
    /// change, so answers may be kept.
    snapshot: bool,
    /// The last languages the gate read, with their patterns (only for a snapshot).
    naming_cache:
        std::cell::RefCell<Option<(Vec<String>, std::rc::Rc<pattern_search::LanguageNaming>)>>,
    /// Whether other agents' rule files gave patterns (only for a snapshot).
    rule_files_cache: std::cell::Cell<Option<bool>>,
}

impl Index {
    /// Open (creating and migrating if needed) the index at `path` for reading and writing,
    /// waiting up to 10 s for another writer. A link at `path` is refused, not followed.
    pub fn open(path: &Path) -> Result<Self, IndexError> {
        Self::open_with_busy_timeout(path, Duration::from_secs(10))
    }

    /// As [`Index::open`], waiting at most `busy` for a lock held by another connection.
    pub fn open_with_busy_timeout(path: &Path, busy: Duration) -> Result<Self, IndexError> {
        Self::open_writer(path, busy).map_err(|e| refine_open_error(path, e))
    }

    fn open_writer(path: &Path, busy: Duration) -> Result<Self, IndexError> {
        // Writes never go through a link: one planted at the index's name could point at
        // any file of the user's.
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(IndexError::NotAFile {
                path: path.to_path_buf(),
                kind: "a symbolic link",
            });
        }
        check_side_files(path)?;
        if exists_as_file(path)? {
            refuse_foreign_tables(path)?;
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| IndexError::CreateDir {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let open_err = |cause| IndexError::Open {
            path: path.to_path_buf(),
            cause,
        };
        let mut conn = Connection::open_with_flags(
            through_real_folder(path),
            OpenFlags::default() | OpenFlags::SQLITE_OPEN_NOFOLLOW,
        )
        .map_err(open_err)?;
        conn.busy_timeout(busy).map_err(open_err)?;
        enable_wal(&conn, busy).map_err(open_err)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(open_err)?;
        // Nothing runs over a schema lore did not build: an older one is checked before it
        // is upgraded, the result after.
        schema_check::check_older_schema(&conn, path)?;
        schema::migrate(&mut conn).map_err(|e| match e {
            IndexError::Sqlite(cause) => IndexError::Open {
                path: path.to_path_buf(),
                cause,
            },
            other => other,
        })?;
        schema_check::check_current_schema(&conn, path)?;
        Ok(Self {
            conn,
            path: path.to_path_buf(),
            snapshot: false,
            naming_cache: Default::default(),
            rule_files_cache: Default::default(),
        })
    }

    /// Open an existing index read-only: never creates or migrates. Returns `Ok(None)` when
    /// there is no index file yet.
    pub fn open_read_only(path: &Path, busy: Duration) -> Result<Option<Self>, IndexError> {
        Self::open_reader(path, busy, false)
    }

    /// As [`Index::open_read_only`], reading everything from one snapshot until the handle is
    /// dropped (the hook's path): a short-lived reader then sees one state of the index even
    /// while an ingest commits, and takes SQLite's read lock once, the schema check included,
    /// instead of once per statement. Not for long-lived readers, which would never see a
    /// later ingest.
    pub fn open_snapshot(path: &Path, busy: Duration) -> Result<Option<Self>, IndexError> {
        Self::open_reader(path, busy, true)
    }

    fn open_reader(
        path: &Path,
        busy: Duration,
        snapshot: bool,
    ) -> Result<Option<Self>, IndexError> {
        if !exists_as_file(path)? {
            return Ok(None);
        }
        check_side_files(path)?;
        Self::open_existing_reader(path, busy, snapshot).map_err(|e| refine_open_error(path, e))
    }

    fn open_existing_reader(
        path: &Path,
        busy: Duration,
        snapshot: bool,
    ) -> Result<Option<Self>, IndexError> {
        let open_err = |cause| IndexError::Open {
            path: path.to_path_buf(),
            cause,
        };
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(open_err)?;
        conn.busy_timeout(busy).map_err(open_err)?;
        // No memory-mapped reads: SQLite re-parses a mapped page on every visit (it keeps no
        // decoded copy), and a hook's gate looks up hundreds of patterns by id, descending the
        // same interior pages each time. Cached pages cost a hook 5 to 15% less at 1,000 and
        // 5,000 patterns (paired runs, 2026-11-25), where mapping had won at schema 7.
        if snapshot {
            // A deferred transaction takes its snapshot at its first read.
            conn.execute_batch("BEGIN DEFERRED").map_err(open_err)?;
        }
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(open_err)?;
        if version > SCHEMA_VERSION {
            return Err(IndexError::NewerSchema {
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        if version < SCHEMA_VERSION {
            return Err(IndexError::OlderSchema {
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        schema_check::check_current_schema(&conn, path)?;
        Ok(Some(Self {
            conn,
            path: path.to_path_buf(),
            snapshot,
            naming_cache: Default::default(),
            rule_files_cache: Default::default(),
        }))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Interrupt any statement still running at `at` (a hook's deadline): it fails with
    /// [`IndexError::Deadline`], and a write it was part of is rolled back. Without this, the
    /// deadline is only checked between statements, and one statement over a crafted or
    /// damaged file could run on for as long as it likes.
    pub fn interrupt_at(&mut self, at: std::time::Instant) -> Result<(), IndexError> {
        // About every 10,000 virtual-machine steps: a clock read costs a few nanoseconds
        // next to the microseconds those steps take.
        self.conn
            .progress_handler(10_000, Some(move || std::time::Instant::now() >= at))?;
        Ok(())
    }

    /// A transaction that takes the write lock at once, waiting the busy timeout for it. A
    /// deferred one would read first and then fail at once, without waiting, when another
    /// writer committed in between (SQLite cannot let it write on an outdated snapshot).
    fn write_transaction(&mut self) -> Result<rusqlite::Transaction<'_>, IndexError> {
        Ok(self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?)
    }
}

impl IndexError {
    /// Why the index file cannot be used as this lore's index at all (so a rebuild, and only
    /// a rebuild, helps), or None for errors a rebuild would not fix or would make worse (a
    /// busy index another process is writing, a missing permission).
    pub fn damage(&self) -> Option<String> {
        match self {
            Self::Open { cause, .. } | Self::Sqlite(cause) => {
                (trouble(cause) == Trouble::Damaged).then(|| cause.to_string())
            }
            Self::NewerSchema { found, supported } => Some(format!(
                "schema version {found}, newer than this lore's {supported}"
            )),
            Self::Corrupt(what) => Some(what.clone()),
            Self::NotBuiltByLore { what, .. } => Some(format!("not built by lore: {what}")),
            Self::CreateDir { .. }
            | Self::NotAFile { .. }
            | Self::SideFile { .. }
            | Self::NotLoreIndex { .. }
            | Self::OlderSchema { .. }
            | Self::Busy(_)
            | Self::Deadline { .. } => None,
        }
    }
}

/// Whether the index file exists, refusing anything there that is not a regular file: SQLite
/// would open a FIFO and wait on it forever. One `stat`, the cost of the existence check it
/// replaces on the hook's path.
fn exists_as_file(path: &Path) -> Result<bool, IndexError> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(true),
        Ok(meta) => Err(IndexError::NotAFile {
            path: path.to_path_buf(),
            kind: crate::storage::bounded_read::describe_file_type(meta.file_type()),
        }),
        Err(_) => Ok(false),
    }
}

/// The index's path with its folder resolved: SQLite's `NOFOLLOW` refuses a link anywhere in
/// the path, and a checkout reached through a linked folder (`~/code` on another volume,
/// macOS's `/var` and `/tmp`) is the user's choice, not a planted link. The file's own name
/// is still never followed (checked above, and by `NOFOLLOW` on the resolved path).
fn through_real_folder(path: &Path) -> PathBuf {
    let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
        return path.to_path_buf();
    };
    if folder.as_os_str().is_empty() {
        return path.to_path_buf();
    }
    std::fs::canonicalize(folder).map_or_else(|_| path.to_path_buf(), |real| real.join(name))
}

/// The files SQLite keeps beside a database: its rollback journal, and in WAL mode (lore's)
/// the log and its shared-memory index.
const SIDE_FILES: [&str; 3] = ["-journal", "-wal", "-shm"];

/// Refuse to open the index when one of its side files is there but is not a regular file:
/// SQLite opens them without checking, and would wait on a FIFO forever or write through a
/// link. Three `lstat`s.
fn check_side_files(path: &Path) -> Result<(), IndexError> {
    for suffix in SIDE_FILES {
        let mut side = path.as_os_str().to_owned();
        side.push(suffix);
        let side = PathBuf::from(side);
        let Ok(meta) = std::fs::symlink_metadata(&side) else {
            continue;
        };
        if !meta.is_file() {
            return Err(IndexError::SideFile {
                path: side,
                kind: crate::storage::bounded_read::describe_file_type(meta.file_type()),
            });
        }
    }
    Ok(())
}

/// Refuse a SQLite database that another program made (schema version 0 with tables of its
/// own): migrating it would write lore's tables into someone else's file.
fn refuse_foreign_tables(path: &Path) -> Result<(), IndexError> {
    let Ok(conn) = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    ) else {
        // Whatever is wrong shows when it is opened for real.
        return Ok(());
    };
    let foreign: rusqlite::Result<bool> = conn.query_row(
        "SELECT (SELECT user_version FROM pragma_user_version) = 0 \
         AND EXISTS (SELECT 1 FROM sqlite_master WHERE name NOT LIKE 'sqlite_%')",
        [],
        |r| r.get(0),
    );
    if foreign.unwrap_or(false) {
        return Err(IndexError::NotLoreIndex {
            path: path.to_path_buf(),
            what: "a SQLite database of another program".to_string(),
        });
    }
    Ok(())
}

/// An error that would call for a rebuild, unless the file is not lore's: then it says so,
/// and neither advises nor allows a rebuild over it.
fn refine_open_error(path: &Path, error: IndexError) -> IndexError {
    if error.damage().is_none() {
        return error;
    }
    match index_owner(path) {
        IndexOwner::Foreign(what) => IndexError::NotLoreIndex {
            path: path.to_path_buf(),
            what,
        },
        IndexOwner::Lore | IndexOwner::LoreDamaged => error,
    }
}

/// What a SQLite error says about the index file: the one classification behind remedies,
/// [`IndexError::Busy`] and [`IndexError::damage`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trouble {
    /// Not a database, or a damaged one: only a rebuild helps.
    Damaged,
    /// Another connection holds the lock: waiting helps.
    Busy,
    /// The file or its folder cannot be written.
    NoPermission,
    Other,
}

fn trouble(e: &rusqlite::Error) -> Trouble {
    use rusqlite::ErrorCode::{
        DatabaseBusy, DatabaseCorrupt, DatabaseLocked, NotADatabase, PermissionDenied, ReadOnly,
    };
    match e.sqlite_error_code() {
        Some(NotADatabase | DatabaseCorrupt) => Trouble::Damaged,
        Some(DatabaseBusy | DatabaseLocked) => Trouble::Busy,
        Some(ReadOnly | PermissionDenied) => Trouble::NoPermission,
        _ => Trouble::Other,
    }
}

/// What to do when an index cannot be opened, when lore knows.
fn open_remedy(cause: &rusqlite::Error) -> &'static str {
    match trouble(cause) {
        Trouble::Damaged => {
            " (not a lore index, or a damaged one); run `lore ingest --force` to rebuild it"
        }
        Trouble::Busy => " (another lore process is writing it); try again when that has finished",
        Trouble::NoPermission => {
            " (no permission to write it); check the permissions of the file and its folder"
        }
        Trouble::Other => "",
    }
}

impl From<rusqlite::Error> for IndexError {
    /// A lock held longer than the busy timeout is not damage: it gets its own remedy. A
    /// statement interrupted at the deadline (see [`Index::interrupt_at`]) is the deadline.
    fn from(e: rusqlite::Error) -> Self {
        if e.sqlite_error_code() == Some(rusqlite::ErrorCode::OperationInterrupted) {
            Self::Deadline {
                step: "inside an index statement",
            }
        } else if trouble(&e) == Trouble::Busy {
            Self::Busy(e)
        } else {
            Self::Sqlite(e)
        }
    }
}

/// Switch a connection to write-ahead logging. On a new file that takes an exclusive lock for
/// which SQLite does not wait (another opener holding a read lock could deadlock with it), so
/// a busy answer is retried here until `busy` has passed: the first hooks of a new clone open
/// the index at once.
fn enable_wal(conn: &Connection, busy: Duration) -> rusqlite::Result<()> {
    let deadline = std::time::Instant::now() + busy;
    loop {
        match conn.pragma_update(None, "journal_mode", "WAL") {
            Err(e) if trouble(&e) == Trouble::Busy && std::time::Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            done => return done,
        }
    }
}

/// Remove an index file and its WAL companions, for a rebuild of an unreadable index.
pub fn remove_index_files(path: &Path) -> std::io::Result<()> {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        match std::fs::remove_file(PathBuf::from(p)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod old_rows;
#[cfg(test)]
mod tests;
