//! Secrets known by the name they are given: the value assigned to a key that names a secret
//! (`password=`, `"api_key":`, `GITHUB_TOKEN=`, `PGPASSWORD=`, `AccountKey=…;`,
//! `password: HorseBatteryStaple`), and every value of a `.env`-style line. A reference to a
//! secret is not one (`process.env.STRIPE_SECRET_KEY`, `os.environ["X"]`, `${X}`, a call):
//! it is kept, as the words a search reads.
//!
//! Every scan is linear: keys are read a bounded distance back from an operator, and a
//! value's end is found once per run (see [`RunEnd`]).

use std::ops::Range;

/// Key words whose values are secrets: a word of the key (split at `_`, `-`, `.` and case
/// changes) is one of these, or two neighbouring words are.
const SECRET_WORDS: &[&str] = &[
    "secret",
    "token",
    "apikey",
    "accesskey",
    "privatekey",
    "secretkey",
    "credential",
    "credentials",
    "creds",
    "auth",
    "authorization",
];
/// Key words of a password (a password may be a plain word: see [`value_after`]).
const PASSWORD_WORDS: &[&str] = &["password", "passwd", "passphrase", "pass", "pwd"];
/// Ends of one-word keys that hold a secret word run together (`PGPASSWORD`,
/// `clientsecret`, `npmtoken`).
const SECRET_SUFFIXES: &[&str] = &["password", "passwd", "secret", "token"];
const SECRET_PAIRS: &[(&str, &str)] = &[
    ("api", "key"),
    ("access", "key"),
    ("account", "key"),
    ("private", "key"),
    ("auth", "key"),
    ("signing", "key"),
    ("client", "key"),
    ("master", "key"),
    ("encryption", "key"),
];
/// Last words that make a key about a secret rather than one (`password_hash`, `token_type`,
/// `max_tokens`).
const NOT_SECRET_LAST: &[&str] = &[
    "hash", "hashed", "digest", "length", "len", "count", "size", "limit", "type", "kind", "name",
    "id", "url", "uri", "path", "file", "dir", "prefix", "suffix", "field", "header", "policy",
    "min", "max", "expiry", "expires", "ttl", "endpoint", "alias", "pair", "ring", "store",
    "version", "stdin", "prompt", "command", "cmd", "env", "reset",
];
const NOT_SECRET_FIRST: &[&str] = &["max", "min", "num", "is", "has", "use", "show", "no"];

/// What a key says of its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Secrecy {
    /// A password: secret even as a plain word.
    Password,
    /// A token or secret: secret when it is a literal.
    Secret,
    /// Only a `key` (`DISCORD_KEY`, `key:`): secret when the value looks generated.
    Maybe,
}

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

/// What `key` says of the value assigned to it, or None when it names no secret.
pub(super) fn key_secrecy(key: &str) -> Option<Secrecy> {
    let words = key_words(key);
    let (first, last) = (words.first()?, words.last()?);
    if NOT_SECRET_LAST.contains(&last.as_str())
        || (words.len() > 1 && NOT_SECRET_FIRST.contains(&first.as_str()))
    {
        return None;
    }
    let run_together =
        |w: &String, ends: &[&str]| ends.iter().any(|e| w.len() > e.len() && w.ends_with(e));
    if words
        .iter()
        .any(|w| PASSWORD_WORDS.contains(&w.as_str()) || run_together(w, &PASSWORD_WORDS[..2]))
    {
        return Some(Secrecy::Password);
    }
    if words
        .iter()
        .any(|w| SECRET_WORDS.contains(&w.as_str()) || run_together(w, SECRET_SUFFIXES))
        || words
            .windows(2)
            .any(|p| SECRET_PAIRS.contains(&(p[0].as_str(), p[1].as_str())))
    {
        return Some(Secrecy::Secret);
    }
    matches!(last.as_str(), "key" | "keys").then_some(Secrecy::Maybe)
}

fn is_key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
}

/// Bytes that end an unquoted value.
pub(super) fn ends_value(b: u8) -> bool {
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

/// The ends a value scan remembers, one per quote kind and one unquoted.
struct ValueEnds {
    unquoted: RunEnd,
    quoted: [RunEnd; 3],
}

/// `key = value`, `key: value`, `"key": "value"`, `key := value`: the value, when the key
/// names a secret and the value is a literal (not a call, a variable or a template).
pub(super) fn assignments(text: &str, spans: &mut Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    let mut ends = ValueEnds {
        unquoted: RunEnd::new(ends_value),
        quoted: [
            RunEnd::new(|b| b == b'"' || b == b'\n'),
            RunEnd::new(|b| b == b'\'' || b == b'\n'),
            RunEnd::new(|b| b == b'`' || b == b'\n'),
        ],
    };
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
        let Some(secrecy) = key_before(bytes, k).and_then(|key| key_secrecy(&text[key])) else {
            k += 1;
            continue;
        };
        match value_after(bytes, value_start, colon_form, secrecy, &mut ends) {
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
    secrecy: Secrecy,
    ends: &mut ValueEnds,
) -> Option<Range<usize>> {
    let mut i = start;
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') && i - start < 8 {
        i += 1;
    }
    let first = *bytes.get(i)?;
    if is_reference(&bytes[i..]) {
        return None;
    }
    let quote = [b'"', b'\'', b'`'].iter().position(|&q| q == first);
    if let Some(q) = quote {
        let end = ends.quoted[q].find(bytes, i + 1);
        if bytes.get(end) == Some(&first) {
            let inner = i + 1..end;
            let text = &bytes[inner.clone()];
            let secret = !text.is_empty()
                && is_literal(text)
                && (secrecy != Secrecy::Maybe || looks_generated(text));
            return secret.then_some(inner);
        }
    }
    let end = ends.unquoted.find(bytes, i);
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
        let word_end = ends.unquoted.find(bytes, j);
        return (word_end > j).then_some(j..word_end);
    }
    let secret = match secrecy {
        Secrecy::Maybe => looks_generated(text),
        // `key: value` is also prose ("Password: must be long"): a value shaped like a
        // secret counts, and a password's plain word when nothing follows it on its line.
        _ if colon_form => {
            looks_secret(text)
                || (secrecy == Secrecy::Password
                    && text.len() >= 8
                    && !text.contains(&b'.')
                    && last_on_line(bytes, value.end))
        }
        _ => true,
    };
    secret.then_some(value)
}

/// Whether nothing but closing punctuation follows `end` on its line (looked at for a
/// bounded distance).
fn last_on_line(bytes: &[u8], end: usize) -> bool {
    for &b in bytes[end..].iter().take(64) {
        match b {
            b'\n' | b'\r' => return true,
            b' ' | b'\t' | b'"' | b'\'' | b',' | b';' | b'}' | b']' => {}
            _ => return false,
        }
    }
    bytes.len() - end <= 64
}

/// Names that say a value is read from the environment (`process.env.X`, `os.environ[…]`,
/// `System.getenv(…)`, `ENV.fetch(…)`, Rust's `env::var(…)`).
const ENV_NAMES: &[&str] = &[
    "env",
    "environ",
    "getenv",
    "environment",
    "getenvironmentvariable",
];

/// A reference to a secret, not its value: a path of names with an environment one among
/// them, as several names (`process.env.X`) or one called (`env("X")`, `ENV["X"]`).
pub(super) fn is_reference(value: &[u8]) -> bool {
    let path_len = value
        .iter()
        .take(96)
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':'))
        .count();
    let path = &value[..path_len];
    let names: Vec<&[u8]> = path
        .split(|b| matches!(b, b'.' | b':'))
        .filter(|n| !n.is_empty())
        .collect();
    let called = matches!(value.get(path_len), Some(b'[' | b'('));
    (names.len() >= 2 || called)
        && names.iter().any(|n| {
            ENV_NAMES
                .iter()
                .any(|e| n.eq_ignore_ascii_case(e.as_bytes()))
        })
}

/// Not a reference, call, template or empty-ish word.
fn is_literal(value: &[u8]) -> bool {
    let Some(&first) = value.first() else {
        return false;
    };
    if matches!(first, b'$' | b'{' | b'(' | b'[' | b'<' | b'%' | b'*' | b'&') {
        return false;
    }
    if value.contains(&b'(') || is_reference(value) {
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

/// Made by a machine: at least 16 characters with letters and digits, and no space, either
/// in both cases, or 24 long, or all hexadecimal.
fn looks_generated(value: &[u8]) -> bool {
    let has = |f: fn(&u8) -> bool| value.iter().any(f);
    value.len() >= 16
        && !has(u8::is_ascii_whitespace)
        && has(u8::is_ascii_alphabetic)
        && has(u8::is_ascii_digit)
        && ((has(u8::is_ascii_uppercase) && has(u8::is_ascii_lowercase))
            || value.len() >= 24
            || value.iter().all(u8::is_ascii_hexdigit))
}

/// A line that is only `KEY=value` (optionally `export KEY=value`), as in a `.env` file: the
/// value, whatever the key.
pub(super) fn env_lines(text: &str, spans: &mut Vec<Range<usize>>) {
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
        let unquoted = value.trim_start_matches(['"', '\'']);
        let reference = unquoted.starts_with('$') || is_reference(unquoted.as_bytes());
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
