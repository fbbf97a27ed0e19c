//! The shared corpus of 635 real convention files: ingesting all of it never panics, each
//! unparseable file is reported, and a distinctive phrase finds its file first.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Workspace, shared_dir, stdout};

/// A workspace whose patterns/ is a copy of the corpus, with SOURCES.md excluded by
/// `.loreignore` as a team would do it.
fn corpus_workspace() -> Option<Workspace> {
    let corpus = shared_dir().join("corpus");
    if !common::input_present(&corpus, "the corpus ingest test") {
        return None;
    }
    let ws = Workspace::new();
    for entry in walkdir::WalkDir::new(&corpus) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(&corpus).unwrap();
            let target = ws.path("patterns").join(rel);
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
    ws.pattern(".loreignore", "/SOURCES.md\n");
    Some(ws)
}

#[test]
fn whole_corpus_ingests_and_a_distinctive_phrase_finds_its_file() {
    let Some(ws) = corpus_workspace() else { return };
    let out = ws.lore().args(["ingest", "--json"]).output().unwrap();
    assert!(
        out.status.code().is_some(),
        "ingest was killed: {}",
        common::stderr(&out)
    );
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let added: Vec<&str> = report["added"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let errors = report["errors"].as_array().unwrap();
    for e in errors {
        // Every unparseable file is reported with a line and what is wrong.
        assert!(e["line"].as_u64().unwrap() >= 1, "{e}");
        assert!(!e["message"].as_str().unwrap().is_empty(), "{e}");
    }
    assert_eq!(
        added.len() + errors.len(),
        635,
        "every corpus file is indexed or reported"
    );
    assert!(
        !added.contains(&"SOURCES.md"),
        ".loreignore excludes SOURCES.md"
    );
    assert_eq!(
        out.status.code(),
        Some(if errors.is_empty() { 0 } else { 1 })
    );

    let out = ws
        .lore()
        .args([
            "search",
            "--json",
            "--top-k",
            "3",
            "zero-value mutexes are valid",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", common::stderr(&out));
    let result: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        result["results"][0]["source"], "uber-go-guide/mutex-zero-value.md",
        "{result:#}"
    );
}
