//! The search words of paths: a touched file's name and folders, and the paths a shell
//! command works on. Layout folders (`src`, `internal`, `packages`) say nothing and are
//! skipped.

use std::borrow::Cow;

use super::clean_terms;

/// Most parent directories that contribute terms, nearest first.
pub const MAX_DIRS: usize = 3;
/// Directory names that only say where code sits in a layout (`src/main/java/com/...`,
/// `internal/`, `packages/`), skipped when taking parent directories as terms.
const LAYOUT_DIRS: &[&str] = &[
    "app", "apps", "cmd", "com", "crates", "internal", "java", "kotlin", "lib", "libs", "main",
    "net", "org", "packages", "pkg", "scala", "source", "sources", "src",
];

/// Whether a folder name only says where code sits in a layout (`src`, `main`, `packages`).
pub fn is_layout_dir(name: &str) -> bool {
    LAYOUT_DIRS.contains(&name.to_ascii_lowercase().as_str())
}

/// A word of a command that names a file by its extension (`tests/test_x.py`,
/// `src/app.ts`), not a flag or an assignment.
pub(super) fn is_file_argument(word: &str) -> bool {
    !word.starts_with('-')
        && !word.contains(['=', '$', '*'])
        && word
            .rsplit('/')
            .next()
            .and_then(|name| name.rsplit_once('.'))
            .is_some_and(|(stem, ext)| !stem.is_empty() && !ext.is_empty())
}

/// A command word that is a path in the project (`tests/api/test_x.py`, `./pkg/ux/...`,
/// `apps/web`): the terms of its folders and of its file's name, as [`folders_and_name`] gives
/// them. None for any other word (an option, a URL, a word without `/`).
pub(super) fn command_path(word: &str) -> Option<(Vec<String>, Vec<String>)> {
    let word = word.trim_matches(['"', '\'']);
    if !word.contains('/') || word.starts_with('-') || word.contains([':', '=', '$', '*', '@']) {
        return None;
    }
    Some(folders_and_name(word, is_file_argument(word)))
}

/// The terms of a path's folders (nearest first, as [`path_terms`] takes them) and those of
/// its file's name, apart; a path to a folder (`is_file` false) names no file.
pub(super) fn folders_and_name(path: &str, is_file: bool) -> (Vec<String>, Vec<String>) {
    let path = if is_file {
        path.to_string()
    } else {
        // An empty last segment: every named segment is a folder.
        format!("{}/", path.trim_end_matches('/'))
    };
    let name = path
        .rsplit('/')
        .next()
        .map(|name| clean_terms([file_stem(name)]))
        .unwrap_or_default();
    let mut folders = path_terms(&path);
    folders.retain(|t| !name.contains(t));
    (folders, name)
}

/// `path` relative to `cwd` when inside it, else `path` without its leading `/`; `/`-separated,
/// without empty, `.` or `..` segments (see [`without_dot_segments`]).
pub fn relative_path(path: &str, cwd: Option<&str>) -> String {
    let path = without_dot_segments(&path.replace('\\', "/"));
    let rel = cwd.and_then(|cwd| inside_of(&path, cwd)).unwrap_or(path);
    rel.split('/')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("/")
}

/// `text` (a command, a failure's output) with the checkout's own absolute location left out
/// of the paths it writes: `cd /home/ana/shop/backend && pytest` reads as `cd backend &&
/// pytest` from the root, and `/home/ana/shop` alone as `.`. The folders above a checkout name
/// the machine, not the call, and their words would be searched as the call's.
pub fn without_checkout_location<'a>(text: &'a str, checkout: Option<&str>) -> Cow<'a, str> {
    let Some(dir) = checkout.map(|d| d.trim_end_matches(['/', '\\'])) else {
        return Cow::Borrowed(text);
    };
    // A root (`/`, `C:`) is everyone's prefix: nothing to leave out.
    if dir.len() < 3 || !text.contains(dir) {
        return Cow::Borrowed(text);
    }
    let path_char = |c: char| c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '/' | '\\');
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(dir) {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + dir.len()..];
        let next = after.chars().next();
        // `file:///home/ana/shop/...` names the path after its scheme.
        let starts_path = before.is_none_or(|c| !path_char(c)) || rest[..at].ends_with("file://");
        out.push_str(&rest[..at]);
        match next {
            Some('/' | '\\') if starts_path => rest = &after[1..],
            Some(c) if starts_path && !path_char(c) => {
                out.push('.');
                rest = after;
            }
            None if starts_path => {
                out.push('.');
                rest = after;
            }
            _ => {
                out.push_str(dir);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Most paths [`located_paths`] returns.
const MAX_LOCATED: usize = 5;

/// The files a tool's output points at a line of, as compilers, linters and test runners do
/// (`internal/billing.go:71:19:`, `--> src/main.rs:3:5`, `src/a.ts(3,5): error`,
/// `File "app/models.py", line 9`), first ones first, each once; at most [`MAX_LOCATED`].
pub fn located_paths(output: &str) -> Vec<&str> {
    let mut found: Vec<&str> = Vec::new();
    for token in output.split(|c: char| c.is_whitespace() || c == '"' || c == '\'') {
        if found.len() >= MAX_LOCATED {
            break;
        }
        let token = token.trim_start_matches(['(', '[', '<']);
        let token = token.strip_prefix("file://").unwrap_or(token);
        // The path ends where its line number starts: `x.go:12`, `x.ts(3,5)`, or (Python)
        // the token is the whole quoted path and `, line N` follows.
        let end = token
            .char_indices()
            .find(|&(i, c)| {
                (c == ':' || c == '(') && token[i + 1..].starts_with(|d: char| d.is_ascii_digit())
            })
            .map_or(token.trim_end_matches([',', ':']).len(), |(i, _)| i);
        let path = &token[..end];
        let name = path.rsplit('/').next().unwrap_or(path);
        let extension = name.rsplit_once('.');
        let named = extension.is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && (1..=6).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
                && ext.chars().any(|c| c.is_ascii_alphabetic())
        });
        let located = end < token.len() || output.contains(&format!("{path}\", line "));
        if named && located && !found.contains(&path) {
            found.push(path);
        }
    }
    found
}

/// `path` from the repository `root` when the file lies inside it, a path relative to `cwd`
/// taken from there; None when it lies elsewhere or `root` is unknown.
pub fn path_in_repository(path: &str, root: Option<&str>, cwd: Option<&str>) -> Option<String> {
    let path = path.replace('\\', "/");
    let absolute = match cwd {
        Some(cwd) if !path.starts_with('/') && !is_drive_path(&path) => format!("{cwd}/{path}"),
        _ => path,
    };
    let rest = inside_of(&without_dot_segments(&absolute), root?)?;
    Some(relative_path(&rest, None)).filter(|p| !p.is_empty())
}

/// What follows `dir` in `path` (both normalised), when `path` lies inside it.
fn inside_of(path: &str, dir: &str) -> Option<String> {
    let dir = without_dot_segments(&dir.replace('\\', "/"));
    let dir = dir.trim_end_matches('/');
    if dir.is_empty() {
        return None;
    }
    path.strip_prefix(dir)?.strip_prefix('/').map(str::to_owned)
}

/// A Windows path with a drive (`C:/proj`).
fn is_drive_path(path: &str) -> bool {
    let bytes = path.as_bytes();
    bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':'
}

/// `path` with its `.` segments dropped and each `..` taking the segment before it away, as
/// the file system reads it (`/srv/app/src/../lib/a.rs` is `/srv/app/lib/a.rs`; an agent may
/// write either). A leading `/` is kept; `..` at the start has nothing to take.
fn without_dot_segments(path: &str) -> String {
    let mut segments: Vec<&str> = Vec::new();
    for segment in path.split('/').filter(|s| !s.is_empty() && *s != ".") {
        if segment == ".." {
            segments.pop();
        } else {
            segments.push(segment);
        }
    }
    let joined = segments.join("/");
    if path.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
    }
}

/// File stem terms, then parent directory terms (nearest first, at most [`MAX_DIRS`]
/// directories that add a term, layout directories skipped).
pub(super) fn path_terms(relative: &str) -> Vec<String> {
    let mut segments: Vec<&str> = relative.split('/').collect();
    let Some(file_name) = segments.pop() else {
        return Vec::new();
    };
    let mut terms = clean_terms([file_stem(file_name)]);
    let mut dirs = 0;
    for dir in segments.iter().rev() {
        if dirs == MAX_DIRS {
            break;
        }
        let name = dir.trim_start_matches('.');
        if LAYOUT_DIRS.contains(&name.to_ascii_lowercase().as_str()) {
            continue;
        }
        let before = terms.len();
        for term in clean_terms([name]) {
            if !terms.contains(&term) {
                terms.push(term);
            }
        }
        if terms.len() > before {
            dirs += 1;
        }
    }
    terms
}

/// The file name without its last extension; a dot file keeps its name (`.bashrc` → `bashrc`).
fn file_stem(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem,
        _ => name.trim_start_matches('.'),
    }
}

#[cfg(test)]
mod tests {
    use super::path_terms;

    #[test]
    fn folders_that_only_hold_code_by_layout_add_no_word() {
        // Laravel's and Rails' `app/`, Go's `internal/`: where code sits, not what it is about.
        for (path, kept, left_out) in [
            ("app/Http/Controllers/ShiftController.php", "http", "app"),
            ("internal/billing/invoice.go", "billing", "internal"),
        ] {
            let terms = path_terms(path);
            assert!(terms.iter().any(|t| t == kept), "{path}: {terms:?}");
            assert!(!terms.iter().any(|t| t == left_out), "{path}: {terms:?}");
        }
    }
}
