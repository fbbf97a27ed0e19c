//! The Porter stemmer as SQLite's FTS5 `porter` tokenizer applies it, so lore can tell which
//! query terms fall together in the index (`errors`, `error`) and look up how many patterns
//! hold a term without asking FTS5. Written from Porter's 1980 algorithm with FTS5's details:
//! words shorter than 3 or longer than 64 bytes are left alone, `y` counts as a vowel in the
//! `*v*` test wherever it is not first, and within a step only the first rule whose suffix
//! matches is tried. `tests/stemmer.rs` checks it against SQLite on the whole corpus.

/// The stem FTS5's porter tokenizer gives a lower-case token.
pub fn porter_stem(word: &str) -> String {
    if word.len() < 3 || word.len() > 64 {
        return word.to_string();
    }
    let mut w = word.as_bytes().to_vec();
    step_1a(&mut w);
    if step_1b(&mut w) && !apply_first(&mut w, STEP_1B2) {
        let last = w[w.len() - 1];
        if !is_vowel(last, false)
            && !matches!(last, b'l' | b's' | b'z')
            && w.len() > 1
            && last == w[w.len() - 2]
        {
            w.pop();
        } else if measure_is(&w, 1) && ends_cvc(&w) {
            w.push(b'e');
        }
    }
    if w.last() == Some(&b'y') && has_vowel(&w[..w.len() - 1]) {
        let end = w.len() - 1;
        w[end] = b'i';
    }
    apply_first(&mut w, STEP_2);
    apply_first(&mut w, STEP_3);
    apply_first(&mut w, STEP_4);
    if w.last() == Some(&b'e') {
        let stem = &w[..w.len() - 1];
        if measure_above(stem, 1) || (measure_is(stem, 1) && !ends_cvc(stem)) {
            w.pop();
        }
    }
    if w.len() > 1 && w.ends_with(b"ll") && measure_above(&w[..w.len() - 1], 1) {
        w.pop();
    }
    // Suffix rules only touch ASCII, but a doubled byte inside a multi-byte character
    // could be dropped: keep such a word whole.
    String::from_utf8(w).unwrap_or_else(|_| word.to_string())
}

/// When a rule may fire, judged on the stem left once its suffix is removed.
#[derive(Clone, Copy)]
enum Condition {
    Always,
    /// m > 0
    MeasureAbove0,
    /// m > 1
    MeasureAbove1,
    /// m > 1 and the stem ends in `s` or `t`
    MeasureAbove1EndsST,
    /// the stem contains a vowel
    HasVowel,
}

/// (suffix, replacement, condition), in the order FTS5 tries them.
type Rule = (&'static [u8], &'static [u8], Condition);

use Condition::{Always, HasVowel, MeasureAbove0 as M0, MeasureAbove1 as M1, MeasureAbove1EndsST};

const STEP_1B: &[Rule] = &[
    (b"eed", b"ee", M0),
    (b"ed", b"", HasVowel),
    (b"ing", b"", HasVowel),
];

const STEP_1B2: &[Rule] = &[
    (b"at", b"ate", Always),
    (b"bl", b"ble", Always),
    (b"iz", b"ize", Always),
];

#[rustfmt::skip]
const STEP_2: &[Rule] = &[
    (b"ational", b"ate", M0), (b"tional", b"tion", M0), (b"enci", b"ence", M0),
    (b"anci", b"ance", M0), (b"izer", b"ize", M0), (b"logi", b"log", M0), (b"bli", b"ble", M0),
    (b"alli", b"al", M0), (b"entli", b"ent", M0), (b"eli", b"e", M0), (b"ousli", b"ous", M0),
    (b"ization", b"ize", M0), (b"ation", b"ate", M0), (b"ator", b"ate", M0),
    (b"alism", b"al", M0), (b"iveness", b"ive", M0), (b"fulness", b"ful", M0),
    (b"ousness", b"ous", M0), (b"aliti", b"al", M0), (b"iviti", b"ive", M0),
    (b"biliti", b"ble", M0),
];

#[rustfmt::skip]
const STEP_3: &[Rule] = &[
    (b"ical", b"ic", M0), (b"ness", b"", M0), (b"icate", b"ic", M0), (b"iciti", b"ic", M0),
    (b"ful", b"", M0), (b"ative", b"", M0), (b"alize", b"al", M0),
];

#[rustfmt::skip]
const STEP_4: &[Rule] = &[
    (b"al", b"", M1), (b"ance", b"", M1), (b"ence", b"", M1), (b"er", b"", M1), (b"ic", b"", M1),
    (b"able", b"", M1), (b"ible", b"", M1), (b"ant", b"", M1), (b"ement", b"", M1),
    (b"ment", b"", M1), (b"ent", b"", M1), (b"ion", b"", MeasureAbove1EndsST), (b"ou", b"", M1),
    (b"ism", b"", M1), (b"ate", b"", M1), (b"iti", b"", M1), (b"ous", b"", M1), (b"ive", b"", M1),
    (b"ize", b"", M1),
];

/// Try `rules` in order: the first whose suffix ends the word (leaving a non-empty stem)
/// decides, applied when its condition holds. Returns whether a rule was applied.
fn apply_first(w: &mut Vec<u8>, rules: &[Rule]) -> bool {
    let Some((suffix, replacement, condition)) = rules
        .iter()
        .find(|(suffix, _, _)| w.len() > suffix.len() && w.ends_with(suffix))
    else {
        return false;
    };
    let stem = w.len() - suffix.len();
    let holds = match condition {
        Always => true,
        M0 => measure_above(&w[..stem], 0),
        M1 => measure_above(&w[..stem], 1),
        MeasureAbove1EndsST => matches!(w[stem - 1], b's' | b't') && measure_above(&w[..stem], 1),
        HasVowel => has_vowel(&w[..stem]),
    };
    if holds {
        w.truncate(stem);
        w.extend_from_slice(replacement);
    }
    holds
}

/// `sses` → `ss`, `ies` → `i`, `s` → `` (but `ss` stays).
fn step_1a(w: &mut Vec<u8>) {
    let n = w.len();
    if w[n - 1] != b's' {
        return;
    }
    if w[n - 2] == b'e' {
        let sses = n > 4 && w[n - 4] == b's' && w[n - 3] == b's';
        let ies = n > 3 && w[n - 3] == b'i';
        w.truncate(if sses || ies { n - 2 } else { n - 1 });
    } else if w[n - 2] != b's' {
        w.truncate(n - 1);
    }
}

/// `eed`, `ed`, `ing`; true when `ed` or `ing` was removed (the cue for the clean-up rules).
fn step_1b(w: &mut Vec<u8>) -> bool {
    let before = w.len();
    let ed_or_ing = !w.ends_with(b"eed");
    apply_first(w, STEP_1B) && ed_or_ing && w.len() < before
}

/// `y` is a vowel after a consonant.
fn is_vowel(c: u8, y_is_vowel: bool) -> bool {
    matches!(c, b'a' | b'e' | b'i' | b'o' | b'u') || (y_is_vowel && c == b'y')
}

/// Each letter's kind, left to right: true for a consonant.
fn consonants(w: &[u8]) -> impl Iterator<Item = bool> + '_ {
    let mut previous_consonant = false;
    w.iter().map(move |&c| {
        previous_consonant = !is_vowel(c, previous_consonant);
        previous_consonant
    })
}

/// Porter's m: the number of vowel-consonant sequences.
fn measure(w: &[u8]) -> usize {
    let mut m = 0;
    let mut seen_vowel = false;
    for consonant in consonants(w) {
        if !consonant {
            seen_vowel = true;
        } else if seen_vowel {
            m += 1;
            seen_vowel = false;
        }
    }
    m
}

fn measure_above(w: &[u8], n: usize) -> bool {
    measure(w) > n
}

fn measure_is(w: &[u8], n: usize) -> bool {
    measure(w) == n
}

/// `*v*` as FTS5 tests it: a vowel, counting `y` anywhere but first.
fn has_vowel(w: &[u8]) -> bool {
    w.iter().enumerate().any(|(i, &c)| is_vowel(c, i > 0))
}

/// `*o`: ends consonant-vowel-consonant, the last not `w`, `x` or `y`.
fn ends_cvc(w: &[u8]) -> bool {
    if matches!(w.last(), Some(b'w' | b'x' | b'y') | None) {
        return false;
    }
    let kinds: Vec<bool> = consonants(w).collect();
    kinds.len() >= 3 && kinds[kinds.len() - 3..] == [true, false, true]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_examples_stem_as_porter_wrote() {
        for (word, stem) in [
            ("caresses", "caress"),
            ("ponies", "poni"),
            ("cats", "cat"),
            ("feed", "feed"),
            ("agreed", "agre"),
            ("plastered", "plaster"),
            ("motoring", "motor"),
            ("sing", "sing"),
            ("conflated", "conflat"),
            ("hopping", "hop"),
            ("falling", "fall"),
            ("filing", "file"),
            ("happy", "happi"),
            ("relational", "relat"),
            ("conditional", "condit"),
            ("generalization", "gener"),
            ("errors", "error"),
            ("exceptions", "except"),
            ("handling", "handl"),
            ("controllers", "control"),
            ("go", "go"),
            ("ab", "ab"),
        ] {
            assert_eq!(porter_stem(word), stem, "{word}");
        }
    }
}
