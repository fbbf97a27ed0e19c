//! Session ledger files: which patterns a session has already been shown.
//!
//! One file per session in a per-user directory (`$XDG_RUNTIME_DIR/lore`, else the user's
//! cache folder) created with mode 0700 and checked to be this user's alone, so no other
//! user can squat it. Files are opened without following symlinks, and every
//! read-filter-append happens under an exclusive `fs2` lock, so concurrent hooks of one
//! session lose no writes, and of two calls claiming one id only the first gets it.

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::hash::Hasher;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
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
        "session ledger directory {0} is not a private directory of this user (another user may have created it, or it is a link or open to others); lore does not use it: set XDG_RUNTIME_DIR or XDG_CACHE_HOME to a directory of your own"
    )]
    UnsafeDir(PathBuf),
    #[error(
        "no private directory for session ledgers ({tried}); set XDG_CACHE_HOME (or XDG_RUNTIME_DIR) to a directory of your own, mode 0700; until then patterns may be shown more than once per session"
    )]
    NoPrivateDir { tried: String },
    #[error("session ledger {path}: {source}")]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("session ledger {0} stayed locked; continuing without de-duplication")]
    Locked(PathBuf),
}

/// Where ledgers may live, best first: `$XDG_RUNTIME_DIR/lore` (a per-user, memory-backed
/// folder), then the user's cache folder, `$XDG_CACHE_HOME/lore/sessions` or
/// `~/.cache/lore/sessions`. Never a shared folder such as `/tmp`, where another user could
/// create the directory first.
pub fn ledger_dir_candidates() -> Vec<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let mut candidates = Vec::new();
    if let Some(runtime) = var("XDG_RUNTIME_DIR") {
        candidates.push(runtime.join("lore"));
    }
    let cache = var("XDG_CACHE_HOME").or_else(|| var("HOME").map(|h| h.join(".cache")));
    if let Some(cache) = cache {
        candidates.push(cache.join("lore").join("sessions"));
    }
    candidates
}

/// The first of [`ledger_dir_candidates`] that is (or can be made) a private directory of
/// this user, created with mode 0700 when missing; an unsafe one is passed over for the next.
pub fn default_ledger_dir() -> Result<PathBuf, LedgerError> {
    first_private_dir(&ledger_dir_candidates())
}

/// The first candidate that is a private directory of this user (see `check_private_dir`).
pub fn first_private_dir(candidates: &[PathBuf]) -> Result<PathBuf, LedgerError> {
    let mut tried = Vec::new();
    for dir in candidates {
        match ensure_private_dir(dir) {
            Ok(()) => return Ok(dir.clone()),
            Err(LedgerError::UnsafeDir(_)) => {
                tried.push(format!("{} is not private", dir.display()))
            }
            Err(e) => tried.push(e.to_string()),
        }
    }
    if tried.is_empty() {
        tried.push("neither XDG_RUNTIME_DIR, XDG_CACHE_HOME nor HOME is set".to_string());
    }
    Err(LedgerError::NoPrivateDir {
        tried: tried.join("; "),
    })
}

/// The real user id of this process.
pub fn current_uid() -> u32 {
    // SAFETY: getuid has no preconditions and cannot fail; std exposes no safe wrapper.
    #[allow(unsafe_code)]
    unsafe {
        libc::getuid()
    }
}

/// What [`LedgerFile::claim`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The ids are recorded: this call shows them.
    Granted,
    /// Another call recorded one of them first: nothing was written.
    Taken,
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

    /// Under the lock: record `ids` as shown unless one of them already is (another call of
    /// the session claimed it since this one read the ledger); then nothing is written and
    /// the answer is [`Claim::Taken`].
    pub fn claim(&self, ids: &[String]) -> Result<Claim, LedgerError> {
        if ids.is_empty() {
            return Ok(Claim::Granted);
        }
        let mut file = self.open_locked()?;
        let result = read_ids(&mut file).and_then(|seen| {
            if ids.iter().any(|id| seen.contains(id)) {
                return Ok(Claim::Taken);
            }
            let mut text = String::new();
            for id in ids.iter().collect::<BTreeSet<_>>() {
                text.push_str(id);
                text.push('\n');
            }
            file.seek(SeekFrom::End(0))?;
            file.write_all(text.as_bytes())?;
            Ok(Claim::Granted)
        });
        let _ = FileExt::unlock(&file);
        result.map_err(|e| self.file_err(e))
    }

    /// Under the lock: forget `ids` (claimed for an answer that was never delivered).
    pub fn release(&self, ids: &[String]) -> Result<(), LedgerError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut file = self.open_locked()?;
        let result = read_ids(&mut file).and_then(|seen| {
            let mut text = String::new();
            for id in seen.iter().filter(|id| !ids.contains(id)) {
                text.push_str(id);
                text.push('\n');
            }
            file.set_len(0)?;
            file.seek(SeekFrom::Start(0))?;
            file.write_all(text.as_bytes())
        });
        let _ = FileExt::unlock(&file);
        result.map_err(|e| self.file_err(e))
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

/// Make sure `dir` is a private directory of this user (see [`check_private_dir`]), checking
/// a directory once per process.
fn ensure_private_dir(dir: &Path) -> Result<(), LedgerError> {
    // Checked once per process: a hook resolves its directory and then opens its ledger in
    // it, and nobody else can change a private directory in between.
    static VERIFIED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    if VERIFIED.lock().is_ok_and(|v| v.iter().any(|d| d == dir)) {
        return Ok(());
    }
    check_private_dir(dir)?;
    if let Ok(mut verified) = VERIFIED.lock() {
        verified.push(dir.to_path_buf());
    }
    Ok(())
}

/// `dir` is a private directory of this user: created (with its missing parents) with mode
/// 0700 when absent, unless its parent is open to others; then it must be a real directory,
/// not a link, owned by this user with no access for others, inside a parent owned by this
/// user (or root) that others cannot write, so nobody else can plant, read or swap ledgers.
fn check_private_dir(dir: &Path) -> Result<(), LedgerError> {
    let dir_err = |source| LedgerError::Dir {
        path: dir.to_path_buf(),
        source,
    };
    let uid = current_uid();
    // Others must not be able to swap the directory for one of theirs.
    let parent_safe = || {
        dir.parent()
            .and_then(|p| std::fs::metadata(p).ok())
            .is_none_or(|p| (p.uid() == uid || p.uid() == 0) && p.permissions().mode() & 0o002 == 0)
    };
    let meta = match std::fs::symlink_metadata(dir) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if !parent_safe() {
                return Err(LedgerError::UnsafeDir(dir.to_path_buf()));
            }
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(dir)
                .map_err(dir_err)?;
            std::fs::symlink_metadata(dir).map_err(dir_err)?
        }
        Err(e) => return Err(dir_err(e)),
    };
    let private =
        meta.file_type().is_dir() && meta.uid() == uid && meta.permissions().mode() & 0o077 == 0;
    if private && parent_safe() {
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
    fn an_id_is_claimed_once_and_a_release_gives_it_back() {
        let dir = tempfile::tempdir().unwrap();
        let l = ledger(dir.path());
        let ids = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            l.claim(&ids(&["a.md#0", "b.md#0"])).unwrap(),
            Claim::Granted
        );
        // Overlapping with what is claimed: nothing of it is written.
        assert_eq!(l.claim(&ids(&["b.md#0", "c.md#0"])).unwrap(), Claim::Taken);
        assert!(!l.read().unwrap().contains("c.md#0"));
        assert_eq!(l.claim(&ids(&["c.md#0"])).unwrap(), Claim::Granted);
        l.release(&ids(&["a.md#0", "b.md#0"])).unwrap();
        let seen: Vec<String> = l.read().unwrap().into_iter().collect();
        assert_eq!(seen, ["c.md#0"]);
        assert_eq!(l.claim(&ids(&["b.md#0"])).unwrap(), Claim::Granted);
        assert_eq!(l.claim(&[]).unwrap(), Claim::Granted);
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

    /// A directory that another user owns: a real one (chowned to `nobody`) when running as
    /// root, else `/`, which root owns.
    fn foreign_dir(tmp: &Path) -> PathBuf {
        if current_uid() == 0 {
            let dir = tmp.join("squatted");
            std::fs::create_dir(&dir).unwrap();
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
            std::os::unix::fs::chown(&dir, Some(65534), Some(65534)).unwrap();
            dir
        } else {
            PathBuf::from("/")
        }
    }

    #[test]
    fn a_squatted_wrong_mode_or_linked_directory_is_passed_over_for_the_next() {
        let tmp = tempfile::tempdir().unwrap();
        let fallback = tmp.path().join("cache/lore/sessions");

        let squatted = foreign_dir(tmp.path());
        let wrong_mode = tmp.path().join("wide-open");
        std::fs::create_dir(&wrong_mode).unwrap();
        std::fs::set_permissions(&wrong_mode, std::fs::Permissions::from_mode(0o755)).unwrap();
        let private = tmp.path().join("private");
        std::fs::create_dir(&private).unwrap();
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o700)).unwrap();
        let linked = tmp.path().join("linked");
        std::os::unix::fs::symlink(&private, &linked).unwrap();
        let shared = tmp.path().join("shared");
        std::fs::create_dir(&shared).unwrap();
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
        let in_shared = shared.join("lore");

        for unsafe_dir in [&squatted, &wrong_mode, &linked, &in_shared] {
            let chosen = first_private_dir(&[unsafe_dir.clone(), fallback.clone()]).unwrap();
            assert_eq!(chosen, fallback, "{}", unsafe_dir.display());
        }
        let mode = std::fs::metadata(&fallback).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        // Nothing was created in or changed about the unsafe ones.
        assert!(!in_shared.exists());
        assert_eq!(
            std::fs::metadata(&wrong_mode).unwrap().permissions().mode() & 0o777,
            0o755
        );
    }

    #[test]
    fn with_no_safe_place_the_error_names_a_remedy_the_user_can_apply() {
        let tmp = tempfile::tempdir().unwrap();
        let squatted = foreign_dir(tmp.path());
        let err = first_private_dir(std::slice::from_ref(&squatted)).unwrap_err();
        let message = err.to_string();
        assert!(message.contains("XDG_CACHE_HOME"), "{message}");
        assert!(
            message.contains(&squatted.display().to_string()),
            "{message}"
        );
        assert!(!message.contains("remove it"), "{message}");
        assert!(first_private_dir(&[]).is_err());
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
