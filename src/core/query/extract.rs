//! `extract_query`: the fields of a tool call, prompt or error turned into languages, ordered
//! search terms and the project-relative path.

use std::collections::BTreeSet;

use super::{
    Query, QueryInput, clean_terms, languages_for_command, languages_for_path, mentioned_languages,
};

/// Most terms in one query, language names included.
pub const MAX_TERMS: usize = 40;
/// Most terms taken from edit content (`new_string` / `content`): code is noisy.
pub const MAX_CONTENT_TERMS: usize = 12;
/// Most parent directories that contribute terms, nearest first.
pub const MAX_DIRS: usize = 3;
/// Edit content beyond this many bytes is not scanned (a whole generated file adds nothing).
const MAX_CONTENT_BYTES: usize = 64 * 1024;

/// Directory names that only say where code sits in a layout (`src/main/java/com/...`,
/// `internal/`, `packages/`), skipped when taking parent directories as terms.
const LAYOUT_DIRS: &[&str] = &[
    "apps", "cmd", "com", "crates", "internal", "java", "kotlin", "lib", "libs", "main", "net",
    "org", "packages", "pkg", "scala", "source", "sources", "src",
];

/// Turn a tool call / prompt / error into a query.
///
/// Languages: file path (marker, extension, tool directory), then Bash command programs, then
/// languages mentioned in the description, prompt, last user message and error; deduplicated in
/// that order. Terms, by priority: file stem; up to three parent directories within the project,
/// nearest first, skipping layout directories; the Bash command (program, arguments, flag
/// names, path parts); description; prompt; error (without the `Exit code N` line); last user
/// message; up to twelve new terms from the edit content; then each inferred language's
/// canonical name not already present. At most [`MAX_TERMS`], language names always kept.
pub fn extract_query(input: &QueryInput) -> Query {
    let relative_path = input
        .file_path
        .as_deref()
        .map(|path| relative_path(path, input.cwd.as_deref()))
        .filter(|path| !path.is_empty());

    let mut languages: Vec<String> = Vec::new();
    if let Some(path) = &relative_path {
        extend_unique(&mut languages, languages_for_path(path));
    }
    if let Some(command) = &input.command {
        extend_unique(&mut languages, languages_for_command(command));
    }
    let prose = [
        &input.description,
        &input.prompt,
        &input.last_user_message,
        &input.error,
    ];
    for text in prose.into_iter().flatten() {
        extend_unique(&mut languages, mentioned_languages(text));
    }

    let mut terms: Vec<String> = Vec::new();
    if let Some(path) = &relative_path {
        extend_unique(&mut terms, path_terms(path));
    }
    let error = input.error.as_deref().map(strip_exit_code);
    let texts = [
        input.command.as_deref(),
        input.description.as_deref(),
        input.prompt.as_deref(),
        error.as_deref(),
        input.last_user_message.as_deref(),
    ];
    for text in texts.into_iter().flatten() {
        extend_unique(&mut terms, clean_terms(text.split_whitespace()));
    }
    if let Some(content) = &input.content {
        let content = truncate(content, MAX_CONTENT_BYTES);
        let fresh: Vec<String> = clean_terms(content.split_whitespace())
            .into_iter()
            .filter(|t| !terms.contains(t))
            .take(MAX_CONTENT_TERMS)
            .collect();
        terms.extend(fresh);
    }
    extend_unique(&mut terms, languages.iter().cloned());
    let (location_terms, message_terms) = weak_terms(input, relative_path.as_deref(), &languages);
    while terms.len() > MAX_TERMS {
        match terms.iter().rposition(|t| !languages.contains(t)) {
            Some(last) => {
                terms.remove(last);
            }
            None => terms.truncate(MAX_TERMS),
        }
    }

    let kept = |weak: Vec<String>| weak.into_iter().filter(|t| terms.contains(t)).collect();
    Query {
        languages,
        message_terms: kept(message_terms),
        location_terms: kept(location_terms),
        terms,
        relative_path,
        project: input.cwd.as_deref().and_then(project_name),
        open_language_gate: false,
    }
}

/// The terms that only the touched file's directories gave, and those only the user's last
/// message gave: weaker evidence than the call's own words (see `Query`).
fn weak_terms(
    input: &QueryInput,
    relative_path: Option<&str>,
    languages: &[String],
) -> (Vec<String>, Vec<String>) {
    let mut strong: BTreeSet<String> = languages.iter().cloned().collect();
    let mut directories = Vec::new();
    if let Some(path) = relative_path {
        let stem = path
            .rsplit('/')
            .next()
            .map(|name| clean_terms([file_stem(name)]))
            .unwrap_or_default();
        directories = path_terms(path);
        directories.retain(|t| !stem.contains(t));
        strong.extend(stem);
    }
    let error = input.error.as_deref().map(strip_exit_code);
    let content = input
        .content
        .as_deref()
        .map(|c| truncate(c, MAX_CONTENT_BYTES));
    for text in [
        input.command.as_deref(),
        input.description.as_deref(),
        input.prompt.as_deref(),
        error.as_deref(),
        content,
    ]
    .into_iter()
    .flatten()
    {
        strong.extend(clean_terms(text.split_whitespace()));
    }
    let location: Vec<String> = directories
        .iter()
        .filter(|t| !strong.contains(*t))
        .cloned()
        .collect();
    strong.extend(directories);
    let message = input
        .last_user_message
        .as_deref()
        .map(|m| clean_terms(m.split_whitespace()))
        .unwrap_or_default()
        .into_iter()
        .filter(|t| !strong.contains(t))
        .collect();
    (location, message)
}

/// The last meaningful component of a working directory.
fn project_name(cwd: &str) -> Option<String> {
    cwd.split(['/', '\\'])
        .rfind(|s| !s.is_empty() && *s != "." && *s != "..")
        .map(str::to_string)
}

/// `path` relative to `cwd` when inside it, else `path` without its leading `/`; `/`-separated,
/// without empty or `.` segments.
pub fn relative_path(path: &str, cwd: Option<&str>) -> String {
    let path = path.replace('\\', "/");
    let inside = cwd.map(|c| c.replace('\\', "/")).and_then(|cwd| {
        let cwd = cwd.trim_end_matches('/');
        let rest = path.strip_prefix(cwd)?.strip_prefix('/')?;
        (!cwd.is_empty()).then(|| rest.to_owned())
    });
    let rel = inside.as_deref().unwrap_or(&path);
    rel.split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect::<Vec<_>>()
        .join("/")
}

/// File stem terms, then parent directory terms (nearest first, at most [`MAX_DIRS`]
/// directories that add a term, layout directories skipped).
fn path_terms(relative: &str) -> Vec<String> {
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
        extend_unique(&mut terms, clean_terms([name]));
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

/// Error text without Claude Code's `Exit code N` line.
fn strip_exit_code(error: &str) -> String {
    error
        .lines()
        .filter(|line| {
            let line = line.trim();
            !line
                .strip_prefix("Exit code ")
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// At most `max` bytes of `text`, cut at a character boundary.
fn truncate(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or(text)
}

fn extend_unique(into: &mut Vec<String>, items: impl IntoIterator<Item = String>) {
    for item in items {
        if !into.contains(&item) {
            into.push(item);
        }
    }
}
