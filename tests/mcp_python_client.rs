//! Runs the official Python MCP SDK client suite (`tests/mcp_client`) against this build of
//! `lore serve`, so `cargo test` is the one test command. The interpreter comes from
//! `LORE_TEST_PYTHON` (`.ci/run` makes a venv with `mcp` and `pytest`); without the SDK the
//! suite is skipped locally with a note, and fails in CI.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::process::Command;

#[test]
fn python_mcp_sdk_client_suite_passes() {
    let python = std::env::var("LORE_TEST_PYTHON").unwrap_or_else(|_| "python3".to_string());
    let ready = Command::new(&python)
        .args(["-c", "import mcp, pytest"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ready {
        common::skip(
            "the Python MCP SDK client suite",
            &format!(
                "{python} lacks `mcp`/`pytest`; pip install -r tests/mcp_client/requirements.txt, or set LORE_TEST_PYTHON to a python that has them (.ci/run does)"
            ),
        );
        return;
    }
    // The client starts `lore serve` and runs `lore` itself: none of it may see a developer's
    // LORE_CONFIG (or LORE_DEBUG / LORE_TRACE).
    let output = common::without_lore_env(&mut Command::new(&python))
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/mcp_client",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("LORE_BIN", env!("CARGO_BIN_EXE_lore"))
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "Python MCP client suite failed:\n{text}"
    );
    eprintln!("{text}");
}
