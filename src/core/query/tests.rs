//! Tests for query extraction, one file per concern: languages, terms, whole queries.

mod extract;
mod languages;
mod terms;

use super::language::Word;
use super::*;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}
