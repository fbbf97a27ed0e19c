//! Layering guard (DESIGN.md): the core stays pure, services never reach up into adapters,
//! and storage knows nothing of services or adapters.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

fn rust_files(dir: &str) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    walkdir::WalkDir::new(&root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| {
            (
                e.path().display().to_string(),
                std::fs::read_to_string(e.path()).unwrap(),
            )
        })
        .collect()
}

fn assert_absent(dir: &str, forbidden: &[&str]) {
    let mut found = Vec::new();
    for (path, text) in rust_files(dir) {
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                if code.contains(word) {
                    found.push(format!("{path}:{}: uses `{word}`", n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "layering violations:\n{}",
        found.join("\n")
    );
}

#[test]
fn core_does_no_io_and_knows_no_outer_crates() {
    assert_absent(
        "core",
        &[
            "std::fs",
            "std::io::stdin",
            "stdin()",
            "std::net",
            "std::process",
            "std::env",
            "rusqlite",
            "clap",
            "ollama_rs",
            "reqwest",
            "tokio",
            "crate::storage",
            "crate::services",
            "crate::adapters",
        ],
    );
}

#[test]
fn storage_knows_nothing_above_it() {
    assert_absent("storage", &["crate::services", "crate::adapters", "clap"]);
}

#[test]
fn services_do_not_import_adapters() {
    assert_absent("services", &["crate::adapters", "clap", "stdin()"]);
}

#[test]
fn every_source_file_says_what_it_is() {
    let mut missing = Vec::new();
    for dir in ["core", "storage", "services", "adapters"] {
        for (path, text) in rust_files(dir) {
            if !text.trim_start().starts_with("//!") {
                missing.push(path);
            }
        }
    }
    assert!(missing.is_empty(), "files without a //! line: {missing:?}");
}
