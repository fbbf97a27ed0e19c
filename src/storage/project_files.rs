//! Reading a project's root files (manifests such as `package.json`, `go.mod`,
//! `pyproject.toml`): regular files only, each read up to a cap, a folder listed up to a cap,
//! so a hook stays bounded whatever the project holds.

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
}
