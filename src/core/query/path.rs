//! Languages implied by a file path: marker file names, extensions and tool directories from
//! the shared language table.

use super::index::{INDEX, names};
use super::language::LANGUAGES;

/// Languages implied by a file path: marker file name, extension, or a YAML file under a
/// tool's directory (`.github/workflows/ci.yml` → `github-actions`, `yaml`). Table order.
pub fn languages_for_path(path: &str) -> Vec<String> {
    let path = path.replace('\\', "/");
    let mut segments: Vec<&str> = path
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    let Some(file_name) = segments.pop() else {
        return Vec::new();
    };
    let lower = file_name.to_ascii_lowercase();
    let index = &INDEX;
    let mut hits: Vec<usize> = Vec::new();
    if let Some(found) = index.file_names.get(&lower) {
        hits.extend(found);
    }
    for (prefix, suffix, i) in index.file_globs {
        if lower.len() >= prefix.len() + suffix.len()
            && lower.starts_with(*prefix)
            && lower.ends_with(*suffix)
        {
            hits.push(*i);
        }
    }
    let extension = match lower.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => Some(ext),
        _ => None,
    };
    if let Some(found) = extension.and_then(|ext| index.extensions.get(ext)) {
        hits.extend(found);
    }
    if matches!(extension, Some("yml" | "yaml")) {
        let dirs: Vec<String> = segments.iter().map(|s| s.to_ascii_lowercase()).collect();
        for (i, language) in LANGUAGES.iter().enumerate() {
            if language
                .yaml_dirs
                .iter()
                .any(|d| contains_segments(&dirs, d))
            {
                hits.push(i);
            }
        }
    }
    hits.sort_unstable();
    names(hits)
}

/// Whether `dirs` contains the `/`-separated segments of `needle` consecutively.
fn contains_segments(dirs: &[String], needle: &str) -> bool {
    let parts: Vec<&str> = needle.split('/').collect();
    dirs.windows(parts.len())
        .any(|w| w.iter().zip(&parts).all(|(a, b)| a == b))
}
