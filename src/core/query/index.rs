//! Lookups over the shared language table, and helpers that turn table indices into
//! canonical names. The lookups are compiled in as sorted static maps (`index_generated.rs`,
//! written by `index_generator.rs` from the table), so a hook pays nothing to build them; a
//! test fails when they are out of step with the table.

use super::language::{LANGUAGES, Word};
use super::sorted_map::{SortedMap, SortedSet};

pub(super) use super::index_generated::INDEX;

/// Lookups over [`LANGUAGES`]; values are indices into the table in table order. Maps are
/// only looked up, never iterated, so their order cannot leak into results.
pub(super) struct Index {
    pub extensions: SortedMap<&'static str, &'static [usize]>,
    /// Exact marker names, lower-cased.
    pub file_names: SortedMap<&'static str, &'static [usize]>,
    /// Marker names with a `*`: (lower-case prefix, lower-case suffix, language).
    pub file_globs: &'static [(&'static str, &'static str, usize)],
    pub commands: SortedMap<&'static str, &'static [usize]>,
    /// Command prefixes from `name-*` entries: (prefix including the `-`, language).
    pub command_prefixes: &'static [(&'static str, usize)],
    /// Text words by lower-case form: (language, the table's word).
    pub words: SortedMap<&'static str, &'static [(usize, Word)]>,
    /// First words of two-word aliases, so the pair is only built when it can match.
    pub pair_heads: SortedSet,
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
