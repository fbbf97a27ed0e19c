//! `lore ingest --file PATH`: the one file a path names, a pattern of the knowledge dir or
//! one of the agents' rule files, as a whole run would list it.

use std::path::Path;

use crate::core::config::Config;

use super::{
    IngestError, SourceFile, is_pattern_file, scan_rule_files, source_name, why_ingest_skips,
};

/// Resolve `--file PATH` to a source inside the knowledge dir: a relative path is taken from
/// the working directory, or from the knowledge dir when the file is there and not in the
/// working directory. A file ingest of the whole dir would skip (`.loreignore`, hidden, a link)
/// is refused, naming why: indexed alone, the next ingest would drop it again.
pub(super) fn single_file(root: &Path, path: &Path) -> Result<SourceFile, IngestError> {
    if !is_pattern_file(path) {
        return Err(IngestError::NotPatternFile(path.to_path_buf()));
    }
    let outside = || IngestError::OutsideKnowledgeDir {
        path: path.to_path_buf(),
        dir: root.to_path_buf(),
    };
    let root = root.canonicalize().map_err(|_| outside())?;
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        let from_cwd = std::env::current_dir().unwrap_or_default().join(path);
        let from_root = root.join(path);
        if !from_cwd.exists() && from_root.exists() {
            from_root
        } else {
            from_cwd
        }
    };
    // The file may have been deleted: canonicalise its directory instead.
    let parent = absolute.parent().ok_or_else(outside)?;
    let name = absolute.file_name().ok_or_else(outside)?;
    let resolved = parent.canonicalize().map_err(|_| outside())?.join(name);
    let source = source_name(&root, &resolved).ok_or_else(outside)?;
    if let Some(why) = why_ingest_skips(&root, Path::new(&source)) {
        return Err(IngestError::Skipped { name: source, why });
    }
    Ok(SourceFile {
        source,
        path: resolved,
        listed_type: None,
    })
}

/// `--file PATH` naming one of the agents' rule files (`.cursor/rules/api.mdc`, from the
/// working directory): the entry a whole run lists for it, so a file that run would pass over
/// (a kind switched off, an ignored folder) is not indexed alone either.
pub(super) fn single_rule_file(config: &Config, path: &Path) -> Option<SourceFile> {
    let root = config.repository_root()?;
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    let wanted = absolute.canonicalize().ok()?;
    scan_rule_files(root, &config.knowledge_dir, &config.sources)
        .files
        .into_iter()
        .map(|(file, _)| file)
        .find(|file| file.path.canonicalize().is_ok_and(|p| p == wanted))
}
