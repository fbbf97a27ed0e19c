//! A team's own technologies (`[[technologies]]` in `lore.toml`), compiled once per table into
//! the forms the detectors compare, and checked linearly: a team adds a handful.

use super::index::INDEX;
use super::path::FileSign;
use super::words::normalize_phrase;

use crate::core::config::TechnologyConfig;

/// One team entry, ready to match. When it names a built-in technology it shares that
/// technology's id, so its signs extend the built-in entry.
#[derive(Debug, Clone)]
pub(super) struct TeamEntry {
    pub id: usize,
    /// Canonical name: the built-in one when extending, else the entry's own, lower-cased.
    pub name: String,
    /// The name and aliases as normalised phrases (lower case, one space between words;
    /// dotted ones also with their dots as spaces). Matched whatever the case.
    pub words: Vec<String>,
    pub longest_phrase: usize,
    pub languages: Vec<String>,
    pub implies: Vec<String>,
    pub files: Vec<FileSign>,
    pub imports: Vec<String>,
    /// Command signs as words (`acme deploy` → `["acme", "deploy"]`).
    pub commands: Vec<Vec<String>>,
    pub packages: Vec<String>,
}

impl TeamEntry {
    /// Whether the normalised phrase is this entry's name or one of its aliases.
    pub(super) fn names(&self, phrase: &str) -> bool {
        self.words.iter().any(|w| w == phrase)
    }

    /// Whether a lower-case word starts one of this entry's phrases of several words.
    pub(super) fn is_phrase_head(&self, word: &str) -> bool {
        self.words
            .iter()
            .any(|w| w.split_once(' ').is_some_and(|(head, _)| head == word))
    }
}

/// Compile a team's entries. Entries with the same name (or naming the same built-in) merge.
pub(super) fn compile(entries: &[TechnologyConfig]) -> Vec<TeamEntry> {
    let mut out: Vec<TeamEntry> = Vec::new();
    let mut next_id = INDEX.len();
    for config in entries {
        let own = config.name.trim().to_ascii_lowercase();
        if own.is_empty() {
            continue;
        }
        let builtin = std::iter::once(&config.name)
            .chain(&config.aliases)
            .find_map(|n| INDEX.canonical(n));
        let (id, name) = match builtin {
            Some(id) => (id, INDEX.name_of(id).unwrap_or(&own).to_owned()),
            None => match out.iter().find(|e| e.name == own) {
                Some(existing) => (existing.id, own.clone()),
                None => {
                    next_id += 1;
                    (next_id - 1, own.clone())
                }
            },
        };
        let mut words = Vec::new();
        for text in std::iter::once(&own).chain(&config.aliases) {
            let phrase = normalize_phrase(text);
            let spaced = phrase.replace('.', " ");
            for key in [phrase, spaced] {
                if !key.is_empty() && !words.contains(&key) {
                    words.push(key);
                }
            }
        }
        let files = config
            .files
            .iter()
            .filter_map(|sign| FileSign::parse(sign).ok())
            .flatten()
            .collect();
        let entry = TeamEntry {
            id,
            name,
            longest_phrase: words
                .iter()
                .map(|w| w.split(' ').count())
                .max()
                .unwrap_or(1),
            words,
            languages: lower_all(&config.languages),
            implies: config
                .implies
                .iter()
                .map(|n| {
                    INDEX
                        .canonical(n)
                        .and_then(|id| INDEX.name_of(id))
                        .map_or_else(|| n.trim().to_ascii_lowercase(), str::to_owned)
                })
                .collect(),
            files,
            imports: trimmed(&config.imports),
            commands: config
                .commands
                .iter()
                .map(|c| c.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
                .filter(|words| !words.is_empty())
                .collect(),
            packages: trimmed(&config.packages),
        };
        out.push(entry);
    }
    out
}

fn lower_all(items: &[String]) -> Vec<String> {
    items
        .iter()
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

fn trimmed(items: &[String]) -> Vec<String> {
    items
        .iter()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}
