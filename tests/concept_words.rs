//! The concept table's words are the vocabulary any team uses for a construct, not one
//! guide's labels: no row's words reproduce, as a phrase, a file name or a heading of the
//! shared corpus (`../shared/corpus`) that only one of its guides uses. Such a phrase finds
//! that guide's file by its name and lifts nothing in a team's own files.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod common;

use lore::core::pattern::parse_pattern;
use lore::core::query::concept_rows;

/// A construct's own name, which a row keeps although only one guide of the corpus happens to
/// title a section with it; each with where the name comes from.
const PLAIN_NAMES: &[(&str, &str)] = &[
    (
        "command substitution",
        "the Bash Reference Manual's name for `$(...)`",
    ),
    (
        "functional options",
        "the Go pattern's name since Rob Pike's and Dave Cheney's articles",
    ),
];

/// A text's words: runs of letters and digits, lower case.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A file name or heading without the section number guides put before it (`2.10-`, `08-`,
/// `3.1 `), as words.
fn label_words(label: &str) -> Vec<String> {
    let unnumbered = label.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    words(unnumbered)
}

/// The corpus as its guides' labels and texts.
struct Corpus {
    /// Every file name and heading of two words or more, with the files it labels.
    labels: BTreeMap<Vec<String>, BTreeSet<String>>,
    /// Each file's name and text as words joined by one space (a space at each end), by
    /// relative path.
    texts: BTreeMap<String, String>,
}

impl Corpus {
    fn read(root: &Path) -> Self {
        let files: Vec<PathBuf> = walkdir::WalkDir::new(root)
            .into_iter()
            .filter_map(Result::ok)
            .map(walkdir::DirEntry::into_path)
            .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
            .collect();
        let mut labels: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
        let mut texts = BTreeMap::new();
        for path in files {
            let relative = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            // The list of sources names every guide; it is not one.
            if relative == "SOURCES.md" {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            let mut own = vec![label_words(&stem)];
            if let Ok(pattern) = parse_pattern(&relative, &text) {
                own.push(label_words(&pattern.title));
                for chunk in &pattern.chunks {
                    own.extend(chunk.heading_path.iter().map(|h| label_words(h)));
                }
            }
            for label in own.into_iter().filter(|l| l.len() >= 2) {
                labels.entry(label).or_default().insert(relative.clone());
            }
            let mut all = words(&stem);
            all.extend(words(&text));
            texts.insert(relative, format!(" {} ", all.join(" ")));
        }
        Self { labels, texts }
    }

    /// The guides (the corpus's top folders) whose files use `phrase` anywhere.
    fn guides_using(&self, phrase: &[String]) -> BTreeSet<String> {
        let needle = format!(" {} ", phrase.join(" "));
        self.texts
            .iter()
            .filter(|(_, text)| text.contains(&needle))
            .map(|(path, _)| path.split('/').next().unwrap_or(path).to_owned())
            .collect()
    }
}

#[test]
fn no_rows_words_reproduce_one_guides_file_name_or_heading() {
    let root = common::shared_dir().join("corpus");
    if !common::input_present(&root, "the concept words test") {
        return;
    }
    let corpus = Corpus::read(&root);
    assert!(
        corpus.texts.len() > 100,
        "the corpus at {} holds {} files",
        root.display(),
        corpus.texts.len()
    );
    let mut echoes = Vec::new();
    for (row, row_words) in concept_rows() {
        let row_words: Vec<String> = row_words.split(' ').map(str::to_owned).collect();
        for start in 0..row_words.len() {
            for end in start + 2..=row_words.len() {
                let phrase = &row_words[start..end];
                let Some(labelled) = corpus.labels.get(phrase) else {
                    continue;
                };
                let text = phrase.join(" ");
                if PLAIN_NAMES.iter().any(|(name, _)| *name == text) {
                    continue;
                }
                // Words that several guides use are shared vocabulary, whatever one of them
                // titles with them.
                let guides = corpus.guides_using(phrase);
                if guides.len() < 2 {
                    let file = labelled.iter().next().cloned().unwrap_or_default();
                    echoes.push(format!("{row}: \"{text}\" labels {file} ({guides:?} only)"));
                }
            }
        }
    }
    assert!(
        echoes.is_empty(),
        "concept words that reproduce one guide's file name or heading:\n{}",
        echoes.join("\n")
    );
}

#[test]
fn a_label_is_read_without_its_section_number() {
    assert_eq!(
        label_words("2.10-lambda-functions"),
        ["lambda", "functions"]
    );
    assert_eq!(label_words("08-arrow-functions"), ["arrow", "functions"]);
    assert_eq!(label_words("3.1 Line length"), ["line", "length"]);
    assert_eq!(label_words("exit-main"), ["exit", "main"]);
}
