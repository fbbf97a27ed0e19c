//! The distinctive part of a failed command's output: the lines that say what failed (the
//! error message, failing test and function names, error codes, the first line of a trace),
//! not the whole log. A test run that dumps megabytes must cost a hook no more than a short
//! one, and the passing tests it lists say nothing about the failure.

use crate::core::text_window::tail;

/// Only this much of the end of an output is read: failures are reported last.
pub const ERROR_TAIL_BYTES: usize = 16 * 1024;
/// Most lines of an output searched.
const MAX_LINES: usize = 24;

/// How a JVM stack trace introduces the exception that caused the one above it.
const CAUSE_MARK: &str = "Caused by:";

/// Words that mark a line as saying what failed (compared case-insensitively).
const FAILURE_WORDS: &[&str] = &[
    "error",
    "fail",
    "failed",
    "failure",
    "failures",
    "panic",
    "panicked",
    "exception",
    "traceback",
    "assert",
    "assertion",
    "expected",
    "cannot",
    "undefined",
    "denied",
    "fatal",
    "refused",
    "not found",
    "mismatch",
    "invalid",
    "violation",
    "timeout",
    "timed out",
    "data race",
    "missing",
    "unresolved",
    "required",
    "unsupported",
    "not allowed",
    "can't",
    "couldn't",
    "could not",
    "unable to",
];

/// The lines of `output` that say what failed, in order, from its last
/// [`ERROR_TAIL_BYTES`]; the first line too (a command's own message often stands there).
/// When no line looks like a failure, the last lines stand for the whole.
pub fn failure_focus(output: &str) -> String {
    let tail = tail(output, ERROR_TAIL_BYTES);
    let lines: Vec<&str> = tail
        .lines()
        .map(unframed)
        .filter(|l| !l.is_empty())
        .collect();
    let mut kept: Vec<&str> = Vec::new();
    if let Some(first) = output.lines().map(unframed).find(|l| !l.is_empty())
        && first.len() <= 500
    {
        kept.push(first);
    }
    // A chained exception's causes (the JVM's `Caused by:`) say why it was raised, the last
    // one most of all: they come first, deepest first, so the words searched name the cause
    // before the trace's frames and the build's banners.
    for line in lines.iter().rev().filter(|l| l.starts_with(CAUSE_MARK)) {
        if kept.len() < MAX_LINES && !kept.contains(line) {
            kept.push(line);
        }
    }
    for line in &lines {
        if kept.len() >= MAX_LINES {
            break;
        }
        if says_what_failed(line) && !kept.contains(line) {
            kept.push(line);
        }
    }
    if kept.len() <= 1 {
        let start = lines.len().saturating_sub(MAX_LINES / 2);
        for line in &lines[start..] {
            if !kept.contains(line) {
                kept.push(line);
            }
        }
    }
    kept.join("\n")
}

/// A line without its surrounding space and the box-drawing frame some tools draw around a
/// diagnostic (Terraform's `│ `), so a framed detail line reads like a plain one.
fn unframed(line: &str) -> &str {
    line.trim_matches(|c: char| c.is_whitespace() || ('\u{2500}'..='\u{257F}').contains(&c))
}

/// Whether a line names a failure: a failure word, an error or exception class
/// (`InvalidRequestError`, `NullPointerException`), pytest's `E ` detail line, the Kotlin
/// compiler's `e: ` diagnostic, Jest's and Vitest's `● ` header naming a failing test, or
/// an error code (`E0308`, `TS2345`).
fn says_what_failed(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    FAILURE_WORDS.iter().any(|w| contains_word(&lower, w))
        || names_error_class(line)
        || line.starts_with("E ")
        || line.starts_with("e: ")
        || line.starts_with("● ")
        || has_error_code(line)
}

/// A word ending in `Error` or `Exception` after more of a name (`KeyError`,
/// `sqlalchemy.exc.IntegrityError`): how most languages name what was raised.
fn names_error_class(line: &str) -> bool {
    line.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| {
            ["Error", "Exception"]
                .iter()
                .any(|suffix| word.len() > suffix.len() && word.ends_with(suffix))
        })
}

/// `word` in `text` at word boundaries (`fail` in `failed:` is not `fail`, but `failed` is).
fn contains_word(text: &str, word: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text.get(from..).and_then(|rest| rest.find(word)) {
        let start = from + at;
        let end = start + word.len();
        let before = start == 0 || !bytes[start - 1].is_ascii_alphanumeric();
        let after = end >= bytes.len() || !bytes[end].is_ascii_alphanumeric();
        if before && after {
            return true;
        }
        from = end;
    }
    false
}

/// An error code: one to four capital letters then three to five digits (`E0308`, `TS2345`,
/// `CS0103`, `SQLSTATE`-like codes), as compilers print them.
fn has_error_code(line: &str) -> bool {
    line.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| {
            let letters = word.chars().take_while(char::is_ascii_uppercase).count();
            let digits = word.len() - letters;
            (1..=4).contains(&letters)
                && (3..=5).contains(&digits)
                && word[letters..].chars().all(|c| c.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_failing_lines_are_kept_and_passing_ones_left_out() {
        let log = "running 3 tests\n\
                   test parse::ok ... ok\n\
                   test parse::empty ... ok\n\
                   test snapshot_of_hook ... FAILED\n\
                   \n\
                   thread 'snapshot_of_hook' panicked at tests/hook.rs:42:\n\
                   assertion `left == right` failed\n\
                   test result: FAILED. 2 passed; 1 failed\n";
        let focus = failure_focus(log);
        assert!(focus.contains("snapshot_of_hook ... FAILED"), "{focus}");
        assert!(focus.contains("panicked at tests/hook.rs"), "{focus}");
        assert!(!focus.contains("parse::ok"), "{focus}");
    }

    #[test]
    fn what_was_raised_is_kept_by_its_class_name() {
        // A test runner's banner says that something failed; the raised class says what.
        let log = "============ FAILURES ============\n\
                   ____ test_checkout ____\n\
                   def test_checkout(client):\n\
                   >       client.post('/cart')\n\
                   E   orm.exc.StaleDataError: UPDATE statement on table 'carts' expected 1 row\n\
                   raise NullPointerException in Loader.fetch\n\
                   WARNING: DATA RACE\n\
                   Write at 0x00c by goroutine 8:\n";
        let focus = failure_focus(log);
        assert!(focus.contains("StaleDataError"), "{focus}");
        assert!(focus.contains("NullPointerException"), "{focus}");
        assert!(focus.contains("DATA RACE"), "{focus}");
        assert!(!focus.contains("def test_checkout"), "{focus}");
        assert!(
            !names_error_class("an Error page"),
            "a word that is only the suffix"
        );
    }

    #[test]
    fn a_chained_exception_s_deepest_cause_comes_first() {
        let log = "> Task :test\n\
                   ReportTest > exportsCsv() FAILED\n\
                   java.lang.IllegalStateException: export aborted\n\
                   at com.example.Report.export(Report.java:88)\n\
                   Caused by: java.io.UncheckedIOException: write failed\n\
                   at com.example.Csv.write(Csv.java:12)\n\
                   Caused by: java.nio.file.AccessDeniedException: /var/reports/out.csv\n\
                   BUILD FAILED in 3s\n";
        let focus = failure_focus(log);
        let lines: Vec<&str> = focus.lines().collect();
        assert_eq!(
            lines[0], "> Task :test",
            "the first line still leads: {focus}"
        );
        assert!(lines[1].contains("AccessDeniedException"), "{focus}");
        assert!(lines[2].contains("UncheckedIOException"), "{focus}");
        assert!(
            lines[3..]
                .iter()
                .any(|l| l.contains("IllegalStateException")),
            "{focus}"
        );
        assert_eq!(
            focus.matches("Caused by:").count(),
            2,
            "each cause once: {focus}"
        );
    }

    #[test]
    fn a_framed_diagnostic_keeps_its_detail_line() {
        // Some tools draw a box around each diagnostic; the sentence saying what is wrong
        // is inside it, below the location and the quoted source.
        let log = "Initializing modules...\n\
                   \u{256d}\n\
                   \u{2502} Error: Unsupported block type\n\
                   \u{2502}\n\
                   \u{2502}   on network.tf line 4, in module \"vpc\":\n\
                   \u{2502}    4:   ingress {\n\
                   \u{2502}\n\
                   \u{2502} Blocks of type \"ingress\" belong in a \"subnet\" block, which is required.\n\
                   \u{2570}\n";
        let focus = failure_focus(log);
        assert!(focus.contains("Error: Unsupported block type"), "{focus}");
        assert!(
            focus.lines().any(|l| l.starts_with("Blocks of type")),
            "the detail, without its frame: {focus}"
        );
        assert!(!focus.contains("ingress {"), "{focus}");
        assert!(!focus.contains('\u{2502}'), "{focus}");
    }

    #[test]
    fn a_kotlin_compiler_diagnostic_is_kept() {
        let log = "> Task :app:compileDebugKotlin FAILED\n\
                   e: file:///work/app/src/main/kotlin/Tide.kt:4:9 Type mismatch: inferred type is String but Int was expected\n\
                   e: file:///work/app/src/main/kotlin/Tide.kt:9:1 Unresolved reference: gaugeFlow\n\
                   FAILURE: Build failed with an exception.\n";
        let focus = failure_focus(log);
        assert!(focus.contains("Type mismatch"), "{focus}");
        assert!(focus.contains("gaugeFlow"), "{focus}");
    }

    #[test]
    fn a_test_runner_s_failing_test_and_its_message_are_kept() {
        let output = "PASS libs/cart/src/total.spec.ts\n\
                      FAIL apps/shop/src/basket.service.spec.ts\n\
                      ● BasketService › should be defined\n\
                      \n\
                      Nest can't resolve dependencies of the BasketService (?). Please make \
                      sure that the argument \"BasketRepository\" at index [0] is available.\n\
                      \n\
                      at Injector.lookupComponentInParentModules (node_modules/x.js:254:19)\n\
                      Tests: 1 failed, 12 passed, 13 total\n";
        let focus = failure_focus(output);
        assert!(
            focus.contains("● BasketService › should be defined"),
            "{focus}"
        );
        assert!(focus.contains("can't resolve dependencies"), "{focus}");
        assert!(!focus.contains("lookupComponentInParentModules"), "{focus}");
        for line in [
            "Could not find a declaration file for module 'left-pad'",
            "warning: unable to access '/root/.config/git/attributes'",
            "Couldn't connect to the broker at localhost:5672",
        ] {
            assert!(says_what_failed(line), "{line}");
        }
    }

    #[test]
    fn error_codes_mark_a_line() {
        let log = "Compiling app\nsrc/main.rs:3:5: E0308 mismatched types\nwarning: unused\n";
        assert!(failure_focus(log).contains("E0308"));
        assert!(has_error_code("error TS2345: Argument of type"));
        assert!(!has_error_code("see page 12345"));
    }

    #[test]
    fn a_huge_log_is_read_from_its_tail_only() {
        let mut log = "passing line\n".repeat(200_000);
        log.push_str("Error: connection refused on port 5432\n");
        let focus = failure_focus(&log);
        assert!(focus.contains("connection refused"), "{focus}");
        assert!(focus.len() < 2_000, "{}", focus.len());
    }

    #[test]
    fn output_without_a_failing_line_keeps_its_last_lines() {
        let focus = failure_focus("one\ntwo\nthree\n");
        assert!(focus.contains("three"), "{focus}");
    }
}
