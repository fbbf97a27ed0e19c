//! Technology names in words: prose (a prompt, a title, a description) or names (a pattern's
//! file stem and directories, a tag), matched in one pass, longest phrase first, with hash
//! lookups into the built-in index and a short linear check of team aliases.

use super::super::language::Word;
use super::TechnologyTable;
use super::found::Found;
use super::index::WORDS;
use super::path;

/// Most bytes of one text read; a prompt longer than this names its subject before the end.
const MAX_TEXT_BYTES: usize = 64 * 1024;
/// Most words in one phrase, whatever the table holds.
const MAX_PHRASE_WORDS: usize = 4;

/// How words are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Sentences: `Cased` and `MidSentence` words keep their case rules, a dot between two
    /// letters stays inside a word (`Next.js`), and a dotted word may be a file name
    /// (`next.config.js`).
    Prose,
    /// A file name or directory: split on every separator, case ignored, since names are
    /// written in lower case (`nextjs15-supabase`, `react-native`, `flask_api`).
    Name,
}

/// One word of the text.
struct Token {
    start: usize,
    end: usize,
    /// First word of a sentence or line.
    sentence_start: bool,
    /// Only spaces, tabs, `-` or `_` stand between this word and the one before.
    joined: bool,
}

/// Lower case, words separated by one space (whitespace, `-` and `_` are word breaks), inner
/// dots kept: `"Spring-Boot"` → `"spring boot"`, `"Next.js"` → `"next.js"`.
pub(super) fn normalize_phrase(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for part in text.split(|c: char| c.is_whitespace() || c == '-' || c == '_') {
        if part.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(part.chars().map(|c| c.to_ascii_lowercase()));
    }
    out
}

/// The word without a version glued to its end (`nextjs15` → `nextjs`, `vue3` → `vue`,
/// `next.js14` → `next.js`), or the word itself when nothing of two letters or more is left.
pub(super) fn strip_version(word: &str) -> &str {
    let stripped = word.trim_end_matches(|c: char| c.is_ascii_digit());
    let stripped = if stripped.len() < word.len() {
        stripped
            .strip_suffix(['v', 'V'])
            .filter(|s| s.len() >= 2)
            .unwrap_or(stripped)
    } else {
        stripped
    };
    if stripped.len() >= 2 && stripped.len() < word.len() {
        stripped
    } else {
        word
    }
}

/// Add the technologies `text` names, in order of first mention.
pub(super) fn scan(table: &TechnologyTable, text: &str, mode: Mode, found: &mut Found) {
    let text = head(text, MAX_TEXT_BYTES);
    let tokens = tokenize(text, mode);
    let longest = WORDS
        .longest_phrase
        .max(
            table
                .team
                .iter()
                .map(|e| e.longest_phrase)
                .max()
                .unwrap_or(1),
        )
        .min(MAX_PHRASE_WORDS);
    let mut lower = String::new();
    let mut raw = String::new();
    let mut hits: Vec<usize> = Vec::new();
    let mut head_lower = String::new();
    let mut i = 0;
    while i < tokens.len() {
        let mut size = longest.min(tokens.len() - i);
        head_lower.clear();
        head_lower.extend(
            text[tokens[i].start..tokens[i].end]
                .chars()
                .map(|c| c.to_ascii_lowercase()),
        );
        let can_grow = WORDS.phrase_heads.contains(head_lower.as_str())
            || table.team.iter().any(|e| e.is_phrase_head(&head_lower));
        if !can_grow {
            size = 1;
        }
        let mut matched = 0;
        while size >= 1 {
            let phrase = &tokens[i..i + size];
            if phrase[1..].iter().all(|t| t.joined) {
                build(text, phrase, &mut lower, &mut raw);
                hits.clear();
                phrase_hits(
                    table,
                    &lower,
                    &raw,
                    phrase[0].sentence_start,
                    mode,
                    &mut hits,
                );
                if size == 1 && hits.is_empty() {
                    single_word_fallbacks(
                        table,
                        &lower,
                        &raw,
                        phrase[0].sentence_start,
                        mode,
                        &mut hits,
                    );
                }
                if !hits.is_empty() {
                    found.extend(hits.iter().copied());
                    matched = size;
                    break;
                }
            }
            size -= 1;
        }
        i += matched.max(1);
    }
}

/// The ids one phrase names under the mode's case rules.
fn phrase_hits(
    table: &TechnologyTable,
    lower: &str,
    raw: &str,
    sentence_start: bool,
    mode: Mode,
    hits: &mut Vec<usize>,
) {
    if let Some(words) = WORDS.words.get(lower) {
        for &(id, word) in words {
            if accepts(word, raw, sentence_start, mode) {
                hits.push(id);
            }
        }
    }
    for entry in &table.team {
        if entry.names(lower) {
            hits.push(entry.id);
        }
    }
}

/// What one word may still name when it is not in the table as written: the word without a
/// glued version (`vue3`); in prose, a dotted word as a file name (`next.config.js`) or by
/// its first part (`React.memo`, `pandas.DataFrame`).
fn single_word_fallbacks(
    table: &TechnologyTable,
    lower: &str,
    raw: &str,
    sentence_start: bool,
    mode: Mode,
    hits: &mut Vec<usize>,
) {
    let stripped = strip_version(lower);
    if stripped.len() < lower.len() {
        let raw_stripped = &raw[..stripped.len()];
        phrase_hits(table, stripped, raw_stripped, sentence_start, mode, hits);
        if !hits.is_empty() {
            return;
        }
    }
    if mode != Mode::Prose || !lower.contains('.') {
        return;
    }
    let mut as_file = Found::default();
    path::for_path(table, raw, &mut as_file);
    if !as_file.is_empty() {
        hits.extend(as_file.into_ids());
        return;
    }
    if let Some((first, _)) = lower.split_once('.') {
        phrase_hits(
            table,
            first,
            &raw[..first.len()],
            sentence_start,
            mode,
            hits,
        );
    }
}

fn accepts(word: Word, raw: &str, sentence_start: bool, mode: Mode) -> bool {
    if mode == Mode::Name {
        return true;
    }
    match word {
        Word::Any(_) => true,
        Word::Cased(text) => same_words(raw, text),
        Word::MidSentence(text) => !sentence_start && same_words(raw, text),
    }
}

/// `raw` (words joined by one space) spells `table_word` with the same case, reading the
/// table word's `-` and `_` as spaces.
fn same_words(raw: &str, table_word: &str) -> bool {
    let mut table_words = table_word.split(|c: char| c.is_whitespace() || c == '-' || c == '_');
    let mut raw_words = raw.split(' ');
    loop {
        match (table_words.next(), raw_words.next()) {
            (None, None) => return true,
            (Some(a), Some(b)) if a == b => {}
            _ => return false,
        }
    }
}

/// The phrase's words joined by one space: lower-cased into `lower`, as written into `raw`.
fn build(text: &str, phrase: &[Token], lower: &mut String, raw: &mut String) {
    lower.clear();
    raw.clear();
    for (k, token) in phrase.iter().enumerate() {
        if k > 0 {
            lower.push(' ');
            raw.push(' ');
        }
        let word = &text[token.start..token.end];
        raw.push_str(word);
        lower.extend(word.chars().map(|c| c.to_ascii_lowercase()));
    }
}

/// Split into words: runs of letters and digits; in prose a `.` between two of them stays
/// inside the word.
fn tokenize(text: &str, mode: Mode) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut sentence_start = true;
    let mut joined = false;
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if !c.is_alphanumeric() {
            match c {
                '.' | '!' | '?' | '\n' | '\r' => sentence_start = true,
                _ => {}
            }
            let joins = match mode {
                Mode::Prose => matches!(c, ' ' | '\t' | '-' | '_'),
                Mode::Name => matches!(c, ' ' | '-' | '_' | '.'),
            };
            if !joins {
                joined = false;
            }
            continue;
        }
        let mut end = start + c.len_utf8();
        while let Some(&(i, next)) = chars.peek() {
            let glued_dot = mode == Mode::Prose
                && next == '.'
                && text[i + 1..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric);
            if next.is_alphanumeric() || glued_dot {
                end = i + next.len_utf8();
                chars.next();
            } else {
                break;
            }
        }
        tokens.push(Token {
            start,
            end,
            sentence_start,
            joined,
        });
        sentence_start = false;
        joined = true;
    }
    tokens
}

pub(super) use crate::core::text_window::head;
