//! Tests for query extraction, one file per concern: languages, terms, commands, whole
//! queries, where a call happens, secrets.

mod commands;
mod extract;
mod languages;
mod paths;
mod secrets;
mod terms;

use super::language::Word;
use super::*;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

fn input(tool: &str) -> QueryInput {
    QueryInput {
        tool_name: Some(tool.to_owned()),
        cwd: Some("/srv/tides".to_owned()),
        ..QueryInput::default()
    }
}
