//! The review inbox on disk: one folder per project in lore's private per-user state
//! directory (`$XDG_STATE_HOME/lore/inbox`, else `~/.local/state/lore/inbox`), never in a
//! working tree. The folders are made and checked as the session ledgers' are (mode 0700,
//! this user's alone, no link); files are opened without following links, mode 0600.
//!
//! Two files per project: `pending.jsonl`, to which the prompt hook appends one line per
//! capture (cheap: one locked append), and `state.json`, the reviewed inbox, replaced
//! atomically. Every read-modify-write of either happens under an exclusive lock on the
//! folder's `lock` file, so concurrent hooks and commands lose nothing. Text only: the
//! services give these files their meaning.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fs2::FileExt;
use thiserror::Error;

use crate::storage::atomic_file::write_atomically;
use crate::storage::ledger::{LedgerError, first_private_dir};

/// Largest `pending.jsonl` appended to: captures nobody settles stop being kept past it.
pub const MAX_PENDING_BYTES: u64 = 2 * 1024 * 1024;
/// Largest `state.json` read.
const MAX_STATE_BYTES: u64 = 16 * 1024 * 1024;

#[derive(Debug, Error)]
pub enum InboxError {
    #[error("review inbox: {0}")]
    Dir(#[from] LedgerError),
    #[error("review inbox file {path}: {source}")]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("review inbox {0} stayed locked; try again")]
    Locked(PathBuf),
    #[error(
        "review inbox file {path} is larger than {limit} bytes; run `lore inbox` to settle it, or remove the file"
    )]
    TooLarge { path: PathBuf, limit: u64 },
}

/// Where inboxes may live, best first: `$XDG_STATE_HOME/lore/inbox`, then
/// `~/.local/state/lore/inbox`. Never a shared folder.
pub fn inbox_dir_candidates() -> Vec<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let mut candidates = Vec::new();
    if let Some(state) = var("XDG_STATE_HOME") {
        candidates.push(state.join("lore").join("inbox"));
    }
    if let Some(home) = var("HOME") {
        candidates.push(home.join(".local").join("state").join("lore").join("inbox"));
    }
    candidates
}

/// The inboxes' root: the first candidate that is (or can be made) a private directory.
pub fn default_inbox_root() -> Result<PathBuf, InboxError> {
    Ok(first_private_dir(&inbox_dir_candidates())?)
}

/// The inboxes' root when one was made before (nothing is created).
pub fn existing_inbox_root() -> Option<PathBuf> {
    inbox_dir_candidates().into_iter().find(|dir| dir.is_dir())
}

/// What an inbox holds, as text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InboxText {
    /// The lines of `pending.jsonl`, in order.
    pub pending: Vec<String>,
    /// `state.json`, when there is one.
    pub state: Option<String>,
}

/// One project's inbox folder.
#[derive(Debug, Clone)]
pub struct InboxFiles {
    dir: PathBuf,
    lock_wait: Duration,
}

impl InboxFiles {
    /// The inbox of the project named `project_key` (any text that identifies it, hashed
    /// into the folder name) under `root`.
    pub fn for_project(root: &Path, project_key: &str, lock_wait: Duration) -> Self {
        use std::hash::Hasher;
        let mut hasher = fnv::FnvHasher::default();
        hasher.write(project_key.as_bytes());
        Self {
            dir: root.join(format!("{:016x}", hasher.finish())),
            lock_wait,
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn file_err(&self, name: &str) -> impl FnOnce(std::io::Error) -> InboxError + '_ {
        let path = self.path(name);
        move |source| InboxError::File { path, source }
    }

    /// Append one line to `pending.jsonl`, under the lock. A file already past
    /// [`MAX_PENDING_BYTES`] is left as it is and the line is refused.
    pub fn append_pending(&self, line: &str) -> Result<(), InboxError> {
        let lock = self.lock()?;
        let path = self.path("pending.jsonl");
        let mut file = open_private(&path, true).map_err(self.file_err("pending.jsonl"))?;
        let len = file.metadata().map(|m| m.len()).unwrap_or(0);
        if len > MAX_PENDING_BYTES {
            return Err(InboxError::TooLarge {
                path,
                limit: MAX_PENDING_BYTES,
            });
        }
        let mut bytes = line.trim_end().as_bytes().to_vec();
        bytes.push(b'\n');
        let written = file
            .write_all(&bytes)
            .map_err(self.file_err("pending.jsonl"));
        drop(lock);
        written
    }

    /// Read both files under the lock, let `change` edit them, and write back what changed:
    /// `state.json` atomically, `pending.jsonl` replaced by what is left in it.
    pub fn update<T>(&self, change: impl FnOnce(&mut InboxText) -> T) -> Result<T, InboxError> {
        let lock = self.lock()?;
        let before = self.read_unlocked()?;
        let mut text = before.clone();
        let out = change(&mut text);
        if text.state != before.state
            && let Some(state) = &text.state
        {
            let path = self.path("state.json");
            write_atomically(&path, state.as_bytes()).map_err(self.file_err("state.json"))?;
        }
        if text.pending != before.pending {
            let mut joined = text.pending.join("\n");
            if !joined.is_empty() {
                joined.push('\n');
            }
            let path = self.path("pending.jsonl");
            write_atomically(&path, joined.as_bytes()).map_err(self.file_err("pending.jsonl"))?;
        }
        drop(lock);
        Ok(out)
    }

    /// Read both files under the lock.
    pub fn read(&self) -> Result<InboxText, InboxError> {
        let lock = self.lock()?;
        let text = self.read_unlocked();
        drop(lock);
        text
    }

    /// Whether the folder exists at all (nothing was ever captured for the project).
    pub fn exists(&self) -> bool {
        self.dir.is_dir()
    }

    fn read_unlocked(&self) -> Result<InboxText, InboxError> {
        let pending = self
            .read_file("pending.jsonl", MAX_PENDING_BYTES * 2)?
            .map(|t| {
                t.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default();
        let state = self.read_file("state.json", MAX_STATE_BYTES)?;
        Ok(InboxText { pending, state })
    }

    fn read_file(&self, name: &str, limit: u64) -> Result<Option<String>, InboxError> {
        let path = self.path(name);
        let mut file = match OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            .open(&path)
        {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(self.file_err(name)(e)),
        };
        let meta = file.metadata().map_err(self.file_err(name))?;
        if !meta.is_file() {
            return Err(self.file_err(name)(std::io::Error::other(
                "not a regular file",
            )));
        }
        let mut bytes = Vec::new();
        (&mut file)
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(self.file_err(name))?;
        if bytes.len() as u64 > limit {
            return Err(InboxError::TooLarge { path, limit });
        }
        Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
    }

    /// The folder checked private (made when missing), and its lock taken.
    fn lock(&self) -> Result<LockGuard, InboxError> {
        first_private_dir(std::slice::from_ref(&self.dir))?;
        let path = self.path("lock");
        let file = open_private(&path, false).map_err(self.file_err("lock"))?;
        let deadline = Instant::now() + self.lock_wait;
        loop {
            match file.try_lock_exclusive() {
                Ok(()) => return Ok(LockGuard { file }),
                Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
                Err(_) => return Err(InboxError::Locked(self.dir.clone())),
            }
        }
    }
}

/// The folder's lock, released when dropped.
struct LockGuard {
    file: File,
}

impl Drop for LockGuard {
    fn drop(&mut self) {
        let _ = FileExt::unlock(&self.file);
    }
}

/// Open (creating, mode 0600) a file without following a link at its name.
fn open_private(path: &Path, append: bool) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options
        .create(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW);
    if append {
        options.append(true);
    } else {
        options.write(true).truncate(false);
    }
    options.open(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn inbox(dir: &Path) -> InboxFiles {
        InboxFiles::for_project(
            &dir.join("inbox"),
            "/repo/lore.toml",
            Duration::from_secs(5),
        )
    }

    #[test]
    fn pending_lines_and_state_round_trip_in_a_private_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let inbox = inbox(tmp.path());
        assert!(!inbox.exists());
        inbox.append_pending("{\"a\":1}").unwrap();
        inbox.append_pending("{\"b\":2}\n").unwrap();
        let left = inbox
            .update(|text| {
                assert_eq!(text.pending, ["{\"a\":1}", "{\"b\":2}"]);
                assert_eq!(text.state, None);
                text.pending.remove(0);
                text.state = Some("{\"items\":[]}".into());
                text.pending.len()
            })
            .unwrap();
        assert_eq!(left, 1);
        let read = inbox.read().unwrap();
        assert_eq!(read.pending, ["{\"b\":2}"]);
        assert_eq!(read.state.as_deref(), Some("{\"items\":[]}"));
        for dir in [tmp.path().join("inbox"), inbox.dir().to_path_buf()] {
            let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700, "{}", dir.display());
        }
        let mode = std::fs::metadata(inbox.dir().join("pending.jsonl"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0, "no access for others");
        let name = inbox.dir().file_name().unwrap().to_str().unwrap();
        assert!(!name.contains("repo"), "the folder is a hash: {name}");
    }

    #[test]
    fn a_linked_pending_file_is_refused_and_its_target_left_alone() {
        let tmp = tempfile::tempdir().unwrap();
        let inbox = inbox(tmp.path());
        inbox.update(|_| ()).unwrap();
        let target = tmp.path().join("elsewhere");
        std::fs::write(&target, "untouched").unwrap();
        std::os::unix::fs::symlink(&target, inbox.dir().join("pending.jsonl")).unwrap();
        assert!(inbox.append_pending("x").is_err());
        assert!(inbox.read().is_err());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "untouched");
    }

    #[test]
    fn a_world_writable_inbox_folder_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let inbox = inbox(tmp.path());
        std::fs::create_dir_all(inbox.dir()).unwrap();
        std::fs::set_permissions(inbox.dir(), std::fs::Permissions::from_mode(0o777)).unwrap();
        assert!(matches!(inbox.append_pending("x"), Err(InboxError::Dir(_))));
    }
}
