//! Reading a project's root: its root files (manifests such as `package.json`, `go.mod`,
//! `pyproject.toml`; regular files only, each read up to a cap), the names it holds, and
//! whether a given path below it exists. A folder is listed up to a cap, so a hook stays
//! bounded whatever the project holds.

use std::path::Path;

use super::bounded_read::read_listed_file;

/// Most entries of one folder looked at.
const MAX_ENTRIES: usize = 2_000;
/// Most bytes read of one root file.
pub const MAX_ROOT_FILE_BYTES: u64 = 512 * 1024;
/// Most root files read in one folder.
const MAX_FILES: usize = 32;

/// The root files of `dir` that `wanted` accepts by name, and the files at the `below` paths
/// (`gradle/libs.versions.toml`), as (name, text) pairs sorted by name. Unreadable, oversized
/// and non-regular files are left out: what a project shows is a hint, never an error.
pub fn read_root_files(
    dir: &Path,
    wanted: impl Fn(&str) -> bool,
    below: &[String],
) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
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
        if let Ok(bytes) = read_listed_file(&entry.path(), file_type, MAX_ROOT_FILE_BYTES) {
            found.push((
                name.to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ));
        }
    }
    for path in below {
        let full = dir.join(path);
        if let Ok(meta) = std::fs::symlink_metadata(&full)
            && meta.is_file()
            && let Ok(bytes) = read_listed_file(&full, meta.file_type(), MAX_ROOT_FILE_BYTES)
        {
            found.push((path.clone(), String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    found.sort();
    found
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

    #[test]
    fn only_wanted_regular_files_are_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("package.json"), "{}").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
        std::fs::create_dir(dir.path().join("go.mod")).unwrap();
        std::fs::create_dir(dir.path().join("gradle")).unwrap();
        std::fs::write(dir.path().join("gradle/libs.versions.toml"), "[x]").unwrap();
        let wanted = |name: &str| matches!(name, "package.json" | "go.mod");
        let found = read_root_files(dir.path(), wanted, &["gradle/libs.versions.toml".into()]);
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["gradle/libs.versions.toml", "package.json"]);
        assert!(read_root_files(&dir.path().join("absent"), wanted, &[]).is_empty());
        assert!(!is_repository_root(dir.path()));
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
