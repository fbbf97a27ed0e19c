//! Rules that apply by what a file holds (Continue's `regex`): the regexes an author wrote,
//! compiled with bounds, and whether the text a call writes or replaces matches one.
//!
//! Bounded so no rule file can make a hook slow or large: at most [`MAX_REGEXES`] regexes per
//! rule, each at most [`MAX_REGEX_CHARS`] long and compiled within [`COMPILED_LIMIT`] bytes,
//! and only the first [`MAX_SCANNED_BYTES`] of each text are searched (Rust's regexes run in
//! time linear in the text, whatever the pattern). The syntax is Rust's `regex` crate: the
//! JavaScript features it lacks (look-around, back-references) are reported as invalid.

use crate::core::text_window::head;
use regex::{Regex, RegexBuilder};

/// Most regexes one rule may give; the rest are left out with a warning.
pub const MAX_REGEXES: usize = 16;
/// Longest regex, in characters.
pub const MAX_REGEX_CHARS: usize = 1_000;
/// Most bytes one compiled regex (and its lazy DFA cache) may take.
pub const COMPILED_LIMIT: usize = 1 << 20;
/// Most bytes of each text searched.
pub const MAX_SCANNED_BYTES: usize = 256 * 1024;

/// Compile one regex within the bounds; the error says why it cannot be used.
pub fn compile(pattern: &str) -> Result<Regex, String> {
    let chars = pattern.chars().count();
    if chars > MAX_REGEX_CHARS {
        return Err(format!(
            "it is {chars} characters long; the limit is {MAX_REGEX_CHARS}"
        ));
    }
    RegexBuilder::new(pattern)
        .size_limit(COMPILED_LIMIT)
        .dfa_size_limit(COMPILED_LIMIT)
        .build()
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(_) => {
                format!("it compiles to more than {COMPILED_LIMIT} bytes")
            }
            // The syntax error's own text spans several lines (the pattern, a caret).
            other => other
                .to_string()
                .lines()
                .rfind(|l| !l.trim().is_empty())
                .unwrap_or("not a regular expression")
                .trim()
                .trim_start_matches("error: ")
                .to_string(),
        })
}

/// A rule's regexes, compiled: it applies to a call when one matches what the call writes or
/// replaces.
#[derive(Debug, Clone)]
pub struct ContentMatcher {
    regexes: Vec<Regex>,
}

impl ContentMatcher {
    /// The regexes of `patterns` that compile within the bounds (ingest warned about the
    /// others).
    pub fn new<S: AsRef<str>>(patterns: &[S]) -> Self {
        Self {
            regexes: patterns
                .iter()
                .take(MAX_REGEXES)
                .filter_map(|p| compile(p.as_ref()).ok())
                .collect(),
        }
    }

    /// The first regex (as written) that matches one of `texts`, each searched up to
    /// [`MAX_SCANNED_BYTES`].
    pub fn first_match(&self, texts: &[&str]) -> Option<&str> {
        self.regexes
            .iter()
            .find(|re| texts.iter().any(|t| re.is_match(scanned(t))))
            .map(Regex::as_str)
    }
}

/// The start of `text` that is searched, cut at a character boundary.
fn scanned(text: &str) -> &str {
    head(text, MAX_SCANNED_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_regex_that_matches_any_text_is_named() {
        let m = ContentMatcher::new(&[r"func Test\w+", r"^package \w+"]);
        assert_eq!(
            m.first_match(&["package main\n", "func TestAdd(t *testing.T)"]),
            Some(r"func Test\w+")
        );
        assert_eq!(m.first_match(&["package main\n"]), Some(r"^package \w+"));
        assert_eq!(m.first_match(&["fn main() {}"]), None);
        assert_eq!(m.first_match(&[]), None);
    }

    #[test]
    fn like_javascript_without_flags_it_is_case_sensitive_and_anchors_the_whole_text() {
        let m = ContentMatcher::new(&["^import"]);
        assert_eq!(m.first_match(&["IMPORT x"]), None);
        assert_eq!(m.first_match(&["const a = 1;\nimport x"]), None);
        assert_eq!(m.first_match(&["import x"]), Some("^import"));
    }

    #[test]
    fn what_cannot_be_used_is_an_error_that_says_why() {
        let look_around = compile(r"foo(?=bar)").unwrap_err();
        assert!(look_around.contains("look-around"), "{look_around}");
        assert!(!look_around.contains('\n'), "{look_around}");
        let long = compile(&"a".repeat(MAX_REGEX_CHARS + 1)).unwrap_err();
        assert!(long.contains("limit is 1000"), "{long}");
        let huge = compile(r"\w{1000}\w{1000}\w{1000}").unwrap_err();
        assert!(huge.contains("compiles to more than"), "{huge}");
        assert!(compile(r"(unclosed").is_err());
    }

    #[test]
    fn invalid_and_surplus_regexes_are_left_out() {
        let m = ContentMatcher::new(&["(", "ok"]);
        assert_eq!(m.first_match(&["ok"]), Some("ok"));
        let many: Vec<String> = (0..MAX_REGEXES + 1).map(|i| format!("r{i}x")).collect();
        let m = ContentMatcher::new(&many);
        assert_eq!(m.first_match(&["r0x"]), Some("r0x"));
        assert_eq!(m.first_match(&[&format!("r{MAX_REGEXES}x")]), None);
    }

    #[test]
    fn only_the_start_of_a_long_text_is_searched() {
        let m = ContentMatcher::new(&["NEEDLE"]);
        let mut long = "é".repeat(MAX_SCANNED_BYTES / 2 + 1);
        long.push_str("NEEDLE");
        assert_eq!(m.first_match(&[&long]), None);
        assert_eq!(m.first_match(&[&long[long.len() - 12..]]), Some("NEEDLE"));
    }
}
