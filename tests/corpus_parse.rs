//! Parses every markdown file of the shared real-world corpus (`../shared/corpus`) as a
//! pattern: nothing may panic, every file must parse, and parsed patterns must be usable
//! (chunks in order, each found where it lies in the body).

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

mod common;

use lore::core::pattern::{chunk_spans, parse_pattern};

/// Pattern files in the corpus (SOURCES.md, its list of sources, aside).
const CORPUS_FILES: usize = 635;

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            out.push(path);
        }
    }
}

#[test]
fn every_corpus_file_parses_into_usable_chunks() {
    let root = common::shared_dir().join("corpus");
    if !common::input_present(&root, "the corpus parse test") {
        return;
    }
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    files.sort();

    let (mut parsed, mut failures, mut unusable) = (0, Vec::new(), Vec::new());
    for path in &files {
        let Ok(relative) = path.strip_prefix(&root) else {
            continue;
        };
        let relative = relative.to_string_lossy().replace('\\', "/");
        if relative == "SOURCES.md" {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            failures.push(format!("{relative}:1: not UTF-8"));
            continue;
        };
        match parse_pattern(&relative, &text) {
            Ok(pattern) => {
                parsed += 1;
                if pattern.title.trim().is_empty() {
                    unusable.push(format!("{relative}: empty title"));
                }
                if pattern.chunks.is_empty() && !pattern.body.trim().is_empty() {
                    unusable.push(format!("{relative}: no chunks from a non-blank body"));
                }
                for (i, chunk) in pattern.chunks.iter().enumerate() {
                    if chunk.ordinal != i || chunk.body.trim().is_empty() || chunk.line == 0 {
                        unusable.push(format!("{relative}:{}: bad chunk {i}", chunk.line));
                    }
                }
                // Excerpts are cut from the stored body by these spans.
                let spans = chunk_spans(&pattern.body, &pattern.chunks);
                let found = spans.len() == pattern.chunks.len()
                    && spans.iter().zip(&pattern.chunks).all(|(span, chunk)| {
                        span.text(&pattern.body) == chunk.body
                            && span.heading_path == chunk.heading_path
                    });
                if !found {
                    unusable.push(format!("{relative}: sections not found in the body"));
                }
            }
            Err(e) => failures.push(format!("{}:{}: {}", e.source_path, e.line, e.message)),
        }
    }

    assert!(
        failures.is_empty(),
        "{} corpus files do not parse:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        unusable.is_empty(),
        "unusable patterns:\n{}",
        unusable.join("\n")
    );
    assert_eq!(parsed, CORPUS_FILES, "every corpus file parsed");
}
