//! Token patterns, the small language concept rows are written in, compiled once and matched
//! against the tokens of one line.
//!
//! A pattern is steps separated by single spaces, matched in order against consecutive tokens:
//!
//! - a literal (`go`, `func`, `==`, `(`, `$?`, `///`) matches a code token with exactly that
//!   text: an identifier, number, operator, comment marker, shell variable or flag, never a
//!   string literal or a comment's text (in a case-folding family, whatever its case);
//! - `$id`, `$num`, `$str` (any string literal), `$fstr` (an interpolated one), `$comment` (a
//!   comment's text), `$var`, `$flag`, `$life`: one token of that kind. A needle narrows it:
//!   `*text` the token contains `text`, `~text` contains it whatever the case, `^text` begins
//!   with it (`$str*%w`, `$id~password`, `$str^"""`, `$comment*TODO`);
//! - `..`: any tokens, none included;
//! - `^` first: the line's first token; `$end` last: past its last token;
//! - `$noprev:X` first (or after `^`): the token before is not the literal `X`
//!   (`$noprev:. open (` is `open(` but not `os.open(`).
//!
//! Each pattern has a key: a literal (or, failing one, a specific token kind) before any `..`,
//! by which a matcher finds it from a line's tokens without trying every pattern.

use std::borrow::Cow;

use super::lexer::{Kind, Token};

/// Why a pattern in the table does not compile (a table error, caught by the table's tests).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("concept pattern `{pattern}`: {reason}")]
pub(super) struct PatternError {
    pub pattern: &'static str,
    pub reason: &'static str,
}

/// Which token kinds a kind step accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum KindStep {
    Ident,
    Number,
    /// Any string literal, interpolated or not.
    Str,
    FStr,
    Comment,
    Var,
    Flag,
    Lifetime,
}

impl KindStep {
    fn accepts(self, kind: Kind) -> bool {
        match self {
            KindStep::Ident => kind == Kind::Ident,
            KindStep::Number => kind == Kind::Number,
            KindStep::Str => matches!(kind, Kind::Str | Kind::FStr),
            KindStep::FStr => kind == Kind::FStr,
            KindStep::Comment => kind == Kind::Comment,
            KindStep::Var => kind == Kind::Var,
            KindStep::Flag => kind == Kind::Flag,
            KindStep::Lifetime => kind == Kind::Lifetime,
        }
    }

    /// The token kind a matcher indexes this step under (`$str` under plain strings; the
    /// matcher also looks there for interpolated ones).
    fn kind(self) -> Kind {
        match self {
            KindStep::Ident => Kind::Ident,
            KindStep::Number => Kind::Number,
            KindStep::Str => Kind::Str,
            KindStep::FStr => Kind::FStr,
            KindStep::Comment => Kind::Comment,
            KindStep::Var => Kind::Var,
            KindStep::Flag => Kind::Flag,
            KindStep::Lifetime => Kind::Lifetime,
        }
    }
}

const KIND_NAMES: &[(&str, KindStep)] = &[
    ("id", KindStep::Ident),
    ("num", KindStep::Number),
    ("str", KindStep::Str),
    ("fstr", KindStep::FStr),
    ("comment", KindStep::Comment),
    ("var", KindStep::Var),
    ("flag", KindStep::Flag),
    ("life", KindStep::Lifetime),
];

/// What a kind step requires of the token's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Needle {
    Any,
    Contains(&'static str),
    ContainsAnyCase(&'static str),
    StartsWith(&'static str),
}

impl Needle {
    fn accepts(self, text: &str) -> bool {
        match self {
            Needle::Any => true,
            Needle::Contains(needle) => text.contains(needle),
            Needle::ContainsAnyCase(needle) => text
                .as_bytes()
                .windows(needle.len())
                .any(|w| w.eq_ignore_ascii_case(needle.as_bytes())),
            Needle::StartsWith(needle) => text.starts_with(needle),
        }
    }
}

/// One step of a pattern (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Start,
    End,
    Gap,
    NoPrev(&'static str),
    Literal(&'static str),
    Token(KindStep, Needle),
}

/// How a matcher finds a pattern: by a literal's text or by a token kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Key {
    Literal(&'static str),
    Kind(Kind),
}

/// A compiled pattern: owned when compiled, borrowed in the compiled-in matchers.
#[derive(Debug, Clone)]
pub(super) struct Pattern {
    pub steps: Cow<'static, [Step]>,
    pub key: Key,
    /// Tokens the pattern consumes before its key.
    pub key_offset: usize,
}

impl Pattern {
    /// Compile a pattern (see the module documentation).
    pub fn compile(pattern: &'static str) -> Result<Pattern, PatternError> {
        let error = |reason| PatternError { pattern, reason };
        let parts: Vec<&'static str> = pattern.split(' ').collect();
        if parts.iter().any(|p| p.is_empty()) {
            return Err(error("steps are separated by single spaces"));
        }
        let last = parts.len() - 1;
        let mut steps = Vec::with_capacity(parts.len());
        for (i, part) in parts.iter().enumerate() {
            let step = parse_step(part).map_err(error)?;
            let leading = i == 0 || (i == 1 && steps.first() == Some(&Step::Start));
            match step {
                Step::Start if i != 0 => return Err(error("`^` comes first")),
                Step::End if i != last => return Err(error("`$end` comes last")),
                Step::NoPrev(_) if !leading => {
                    return Err(error("`$noprev:` comes first or after `^`"));
                }
                Step::Gap if leading || i == last => {
                    return Err(error("`..` needs steps on both sides"));
                }
                _ => {}
            }
            steps.push(step);
        }
        let (key_index, key) = choose_key(&steps)
            .ok_or_else(|| error("needs a literal or a specific kind before any `..`"))?;
        let key_offset = steps
            .get(..key_index)
            .unwrap_or_default()
            .iter()
            .filter(|s| matches!(s, Step::Literal(_) | Step::Token(..)))
            .count();
        Ok(Pattern {
            steps: Cow::Owned(steps),
            key,
            key_offset,
        })
    }

    /// Whether the pattern matches `tokens` from position `start`.
    pub fn matches_at(&self, tokens: &[Token<'_>], start: usize, fold_case: bool) -> bool {
        match_steps(&self.steps, tokens, start, fold_case)
    }
}

fn parse_step(part: &'static str) -> Result<Step, &'static str> {
    match part {
        "^" => return Ok(Step::Start),
        ".." => return Ok(Step::Gap),
        "$end" => return Ok(Step::End),
        _ => {}
    }
    if let Some(literal) = part.strip_prefix("$noprev:") {
        if literal.is_empty() {
            return Err("`$noprev:` needs a literal");
        }
        return Ok(Step::NoPrev(literal));
    }
    let Some(rest) = part.strip_prefix('$') else {
        return Ok(Step::Literal(part));
    };
    for (name, kind) in KIND_NAMES {
        let Some(after) = rest.strip_prefix(name) else {
            continue;
        };
        let needle = match after.split_at_checked(1) {
            None => Needle::Any,
            Some(("*", text)) if !text.is_empty() => Needle::Contains(text),
            Some(("~", text)) if !text.is_empty() => Needle::ContainsAnyCase(text),
            Some(("^", text)) if !text.is_empty() => Needle::StartsWith(text),
            // `$identity` is a literal, not `$id` with a needle.
            Some(_) => continue,
        };
        return Ok(Step::Token(*kind, needle));
    }
    // `$?`, `$(`, `$((`: shell literals.
    Ok(Step::Literal(part))
}

/// Punctuation on nearly every line: a poor key when a pattern has a better one.
const COMMON_PUNCT: &[&str] = &["(", ")", "[", "]", "{", "}", ".", ",", ";", ":", "="];

/// The key and its step index: among the steps before any gap, the longest identifier-like
/// literal (the rarest, as a rule), else the first other literal that is not common
/// punctuation, else the first literal, else the first kind step that is not a bare
/// identifier or number (those would be tried on nearly every token).
fn choose_key(steps: &[Step]) -> Option<(usize, Key)> {
    let head = steps.iter().take_while(|s| **s != Step::Gap).enumerate();
    let literals = || {
        head.clone().filter_map(|(i, s)| match s {
            Step::Literal(text) => Some((i, *text)),
            _ => None,
        })
    };
    let is_word = |text: &str| text.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let word = literals()
        .filter(|(_, text)| is_word(text))
        .max_by_key(|(i, text)| (text.len(), std::cmp::Reverse(*i)));
    let uncommon = || literals().find(|(_, text)| !COMMON_PUNCT.contains(text));
    if let Some((i, text)) = word.or_else(uncommon).or_else(|| literals().next()) {
        return Some((i, Key::Literal(text)));
    }
    head.clone().find_map(|(i, s)| match s {
        Step::Token(kind, needle)
            if *needle != Needle::Any || !matches!(kind, KindStep::Ident | KindStep::Number) =>
        {
            Some((i, Key::Kind(kind.kind())))
        }
        _ => None,
    })
}

fn match_steps(steps: &[Step], tokens: &[Token<'_>], start: usize, fold_case: bool) -> bool {
    let mut pos = start;
    for (i, step) in steps.iter().enumerate() {
        match *step {
            Step::Start if pos != 0 => return false,
            Step::End if pos != tokens.len() => return false,
            Step::Start | Step::End => {}
            Step::NoPrev(literal) => {
                let before = pos.checked_sub(1).and_then(|p| tokens.get(p));
                if before.is_some_and(|t| literal_matches(literal, t, fold_case)) {
                    return false;
                }
            }
            Step::Gap => {
                let rest = steps.get(i + 1..).unwrap_or_default();
                return (pos..=tokens.len()).any(|p| match_steps(rest, tokens, p, fold_case));
            }
            Step::Literal(literal) => match tokens.get(pos) {
                Some(token) if literal_matches(literal, token, fold_case) => pos += 1,
                _ => return false,
            },
            Step::Token(kind, needle) => match tokens.get(pos) {
                Some(token) if kind.accepts(token.kind) && needle.accepts(token.text) => pos += 1,
                _ => return false,
            },
        }
    }
    true
}

/// Whether a code token has the literal's text. Strings and comment text never match.
pub(super) fn literal_matches(literal: &str, token: &Token<'_>, fold_case: bool) -> bool {
    is_code(token.kind)
        && (token.text == literal || (fold_case && token.text.eq_ignore_ascii_case(literal)))
}

/// Tokens that are code, not the contents of a string or a comment.
pub(super) fn is_code(kind: Kind) -> bool {
    !matches!(kind, Kind::Str | Kind::FStr | Kind::Comment)
}
