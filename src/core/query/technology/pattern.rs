//! A pattern's technologies, from what its author said (frontmatter `technologies`, tags) and
//! from what it is called (path, title), strongest first. The description only counts when
//! nothing stronger names one, and then only its first two: a description that lists six
//! libraries in passing does not make a pattern about all six.

use super::TechnologyTable;
use super::found::Found;
use super::words::{self, Mode};

/// Most technologies taken from a description.
const MAX_FROM_DESCRIPTION: usize = 2;

pub(super) fn of_pattern(
    table: &TechnologyTable,
    source: &str,
    title: &str,
    description: Option<&str>,
    tags: &[String],
    declared: Option<&[String]>,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let push = |name: String, out: &mut Vec<String>| {
        if !out.contains(&name) {
            out.push(name);
        }
    };
    // What the author declared is the whole answer, an empty list included: it is how a
    // team says a file named or titled for a technology (`# Tests (iOS and Android)`) is
    // not confined to it.
    if let Some(declared) = declared {
        for name in declared {
            let name = name.trim();
            if name.is_empty() {
                continue;
            }
            let canonical = table
                .canonical(name)
                .unwrap_or_else(|| name.to_ascii_lowercase());
            push(canonical, &mut out);
        }
        return out;
    }
    for tag in tags {
        if let Some(canonical) = table.canonical(tag) {
            push(canonical, &mut out);
        }
    }
    let mut named = Found::default();
    words::scan(table, &path_words(source), Mode::Name, &mut named);
    words::scan(table, title, Mode::Prose, &mut named);
    if out.is_empty()
        && named.is_empty()
        && let Some(description) = description
    {
        let mut described = Found::default();
        words::scan(table, description, Mode::Prose, &mut described);
        let first: Vec<usize> = described
            .ids()
            .iter()
            .copied()
            .take(MAX_FROM_DESCRIPTION)
            .collect();
        named.extend(first);
    }
    for name in table.names(named) {
        push(name, &mut out);
    }
    out
}

/// The directories and file stem of a pattern's path, without its markdown extension, as
/// one line of names (`awesome-cursorrules/nextjs15-supabase.md` →
/// `awesome-cursorrules / nextjs15-supabase`).
fn path_words(source: &str) -> String {
    let source = source.replace('\\', "/");
    let lower = source.to_ascii_lowercase();
    let stem_end = [".markdown", ".mdc", ".md"]
        .iter()
        .find(|ext| lower.ends_with(*ext))
        .map_or(source.len(), |ext| source.len() - ext.len());
    source[..stem_end].replace('/', " / ")
}
