//! Redaction: the one filter every text passes before it leaves the process (embedding
//! requests, debug output, the `LORE_TRACE` file, `lore extract-queries`, `why` and `search`,
//! MCP answers that echo a query). It replaces secrets with [`MARKER`]: tokens by the shapes
//! their issuers document (`tokens`, measured against gitleaks' default rules), private key
//! blocks and passwords in URLs (`delimited`), values assigned to keys that name a secret
//! and `.env`-style lines (`assignments`), and passwords given to commands as arguments
//! (`command_line`). A reference to a secret (`process.env.X`, `os.environ["X"]`, `${X}`)
//! is not one, and is kept. [`FORMS`] lists every form covered, with an example; the table
//! in docs/hooks.md is checked against it.
//!
//! Hand-written scanners, no regular expressions, linear in the input: every scan either
//! moves forward past what it read, is bounded by a small constant, or reuses the end it
//! found for an earlier start inside the same run. Text without secrets is returned
//! borrowed, unchanged.

mod assignments;
mod command_line;
mod delimited;
mod forms;
mod tokens;

use std::borrow::Cow;
use std::ops::Range;

pub use forms::{FORMS, SecretForm};

/// What a secret is replaced with.
pub const MARKER: &str = "[REDACTED]";

/// `text` with every secret replaced by [`MARKER`].
pub fn redact(text: &str) -> Cow<'_, str> {
    redact_with(text, MARKER)
}

/// `text` with every secret replaced by `marker` (query extraction uses a space: a secret
/// then leaves no word behind to be searched for).
pub fn redact_with<'a>(text: &'a str, marker: &str) -> Cow<'a, str> {
    let mut spans: Vec<Range<usize>> = Vec::new();
    delimited::tagged_blocks(text, &mut spans);
    delimited::key_blocks(text, &mut spans);
    tokens::tokens(text, &mut spans);
    tokens::dotted_tokens(text, &mut spans);
    tokens::jwts(text, &mut spans);
    delimited::url_passwords(text, &mut spans);
    assignments::assignments(text, &mut spans);
    assignments::env_lines(text, &mut spans);
    command_line::command_lines(text, &mut spans);
    if spans.is_empty() {
        return Cow::Borrowed(text);
    }
    spans.sort_unstable_by_key(|s| (s.start, s.end));
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(spans.len());
    for span in spans {
        match merged.last_mut() {
            Some(last) if span.start <= last.end => last.end = last.end.max(span.end),
            _ => merged.push(span),
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for span in merged {
        out.push_str(&text[copied..span.start]);
        out.push_str(marker);
        copied = span.end;
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests;
