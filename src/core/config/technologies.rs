//! Validation of `[[technologies]]` entries: names, languages and implied technologies a
//! person can fix, each error naming the line of the key at fault; values come back in
//! canonical form (trimmed, languages and implied names canonical).

use super::TechnologyConfig;
use crate::core::query::{canonical_language, canonical_technology, check_file_sign};

/// The entries, canonical, or the file line and message of the first problem.
pub(super) fn validate(
    text: &str,
    entries: Vec<TechnologyConfig>,
) -> Result<Vec<TechnologyConfig>, (usize, String)> {
    let team_names: Vec<String> = entries
        .iter()
        .map(|e| e.name.trim().to_ascii_lowercase())
        .collect();
    let mut out = Vec::with_capacity(entries.len());
    for (n, entry) in entries.into_iter().enumerate() {
        let line = |key: &str| entry_key_line(text, n, key);
        let name = entry.name.trim().to_owned();
        let well_formed = name.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
            && name.chars().all(|c| {
                c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '.' | '+')
            });
        if !well_formed {
            return Err((
                line("name"),
                format!(
                    "`technologies` entry {}: `name = \"{name}\"` must be a lower-case name of \
                     letters, digits and `-`, e.g. `name = \"acme-ui\"`",
                    n + 1
                ),
            ));
        }
        if team_names[..n].contains(&name) {
            return Err((
                line("name"),
                format!(
                    "`technologies`: `{name}` is defined twice; merge the two entries into one"
                ),
            ));
        }
        let mut languages = Vec::new();
        for language in &entry.languages {
            let Some(canonical) = canonical_language(language) else {
                return Err((
                    line("languages"),
                    format!(
                        "`technologies` entry `{name}`: `languages` names `{language}`, which \
                         lore does not know; use a language name such as `typescript`, \
                         `python` or `go`"
                    ),
                ));
            };
            push_unique(&mut languages, canonical);
        }
        let mut implies = Vec::new();
        for implied in &entry.implies {
            let lower = implied.trim().to_ascii_lowercase();
            let canonical = canonical_technology(implied)
                .map(str::to_owned)
                .or_else(|| team_names.contains(&lower).then_some(lower));
            let Some(canonical) = canonical else {
                return Err((
                    line("implies"),
                    format!(
                        "`technologies` entry `{name}`: `implies` names `{implied}`, which is \
                         neither a built-in technology nor another `[[technologies]]` entry; \
                         check its spelling (e.g. `react`, `nextjs`, `django`)"
                    ),
                ));
            };
            push_unique(&mut implies, &canonical);
        }
        for sign in &entry.files {
            if let Err(problem) = check_file_sign(sign) {
                return Err((
                    line("files"),
                    format!("`technologies` entry `{name}`: `files` sign `{sign}`: {problem}"),
                ));
            }
        }
        let lists = [
            ("aliases", &entry.aliases),
            ("imports", &entry.imports),
            ("commands", &entry.commands),
            ("packages", &entry.packages),
        ];
        for (key, list) in lists {
            if list.iter().any(|item| item.trim().is_empty()) {
                return Err((
                    line(key),
                    format!("`technologies` entry `{name}`: `{key}` has an empty item; remove it"),
                ));
            }
        }
        out.push(TechnologyConfig {
            name,
            aliases: trimmed(&entry.aliases),
            languages,
            implies,
            files: trimmed(&entry.files),
            imports: trimmed(&entry.imports),
            commands: trimmed(&entry.commands),
            packages: trimmed(&entry.packages),
        });
    }
    Ok(out)
}

fn trimmed(items: &[String]) -> Vec<String> {
    items.iter().map(|s| s.trim().to_owned()).collect()
}

fn push_unique(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|x| x == item) {
        list.push(item.to_owned());
    }
}

/// The line of `key` in the `n`-th (0-based) `[[technologies]]` table, else the table's
/// header line, else the line of a `technologies` key, else 1.
fn entry_key_line(text: &str, n: usize, key: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let is_header = |line: &str| {
        let inner = line
            .trim()
            .strip_prefix("[[")
            .and_then(|l| l.strip_suffix("]]"));
        inner.is_some_and(|name| name.trim() == "technologies")
    };
    let Some(header) = lines
        .iter()
        .enumerate()
        .filter(|(_, line)| is_header(line))
        .map(|(i, _)| i)
        .nth(n)
    else {
        return lines
            .iter()
            .position(|l| l.trim_start().starts_with("technologies"))
            .map_or(1, |i| i + 1);
    };
    for (i, line) in lines.iter().enumerate().skip(header + 1) {
        let line = line.trim_start();
        if line.starts_with('[') {
            break;
        }
        let names_key = line
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='));
        if names_key {
            return i + 1;
        }
    }
    header + 1
}
