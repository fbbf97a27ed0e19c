//! A pattern's words, stemmed and counted per field, the way whole-pattern ranking scores
//! them: how often each stem occurs in the path, the title, the tags and description, the
//! body and the section headings, and how many tokens the two ranked texts hold.

use fnv::FnvHashMap;

use crate::core::pattern::Pattern;
use crate::core::query::{StemCache, split_case_words};
use crate::core::sources::naming_path;

/// The fields a pattern's words are counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The pattern's path in the knowledge base.
    Name = 0,
    Title = 1,
    /// Tags and description: what the author says the pattern is about.
    About = 2,
    Body = 3,
    /// The last heading of each section.
    Headings = 4,
}

/// How many fields words are counted in.
pub const FIELD_COUNT: usize = 5;

/// Occurrences of one stem in each [`Field`], indexed by the field's number.
pub type FieldCounts = [u32; FIELD_COUNT];

/// The texts of a pattern's fields.
#[derive(Debug, Clone, Copy)]
pub struct PatternFields<'a> {
    pub name: &'a str,
    pub title: &'a str,
    pub about: &'a str,
    pub body: &'a str,
    pub headings: &'a str,
}

impl<'a> PatternFields<'a> {
    fn texts(&self) -> [(Field, &'a str); FIELD_COUNT] {
        [
            (Field::Name, self.name),
            (Field::Title, self.title),
            (Field::About, self.about),
            (Field::Body, self.body),
            (Field::Headings, self.headings),
        ]
    }
}

/// Tags and description, the words a pattern's author chose to say what it is about.
pub fn about_text(tags: &[String], description: Option<&str>) -> String {
    format!("{} {}", tags.join(" "), description.unwrap_or_default())
}

/// The last heading of each of a pattern's sections, space-separated.
pub fn headings_text<'a>(last_headings: impl IntoIterator<Item = &'a str>) -> String {
    last_headings.into_iter().collect::<Vec<_>>().join(" ")
}

/// A pattern's counted words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PatternTerms {
    /// Each distinct stem with its counts per field, in order of first occurrence.
    pub terms: Vec<(String, FieldCounts)>,
    /// Tokens in everything the pattern says (path, title, about, body).
    pub content_tokens: u32,
    /// Tokens in what it says it is about (path, title, about, headings).
    pub subject_tokens: u32,
}

impl PatternTerms {
    /// The counts of one stem, if the pattern holds it.
    pub fn counts(&self, stem: &str) -> Option<FieldCounts> {
        self.terms.iter().find(|(s, _)| s == stem).map(|(_, c)| *c)
    }
}

/// The text of a pattern's [`Field::Name`]: the path that names it (see
/// [`naming_path`]) with camelCase words split, so `dataFetching.mdc` counts the words
/// `data-fetching.mdc` would.
pub fn name_text(source: &str) -> String {
    split_case_words(&naming_path(source)).into_owned()
}

/// Count a pattern's words per field.
pub fn count_terms(fields: &PatternFields<'_>, stems: &mut StemCache) -> PatternTerms {
    // Stem number → position in `counts`.
    let mut slots: FnvHashMap<u32, usize> = FnvHashMap::default();
    let mut counts: Vec<(u32, FieldCounts)> = Vec::new();
    let mut tokens = [0u32; FIELD_COUNT];
    for (field, text) in fields.texts() {
        let slot = field as usize;
        stems.for_each_stem_number(text, |number| {
            tokens[slot] += 1;
            let at = *slots.entry(number).or_insert_with(|| {
                counts.push((number, [0; FIELD_COUNT]));
                counts.len() - 1
            });
            counts[at].1[slot] += 1;
        });
    }
    let shared = tokens[Field::Name as usize] + tokens[Field::Title as usize];
    let shared = shared + tokens[Field::About as usize];
    PatternTerms {
        terms: counts
            .into_iter()
            .map(|(number, c)| (stems.stem(number).to_string(), c))
            .collect(),
        content_tokens: shared + tokens[Field::Body as usize],
        subject_tokens: shared + tokens[Field::Headings as usize],
    }
}

/// Count a parsed pattern's words per field.
pub fn count_pattern_terms(pattern: &Pattern, stems: &mut StemCache) -> PatternTerms {
    let fm = &pattern.frontmatter;
    let about = about_text(&fm.tags, fm.description.as_deref());
    let headings = headings_text(
        pattern
            .chunks
            .iter()
            .filter_map(|c| c.heading_path.last().map(String::as_str)),
    );
    count_terms(
        &PatternFields {
            name: &name_text(&pattern.source),
            title: &pattern.title,
            about: &about,
            body: &pattern.body,
            headings: &headings,
        },
        stems,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_counted_in_the_field_that_holds_them() {
        let counted = count_terms(
            &PatternFields {
                name: "rust/errors.md",
                title: "Error handling",
                about: "errors rust",
                body: "Return errors early. Errors carry context.",
                headings: "Context",
            },
            &mut StemCache::default(),
        );
        // name, title, about, body, headings
        assert_eq!(counted.counts("error"), Some([1, 1, 1, 2, 0]));
        assert_eq!(counted.counts("context"), Some([0, 0, 0, 1, 1]));
        assert_eq!(counted.counts("md"), Some([1, 0, 0, 0, 0]));
        assert_eq!(counted.counts("handl"), Some([0, 1, 0, 0, 0]));
        assert_eq!(counted.counts("absent"), None);
        // 3 + 2 + 2 + 6 tokens; 3 + 2 + 2 + 1.
        assert_eq!(counted.content_tokens, 13);
        assert_eq!(counted.subject_tokens, 8);
    }

    #[test]
    fn a_camel_case_file_name_counts_the_words_of_its_hyphenated_form() {
        let mut stems = StemCache::default();
        let counted = |source: &str, stems: &mut StemCache| {
            let name = name_text(source);
            count_terms(
                &PatternFields {
                    name: &name,
                    title: "",
                    about: "",
                    body: "",
                    headings: "",
                },
                stems,
            )
        };
        let camel = counted(".cursor/rules/dataFetching.mdc", &mut stems);
        let hyphenated = counted(".cursor/rules/data-fetching.mdc", &mut stems);
        assert_eq!(camel, hyphenated);
        assert!(camel.counts("fetch").is_some());
    }
}
