//! Lookup maps over the shared language table, built once on first use, and helpers that
//! turn table indices into canonical names.

use std::sync::LazyLock;

use fnv::{FnvHashMap as HashMap, FnvHashSet as HashSet};

use super::language::{LANGUAGES, Word};

/// Lookup maps built once from [`LANGUAGES`]; values are indices into the table in table
/// order. Maps are only looked up, never iterated, so their order cannot leak into results.
pub(super) struct Index {
    pub extensions: HashMap<&'static str, Vec<usize>>,
    /// Exact marker names, lower-cased.
    pub file_names: HashMap<String, Vec<usize>>,
    /// Marker names with a `*`: (lower-case prefix, lower-case suffix, language).
    pub file_globs: Vec<(String, String, usize)>,
    pub commands: HashMap<&'static str, Vec<usize>>,
    /// Command prefixes from `name-*` entries: (prefix including the `-`, language).
    pub command_prefixes: Vec<(&'static str, usize)>,
    /// Text words by lower-case form: (language, the table's word).
    pub words: HashMap<String, Vec<(usize, Word)>>,
    /// First words of two-word aliases, so the pair is only built when it can match.
    pub pair_heads: HashSet<String>,
}

pub(super) static INDEX: LazyLock<Index> = LazyLock::new(build_index);

fn sized<K, V>(capacity: usize) -> HashMap<K, V> {
    HashMap::with_capacity_and_hasher(capacity, Default::default())
}

fn build_index() -> Index {
    // Every hook builds these maps once; sized up front, they are never rehashed as they grow.
    let count = |field: fn(&super::language::Language) -> usize| -> usize {
        LANGUAGES.iter().map(field).sum()
    };
    let mut index = Index {
        extensions: sized(count(|l| l.extensions.len())),
        file_names: sized(count(|l| l.file_names.len())),
        file_globs: Vec::new(),
        commands: sized(count(|l| l.commands.len())),
        command_prefixes: Vec::new(),
        words: sized(count(|l| l.words.len())),
        pair_heads: HashSet::default(),
    };
    for (i, language) in LANGUAGES.iter().enumerate() {
        for ext in language.extensions {
            index.extensions.entry(ext).or_default().push(i);
        }
        for name in language.file_names {
            let lower = name.to_ascii_lowercase();
            match lower.split_once('*') {
                Some((prefix, suffix)) => {
                    index
                        .file_globs
                        .push((prefix.to_owned(), suffix.to_owned(), i))
                }
                None => index.file_names.entry(lower).or_default().push(i),
            }
        }
        for command in language.commands {
            match command.strip_suffix('*') {
                Some(prefix) => index.command_prefixes.push((prefix, i)),
                None => index.commands.entry(command).or_default().push(i),
            }
        }
        for word in language.words {
            let text = word_text(*word);
            let lower = text.to_ascii_lowercase();
            if let Some((head, _)) = lower.split_once(' ') {
                index.pair_heads.insert(head.to_owned());
            }
            index.words.entry(lower).or_default().push((i, *word));
        }
    }
    index
}

/// The text of a table word, whatever its kind.
pub(super) fn word_text(word: Word) -> &'static str {
    match word {
        Word::Any(text) | Word::Cased(text) | Word::MidSentence(text) => text,
    }
}

/// Canonical names for a list of table indices, deduplicated, in the given order.
pub(super) fn names(indices: impl IntoIterator<Item = usize>) -> Vec<String> {
    let mut seen = vec![false; LANGUAGES.len()];
    let mut out = Vec::new();
    for i in indices {
        if let (Some(flag), Some(language)) = (seen.get_mut(i), LANGUAGES.get(i))
            && !*flag
        {
            *flag = true;
            out.push(language.name.to_owned());
        }
    }
    out
}
