//! Lookups over the built-in technology table. They are compiled in as sorted static maps
//! (`index_generated.rs`, written by `index_generator.rs` from the table), so a hook pays
//! nothing to build them; a test fails when they are out of step with the table. Maps are only
//! looked up, never iterated, so their order cannot leak into results.

use super::super::language::Word;
use super::super::sorted_map::{SortedMap, SortedSet};
use super::words::{normalize_phrase, strip_version};
use super::{Ecosystem, Technology, table};

pub(super) use super::index_generated::{CODE, COMMANDS, FILES, INDEX, PACKAGES, WORDS};

/// The table itself: an id is a position in table order.
pub(super) struct Index {
    /// Ids by canonical name.
    pub by_name: SortedMap<&'static str, usize>,
}

/// Words by normalised phrase (lower case, words separated by one space, inner dots kept); a
/// dotted word is also filed with its dots as spaces (`next js`).
pub(super) struct WordIndex {
    pub words: SortedMap<&'static str, &'static [(usize, Word)]>,
    /// First words of phrases of two words or more, so longer phrases are only built when
    /// they can match.
    pub phrase_heads: SortedSet,
    /// Most words in one phrase.
    pub longest_phrase: usize,
}

/// Import and identifier signs.
pub(super) struct CodeIndex {
    /// Import signs by root (the name up to its first `.`, `/`, `:` or `\`): (sign, id).
    pub imports: SortedMap<&'static str, &'static [(&'static str, usize)]>,
    /// Import signs whose root ends in `*` (`aws_sdk_*`): (prefix, id), checked in turn.
    pub import_prefixes: &'static [(&'static str, usize)],
    /// Identifier signs: exact tokens and qualifiers ending in `.` or `::`.
    pub identifiers: SortedMap<&'static str, &'static [usize]>,
}

/// Command signs.
pub(super) struct CommandIndex {
    /// By program: (the words after the program, id).
    pub commands: SortedMap<&'static str, &'static [(&'static [&'static str], usize)]>,
    /// `name-*` program prefixes: (prefix without the `*`, id).
    pub command_prefixes: &'static [(&'static str, usize)],
}

/// Package signs.
pub(super) struct PackageIndex {
    /// By ecosystem and normalised name.
    pub packages: SortedMap<(Ecosystem, &'static str), &'static [usize]>,
    /// Signs ending in `*`: (ecosystem, normalised prefix, id).
    pub package_prefixes: &'static [(Ecosystem, &'static str, usize)],
}

/// A module name up to its first separator (`django.db` → `django`, `@nestjs/core` →
/// `@nestjs`, `Illuminate\Support` → `Illuminate`).
pub(super) fn import_root(module: &str) -> &str {
    let end = module.find(['.', '/', ':', '\\']).unwrap_or(module.len());
    &module[..end]
}

impl Index {
    /// Every entry, in table order (an entry's id is its position).
    pub(super) fn entries(&self) -> impl Iterator<Item = &'static Technology> {
        table::GROUPS.iter().flat_map(|group| group.iter())
    }

    /// How many entries the table has; team entries take the ids after them.
    pub(super) fn len(&self) -> usize {
        table::GROUPS.iter().map(|group| group.len()).sum()
    }

    pub(super) fn entry(&self, id: usize) -> Option<&'static Technology> {
        let mut rest = id;
        for group in table::GROUPS {
            match group.get(rest) {
                Some(technology) => return Some(technology),
                None => rest -= group.len(),
            }
        }
        None
    }

    pub(super) fn name_of(&self, id: usize) -> Option<&'static str> {
        self.entry(id).map(|t| t.name)
    }

    /// The id for a name or alias as a person writes it, whatever the case; a version glued
    /// to the end is ignored (`vue3`, `nextjs15`).
    pub(super) fn canonical(&self, text: &str) -> Option<usize> {
        let phrase = normalize_phrase(text);
        if phrase.is_empty() {
            return None;
        }
        let lookup = |phrase: &str| -> Option<usize> {
            if let Some(id) = self.by_name.get(phrase.replace(' ', "-").as_str()) {
                return Some(id);
            }
            WORDS
                .words
                .get(phrase)
                .and_then(|hits| hits.first())
                .map(|(id, _)| *id)
        };
        lookup(&phrase).or_else(|| {
            let stripped = strip_version(&phrase);
            (stripped.len() < phrase.len())
                .then(|| lookup(stripped))
                .flatten()
        })
    }
}
