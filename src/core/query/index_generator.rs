//! Writes `index_generated.rs`: the lookups over the shared language table (see `index.rs`),
//! built from the table the way a process once built them at start-up, then written out as
//! sorted static maps. Run by `cargo run --example refresh_lookups`; a test compares its output
//! with the checked-in file.

use std::collections::{BTreeMap, BTreeSet};

use super::generated::{GeneratedFile, RustSource, numbers, slice, string, word_source};
use super::index::word_text;
use super::language::{LANGUAGES, Word};

/// The generated file.
pub(super) fn index_file() -> GeneratedFile {
    let mut extensions: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut file_names: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut file_globs: Vec<(String, String, usize)> = Vec::new();
    let mut commands: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut command_prefixes: Vec<(&str, usize)> = Vec::new();
    let mut words: BTreeMap<String, Vec<(usize, Word)>> = BTreeMap::new();
    let mut pair_heads: BTreeSet<String> = BTreeSet::new();
    for (i, language) in LANGUAGES.iter().enumerate() {
        for ext in language.extensions {
            extensions.entry(ext).or_default().push(i);
        }
        for name in language.file_names {
            let lower = name.to_ascii_lowercase();
            match lower.split_once('*') {
                Some((prefix, suffix)) => {
                    file_globs.push((prefix.to_owned(), suffix.to_owned(), i))
                }
                None => file_names.entry(lower).or_default().push(i),
            }
        }
        for command in language.commands {
            match command.strip_suffix('*') {
                Some(prefix) => command_prefixes.push((prefix, i)),
                None => commands.entry(command).or_default().push(i),
            }
        }
        for word in language.words {
            let lower = word_text(*word).to_ascii_lowercase();
            if let Some((head, _)) = lower.split_once(' ') {
                pair_heads.insert(head.to_owned());
            }
            words.entry(lower).or_default().push((i, *word));
        }
    }

    let mut source = RustSource::new(
        "the language table (`language.rs`)",
        "Lookups over the shared language table: see `index.rs`.",
    );
    source.line("use super::index::Index;");
    source.line("use super::language::Word::{Any, Cased, MidSentence};");
    source.line("use super::sorted_map::{SortedMap, SortedSet};");
    source.line("");
    source.line("pub(super) static INDEX: Index = Index {");
    let ids = |(key, ids): (&str, &Vec<usize>)| (string(key), numbers(ids));
    source.map_field(
        "    ",
        "extensions",
        extensions.iter().map(|(k, v)| ids((k, v))),
    );
    source.map_field(
        "    ",
        "file_names",
        file_names.iter().map(|(k, v)| ids((k, v))),
    );
    source.list_field(
        "    ",
        "file_globs",
        file_globs
            .iter()
            .map(|(prefix, suffix, i)| format!("({}, {}, {i})", string(prefix), string(suffix))),
    );
    source.map_field(
        "    ",
        "commands",
        commands.iter().map(|(k, v)| ids((k, v))),
    );
    source.list_field(
        "    ",
        "command_prefixes",
        command_prefixes
            .iter()
            .map(|(prefix, i)| format!("({}, {i})", string(prefix))),
    );
    source.map_field(
        "    ",
        "words",
        words.iter().map(|(key, list)| {
            let list = list
                .iter()
                .map(|(i, word)| format!("({i}, {})", word_source(*word)));
            (string(key), slice(list))
        }),
    );
    source.set_field("    ", "pair_heads", pair_heads.iter().map(String::as_str));
    source.line("};");
    GeneratedFile {
        path: "src/core/query/index_generated.rs",
        text: source.into_text(),
    }
}
