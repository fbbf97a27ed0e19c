//! Redaction: the one filter every text passes before it leaves the process (embedding
//! requests, debug output, MCP answers that echo a query). It replaces secrets with
//! [`MARKER`]: cloud and forge tokens by their documented shapes, private key blocks, JWTs,
//! passwords in URLs, values assigned to keys that name a secret (`password=`, `"api_key":`,
//! `GITHUB_TOKEN=`, `Password=...;`), the values of `.env`-style lines and `<private>` spans.
//!
//! Hand-written scanners, no regular expressions, linear in the input: every scan either
//! moves forward past what it read, is bounded by a small constant, or reuses the end it
//! found for an earlier start inside the same run. Text without secrets is returned
//! borrowed, unchanged.

use std::borrow::Cow;
use std::ops::Range;

/// What a secret is replaced with.
pub const MARKER: &str = "[REDACTED]";

/// `text` with every secret replaced by [`MARKER`].
pub fn redact(text: &str) -> Cow<'_, str> {
    redact_with(text, MARKER)
}

/// `text` with every secret replaced by `marker` (query extraction uses a space: a secret
/// then leaves no word behind to be searched for).
pub fn redact_with<'a>(text: &'a str, marker: &str) -> Cow<'a, str> {
    let mut spans = Vec::new();
    tagged_blocks(text, &mut spans);
    key_blocks(text, &mut spans);
    tokens(text, &mut spans);
    jwts(text, &mut spans);
    url_passwords(text, &mut spans);
    assignments(text, &mut spans);
    env_lines(text, &mut spans);
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

/// Where `needle` first occurs in `hay`.
fn find_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// `<private>…</private>`: everything inside, tags included; an unclosed one runs to the end.
fn tagged_blocks(text: &str, spans: &mut Vec<Range<usize>>) {
    const OPEN: &str = "<private>";
    const CLOSE: &str = "</private>";
    let mut from = 0;
    while let Some(i) = text[from..].find(OPEN) {
        let start = from + i;
        let body = start + OPEN.len();
        match text[body..].find(CLOSE) {
            Some(j) => {
                let end = body + j + CLOSE.len();
                spans.push(start..end);
                from = end;
            }
            None => {
                spans.push(start..text.len());
                return;
            }
        }
    }
}

/// `-----BEGIN … PRIVATE KEY-----` through its `-----END … PRIVATE KEY-----` line (to the end
/// of the text when the block is cut off). Certificates and public keys are left alone.
fn key_blocks(text: &str, spans: &mut Vec<Range<usize>>) {
    const BEGIN: &str = "-----BEGIN ";
    const END: &str = "-----END ";
    const DASHES: &str = "-----";
    let mut from = 0;
    while let Some(i) = text[from..].find(BEGIN) {
        let start = from + i;
        let label_start = start + BEGIN.len();
        // The label is short and on the same line: look a bounded distance only.
        let window = &text.as_bytes()[label_start..text.len().min(label_start + 64)];
        let label = find_bytes(window, DASHES.as_bytes())
            .map(|e| &window[..e])
            .filter(|l| !l.contains(&b'\n') && find_bytes(l, b"PRIVATE KEY").is_some());
        let Some(label) = label else {
            from = label_start;
            continue;
        };
        let body = label_start + label.len() + DASHES.len();
        let Some(j) = text[body..].find(END) else {
            spans.push(start..text.len());
            return;
        };
        let end_label = body + j + END.len();
        let end = text[end_label..]
            .find(DASHES)
            .map_or(text.len(), |k| end_label + k + DASHES.len());
        spans.push(start..end);
        from = end;
    }
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// Each maximal run of `[A-Za-z0-9_-]` is read once and matched against the token shapes.
fn tokens(text: &str, spans: &mut Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !is_token_byte(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_token_byte(bytes[i]) {
            i += 1;
        }
        if is_token(&text[start..i]) {
            spans.push(start..i);
        }
    }
}

/// The shortest token of any shape below (an AWS key id fragment: a prefix and 8 more).
const MIN_TOKEN_LEN: usize = 12;

/// Whether a whole run has the shape of a credential.
fn is_token(run: &str) -> bool {
    // Most runs are words: shorter than any token, or starting with no token's first letter.
    // Ruling them out here keeps the prefix comparisons below off the common path.
    if run.len() < MIN_TOKEN_LEN
        || !matches!(run.as_bytes()[0], b'A' | b'a' | b'g' | b'r' | b's' | b'x')
    {
        return false;
    }
    let rest_is = |prefix: &str, min: usize, allowed: fn(u8) -> bool| {
        run.strip_prefix(prefix)
            .is_some_and(|rest| rest.len() >= min && rest.bytes().all(allowed))
    };
    let alnum = |b: u8| b.is_ascii_alphanumeric();
    let alnum_underscore = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    const GITHUB: [&str; 5] = ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"];
    aws_key(run)
        || GITHUB.iter().any(|p| rest_is(p, 30, alnum))
        || rest_is("github_pat_", 30, alnum_underscore)
        || rest_is("glpat-", 20, is_token_byte)
        || slack_token(run)
        || ["sk_live_", "rk_live_"]
            .iter()
            .any(|p| rest_is(p, 16, alnum))
        || (run.len() >= 39 && rest_is("AIza", 35, is_token_byte))
        || (rest_is("sk-", 20, is_token_byte) && run.bytes().any(|b| b.is_ascii_digit()))
}

/// An AWS key id (`AKIA` and its kin, then 16 upper-case letters and digits), also
/// lower-cased and as the 8-to-15-character fragment with a digit that splitting it at a
/// digit leaves (query terms are lower-cased words): one case throughout.
fn aws_key(run: &str) -> bool {
    const AWS: [&str; 11] = [
        "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "APKA", "AROA",
    ];
    let (Some(prefix), Some(rest)) = (run.get(..4), run.get(4..)) else {
        return false;
    };
    let one_case = !(run.bytes().any(|b| b.is_ascii_uppercase())
        && run.bytes().any(|b| b.is_ascii_lowercase()));
    AWS.iter().any(|p| p.eq_ignore_ascii_case(prefix))
        && one_case
        && (8..=16).contains(&rest.len())
        && rest.bytes().all(|b| b.is_ascii_alphanumeric())
        && (rest.len() == 16 || rest.bytes().any(|b| b.is_ascii_digit()))
}

/// `xoxb-…`, `xoxp-…` and the other Slack token kinds.
fn slack_token(run: &str) -> bool {
    let b = run.as_bytes();
    b.len() >= 15
        && run.starts_with("xox")
        && matches!(b[3], b'a' | b'b' | b'p' | b'r' | b's')
        && b[4] == b'-'
        && b[5..]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'-')
}

fn is_jwt_byte(b: u8) -> bool {
    is_token_byte(b) || b == b'.'
}

/// Three base64url segments separated by dots, the first (a JSON header) starting `eyJ`.
fn jwts(text: &str, spans: &mut Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find("eyJ") {
        let start = from + i;
        let mut end = start;
        while end < bytes.len() && is_jwt_byte(bytes[end]) {
            end += 1;
        }
        from = end.max(start + 1);
        if start > 0 && is_jwt_byte(bytes[start - 1]) {
            continue;
        }
        // A sentence may end right after the token.
        let run = text[start..end].trim_end_matches('.');
        let segments: Vec<&str> = run.split('.').collect();
        if segments.len() == 3 && segments.iter().all(|s| s.len() >= 8) {
            spans.push(start..start + run.len());
        }
    }
}

/// `scheme://user:password@host`: the password.
fn url_passwords(text: &str, spans: &mut Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find("://") {
        let authority = from + i + 3;
        from = authority;
        let mut colon = None;
        let mut j = authority;
        // `/` ends the authority, so this scan never passes the next `://`.
        while j < bytes.len() && j - authority < 512 {
            match bytes[j] {
                b'@' => break,
                b':' if colon.is_none() => colon = Some(j),
                b'/' | b'?' | b'#' | b'"' | b'\'' | b'`' | b'<' | b'>' | b'\\' => break,
                b if b.is_ascii_whitespace() => break,
                _ => {}
            }
            j += 1;
        }
        if let Some(c) = colon
            && bytes.get(j) == Some(&b'@')
            && j > c + 1
        {
            spans.push(c + 1..j);
            from = j;
        }
    }
}

/// Key names whose values are secrets: a word of the key (split at `_`, `-`, `.` and case
/// changes) is one of these, or two neighbouring words are.
const SECRET_WORDS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "pass",
    "pwd",
    "secret",
    "token",
    "apikey",
    "accesskey",
    "privatekey",
    "secretkey",
    "credential",
    "credentials",
    "authorization",
];
const SECRET_PAIRS: &[(&str, &str)] = &[
    ("api", "key"),
    ("access", "key"),
    ("private", "key"),
    ("auth", "key"),
    ("signing", "key"),
    ("client", "key"),
];
/// Last words that make a key about a secret rather than one (`password_hash`, `token_type`,
/// `max_tokens`).
const NOT_SECRET_LAST: &[&str] = &[
    "hash", "hashed", "digest", "length", "len", "count", "size", "limit", "type", "kind", "name",
    "id", "url", "uri", "path", "file", "dir", "prefix", "suffix", "field", "header", "policy",
    "min", "max", "expiry", "expires", "ttl", "endpoint",
];
const NOT_SECRET_FIRST: &[&str] = &["max", "min", "num", "is", "has", "use", "show"];

/// The words of a key: split at separators and lower-to-upper case changes, lower-cased.
fn key_words(key: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in key.chars() {
        if matches!(c, '_' | '-' | '.') {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        word.push(c.to_ascii_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

fn is_secret_key(key: &str) -> bool {
    let words = key_words(key);
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    if NOT_SECRET_LAST.contains(&last.as_str())
        || (words.len() > 1 && NOT_SECRET_FIRST.contains(&first.as_str()))
    {
        return false;
    }
    words.iter().any(|w| SECRET_WORDS.contains(&w.as_str()))
        || words
            .windows(2)
            .any(|p| SECRET_PAIRS.contains(&(p[0].as_str(), p[1].as_str())))
}

fn is_key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
}

/// Bytes that end an unquoted value.
fn ends_value(b: u8) -> bool {
    b.is_ascii_whitespace()
        || matches!(
            b,
            b';' | b',' | b'&' | b'"' | b'\'' | b'`' | b'<' | b'>' | b')' | b']' | b'}'
        )
}

/// The first index at or after `start` where `stop` holds (or the text's end), remembering
/// the last answer: a later start inside the same run gets it without a second scan, which
/// keeps repeated lookups over one long run linear.
struct RunEnd {
    stop: fn(u8) -> bool,
    from: usize,
    end: usize,
}

impl RunEnd {
    fn new(stop: fn(u8) -> bool) -> Self {
        Self {
            stop,
            from: usize::MAX,
            end: 0,
        }
    }

    fn find(&mut self, bytes: &[u8], start: usize) -> usize {
        if self.from <= start && start <= self.end {
            return self.end;
        }
        let mut end = start;
        while end < bytes.len() && !(self.stop)(bytes[end]) {
            end += 1;
        }
        self.from = start;
        self.end = end;
        end
    }
}

/// `key = value`, `key: value`, `"key": "value"`, `key := value`: the value, when the key
/// names a secret and the value is a literal (not a call, a variable or a template).
fn assignments(text: &str, spans: &mut Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    let mut unquoted = RunEnd::new(ends_value);
    let mut quoted = [
        RunEnd::new(|b| b == b'"' || b == b'\n'),
        RunEnd::new(|b| b == b'\'' || b == b'\n'),
        RunEnd::new(|b| b == b'`' || b == b'\n'),
    ];
    let mut k = 0;
    while k < bytes.len() {
        let op = bytes[k];
        if op != b'=' && op != b':' {
            k += 1;
            continue;
        }
        let next = bytes.get(k + 1).copied();
        let prev = k.checked_sub(1).map(|p| bytes[p]);
        let mut value_start = k + 1;
        let colon_form = op == b':';
        if colon_form {
            match next {
                Some(b':') | Some(b'/') => {
                    k += 2;
                    continue;
                }
                Some(b'=') => value_start = k + 2,
                _ => {}
            }
            if prev == Some(b':') {
                k += 1;
                continue;
            }
        } else if matches!(next, Some(b'=' | b'>' | b'~'))
            || matches!(prev, Some(b'=' | b'!' | b'<' | b'>' | b':'))
        {
            k += 1;
            continue;
        }
        let Some(key) = key_before(bytes, k) else {
            k += 1;
            continue;
        };
        if !is_secret_key(&text[key]) {
            k += 1;
            continue;
        }
        match value_after(bytes, value_start, colon_form, &mut unquoted, &mut quoted) {
            Some(value) => {
                k = value.end.max(k + 1);
                spans.push(value);
            }
            None => k += 1,
        }
    }
}

/// The key right before the operator at `op`: spaces, an optional closing quote, then key
/// bytes; all bounded, so this costs a constant per operator.
fn key_before(bytes: &[u8], op: usize) -> Option<Range<usize>> {
    let mut i = op;
    let mut spaces = 0;
    while i > 0 && matches!(bytes[i - 1], b' ' | b'\t') && spaces < 8 {
        i -= 1;
        spaces += 1;
    }
    if i > 0 && matches!(bytes[i - 1], b'"' | b'\'') {
        i -= 1;
    }
    let end = i;
    while i > 0 && is_key_byte(bytes[i - 1]) && end - i <= 64 {
        i -= 1;
    }
    let too_long = i > 0 && is_key_byte(bytes[i - 1]);
    (end > i && !too_long).then_some(i..end)
}

/// The secret value starting at `start`, if it is one.
fn value_after(
    bytes: &[u8],
    start: usize,
    colon_form: bool,
    unquoted: &mut RunEnd,
    quoted: &mut [RunEnd; 3],
) -> Option<Range<usize>> {
    let mut i = start;
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') && i - start < 8 {
        i += 1;
    }
    let first = *bytes.get(i)?;
    let quote = [b'"', b'\'', b'`'].iter().position(|&q| q == first);
    if let Some(q) = quote {
        let end = quoted[q].find(bytes, i + 1);
        if bytes.get(end) == Some(&first) {
            let inner = i + 1..end;
            return (inner.start < inner.end && is_literal(&bytes[inner.clone()])).then_some(inner);
        }
    }
    let end = unquoted.find(bytes, i);
    let mut value = i..end;
    // A sentence may end right after the value.
    while value.end > value.start && matches!(bytes[value.end - 1], b'.' | b':') {
        value.end -= 1;
    }
    let text = &bytes[value.clone()];
    if text.is_empty() || !is_literal(text) {
        return None;
    }
    if matches!(
        text.to_ascii_lowercase().as_slice(),
        b"bearer" | b"basic" | b"token"
    ) {
        // `Authorization: Bearer <token>`: the credential is the next word.
        let mut j = end;
        while j < bytes.len() && bytes[j] == b' ' && j - end < 8 {
            j += 1;
        }
        let word_end = unquoted.find(bytes, j);
        return (word_end > j).then_some(j..word_end);
    }
    if colon_form && !looks_secret(text) {
        // `key: value` is also prose ("Password: must be long"): only values shaped like
        // a secret count.
        return None;
    }
    Some(value)
}

/// Not a reference, call, template or empty-ish word.
fn is_literal(value: &[u8]) -> bool {
    let Some(&first) = value.first() else {
        return false;
    };
    if matches!(first, b'$' | b'{' | b'(' | b'[' | b'<' | b'%' | b'*' | b'&') {
        return false;
    }
    if value.contains(&b'(') {
        return false;
    }
    !matches!(
        value.to_ascii_lowercase().as_slice(),
        b"null" | b"none" | b"nil" | b"true" | b"false" | b"undefined" | b"required" | b"string"
    )
}

/// Long, or mixing letters with digits or symbols, as generated secrets do.
fn looks_secret(value: &[u8]) -> bool {
    let letters = value.iter().any(u8::is_ascii_alphabetic);
    let others = value.iter().any(|b| !b.is_ascii_alphabetic());
    value.len() >= 20 || (value.len() >= 6 && letters && others)
}

/// A line that is only `KEY=value` (optionally `export KEY=value`), as in a `.env` file: the
/// value, whatever the key.
fn env_lines(text: &str, spans: &mut Vec<Range<usize>>) {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let line_start = offset;
        offset += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        let body = content.trim_start();
        let lead = content.len() - body.len();
        let (body, lead) = match body.strip_prefix("export ") {
            Some(rest) => (rest.trim_start(), content.len() - rest.trim_start().len()),
            None => (body, lead),
        };
        let Some(eq) = body.find('=') else {
            continue;
        };
        let key = &body[..eq];
        let env_key = key
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_uppercase() || b == b'_')
            && key
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
        let value = body[eq + 1..].trim_end();
        // `$VAR`, `"${VAR}"`, `"$(mktemp -d)"`: a reference or a command, not a value.
        let reference = value.trim_start_matches(['"', '\'']).starts_with('$');
        if !env_key || value.is_empty() || reference || !is_env_value(value) {
            continue;
        }
        let start = line_start + lead + eq + 1;
        spans.push(start..start + value.len());
    }
}

/// A whole `.env` value: one quoted string, or one word. Anything more is a command line
/// (`NODE_ENV=test npm test`, `TOKEN="x" make`), left to the other rules.
fn is_env_value(value: &str) -> bool {
    match value.chars().next() {
        Some(q @ ('"' | '\'')) => {
            value.len() >= 2 && value.ends_with(q) && !value[1..value.len() - 1].contains(q)
        }
        _ => !value.contains(char::is_whitespace),
    }
}

#[cfg(test)]
mod tests;
