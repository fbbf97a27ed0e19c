//! Languages mentioned in free text (pattern bodies, prompts, descriptions, errors), in one pass
//! over the words with hash lookups into the shared table's index: no regex, no per-call setup.

use super::index::{INDEX, names};
use super::language::{LANGUAGES, Word, canonical_language};

/// Languages whose name or alias appears as a whole word in `text`, in order of first mention.
///
/// Words are runs of letters, digits and `_`; a `.` between two such characters stays inside
/// the word (`Next.js`, `Cargo.toml`, `main.go` is one word, not "go"), and a directly
/// following `#` or `++` is kept (`C#`, `C++`). Matching is case-insensitive except for
/// aliases that are ordinary English in lower case (`React`, `Swift`, `Angular`, `Rails`,
/// `TS`), and `Go`, which must be capitalised and not start a sentence or line. Ambiguous
/// one-letter names need context: `C` only as `C99`/`C11`/`ANSI C`/`C language`/`C code`,
/// `R` only as `R language`/`R package`/..., never alone. A word right after a lone dot is an
/// extension (`*.rs`, `.tsx files`; two letters or more); a dotted word's last part is one when
/// it has three letters or more (`schema.sql`), so `event.ts` in code is not TypeScript.
pub fn mentioned_languages(text: &str) -> Vec<String> {
    let index = &INDEX;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut hits: Vec<usize> = Vec::new();
    let mut lower = String::new();
    let mut prev = String::new();
    let mut pair = String::new();
    let mut sentence_start = true;
    let mut prev_adjacent = false;
    let mut k = 0;
    while let Some(&(_, c)) = chars.get(k) {
        if !is_word_char(c) {
            match c {
                '.' | '!' | '?' | '\n' => sentence_start = true,
                _ => {}
            }
            if !matches!(c, ' ' | '\t' | '-') {
                prev_adjacent = false;
            }
            k += 1;
            continue;
        }
        let start = k;
        let dot_prefixed = start >= 1
            && char_at(&chars, start - 1) == Some('.')
            && !char_at(&chars, start.wrapping_sub(2)).is_some_and(|p| is_word_char(p) || p == '.');
        while let Some(c) = char_at(&chars, k) {
            let glued_dot =
                c == '.' && k > start && char_at(&chars, k + 1).is_some_and(is_word_char);
            if is_word_char(c) || glued_dot {
                k += 1;
            } else {
                break;
            }
        }
        if char_at(&chars, k) == Some('#') {
            k += 1;
        } else if char_at(&chars, k) == Some('+') && char_at(&chars, k + 1) == Some('+') {
            k += 2;
        }
        let from = chars.get(start).map_or(text.len(), |(i, _)| *i);
        let to = chars.get(k).map_or(text.len(), |(i, _)| *i);
        let raw = text.get(from..to).unwrap_or_default();

        lower.clear();
        lower.extend(raw.chars().map(|c| c.to_ascii_lowercase()));
        if let Some(found) = index.words.get(lower.as_str()) {
            for &(i, word) in found {
                let ok = match word {
                    Word::Any(_) => true,
                    Word::Cased(t) => raw == t,
                    Word::MidSentence(t) => raw == t && !sentence_start,
                };
                if ok {
                    hits.push(i);
                }
            }
        }
        if dot_prefixed && lower.len() >= 2 {
            if let Some(found) = index.extensions.get(lower.as_str()) {
                hits.extend(found);
            }
            pair.clear();
            pair.push('.');
            pair.push_str(&lower);
            if let Some(found) = index.words.get(pair.as_str()) {
                hits.extend(found.iter().map(|(i, _)| *i));
            }
        }
        if let Some((_, ext)) = lower.rsplit_once('.') {
            if let Some(found) = index.file_names.get(lower.as_str()) {
                hits.extend(found);
            }
            if ext.len() >= 3
                && let Some(found) = index.extensions.get(ext)
            {
                hits.extend(found);
            }
        }
        if prev_adjacent && index.pair_heads.contains(prev.as_str()) {
            pair.clear();
            pair.push_str(&prev);
            pair.push(' ');
            pair.push_str(&lower);
            if let Some(found) = index.words.get(pair.as_str()) {
                hits.extend(found.iter().map(|(i, _)| *i));
            }
        }
        std::mem::swap(&mut prev, &mut lower);
        prev_adjacent = true;
        sentence_start = false;
        if hits.len() > LANGUAGES.len() * 4 {
            hits = dedup(hits);
        }
    }
    hits.extend(fenced_languages(text));
    names(hits)
}

/// Languages named by code fences' info strings (```` ```go ````, `~~~ {.python}`): a pattern
/// whose examples are Go code is about Go even when its prose never says so.
fn fenced_languages(text: &str) -> Vec<usize> {
    let mut hits = Vec::new();
    for line in text.lines() {
        let line = line.trim_start_matches(' ');
        let Some(info) = line
            .strip_prefix("```")
            .or_else(|| line.strip_prefix("~~~"))
            .map(|rest| rest.trim_start_matches(['`', '~']))
        else {
            continue;
        };
        let name = info
            .trim_start_matches(['{', '.', ' '])
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | '}' | '{'))
            .next()
            .unwrap_or_default();
        if name.is_empty() {
            continue;
        }
        if let Some(canonical) = canonical_language(name)
            && let Some(i) = LANGUAGES.iter().position(|l| l.name == canonical)
        {
            hits.push(i);
        }
    }
    hits
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn char_at(chars: &[(usize, char)], k: usize) -> Option<char> {
    chars.get(k).map(|(_, c)| *c)
}

/// Keep the first occurrence of each index, so a long text cannot grow the list unboundedly.
fn dedup(hits: Vec<usize>) -> Vec<usize> {
    let mut seen = vec![false; LANGUAGES.len()];
    hits.into_iter()
        .filter(|&i| seen.get_mut(i).is_some_and(|s| !std::mem::replace(s, true)))
        .collect()
}
