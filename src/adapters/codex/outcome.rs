//! Did a shell command Codex ran fail? Codex sends no failure event and its PostToolUse
//! payload carries only the output text, so lore decides, in this order: the exit code of
//! the call's record in Codex's session rollout (read by the caller; authoritative), an
//! exit-code marker in the output (`Exit code: N`, `Process exited with code N`, `exit status
//! N`), else a line that reads like a failure (a test runner's failure summary, a compiler
//! error, a traceback). Pure; reads at most [`MAX_SCAN_BYTES`] of output.

use crate::core::text_window::head;

/// Output bytes scanned for markers and failure lines.
pub const MAX_SCAN_BYTES: usize = 64 * 1024;
/// Output kept as the failure's text for the search (its start carries the first error).
pub const MAX_FAILURE_TEXT: usize = 16 * 1024;

/// The verdict on one shell command, and what it rests on (for the debug trace).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellOutcome {
    pub failed: bool,
    pub exit_code: Option<i64>,
    pub evidence: String,
}

/// What Codex's session rollout recorded for the call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallRecord {
    /// `completed`, `failed`, ...
    pub status: Option<String>,
    pub exit_code: Option<i64>,
}

/// Judge a command from its rollout record (when found), else from its output. Output
/// lines are trusted only for commands that produce diagnostics: the output of a read-only
/// command (`cat`, `grep`, ...) is file content, whatever words it holds.
pub fn judge(record: Option<&CallRecord>, output: &str, diagnostic_output: bool) -> ShellOutcome {
    if let Some(record) = record
        && (record.exit_code.is_some() || record.status.is_some())
    {
        let failed =
            record.exit_code.is_some_and(|c| c != 0) || record.status.as_deref() == Some("failed");
        return ShellOutcome {
            failed,
            exit_code: record.exit_code,
            evidence: format!(
                "session record: status {}, exit code {}",
                record.status.as_deref().unwrap_or("-"),
                record.exit_code.map_or("-".to_string(), |c| c.to_string())
            ),
        };
    }
    let scanned = head(output, MAX_SCAN_BYTES);
    if let Some(code) = exit_marker(scanned) {
        return ShellOutcome {
            failed: code != 0,
            exit_code: Some(code),
            evidence: format!("exit code {code} in the output"),
        };
    }
    match failure_line(scanned).filter(|_| diagnostic_output) {
        Some(line) => ShellOutcome {
            failed: true,
            exit_code: None,
            evidence: format!("failure line in the output: {line:?}"),
        },
        None => ShellOutcome {
            failed: false,
            exit_code: None,
            evidence: "no exit code and no failure line".to_string(),
        },
    }
}

/// The text the failure search runs on: `Exit code N` (which query extraction drops, as for
/// Claude Code's failure text) and the start of the output.
pub fn failure_text(outcome: &ShellOutcome, output: &str) -> String {
    let output = head(output, MAX_FAILURE_TEXT);
    match outcome.exit_code {
        Some(code) => format!("Exit code {code}\n{output}"),
        None => output.to_string(),
    }
}

/// An exit status stated in the output, by the wrappers and tools that print one.
fn exit_marker(output: &str) -> Option<i64> {
    const MARKERS: &[&str] = &[
        "Exit code: ",
        "Process exited with code ",
        "exited with code ",
        "exit status ",
        "returned non-zero exit status ",
    ];
    output.lines().find_map(|line| {
        let line = line.trim();
        MARKERS.iter().find_map(|marker| {
            let at = line.find(marker)?;
            let digits: String = line[at + marker.len()..]
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '-')
                .collect();
            digits.parse().ok()
        })
    })
}

/// The first line that reads like a failure, if any.
fn failure_line(output: &str) -> Option<&str> {
    output
        .lines()
        .map(str::trim)
        .find(|line| is_failure_line(line))
}

fn is_failure_line(line: &str) -> bool {
    const STARTS: &[&str] = &[
        "error:",
        "error[",
        "FAILED",
        "FAIL ",
        "FAIL\t",
        "--- FAIL",
        "test result: FAILED",
        "Traceback (most recent call last)",
        "npm ERR!",
        "npm error",
        "fatal:",
        "make: ***",
        "BUILD FAILED",
        "[ERROR]",
        "error Command failed",
        "Segmentation fault",
    ];
    const CONTAINS: &[&str] = &[
        ": error:",
        ": error ",
        "panicked at",
        ": command not found",
        ": No such file or directory",
        "Aborted (core dumped)",
    ];
    line == "FAIL"
        || STARTS.iter().any(|s| line.starts_with(s))
        || CONTAINS.iter().any(|s| line.contains(s))
        || names_an_exception(line)
        || counts_failures(line)
}

/// `AssertionError: ...`, `java.lang.IllegalStateException: ...`: an identifier ending in
/// `Error` or `Exception`, then a colon, at the start of the line.
fn names_an_exception(line: &str) -> bool {
    let Some((name, _)) = line.split_once(':') else {
        return false;
    };
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && (name.ends_with("Error") || name.ends_with("Exception"))
}

/// A count of failures: `1 failed`, `3 failing`, `Tests: 2 failed, 5 passed`.
fn counts_failures(line: &str) -> bool {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == '=')
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(2).any(|pair| {
        pair[0].parse::<u64>().is_ok_and(|n| n > 0) && matches!(pair[1], "failed" | "failing")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(status: &str, code: Option<i64>) -> CallRecord {
        CallRecord {
            status: Some(status.into()),
            exit_code: code,
        }
    }

    #[test]
    fn the_session_record_decides_when_there_is_one() {
        let failed = judge(
            Some(&record("failed", Some(3))),
            "greeting still wrong\n",
            true,
        );
        assert!(failed.failed);
        assert_eq!(failed.exit_code, Some(3));
        // A clean exit wins over failure-looking output (a test that prints "FAILED" on purpose).
        let ok = judge(
            Some(&record("completed", Some(0))),
            "FAILED (expected)\n",
            true,
        );
        assert!(!ok.failed);
        let killed = judge(Some(&record("failed", None)), "", true);
        assert!(killed.failed);
        assert_eq!(killed.exit_code, None);
    }

    #[test]
    fn exit_markers_in_the_output_come_next() {
        for (output, code) in [
            ("Exit code: 2\nWall time: 0 seconds\nOutput:\nboom\n", 2),
            (
                "Chunk ID: 1\nProcess exited with code 0\nOutput:\nFAILED\n",
                0,
            ),
            ("go: downloading\nexit status 1\n", 1),
            (
                "subprocess: Command 'x' returned non-zero exit status 127.\n",
                127,
            ),
        ] {
            let outcome = judge(None, output, true);
            assert_eq!(outcome.exit_code, Some(code), "{output:?}");
            assert_eq!(outcome.failed, code != 0, "{output:?}");
        }
    }

    #[test]
    fn failure_lines_of_common_tools_are_recognised() {
        for output in [
            "running 3 tests\ntest a ... FAILED\n\ntest result: FAILED. 2 passed; 1 failed\n",
            "error[E0425]: cannot find value `x` in this scope\n",
            "src/main.c:3:5: error: expected ';'\n",
            "Traceback (most recent call last):\n  File \"t.py\", line 1\nAssertionError: 1 != 2\n",
            "FAILED (failures=1)\n",
            "--- FAIL: TestServe (0.00s)\nFAIL\n",
            "Tests:       1 failed, 4 passed, 5 total\n",
            "  2 failing\n",
            "thread 'main' panicked at src/main.rs:2:5:\n",
            "bash: cargo-nextest: command not found\n",
            "fatal: not a git repository\n",
            "java.lang.IllegalStateException: closed\n",
            "npm ERR! code ELIFECYCLE\n",
        ] {
            assert!(judge(None, output, true).failed, "{output:?}");
        }
    }

    #[test]
    fn ordinary_output_is_no_failure() {
        for output in [
            "",
            "check-ok\n",
            "test result: ok. 3 passed; 0 failed\n",
            "0 failed, 12 passed\n",
            "Compiling demo v0.1.0\nFinished `dev` profile\n",
            "no errors found\n",
            "ErrorKind: a heading, not an exception\n",
        ] {
            assert!(!judge(None, output, true).failed, "{output:?}");
        }
        // Failure words in a read-only command's output are file content.
        assert!(!judge(None, "error: this line is in a file\n", false).failed);
    }

    #[test]
    fn the_failure_text_starts_with_the_exit_code_and_is_bounded() {
        let outcome = judge(Some(&record("failed", Some(3))), "", true);
        assert_eq!(failure_text(&outcome, "boom\n"), "Exit code 3\nboom\n");
        let long = "é".repeat(MAX_FAILURE_TEXT);
        let text = failure_text(&outcome, &long);
        assert!(text.len() <= MAX_FAILURE_TEXT + "Exit code 3\n".len());
        let unknown = judge(None, "FAILED (errors=1)", true);
        assert_eq!(
            failure_text(&unknown, "FAILED (errors=1)"),
            "FAILED (errors=1)"
        );
    }
}
