//! Reading a project's root: its root files (manifests such as `package.json`, `go.mod`,
//! `pyproject.toml`; regular files only, each read up to a cap), the names it holds, and
//! whether a given path below it exists. A folder is listed up to a cap, so a hook stays
//! bounded whatever the project holds.

use std::path::{Path, PathBuf};

use super::bounded_read::read_listed_file;
use super::file_stamps::{stamp_at, stamp_of};
use crate::core::file_stamp::FileStamp;

/// Most entries of one folder looked at.
const MAX_ENTRIES: usize = 2_000;
/// Most bytes read of one root file.
pub const MAX_ROOT_FILE_BYTES: u64 = 512 * 1024;
/// Most root files read in one folder.
const MAX_FILES: usize = 32;

/// A folder's root files as read, with the stamps that show later whether they still hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RootFiles {
    /// (name, text) pairs sorted by name.
    pub files: Vec<(String, String)>,
    pub stamps: FolderStamps,
}

/// The stamps that prove what a folder's root files showed still holds: the folder's own
/// (adding, removing or renaming a file in it changes its times), and each wanted file and
/// each path looked for below it, present or not, all taken before anything was read.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FolderStamps {
    folder: Option<FileStamp>,
    files: Vec<(String, Option<FileStamp>)>,
    seen_at_ns: i64,
}

impl FolderStamps {
    /// Does `dir` certainly still hold what was read when these stamps were taken? Only when
    /// every stamp is settled (see `core::file_stamp`) and the folder and each file still
    /// have it. Costs one `lstat` per file and one for the folder.
    pub fn still_hold(&self, dir: &Path) -> bool {
        let settled = |s: &Option<FileStamp>| s.is_none_or(|s| s.settled_at(self.seen_at_ns));
        settled(&self.folder)
            && self.files.iter().all(|(_, s)| settled(s))
            && stamp_at(dir) == self.folder
            && self
                .files
                .iter()
                .all(|(name, s)| stamp_at(&dir.join(name)) == *s)
    }
}

/// The root files of `dir` that `wanted` accepts by name, and the files at the `below` paths
/// (`gradle/libs.versions.toml`), sorted by name, with their stamps, taken at `seen_at_ns`
/// (`storage::file_stamps::now_ns`). Unreadable, oversized and non-regular files are left
/// out: what a project shows is a hint, never an error.
pub fn read_root_files(
    dir: &Path,
    wanted: impl Fn(&str) -> bool,
    below: &[String],
    seen_at_ns: i64,
) -> RootFiles {
    let mut stamps = FolderStamps {
        seen_at_ns,
        folder: stamp_at(dir),
        files: Vec::new(),
    };
    let mut found: Vec<(String, String)> = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return RootFiles {
            files: found,
            stamps,
        };
    };
    for entry in entries.take(MAX_ENTRIES).flatten() {
        if found.len() == MAX_FILES {
            break;
        }
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        if !file_type.is_file() || !wanted(name) {
            continue;
        }
        let path = entry.path();
        stamps.files.push((name.to_string(), stamp_at(&path)));
        if let Ok(bytes) = read_listed_file(&path, file_type, MAX_ROOT_FILE_BYTES) {
            found.push((
                name.to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ));
        }
    }
    for path in below {
        let full = dir.join(path);
        let meta = std::fs::symlink_metadata(&full).ok();
        stamps
            .files
            .push((path.clone(), meta.as_ref().map(stamp_of)));
        if let Some(meta) = meta
            && meta.is_file()
            && let Ok(bytes) = read_listed_file(&full, meta.file_type(), MAX_ROOT_FILE_BYTES)
        {
            found.push((path.clone(), String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    found.sort();
    RootFiles {
        files: found,
        stamps,
    }
}

/// The names at a project's root: files and folders (a link counts as what it points to),
/// each sorted, at most [`MAX_ENTRIES`] entries looked at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RootEntries {
    pub files: Vec<String>,
    pub dirs: Vec<String>,
}

/// The file and folder names directly in `dir` (nothing when it cannot be listed).
pub fn root_entries(dir: &Path) -> RootEntries {
    let mut found = RootEntries::default();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.take(MAX_ENTRIES).flatten() {
        let Some(name) = entry.file_name().to_str().map(str::to_string) else {
            continue;
        };
        let Ok(mut file_type) = entry.file_type() else {
            continue;
        };
        if file_type.is_symlink() {
            match std::fs::metadata(entry.path()) {
                Ok(meta) => file_type = meta.file_type(),
                Err(_) => continue,
            }
        }
        if file_type.is_dir() {
            found.dirs.push(name);
        } else if file_type.is_file() {
            found.files.push(name);
        }
    }
    found.files.sort();
    found.dirs.sort();
    found
}

/// Entries of one folder looked at while looking for a monorepo's parts: a part's root files
/// sit among its first few, and a folder of thousands (a knowledge dir, generated files) is
/// no part to read whole.
const MAX_PART_ENTRIES: usize = 256;

/// The folders one or two levels below `top` that hold a file `wanted` names (a monorepo's
/// parts: `apps/admin` with its `Gemfile`), in name order: at most `max_found`, from at most
/// `max_listed` folders listed, each read for at most [`MAX_PART_ENTRIES`] entries. Hidden
/// folders, links and those `skipped` says are passed over, and a part's own folders are not
/// looked into.
pub fn part_folders(
    top: &Path,
    wanted: impl Fn(&str) -> bool,
    skipped: impl Fn(&Path) -> bool,
    max_found: usize,
    max_listed: usize,
) -> Vec<PathBuf> {
    // A folder's sub-folders (sorted), and whether it holds a wanted file.
    let look = |dir: &Path| -> (Vec<PathBuf>, bool) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return (Vec::new(), false);
        };
        let mut folders = Vec::new();
        let mut holds = false;
        for entry in entries.take(MAX_PART_ENTRIES).flatten() {
            let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                continue;
            };
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                let path = entry.path();
                if !name.starts_with('.') && !skipped(&path) {
                    folders.push(path);
                }
            } else if kind.is_file() && wanted(&name) {
                holds = true;
            }
        }
        folders.sort();
        (folders, holds)
    };
    let mut found = Vec::new();
    let mut listed = 0;
    let (children, _) = look(top);
    for child in children {
        if found.len() >= max_found || listed >= max_listed {
            break;
        }
        listed += 1;
        let (grandchildren, holds) = look(&child);
        if holds {
            found.push(child);
            continue;
        }
        for grandchild in grandchildren {
            if found.len() >= max_found || listed >= max_listed {
                break;
            }
            listed += 1;
            if look(&grandchild).1 {
                found.push(grandchild);
            }
        }
    }
    found
}

/// Whether `relative` (a `/`-separated path without `..`) exists below `dir`.
pub fn exists_below(dir: &Path, relative: &str) -> bool {
    let safe = relative
        .split('/')
        .all(|s| !s.is_empty() && s != "." && s != "..");
    safe && std::fs::metadata(dir.join(relative)).is_ok()
}

/// Whether `dir` is a repository's root (it holds `.git`).
pub fn is_repository_root(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir.join(".git")).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::file_stamps::now_ns;

    #[test]
    fn only_wanted_regular_files_are_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("package.json"), "{}").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
        std::fs::create_dir(dir.path().join("go.mod")).unwrap();
        std::fs::create_dir(dir.path().join("gradle")).unwrap();
        std::fs::write(dir.path().join("gradle/libs.versions.toml"), "[x]").unwrap();
        let wanted = |name: &str| matches!(name, "package.json" | "go.mod");
        let found = read_root_files(
            dir.path(),
            wanted,
            &["gradle/libs.versions.toml".into()],
            now_ns(),
        );
        let names: Vec<&str> = found.files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["gradle/libs.versions.toml", "package.json"]);
        assert!(
            read_root_files(&dir.path().join("absent"), wanted, &[], now_ns())
                .files
                .is_empty()
        );
        assert!(!is_repository_root(dir.path()));
    }

    const SECOND: i64 = 1_000_000_000;

    #[test]
    fn stamps_hold_until_a_root_file_changes_or_appears() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("package.json"), "{}").unwrap();
        let wanted = |name: &str| matches!(name, "package.json" | "go.mod");
        let below = ["gradle/libs.versions.toml".to_string()];
        // Read well after the files were written, so the stamps are trusted.
        let read = || read_root_files(dir.path(), wanted, &below, now_ns() + 10 * SECOND);
        assert!(read().stamps.still_hold(dir.path()));

        std::fs::write(dir.path().join("package.json"), r#"{"dependencies": {}}"#).unwrap();
        let before_edit = read();
        std::fs::write(
            dir.path().join("package.json"),
            r#"{"dependencies": {"a": "1"}}"#,
        )
        .unwrap();
        assert!(!before_edit.stamps.still_hold(dir.path()), "an edited file");

        let before_new = read();
        std::fs::write(dir.path().join("go.mod"), "module x").unwrap();
        assert!(!before_new.stamps.still_hold(dir.path()), "a new root file");

        let before_below = read();
        std::fs::create_dir(dir.path().join("gradle")).unwrap();
        std::fs::write(dir.path().join("gradle/libs.versions.toml"), "[x]").unwrap();
        assert!(!before_below.stamps.still_hold(dir.path()), "a file below");
    }

    #[test]
    fn stamps_taken_right_after_a_change_are_not_trusted() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("go.mod"), "module x").unwrap();
        let read = read_root_files(dir.path(), |n| n == "go.mod", &[], now_ns());
        assert!(!read.stamps.still_hold(dir.path()));
        let absent = dir.path().join("absent");
        let absent_read = read_root_files(&absent, |_| true, &[], now_ns() + 10 * SECOND);
        assert!(absent_read.stamps.still_hold(&absent));
        std::fs::create_dir(&absent).unwrap();
        assert!(
            !absent_read.stamps.still_hold(&absent),
            "a folder that appeared"
        );
    }

    #[test]
    fn the_root_lists_its_files_and_folders_and_answers_for_paths_below() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("go.mod"), "module x").unwrap();
        std::fs::create_dir_all(dir.path().join(".github/workflows")).unwrap();
        std::fs::create_dir(dir.path().join("cmd")).unwrap();
        let entries = root_entries(dir.path());
        assert_eq!(entries.files, ["go.mod"]);
        assert_eq!(entries.dirs, [".github", "cmd"]);
        assert!(exists_below(dir.path(), ".github/workflows"));
        assert!(!exists_below(dir.path(), ".github/actions"));
        assert!(!exists_below(dir.path(), "../x"));
        assert_eq!(
            root_entries(&dir.path().join("absent")),
            RootEntries::default()
        );
    }
}
