//! Shared set-up for the benchmarks: synthetic knowledge bases built from the real corpus.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Real convention texts from `../shared/corpus` (SOURCES.md excluded), or a small built-in
/// set when the corpus is not beside the repository.
pub fn corpus_texts() -> Vec<String> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let mut texts: Vec<(PathBuf, String)> = walkdir::WalkDir::new(&corpus)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
        .filter(|e| e.file_name() != "SOURCES.md")
        .filter_map(|e| {
            Some((
                e.path().to_path_buf(),
                std::fs::read_to_string(e.path()).ok()?,
            ))
        })
        .collect();
    texts.sort();
    if texts.is_empty() {
        return (0..50)
            .map(|i| format!("---\ntags: [t{i}]\n---\n# Pattern {i}\n\n## Rule\n\nAlways do thing {i} in Rust.\n"))
            .collect();
    }
    texts.into_iter().map(|(_, t)| t).collect()
}

/// Write `n` pattern files into `dir/patterns` (cycling through the corpus, each copy made
/// distinct) and a lore.toml (FTS only); returns the config path.
pub fn knowledge_base(dir: &Path, n: usize) -> PathBuf {
    let texts = corpus_texts();
    let kb = dir.join("patterns");
    for i in 0..n {
        let sub = kb.join(format!("team{:02}", i % 20));
        std::fs::create_dir_all(&sub).unwrap();
        let text = &texts[i % texts.len()];
        std::fs::write(
            sub.join(format!("p{i:05}.md")),
            format!("{text}\n\nRevision {i}.\n"),
        )
        .unwrap();
    }
    let config = dir.join("lore.toml");
    std::fs::write(
        &config,
        "knowledge_dir = \"patterns\"\n[search]\nhybrid = false\n",
    )
    .unwrap();
    config
}

/// The rule files other agents keep (see `core::sources`), written into the repository at
/// `dir` beside its `patterns/`: `count` of them across Cursor, Copilot, Claude Code,
/// Windsurf and Kiro, scoped by globs to the folders the benchmark's calls touch (and to
/// others), plus an `AGENTS.md` at the root and one in a sub-folder. Texts cycle through the
/// corpus like the patterns'.
pub fn rule_files(dir: &Path, count: usize) {
    let texts = corpus_texts();
    let globs = [
        "src/**/*.rs",
        "web/components/**/*.tsx",
        "app/routers/**/*.py",
        "**/*.go",
        "docs/**/*.md",
        "infra/**/*.tf",
    ];
    for i in 0..count {
        let text = &texts[(i * 7) % texts.len()];
        let glob = globs[i % globs.len()];
        let (path, front) = match i % 5 {
            0 => (
                format!(".cursor/rules/rule{i:03}.mdc"),
                format!(
                    "description: rule {i}
globs: {glob}
alwaysApply: false
"
                ),
            ),
            1 => (
                format!(".github/instructions/rule{i:03}.instructions.md"),
                format!(
                    "applyTo: \"{glob}\"
"
                ),
            ),
            2 => (
                format!(".claude/rules/rule{i:03}.md"),
                format!(
                    "paths:
  - \"{glob}\"
"
                ),
            ),
            3 => (
                format!(".windsurf/rules/rule{i:03}.md"),
                format!(
                    "trigger: glob
globs: {glob}
"
                ),
            ),
            _ => (
                format!(".kiro/steering/rule{i:03}.md"),
                format!(
                    "inclusion: fileMatch
fileMatchPattern: \"{glob}\"
"
                ),
            ),
        };
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let body = text
            .split_once(
                "
---
",
            )
            .map_or(text.as_str(), |(_, b)| b);
        std::fs::write(
            path,
            format!(
                "---
{front}---
{body}

Rule {i}.
"
            ),
        )
        .unwrap();
    }
    std::fs::write(
        dir.join("AGENTS.md"),
        "# Agents

Run the tests before committing.
",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("web")).unwrap();
    std::fs::write(
        dir.join("web/AGENTS.md"),
        "# Web

Components are function components with typed props.
",
    )
    .unwrap();
}

pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

pub fn percentile(values: &mut [f64], p: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    let i = ((values.len() as f64 - 1.0) * p).round() as usize;
    values[i]
}

/// `cargo bench` passes `--bench`; `cargo test --all-targets` runs bench binaries without it,
/// and then they only check, on small sizes, that they still work.
pub fn full_run() -> bool {
    std::env::args().any(|a| a == "--bench")
}
