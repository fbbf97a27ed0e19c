//! A line-at-a-time lexer for code, driven by a family's [`Syntax`]: identifiers, numbers,
//! operators, string literals (whole, quotes included), comments (marker, then body) and, for
//! shells, variables and flags.
//!
//! It carries what is still open at the end of a line (a block comment, a multi-line string)
//! into the next, so text inside them is never taken for code. It never fails: unknown bytes
//! become one-character operators, and a line past [`MAX_TOKENS`] tokens is cut there (with
//! nothing carried over), which keeps a minified line as cheap as a normal one.

use super::{Quote, Syntax};

/// Most tokens read from one line.
pub(super) const MAX_TOKENS: usize = 200;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Ident,
    Number,
    /// An operator or punctuation; also a comment's marker (`//`, `#`, `///`, `/*`).
    Punct,
    /// A string literal, quotes and prefix included.
    Str,
    /// An interpolated string literal (`f"{x}"`, `` `${x}` ``, `$"{x}"`, `"#{x}"`).
    FStr,
    /// A comment's text, without its marker.
    Comment,
    /// A shell variable or parameter (`$x`, `${x}`, `$?`).
    Var,
    /// A shell flag (`-e`, `--force`).
    Flag,
    /// A Rust lifetime (`'a`).
    Lifetime,
}

/// One token: its kind and its text, a slice of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Token<'a> {
    pub kind: Kind,
    pub text: &'a str,
}

/// What the previous line left open.
#[derive(Debug, Clone, Copy, Default)]
enum Open {
    #[default]
    Nothing,
    /// A block comment, with its closer.
    Comment(&'static str),
    /// A string literal; whether it is interpolated so far.
    Str(&'static Quote, bool),
}

/// Bits of [`Lexer::starts`]: what a byte may begin.
const COMMENT: u8 = 1;
const STRING: u8 = 2;
const OPERATOR: u8 = 4;

/// Lexes the lines of one text in order.
#[derive(Debug)]
pub(super) struct Lexer {
    syntax: &'static Syntax,
    open: Open,
    /// For each byte, what it may begin (comment, string or prefix, operator), so most
    /// bytes skip the probes.
    starts: [u8; 256],
}

impl Lexer {
    pub fn new(syntax: &'static Syntax) -> Self {
        let mut starts = [0u8; 256];
        let mut mark = |text: &str, bit: u8| {
            if let Some(&b) = text.as_bytes().first() {
                for b in [b, b.to_ascii_lowercase(), b.to_ascii_uppercase()] {
                    if let Some(slot) = starts.get_mut(usize::from(b)) {
                        *slot |= bit;
                    }
                }
            }
        };
        for marker in syntax.line_comments {
            mark(marker, COMMENT);
        }
        for (opener, _) in syntax.block_comments {
            mark(opener, COMMENT);
        }
        for quote in syntax.quotes {
            mark(quote.open, STRING);
        }
        for (prefix, _) in syntax.string_prefixes {
            mark(prefix, STRING);
        }
        for operator in syntax.operators {
            mark(operator, OPERATOR);
        }
        Lexer {
            syntax,
            open: Open::Nothing,
            starts,
        }
    }

    /// The tokens of the next line, into `out` (cleared first).
    pub fn line<'a>(&mut self, line: &'a str, out: &mut Vec<Token<'a>>) {
        out.clear();
        let mut scan = Scan {
            syntax: self.syntax,
            starts: &self.starts,
            line,
            bytes: line.as_bytes(),
            at: 0,
            out,
        };
        let open = std::mem::take(&mut self.open);
        self.open = scan.run(open);
    }
}

/// The state of lexing one line.
struct Scan<'l, 'a> {
    syntax: &'static Syntax,
    starts: &'l [u8; 256],
    line: &'a str,
    bytes: &'a [u8],
    at: usize,
    out: &'l mut Vec<Token<'a>>,
}

impl<'a> Scan<'_, 'a> {
    /// Lex the line, starting inside `open`; returns what is left open at its end.
    fn run(&mut self, open: Open) -> Open {
        match open {
            Open::Nothing => {}
            Open::Comment(close) => {
                if let Some(still_open) = self.comment_body(close) {
                    return still_open;
                }
            }
            Open::Str(quote, interpolated) => {
                if let Some(still_open) = self.string_body(0, quote, interpolated) {
                    return still_open;
                }
            }
        }
        while self.at < self.bytes.len() {
            if self.out.len() >= MAX_TOKENS {
                return Open::Nothing;
            }
            let b = self.byte(self.at);
            if b.is_ascii_whitespace() {
                self.at += 1;
                continue;
            }
            let starts = self.starts.get(usize::from(b)).copied().unwrap_or(0);
            // A comment or string that closes on this line lets lexing go on after it.
            let mut opened = None;
            if starts & COMMENT != 0 {
                opened = self.comment();
            }
            if opened.is_none() && starts & STRING != 0 {
                opened = self.string();
            }
            if let Some(open) = opened {
                if matches!(open, Open::Nothing) {
                    continue;
                }
                return open;
            }
            if self.syntax.lifetimes && b == b'\'' {
                self.quote_or_lifetime();
                continue;
            }
            if self.syntax.shell_words
                && ((b == b'$' && self.variable()) || (b == b'-' && self.flag()))
            {
                continue;
            }
            if is_word_byte(b) && !b.is_ascii_digit() {
                let end = self.word_end(self.at);
                self.push(Kind::Ident, self.at, end);
            } else if b.is_ascii_digit() {
                let mut end = self.at;
                while end < self.bytes.len()
                    && (is_word_byte(self.byte(end)) || self.byte(end) == b'.')
                {
                    end += 1;
                }
                self.push(Kind::Number, self.at, end);
            } else {
                let len = if starts & OPERATOR != 0 {
                    self.syntax
                        .operators
                        .iter()
                        .find(|op| self.starts_with(self.at, op))
                        .map_or(1, |op| op.len())
                } else {
                    1
                };
                self.push(Kind::Punct, self.at, self.at + len);
            }
        }
        Open::Nothing
    }

    fn byte(&self, at: usize) -> u8 {
        self.bytes.get(at).copied().unwrap_or(0)
    }

    fn starts_with(&self, at: usize, text: &str) -> bool {
        self.bytes
            .get(at..)
            .is_some_and(|rest| rest.starts_with(text.as_bytes()))
    }

    /// Whether `at` starts a word: the line's start or after a byte that is not part of one.
    fn word_start(&self, at: usize) -> bool {
        at == 0 || !is_word_byte(self.byte(at - 1))
    }

    fn word_end(&self, from: usize) -> usize {
        let mut end = from;
        while end < self.bytes.len() && is_word_byte(self.byte(end)) {
            end += 1;
        }
        end
    }

    /// Push `line[start..end]` as a token; `end` is clamped to the line.
    fn push(&mut self, kind: Kind, start: usize, end: usize) {
        let end = end.min(self.bytes.len());
        let text = self.line.get(start..end).unwrap_or_default();
        self.out.push(Token { kind, text });
        self.at = end.max(start + 1);
    }

    /// A line or block comment at the cursor: its marker, then its body. `Some` when one
    /// starts here, with what it leaves open (a line comment ends the line: nothing).
    fn comment(&mut self) -> Option<Open> {
        let at = self.at;
        let syntax = self.syntax;
        if let Some(marker) = syntax
            .line_comments
            .iter()
            .find(|m| self.starts_with(at, m))
        {
            let hash = *marker == "#";
            if hash
                && syntax.hash_at_word_start
                && at > 0
                && !self.byte(at - 1).is_ascii_whitespace()
            {
                return None;
            }
            // A shebang is a marker of its own.
            let len = if hash && at == 0 && self.byte(1) == b'!' {
                2
            } else {
                marker.len()
            };
            self.push(Kind::Punct, at, at + len);
            let start = self.at;
            self.push(Kind::Comment, start, self.bytes.len());
            self.at = self.bytes.len();
            return Some(Open::Nothing);
        }
        let (opener, close) = syntax
            .block_comments
            .iter()
            .find(|(o, _)| self.starts_with(at, o))?;
        self.push(Kind::Punct, at, at + opener.len());
        Some(self.comment_body(close).unwrap_or(Open::Nothing))
    }

    /// The body of a block comment from the cursor up to `close`. `None` when it closes on
    /// this line (the cursor moves past it), else what stays open.
    fn comment_body(&mut self, close: &'static str) -> Option<Open> {
        let start = self.at;
        let found = (start..self.bytes.len()).find(|&i| self.starts_with(i, close));
        match found {
            Some(end) => {
                if end > start {
                    self.push(Kind::Comment, start, end);
                }
                self.at = end + close.len();
                None
            }
            None => {
                if self.bytes.len() > start {
                    self.push(Kind::Comment, start, self.bytes.len());
                }
                self.at = self.bytes.len();
                Some(Open::Comment(close))
            }
        }
    }

    /// A string literal at the cursor, with or without a prefix. `Some` when one starts here,
    /// with what it leaves open.
    fn string(&mut self) -> Option<Open> {
        let at = self.at;
        let syntax = self.syntax;
        let prefixed = if self.word_start(at) {
            syntax
                .string_prefixes
                .iter()
                .find_map(|(prefix, interpolates)| {
                    let head = self.bytes.get(at..at + prefix.len())?;
                    if !head.eq_ignore_ascii_case(prefix.as_bytes()) {
                        return None;
                    }
                    let quote = self.quote_at(at + prefix.len())?;
                    Some((prefix.len(), quote, *interpolates))
                })
        } else {
            None
        };
        let (prefix_len, quote, interpolated) = match prefixed {
            Some(found) => found,
            None => (0, self.quote_at(at)?, false),
        };
        let body = at + prefix_len + quote.open.len();
        Some(
            self.string_body_from(at, body, quote, interpolated)
                .unwrap_or(Open::Nothing),
        )
    }

    fn quote_at(&self, at: usize) -> Option<&'static Quote> {
        self.syntax
            .quotes
            .iter()
            .find(|q| self.starts_with(at, q.open))
    }

    /// A string's body from byte `from` (the line's start when continued from the previous
    /// line). `None` when it closes on this line, else what stays open.
    fn string_body(
        &mut self,
        from: usize,
        quote: &'static Quote,
        interpolated: bool,
    ) -> Option<Open> {
        self.string_body_from(from, from, quote, interpolated)
    }

    /// A string token from `start` whose body begins at `body`.
    fn string_body_from(
        &mut self,
        start: usize,
        body: usize,
        quote: &'static Quote,
        interpolated: bool,
    ) -> Option<Open> {
        let mut i = body;
        let mut end = None;
        while i < self.bytes.len() {
            if quote.escapes && self.byte(i) == b'\\' {
                i += 2;
                continue;
            }
            if self.starts_with(i, quote.close) {
                end = Some(i + quote.close.len());
                break;
            }
            i += 1;
        }
        let stop = end.unwrap_or(self.bytes.len()).min(self.bytes.len());
        let inner = self.line.get(body.min(stop)..stop).unwrap_or_default();
        let interpolated = interpolated || quote.interpolation.is_some_and(|m| inner.contains(m));
        let kind = if interpolated { Kind::FStr } else { Kind::Str };
        self.push(kind, start, stop);
        self.at = stop.max(start + 1);
        match end {
            Some(_) => None,
            None if quote.multiline => Some(Open::Str(quote, interpolated)),
            None => Some(Open::Nothing),
        }
    }

    /// `'x'` or `'\n'` is a character literal; `'a` (no closing quote after one character)
    /// is a lifetime or label.
    fn quote_or_lifetime(&mut self) {
        let at = self.at;
        let escaped = self.byte(at + 1) == b'\\';
        let char_end = if escaped {
            (at + 2..self.bytes.len()).find(|&i| self.byte(i) == b'\'' && i > at + 2)
        } else {
            let next = self.line.get(at + 1..).and_then(|rest| rest.chars().next());
            next.map(|c| at + 1 + c.len_utf8())
                .filter(|&i| self.byte(i) == b'\'')
        };
        match char_end {
            Some(close) => self.push(Kind::Str, at, close + 1),
            None if is_word_byte(self.byte(at + 1)) => {
                let end = self.word_end(at + 1);
                self.push(Kind::Lifetime, at, end);
            }
            None => self.push(Kind::Punct, at, at + 1),
        }
    }

    /// A shell variable at a `$`: `${...}`, `$name`, `$1`, `$?` and friends. `false` when the
    /// `$` starts something else (`$(`, `$((`), left to the operators.
    fn variable(&mut self) -> bool {
        let at = self.at;
        let next = self.byte(at + 1);
        let end = match next {
            b'{' => (at + 2..self.bytes.len())
                .find(|&i| self.byte(i) == b'}')
                .map_or(self.bytes.len(), |i| i + 1),
            b'?' | b'@' | b'#' | b'*' | b'!' | b'$' | b'-' | b'0'..=b'9' => at + 2,
            _ if is_word_byte(next) => self.word_end(at + 1),
            _ => return false,
        };
        self.push(Kind::Var, at, end);
        true
    }

    /// A shell flag: `-` or `--` at a word start followed by a letter.
    fn flag(&mut self) -> bool {
        let at = self.at;
        if at > 0 && !self.byte(at - 1).is_ascii_whitespace() {
            return false;
        }
        let dashes = if self.byte(at + 1) == b'-' { 2 } else { 1 };
        if !self.byte(at + dashes).is_ascii_alphabetic() {
            return false;
        }
        let mut end = at + dashes;
        while end < self.bytes.len() && (is_word_byte(self.byte(end)) || self.byte(end) == b'-') {
            end += 1;
        }
        self.push(Kind::Flag, at, end);
        true
    }
}

/// Letters, digits, `_`, and every byte of a non-ASCII character (so a token never splits
/// one).
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}
