//! The evidence bar: whether one candidate's own evidence is enough to inject it.
//!
//! Gates come first: a pattern specific to technologies (Next.js, Dataverse, an MCP SDK) is
//! only for calls whose context has one of them, whatever else it has. Then some evidence is
//! enough alone, because the team or the project said so: a universal pattern whose
//! `applies_when` names the call, a `paths` glob naming a part of the project, the agent
//! instructions of the project the call is in. A pattern whose file name is the call's stack
//! (`go.md` for a Go edit, `nestjs.instructions.md` in a NestJS project) is its general
//! convention file; one named for what the call is about needs a word of the call to back
//! its name; one specific to a technology the call's context has needs a word of the call
//! (and, when only the project's root files show the technology, to be as near the best as
//! words alone). A pattern only a language related to the call's admits (JavaScript's guide
//! for a TypeScript edit) is kept on none of the word grounds.
//! Everything else has to earn its place by words: a word score that clears an absolute bar
//! (the same in any index: each word weighs by how few of the index's patterns hold it, in
//! units of a word only one holds, see `bm25::term_weight`), a distinctive word of the call itself, a score not far below the best candidate
//! of the call, so a weak leftover never rides along with a strong match (one that many
//! distinctive words of the call back may trail further, and is shown briefly), and at least
//! half of the matched words' weight from the call itself rather than the user's message.

use super::evidence::{Evidence, NameMatch, TechnologySource, WordEvidence, vector_only_allowed};
use super::globs::{GlobKind, names_file_kind, names_folder};
use crate::core::sources::Harness;

/// Why a candidate is injected.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "grounds", rename_all = "snake_case")]
pub enum Grounds {
    /// A universal pattern whose `applies_when` names this call.
    Universal,
    /// A `paths` glob naming a part of the project matched the touched file.
    Glob { glob: String },
    /// Another agent's rule scoped to content (Continue's `regex`): this regex matched what
    /// the call writes or replaces (and its globs, if any, the file).
    Content { regex: String },
    /// The agent instructions of the project the call is in.
    Project,
    /// The pattern's file name is the call's language or technology (`go.md` for a Go edit,
    /// `nestjs.md` in a NestJS project): the general convention file of that stack.
    Stack,
    /// The pattern is specific to a technology the call or its project has, and a word of the
    /// call backs it.
    Technology { technology: String },
    /// The pattern's file name is what the call is about, and a distinctive word of the call
    /// backs it (`errors.md` for an edit adding a `thiserror` error).
    Subject,
    /// The pattern's author says it is about what the call writes (a commit message, a pull
    /// request), and its words clear the bar, though far below the call's best: it is shown
    /// briefly (see `budget`).
    Topic,
    /// The call's words, strongly enough.
    Words { score: f64 },
    /// Many distinctive words of the call, though further below the call's best than words
    /// alone may trail: it is shown briefly (see `budget`).
    Breadth { words: usize },
    /// Vector similarity fused with the words (hybrid search).
    Fused { fused: f64 },
}

/// Why a candidate is not injected.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "shortfall", rename_all = "snake_case")]
pub enum Shortfall {
    /// The pattern belongs to another project's folder.
    OtherProject,
    /// Another agent's rule that applies to a folder (a nested `AGENTS.md`, a sub-folder's
    /// `.cursor/rules`) the call is not in.
    OtherFolder { folder: String },
    /// The pattern is specific to technologies the call's context does not have.
    Technology { needs: Vec<String> },
    /// The pattern's `paths` name other parts of the project than the touched file's.
    OutsidePaths,
    /// The pattern guides one task (an upgrade, a conversion) the call does not name.
    UnaskedTask { task: String },
    /// The pattern is about tests and the call is not: only its words back it.
    NotATestCall,
    /// The pattern is about a language the call is not in.
    Language,
    /// The pattern is about a language the call is in only by relation (JavaScript for a
    /// TypeScript file), and nothing but the call's words backs it.
    RelatedLanguageOnly,
    /// The words match, but not strongly enough in any index.
    WeakWords { score: f64, bar: f64 },
    /// No distinctive word of the call itself matched: only common words, language names or
    /// the user's message.
    NoCallEvidence,
    /// Far below the best candidate of the call.
    FarBelowBest { score: f64, best: f64 },
    /// Found by words alone, most of whose weight only the user's message gave: the message
    /// says what the session is for, not what this call does.
    MessageLed { call_share: f64 },
    /// Hybrid: the fused score is under `search.min_relevance`, or vectors alone are not
    /// enough in an index this large.
    Relevance { fused: f64, min: f64 },
    /// More candidates cleared the bar than `hook.max_patterns` allows.
    OverLimit { max: usize },
    /// Another agent's rule its author left to be asked for by name (`manual`): searchable,
    /// never injected by a hook (see `core::sources`).
    Manual,
    /// Another agent's rule that excludes coding agents (Copilot `excludeAgent:
    /// coding-agent`).
    ExcludedAgent,
    /// Another agent's rule scoped to content (Continue's `regex`) none of whose regexes
    /// matched what the call writes or replaces, in a file its globs (if any) match.
    ContentUnmatched,
    /// The harness running the session already put this file into the model's context.
    LoadedByHarness { harness: Harness },
    /// The file holds the same text as another one (a link to it, or a copy), which is
    /// shown instead or already in the model's context.
    SameText { of: String },
}

/// The verdict on one candidate.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    Kept(Grounds),
    Dropped(Shortfall),
}

impl Verdict {
    pub fn is_kept(&self) -> bool {
        matches!(self, Verdict::Kept(_))
    }
}

/// The word score a pattern needs, in any index. Scores are in units of one match of a word
/// only one pattern holds (see `bm25::term_weight`): 1.5 is such a word used throughout the
/// pattern, or two or three words a few patterns share, whatever the index's size.
pub const WORD_BAR: f64 = 1.5;
/// How near the call's best word score a candidate must be, by what else backs it: a file
/// named for what the call is about, or specific to a technology the call's context has, may
/// trail further than one found by words alone. Measured on the shared eval set: below these
/// shares, candidates on those grounds were mostly noise.
pub const SUBJECT_SHARE: f64 = 0.6;
pub const TECHNOLOGY_SHARE: f64 = 0.5;
pub const WORDS_SHARE: f64 = 0.8;

/// How near the call's best a pattern specific to a technology must be, by where the call's
/// context shows the technology: the call itself (its file, imports, command) lets it trail to
/// [`TECHNOLOGY_SHARE`]; only the project's root files (one dependency among many: an MCP SDK
/// in an agents library, pandas in a data project) say less about this call, so it must be as
/// near as words alone ([`WORDS_SHARE`]). Measured on the shared sessions set: project-only
/// technology matches below that were mostly noise that came back on call after call.
pub fn technology_share(source: TechnologySource) -> f64 {
    match source {
        TechnologySource::Call => TECHNOLOGY_SHARE,
        TechnologySource::Project | TechnologySource::Message => WORDS_SHARE,
    }
}

/// A pattern about what the call writes (a `git commit` and a branching workflow whose
/// description names git) may trail furthest: the one file that matches every word of such a
/// call (a commit-message format) is no reason to leave out the others about the same act.
pub const TOPIC_SHARE: f64 = 0.2;
/// A pattern holding [`BREADTH_WORDS`] distinctive words of the call or more may trail the
/// best to this share: a section of a large guide (its naming, its formatting) that speaks of
/// much of what the call does scores below a general file named for the call's language, yet
/// applies as well. It is shown briefly and after the others (see `budget`), so it never
/// takes the place of a stronger match. Measured on the shared eval set: with three words,
/// or a share under 0.6, single-file leftovers came along. A pattern longer than the index's
/// mean needs as many more words as it is longer (see [`breadth_needed`]).
pub const BREADTH_SHARE: f64 = 0.6;
pub const BREADTH_WORDS: usize = 4;
/// How many distinctive words of the call a pattern needs for breadth: [`BREADTH_WORDS`] for
/// one of the index's mean length or shorter, proportionally more for a longer one, since a
/// file holds more of any call's words by its length alone (a team's 40-section security
/// guide matches five words of almost any edit; a section of a split style guide does not).
pub fn breadth_needed(words: &WordEvidence) -> f64 {
    BREADTH_WORDS as f64 * words.length_ratio.unwrap_or(1.0).max(1.0)
}

/// Whether a pattern holds enough distinctive words of the call to trail the best: over the
/// whole of it for its length, or [`BREADTH_WORDS`] together in one section of a long one
/// (the webhook section of a 40-section security guide for an edit of webhook verification).
pub fn has_breadth(words: &WordEvidence) -> bool {
    words.breadth_terms().count() as f64 >= breadth_needed(words)
        || words
            .section_breadth
            .is_some_and(|held| held >= BREADTH_WORDS as f64)
}

/// The lowest share of the best any grounds accept: a candidate under it can never be kept.
pub const LOWEST_SHARE: f64 = TOPIC_SHARE;
/// The least share of a word match's weight the call itself must give for the match to
/// speak of the call rather than of the user's message: when words are all that back a
/// pattern (see [`Shortfall::MessageLed`]), and for a ruled-out candidate to set the call's
/// best in full (see [`standard_score`]). Half holds for any index: it only compares the
/// call's words with the message's in the same match. Measured on the shared eval set and a
/// blind set in other stacks: below half, such matches were mostly noise, and a higher share
/// began to cost recall; the best's former third gave the same selections on every set.
pub const CALL_WORDS_SHARE: f64 = 0.5;

/// What every candidate of one call is judged against.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CallStandard {
    /// The best word score of the call, among every candidate (shown before or not).
    pub best_score: f64,
    /// The best word score among the files named for the call's stack (`go.md`,
    /// `nestjs.instructions.md`).
    pub best_stack_score: f64,
    /// The best of the call's own shares of the candidates' word scores (see
    /// [`WordEvidence::call_share`]): the best the call's words alone would set, without the
    /// user's message.
    pub best_own_score: f64,
    /// How many patterns the index holds (vector-only evidence depends on it).
    pub pattern_count: u64,
    /// Hybrid search: the fused score a candidate needs.
    pub min_relevance: Option<f64>,
}

impl CallStandard {
    /// The standard for candidates with these word scores.
    pub fn for_scores(
        scores: impl IntoIterator<Item = f64>,
        pattern_count: u64,
        min_relevance: Option<f64>,
    ) -> Self {
        Self {
            best_score: scores.into_iter().fold(0.0, f64::max),
            best_stack_score: 0.0,
            best_own_score: 0.0,
            pattern_count,
            min_relevance,
        }
    }

    /// This standard, with the call's own shares of the candidates' word scores.
    pub fn with_own_scores(self, scores: impl IntoIterator<Item = f64>) -> Self {
        Self {
            best_own_score: scores.into_iter().fold(0.0, f64::max),
            ..self
        }
    }

    /// This standard, with the word scores of the files named for the call's stack.
    pub fn with_stack_scores(self, scores: impl IntoIterator<Item = f64>) -> Self {
        Self {
            best_stack_score: scores.into_iter().fold(0.0, f64::max),
            ..self
        }
    }
}

/// The score a candidate sets the call's best with. One a technology gate rules out is no
/// match, only a measure of how well the call's words can match: when the call itself gave
/// less than [`CALL_WORDS_SHARE`] of the weight of the words it holds, it measures the user's
/// message (often one written for an earlier call of the session) more than the call, and
/// sets the best only with the call's own share of its score. Measured on the shared eval
/// set: discounting every ruled-out candidate by its message words let weak leftovers in
/// under a lowered best.
pub fn standard_score(evidence: &Evidence) -> f64 {
    let score = evidence.word_score();
    if evidence.technology.excludes() {
        least_standard_score(score, &evidence.words)
    } else {
        score
    }
}

/// The least a candidate scoring `score` by `words` may set the call's best with, whatever
/// its technologies turn out to be: a hook compares with it before they are read.
pub fn least_standard_score(score: f64, words: &WordEvidence) -> f64 {
    let own = words.call_share();
    if own < CALL_WORDS_SHARE {
        score * own
    } else {
        score
    }
}

/// Whether a candidate may still be kept once the evidence gathered after its words is known
/// (its technologies, its `paths`, whether it is a task guide): those can drop a candidate,
/// and a technology the call has can keep one down to [`TECHNOLOGY_SHARE`] of the best, but
/// nothing else lifts one (the word grounds' shares are all checked here too). A hook looks no further at a candidate that may not.
pub fn may_be_kept(evidence: &Evidence, standard: &CallStandard) -> bool {
    if evidence.universal
        || evidence.project_depth.is_some()
        || evidence.vector.is_some()
        || evidence
            .glob
            .as_ref()
            .is_some_and(|g| g.kind == GlobKind::Specific)
        || evidence.words.name_match == Some(NameMatch::Stack)
    {
        return true;
    }
    let score = evidence.word_score();
    let near_best = |share: f64| score >= share * standard.best_score;
    near_best(
        TECHNOLOGY_SHARE
            .min(SUBJECT_SHARE)
            .min(WORDS_SHARE)
            .min(BREADTH_SHARE),
    ) || (evidence.words.names_topic() && score >= WORD_BAR && near_best(TOPIC_SHARE))
}

/// Judge one candidate by its own evidence and the call's standard.
pub fn judge(evidence: &Evidence, standard: &CallStandard) -> Verdict {
    if evidence.universal {
        return Verdict::Kept(Grounds::Universal);
    }
    if evidence.project_depth.is_some() {
        return Verdict::Kept(Grounds::Project);
    }
    // The author's own glob selecting files of the touched file's kind lifts the technology
    // gate when nothing about the call or its project says which stack it is in (a `.sql`
    // migration in a repository whose root files name no database): the gate stops one
    // framework's guide in another framework's project, and here there is none to stop it in.
    // A glob for files of any kind (`src/routes/**/*`) is not enough. The glob then keeps the
    // pattern below, as any specific glob does.
    let glob_names_file_kind = evidence
        .glob
        .as_ref()
        .is_some_and(|glob| glob.kind == GlobKind::Specific && names_file_kind(&glob.glob));
    // So does the author's glob naming the touched file's folder when the project uses the
    // pattern's technology from any language (a `postgres` pattern for `src/db/**` in a
    // project depending on `pg`): such a technology says nothing of a call on its own, but
    // the author has said where it is used.
    let glob_names_part = evidence
        .glob
        .as_ref()
        .is_some_and(|glob| glob.kind == GlobKind::Specific && names_folder(&glob.glob));
    if evidence.technology.excludes()
        && !(evidence.technology.stack_unknown && glob_names_file_kind)
        && !(glob_names_part && evidence.technology.project_wide.is_some())
    {
        return Verdict::Dropped(Shortfall::Technology {
            needs: evidence.technology.pattern.clone(),
        });
    }
    if let Some(guide) = &evidence.task_guide
        && !guide.asked
    {
        return Verdict::Dropped(Shortfall::UnaskedTask {
            task: guide.task.clone(),
        });
    }
    if evidence.outside_paths {
        return Verdict::Dropped(Shortfall::OutsidePaths);
    }
    if let Some(glob) = &evidence.glob
        && glob.kind == GlobKind::Specific
    {
        // The glob says the rule may apply to this file; the call's words say whether it
        // applies now. A rule the call bears on less than any grounds accept is left for a
        // call that does.
        let score = evidence.word_score();
        if score < LOWEST_SHARE * standard.best_score {
            return Verdict::Dropped(Shortfall::FarBelowBest {
                score,
                best: standard.best_score,
            });
        }
        return Verdict::Kept(Grounds::Glob {
            glob: glob.glob.clone(),
        });
    }
    // Past the author's globs, a guide named for tests needs a call about tests.
    if evidence.tests_elsewhere {
        return Verdict::Dropped(Shortfall::NotATestCall);
    }
    let by_words = judge_words(evidence, standard);
    match (&evidence.vector, standard.min_relevance) {
        (Some(vector), Some(min)) => rescue_by_vector(evidence, standard, vector, min, by_words),
        _ => by_words,
    }
}

/// The vectors' own rank a candidate the words put far below the best needs to be rescued.
const VECTOR_RESCUE_RANK: usize = 2;

/// Hybrid search: vectors reorder what the words keep (see `services::select`'s order) and
/// may rescue what the words alone fall short on by a measure, never what a gate or a
/// stronger rule drops: a candidate whose words clear the bar but trail the call's best is
/// kept when the vectors rank it among the first for the call and its fused score (ranks of
/// words and vectors together, 0..1 for the call, so one threshold means the same for every
/// model) reaches `min_relevance`.
fn rescue_by_vector(
    evidence: &Evidence,
    standard: &CallStandard,
    vector: &super::evidence::VectorEvidence,
    min: f64,
    by_words: Verdict,
) -> Verdict {
    // Only what the words already found strong enough, but behind a stronger match, and the
    // vectors rank first or second for the call: similarity is a tie-breaker between good
    // candidates, not evidence on its own (measured on real teams' rule files: rescuing weak
    // or vector-only matches tripled the noise for a point of recall).
    if !matches!(by_words, Verdict::Dropped(Shortfall::FarBelowBest { .. })) {
        return by_words;
    }
    let grounded = evidence.words.has_call_evidence()
        && vector.rank <= VECTOR_RESCUE_RANK
        && vector_only_allowed(standard.pattern_count, vector.z);
    if !grounded {
        return by_words;
    }
    if vector.fused + 1e-9 >= min {
        Verdict::Kept(Grounds::Fused {
            fused: vector.fused,
        })
    } else {
        Verdict::Dropped(Shortfall::Relevance {
            fused: vector.fused,
            min,
        })
    }
}

/// The verdict on a candidate for an edit that changes only comments and spacing (a typo
/// fixed in one): the file's globs say where a rule may apply, and nothing the edit does
/// bears on one, so a candidate kept for its glob stays only on words that clear the bar.
pub fn judge_comments_only(verdict: Verdict, evidence: &Evidence) -> Verdict {
    let score = evidence.word_score();
    match verdict {
        Verdict::Kept(Grounds::Glob { .. }) if score < WORD_BAR => {
            Verdict::Dropped(Shortfall::WeakWords {
                score,
                bar: WORD_BAR,
            })
        }
        other => other,
    }
}

/// The grounds the call's words give a candidate whose file name names the call's stack,
/// that name set aside: a rule file its author scoped by globs is for the files they match,
/// so on a call that touches no file (a command) its name is no scope of the author's, and
/// its words decide as any other rule's.
pub fn judge_words_unnamed(evidence: &Evidence, standard: &CallStandard) -> Verdict {
    let mut unnamed = evidence.clone();
    if unnamed.words.name_match == Some(NameMatch::Stack) {
        unnamed.words.name_match = None;
    }
    judge_words(&unnamed, standard)
}

/// The grounds words give a candidate past the gates and the author's globs.
fn judge_words(evidence: &Evidence, standard: &CallStandard) -> Verdict {
    let score = evidence.word_score();
    let words = &evidence.words;
    let near_best = |share: f64| score >= share * standard.best_score;
    // Of the stack's general files, those the call's words back clear the bar; one they do
    // not is a weak leftover once another does (a third Go style guide on `go test`), and
    // comes only as the call's best (a team's one `typescript.md` on a short edit).
    // A file named for the stack is the stack's general conventions, but a name is a scope,
    // not relevance: the words that back it must be the call's own, not mostly the user's
    // message (which says what the session is for, not what this call does).
    let call_led = words.call_share() >= CALL_WORDS_SHARE;
    if words.name_match == Some(NameMatch::Stack)
        && score + 1e-9 >= WORD_BAR.min(standard.best_stack_score)
        && call_led
    {
        return Verdict::Kept(Grounds::Stack);
    }
    if words.name_match == Some(NameMatch::Call)
        && words.has_call_evidence()
        && near_best(SUBJECT_SHARE)
        && !evidence.related_language_only
    {
        return Verdict::Kept(Grounds::Subject);
    }
    if let Some(matched) = &evidence.technology.matched
        && evidence.technology.matches_stack()
        && words.has_call_evidence()
        && score >= WORD_BAR
        && near_best(technology_share(matched.source))
    {
        return Verdict::Kept(Grounds::Technology {
            technology: matched.technology.clone(),
        });
    }
    // A language the call is in by relation widens the gate for what the stack or a
    // technology backs (Express rules for a TypeScript server), but a related language's
    // guide to syntax the call's own language restates in its own way (JavaScript's arrays
    // and arrow functions for a TypeScript edit) is no convention of this call on words alone.
    if evidence.related_language_only {
        return Verdict::Dropped(Shortfall::RelatedLanguageOnly);
    }
    if score < WORD_BAR {
        return Verdict::Dropped(Shortfall::WeakWords {
            score,
            bar: WORD_BAR,
        });
    }
    if !words.has_call_evidence() {
        return Verdict::Dropped(Shortfall::NoCallEvidence);
    }
    if !near_best(WORDS_SHARE) {
        if words.names_topic() && near_best(TOPIC_SHARE) {
            return Verdict::Kept(Grounds::Topic);
        }
        let breadth = words.breadth_terms().count();
        if has_breadth(words) && near_best(BREADTH_SHARE) {
            return Verdict::Kept(Grounds::Breadth { words: breadth });
        }
        return Verdict::Dropped(Shortfall::FarBelowBest {
            score,
            best: standard.best_score,
        });
    }
    let call_share = words.call_share();
    // Words mostly from the user's message say what the session is for; but a pattern the
    // call's own words would keep without the message (as they do when the agent's record
    // is unreadable) is not led by it: the message only adds to what the call says.
    let own = score * call_share;
    let kept_without_message =
        own >= WORD_BAR && own + 1e-9 >= WORDS_SHARE * standard.best_own_score;
    if call_share < CALL_WORDS_SHARE && !kept_without_message {
        return Verdict::Dropped(Shortfall::MessageLed { call_share });
    }
    Verdict::Kept(Grounds::Words { score })
}

#[cfg(test)]
mod tests;
