//! Finding pattern files in the knowledge dir, honouring `.loreignore` (gitignore syntax).

use std::path::{Path, PathBuf};

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

/// Every pattern file under `root`, sorted by source name. Hidden files and directories
/// (`.git`, ...) are skipped; `.gitignore` is not consulted, only `.loreignore`.
pub fn scan_knowledge_dir(root: &Path) -> Result<Vec<SourceFile>, ignore::Error> {
    let walker = ignore::WalkBuilder::new(root)
        .standard_filters(false)
        .hidden(true)
        .follow_links(false)
        .add_custom_ignore_filename(IGNORE_FILE_NAME)
        .build();
    let mut files = Vec::new();
    for entry in walker {
        let entry = entry?;
        if !entry.file_type().is_some_and(|t| t.is_file()) || !is_pattern_file(entry.path()) {
            continue;
        }
        if let Some(source) = source_name(root, entry.path()) {
            files.push(SourceFile {
                source,
                path: entry.into_path(),
            });
        }
    }
    files.sort_by(|a, b| a.source.cmp(&b.source));
    Ok(files)
}
