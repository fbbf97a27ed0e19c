//! The prose of what a user typed: pasted material (code fences, indented blocks, quoted
//! lines, log and stack-trace lines, diffs, shell transcripts) is left out, so a cue inside
//! a paste is never read as the user's own words; what remains is cut into clauses. Bounded:
//! only the first [`MAX_PROSE_BYTES`] of prose are read.

/// Most bytes of prose read from one message: a correction is a sentence or two; a longer
/// message is a task description or a paste.
pub const MAX_PROSE_BYTES: usize = 4_000;
/// Most bytes of a message looked at, prose or paste: a correction is not typed below a
/// long paste.
pub const MAX_SCAN_BYTES: usize = 16 * 1024;

/// The lines of `text` the user wrote, joined with `\n`: everything inside code fences,
/// indented blocks, `>` quotes, and lines that look like logs, stack frames, diffs or shell
/// sessions dropped.
pub fn prose_lines(text: &str) -> String {
    let mut out = String::new();
    let mut in_fence = false;
    for line in crate::core::text_window::head(text, MAX_SCAN_BYTES).lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || is_pasted(line) {
            continue;
        }
        if out.len() + line.len() > MAX_PROSE_BYTES {
            break;
        }
        out.push_str(line.trim());
        out.push('\n');
    }
    out
}

/// Whether a line looks pasted rather than typed.
fn is_pasted(line: &str) -> bool {
    if line.starts_with("    ") || line.starts_with('\t') {
        return true;
    }
    let t = line.trim();
    if t.is_empty() {
        return false;
    }
    let first = t.as_bytes()[0];
    // Quotes, diff and shell lines, list-of-log prefixes.
    if matches!(first, b'>' | b'$' | b'#' | b'|')
        || t.starts_with("+ ")
        || t.starts_with("- ") && t.contains(['(', ';', '{', '='])
        || t.starts_with("+++")
        || t.starts_with("---")
        || t.starts_with("@@")
    {
        return true;
    }
    log_like(t) || code_like(t)
}

/// A log, stack-trace or compiler-output line.
fn log_like(t: &str) -> bool {
    let lower = t.to_ascii_lowercase();
    const MARKERS: &[&str] = &[
        "traceback (most recent call last)",
        "file \"",
        "error[e",
        "warning:",
        "error:",
        "exception",
        "panicked at",
        "npm err!",
        "npm warn",
        " at ",
        "[info]",
        "[warn]",
        "[error]",
        "[debug]",
        "info:",
        "debug:",
        "fatal:",
        "caused by:",
        "-->",
        "stack backtrace",
    ];
    let starts_with_marker = [
        "traceback",
        "file \"",
        "error",
        "warning",
        "warn",
        "info",
        "debug",
        "fatal",
        "caused by",
        "at ",
        "-->",
        "npm err",
        "npm warn",
        "[",
    ]
    .iter()
    .any(|m| lower.starts_with(m));
    // A timestamp at the start (2024-05-01, 12:30:01).
    let b = t.as_bytes();
    let timestamp = b.len() >= 8
        && (b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-'
            || b[..2].iter().all(u8::is_ascii_digit) && b[2] == b':');
    timestamp
        || starts_with_marker && MARKERS.iter().any(|m| lower.contains(m))
        || lower.contains("line ") && lower.contains(".py\"")
}

/// A line of source code: ends like a statement or block, or is mostly symbols.
fn code_like(t: &str) -> bool {
    let ends_code = t.ends_with(['{', '}', ';', ')']) && !t.ends_with(":)");
    let symbols = t
        .chars()
        .filter(|c| matches!(c, '{' | '}' | ';' | '=' | '(' | ')' | '<' | '>' | '[' | ']'))
        .count();
    let words = t.split_whitespace().count();
    let code_start = [
        "import ",
        "from ",
        "def ",
        "class ",
        "fn ",
        "let ",
        "const ",
        "var ",
        "pub ",
        "use ",
        "return ",
        "func ",
        "package ",
        "#include",
        "export ",
        "function ",
    ]
    .iter()
    .any(|k| t.starts_with(k))
        && (t.contains(['(', '=', ';', '{', ':']) || t.split_whitespace().count() <= 4)
        && !t.contains(", not ")
        && !t.contains(" instead of ");
    // `use` is also English: a line that starts with it is code only when it reads as such.
    let rust_use = t.starts_with("use ") && t.contains("::") && t.ends_with(';');
    (ends_code && symbols >= 3)
        || symbols * 2 > words + 4
        || (code_start && !t.starts_with("use "))
        || rust_use
}

/// Sentences and clauses of prose, each trimmed, in order: split at line breaks, sentence
/// ends (`.`, `!`, `?` followed by a space or the end, never inside a backtick span or a
/// dotted name like `os.path`), `;`, and dashes set off by spaces. Each keeps its closing
/// `?` so a question can be told apart.
pub fn clauses(prose: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = prose.as_bytes();
    let mut start = 0;
    let mut in_code = false;
    let mut i = 0;
    fn push<'a>(prose: &'a str, from: usize, to: usize, out: &mut Vec<&'a str>) {
        let piece = prose[from..to].trim();
        if !piece.is_empty() {
            out.push(piece);
        }
    }
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'`' {
            in_code = !in_code;
        } else if !in_code {
            let next = bytes.get(i + 1).copied();
            let at_break = next.is_none_or(|n| n == b' ' || n == b'\n' || n == b'\t');
            match b {
                b',' if comma_ends_clause(&prose[i + 1..]) => {
                    push(prose, start, i, &mut out);
                    start = i + 1;
                }
                b'\n' | b';' => {
                    push(prose, start, i, &mut out);
                    start = i + 1;
                }
                b'?' | b'!' if at_break => {
                    push(prose, start, i + 1, &mut out);
                    start = i + 1;
                }
                b'.' if at_break && !abbreviation_before(prose, i) => {
                    push(prose, start, i, &mut out);
                    start = i + 1;
                }
                b'-' if i > 0 && bytes[i - 1] == b' ' && next == Some(b' ') => {
                    push(prose, start, i, &mut out);
                    start = i + 1;
                }
                _ => {}
            }
            // An em dash set off by spaces ends a clause too.
            if bytes[i..].starts_with(" \u{2014} ".as_bytes()) {
                push(prose, start, i, &mut out);
                start = i + " \u{2014} ".len();
                i = start;
                continue;
            }
        }
        i += 1;
    }
    push(prose, start, bytes.len(), &mut out);
    out
}

/// Whether a comma followed by `rest` starts a new clause: one with its own subject or
/// linking word (`…, we don't use X`, `…, but …`), not a contrast's second half (`X, not Y`).
fn comma_ends_clause(rest: &str) -> bool {
    let lower = rest.trim_start().to_ascii_lowercase();
    [
        "we ", "but ", "so ", "because ", "since ", "though ", "please ", "and we ", "then ",
    ]
    .iter()
    .any(|w| lower.starts_with(w))
}

/// Whether the `.` at `at` closes an abbreviation (`e.g.`, `i.e.`, `etc.`, `vs.`).
fn abbreviation_before(prose: &str, at: usize) -> bool {
    let before = &prose[..at];
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("");
    matches!(
        word.to_ascii_lowercase().as_str(),
        "e.g" | "i.e" | "etc" | "vs" | "eg" | "ie" | "cf"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pasted_material_is_left_out() {
        let text = "use structlog, not logging\n```python\n# use print instead of log\nimport logging\n```\n    indented: use X instead of Y\n> quoted: prefer A over B\n2024-05-01 12:00:01 ERROR use retries instead of sleep\nTraceback (most recent call last):\n  File \"app.py\", line 3\nthanks";
        assert_eq!(prose_lines(text), "use structlog, not logging\nthanks\n");
    }

    #[test]
    fn code_lines_are_not_prose_but_sentences_starting_with_use_are() {
        for code in [
            "const x = useState(0);",
            "import logging",
            "def handler(event, context):",
            "use serde::de::Error;",
            "if (a) { b(); }",
        ] {
            assert!(is_pasted(code), "{code}");
        }
        for prose in [
            "use pathlib instead of os.path",
            "we don't use default exports (they break tree shaking)",
            "- use `pnpm`, not npm",
        ] {
            assert!(!is_pasted(prose), "{prose}");
        }
    }

    #[test]
    fn clauses_split_at_sentence_ends_but_not_inside_names() {
        assert_eq!(
            clauses("No, use os.path here. Why? e.g. this; then `a. b` - done \u{2014} ok"),
            [
                "No, use os.path here",
                "Why?",
                "e.g. this",
                "then `a. b`",
                "done",
                "ok"
            ]
        );
    }
}
