//! Session ledger files: which patterns a session has already been shown.
//!
//! One file per session in a per-user directory created with mode 0700. Files are opened
//! without following symlinks, and every read-filter-append happens under an exclusive
//! `fs2` lock, so concurrent hooks of one session lose no writes.

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::hash::Hasher;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fs2::FileExt;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum LedgerError {
    #[error("session ledger directory {path}: {source}")]
    Dir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "session ledger directory {0} is not a private directory owned by this user; remove it"
    )]
    UnsafeDir(PathBuf),
    #[error("session ledger {path}: {source}")]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("session ledger {0} stayed locked; continuing without de-duplication")]
    Locked(PathBuf),
}

/// The per-user directory holding ledgers: `$XDG_RUNTIME_DIR/lore`, else `lore-<uid>` in the
/// temp dir.
pub fn default_ledger_dir() -> PathBuf {
    match std::env::var_os("XDG_RUNTIME_DIR").filter(|v| !v.is_empty()) {
        Some(runtime) => PathBuf::from(runtime).join("lore"),
        None => std::env::temp_dir().join(format!("lore-{}", current_uid())),
    }
}

/// The real user id of this process.
pub fn current_uid() -> u32 {
    // SAFETY: getuid has no preconditions and cannot fail; std exposes no safe wrapper.
    #[allow(unsafe_code)]
    unsafe {
        libc::getuid()
    }
}

/// A session's ledger file (not opened until used).
#[derive(Debug, Clone)]
pub struct LedgerFile {
    path: PathBuf,
    lock_wait: Duration,
}

impl LedgerFile {
    /// The ledger for `key` (a session id, or session and agent id) inside `dir`.
    pub fn new(dir: &Path, key: &str, lock_wait: Duration) -> Self {
        let mut hasher = fnv::FnvHasher::default();
        hasher.write(key.as_bytes());
        Self {
            path: dir.join(format!("{:016x}.ledger", hasher.finish())),
            lock_wait,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The recorded ids, read under the lock.
    pub fn read(&self) -> Result<BTreeSet<String>, LedgerError> {
        let mut file = self.open_locked()?;
        let seen = read_ids(&mut file).map_err(|e| self.file_err(e));
        let _ = FileExt::unlock(&file);
        seen
    }

    /// Under the lock: append the ids not yet recorded.
    pub fn append(&self, ids: &[String]) -> Result<(), LedgerError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut file = self.open_locked()?;
        let seen = read_ids(&mut file).map_err(|e| self.file_err(e))?;
        let mut text = String::new();
        for id in ids.iter().filter(|id| !seen.contains(*id)) {
            text.push_str(id);
            text.push('\n');
        }
        let written = file
            .seek(SeekFrom::End(0))
            .and_then(|_| file.write_all(text.as_bytes()))
            .map_err(|e| self.file_err(e));
        let _ = FileExt::unlock(&file);
        written
    }

    /// Forget everything this session was shown.
    pub fn reset(&self) -> Result<(), LedgerError> {
        let file = self.open_locked()?;
        file.set_len(0).map_err(|e| self.file_err(e))?;
        let _ = FileExt::unlock(&file);
        Ok(())
    }

    fn file_err(&self, source: std::io::Error) -> LedgerError {
        LedgerError::File {
            path: self.path.clone(),
            source,
        }
    }

    fn open_locked(&self) -> Result<File, LedgerError> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        ensure_private_dir(dir)?;
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .custom_flags(libc::O_NOFOLLOW)
            .open(&self.path)
            .map_err(|e| self.file_err(e))?;
        let deadline = Instant::now() + self.lock_wait;
        loop {
            match file.try_lock_exclusive() {
                Ok(()) => return Ok(file),
                Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
                Err(_) => return Err(LedgerError::Locked(self.path.clone())),
            }
        }
    }
}

fn read_ids(file: &mut File) -> std::io::Result<BTreeSet<String>> {
    let mut text = String::new();
    file.seek(SeekFrom::Start(0))?;
    file.read_to_string(&mut text)?;
    Ok(text
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect())
}

/// Create the ledger directory with mode 0700, or check that an existing one is ours and
/// private (another user must not be able to plant or read ledgers).
fn ensure_private_dir(dir: &Path) -> Result<(), LedgerError> {
    let dir_err = |source| LedgerError::Dir {
        path: dir.to_path_buf(),
        source,
    };
    match std::fs::DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => return Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(dir)
                .map_err(dir_err)?;
            return Ok(());
        }
        Err(e) => return Err(dir_err(e)),
    }
    let meta = std::fs::symlink_metadata(dir).map_err(dir_err)?;
    let private =
        meta.is_dir() && meta.uid() == current_uid() && meta.permissions().mode() & 0o077 == 0;
    if private {
        Ok(())
    } else {
        Err(LedgerError::UnsafeDir(dir.to_path_buf()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ledger(dir: &Path) -> LedgerFile {
        LedgerFile::new(&dir.join("ledgers"), "session-1", Duration::from_secs(5))
    }

    #[test]
    fn records_ids_once_and_reset_forgets_them() {
        let dir = tempfile::tempdir().unwrap();
        let l = ledger(dir.path());
        let ids = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        l.append(&ids(&["a.md#0", "b.md#1"])).unwrap();
        l.append(&ids(&["b.md#1", "c.md#0"])).unwrap();
        let seen: Vec<String> = l.read().unwrap().into_iter().collect();
        assert_eq!(seen, ["a.md#0", "b.md#1", "c.md#0"]);
        let lines = std::fs::read_to_string(l.path()).unwrap();
        assert_eq!(lines.lines().count(), 3, "each id once: {lines}");
        l.reset().unwrap();
        assert!(l.read().unwrap().is_empty());
    }

    #[test]
    fn directory_is_private_and_file_name_is_a_hash_of_the_session() {
        let dir = tempfile::tempdir().unwrap();
        let l = ledger(dir.path());
        l.reset().unwrap();
        let mode = std::fs::metadata(dir.path().join("ledgers"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700);
        let name = l.path().file_name().unwrap().to_str().unwrap();
        assert!(!name.contains("session"), "{name}");
        assert!(name.ends_with(".ledger"));
    }

    #[test]
    fn a_symlinked_ledger_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let l = ledger(dir.path());
        l.reset().unwrap();
        let target = dir.path().join("elsewhere");
        std::fs::write(&target, "").unwrap();
        std::fs::remove_file(l.path()).unwrap();
        std::os::unix::fs::symlink(&target, l.path()).unwrap();
        assert!(l.reset().is_err());
    }

    #[test]
    fn a_world_writable_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let shared = dir.path().join("ledgers");
        std::fs::create_dir(&shared).unwrap();
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
        let err = ledger(dir.path()).reset().unwrap_err();
        assert!(matches!(err, LedgerError::UnsafeDir(_)), "{err}");
    }
}
