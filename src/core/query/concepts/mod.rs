//! The concept table: code constructs that conventions are about (`lambda`, `go func`, `==`
//! against `===`, `unwrap()`, f-strings in logging calls, ...), recognised lexically in lines
//! of code, each mapped to the words a convention file uses for it ("lambda functions",
//! "goroutine", "equality", "unwrap panic").
//!
//! Rows are data, one file per language family; each names its construct, the languages it
//! applies to, how strong a clue it is, the token patterns that recognise it (see
//! [`pattern`]) and its words. A family also says how its code is lexed (comments, string
//! quotes, operators), so a construct inside a string or a comment never counts. Matchers are
//! compiled in, one per family (generated from the rows, so no process builds them), and look
//! rows up by a trigger token, so a line costs one lexing pass and a few lookups whatever the
//! table's size.

mod edit_words;
mod generic;
mod go;
mod javascript;
mod lexer;
mod managed;
mod matcher;
mod matcher_generator;
// Written by `matcher_generator.rs`, laid out as the generator writes it.
#[rustfmt::skip]
mod matchers_generated;
mod pattern;
mod python;
mod ruby;
mod rust;
mod shell;
mod sql;
#[cfg(test)]
mod tests;

pub use edit_words::{Change, ConstructChange, EditWords, MAX_CONCEPT_WORDS, edit_words};
pub(super) use matcher_generator::matchers_file;

use matcher::Matcher;
use matchers_generated::{FAMILIES, GENERIC};

/// How much a construct says about which convention applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    /// A specific idiom conventions single out (`unwrap()`, `==` in JavaScript, bare
    /// `except:`, `go func`).
    Strong,
    /// A broad construct found in most code of its language (`const`, `import`, `class`):
    /// it counts when an edit adds or removes it, after the strong ones.
    Weak,
}

/// One row of the table.
#[derive(Debug)]
struct Concept {
    /// Unique, stable name (`go-goroutine`), for the debug trace and tests.
    pub name: &'static str,
    /// Canonical languages the row is limited to within its family (TypeScript-only rows in
    /// the JavaScript family); empty for every language of the family.
    pub only: &'static [&'static str],
    pub strength: Strength,
    /// Token patterns, any of which recognises the construct on one line (see [`pattern`]).
    pub patterns: &'static [&'static str],
    /// The words conventions use for it, space-separated, lower-case, most telling first.
    pub words: &'static str,
}

impl Concept {
    /// Whether the row applies to a file of `languages` (a row may be limited to some
    /// languages of its family, like TypeScript-only ones).
    fn applies_to(&self, languages: &[String]) -> bool {
        self.only.is_empty() || self.only.iter().any(|l| languages.iter().any(|m| m == l))
    }
}

/// A row that is a strong clue.
const fn strong(
    name: &'static str,
    patterns: &'static [&'static str],
    words: &'static str,
) -> Concept {
    Concept {
        name,
        only: &[],
        strength: Strength::Strong,
        patterns,
        words,
    }
}

/// A row that is a weak clue.
const fn weak(
    name: &'static str,
    patterns: &'static [&'static str],
    words: &'static str,
) -> Concept {
    Concept {
        strength: Strength::Weak,
        ..strong(name, patterns, words)
    }
}

/// A string literal delimiter.
#[derive(Debug)]
struct Quote {
    pub open: &'static str,
    pub close: &'static str,
    /// May run past the end of its line (`"""`, template literals).
    pub multiline: bool,
    /// A backslash escapes the next character.
    pub escapes: bool,
    /// Text inside the literal that makes it interpolated (`${` in a template literal).
    pub interpolation: Option<&'static str>,
}

/// A quote (see [`Quote`]).
const fn quote(
    open: &'static str,
    close: &'static str,
    multiline: bool,
    escapes: bool,
    interpolation: Option<&'static str>,
) -> Quote {
    Quote {
        open,
        close,
        multiline,
        escapes,
        interpolation,
    }
}

/// How a family's code is lexed.
#[derive(Debug)]
struct Syntax {
    /// Line comment markers, longer before shorter (`///` before `//`).
    pub line_comments: &'static [&'static str],
    /// A `#` starts a comment only at the start of a word (shell: `${#list}`, `a#b`).
    pub hash_at_word_start: bool,
    /// Block comment (open, close) pairs, longer openers first.
    pub block_comments: &'static [(&'static str, &'static str)],
    /// Quotes, longer openers first (`"""` before `"`).
    pub quotes: &'static [Quote],
    /// Prefixes glued to a quote (`f"`, `r'`, `$"`), matched case-insensitively at the start
    /// of a word, and whether the prefix makes the literal interpolated.
    pub string_prefixes: &'static [(&'static str, bool)],
    /// Operators of more than one character, longer before shorter. Languages with nested
    /// generics leave out `>>`, so `Vec<Vec<u8>>` closes with two `>`.
    pub operators: &'static [&'static str],
    /// Keywords are case-insensitive (SQL): literals match whatever the case.
    pub fold_case: bool,
    /// Shell words: `$var`, `${var}`, `$?` are variables, `-x` at a word start is a flag.
    pub shell_words: bool,
    /// `'a` is a lifetime and `'x'` a character (Rust).
    pub lifetimes: bool,
}

/// A language family: the languages it covers, how they are lexed, and their rows.
#[derive(Debug)]
struct Family {
    /// Canonical language names (see `core::query::LANGUAGES`) whose code this family lexes.
    pub languages: &'static [&'static str],
    pub syntax: Syntax,
    pub concepts: &'static [Concept],
}

/// The matchers for `languages`, in the order the languages come, each family once; the
/// generic matcher when none covers them. Every family matcher also holds the generic rows.
fn matchers_for(languages: &[String]) -> Vec<&'static Matcher> {
    let mut out: Vec<&'static Matcher> = Vec::new();
    for language in languages {
        for &(family, matcher) in &FAMILIES {
            if family.languages.contains(&language.as_str())
                && !out.iter().any(|m| std::ptr::eq(*m, matcher))
            {
                out.push(matcher);
            }
        }
    }
    if out.is_empty() {
        out.push(&GENERIC);
    }
    out
}

/// Every family's table, the generic one last.
fn all_families() -> Vec<&'static Family> {
    let mut all: Vec<&'static Family> = FAMILIES.iter().map(|(family, _)| *family).collect();
    all.push(&generic::FAMILY);
    all
}

/// Every row of the table as its name and its words (space-separated, lower case), family by
/// family, the generic rows last: for checks over the vocabulary itself.
pub fn concept_rows() -> Vec<(&'static str, &'static str)> {
    all_families()
        .into_iter()
        .flat_map(|family| family.concepts.iter().map(|c| (c.name, c.words)))
        .collect()
}
