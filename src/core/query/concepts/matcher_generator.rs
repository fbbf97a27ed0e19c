//! Writes `matchers_generated.rs`: one compiled-in [`Matcher`](super::matcher::Matcher) per
//! language family, its rows' patterns compiled and indexed by key the way a process once did
//! at start-up, then written out as static data. Run by `cargo run --example refresh_lookups`;
//! a test compares its output with the checked-in file.

use std::collections::BTreeMap;

use super::super::generated::{GeneratedFile, RustSource, numbers, slice, string};
use super::lexer::Kind;
use super::matcher::{KINDS, kind_slot};
use super::pattern::{Key, KindStep, Needle, Pattern, Step};
use super::{Concept, Family, generic, go, javascript, managed, python, ruby, rust, shell, sql};

/// The families with a matcher of their own, in the order `matchers_for` tries them: (the
/// matcher's static, the family's module, the family).
const FAMILIES: &[(&str, &str, &Family)] = &[
    ("RUST", "rust", &rust::FAMILY),
    ("GO", "go", &go::FAMILY),
    ("JAVASCRIPT", "javascript", &javascript::FAMILY),
    ("PYTHON", "python", &python::FAMILY),
    ("SHELL", "shell", &shell::FAMILY),
    ("MANAGED", "managed", &managed::FAMILY),
    ("RUBY", "ruby", &ruby::FAMILY),
    ("SQL", "sql", &sql::FAMILY),
];

/// The generated file.
pub(in super::super) fn matchers_file() -> GeneratedFile {
    let mut source = RustSource::new(
        "the concept rows (`concepts/*.rs`)",
        "The compiled-in matcher of each language family: see `matcher.rs`.",
    );
    for line in [
        "use std::borrow::Cow;",
        "",
        "use super::lexer::Kind;",
        "use super::matcher::Matcher;",
        "use super::matcher::Row::{Generic, Own};",
        "use super::pattern::Step::{End, Gap, Literal, NoPrev, Start, Token};",
        "use super::pattern::{Key, KindStep, Needle, Pattern};",
        "use super::super::sorted_map::SortedMap;",
        "use super::{Family, generic, go, javascript, managed, python, ruby, rust, shell, sql};",
        "",
        "/// Every family with its matcher. The generic family is not here: it is the fallback",
        "/// when no family covers the languages.",
    ] {
        source.line(line);
    }
    source.line(&format!(
        "pub(super) static FAMILIES: [(&Family, &Matcher); {}] = [",
        FAMILIES.len()
    ));
    for (name, module, _) in FAMILIES {
        source.line(&format!("    (&{module}::FAMILY, &{name}),"));
    }
    source.line("];");
    for &(name, module, family) in FAMILIES {
        write_matcher(&mut source, name, module, family);
    }
    write_matcher(&mut source, "GENERIC", "generic", &generic::FAMILY);
    GeneratedFile {
        path: "src/core/query/concepts/matchers_generated.rs",
        text: source.into_text(),
    }
}

/// One family's matcher: its rows, then the generic rows (once, for the generic family
/// itself). A pattern that does not compile is left out; the table's tests make sure none is.
fn write_matcher(source: &mut RustSource, name: &str, module: &str, family: &'static Family) {
    let own = family
        .concepts
        .iter()
        .enumerate()
        .map(|(i, c)| (format!("Own({i})"), c));
    let generic_rows: &[Concept] = if std::ptr::eq(family, &generic::FAMILY) {
        &[]
    } else {
        generic::FAMILY.concepts
    };
    let generic_rows = generic_rows
        .iter()
        .enumerate()
        .map(|(i, c)| (format!("Generic({i})"), c));
    let mut patterns: Vec<String> = Vec::new();
    let mut by_literal: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut by_kind: [Vec<usize>; KINDS] = Default::default();
    for (row, concept) in own.chain(generic_rows) {
        for text in concept.patterns {
            let Ok(pattern) = Pattern::compile(text) else {
                continue;
            };
            let index = patterns.len();
            match pattern.key {
                Key::Literal(literal) => {
                    let key = if family.syntax.fold_case {
                        literal.to_ascii_lowercase()
                    } else {
                        literal.to_owned()
                    };
                    by_literal.entry(key).or_default().push(index);
                }
                Key::Kind(kind) => {
                    if let Some(slot) = by_kind.get_mut(kind_slot(kind)) {
                        slot.push(index);
                    }
                }
            }
            patterns.push(format!("({row}, {})", pattern_source(&pattern)));
        }
    }
    source.line("");
    source.line(&format!("pub(super) static {name}: Matcher = Matcher {{"));
    source.line(&format!("    family: &{module}::FAMILY,"));
    source.list_field("    ", "patterns", patterns);
    source.map_field(
        "    ",
        "by_literal",
        by_literal
            .iter()
            .map(|(key, indices)| (string(key), numbers(indices))),
    );
    source.line("    by_kind: [");
    for slot in &by_kind {
        source.line(&format!("        {},", numbers(slot)));
    }
    source.line("    ],");
    source.line("};");
}

fn pattern_source(pattern: &Pattern) -> String {
    let key = match pattern.key {
        Key::Literal(literal) => format!("Key::Literal({})", string(literal)),
        Key::Kind(kind) => format!("Key::Kind({})", kind_source(kind)),
    };
    format!(
        "Pattern {{ steps: Cow::Borrowed({}), key: {key}, key_offset: {} }}",
        slice(pattern.steps.iter().map(|step| step_source(*step))),
        pattern.key_offset
    )
}

fn step_source(step: Step) -> String {
    match step {
        Step::Start => "Start".to_owned(),
        Step::End => "End".to_owned(),
        Step::Gap => "Gap".to_owned(),
        Step::NoPrev(literal) => format!("NoPrev({})", string(literal)),
        Step::Literal(literal) => format!("Literal({})", string(literal)),
        Step::Token(kind, needle) => {
            let needle = match needle {
                Needle::Any => "Needle::Any".to_owned(),
                Needle::Contains(text) => format!("Needle::Contains({})", string(text)),
                Needle::ContainsAnyCase(text) => {
                    format!("Needle::ContainsAnyCase({})", string(text))
                }
                Needle::StartsWith(text) => format!("Needle::StartsWith({})", string(text)),
            };
            let kind = match kind {
                KindStep::Ident => "Ident",
                KindStep::Number => "Number",
                KindStep::Str => "Str",
                KindStep::FStr => "FStr",
                KindStep::Comment => "Comment",
                KindStep::Var => "Var",
                KindStep::Flag => "Flag",
                KindStep::Lifetime => "Lifetime",
            };
            format!("Token(KindStep::{kind}, {needle})")
        }
    }
}

fn kind_source(kind: Kind) -> &'static str {
    match kind {
        Kind::Ident => "Kind::Ident",
        Kind::Number => "Kind::Number",
        Kind::Punct => "Kind::Punct",
        Kind::Str => "Kind::Str",
        Kind::FStr => "Kind::FStr",
        Kind::Comment => "Kind::Comment",
        Kind::Var => "Kind::Var",
        Kind::Flag => "Kind::Flag",
        Kind::Lifetime => "Kind::Lifetime",
    }
}
