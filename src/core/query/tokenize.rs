//! Words as the index's `porter unicode61` tokenizer sees them: runs of letters and digits,
//! lower-cased, Latin accents removed, then stemmed by [`porter_stem`]. Whole-pattern ranking
//! counts words with it, so its BM25 agrees with what SQLite's FTS5 computes over the same
//! text (`tests/pattern_bm25.rs` checks that on the shared corpus).

use fnv::FnvHashMap;

use super::stem::porter_stem;

/// Each token of `text`, lower-cased and unaccented but not stemmed, in order.
fn for_each_token(text: &str, mut visit: impl FnMut(&str)) {
    let mut token = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            if c.is_ascii() {
                token.push(c.to_ascii_lowercase());
            } else {
                for lower in c.to_lowercase() {
                    token.push(unaccented(lower));
                }
            }
        } else if !token.is_empty() {
            visit(&token);
            token.clear();
        }
    }
    if !token.is_empty() {
        visit(&token);
    }
}

/// The stems of `text`'s tokens, in order.
pub fn index_stems(text: &str) -> Vec<String> {
    let mut stems = Vec::new();
    for_each_token(text, |token| stems.push(porter_stem(token)));
    stems
}

/// The stem the index holds a query term under (`Errors` → `error`, `café` → `cafe`). Query
/// terms are split as the index splits words, so a term is one token; should one hold
/// several, its first is taken.
pub fn term_stem(term: &str) -> String {
    let mut stem = None;
    for_each_token(term, |token| {
        if stem.is_none() {
            stem = Some(porter_stem(token));
        }
    });
    stem.unwrap_or_default()
}

/// Stems tokens, remembering each distinct token's stem: a knowledge base repeats its words,
/// and stemming each once is most of what makes counting a large one fast. Each distinct stem
/// gets a small number, so counting needs no string comparisons.
#[derive(Debug, Default)]
pub struct StemCache {
    /// Token → its stem's number.
    tokens: FnvHashMap<String, u32>,
    /// Stem → its number.
    numbers: FnvHashMap<String, u32>,
    /// Number → stem.
    stems: Vec<String>,
}

impl StemCache {
    /// Visit the number of each token's stem in `text`, in order (see [`StemCache::stem`]).
    pub fn for_each_stem_number(&mut self, text: &str, mut visit: impl FnMut(u32)) {
        for_each_token(text, |token| {
            if let Some(&number) = self.tokens.get(token) {
                visit(number);
                return;
            }
            let stem = porter_stem(token);
            let number = match self.numbers.get(&stem) {
                Some(&number) => number,
                None => {
                    let number = self.stems.len() as u32;
                    self.numbers.insert(stem.clone(), number);
                    self.stems.push(stem);
                    number
                }
            };
            self.tokens.insert(token.to_string(), number);
            visit(number);
        });
    }

    /// The stem numbered `number` by this cache.
    pub fn stem(&self, number: u32) -> &str {
        self.stems.get(number as usize).map_or("", String::as_str)
    }
}

/// The base letter of a lower-case accented Latin letter (`é` → `e`), as FTS5's
/// `remove_diacritics` option folds it; other characters are returned as they are.
fn unaccented(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => 'c',
        'ď' => 'd',
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => 'e',
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => 'g',
        'ĥ' => 'h',
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' => 'i',
        'ĵ' => 'j',
        'ķ' => 'k',
        'ĺ' | 'ļ' | 'ľ' => 'l',
        'ñ' | 'ń' | 'ņ' | 'ň' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ō' | 'ŏ' | 'ő' => 'o',
        'ŕ' | 'ŗ' | 'ř' => 'r',
        'ś' | 'ŝ' | 'ş' | 'š' => 's',
        'ţ' | 'ť' => 't',
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => 'u',
        'ŵ' => 'w',
        'ý' | 'ÿ' | 'ŷ' => 'y',
        'ź' | 'ż' | 'ž' => 'z',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_on_anything_but_letters_and_digits() {
        assert_eq!(
            index_stems("Session_Ledger::claim(utf8) — Retries!"),
            ["session", "ledger", "claim", "utf8", "retri"]
        );
    }

    #[test]
    fn accents_fold_to_their_base_letter() {
        assert_eq!(index_stems("Café NAÏVE"), ["cafe", "naiv"]);
    }

    #[test]
    fn the_cache_numbers_each_stem_once() {
        let mut cache = StemCache::default();
        let mut seen = Vec::new();
        for _ in 0..2 {
            cache.for_each_stem_number("Errors, errors error", |n| seen.push(n));
        }
        assert_eq!(seen, [0; 6]);
        assert_eq!(cache.stem(0), "error");
        assert_eq!(cache.stem(1), "");
    }

    #[test]
    fn a_term_stems_as_the_index_holds_it() {
        assert_eq!(term_stem("Retries"), "retri");
        assert_eq!(term_stem("café"), "cafe");
        assert_eq!(term_stem("utf8"), "utf8");
        assert_eq!(term_stem("--"), "");
    }
}
