//! Referents: the thing a correction is about (`structlog`, `default exports`, `os.path`),
//! cut from the words around it. A referent is reusable only when it names something a
//! later call can meet again: pronouns and pointers into the current session ("it", "the
//! other file", "line 12") are not, and are refused. "Code-ish" referents (a backtick span,
//! a dotted or snake or camel name, a path, a known technology or language) carry a
//! correction on their own; plain words need the structure of a contrast.

use crate::core::query::{canonical_language, canonical_technology};

/// Most words a referent may have: a longer phrase is a description, not a name.
const MAX_WORDS: usize = 5;
/// Most characters a referent may have.
const MAX_CHARS: usize = 60;

/// A cleaned referent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Referent {
    /// As the user wrote it, trimmed of articles and filler, backticks kept off.
    pub text: String,
    /// Whether it reads as code (see the module summary).
    pub code: bool,
}

impl Referent {
    /// How many words it has.
    pub fn words(&self) -> usize {
        self.text.split_whitespace().count()
    }

    /// The form two referents are compared in: lower case, plural `s` and punctuation kept.
    pub fn key(&self) -> String {
        self.text.to_lowercase()
    }

    /// As it appears in a proposed rule: code in backticks.
    pub fn shown(&self) -> String {
        if self.code {
            format!("`{}`", self.text)
        } else {
            self.text.clone()
        }
    }
}

/// Words that point into the session instead of naming anything.
pub(super) const DEICTIC: &[&str] = &[
    "it",
    "this",
    "that",
    "these",
    "those",
    "them",
    "they",
    "one",
    "ones",
    "mine",
    "yours",
    "me",
    "you",
    "him",
    "her",
    "us",
    "here",
    "there",
    "above",
    "below",
    "yes",
    "no",
    "so",
    "same",
    "other",
    "another",
    "previous",
    "former",
    "latter",
    "again",
    "what",
    "which",
    "everything",
    "anything",
    "something",
    "nothing",
    "all",
    "either",
    "neither",
    "both",
    "thing",
    "things",
    "stuff",
    "way",
    "approach",
    "version",
    "option",
    "line",
    "lines",
    "file",
    "files",
    "function",
    "method",
    "change",
    "changes",
    "code",
    "fix",
    "solution",
    "answer",
    "idea",
    "suggestion",
    "tool",
    "command",
    "judgement",
    "judgment",
];

/// Leading words dropped from a referent.
const LEADING: &[&str] = &[
    "the", "a", "an", "our", "your", "my", "their", "its", "any", "some", "only", "just", "always",
    "plain", "good", "old", "proper", "real", "to", "own",
];

/// Trailing words and phrases dropped from a referent (longest first where they overlap).
const TRAILING: &[&str] = &[
    "in this repository",
    "in this repo",
    "in this project",
    "in this codebase",
    "in the codebase",
    "in our codebase",
    "in our code",
    "for this project",
    "in here",
    "at all",
    "only",
    "any more",
    "anymore",
    "everywhere",
    "instead",
    "please",
    "here",
    "ever",
    "either",
    "again",
    "module",
    "modules",
    "library",
    "libraries",
    "lib",
    "package",
    "packages",
    "crate",
    "crates",
    "gem",
    "framework",
];

/// Words after which a referent stops: what follows is a reason or a condition.
const STOPS: &[&str] = &[
    " because ",
    " since ",
    " so that ",
    " so ",
    " when ",
    " unless ",
    " if ",
    " which ",
    " as it ",
    " as they ",
    " as we ",
    " but ",
    " for ",
    " like you ",
    " like i ",
    " to do ",
    " and then ",
    " or else ",
    " otherwise ",
    " it's ",
    " its ",
    " they're ",
    " we ",
];

/// Phrases after which a referent's scope follows.
const SCOPES: &[&str] = &[
    " in this ",
    " in our ",
    " in the ",
    " across the ",
    " throughout ",
];

/// Words joining a long phrase's parts; the first part is kept.
const JOINS: &[&str] = &[
    " and ", " or ", " with ", " from ", " like ", " that ", " to ",
];

/// Clean a phrase into a referent, or None when it names nothing reusable.
pub fn referent(phrase: &str) -> Option<Referent> {
    referent_within(phrase, MAX_WORDS)
}

/// [`referent`], allowing up to `max_words` words.
pub fn referent_within(phrase: &str, max_words: usize) -> Option<Referent> {
    let mut text = phrase.trim();
    // Cut at the first word that starts a reason, a condition or a scope (`requests in this
    // service`: the scope is the pattern's, not the name's).
    let lower = format!(" {} ", text.to_ascii_lowercase());
    let cut = STOPS
        .iter()
        .chain(SCOPES)
        .filter_map(|s| lower.find(s))
        .filter(|at| *at > 0)
        .min();
    if let Some(at) = cut {
        text = text.get(..at.saturating_sub(1).min(text.len()))?.trim();
    }
    // A long phrase names its first thing (`unittest classes with setUp`).
    if text.split_whitespace().count() > max_words {
        let lower = format!(" {} ", text.to_ascii_lowercase());
        if let Some(at) = JOINS
            .iter()
            .filter_map(|s| lower.find(s))
            .filter(|at| *at > 0)
            .min()
        {
            text = text.get(..at.saturating_sub(1).min(text.len()))?.trim();
        }
    }
    let mut text = text.trim_matches(|c: char| {
        c.is_whitespace() || matches!(c, ',' | '.' | ';' | ':' | '!' | '"' | '\'' | '(' | ')')
    });
    let mut code = false;
    if let Some(inner) = text
        .strip_prefix('`')
        .and_then(|t| t.split_once('`'))
        .map(|(inner, _)| inner)
    {
        code = true;
        text = inner;
    } else {
        loop {
            let before = text;
            text = strip_word_prefix(text, LEADING);
            text = strip_phrase_suffix(text, TRAILING);
            text = text.trim_matches(|c: char| c.is_whitespace() || matches!(c, ',' | '.'));
            if text == before {
                break;
            }
        }
        if let Some(inner) = text.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
            code = true;
            text = inner;
        }
    }
    let text = text.trim();
    if text.is_empty() || text.len() > MAX_CHARS {
        return None;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() > max_words || deictic(&words) {
        return None;
    }
    let code = code || words.iter().any(|w| code_word(w)) || known_name(text);
    Some(Referent {
        text: text.replace('`', ""),
        code,
    })
}

/// Whether the phrase only points into the session: every word is a pointer, or it starts
/// with one and names a generic thing (`that file`, `the other one`, `line 12`).
fn deictic(words: &[&str]) -> bool {
    let lower: Vec<String> = words
        .iter()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    if lower
        .iter()
        .all(|w| w.is_empty() || DEICTIC.contains(&w.as_str()))
    {
        return true;
    }
    let pointer = [
        "this", "that", "these", "those", "other", "same", "previous", "line",
    ];
    let starts = lower.first().is_some_and(|w| pointer.contains(&w.as_str()));
    starts && lower.len() <= 3 && !words.iter().any(|w| code_word(w))
}

/// A word that reads as code: a dotted, snake, kebab-with-letters, path or call name, or
/// camel case.
pub fn code_word(word: &str) -> bool {
    let w =
        word.trim_matches(|c: char| matches!(c, ',' | '.' | ';' | ':' | '!' | '?' | '"' | '\''));
    if w.len() < 2 {
        return false;
    }
    if w.starts_with('`') || w.starts_with('@') || w.starts_with('.') && w.len() > 2 {
        return true;
    }
    let letters = w.chars().filter(|c| c.is_alphabetic()).count();
    if letters == 0 {
        return false;
    }
    let inner = w.trim_end_matches("()");
    if inner.len() < w.len() {
        return true;
    }
    let joined =
        inner.contains('.') && inner.split('.').any(|p| p.len() > 1) && !inner.ends_with('.')
            || inner.contains('_')
            || inner.contains("::")
            || inner.contains('/') && inner.len() > 2
            || inner.contains('-') && inner.split('-').all(|p| !p.is_empty()) && inner.len() > 3;
    let camel = inner
        .as_bytes()
        .windows(2)
        .any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase());
    let acronym = inner.len() >= 2
        && inner.len() <= 6
        && inner
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && letters >= 2;
    joined || camel || acronym
}

/// A technology or language lore's tables know by this name (`structlog` is not there;
/// `pytest`, `React`, `TypeScript` are).
fn known_name(text: &str) -> bool {
    canonical_technology(text).is_some()
        || canonical_language(text).is_some_and(|l| l.len() > 1)
        || text
            .split_whitespace()
            .any(|w| canonical_technology(w).is_some())
}

fn strip_word_prefix<'a>(text: &'a str, words: &[&str]) -> &'a str {
    for w in words {
        if let Some(rest) = strip_prefix_ci(text, w)
            && rest.starts_with(' ')
        {
            return rest.trim_start();
        }
    }
    text
}

fn strip_phrase_suffix<'a>(text: &'a str, phrases: &[&str]) -> &'a str {
    for p in phrases {
        if text.len() > p.len()
            && text.is_char_boundary(text.len() - p.len())
            && text[text.len() - p.len()..].eq_ignore_ascii_case(p)
            && text[..text.len() - p.len()].ends_with(' ')
        {
            return text[..text.len() - p.len()].trim_end();
        }
    }
    text
}

/// `text` without `prefix`, compared without regard to ASCII case.
pub fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cleaned(phrase: &str) -> Option<(String, bool)> {
        referent(phrase).map(|r| (r.text, r.code))
    }

    #[test]
    fn referents_are_trimmed_of_articles_filler_and_reasons() {
        let cases: &[(&str, Option<(&str, bool)>)] = &[
            ("the logging module", Some(("logging", false))),
            ("`structlog` here", Some(("structlog", true))),
            (
                "our own `HttpClient` wrapper",
                Some(("HttpClient wrapper", true)),
            ),
            ("os.path because it is old", Some(("os.path", true))),
            (
                "default exports in this repo",
                Some(("default exports", false)),
            ),
            ("pytest", Some(("pytest", true))),
            ("snake_case names", Some(("snake_case names", true))),
            ("useEffect for data fetching", Some(("useEffect", true))),
            ("it", None),
            ("the other file", None),
            ("that one", None),
            ("line 12", None),
            ("your judgement", None),
            (
                "a much longer description of the thing that nobody wants",
                None,
            ),
        ];
        for (phrase, expected) in cases {
            let expected = expected.map(|(t, c)| (t.to_string(), c));
            assert_eq!(cleaned(phrase), expected, "{phrase}");
        }
    }

    #[test]
    fn code_words_have_the_shape_of_code() {
        for w in [
            "os.path",
            "snake_case",
            "useState",
            "src/lib",
            "fetch()",
            "@Inject",
            "UUID",
            "date-fns",
        ] {
            assert!(code_word(w), "{w}");
        }
        for w in ["logging", "tabs", "e.g.", "well-", "I", "-"] {
            assert!(!code_word(w), "{w}");
        }
    }
}
