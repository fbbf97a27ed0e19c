//! Where each heading section of a pattern lies in its body, so a reader that holds the body
//! can cut out the sections it wants without reading them a second time.

use super::Chunk;

/// A section of a pattern body: its byte range and the headings above it (its own last).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionSpan {
    pub start: usize,
    pub end: usize,
    pub heading_path: Vec<String>,
}

impl SectionSpan {
    /// The section's text within `body` (empty if the span does not fit it).
    pub fn text<'b>(&self, body: &'b str) -> &'b str {
        body.get(self.start..self.end).unwrap_or("")
    }
}

/// The spans of `sections` (text and heading path, in order) within `body`. Each section's
/// text is a slice of the body that starts after the previous one ends, and only blank
/// space lies between them, so the first occurrence after the previous end is the section
/// itself. A text not found there is left out rather than guessed.
pub fn section_spans<'a>(
    body: &str,
    sections: impl IntoIterator<Item = (&'a str, &'a [String])>,
) -> Vec<SectionSpan> {
    let mut spans = Vec::new();
    let mut from = 0;
    for (text, heading_path) in sections {
        let Some(offset) = body.get(from..).and_then(|rest| rest.find(text)) else {
            continue;
        };
        let start = from + offset;
        from = start + text.len();
        spans.push(SectionSpan {
            start,
            end: from,
            heading_path: heading_path.to_vec(),
        });
    }
    spans
}

/// The spans of a parsed pattern's chunks within its body.
pub fn chunk_spans(body: &str, chunks: &[Chunk]) -> Vec<SectionSpan> {
    section_spans(
        body,
        chunks
            .iter()
            .map(|c| (c.body.as_str(), c.heading_path.as_slice())),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::pattern::parse_pattern;

    #[test]
    fn every_chunk_is_found_where_it_lies_in_the_body() {
        let text = "---\ntags: [x]\n---\nIntro line.\n\n# Title\n\nLead.\n\n## Errors\n\n\
                    Use thiserror.\n\n```\n# not a heading\n```\n\n## Errors\n\nAgain.\n";
        let pattern = parse_pattern("a.md", text).unwrap();
        let spans = chunk_spans(&pattern.body, &pattern.chunks);
        assert_eq!(spans.len(), pattern.chunks.len());
        for (span, chunk) in spans.iter().zip(&pattern.chunks) {
            assert_eq!(span.text(&pattern.body), chunk.body);
            assert_eq!(span.heading_path, chunk.heading_path);
        }
        // Two sections under the same heading are two spans, in order.
        assert!(spans[2].start < spans[3].start);
    }
}
