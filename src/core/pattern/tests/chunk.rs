//! Unit tests for heading-based chunking.

use super::*;

#[test]
fn no_content_no_chunks() {
    assert!(chunk_markdown("", 1).is_empty());
    assert!(chunk_markdown(" \n\n\t\n", 1).is_empty());
}

#[test]
fn preamble_becomes_chunk_zero_from_its_first_text_line() {
    let chunks = chunk_markdown("\n\nIntro text.\n\n# A\nbody a\n", 10);
    assert_eq!(
        chunks,
        vec![
            Chunk {
                ordinal: 0,
                heading_path: vec![],
                body: "Intro text.".into(),
                line: 12
            },
            Chunk {
                ordinal: 1,
                heading_path: strings(&["A"]),
                body: "# A\nbody a".into(),
                line: 14
            },
        ]
    );
    // Whitespace before the first heading is not a chunk.
    let chunks = chunk_markdown("\n  \n# A\n", 1);
    assert_eq!((chunks.len(), chunks[0].line, chunks[0].ordinal), (1, 3, 0));
}

#[test]
fn text_without_headings_is_one_chunk() {
    assert_eq!(
        chunk_markdown("just text\n", 3),
        vec![Chunk {
            ordinal: 0,
            heading_path: vec![],
            body: "just text".into(),
            line: 3,
        }]
    );
}

#[test]
fn hashes_in_fenced_and_indented_code_are_not_headings() {
    let text = "# Setup\n\n```bash\n# install it\nmake\n## still code\n```\n\n    # indented code\n\n~~~\n# tilde\n~~~\n## Next\nx\n";
    let chunks = chunk_markdown(text, 1);
    assert_eq!(
        paths_of(&chunks),
        vec![strings(&["Setup"]), strings(&["Setup", "Next"])]
    );
    assert_eq!(
        chunks[0].body,
        "# Setup\n\n```bash\n# install it\nmake\n## still code\n```\n\n    # indented code\n\n~~~\n# tilde\n~~~"
    );
    assert_eq!(
        (chunks[1].line, chunks[1].body.as_str()),
        (14, "## Next\nx")
    );
}

#[test]
fn unclosed_fence_keeps_rest_of_document_in_its_chunk() {
    let chunks = chunk_markdown("# A\n```\n# not a heading\n", 1);
    assert_eq!(chunks.len(), 1);
    assert_eq!(chunks[0].body, "# A\n```\n# not a heading");
}

#[test]
fn setext_headings_split() {
    let text = "Title\n=====\n\nintro\n\nPart one\n--------\ntext\n";
    let chunks = chunk_markdown(text, 1);
    assert_eq!(
        paths_of(&chunks),
        vec![strings(&["Title"]), strings(&["Title", "Part one"])]
    );
    assert_eq!(chunks[0].body, "Title\n=====\n\nintro");
    assert_eq!(
        (chunks[1].line, chunks[1].body.as_str()),
        (6, "Part one\n--------\ntext")
    );
}

#[test]
fn heading_paths_follow_levels_with_jumps() {
    let text = "# A\n### A.c\n## B\n#### B.d\n## C\n# D\n###### D.f\n";
    let chunks = chunk_markdown(text, 1);
    assert_eq!(
        paths_of(&chunks),
        vec![
            strings(&["A"]),
            strings(&["A", "A.c"]),
            strings(&["A", "B"]),
            strings(&["A", "B", "B.d"]),
            strings(&["A", "C"]),
            strings(&["D"]),
            strings(&["D", "D.f"]),
        ]
    );
    assert_eq!(
        chunks.iter().map(|c| c.line).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6, 7]
    );
    assert_eq!(
        chunks.iter().map(|c| c.ordinal).collect::<Vec<_>>(),
        vec![0, 1, 2, 3, 4, 5, 6]
    );
    // A section starting below the top keeps only the headings above it.
    let chunks = chunk_markdown("### deep\n# top\n", 1);
    assert_eq!(
        paths_of(&chunks),
        vec![strings(&["deep"]), strings(&["top"])]
    );
}

#[test]
fn heading_text_is_plain_inline_text() {
    let text = "# Use `Result`   for *errors*, **not** [panics](x.md)  #\n#\n##   \n";
    let chunks = chunk_markdown(text, 1);
    assert_eq!(
        paths_of(&chunks),
        vec![
            strings(&["Use Result for errors, not panics"]),
            strings(&["(untitled)"]),
            strings(&["(untitled)", "(untitled)"]),
        ]
    );
    assert_eq!(
        chunks[0].heading(),
        Some("Use Result for errors, not panics")
    );
}

#[test]
fn indented_heading_chunk_starts_at_line_start_and_quoted_headings_do_not_split() {
    let chunks = chunk_markdown("# A\n> # quoted\n\n- # in list\n\n ## B\n", 1);
    assert_eq!(
        paths_of(&chunks),
        vec![strings(&["A"]), strings(&["A", "B"])]
    );
    assert_eq!(chunks[0].body, "# A\n> # quoted\n\n- # in list");
    assert_eq!((chunks[1].line, chunks[1].body.as_str()), (6, " ## B"));
}

#[test]
fn crlf_and_trailing_whitespace_trimmed_from_bodies() {
    let chunks = chunk_markdown("# A\r\ntext  \r\n\r\n## B\r\n", 1);
    assert_eq!(chunks[0].body, "# A\r\ntext");
    assert_eq!((chunks[1].line, chunks[1].body.as_str()), (4, "## B"));
}

#[test]
fn lone_carriage_returns_count_as_line_endings() {
    let chunks = chunk_markdown("intro\r# A\r\r## B\n", 1);
    assert_eq!(
        chunks.iter().map(|c| c.line).collect::<Vec<_>>(),
        vec![1, 2, 4]
    );
}
