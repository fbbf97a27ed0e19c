//! Unit tests for pattern parsing: splitting frontmatter and whole files; key reading and
//! chunking have their own files.

mod chunk;
mod frontmatter;

use super::*;

fn fm(yaml: &str) -> Frontmatter {
    match parse_frontmatter("p.md", yaml) {
        Ok(fm) => fm,
        Err(e) => panic!("unexpected error: {e}"),
    }
}

fn fm_err(yaml: &str) -> PatternError {
    match parse_frontmatter("p.md", yaml) {
        Ok(fm) => panic!("expected an error, got {fm:?}"),
        Err(e) => e,
    }
}

fn parse(source: &str, text: &str) -> Pattern {
    match parse_pattern(source, text) {
        Ok(p) => p,
        Err(e) => panic!("unexpected error: {e}"),
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn paths_of(chunks: &[Chunk]) -> Vec<Vec<String>> {
    chunks.iter().map(|c| c.heading_path.clone()).collect()
}

#[test]
fn split_without_frontmatter_returns_whole_text_from_line_one() {
    let text = "# Title\n---\nmore\n";
    assert_eq!(split_frontmatter("p.md", text), Ok((None, text, 1)));
}

#[test]
fn split_finds_yaml_body_and_body_line() {
    let text = "---\ntags: [a]\nuniversal: true\n---\n# T\n";
    assert_eq!(
        split_frontmatter("p.md", text),
        Ok((Some("tags: [a]\nuniversal: true\n"), "# T\n", 5))
    );
}

#[test]
fn split_accepts_dots_close_trailing_whitespace_crlf_and_bom() {
    let text = "\u{feff}---  \r\ntags: a\r\n...\t\r\nbody\r\n";
    assert_eq!(
        split_frontmatter("p.md", text),
        Ok((Some("tags: a\r\n"), "body\r\n", 4))
    );
    // The BOM is dropped from a body without frontmatter too.
    assert_eq!(
        split_frontmatter("p.md", "\u{feff}# T"),
        Ok((None, "# T", 1))
    );
}

#[test]
fn a_file_with_windows_line_endings_parses_as_the_same_file_with_unix_ones() {
    let unix = "---\ntags: [errors]\n---\n# Errors\n\nIntro.\n\n## Wrapping\n\nAdd context.\n";
    let windows = unix.replace('\n', "\r\n");
    let from_windows = parse_pattern("errors.md", &windows).unwrap();
    let from_unix = parse_pattern("errors.md", unix).unwrap();
    // No `\r` reaches an excerpt, and every section starts on the same file line.
    assert_eq!(from_windows, from_unix);
    assert!(!from_windows.body.contains('\r'));
}

#[test]
fn split_empty_frontmatter_and_end_of_file_close() {
    assert_eq!(split_frontmatter("p.md", "---\n---"), Ok((Some(""), "", 3)));
    assert_eq!(split_frontmatter("p.md", ""), Ok((None, "", 1)));
}

#[test]
fn split_requires_exact_opening_line() {
    for text in [" ---\na: 1\n---\n", "----\na: 1\n---\n", "--- a\n---\n"] {
        assert_eq!(
            split_frontmatter("p.md", text),
            Ok((None, text, 1)),
            "{text:?}"
        );
    }
}

#[test]
fn unclosed_frontmatter_is_an_error_at_line_one() {
    let Err(e) = split_frontmatter("dir/p.md", "---\ntags: [a]\n# Title\n") else {
        panic!("expected an error");
    };
    assert_eq!(
        (e.source_path.as_str(), e.line, e.key.as_deref()),
        ("dir/p.md", 1, None)
    );
    assert!(e.message.contains("never closed"), "{}", e.message);
    assert!(
        e.message.contains("add a closing `---` line"),
        "{}",
        e.message
    );
    assert!(e.to_string().starts_with("dir/p.md:1: "));
}

#[test]
fn title_is_first_h1_anywhere() {
    let p = parse(
        "x/p.md",
        "---\ntitle: Ignored\n---\nintro\n## Sub\n# Real Title\n# Second\n",
    );
    assert_eq!(p.title, "Real Title");
    assert_eq!(p.body, "intro\n## Sub\n# Real Title\n# Second\n");
    assert_eq!(
        p.chunks.iter().map(|c| c.line).collect::<Vec<_>>(),
        vec![4, 5, 6, 7]
    );
}

#[test]
fn title_falls_back_to_file_stem() {
    assert_eq!(
        parse("dir/sub/error-handling.md", "## Only H2\n").title,
        "error-handling"
    );
    assert_eq!(parse("rules/rust.mdc", "text").title, "rust");
    assert_eq!(parse("notes.markdown", "").title, "notes");
    // Copilot's format mark is not the rule's name.
    assert_eq!(parse("a.instructions.MD", "#\n").title, "a");
    assert_eq!(parse(".instructions.md", "").title, ".instructions");
    assert_eq!(parse("README", "```\n# fenced\n```\n").title, "README");
}

#[test]
fn frontmatter_errors_propagate_from_parse_pattern() {
    let Err(e) = parse_pattern("p.md", "---\nname: x\ntags: {a: 1}\n---\n# T\n") else {
        panic!("expected an error");
    };
    assert_eq!(
        e.to_string(),
        "p.md:3: `tags` must be a list of strings, e.g. `tags: [errors, rust]`, but it is a mapping"
    );
}

#[test]
fn full_pattern_round_trip() {
    let text = "\u{feff}---\ntags: [errors]\nlanguage: rust\npaths: src/**/*.rs\n---\n\n# Error handling\n\nUse `thiserror`.\n\n## In libraries\n\n```rust\n# [derive(Debug)]\n```\n";
    let p = parse("errors.md", text);
    assert_eq!(p.title, "Error handling");
    assert_eq!(p.frontmatter.languages, strings(&["rust"]));
    assert_eq!(p.frontmatter.paths, strings(&["src/**/*.rs"]));
    assert_eq!(p.chunks.len(), 2);
    assert_eq!((p.chunks[0].line, p.chunks[1].line), (7, 11));
    assert_eq!(
        p.chunks[1].body,
        "## In libraries\n\n```rust\n# [derive(Debug)]\n```"
    );
}

proptest::proptest! {
    // No failure persistence: it would write files outside this module.
    #![proptest_config(proptest::prelude::ProptestConfig {
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Any text either parses into consecutive chunks with increasing lines or is an error.
    #[test]
    fn parse_never_panics(text in "(\u{feff})?(---\n)?([-#=`~>*:{}\\[\\], a-z\r\n\t]{0,12}\n?){0,12}") {
        if let Ok(p) = parse_pattern("dir/p.md", &text) {
            proptest::prop_assert!(!p.title.is_empty());
            for (i, chunk) in p.chunks.iter().enumerate() {
                proptest::prop_assert_eq!(chunk.ordinal, i);
                proptest::prop_assert!(!chunk.body.trim().is_empty());
            }
            for pair in p.chunks.windows(2) {
                proptest::prop_assert!(pair[0].line < pair[1].line);
            }
        }
    }
}
