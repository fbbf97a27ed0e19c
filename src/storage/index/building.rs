//! The file a first index is built in before it is renamed into place: created exclusively
//! under an unpredictable name beside the index (`<index>.building-<random>`), never through
//! a link, and held under an `flock` for as long as the build runs. A build that was killed
//! leaves an unlocked file, which the next build removes, so they never pile up.

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use fs2::FileExt;

use super::remove_index_files;
use crate::storage::atomic_file::create_exclusive;

/// Marks every build file of the index named `name`: `<name>.building-`.
fn prefix(database: &Path) -> Option<OsString> {
    let mut prefix = database.file_name()?.to_os_string();
    prefix.push(".building-");
    Some(prefix)
}

fn folder(database: &Path) -> &Path {
    database
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// A build in progress; the lock is released when it is dropped.
#[derive(Debug)]
pub struct BuildFile {
    path: PathBuf,
    _lock: File,
}

impl BuildFile {
    /// Remove what killed builds left behind, then create a fresh build file beside
    /// `database` (its folder is created when missing) and lock it.
    pub fn create(database: &Path) -> std::io::Result<Self> {
        let dir = folder(database);
        std::fs::create_dir_all(dir)?;
        remove_stale_builds(database);
        let prefix =
            prefix(database).ok_or_else(|| std::io::Error::other("the index path has no name"))?;
        let (file, path) = create_exclusive(dir, &prefix, "", 0o666)?;
        file.lock_exclusive()?;
        Ok(Self { path, _lock: file })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Move the finished build to `database`, unless another process put an index there
    /// first (its index is as good); either way nothing of the build is left. Returns whether
    /// this build became the index.
    pub fn install(self, database: &Path) -> std::io::Result<bool> {
        let installed = if database.exists() {
            false
        } else {
            std::fs::rename(&self.path, database)?;
            true
        };
        let _ = remove_index_files(&self.path);
        Ok(installed)
    }

    /// Give the build up, removing its files.
    pub fn discard(self) {
        let _ = remove_index_files(&self.path);
    }
}

/// SQLite's companions of a database file.
const COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// Remove the build files (and their WAL companions) of `database` that no running build
/// holds locked: leftovers of builds that were killed. Returns how many were removed.
pub fn remove_stale_builds(database: &Path) -> usize {
    let Some(prefix) = prefix(database).and_then(|p| p.into_string().ok()) else {
        return 0;
    };
    let dir = folder(database);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let names: Vec<String> = entries
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| name.starts_with(&prefix))
        .collect();
    let mut removed = 0;
    let (companions, mains): (Vec<&String>, Vec<&String>) = names
        .iter()
        .partition(|name| COMPANIONS.iter().any(|s| name.ends_with(s)));
    for main in mains {
        let path = dir.join(main);
        if is_unlocked(&path) && remove_index_files(&path).is_ok() {
            removed += 1;
        }
    }
    // Companions whose main file is gone (removed above, or never there).
    for companion in companions {
        let main = COMPANIONS
            .iter()
            .find_map(|s| companion.strip_suffix(s))
            .unwrap_or(companion);
        let path = dir.join(companion);
        if !dir.join(main).exists() && path.exists() && std::fs::remove_file(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// No build holds this file: nobody has its `flock`. A link or anything lore cannot open
/// without following or blocking counts as unlocked (it is nothing a build of lore made).
fn is_unlocked(path: &Path) -> bool {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path);
    match file {
        Ok(file) => file.try_lock_exclusive().is_ok(),
        Err(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_killed_build_is_removed_and_a_running_one_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let database = dir.path().join(".lore/index.db");
        let running = BuildFile::create(&database).unwrap();
        let name = running.path().file_name().unwrap().to_str().unwrap();
        assert!(name.starts_with("index.db.building-"), "{name}");
        assert!(!name.contains(&std::process::id().to_string()), "{name}");
        // What a killed build leaves: a file nobody locks, its WAL, and an old-style name.
        let killed = dir.path().join(".lore/index.db.building-0123456789abcdef");
        std::fs::write(&killed, "partial").unwrap();
        std::fs::write(
            dir.path()
                .join(".lore/index.db.building-0123456789abcdef-wal"),
            "",
        )
        .unwrap();
        std::fs::write(dir.path().join(".lore/index.db.building-4242"), "").unwrap();
        std::fs::write(dir.path().join(".lore/index.db.building-77-shm"), "").unwrap();
        std::fs::write(dir.path().join(".lore/notes.txt"), "mine").unwrap();
        assert_eq!(remove_stale_builds(&database), 3);
        let mut left: Vec<String> = std::fs::read_dir(dir.path().join(".lore"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, [name.to_string(), "notes.txt".to_string()]);
        assert!(running.install(&database).unwrap());
        assert!(database.is_file());
    }
}
