//! Tests for the concept table, one file per concern: the table's own consistency (here), the
//! lexer, each family's rows (a line that shows the construct, and near misses that must not
//! count), and `edit_words` on realistic edits.

mod edit_words;
mod generic;
mod go;
mod javascript;
mod lexer;
mod managed;
mod python;
mod ruby;
mod rust;
mod shell;
mod sql;

use std::collections::BTreeSet;

use super::lexer::Lexer;
use super::pattern::Pattern;
use super::*;
use crate::core::query::language::canonical_language;
use crate::core::query::term_stem;
use crate::core::query::terms::STOP_WORDS;

/// The rows found anywhere in `text`, a file of `language` ("" for an unknown one), in order
/// of discovery.
fn found(language: &str, text: &str) -> Vec<&'static str> {
    let languages: Vec<String> = [language]
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    let mut concepts: Vec<&'static Concept> = Vec::new();
    let mut tokens = Vec::new();
    for matcher in matchers_for(&languages) {
        let mut lexer = Lexer::new(matcher.syntax());
        for line in text.lines() {
            lexer.line(line, &mut tokens);
            matcher.line_concepts(&tokens, &mut concepts);
        }
    }
    concepts
        .into_iter()
        .filter(|c| c.applies_to(&languages))
        .map(|c| c.name)
        .collect()
}

/// Each case's row is found in its text.
fn assert_found(cases: &[(&str, &str, &str)]) {
    for (language, row, text) in cases {
        let rows = found(language, text);
        assert!(
            rows.contains(row),
            "{language}: `{text}` should show {row}, found {rows:?}"
        );
    }
}

/// Each case's row is not found in its text.
fn assert_not_found(cases: &[(&str, &str, &str)]) {
    for (language, row, text) in cases {
        let rows = found(language, text);
        assert!(
            !rows.contains(row),
            "{language}: `{text}` should not show {row}, found {rows:?}"
        );
    }
}

fn all_concepts() -> impl Iterator<Item = &'static Concept> {
    all_families().into_iter().flat_map(|f| f.concepts.iter())
}

#[test]
fn every_pattern_compiles() {
    for concept in all_concepts() {
        for pattern in concept.patterns {
            if let Err(error) = Pattern::compile(pattern) {
                panic!("{}: {error}", concept.name);
            }
        }
    }
}

#[test]
fn row_names_are_unique() {
    let mut seen = BTreeSet::new();
    for concept in all_concepts() {
        assert!(seen.insert(concept.name), "{} twice", concept.name);
    }
}

#[test]
fn words_are_plain_distinct_search_words() {
    for concept in all_concepts() {
        let words: Vec<&str> = concept.words.split(' ').collect();
        assert!(
            (1..=4).contains(&words.len()),
            "{}: 1 to 4 words",
            concept.name
        );
        let mut stems = BTreeSet::new();
        for word in &words {
            assert!(
                word.len() >= 3
                    && word
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()),
                "{}: `{word}` is not a lower-case word of three letters or more",
                concept.name
            );
            assert!(
                STOP_WORDS.binary_search(word).is_err(),
                "{}: `{word}` is a stop word",
                concept.name
            );
            assert!(
                stems.insert(term_stem(word)),
                "{}: `{word}` has the stem of another word of the row",
                concept.name
            );
        }
    }
}

#[test]
fn families_name_canonical_languages_each_once() {
    let mut claimed = BTreeSet::new();
    for family in all_families() {
        for language in family.languages {
            assert_eq!(canonical_language(language), Some(*language));
            assert!(claimed.insert(*language), "{language} in two families");
        }
        for concept in family.concepts {
            for language in concept.only {
                assert!(
                    family.languages.contains(language),
                    "{}: {language} is not a language of its family",
                    concept.name
                );
            }
        }
    }
}

#[test]
fn every_row_has_a_case_that_shows_it() {
    let cases = [
        rust::FOUND,
        go::FOUND,
        javascript::FOUND,
        python::FOUND,
        shell::FOUND,
        managed::FOUND,
        ruby::FOUND,
        sql::FOUND,
        generic::FOUND,
    ];
    let covered: BTreeSet<&str> = cases
        .iter()
        .flat_map(|c| c.iter().map(|(_, row, _)| *row))
        .collect();
    let missing: Vec<&str> = all_concepts()
        .map(|c| c.name)
        .filter(|name| !covered.contains(name))
        .collect();
    assert!(missing.is_empty(), "rows without a case: {missing:?}");
}

#[test]
fn a_file_of_no_known_family_gets_only_the_generic_rows() {
    assert_eq!(
        found("", "x = lambda y: y  # TODO: name it"),
        ["todo-comments"]
    );
    assert_eq!(found("markdown", "use `lambda` // TODO"), ["todo-comments"]);
}

#[test]
fn a_typescript_only_row_does_not_apply_to_javascript() {
    assert!(found("typescript", "let x: any = 1;").contains(&"ts-any"));
    assert!(!found("javascript", "let x: any = 1;").contains(&"ts-any"));
}

#[test]
fn compiled_in_matchers_hold_their_familys_rows_then_the_generic_ones() {
    let mut matchers: Vec<(&Family, &Matcher)> = FAMILIES.to_vec();
    matchers.push((&super::generic::FAMILY, &GENERIC));
    for (family, matcher) in matchers {
        assert!(std::ptr::eq(matcher.family, family));
        assert!(matcher.by_literal.is_sorted());
        let generic_rows = if std::ptr::eq(family, &super::generic::FAMILY) {
            &[][..]
        } else {
            super::generic::FAMILY.concepts
        };
        let rows = family.concepts.iter().chain(generic_rows);
        let expected: Vec<*const Concept> = rows
            .flat_map(|row| row.patterns.iter().map(move |_| row as *const Concept))
            .collect();
        let held: Vec<*const Concept> = matcher
            .patterns
            .iter()
            .filter_map(|(row, _)| matcher.concept(*row))
            .map(|row| row as *const Concept)
            .collect();
        assert_eq!(held, expected, "{:?}", family.languages);
    }
}
