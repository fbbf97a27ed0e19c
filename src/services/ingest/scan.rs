//! Finding pattern files in the knowledge dir, honouring `.loreignore` (gitignore syntax).
//!
//! Nothing is skipped without a word: a sub-directory that cannot be listed, a pattern file
//! whose name is not UTF-8, and a symbolic link (never followed: it could lead anywhere) each
//! become a warning naming the path, and the scan goes on. Pattern-named entries that are
//! not regular files (FIFOs, sockets, devices) are listed, for ingest to report as errors
//! without opening them.

use std::path::{Path, PathBuf};

use crate::services::deadline::Deadline;

/// File name of the ignore file at the knowledge dir root (and in any sub-directory).
pub const IGNORE_FILE_NAME: &str = ".loreignore";

/// Extensions read as patterns: markdown, and Cursor's `.mdc` rules.
const PATTERN_EXTENSIONS: &[&str] = &["md", "markdown", "mdc"];

/// A pattern file on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// Relative to the knowledge dir, `/`-separated: the pattern's identity in the index.
    pub source: String,
    pub path: PathBuf,
    /// The type the directory listing gave, so reading needs no `stat` of its own (None:
    /// named by the user, not listed).
    pub listed_type: Option<std::fs::FileType>,
}

/// Something the scan passed over, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ScanWarning {
    /// Relative to the knowledge dir where possible (not valid UTF-8 is shown lossily).
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for ScanWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Every pattern file found, and what was passed over.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KnowledgeScan {
    /// Sorted by source name.
    pub files: Vec<SourceFile>,
    pub warnings: Vec<ScanWarning>,
}

/// Is this a file name lore reads as a pattern?
pub fn is_pattern_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| PATTERN_EXTENSIONS.iter().any(|p| e.eq_ignore_ascii_case(p)))
}

/// The relative, `/`-separated source name of `path` inside `root`.
pub fn source_name(root: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(root).ok()?;
    let parts: Option<Vec<&str>> = rel.components().map(|c| c.as_os_str().to_str()).collect();
    Some(parts?.join("/"))
}

/// Every pattern file under `root`, sorted by source name (see [`scan_knowledge`]; its
/// warnings are dropped here).
pub fn scan_knowledge_dir(root: &Path) -> Result<Vec<SourceFile>, ignore::Error> {
    scan_knowledge(root).map(|scan| scan.files)
}

/// Every pattern file under `root`, sorted by source name, with a warning for each thing
/// passed over. Hidden files and directories (`.git`, ...) are skipped; `.gitignore` is not
/// consulted, only `.loreignore`. Fails only when `root` itself cannot be listed.
pub fn scan_knowledge(root: &Path) -> Result<KnowledgeScan, ignore::Error> {
    Ok(scan_knowledge_until(root, Deadline::none())?.unwrap_or_default())
}

/// How many entries the walk visits between two looks at the deadline.
const ENTRIES_PER_CHECK: usize = 256;

/// [`scan_knowledge`], stopped once `deadline` passes: None then, since part of the folder
/// was not listed (a knowledge dir of the whole disk takes seconds to walk).
pub fn scan_knowledge_until(
    root: &Path,
    deadline: Deadline,
) -> Result<Option<KnowledgeScan>, ignore::Error> {
    std::fs::read_dir(root).map_err(|e| ignore::Error::WithPath {
        path: root.to_path_buf(),
        err: Box::new(ignore::Error::Io(e)),
    })?;
    let walker = ignore::WalkBuilder::new(root)
        .standard_filters(false)
        .hidden(true)
        .follow_links(false)
        .add_custom_ignore_filename(IGNORE_FILE_NAME)
        .build();
    let mut scan = KnowledgeScan::default();
    for (n, entry) in walker.enumerate() {
        if n % ENTRIES_PER_CHECK == 0 && deadline.passed() {
            return Ok(None);
        }
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                scan.warnings.push(walk_warning(root, &e));
                continue;
            }
        };
        let Some(file_type) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if file_type.is_dir() {
            continue;
        }
        // The knowledge dir itself may be a link (`patterns` -> `docs/conventions`): the
        // user named it, and the walk goes through it.
        if file_type.is_symlink() && entry.depth() > 0 {
            if is_pattern_file(path) || path.is_dir() {
                scan.warnings.push(ScanWarning {
                    path: shown(root, path),
                    message: "is a symbolic link, which lore does not follow (it could lead \
                              anywhere): skipped; copy or move the pattern into the knowledge \
                              dir instead"
                        .to_string(),
                });
            }
            continue;
        }
        if !is_pattern_file(path) {
            continue;
        }
        match listed_source_name(root, path) {
            Some(source) => scan.files.push(SourceFile {
                source,
                path: entry.into_path(),
                listed_type: Some(file_type),
            }),
            None => scan.warnings.push(ScanWarning {
                path: shown(root, path),
                message: "the name is not valid UTF-8, so it cannot be a pattern's name: \
                          skipped; rename it"
                    .to_string(),
            }),
        }
    }
    // Sources are unique (one per path), so an unstable sort orders them the same.
    scan.files.sort_unstable_by(|a, b| a.source.cmp(&b.source));
    Ok(Some(scan))
}

/// [`source_name`] for a path the walk built by joining entry names onto `root`: the text
/// after `root/` is already the `/`-separated name (entry names hold no `/` and are never
/// `.` or `..`), so its components need not be parsed again for every file. A path not of
/// that form takes the general way.
fn listed_source_name(root: &Path, path: &Path) -> Option<String> {
    use std::os::unix::ffi::OsStrExt;
    let after_root = path
        .as_os_str()
        .as_bytes()
        .strip_prefix(root.as_os_str().as_bytes())
        .and_then(|rest| rest.strip_prefix(b"/"));
    match after_root {
        Some(rest) if !rest.is_empty() && !rest.starts_with(b"/") => {
            std::str::from_utf8(rest).ok().map(str::to_string)
        }
        _ => source_name(root, path),
    }
}

/// `path` relative to `root` when inside it, shown lossily.
fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// A warning for an entry the walk could not read (a sub-directory without permission, an
/// unreadable `.loreignore`), naming its path when the error has one.
fn walk_warning(root: &Path, error: &ignore::Error) -> ScanWarning {
    let (path, cause) = split_path(error);
    ScanWarning {
        path: path.map_or_else(|| shown(root, root), |p| shown(root, p)),
        message: format!("cannot be read ({cause}): skipped; check its permissions"),
    }
}

/// The path an `ignore` error is about, and the error underneath it.
fn split_path(error: &ignore::Error) -> (Option<&Path>, &ignore::Error) {
    match error {
        ignore::Error::WithPath { path, err } => (Some(path), split_path(err).1),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            split_path(err)
        }
        other => (None, other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_non_utf8_names_are_warned_about_and_skipped() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("kb");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("a.md"), "# A").unwrap();
        std::fs::write(dir.path().join("outside.md"), "# O").unwrap();
        std::os::unix::fs::symlink(dir.path().join("outside.md"), root.join("linked.md")).unwrap();
        std::os::unix::fs::symlink(dir.path(), root.join("sub/linked-dir")).unwrap();
        let bad = std::ffi::OsStr::from_bytes(b"caf\xe9.md");
        std::fs::write(root.join(bad), "# C").unwrap();
        std::fs::write(root.join("notes.txt"), "not a pattern").unwrap();
        let scan = scan_knowledge(&root).unwrap();
        let sources: Vec<&str> = scan.files.iter().map(|f| f.source.as_str()).collect();
        assert_eq!(sources, ["a.md"]);
        let mut warned: Vec<&str> = scan.warnings.iter().map(|w| w.path.as_str()).collect();
        warned.sort();
        assert_eq!(warned, ["caf\u{fffd}.md", "linked.md", "sub/linked-dir"]);
        assert!(scan.warnings.iter().all(|w| w.message.contains("skipped")));
    }

    #[test]
    fn a_knowledge_dir_that_is_a_link_is_walked_without_a_warning() {
        // `patterns` -> `docs/conventions`: the user named the folder; links inside it are
        // still passed over.
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("docs/conventions");
        std::fs::create_dir_all(&real).unwrap();
        std::fs::write(real.join("db.md"), "# Database").unwrap();
        std::os::unix::fs::symlink(real.join("db.md"), real.join("again.md")).unwrap();
        let root = dir.path().join("patterns");
        std::os::unix::fs::symlink(&real, &root).unwrap();
        let scan = scan_knowledge(&root).unwrap();
        let sources: Vec<&str> = scan.files.iter().map(|f| f.source.as_str()).collect();
        assert_eq!(sources, ["db.md"]);
        let warned: Vec<&str> = scan.warnings.iter().map(|w| w.path.as_str()).collect();
        assert_eq!(warned, ["again.md"]);
    }

    #[test]
    fn an_unlistable_sub_directory_is_a_warning_and_the_rest_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.md"), "# A").unwrap();
        std::fs::write(root.join("z.md"), "# Z").unwrap();
        let deep = make_unlistable_dir(root);
        let scan = scan_knowledge(root).unwrap();
        let sources: Vec<&str> = scan.files.iter().map(|f| f.source.as_str()).collect();
        assert!(
            sources.contains(&"a.md") && sources.contains(&"z.md"),
            "{sources:?}"
        );
        assert_eq!(scan.warnings.len(), 1, "{:?}", scan.warnings);
        assert!(
            deep.starts_with(&scan.warnings[0].path),
            "{:?} vs {deep}",
            scan.warnings[0]
        );
        assert!(scan.warnings[0].message.contains("cannot be read"));
    }

    #[test]
    fn listed_names_are_the_names_source_name_gives() {
        let cases = [
            ("/kb", "/kb/a.md"),
            ("/kb", "/kb/team/sub/b.md"),
            ("/kb/", "/kb/team/c.md"),
            ("/kb/./x", "/kb/./x/d.md"),
            ("kb", "kb/e.md"),
        ];
        for (root, path) in cases {
            let (root, path) = (Path::new(root), Path::new(path));
            assert_eq!(
                listed_source_name(root, path),
                source_name(root, path),
                "{path:?} under {root:?}"
            );
        }
        use std::os::unix::ffi::OsStrExt;
        let bad = Path::new(std::ffi::OsStr::from_bytes(b"/kb/caf\xe9.md"));
        assert_eq!(listed_source_name(Path::new("/kb"), bad), None);
    }

    /// A directory the walk cannot list, even as root: its absolute path is longer than
    /// PATH_MAX, which `mkdir -p` reaches by creating it one level at a time. Returns its
    /// path relative to `root`.
    fn make_unlistable_dir(root: &Path) -> String {
        let deep = vec!["d".repeat(200); 4200 / 200].join("/");
        let status = std::process::Command::new("mkdir")
            .arg("-p")
            .arg(&deep)
            .current_dir(root)
            .status()
            .unwrap();
        assert!(status.success(), "mkdir -p of a path past PATH_MAX failed");
        deep
    }
}
