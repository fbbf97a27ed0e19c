//! Writes `index_generated.rs`: the lookups over the built-in technology table (see
//! `index.rs`), built from the table the way a process once built them at start-up, then
//! written out as sorted static maps. Run by `cargo run --example refresh_lookups`; a test
//! compares its output with the checked-in file.

use std::collections::{BTreeMap, BTreeSet};

use super::super::generated::{GeneratedFile, RustSource, numbers, slice, string, word_source};
use super::super::index::word_text;
use super::super::language::Word;
use super::index::import_root;
use super::package::normalize_package;
use super::path::{FileSign, Key, Segment};
use super::words::normalize_phrase;
use super::{Ecosystem, Technology, table};

/// The generated file.
pub(in super::super) fn index_file() -> GeneratedFile {
    let entries: Vec<&'static Technology> = table::GROUPS.iter().flat_map(|g| g.iter()).collect();
    let mut source = RustSource::new(
        "the built-in technology table (`table/`)",
        "Lookups over the built-in technology table: see `index.rs`.",
    );
    for line in [
        "use std::borrow::Cow;",
        "",
        "use super::super::language::Word::{Any, Cased, MidSentence};",
        "use super::super::sorted_map::{SortedMap, SortedSet};",
        "use super::Ecosystem;",
        "use super::index::{CodeIndex, CommandIndex, Index, PackageIndex, WordIndex};",
        "use super::path::Segment::{AnyDepth, Name};",
        "use super::path::{FileIndex, FileSign};",
    ] {
        source.line(line);
    }
    write_fingerprint(&mut source, &entries);
    write_names(&mut source, &entries);
    write_words(&mut source, &entries);
    write_files(&mut source, &entries);
    write_code(&mut source, &entries);
    write_commands(&mut source, &entries);
    write_packages(&mut source, &entries);
    GeneratedFile {
        path: "src/core/query/technology/index_generated.rs",
        text: source.into_text(),
    }
}

/// A hash of the whole table, so an index can tell that its patterns' technologies were
/// found with another table (see `TechnologyTable::fingerprint`).
fn write_fingerprint(source: &mut RustSource, entries: &[&'static Technology]) {
    use std::hash::Hasher;
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(format!("{entries:?}").as_bytes());
    source.line("");
    source.line("/// FNV-1a of the built-in table as it was when this file was generated.");
    source.line(&format!(
        "pub(super) const TABLE_FINGERPRINT: u64 = {:#018x};",
        hasher.finish()
    ));
}

fn write_names(source: &mut RustSource, entries: &[&'static Technology]) {
    let mut by_name = BTreeMap::new();
    for (id, technology) in entries.iter().enumerate() {
        by_name.insert(technology.name, id);
    }
    source.line("");
    source.line("pub(super) static INDEX: Index = Index {");
    source.map_field(
        "    ",
        "by_name",
        by_name
            .into_iter()
            .map(|(name, id)| (string(name), id.to_string())),
    );
    source.line("};");
}

fn write_words(source: &mut RustSource, entries: &[&'static Technology]) {
    let mut words: BTreeMap<String, Vec<(usize, Word)>> = BTreeMap::new();
    let mut phrase_heads = BTreeSet::new();
    let mut longest_phrase = 1;
    for (id, technology) in entries.iter().enumerate() {
        for word in technology.words {
            let text = word_text(*word);
            let phrase = if is_normal(text) {
                text.to_owned()
            } else {
                normalize_phrase(text)
            };
            let spaced = phrase.contains('.').then(|| phrase.replace('.', " "));
            for key in std::iter::once(phrase).chain(spaced) {
                let size = key.split(' ').count();
                if size > 1 {
                    phrase_heads.insert(key.split(' ').next().unwrap_or(&key).to_owned());
                    longest_phrase = longest_phrase.max(size);
                }
                let list = words.entry(key).or_default();
                if !list.contains(&(id, *word)) {
                    list.push((id, *word));
                }
            }
        }
    }
    source.line("");
    source.line("pub(super) static WORDS: WordIndex = WordIndex {");
    source.map_field(
        "    ",
        "words",
        words.iter().map(|(phrase, list)| {
            let list = list
                .iter()
                .map(|(id, word)| format!("({id}, {})", word_source(*word)));
            (string(phrase), slice(list))
        }),
    );
    source.set_field(
        "    ",
        "phrase_heads",
        phrase_heads.iter().map(String::as_str),
    );
    source.line(&format!("    longest_phrase: {longest_phrase},"));
    source.line("};");
}

fn write_files(source: &mut RustSource, entries: &[&'static Technology]) {
    let mut signs: Vec<(FileSign, usize)> = Vec::new();
    let mut exact: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut extension: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut stem: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut dir: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut rest: Vec<usize> = Vec::new();
    for (id, technology) in entries.iter().enumerate() {
        for text in technology.files {
            // The table is checked by tests; a bad built-in sign is skipped.
            for sign in FileSign::parse_static(text).unwrap_or_default() {
                let k = signs.len();
                match sign.key() {
                    Key::Exact(name) => exact.entry(name.into_owned()).or_default().push(k),
                    Key::Extension(ext) => extension.entry(ext.into_owned()).or_default().push(k),
                    Key::Stem(name) => stem.entry(name.into_owned()).or_default().push(k),
                    Key::Dir(name) => dir.entry(name.into_owned()).or_default().push(k),
                    Key::Rest => rest.push(k),
                }
                signs.push((sign, id));
            }
        }
    }
    source.line("");
    source.line("pub(super) static FILES: FileIndex = FileIndex {");
    source.list_field(
        "    ",
        "signs",
        signs.iter().map(|(sign, id)| {
            let segments = sign.segments.iter().map(|segment| match segment {
                Segment::AnyDepth => "AnyDepth".to_owned(),
                Segment::Name(name) => format!("Name(Cow::Borrowed({}))", string(name)),
            });
            format!("(FileSign::fixed({}), {id})", slice(segments))
        }),
    );
    for (field, map) in [
        ("exact", exact),
        ("extension", extension),
        ("stem", stem),
        ("dir", dir),
    ] {
        source.map_field(
            "    ",
            field,
            map.iter().map(|(key, ks)| (string(key), numbers(ks))),
        );
    }
    source.line(&format!("    rest: {},", numbers(&rest)));
    source.line("};");
}

fn write_code(source: &mut RustSource, entries: &[&'static Technology]) {
    let mut imports: BTreeMap<&str, Vec<(&str, usize)>> = BTreeMap::new();
    let mut import_prefixes: Vec<(&str, usize)> = Vec::new();
    let mut identifiers: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (id, technology) in entries.iter().enumerate() {
        for sign in technology.imports {
            let root = import_root(sign);
            match root.strip_suffix('*') {
                Some(prefix) => import_prefixes.push((prefix, id)),
                None => imports.entry(root).or_default().push((sign, id)),
            }
        }
        for sign in technology.identifiers {
            identifiers.entry(sign).or_default().push(id);
        }
    }
    source.line("");
    source.line("pub(super) static CODE: CodeIndex = CodeIndex {");
    source.map_field(
        "    ",
        "imports",
        imports.iter().map(|(root, signs)| {
            let signs = signs
                .iter()
                .map(|(sign, id)| format!("({}, {id})", string(sign)));
            (string(root), slice(signs))
        }),
    );
    source.list_field(
        "    ",
        "import_prefixes",
        import_prefixes
            .iter()
            .map(|(prefix, id)| format!("({}, {id})", string(prefix))),
    );
    source.map_field(
        "    ",
        "identifiers",
        identifiers
            .iter()
            .map(|(sign, ids)| (string(sign), numbers(ids))),
    );
    source.line("};");
}

fn write_commands(source: &mut RustSource, entries: &[&'static Technology]) {
    let mut commands: BTreeMap<&str, Vec<(Vec<&str>, usize)>> = BTreeMap::new();
    let mut command_prefixes: Vec<(&str, usize)> = Vec::new();
    for (id, technology) in entries.iter().enumerate() {
        for sign in technology.commands {
            let mut words = sign.split_whitespace();
            let Some(program) = words.next() else {
                continue;
            };
            match program.strip_suffix('*') {
                Some(prefix) => command_prefixes.push((prefix, id)),
                None => commands
                    .entry(program)
                    .or_default()
                    .push((words.collect(), id)),
            }
        }
    }
    source.line("");
    source.line("pub(super) static COMMANDS: CommandIndex = CommandIndex {");
    source.map_field(
        "    ",
        "commands",
        commands.iter().map(|(program, signs)| {
            let signs = signs
                .iter()
                .map(|(args, id)| format!("({}, {id})", slice(args.iter().map(|arg| string(arg)))));
            (string(program), slice(signs))
        }),
    );
    source.list_field(
        "    ",
        "command_prefixes",
        command_prefixes
            .iter()
            .map(|(prefix, id)| format!("({}, {id})", string(prefix))),
    );
    source.line("};");
}

fn write_packages(source: &mut RustSource, entries: &[&'static Technology]) {
    let mut packages: BTreeMap<(Ecosystem, String), Vec<usize>> = BTreeMap::new();
    let mut package_prefixes: Vec<(Ecosystem, String, usize)> = Vec::new();
    for (id, technology) in entries.iter().enumerate() {
        for package in technology.packages {
            let ecosystem = package.ecosystem();
            match package.name().strip_suffix('*') {
                Some(prefix) => {
                    package_prefixes.push((ecosystem, normalize_package(ecosystem, prefix), id))
                }
                None => packages
                    .entry((ecosystem, normalize_package(ecosystem, package.name())))
                    .or_default()
                    .push(id),
            }
        }
    }
    source.line("");
    source.line("pub(super) static PACKAGES: PackageIndex = PackageIndex {");
    source.map_field(
        "    ",
        "packages",
        packages.iter().map(|((ecosystem, name), ids)| {
            (
                format!("(Ecosystem::{ecosystem:?}, {})", string(name)),
                numbers(ids),
            )
        }),
    );
    source.list_field(
        "    ",
        "package_prefixes",
        package_prefixes.iter().map(|(ecosystem, prefix, id)| {
            format!("(Ecosystem::{ecosystem:?}, {}, {id})", string(prefix))
        }),
    );
    source.line("};");
}

/// Whether a table word is filed as it is written (a process once filed such a word without
/// normalising it, so the generator keeps that rule to file every word where it always was).
fn is_normal(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(' ')
        && !text.ends_with(' ')
        && !text.contains("  ")
        && !text
            .chars()
            .any(|c| c.is_ascii_uppercase() || matches!(c, '-' | '_' | '\t'))
}
