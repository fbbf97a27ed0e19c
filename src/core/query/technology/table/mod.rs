//! The built-in technology table, compiled in: one entry per technology, grouped by area in
//! the files below. Adding a technology or a sign is one edit in one of them, then
//! `cargo run --example refresh_lookups` to regenerate the lookups over the table.
//!
//! Words follow the language table's case rules. A word that is ordinary English in lower
//! case is `Cased` (`React`, `Flask`) or `MidSentence` (`Express`, `Spark`); file names match
//! every word whatever its case, so an English word too ambiguous even as a file name
//! (`bootstrap`, `spring`, `ray`, `echo`, `fiber`) only appears inside a longer phrase
//! (`spring boot`, `ray tune`, `labstack echo`).
//!
//! A few crate names are spelled with `concat!`: tests/layering.rs greps the core for them to
//! keep I/O crates out, and the table only names them.

// Every entry ends in `..NONE`, even one that spells out every field, so entries read alike
// and a new field is one edit here.
#![allow(clippy::needless_update)]

mod apps;
mod data;
mod platforms;
mod servers;
mod tooling;
mod web;

use super::Technology;

/// The groups in table order: an earlier entry comes first when one clue shows several.
pub(super) static GROUPS: &[&[Technology]] = &[
    web::WEB,
    tooling::TOOLING,
    servers::SERVERS,
    data::DATA,
    platforms::PLATFORMS,
    apps::APPS,
];

/// An entry with nothing in it, for `..NONE` in the tables.
const NONE: Technology = Technology {
    name: "",
    words: &[],
    languages: &[],
    implies: &[],
    files: &[],
    imports: &[],
    identifiers: &[],
    commands: &[],
    packages: &[],
};

const JS: &[&str] = &["javascript", "typescript"];
const REACT: &[&str] = &["javascript", "typescript", "react"];
const PY: &[&str] = &["python"];
const GO: &[&str] = &["go"];
const RUST: &[&str] = &["rust"];
const JVM: &[&str] = &["java", "kotlin"];
const CS: &[&str] = &["csharp"];
const PHP: &[&str] = &["php"];
const RUBY: &[&str] = &["ruby"];
