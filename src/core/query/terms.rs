//! Term cleaning: splitting identifiers, dropping stop words, short tokens and hex-like ids.
//!
//! Splitting mirrors the index's `unicode61` tokenizer (runs of letters and digits; digits
//! stay attached, so `utf8`, `k8s`, `oauth2`, `es2022` are single terms as they are in the
//! index) and adds what the tokenizer cannot know about code: camelCase and acronym
//! boundaries (`validateEmail` → `validate`, `email`; `HTTPServer` → `http`, `server`;
//! `Utf8Error` → `utf8`, `error`). A camelCase word also gives its whole lower-case form first
//! (`useEffect` → `useeffect`, `use`, `effect`), since that is how the index holds an API name
//! a convention cites. Words the language table knows (`JavaScript`, `GitHub`,
//! `PostgreSQL`) and a few brand names are kept whole, because the index holds them whole.
//! An apostrophe inside a word joins it (`don't` → `dont`, a stop word; `owner's` → `owners`).

use std::collections::BTreeSet;

use super::index::INDEX;

/// Two-letter words that name a technology or practice, kept although shorter than three.
/// (`go` is not here: as English it is everywhere in prompts; Go code gets the `go` term
/// from language inference instead.)
const SHORT_ALLOWED: &[&str] = &[
    "ai", "ci", "db", "fs", "gh", "io", "ip", "js", "ml", "os", "pr", "py", "qa", "rb", "rs", "s3",
    "sh", "tf", "ts", "ui", "uv", "ux", "vm",
];

/// English function words and conversational filler: they appear in every prompt and every
/// pattern, so they only add noise to a search. Lower-case, sorted, three letters or more
/// (shorter words are dropped by length anyway).
#[rustfmt::skip]
pub(super) const STOP_WORDS: &[&str] = &[
    "about", "above", "actually", "after", "again", "against", "all", "also", "and", "any",
    "anything", "are", "arent", "because", "been", "before", "being", "below", "between", "both",
    "but", "can", "cannot", "cant", "could", "couldnt", "did", "didnt", "does", "doesnt", "doing",
    "don", "done", "dont", "down", "during", "each", "either", "etc", "even", "every", "everything",
    "few", "for", "from", "further", "had", "hadnt", "has", "hasnt", "have", "havent", "having",
    "her", "here", "hers", "herself", "him", "himself", "his", "how", "however", "instead", "into",
    "isn", "isnt", "its", "itself", "ive", "just", "let", "lets", "like", "maybe", "more", "most",
    "much", "must", "mustnt", "myself", "need", "neither", "nor", "not", "now", "off", "okay",
    "once", "one", "only", "other", "ought", "our", "ours", "ourselves", "out", "over", "own",
    "please", "really", "same", "she", "should", "shouldnt", "some", "something", "still", "stuff",
    "such", "sure", "than", "thank", "thanks", "that", "thats", "the", "their", "theirs", "them",
    "themselves", "then", "there", "theres", "these", "they", "theyre", "theyve", "thing", "things",
    "this", "those", "through", "too", "under", "until", "upon", "very", "want", "was", "wasnt",
    "way", "were", "werent", "weve", "what", "whats", "when", "where", "which", "while", "who",
    "whom", "whose", "why", "will", "with", "won", "wont", "would", "wouldnt", "yet", "you", "youd",
    "youll", "your", "youre", "yours", "yourself", "yourselves", "youve",
];

/// Code and shell noise: path scaffolding (`/usr/src/...`, `/home/dev`, `/tmp`), literals,
/// keywords present in nearly every file of their language (declarations, visibility, imports;
/// not the ones conventions are about, like `async`, `class`, `enum`), the builtin types typed
/// code annotates everything with (`str` in Python and Rust, Python's `dict`: a team's long
/// guide that shows typed examples holds them, a short one rarely does, so they favour
/// length, not topic), and
/// shell plumbing. None of them names what a convention is about. Lower-case, sorted, three
/// letters or more.
#[rustfmt::skip]
pub(super) const CODE_NOISE: &[&str] = &[
    "bin", "cat", "code", "com", "const", "def", "dev", "dict", "echo", "elif", "exit", "export",
    "extends", "false", "final", "func", "function", "head", "home", "https", "implements",
    "import", "lib", "mnt", "mut", "nan", "new", "nil", "none", "null", "opt", "org", "package",
    "private", "protected", "pub", "public", "pwd", "return", "self", "src", "static", "str",
    "sudo", "tail", "tee", "tmp", "true", "undefined", "users", "usr", "var", "void", "www",
    "xargs",
];

/// Brand and tool names written in camelCase that the index holds as one token; kept whole.
#[rustfmt::skip]
const KEEP_WHOLE: &[&str] = &[
    "devops", "fastapi", "github", "gitlab", "graphql", "ios", "javascript", "macos", "mongodb",
    "oauth", "openapi", "postgresql", "pydantic", "typescript", "websocket", "websockets",
    "youtube",
];

/// Longest term kept; longer runs are data, not words.
const MAX_TERM_CHARS: usize = 40;

/// Split, clean and deduplicate raw words into search terms, keeping first-seen order.
///
/// Dropped: pure numbers, terms shorter than three characters (except [`SHORT_ALLOWED`]),
/// longer than 40, English stop words, code/shell noise, hex-like ids (`0x…`, or four or more
/// hex digits mixing digits and letters: git hashes, UUID pieces) and base64-like blobs (see
/// `is_blob`).
pub fn clean_terms<'a>(words: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for word in words {
        for run in alnum_runs(word) {
            let lower = run.to_lowercase();
            if is_blob(&run) || is_hex_like(&lower) {
                continue;
            }
            if KEEP_WHOLE.contains(&lower.as_str()) || INDEX.words.contains_key(lower.as_str()) {
                push_term(lower, &mut out, &mut seen);
                continue;
            }
            let pieces = case_pieces(&run);
            if pieces.len() > 1 {
                push_term(lower, &mut out, &mut seen);
            }
            for piece in pieces {
                push_term(piece.to_lowercase(), &mut out, &mut seen);
            }
        }
    }
    out
}

/// A whitespace-separated word of written text without the address of a URL it holds,
/// scheme kept: `([#7](https://github.com/o/r/pull/7))` gives `([#7](https`, and
/// `postgres://db.internal/app` gives `postgres`. A link in a file (a changelog's pull
/// request, a comment's reference) says where something is, not what the text does, and its
/// host and path words would match rules about code hosting or requests.
pub fn without_url_address(word: &str) -> &str {
    match word.find("://") {
        Some(at) => &word[..at],
        None => word,
    }
}

/// Add `term` when it survives the filters and is new.
fn push_term(term: String, out: &mut Vec<String>, seen: &mut BTreeSet<String>) {
    if is_kept(&term) && seen.insert(term.clone()) {
        out.push(term);
    }
}

/// Whether a lower-case piece is a useful search term.
fn is_kept(term: &str) -> bool {
    let len = term.chars().count();
    if len > MAX_TERM_CHARS || term.chars().all(|c| c.is_ascii_digit()) {
        return false;
    }
    if len < 3 {
        return SHORT_ALLOWED.contains(&term);
    }
    STOP_WORDS.binary_search(&term).is_err()
        && CODE_NOISE.binary_search(&term).is_err()
        && !is_hex_like(term)
}

/// Runs of alphanumeric characters; an apostrophe between two letters is skipped (joins).
fn alnum_runs(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut runs = Vec::new();
    let mut run = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_alphanumeric() {
            run.push(c);
            continue;
        }
        let joins = matches!(c, '\'' | '\u{2019}')
            && i > 0
            && chars.get(i - 1).is_some_and(|p| p.is_alphabetic())
            && chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
        if !joins && !run.is_empty() {
            runs.push(std::mem::take(&mut run));
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// `text` with every camelCase or PascalCase word split into its pieces by a `-`
/// (`dataFetching.mdc` → `data-Fetching.mdc`, `APIErrors` → `API-Errors`), so a file named
/// in that style has the words it would have named with hyphens. Text with no capital (most
/// file names, asked of every candidate in a hook) is returned as it is.
pub fn split_case_words(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_uppercase) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut run_start: Option<usize> = None;
    let flush = |out: &mut String, run: &str| out.push_str(&case_pieces(run).join("-"));
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() {
            run_start.get_or_insert(i);
            continue;
        }
        if let Some(start) = run_start.take() {
            flush(&mut out, &text[start..i]);
        }
        out.push(c);
    }
    if let Some(start) = run_start {
        flush(&mut out, &text[start..]);
    }
    std::borrow::Cow::Owned(out)
}

/// Split an alphanumeric run at case changes: before an upper-case letter that follows a
/// lower-case letter or a digit (`validateEmail`, `Utf8Error`), and before the last capital of
/// an acronym followed by lower case (`HTTPServer` → `HTTP`, `Server`), unless that is only a
/// plural `s` (`APIs`, `READMEs`, `URLsToFetch` → `URLs`, `To`, `Fetch`).
fn case_pieces(run: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = run.char_indices().collect();
    let mut pieces = Vec::new();
    let mut start = 0;
    for (k, &(i, c)) in chars.iter().enumerate().skip(1) {
        let prev = chars.get(k - 1).map(|(_, p)| *p);
        let next = chars.get(k + 1).map(|(_, n)| *n);
        let after_next = chars.get(k + 2).map(|(_, n)| *n);
        let plural = next == Some('s') && !after_next.is_some_and(char::is_lowercase);
        let boundary = c.is_uppercase()
            && (prev.is_some_and(|p| p.is_lowercase() || p.is_numeric())
                || (prev.is_some_and(char::is_uppercase)
                    && next.is_some_and(char::is_lowercase)
                    && !plural));
        if boundary {
            pieces.extend(run.get(start..i));
            start = i;
        }
    }
    pieces.extend(run.get(start..));
    pieces
}

/// `0x` followed by hex digits, or four or more hex digits with at least one digit and one
/// letter (git hashes, UUID pieces, object ids). Words like `deadbeef`, `cafe` or `added`
/// (no digit) are kept.
fn is_hex_like(lower: &str) -> bool {
    if let Some(rest) = lower.strip_prefix("0x") {
        return !rest.is_empty() && rest.chars().all(|c| c.is_ascii_hexdigit());
    }
    lower.len() >= 4
        && lower.chars().all(|c| c.is_ascii_hexdigit())
        && lower.chars().any(|c| c.is_ascii_digit())
        && lower.chars().any(|c| c.is_ascii_alphabetic())
}

/// Random-looking runs (base64, API keys): sixteen or more characters with at least two
/// separate groups of digits where a third of neighbouring pairs switch class (lower, upper,
/// digit), or twenty-four or more characters switching that often without digits. camelCase
/// identifiers switch about twice a word (`UserProfileCard`) and rarely hold two digit groups.
fn is_blob(run: &str) -> bool {
    fn class(c: char) -> u8 {
        if c.is_ascii_digit() {
            0
        } else if c.is_uppercase() {
            1
        } else {
            2
        }
    }
    let classes: Vec<u8> = run.chars().map(class).collect();
    if classes.len() < 16 {
        return false;
    }
    let pairs = classes.len() - 1;
    let switches = classes.windows(2).filter(|w| w.first() != w.get(1)).count();
    let digit_groups = classes
        .windows(2)
        .filter(|w| w.first() != Some(&0) && w.get(1) == Some(&0))
        .count()
        + usize::from(classes.first() == Some(&0));
    (digit_groups >= 2 && switches * 3 >= pairs)
        || (classes.len() >= 24 && switches * 5 >= pairs * 2)
}
