//! `edit_words`: the search words of an edit (old and new text) or of written content.
//!
//! An edit is about what it changes: the constructs on its added and removed lines that it
//! adds or removes (an edit that trades `==` for `===` is about equality, so a removed
//! construct counts as much as an added one), then the identifiers on those lines, then the
//! identifiers of the unchanged lines around them. A construct on both sides in equal number
//! (a line reworded around it) is not a change. Written content has no old text: its
//! constructs are taken from its first [`SCAN_LINES`] lines, the most frequent first, so a
//! large file does not yield every concept (an edit's constructs, likewise, from its first
//! added and removed lines). Every list is bounded and deterministic.

use super::super::diff::{capped_lines, line_diff};
use super::super::{clean_terms, term_stem, without_url_address};
use super::lexer::{Kind, Lexer, Token};
use super::matcher::Matcher;
use super::{Concept, matchers_for};

/// Most concept words.
pub const MAX_CONCEPT_WORDS: usize = 12;
/// Most words from changed lines, and most from unchanged ones.
const MAX_LINE_WORDS: usize = 12;
/// Lines scanned for constructs: the first of written content, and the first added and the
/// first removed lines of an edit.
const SCAN_LINES: usize = 200;

/// The search words of an edit, by how much they say about it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct EditWords {
    /// Words of the constructs the edit adds or removes, strongest construct first; at most
    /// [`MAX_CONCEPT_WORDS`]. Lower-case single words, ready to search: some are words term
    /// cleaning drops from code (`var`, `exit`), kept here because the construct is the point.
    pub concepts: Vec<String>,
    /// Identifier words of the added lines, then of the removed ones (cleaned by
    /// `clean_terms`); at most twelve.
    pub changed: Vec<String>,
    /// Identifier words of the unchanged lines not in `changed`; at most twelve.
    pub context: Vec<String>,
    /// Written content only: the words of the modules its imports name that `changed` does
    /// not hold (`prisma generated enums` of `@/generated/prisma/enums`), at most twelve. A
    /// new file's first lines are its imports, so `changed` holds only the first few of them.
    pub imported: Vec<String>,
    /// The constructs behind `concepts`, in the same order, for the debug trace.
    pub constructs: Vec<ConstructChange>,
    /// An edit that changes only comments and spacing: its code, token for token, is the
    /// same before and after (a typo fixed in a comment).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub comments_only: bool,
}

/// A construct the edit changed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ConstructChange {
    /// The concept table row (`go-goroutine`, `js-loose-equality`).
    pub name: &'static str,
    pub change: Change,
}

/// How an edit changed a construct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// On more added lines than removed ones.
    Added,
    /// On more removed lines than added ones.
    Removed,
    /// In written content (no old text).
    Written,
}

/// The search words of replacing `old` with `new` in a file of `languages` (canonical names,
/// as `Query::languages`), or of writing `new` when `old` is `None`.
pub fn edit_words(languages: &[String], old: Option<&str>, new: &str) -> EditWords {
    let matchers = matchers_for(languages);
    match old {
        Some(old) => edited(languages, &matchers, old, new),
        None => written(languages, &matchers, new),
    }
}

fn edited(languages: &[String], matchers: &[&Matcher], old: &str, new: &str) -> EditWords {
    let old_lines = capped_lines(old);
    let new_lines = capped_lines(new);
    let diff = line_diff(&old_lines, &new_lines);

    // Per construct: lines added and removed with it, and when it was first met.
    let mut tallies: Vec<Tally> = Vec::new();
    let scanned = |lines: &[usize]| lines.len().min(SCAN_LINES);
    let added = concepts_on(matchers, &new_lines, &diff.added[..scanned(&diff.added)]);
    let removed = concepts_on(
        matchers,
        &old_lines,
        &diff.removed[..scanned(&diff.removed)],
    );
    for concept in added.iter().flatten() {
        tally(&mut tallies, concept).added += 1;
    }
    for concept in removed.iter().flatten() {
        tally(&mut tallies, concept).removed += 1;
    }
    let mut changes: Vec<(&'static Concept, Change, usize)> = tallies
        .iter()
        .filter(|t| t.concept.applies_to(languages) && t.added != t.removed)
        .map(|t| {
            let change = if t.added > t.removed {
                Change::Added
            } else {
                Change::Removed
            };
            (t.concept, change, t.first)
        })
        .collect();
    changes.sort_by_key(|(concept, _, first)| (concept.strength, *first));

    let changed_lines = diff
        .added
        .iter()
        .filter_map(|&i| new_lines.get(i))
        .chain(diff.removed.iter().filter_map(|&i| old_lines.get(i)));
    let changed = line_words(changed_lines, &[]);
    let kept_lines = diff.kept.iter().filter_map(|&i| new_lines.get(i));
    let context = line_words(kept_lines, &changed);

    let (concepts, constructs) = words_of(changes.iter().map(|(c, change, _)| (*c, *change)));
    let comments_only = !diff.added.is_empty() || !diff.removed.is_empty();
    EditWords {
        concepts,
        changed,
        context,
        imported: Vec::new(),
        constructs,
        comments_only: comments_only && same_code(matchers, &old_lines, &new_lines),
    }
}

/// Whether two texts hold the same code, token for token, once comments (their markers and
/// text) are left out; false for a language no lexer knows.
fn same_code(matchers: &[&Matcher], old: &[&str], new: &[&str]) -> bool {
    let Some(matcher) = matchers.first() else {
        return false;
    };
    let syntax = matcher.syntax();
    let marker = |text: &str| {
        syntax.line_comments.contains(&text)
            || syntax
                .block_comments
                .iter()
                .any(|(open, close)| text == *open || text == *close)
    };
    let code = |lines: &[&str]| -> Vec<String> {
        let mut lexer = Lexer::new(syntax);
        let mut tokens: Vec<Token<'_>> = Vec::new();
        let mut out = Vec::new();
        for line in lines {
            lexer.line(line, &mut tokens);
            out.extend(
                tokens
                    .iter()
                    .filter(|t| {
                        t.kind != Kind::Comment && !(t.kind == Kind::Punct && marker(t.text))
                    })
                    .map(|t| t.text.to_string()),
            );
        }
        out
    };
    code(old) == code(new)
}

fn written(languages: &[String], matchers: &[&Matcher], new: &str) -> EditWords {
    let mut lines = capped_lines(new);
    lines.truncate(SCAN_LINES);
    let every: Vec<usize> = (0..lines.len()).collect();
    let mut tallies: Vec<Tally> = Vec::new();
    for concept in concepts_on(matchers, &lines, &every).iter().flatten() {
        tally(&mut tallies, concept).added += 1;
    }
    tallies.retain(|t| t.concept.applies_to(languages));
    tallies.sort_by_key(|t| (t.concept.strength, std::cmp::Reverse(t.added), t.first));
    let (concepts, constructs) = words_of(tallies.iter().map(|t| (t.concept, Change::Written)));
    let changed = line_words(lines.iter(), &[]);
    let imported = imported_words(new, &changed);
    EditWords {
        concepts,
        changed,
        context: Vec::new(),
        imported,
        constructs,
        comments_only: false,
    }
}

/// The first [`MAX_LINE_WORDS`] distinct words of `lines` (cleaned by `clean_terms`) that
/// are not in `known`. Lines are cleaned one at a time, and only until there are enough.
fn line_words<'a>(lines: impl Iterator<Item = &'a &'a str>, known: &[String]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for line in lines {
        for word in clean_terms(line.split_whitespace().map(without_url_address)) {
            if words.len() == MAX_LINE_WORDS {
                return words;
            }
            if !known.contains(&word) && !words.contains(&word) {
                words.push(word);
            }
        }
    }
    words
}

/// The first [`MAX_LINE_WORDS`] words of the modules `content` imports (see
/// `technology::imported_modules`) that are not in `known`.
fn imported_words(content: &str, known: &[String]) -> Vec<String> {
    let modules = super::super::technology::imported_modules(content);
    let parts = modules
        .iter()
        .flat_map(|m| m.split(['/', '.', ':', '-', '_']));
    let mut words: Vec<String> = Vec::new();
    for word in clean_terms(parts) {
        if words.len() == MAX_LINE_WORDS {
            break;
        }
        if !known.contains(&word) && !words.contains(&word) {
            words.push(word);
        }
    }
    words
}

/// One construct's count.
struct Tally {
    concept: &'static Concept,
    added: u32,
    removed: u32,
    /// Order of first sight, for ties.
    first: usize,
}

fn tally<'t>(tallies: &'t mut Vec<Tally>, concept: &'static Concept) -> &'t mut Tally {
    let at = match tallies
        .iter()
        .position(|t| std::ptr::eq(t.concept, concept))
    {
        Some(at) => at,
        None => {
            let first = tallies.len();
            tallies.push(Tally {
                concept,
                added: 0,
                removed: 0,
                first,
            });
            first
        }
    };
    &mut tallies[at]
}

/// The constructs on each of the `wanted` lines (ascending indices into `lines`), one list per
/// wanted line, across every matcher. Lines are lexed in order up to the last wanted one, so
/// a comment or string opened earlier is known; only wanted lines are matched.
fn concepts_on(
    matchers: &[&Matcher],
    lines: &[&str],
    wanted: &[usize],
) -> Vec<Vec<&'static Concept>> {
    let mut found: Vec<Vec<&'static Concept>> = vec![Vec::new(); wanted.len()];
    let Some(&last) = wanted.last() else {
        return found;
    };
    let mut tokens: Vec<Token<'_>> = Vec::new();
    for matcher in matchers {
        let mut lexer = Lexer::new(matcher.syntax());
        let mut next = wanted.iter().zip(found.iter_mut()).peekable();
        for (i, line) in lines.iter().enumerate().take(last + 1) {
            lexer.line(line, &mut tokens);
            if let Some((_, concepts)) = next.next_if(|(w, _)| **w == i) {
                matcher.line_concepts(&tokens, concepts);
            }
        }
    }
    found
}

/// The words of `constructs` in order, each stem once (`errors` of one row stands for `error`
/// of a later one), until [`MAX_CONCEPT_WORDS`]; and the constructs that were reached.
fn words_of(
    constructs: impl Iterator<Item = (&'static Concept, Change)>,
) -> (Vec<String>, Vec<ConstructChange>) {
    let mut words: Vec<String> = Vec::new();
    let mut stems: Vec<String> = Vec::new();
    let mut reached = Vec::new();
    for (concept, change) in constructs {
        if words.len() >= MAX_CONCEPT_WORDS {
            break;
        }
        reached.push(ConstructChange {
            name: concept.name,
            change,
        });
        for word in concept.words.split_whitespace() {
            let stem = term_stem(word);
            if words.len() < MAX_CONCEPT_WORDS && !stems.contains(&stem) {
                words.push(word.to_owned());
                stems.push(stem);
            }
        }
    }
    (words, reached)
}
