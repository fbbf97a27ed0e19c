//! The test suite never runs lore with a developer's own lore environment: `LORE_CONFIG`
//! outranks the temp workspace's lore.toml (so `ingest --force` in a test would rebuild, or
//! kill mid-write, the developer's real index), and `LORE_DEBUG` / `LORE_TRACE` change what
//! lore prints. Checked on the sources: lore is started only through the shared helpers,
//! which clear those variables, and whatever starts lore indirectly (a Python client, an
//! agent harness, a benchmark's copy of the binary) is spawned without them.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

const LORE_ENV: [&str; 3] = ["LORE_CONFIG", "LORE_DEBUG", "LORE_TRACE"];

/// The helpers every test starts lore through.
const HELPERS: [&str; 2] = ["tests/common/mod.rs", "tests/mcp_support/mod.rs"];
/// The Claude Code harness driver: a suite that hands lore to the harness through its
/// `run_harness` has the environment cleared there (checked below).
const HARNESS_DRIVER: &str = "tests/claude_support/mod.rs";

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs" || e == "py") {
            out.push(path);
        }
    }
}

#[test]
fn every_test_that_spawns_lore_clears_its_environment() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("tests"), &mut files);
    sources(&root.join("benches"), &mut files);
    let mut checked = 0;
    for path in files {
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        if rel == "tests/test_isolation.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let direct = text.contains("Command::new(env!(\"CARGO_BIN_EXE_lore\"))")
            || text.contains("cargo_bin(\"lore\")");
        let indirect = text.contains("CARGO_BIN_EXE_lore") || text.contains("LORE_BIN");
        if HELPERS.contains(&rel.as_str()) {
            for name in LORE_ENV {
                assert!(text.contains(name), "{rel} does not clear {name}");
            }
            checked += 1;
            continue;
        }
        assert!(
            !direct,
            "{rel} starts lore itself; use common::lore_command() or Workspace::lore()"
        );
        if rel == HARNESS_DRIVER {
            assert!(
                text.contains("without_lore_env(") && text.contains("pub fn run_harness("),
                "{rel} must clear lore's environment for the harness it runs"
            );
        }
        if indirect {
            let cleared = text.contains("without_lore_env(")
                || LORE_ENV.iter().all(|name| text.contains(name))
                || (text.contains("claude_support::") && text.contains("run_harness("));
            assert!(
                cleared,
                "{rel} hands the lore binary to another program without clearing {LORE_ENV:?} (common::without_lore_env)"
            );
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} files checked");
}
