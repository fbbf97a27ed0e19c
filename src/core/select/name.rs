//! What a pattern's file name says about its subject, and how much of it a query covers:
//! `rust-mcp-server.md` is about MCP servers in Rust, so a Rust edit that never mentions MCP
//! covers a third of it, while `rust.md` is fully covered. Words that many file names share
//! (`instructions`, `guide`) are filler and say nothing.

use std::collections::{BTreeMap, BTreeSet};

use super::evidence::NameMatch;
use crate::core::query::{porter_stem, split_case_words};
use crate::core::sources::{prescribed_name, without_format_mark};

/// Extensions stripped from a file name before taking its words.
const MARKDOWN_EXTENSIONS: &[&str] = &["md", "markdown", "mdc"];

/// File stems that name a folder's page rather than a subject (`review/index.md`).
const FOLDER_PAGE_STEMS: &[&str] = &["index", "_index", "readme"];

/// The words of a pattern's file name: the file stem split on anything not a letter or digit
/// and at case changes (`dataFetching`, `ErrorHandling`, as `data-fetching` would be),
/// lower-cased, numbers (`2.04`) dropped, each once. Only the stem: directories group files
/// (collections, teams) more often than they name a subject; but a folder's page
/// (`review/index.md`, `auth/README.md`) is named by its folder. A format's mark
/// (`.instructions`) is not a word: the same rule reads the same in any agent's format.
pub fn name_words(source: &str) -> Vec<String> {
    let mut parts = source.rsplit('/');
    let file = parts.next().unwrap_or(source);
    let mut stem = match file.rsplit_once('.') {
        Some((stem, ext)) if MARKDOWN_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()) => {
            stem
        }
        _ => file,
    };
    stem = without_format_mark(stem);
    if FOLDER_PAGE_STEMS.contains(&stem.to_ascii_lowercase().as_str()) {
        if let Some(folder) = parts.next().filter(|f| !f.is_empty()) {
            stem = folder;
        }
    }
    let mut words: Vec<String> = Vec::new();
    let stem = split_case_words(stem);
    for word in stem.split(|c: char| !c.is_alphanumeric()) {
        let word = word.to_lowercase();
        if word.is_empty() || word.chars().all(|c| c.is_ascii_digit()) || words.contains(&word) {
            continue;
        }
        words.push(word);
    }
    words
}

/// The same word in another form (`exceptions`/`except`, `imports`/`import`, `testing`/
/// `tests`): equal, with the same stem, or the shorter (at least four letters) starts the
/// longer, which adds at most four letters (`type` is not `typescript`).
pub fn same_word(a: &str, b: &str) -> bool {
    StemmedWord::new(a).same_as(&StemmedWord::new(b))
}

/// A word with its Porter stem, so comparing it with many others stems it once: a hook
/// compares every name word of every candidate with every term of the call.
#[derive(Debug, Clone)]
struct StemmedWord {
    word: String,
    stem: String,
}

impl StemmedWord {
    fn new(word: &str) -> Self {
        Self {
            word: word.to_string(),
            stem: porter_stem(word),
        }
    }

    /// See [`same_word`].
    fn same_as(&self, other: &StemmedWord) -> bool {
        let (a, b) = (self.word.as_str(), other.word.as_str());
        if a == b || self.stem == other.stem {
            return true;
        }
        let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
        short.len() >= 4 && long.len() - short.len() <= 4 && long.starts_with(short)
    }

    fn in_list(&self, list: &[StemmedWord]) -> bool {
        list.iter().any(|w| self.same_as(w))
    }
}

fn stemmed<'a>(words: impl IntoIterator<Item = &'a String>) -> Vec<StemmedWord> {
    words.into_iter().map(|w| StemmedWord::new(w)).collect()
}

/// A file-name word is filler when more than one name in this many has it (and more than
/// [`FILLER_MIN_NAMES`] do, so a team's ten files do not turn every word into filler).
const FILLER_SHARE: usize = 20;
const FILLER_MIN_NAMES: usize = 5;

/// The filler words of a knowledge base's file names, from every pattern's source path.
pub fn filler_words<'a>(sources: impl IntoIterator<Item = &'a str>) -> BTreeSet<String> {
    let mut patterns = 0;
    let mut frequency: BTreeMap<String, usize> = BTreeMap::new();
    for source in sources {
        patterns += 1;
        for word in name_words(source) {
            *frequency.entry(word).or_default() += 1;
        }
    }
    frequency
        .into_iter()
        .filter(|(_, n)| *n > FILLER_MIN_NAMES && n * FILLER_SHARE > patterns)
        .map(|(word, _)| word)
        .collect()
}

/// The share (0..1) of a pattern name's subject words that the query terms cover; `None`
/// when the name has no subject words (`AGENTS.md`, `2.04.md`), which says nothing.
pub fn name_coverage(source: &str, terms: &[String], filler: &BTreeSet<String>) -> Option<f64> {
    NameQuery::new(&[], terms, &[]).coverage(source, filler)
}

/// Words that say what kind of document a file is, not what it is about (`go-style-guide`,
/// `python-best-practices`, `rust-general`).
const GENRE_WORDS: &[&str] = &[
    "advanced",
    "basic",
    "basics",
    "best",
    "conventions",
    "developer",
    "development",
    "expert",
    "general",
    "guide",
    "guidelines",
    "instructions",
    "overview",
    "practices",
    "rules",
    "standards",
    "tips",
];

/// Short joining words of file names (`ruby-on-rails`, `svelte-5-vs-svelte-4`).
const JOINING_WORDS: &[&str] = &["and", "for", "in", "of", "on", "the", "to", "vs", "with"];

/// The words of a name that say what it is about: not filler many names share, not a genre
/// word, not a joining word, and not a truncated filler word (`...-prompt-f.md`, `-cursorru`).
/// A name a rule format prescribes (`AGENTS.md`, `copilot-instructions.md`) says which agent
/// reads the file, never what it is about: `copilot-instructions.md` is no guide to a
/// Copilot SDK.
fn subject_words(source: &str, filler: &BTreeSet<String>) -> Vec<String> {
    if prescribed_name(source) {
        return Vec::new();
    }
    name_words(source)
        .into_iter()
        .filter(|w| is_subject_word(w, filler))
        .collect()
}

fn is_subject_word(w: &str, filler: &BTreeSet<String>) -> bool {
    !filler.contains(w)
        && !GENRE_WORDS.contains(&w)
        && !JOINING_WORDS.contains(&w)
        && !filler.iter().any(|f| f.len() > w.len() && f.starts_with(w))
}

/// What covers every subject word of a pattern's name: the call's `stack` alone (its
/// languages and technologies), its own `terms` (the stack included), or only with the
/// `weak_terms` (from the user's message, or the directories the touched file sits in); None
/// when some word stays uncovered or the name has no subject words.
pub fn name_match(
    source: &str,
    stack: &[String],
    terms: &[String],
    weak_terms: &[String],
    filler: &BTreeSet<String>,
) -> Option<NameMatch> {
    NameQuery::new(stack, terms, weak_terms).matches(source, filler)
}

/// One call's words, stemmed once, to hold against the names of many candidates: see
/// [`name_coverage`] and [`name_match`].
#[derive(Debug, Clone)]
pub struct NameQuery {
    /// The call's terms, for coverage.
    terms: Vec<StemmedWord>,
    /// The stack's names, each as its words (`spring boot`, and `springboot` without its
    /// hyphen): a name of several words names a file only whole, so `testing.md` is not
    /// named for `testing library`.
    stack_names: Vec<Vec<StemmedWord>>,
    /// The call's own terms (not the weak ones) and the stack.
    call: Vec<StemmedWord>,
    /// Every term and the stack.
    all: Vec<StemmedWord>,
}

impl NameQuery {
    /// `stack`: the stack's names (`spring boot`, `spring-boot`: words joined by spaces or
    /// hyphens); `terms` the call's terms, `weak_terms` those of them only the message or the
    /// touched file's folders gave.
    pub fn new(stack: &[String], terms: &[String], weak_terms: &[String]) -> Self {
        let mut stack_names: Vec<Vec<StemmedWord>> = Vec::new();
        for name in stack {
            let words: Vec<String> = name
                .split([' ', '-'])
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect();
            if words.len() > 1 {
                stack_names.push(stemmed(&[words.concat()]));
            }
            stack_names.push(stemmed(&words));
        }
        let stack = stack_names.iter().flatten();
        let terms = stemmed(terms);
        let call: Vec<StemmedWord> = terms
            .iter()
            .filter(|t| !weak_terms.contains(&t.word))
            .chain(stack.clone())
            .cloned()
            .collect();
        let all: Vec<StemmedWord> = terms.iter().chain(stack).cloned().collect();
        Self {
            terms,
            stack_names,
            call,
            all,
        }
    }

    /// See [`name_coverage`].
    pub fn coverage(&self, source: &str, filler: &BTreeSet<String>) -> Option<f64> {
        let subject: Vec<StemmedWord> = name_words(source)
            .iter()
            .filter(|w| !filler.contains(*w))
            .map(|w| StemmedWord::new(w))
            .collect();
        if subject.is_empty() {
            return None;
        }
        let covered = subject.iter().filter(|w| w.in_list(&self.terms)).count();
        Some(covered as f64 / subject.len() as f64)
    }

    /// See [`name_match`].
    pub fn matches(&self, source: &str, filler: &BTreeSet<String>) -> Option<NameMatch> {
        self.match_of(&stemmed(&subject_words(source, filler)))
    }

    /// [`Self::coverage`] and [`Self::matches`] at once, splitting and stemming the name
    /// once: a hook asks both of every candidate it reads.
    pub fn coverage_and_match(
        &self,
        source: &str,
        filler: &BTreeSet<String>,
    ) -> (Option<f64>, Option<NameMatch>) {
        let words: Vec<StemmedWord> = name_words(source)
            .iter()
            .filter(|w| !filler.contains(*w))
            .map(|w| StemmedWord::new(w))
            .collect();
        let coverage = (!words.is_empty()).then(|| {
            let covered = words.iter().filter(|w| w.in_list(&self.terms)).count();
            covered as f64 / words.len() as f64
        });
        let subject: Vec<StemmedWord> = if prescribed_name(source) {
            Vec::new()
        } else {
            words
                .into_iter()
                .filter(|w| is_subject_word(&w.word, filler))
                .collect()
        };
        (coverage, self.match_of(&subject))
    }

    fn match_of(&self, subject: &[StemmedWord]) -> Option<NameMatch> {
        if subject.is_empty() {
            return None;
        }
        let covered_by = |list: &[StemmedWord]| subject.iter().all(|w| w.in_list(list));
        if self.stack_covers(subject) {
            Some(NameMatch::Stack)
        } else if covered_by(&self.call) {
            Some(NameMatch::Call)
        } else if covered_by(&self.all) {
            Some(NameMatch::Message)
        } else {
            None
        }
    }

    /// Whether every subject word belongs to a stack name the subject holds whole, its words
    /// in order (`spring-boot-and-python.md` for `spring boot` and `python`; not `testing.md`
    /// for `testing library`).
    fn stack_covers(&self, subject: &[StemmedWord]) -> bool {
        let mut covered = vec![false; subject.len()];
        for name in &self.stack_names {
            if name.is_empty() || name.len() > subject.len() {
                continue;
            }
            for start in 0..=subject.len() - name.len() {
                let here = name
                    .iter()
                    .enumerate()
                    .all(|(k, w)| subject[start + k].same_as(w));
                if here {
                    covered[start..start + name.len()].fill(true);
                }
            }
        }
        covered.iter().all(|c| *c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_words_come_from_the_file_stem() {
        assert_eq!(
            name_words("awesome-copilot/rust-mcp-server.instructions.md"),
            ["rust", "mcp", "server"]
        );
        assert_eq!(name_words("pyguide/2.04-exceptions.md"), ["exceptions"]);
        assert_eq!(name_words("AGENTS.md"), ["agents"]);
        assert_eq!(name_words("notes.txt"), ["notes", "txt"]);
    }

    #[test]
    fn a_camel_case_name_has_the_words_of_its_hyphenated_form() {
        for (camel, hyphenated) in [
            ("dataFetching.mdc", "data-fetching.mdc"),
            ("rules/ErrorHandling.md", "rules/error-handling.md"),
            ("e2eTesting.instructions.md", "e2e-testing.instructions.md"),
        ] {
            assert_eq!(name_words(camel), name_words(hyphenated), "{camel}");
        }
        assert_eq!(name_words("APIConventions.md"), ["api", "conventions"]);
    }

    #[test]
    fn a_folder_page_is_named_by_its_folder() {
        assert_eq!(name_words("eng/review/index.md"), ["review"]);
        assert_eq!(name_words("auth-flow/README.md"), ["auth", "flow"]);
        assert_eq!(name_words("docs/_index.md"), ["docs"]);
        // At the root there is no folder to name it.
        assert_eq!(name_words("README.md"), ["readme"]);
        // Only the whole stem: an index of something is about that something.
        assert_eq!(name_words("db/index-design.md"), ["index", "design"]);
    }

    #[test]
    fn same_word_accepts_inflections_not_other_words() {
        assert!(same_word("exceptions", "except"));
        assert!(same_word("import", "imports"));
        assert!(!same_word("type", "typescript"));
        assert!(!same_word("go", "goroutine"));
        assert!(same_word("testing", "tests"));
    }

    #[test]
    fn filler_is_what_many_names_share() {
        let mut sources: Vec<String> = (0..30).map(|i| format!("x{i}-notes.md")).collect();
        sources.push("rust-mcp-server-notes.md".into());
        let filler = filler_words(sources.iter().map(String::as_str));
        assert_eq!(filler.into_iter().collect::<Vec<_>>(), ["notes"]);
        // A small knowledge base has no filler: every word of its few names means something.
        let few = ["a-guide.md", "b-guide.md", "c-guide.md"];
        assert!(filler_words(few).is_empty());
    }

    #[test]
    fn a_name_is_matched_by_the_language_the_call_or_the_message() {
        let filler: BTreeSet<String> = ["instructions".to_string(), "prompt".to_string()].into();
        let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (languages, terms) = (list(&["go"]), list(&["errors", "wrap", "go", "timeout"]));
        let message = list(&["timeout"]);
        let matched = |source: &str| name_match(source, &languages, &terms, &message, &filler);
        assert_eq!(matched("go.instructions.md"), Some(NameMatch::Stack));
        assert_eq!(
            matched("go-best-practices-promp.md"),
            Some(NameMatch::Stack)
        );
        assert_eq!(matched("uber/error-wrap.md"), Some(NameMatch::Call));
        assert_eq!(matched("timeout.md"), Some(NameMatch::Message));
        assert_eq!(matched("go-mcp-server.md"), None);
        assert_eq!(matched("instructions.md"), None);
        let stack = list(&["python", "spring-boot"]);
        let matched = |source: &str| name_match(source, &stack, &terms, &message, &filler);
        assert_eq!(
            matched("springboot.instructions.md"),
            Some(NameMatch::Stack)
        );
        assert_eq!(matched("spring-boot-and-python.md"), Some(NameMatch::Stack));
        // A name of several words names a file only whole: its parts are no stack.
        let web = list(&["react", "testing library", "react router dom"]);
        let matched = |source: &str| name_match(source, &web, &terms, &message, &filler);
        assert_ne!(matched("testing.md"), Some(NameMatch::Stack));
        assert_ne!(matched("router.md"), Some(NameMatch::Stack));
        assert_eq!(matched("react-testing-library.md"), Some(NameMatch::Stack));
        assert_eq!(matched("react.md"), Some(NameMatch::Stack));
    }

    #[test]
    fn coverage_counts_subject_words_only() {
        let filler: BTreeSet<String> = ["instructions".to_string()].into();
        let terms = vec!["rust".to_string(), "error".to_string()];
        assert_eq!(
            name_coverage("rust.instructions.md", &terms, &filler),
            Some(1.0)
        );
        let partial = name_coverage("rust-mcp-server.instructions.md", &terms, &filler).unwrap();
        assert!((partial - 1.0 / 3.0).abs() < 1e-9);
        assert_eq!(name_coverage("2.04.md", &terms, &filler), None);
        assert_eq!(name_coverage("instructions.md", &terms, &filler), None);
    }

    #[test]
    fn a_rule_reads_the_same_in_any_agent_s_format() {
        // A team's few Copilot files: `instructions` is no filler there, and is still no word
        // of the name, which a Rust edit covers whole as it covers `rust.mdc`.
        let none = BTreeSet::new();
        let terms = vec!["rust".to_string(), "error".to_string()];
        for source in [
            ".github/instructions/rust.instructions.md",
            ".cursor/rules/rust.mdc",
            ".claude/rules/rust.md",
        ] {
            assert_eq!(name_coverage(source, &terms, &none), Some(1.0), "{source}");
        }
    }

    #[test]
    fn a_name_a_format_prescribes_matches_no_stack() {
        let none = BTreeSet::new();
        let stack = vec!["copilot-sdk".to_string(), "claude".to_string()];
        let terms = vec!["agent".to_string()];
        let matched = |source: &str| name_match(source, &stack, &terms, &[], &none);
        assert_eq!(matched(".github/copilot-instructions.md"), None);
        assert_eq!(matched("CLAUDE.md"), None);
        assert_eq!(matched("AGENTS.md"), None);
        // A team's own file named for the technology still is its guide.
        assert_eq!(matched("docs/copilot.md"), Some(NameMatch::Stack));
        assert_eq!(matched(".cursor/rules/claude.mdc"), Some(NameMatch::Stack));
    }

    #[test]
    fn coverage_and_match_at_once_agree_with_each_asked_alone() {
        let filler: BTreeSet<String> = ["instructions".to_string()].into();
        let query = NameQuery::new(
            &["rust".to_string(), "spring-boot".to_string()],
            &[
                "errors".to_string(),
                "rust".to_string(),
                "tests".to_string(),
            ],
            &["tests".to_string()],
        );
        for source in [
            "rust-errors.instructions.md",
            "team/rust.md",
            "spring-boot-testing-guide.md",
            "AGENTS.md",
            "x/README.md",
            "go-style-guide.md",
            "2.04.md",
            "exceptions-and-tests.md",
        ] {
            assert_eq!(
                query.coverage_and_match(source, &filler),
                (
                    query.coverage(source, &filler),
                    query.matches(source, &filler)
                ),
                "{source}"
            );
        }
    }
}
