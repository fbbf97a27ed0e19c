//! Evidence: what each source says about one candidate pattern for one call, and the score
//! its words earn.
//!
//! A pattern is ranked as one document, not by its best section: the question a hook answers
//! is "which conventions apply", and a convention file is judged by everything it says. Two
//! full-text scores feed the word score:
//!
//! - **content**: BM25 over the whole pattern (path, title, tags and description, body), so a
//!   file that talks about the query's words throughout beats one lucky section;
//! - **subject**: BM25 over what the pattern says it is about (path, title, tags and
//!   description, section headings), short fields where one matching word weighs a lot.
//!
//! Their sum is scaled by how much of the file name's subject the call covers (see
//! [`super::name`]): `rust-mcp-server.md` matches every Rust edit by its words, but an edit that
//! never mentions MCP covers a third of what the file is about.
//!
//! ```text
//! words = (content + SUBJECT_WEIGHT · subject) · (1 − COVERAGE_WEIGHT + COVERAGE_WEIGHT · coverage)
//! ```
//!
//! (BM25 values negated, so higher is better; a name without subject words counts as half
//! covered.) The weights were measured on the shared eval set (`docs/benchmarks.md`).

use super::globs::GlobKind;
use super::task_guide::TaskGuide;

/// Everything known about one candidate for one call.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct Evidence {
    /// A universal pattern whose `applies_when` names this call.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub universal: bool,
    /// The most specific `paths` glob that matched the touched file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub glob: Option<GlobMatch>,
    /// The regex of another agent's content-scoped rule (Continue's `regex`) that matched
    /// what the call writes or replaces, where its globs (if any) matched the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// The pattern's `paths` name parts of the project (`tests/**`, `**/*.agent.md`), and the
    /// file the call touches is in none of them.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub outside_paths: bool,
    /// The pattern's `paths` leave the touched file out, but say it may be about it all the
    /// same, so its words judge it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paths_lifted: Option<PathsLift>,
    /// A rule file its author scoped by globs, on a call that touches no file: its name
    /// naming the call's stack was set aside, and its words judged it (see
    /// `bar::judge_words_unnamed`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub name_set_aside: bool,
    /// The agent-instructions file of the project the call is in, at this depth below the
    /// project root (nearer files are more specific).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project_depth: Option<usize>,
    /// The technologies the pattern is specific to, and which of them the call's context has.
    #[serde(skip_serializing_if = "TechnologyEvidence::is_empty")]
    pub technology: TechnologyEvidence,
    /// The pattern guides one task (an upgrade, a conversion), and whether the call names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task_guide: Option<TaskGuide>,
    /// The pattern is about tests by its file name or title, and the call is not (see
    /// `test_code::is_about_tests`): its words match everyday code too (models, fixtures of
    /// the domain), yet it applies while tests are written or run.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tests_elsewhere: bool,
    /// The language gate admits the pattern only through a language the call is in by
    /// relation (JavaScript for a TypeScript file), not through the call's own.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub related_language_only: bool,
    /// The harness loaded this rule file into the model's context itself: it is not injected,
    /// so its words set no standard for the candidates that may be.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub loaded_by_harness: bool,
    /// What the call's words found.
    pub words: WordEvidence,
    /// What vector similarity found, when hybrid search took part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vector: Option<VectorEvidence>,
}

/// The technologies a pattern is specific to, and the one the call's context has.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct TechnologyEvidence {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pattern: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matched: Option<TechnologyMatch>,
    /// Neither the call nor its project shows any technology: nothing rules the pattern's
    /// technologies out, they are only unconfirmed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stack_unknown: bool,
    /// None of the pattern's technologies bears on the call, but the project's root files
    /// show this one, used from any language (a database, a cloud): enough for a pattern its
    /// author scoped to the touched file's part of the project (see `bar::judge`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project_wide: Option<String>,
}

impl TechnologyEvidence {
    pub fn is_empty(&self) -> bool {
        self.pattern.is_empty()
    }

    /// The pattern is specific to technologies none of which the call's context has.
    pub fn excludes(&self) -> bool {
        !self.pattern.is_empty() && self.matched.is_none()
    }

    /// The call itself or its project has one of the pattern's technologies.
    pub fn matches_stack(&self) -> bool {
        self.matched
            .as_ref()
            .is_some_and(|m| m.source != TechnologySource::Message)
    }
}

/// One of a pattern's technologies, as the call's context has it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TechnologyMatch {
    pub technology: String,
    pub source: TechnologySource,
}

/// Where the call's context shows a technology, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TechnologySource {
    /// The touched file, the code, the command or the call's own prose.
    Call,
    /// The project's root files, for a call in a language the technology is written in.
    Project,
    /// Only the user's message.
    Message,
}

impl TechnologyEvidence {
    /// The evidence for a pattern specific to `pattern`, against the technologies of the call
    /// itself, its project and the user's message.
    pub fn of(
        pattern: Vec<String>,
        call: &[String],
        project: &[String],
        message: &[String],
    ) -> Self {
        let find = |list: &[String], source| {
            pattern
                .iter()
                .find(|t| list.contains(t))
                .map(|t| TechnologyMatch {
                    technology: t.clone(),
                    source,
                })
        };
        let matched = find(call, TechnologySource::Call)
            .or_else(|| find(project, TechnologySource::Project))
            .or_else(|| find(message, TechnologySource::Message));
        Self {
            pattern,
            matched,
            stack_unknown: call.is_empty() && project.is_empty(),
            project_wide: None,
        }
    }

    /// This evidence, with the project's technologies used from any language
    /// (`Query::project_wide_technologies`) looked up when nothing else matched.
    pub fn with_project_wide(mut self, project_wide: &[String]) -> Self {
        if self.matched.is_none() {
            self.project_wide = self
                .pattern
                .iter()
                .find(|t| project_wide.contains(t))
                .cloned();
        }
        self
    }
}

/// A `paths` glob that matched the touched file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct GlobMatch {
    pub glob: String,
    pub kind: GlobKind,
}

/// What full-text search found about one pattern.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct WordEvidence {
    /// BM25 of the whole pattern (lower is better); None when no word matched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content_bm25: Option<f64>,
    /// BM25 of the pattern's subject fields; None when none matched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject_bm25: Option<f64>,
    /// Share of the file name's subject words the call covers; None: the name has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_coverage: Option<f64>,
    /// What covers the whole of the file name's subject, if anything does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_match: Option<NameMatch>,
    /// The query terms the pattern holds, in query order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub matched: Vec<MatchedTerm>,
    /// The pattern's length over the mean length of the index's patterns; None: unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length_ratio: Option<f64>,
    /// How many distinctive words of the call the pattern's most concentrated section holds
    /// (see `sections::concentrated_breadth`); None: not read, as only a long pattern that
    /// trails the call's best is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section_breadth: Option<f64>,
}

/// What covers every subject word of a pattern's file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NameMatch {
    /// The call's languages and technologies alone (`rust.md`, `go.instructions.md` for a Go
    /// edit, `nestjs.instructions.md` in a NestJS project): the general convention file of
    /// the stack the call is in.
    Stack,
    /// The call's own terms (`errors.md` for an edit about errors).
    Call,
    /// Only with the user's message.
    Message,
}

/// One query term a pattern holds.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MatchedTerm {
    pub term: String,
    /// How distinctive the term is in this index (0..1, see `bm25::term_weight`).
    pub weight: f64,
    /// Held in what the pattern's author says it is about (its path, title, tags or
    /// description), not only in its text or headings.
    pub subject: bool,
    /// Only the user's message gave the term, not the call itself.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub from_message: bool,
    /// The term names one of the call's languages: it says which language, not what the
    /// call is about.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub language: bool,
    /// The term is what the call writes, as conventions name it (`commit`, `message` for a
    /// `git commit`; see `Query::topic_terms`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub topic: bool,
    /// Only the constructs of a whole file being written gave the term (see
    /// `Query::written_terms`): a new file holds every construct it uses.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub written: bool,
}

/// A term at least this distinctive (see `bm25::term_weight`: 1 for a word one pattern holds)
/// says what a call is about; commoner words (`fix`, `page`, `user`, the product's name)
/// match by chance. A third of the rarest weight is a word one pattern in ten holds in a
/// thousand-pattern index, one in three in a team's dozen files.
pub const DISTINCTIVE_WEIGHT: f64 = 0.33;

impl MatchedTerm {
    /// A term of the call itself that says the pattern is about it: not a language name, not
    /// only from the user's message, and either distinctive or named by the pattern's author
    /// as what it is about.
    pub fn is_call_evidence(&self) -> bool {
        !self.language && !self.from_message && (self.weight >= DISTINCTIVE_WEIGHT || self.subject)
    }
}

/// Why a pattern's `paths`, which leave the touched file out, do not rule it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PathsLift {
    /// Its text names the file's folder as a folder (`.changes/`; see
    /// `core::select::folder_mention`): it says how the files there are written.
    NamesFolder,
    /// Its globs select tests (`**/src/test/**`), and the file is a test by its name outside
    /// them (see `core::select::test_code`).
    TestElsewhere,
}

/// What vector similarity said about a pattern's best section.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct VectorEvidence {
    /// 1-based rank among patterns by best section similarity.
    pub rank: usize,
    pub similarity: f32,
    /// How far the best section stands above the query's mean similarity (standard deviations).
    pub z: f32,
    /// Raw reciprocal-rank-fusion sum with the full-text order.
    pub rrf: f64,
    /// The fused score normalised to 0..1 (see `fusion`), which `min_relevance` applies to.
    pub fused: f64,
}

/// How much a subject match counts next to a content match.
pub const SUBJECT_WEIGHT: f64 = 0.75;
/// How much name coverage can scale a score down (0: not at all, 1: to zero).
pub const COVERAGE_WEIGHT: f64 = 0.5;
/// The coverage assumed for a name that has no subject words (`AGENTS.md`).
const UNKNOWN_COVERAGE: f64 = 0.5;
/// A broad glob match (`**/*.ts`) makes a word match count this much more.
pub const BROAD_GLOB_BOOST: f64 = 1.25;

impl Evidence {
    /// The score the pattern's words earn (higher is better; 0 when no word matched).
    pub fn word_score(&self) -> f64 {
        let boost = match &self.glob {
            Some(GlobMatch {
                kind: GlobKind::Broad,
                ..
            }) => BROAD_GLOB_BOOST,
            _ => 1.0,
        };
        self.words.score() * boost
    }
}

impl WordEvidence {
    /// `(content + SUBJECT_WEIGHT · subject) · coverage scale` (see the module docs).
    pub fn score(&self) -> f64 {
        let words =
            -self.content_bm25.unwrap_or(0.0) - SUBJECT_WEIGHT * self.subject_bm25.unwrap_or(0.0);
        let coverage = self.name_coverage.unwrap_or(UNKNOWN_COVERAGE);
        words.max(0.0) * (1.0 - COVERAGE_WEIGHT + COVERAGE_WEIGHT * coverage)
    }

    /// The highest score these words can earn, whatever the name covers.
    pub fn best_possible_score(&self) -> f64 {
        // `score` with the whole name covered, without copying the matched terms: a hook
        // asks this of every pattern holding a word of the call.
        let words =
            -self.content_bm25.unwrap_or(0.0) - SUBJECT_WEIGHT * self.subject_bm25.unwrap_or(0.0);
        words.max(0.0) * (1.0 - COVERAGE_WEIGHT + COVERAGE_WEIGHT * 1.0)
    }

    /// Whether a distinctive term of the call itself matched (see
    /// [`MatchedTerm::is_call_evidence`]).
    pub fn has_call_evidence(&self) -> bool {
        self.matched.iter().any(MatchedTerm::is_call_evidence)
    }

    /// The share of the matched terms' weight that the call itself gave (not only the user's
    /// message), language names aside; 1 when no other term is recorded.
    pub fn call_share(&self) -> f64 {
        // A language's name says which language, not what the call is about: it counts on
        // neither side.
        let about = || self.matched.iter().filter(|t| !t.language);
        let total: f64 = about().map(|t| t.weight).sum();
        if total <= 0.0 {
            return 1.0;
        }
        let own: f64 = about().filter(|t| !t.from_message).map(|t| t.weight).sum();
        own / total
    }

    /// How many distinct terms of the call itself say the pattern is about it (see
    /// [`MatchedTerm::is_call_evidence`]).
    pub fn call_evidence_count(&self) -> usize {
        self.matched.iter().filter(|t| t.is_call_evidence()).count()
    }

    /// The terms that count for breadth: the call's evidence, without the constructs a whole
    /// new file merely contains (its imports, constants and exports match any long guide).
    pub fn breadth_terms(&self) -> impl Iterator<Item = &MatchedTerm> {
        self.matched
            .iter()
            .filter(|t| t.is_call_evidence() && !t.written)
    }

    /// Whether the pattern's author says it is about what the call writes: a topic term of
    /// the call (a commit message, a pull request) is in its path, title, tags or description.
    pub fn names_topic(&self) -> bool {
        self.matched
            .iter()
            .any(|t| t.topic && t.subject && !t.from_message)
    }
}

/// Up to this many patterns a knowledge base is a team's own, where every pattern was written
/// for this project.
pub const SMALL_INDEX_PATTERNS: u64 = 40;

/// In a large index, a pattern found only by vector similarity must stand out this many
/// standard deviations above the query's mean similarity. Measured on the shared eval set
/// (6,929 sections): no relevant pattern was found by vectors alone, while irrelevant
/// vector-only hits for tool calls that deserve nothing reached 5.6.
const VECTOR_ONLY_MIN_Z: f32 = 6.0;

/// May a pattern that no word matched be injected on vector similarity alone? Always in a
/// small, team-written index; in a large one only when it stands far out from the rest.
pub fn vector_only_allowed(pattern_count: u64, best_z: f32) -> bool {
    pattern_count <= SMALL_INDEX_PATTERNS || best_z >= VECTOR_ONLY_MIN_Z
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(content: f64, subject: f64, coverage: Option<f64>) -> WordEvidence {
        WordEvidence {
            content_bm25: Some(-content),
            subject_bm25: Some(-subject),
            name_coverage: coverage,
            name_match: None,
            matched: Vec::new(),
            length_ratio: None,
            section_breadth: None,
        }
    }

    #[test]
    fn call_evidence_counts_distinctive_terms_of_the_call_itself() {
        let term = |weight: f64, subject: bool, language: bool, from_message: bool| MatchedTerm {
            term: "t".into(),
            weight,
            subject,
            from_message,
            language,
            topic: false,
            written: false,
        };
        let mut evidence = words(8.0, 4.0, None);
        assert_eq!(evidence.call_evidence_count(), 0);
        evidence.matched = vec![
            term(0.6, false, false, false), // distinctive
            term(0.1, true, false, false),  // common, but what the pattern says it is about
            term(0.1, false, false, false), // common
            term(0.6, true, true, false),   // the language
            term(0.6, false, false, true),  // only the user's message
        ];
        assert_eq!(evidence.call_evidence_count(), 2);
        assert!(evidence.has_call_evidence());
        // Of 1.4 weight matched (the language's name aside), the message alone gave 0.6.
        assert!((evidence.call_share() - 0.8 / 1.4).abs() < 1e-9);
        assert_eq!(WordEvidence::default().call_share(), 1.0);
    }

    #[test]
    fn content_and_subject_add_and_coverage_scales() {
        // (8 + 0.75 · 4) · (0.5 + 0.5 · 1) = 11
        assert!((words(8.0, 4.0, Some(1.0)).score() - 11.0).abs() < 1e-9);
        // The same words, a name that is one third covered: 11 · (0.5 + 0.5 / 3) = 7.33
        let partial = words(8.0, 4.0, Some(1.0 / 3.0)).score();
        assert!((partial - 11.0 * (2.0 / 3.0)).abs() < 1e-9);
        // No subject words in the name: counted half covered.
        assert!((words(8.0, 4.0, None).score() - 8.25).abs() < 1e-9);
        assert!((words(8.0, 4.0, None).best_possible_score() - 11.0).abs() < 1e-9);
        let broad = Evidence {
            glob: Some(GlobMatch {
                glob: "**/*.rs".into(),
                kind: GlobKind::Broad,
            }),
            words: words(8.0, 4.0, Some(1.0)),
            ..Evidence::default()
        };
        assert!((broad.word_score() - 13.75).abs() < 1e-9);
    }

    #[test]
    fn no_word_match_scores_zero() {
        assert_eq!(WordEvidence::default().score(), 0.0);
        let subject_only = WordEvidence {
            subject_bm25: Some(-2.0),
            name_coverage: Some(1.0),
            ..WordEvidence::default()
        };
        assert!((subject_only.score() - 1.5).abs() < 1e-9);
    }

    #[test]
    fn vector_only_matches_need_to_stand_out_in_large_indexes() {
        assert!(vector_only_allowed(12, 0.5));
        assert!(!vector_only_allowed(635, 5.6));
        assert!(vector_only_allowed(635, 6.5));
    }
}
