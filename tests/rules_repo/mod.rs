//! The repository both end-to-end suites run their scripted sessions in
//! (`tests/fixtures/rules_repo`): lore's own patterns (a universal one, one for running the
//! tests, one for a spelling failure), a Cursor rule (`.cursor/rules`, `globs`) and a Copilot
//! instructions file (`.github/instructions`, `applyTo`) both scoped to the file the model
//! fixes, the `AGENTS.md` Codex loads itself and the `CLAUDE.md` Claude Code loads itself, the
//! misspelt file and the project's test runner. Each file holds one sentinel text, so a model
//! request shows which of them reached it.
#![allow(dead_code)]
// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::common::Workspace;

/// `patterns/house-rules.md` (universal).
pub const UNIVERSAL: &str = "E2E-UNIVERSAL";
/// `patterns/running-tests.md`, for running `./run-tests`.
pub const SHELL: &str = "E2E-SHELL";
/// `patterns/spelling-failures.md`, for the failed test run.
pub const FAILURE: &str = "E2E-FAILURE";
/// The Cursor rule scoped to [`EDITED`].
pub const CURSOR: &str = "E2E-CURSOR-SCOPED";
/// The Copilot instructions scoped to `src/**/*.txt`.
pub const COPILOT: &str = "E2E-COPILOT-SCOPED";
/// `AGENTS.md`: Codex loads it, Claude Code does not.
pub const AGENTS_MD: &str = "E2E-AGENTS-MD";
/// `CLAUDE.md`: Claude Code loads it, Codex does not.
pub const CLAUDE_MD: &str = "E2E-CLAUDE-MD";

pub const CURSOR_RULE: &str = ".cursor/rules/message-wording.mdc";
pub const COPILOT_RULE: &str = ".github/instructions/text-files.instructions.md";
/// The file the scripted model fixes, which both scoped rules name.
pub const EDITED: &str = "src/greet.txt";

pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules_repo")
}

/// A copy of the repository in a new workspace, its test runner executable.
pub fn copy() -> Workspace {
    let ws = Workspace::copy_of(&dir());
    let runner = ws.path("run-tests");
    std::fs::set_permissions(&runner, std::fs::Permissions::from_mode(0o755)).unwrap();
    ws
}
