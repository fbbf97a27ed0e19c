//! Whether a text holds a word of a query as the index sees words: split wherever FTS5's
//! `unicode61` tokenizer splits (anything not a letter or digit), lower-cased and stemmed.
//! Excerpts use it to pick a pattern's matching sections in memory instead of running a
//! full-text search per pattern, which cost a hook milliseconds in a large knowledge base.

use std::cell::RefCell;

use fnv::FnvHashMap;

use super::stem::porter_stem;

/// How many trailing letters of a stem Porter's steps may have rewritten (`biliti` → `ble`);
/// `tests/stemmer.rs` checks it on every corpus word.
pub const STEM_REWRITE: usize = 3;

/// The stems of a query's terms.
#[derive(Debug, Default)]
pub struct StemSet {
    /// Each stem with the length of its head that a word must start with (see
    /// [`StemSet::could_stem_to_one`]).
    stems: Vec<(String, usize)>,
    /// The ASCII letters and digits stems start with, as bits: most words of a text start
    /// with none of them and are passed over at the cost of one test.
    first_bytes: u128,
    /// For each ASCII byte, the range of `stems` (sorted) starting with it: a word is only
    /// compared with the stems that start as it does.
    by_first: Vec<(usize, usize)>,
    /// Words already stemmed, and whether they matched: a pattern's sections share most of
    /// their words, so each distinct word is stemmed once.
    verdicts: RefCell<FnvHashMap<String, Option<usize>>>,
}

impl StemSet {
    pub fn of_terms(terms: &[String]) -> Self {
        let mut stems: Vec<(String, usize)> = terms
            .iter()
            .map(|t| porter_stem(&t.to_lowercase()))
            .filter(|s| !s.is_empty())
            .map(|s| {
                let head = s.len().saturating_sub(STEM_REWRITE).max(1).min(s.len());
                (s, head)
            })
            .collect();
        stems.sort();
        stems.dedup();
        let first_bytes = stems
            .iter()
            .filter_map(|(s, _)| s.bytes().next())
            .filter(u8::is_ascii)
            .fold(0u128, |bits, b| bits | 1 << b);
        let mut by_first = vec![(0, 0); 128];
        for (at, (stem, _)) in stems.iter().enumerate() {
            if let Some(&b) = stem.as_bytes().first()
                && let Some(range) = by_first.get_mut(usize::from(b))
            {
                if range.1 == range.0 {
                    *range = (at, at + 1);
                } else {
                    range.1 = at + 1;
                }
            }
        }
        Self {
            stems,
            first_bytes,
            by_first,
            verdicts: RefCell::default(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.stems.is_empty()
    }

    /// Whether any word of `text` has one of the stems.
    pub fn found_in(&self, text: &str) -> bool {
        words(text).any(|w| self.stem_of(w).is_some())
    }

    /// For each stem of the set (in [`StemSet::position_of`] order), whether a word of `text`
    /// has it.
    pub fn presence_in(&self, text: &str) -> Vec<bool> {
        let mut present = vec![false; self.stems.len()];
        for word in words(text) {
            if let Some(at) = self.stem_of(word) {
                present[at] = true;
            }
        }
        present
    }

    /// How many of the set's stems words of `texts` have, together, and how many words the
    /// first text holds (a section's body, then its headings).
    pub fn held_by(&self, texts: &[&str]) -> (usize, usize) {
        let mut present = vec![false; self.stems.len()];
        for text in texts {
            for word in words(text) {
                if let Some(at) = self.stem_of(word) {
                    present[at] = true;
                }
            }
        }
        let length = texts.first().map_or(0, |t| words(t).count());
        (present.iter().filter(|p| **p).count(), length)
    }

    /// Where a term's stem stands in the set, if the set holds it.
    pub fn position_of(&self, term: &str) -> Option<usize> {
        let stem = porter_stem(&term.to_lowercase());
        self.stems.iter().position(|(s, _)| *s == stem)
    }

    /// The position of the set's stem that `word` stems to, if any.
    fn stem_of(&self, word: &str) -> Option<usize> {
        if !self.could_stem_to_one(word) {
            return None;
        }
        if let Some(&known) = self.verdicts.borrow().get(word) {
            return known;
        }
        let stem = porter_stem(&word.to_lowercase());
        let found = self.stems.iter().position(|(s, _)| *s == stem);
        self.verdicts.borrow_mut().insert(word.to_string(), found);
        found
    }

    /// A cheap test that rules out most words before stemming them: Porter's steps rewrite
    /// at most the last [`STEM_REWRITE`] letters of a stem and never lengthen a word, so a
    /// word stemming to `s` is at least as long and starts with the rest of `s`.
    fn could_stem_to_one(&self, word: &str) -> bool {
        let Some(&first) = word.as_bytes().first() else {
            return false;
        };
        let candidates = if first.is_ascii() {
            let lower = first.to_ascii_lowercase();
            if self.first_bytes & (1 << lower) == 0 {
                return false;
            }
            let (from, to) = self.by_first[usize::from(lower)];
            &self.stems[from..to]
        } else {
            &self.stems[..]
        };
        candidates.iter().any(|(stem, head)| {
            word.len() >= stem.len()
                && word.as_bytes()[..*head].eq_ignore_ascii_case(&stem.as_bytes()[..*head])
        })
    }
}

/// The words of `text` as `unicode61` splits them: runs of letters and digits (what
/// `split(|c| !c.is_alphanumeric())` yields, without the empty pieces), read a byte at a time
/// where the text is ASCII, since a hook splits every section of the patterns it shows.
fn words(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        let mut start = None;
        while at < bytes.len() {
            let (alphanumeric, width) = match bytes[at] {
                b if b.is_ascii() => (b.is_ascii_alphanumeric(), 1),
                _ => match text[at..].chars().next() {
                    Some(c) => (c.is_alphanumeric(), c.len_utf8()),
                    None => (false, 1),
                },
            };
            match (alphanumeric, start) {
                (true, None) => start = Some(at),
                (false, Some(from)) => {
                    let word = &text[from..at];
                    at += width;
                    return Some(word);
                }
                _ => {}
            }
            at += width;
        }
        start.map(|from| &text[from..])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn words_match_a_split_on_anything_not_alphanumeric(text in "\\PC{0,80}") {
            let expected: Vec<&str> = text
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            proptest::prop_assert_eq!(words(&text).collect::<Vec<_>>(), expected);
        }
    }

    #[test]
    fn words_are_split_as_unicode61_splits_them() {
        for text in [
            "",
            "plain words, and punctuation!",
            "  leading and trailing  ",
            "snake_case kebab-case CamelCase x2 2x",
            "café naïve Ünïcödé — em dash’s quotes «guillemets» 日本語テキスト",
            "ends with a letter",
            "tab\tnew\nline\r\n",
            "emoji 😀 between",
        ] {
            let expected: Vec<&str> = text
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            assert_eq!(words(text).collect::<Vec<_>>(), expected, "{text:?}");
        }
    }

    fn stems(terms: &[&str]) -> StemSet {
        StemSet::of_terms(&terms.iter().map(|t| t.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn inflected_words_match_their_stem() {
        let set = stems(&["retry"]);
        assert!(set.found_in("Retries must back off."));
        assert!(set.found_in("We retried twice"));
        assert!(!set.found_in("Return early."));
    }

    #[test]
    fn words_split_where_the_index_splits_them() {
        let set = stems(&["ledger"]);
        assert!(set.found_in("the session_ledger file"));
        assert!(set.found_in("see `Ledger::claim`"));
        // One token to FTS5, so not a match for a part of it.
        assert!(!set.found_in("SessionLedger"));
        assert!(stems(&["sessionledger"]).found_in("SessionLedger"));
    }

    #[test]
    fn presence_is_reported_per_stem() {
        let set = stems(&["retry", "ledger"]);
        let at = |term: &str| set.position_of(term).unwrap();
        let present = set.presence_in("Retries are logged.");
        assert!(present[at("retries")]);
        assert!(!present[at("ledger")]);
        assert_eq!(set.position_of("absent"), None);
    }

    #[test]
    fn no_stems_match_nothing() {
        assert!(!StemSet::default().found_in("anything at all"));
        assert!(stems(&[]).is_empty());
    }
}
