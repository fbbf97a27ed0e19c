//! What an agent's write may hold and where it may go: size and shape of each argument, and
//! a path that stays inside the knowledge dir where ingest looks.

use std::path::{Component, Path, PathBuf};

use super::{AuthorError, io_err, limits};
use crate::services::ingest::why_ingest_skips;

/// Fail when `value` is longer than `limit` characters.
pub fn check_len(field: &'static str, value: &str, limit: usize) -> Result<(), AuthorError> {
    let len = value.chars().count();
    if len > limit {
        return Err(AuthorError::TooLong { field, len, limit });
    }
    Ok(())
}

pub(super) fn check_single_line(
    field: &'static str,
    value: &str,
    limit: usize,
) -> Result<(), AuthorError> {
    check_len(field, value, limit)?;
    if value.trim().is_empty() {
        return Err(AuthorError::Invalid {
            field,
            problem: "must not be empty".into(),
        });
    }
    if value.chars().any(char::is_control) {
        return Err(AuthorError::Invalid {
            field,
            problem: "must be one line without control characters".into(),
        });
    }
    Ok(())
}

pub(super) fn check_items(field: &'static str, items: &[String]) -> Result<(), AuthorError> {
    if items.len() > limits::ITEMS {
        return Err(AuthorError::TooMany {
            field,
            count: items.len(),
            limit: limits::ITEMS,
        });
    }
    items
        .iter()
        .try_for_each(|item| check_single_line(field, item, limits::ITEM))
}

pub(super) fn check_body(field: &'static str, body: &str) -> Result<(), AuthorError> {
    check_len(field, body, limits::BODY)?;
    if body.trim().is_empty() {
        return Err(AuthorError::Invalid {
            field,
            problem: "must not be empty".into(),
        });
    }
    Ok(())
}

/// A relative path made only of normal components, or why not.
pub(super) fn relative_inside(root: &Path, requested: &str) -> Result<PathBuf, AuthorError> {
    let outside = |why| AuthorError::OutsideKnowledgeDir {
        requested: requested.to_string(),
        dir: root.to_path_buf(),
        why,
    };
    let rel = Path::new(requested.trim());
    if rel.is_absolute() || requested.trim().starts_with(['/', '\\']) {
        return Err(outside("absolute paths are not accepted"));
    }
    if requested.contains('\\') || requested.contains('\0') {
        return Err(outside("backslashes and NUL are not accepted"));
    }
    if requested.chars().any(hides_in_a_name) {
        return Err(outside(
            "line breaks, control characters and invisible direction or width marks are not accepted in a file or folder name",
        ));
    }
    for c in rel.components() {
        match c {
            Component::Normal(_) | Component::CurDir => {}
            Component::ParentDir => return Err(outside("`..` is not accepted")),
            _ => return Err(outside("only plain relative paths are accepted")),
        }
    }
    Ok(rel
        .components()
        .filter(|c| matches!(c, Component::Normal(_)))
        .collect())
}

/// A character that makes a name read as something it is not: a control character (a line
/// break splits a listing or a commit message), a direction override (U+202E shows `gpj.md`
/// as `dm.jpg`) or an invisible mark.
pub(super) fn hides_in_a_name(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{061C}' | '\u{FEFF}'
        )
}

/// The canonical knowledge dir, and `dir` inside it resolved (created when `create`),
/// checking at each step that no symlink leads out of it.
pub(super) fn resolve_dir(
    root: &Path,
    dir: &Path,
    requested: &str,
    create: bool,
) -> Result<(PathBuf, PathBuf), AuthorError> {
    // A team that keeps only other agents' rule files commits no knowledge dir (git keeps no
    // empty folder): the first pattern written makes it.
    if create && std::fs::symlink_metadata(root).is_err() {
        std::fs::create_dir_all(root).map_err(io_err(root))?;
    }
    let canonical_root = root.canonicalize().map_err(io_err(root))?;
    let outside = |why| AuthorError::OutsideKnowledgeDir {
        requested: requested.to_string(),
        dir: root.to_path_buf(),
        why,
    };
    let mut current = canonical_root.clone();
    for part in dir.components() {
        let next = current.join(part);
        match std::fs::symlink_metadata(&next) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && create => {
                std::fs::create_dir(&next).map_err(io_err(&next))?;
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(AuthorError::NotFound {
                    name: requested.to_string(),
                });
            }
            Err(e) => return Err(io_err(&next)(e)),
        }
        let resolved = next.canonicalize().map_err(io_err(&next))?;
        if !resolved.starts_with(&canonical_root) {
            return Err(outside("a symlink there points outside the knowledge dir"));
        }
        if !resolved.is_dir() {
            return Err(outside("a part of it is not a directory"));
        }
        current = resolved;
    }
    Ok((canonical_root, current))
}

/// Refuse a path ingest would skip (hidden, `.loreignore`d, a link...): a file written there
/// would be reported as indexed and then dropped by the next ingest.
pub(super) fn refuse_skipped(root: &Path, rel: &Path, requested: &str) -> Result<(), AuthorError> {
    match why_ingest_skips(root, rel) {
        Some(why) => Err(AuthorError::SkippedByIngest {
            requested: requested.to_string(),
            why,
        }),
        None => Ok(()),
    }
}
