//! Heading-based chunking of markdown with pulldown-cmark.
//!
//! A chunk runs from one heading to the next; text before the first heading is chunk 0.
//! Only headings at the document's top level split: `#` lines inside code blocks are not
//! headings at all, and headings inside block quotes, list items or footnotes stay part of
//! the section around them.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use super::Chunk;

/// Text given to a heading with no text (`#` alone).
const UNTITLED: &str = "(untitled)";

/// Split markdown into heading sections. `first_line` is the file line the text starts at.
pub fn chunk_markdown(text: &str, first_line: usize) -> Vec<Chunk> {
    chunk_with_title(text, first_line).0
}

/// The chunks, and the text of the first level-1 heading with text (the pattern title).
pub(super) fn chunk_with_title(text: &str, first_line: usize) -> (Vec<Chunk>, Option<String>) {
    let headings = headings(text);
    let title = headings
        .iter()
        .find(|h| h.level == 1 && h.text != UNTITLED)
        .map(|h| h.text.clone());

    let mut chunks = Vec::new();
    let mut lines = LineCounter::new(text, first_line);
    let preamble_end = headings.first().map_or(text.len(), |h| h.start);
    let preamble = &text[..preamble_end];
    if !preamble.trim().is_empty() {
        let start = skip_blank_lines(preamble);
        chunks.push(Chunk {
            ordinal: 0,
            heading_path: Vec::new(),
            body: preamble[start..].trim_end().to_string(),
            line: lines.line_at(start),
        });
    }

    let mut stack: Vec<(usize, String)> = Vec::new();
    for (i, heading) in headings.iter().enumerate() {
        while stack
            .last()
            .is_some_and(|(level, _)| *level >= heading.level)
        {
            stack.pop();
        }
        stack.push((heading.level, heading.text.clone()));
        let end = headings.get(i + 1).map_or(text.len(), |next| next.start);
        chunks.push(Chunk {
            ordinal: chunks.len(),
            heading_path: stack.iter().map(|(_, text)| text.clone()).collect(),
            body: text[heading.start..end].trim_end().to_string(),
            line: lines.line_at(heading.start),
        });
    }
    (chunks, title)
}

/// A top-level heading: where its line starts, its level (1-6) and its plain text.
struct Heading {
    start: usize,
    level: usize,
    text: String,
}

fn headings(text: &str) -> Vec<Heading> {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES;
    let mut out = Vec::new();
    let mut nesting = 0usize;
    let mut current: Option<Heading> = None;
    for (event, range) in Parser::new_ext(text, options).into_offset_iter() {
        match event {
            Event::Start(Tag::BlockQuote(_) | Tag::Item | Tag::FootnoteDefinition(_)) => {
                nesting += 1;
            }
            Event::End(TagEnd::BlockQuote(_) | TagEnd::Item | TagEnd::FootnoteDefinition) => {
                nesting = nesting.saturating_sub(1);
            }
            Event::Start(Tag::Heading { level, .. }) if nesting == 0 => {
                current = Some(Heading {
                    start: line_start(text, range.start),
                    level: level as usize,
                    text: String::new(),
                });
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(mut heading) = current.take() {
                    heading.text = collapse_whitespace(&heading.text);
                    if heading.text.is_empty() {
                        heading.text = UNTITLED.to_string();
                    }
                    out.push(heading);
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(heading) = current.as_mut() {
                    heading.text.push_str(&t);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(heading) = current.as_mut() {
                    heading.text.push(' ');
                }
            }
            _ => {}
        }
    }
    out
}

/// Move `offset` back to the start of its line when only indentation precedes it.
fn line_start(text: &str, offset: usize) -> usize {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    if text[start..offset].trim().is_empty() {
        start
    } else {
        offset
    }
}

/// Offset of the first line that is not blank.
fn skip_blank_lines(text: &str) -> usize {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if !line.trim().is_empty() {
            break;
        }
        offset += line.len();
    }
    offset
}

fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// File line numbers for increasing byte offsets, counting newlines once.
struct LineCounter<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a str, first_line: usize) -> Self {
        Self {
            text,
            offset: 0,
            line: first_line,
        }
    }

    /// The 1-based file line of `offset`; offsets must not decrease between calls.
    fn line_at(&mut self, offset: usize) -> usize {
        let offset = offset.max(self.offset);
        let bytes = self.text.as_bytes();
        // Line endings as CommonMark counts them: `\n`, `\r\n` and a lone `\r`.
        self.line += (self.offset..offset)
            .filter(|&i| match bytes.get(i) {
                Some(b'\n') => true,
                Some(b'\r') => bytes.get(i + 1) != Some(&b'\n'),
                _ => false,
            })
            .count();
        self.offset = offset;
        self.line
    }
}
