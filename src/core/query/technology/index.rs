//! Lookup maps over the built-in technology table, each built once per process on first use
//! and separately, so a hook pays only for the detectors it runs (a path lookup never builds
//! the package maps). Maps are only looked up, never iterated, so their order cannot leak into
//! results.

use std::borrow::Cow;
use std::sync::LazyLock;

use fnv::{FnvHashMap as HashMap, FnvHashSet as HashSet};

use super::super::index::word_text;
use super::package::normalize_package;
use super::path::FileIndex;
use super::words::{normalize_phrase, strip_version};
use super::{Ecosystem, Technology, Word, table};

/// The table itself: an id is a position in `entries`.
pub(super) struct Index {
    pub entries: Vec<&'static Technology>,
    pub by_name: HashMap<&'static str, usize>,
}

/// Words by normalised phrase (lower case, words separated by one space, inner dots kept); a
/// dotted word is also filed with its dots as spaces (`next js`).
pub(super) struct WordIndex {
    pub words: HashMap<Cow<'static, str>, Vec<(usize, Word)>>,
    /// First words of phrases of two words or more, so longer phrases are only built when
    /// they can match.
    pub phrase_heads: HashSet<Cow<'static, str>>,
    /// Most words in one phrase.
    pub longest_phrase: usize,
}

/// Import and identifier signs.
pub(super) struct CodeIndex {
    /// Import signs by root (the name up to its first `.`, `/`, `:` or `\`).
    pub imports: HashMap<&'static str, Vec<(&'static str, usize)>>,
    /// Import signs whose root ends in `*` (`aws_sdk_*`): (prefix, id), checked in turn.
    pub import_prefixes: Vec<(&'static str, usize)>,
    /// Identifier signs: exact tokens and qualifiers ending in `.` or `::`.
    pub identifiers: HashMap<&'static str, Vec<usize>>,
}

/// Command signs.
pub(super) struct CommandIndex {
    /// By program: (the words after the program, id).
    pub commands: HashMap<&'static str, Vec<(Vec<&'static str>, usize)>>,
    /// `name-*` program prefixes: (prefix without the `*`, id).
    pub command_prefixes: Vec<(&'static str, usize)>,
}

/// Package signs.
pub(super) struct PackageIndex {
    /// By ecosystem and normalised name.
    pub packages: HashMap<(Ecosystem, String), Vec<usize>>,
    /// Signs ending in `*`: (ecosystem, normalised prefix, id).
    pub package_prefixes: Vec<(Ecosystem, String, usize)>,
}

pub(super) static INDEX: LazyLock<Index> = LazyLock::new(|| {
    let entries: Vec<&'static Technology> = table::GROUPS.iter().flat_map(|g| g.iter()).collect();
    let mut by_name = sized(entries.len());
    for (id, technology) in entries.iter().enumerate() {
        by_name.insert(technology.name, id);
    }
    Index { entries, by_name }
});

pub(super) static WORDS: LazyLock<WordIndex> = LazyLock::new(|| {
    let mut index = WordIndex {
        words: sized(count(|t| t.words.len()) * 2),
        phrase_heads: HashSet::default(),
        longest_phrase: 1,
    };
    for (id, technology) in INDEX.entries.iter().enumerate() {
        for word in technology.words {
            let text = word_text(*word);
            let phrase = if is_normal(text) {
                Cow::Borrowed(text)
            } else {
                Cow::Owned(normalize_phrase(text))
            };
            let spaced = phrase
                .contains('.')
                .then(|| Cow::Owned(phrase.replace('.', " ")));
            for key in std::iter::once(phrase).chain(spaced) {
                let size = key.split(' ').count();
                if size > 1 {
                    let head = match &key {
                        Cow::Borrowed(key) => Cow::Borrowed(key.split(' ').next().unwrap_or(key)),
                        Cow::Owned(key) => {
                            Cow::Owned(key.split(' ').next().unwrap_or(key).to_owned())
                        }
                    };
                    index.phrase_heads.insert(head);
                    index.longest_phrase = index.longest_phrase.max(size);
                }
                let list = index.words.entry(key).or_default();
                if !list.contains(&(id, *word)) {
                    list.push((id, *word));
                }
            }
        }
    }
    index
});

pub(super) static FILES: LazyLock<FileIndex> = LazyLock::new(|| FileIndex::build(&INDEX.entries));

pub(super) static CODE: LazyLock<CodeIndex> = LazyLock::new(|| {
    let mut index = CodeIndex {
        imports: sized(count(|t| t.imports.len())),
        import_prefixes: Vec::new(),
        identifiers: sized(count(|t| t.identifiers.len())),
    };
    for (id, technology) in INDEX.entries.iter().enumerate() {
        for sign in technology.imports {
            let root = import_root(sign);
            match root.strip_suffix('*') {
                Some(prefix) => index.import_prefixes.push((prefix, id)),
                None => index.imports.entry(root).or_default().push((sign, id)),
            }
        }
        for sign in technology.identifiers {
            index.identifiers.entry(sign).or_default().push(id);
        }
    }
    index
});

pub(super) static COMMANDS: LazyLock<CommandIndex> = LazyLock::new(|| {
    let mut index = CommandIndex {
        commands: sized(count(|t| t.commands.len())),
        command_prefixes: Vec::new(),
    };
    for (id, technology) in INDEX.entries.iter().enumerate() {
        for sign in technology.commands {
            let mut words = sign.split_whitespace();
            let Some(program) = words.next() else {
                continue;
            };
            match program.strip_suffix('*') {
                Some(prefix) => index.command_prefixes.push((prefix, id)),
                None => index
                    .commands
                    .entry(program)
                    .or_default()
                    .push((words.collect(), id)),
            }
        }
    }
    index
});

pub(super) static PACKAGES: LazyLock<PackageIndex> = LazyLock::new(|| {
    let mut index = PackageIndex {
        packages: sized(count(|t| t.packages.len())),
        package_prefixes: Vec::new(),
    };
    for (id, technology) in INDEX.entries.iter().enumerate() {
        for package in technology.packages {
            let ecosystem = package.ecosystem();
            match package.name().strip_suffix('*') {
                Some(prefix) => index.package_prefixes.push((
                    ecosystem,
                    normalize_package(ecosystem, prefix),
                    id,
                )),
                None => index
                    .packages
                    .entry((ecosystem, normalize_package(ecosystem, package.name())))
                    .or_default()
                    .push(id),
            }
        }
    }
    index
});

fn sized<K, V>(capacity: usize) -> HashMap<K, V> {
    HashMap::with_capacity_and_hasher(capacity, Default::default())
}

/// Signs of one kind in the whole table, to size a map so it never rehashes while built.
fn count(field: fn(&Technology) -> usize) -> usize {
    INDEX.entries.iter().map(|t| field(t)).sum()
}

/// Whether a table word is already a normalised phrase (no allocation needed to file it).
fn is_normal(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(' ')
        && !text.ends_with(' ')
        && !text.contains("  ")
        && !text
            .chars()
            .any(|c| c.is_ascii_uppercase() || matches!(c, '-' | '_' | '\t'))
}

/// A module name up to its first separator (`django.db` → `django`, `@nestjs/core` →
/// `@nestjs`, `Illuminate\Support` → `Illuminate`).
pub(super) fn import_root(module: &str) -> &str {
    let end = module.find(['.', '/', ':', '\\']).unwrap_or(module.len());
    &module[..end]
}

impl Index {
    pub(super) fn entry(&self, id: usize) -> Option<&'static Technology> {
        self.entries.get(id).copied()
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
                return Some(*id);
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
