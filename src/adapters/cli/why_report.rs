//! What `lore why` prints: the call as the hook read it, then every candidate with its outcome
//! (injected, already shown to the session, no room left in the budget, or dropped) and the
//! reason in words, built from the selection's own evidence and verdicts and the budget's
//! shares (nothing is judged again here). The JSON form keeps each candidate as `lore
//! extract-queries --json` prints it, with the outcome, share and reason added.

use crate::core::query::Dropped;
use crate::core::select::bar::{BREADTH_WORDS, Grounds, Shortfall, Verdict, breadth_needed};
use crate::core::select::evidence::{PathsLift, WordEvidence};
use crate::core::select::globs::GlobKind;
use crate::core::sources::Harness;
use crate::services::budget_share::{PatternShare, ShareOutcome};
use crate::services::hybrid::RetrievalMode;
use crate::services::inject::{Injection, QueryDecision};
use crate::services::select::Candidate;

mod text;
use text::harness_name;
pub(super) use text::print_text;

/// Most matched terms named in one reason.
const MAX_TERMS_SHOWN: usize = 5;
/// Widest pattern column in the text form; longer paths push their reason right.
const MAX_SOURCE_COLUMN: usize = 40;

/// The call being explained, as the hook read it.
pub(super) struct CallFacts {
    pub event: String,
    pub tool_name: Option<String>,
    pub harness: Harness,
    pub session: Option<String>,
}

/// Everything `lore why` reports about one call.
#[derive(Debug, serde::Serialize)]
pub(super) struct WhyReport {
    event: String,
    tool_name: Option<String>,
    harness: Harness,
    /// The session whose ledger dedup read (None: no dedup).
    session_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    languages: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    technologies: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    project_technologies: Vec<String>,
    terms: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    not_searched: Vec<Dropped>,
    /// Why the hook searches nothing for this call.
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<String>,
    fts: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    retrieval: Option<RetrievalMode>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<String>,
    /// The characters this moment may inject.
    #[serde(skip_serializing_if = "Option::is_none")]
    budget: Option<usize>,
    candidates: Vec<Explained>,
    /// The patterns injected, in order, and the characters of the whole text.
    injected: Vec<String>,
    chars: usize,
    /// A session start's whole text (the listing and what always applies): it is chosen by
    /// no search, so the text is the explanation.
    #[serde(skip_serializing_if = "Option::is_none")]
    primed: Option<String>,
    /// The event primes the session (`primed` is None when there was nothing to send).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    primes: bool,
}

/// One candidate with what became of it.
#[derive(Debug, serde::Serialize)]
struct Explained {
    #[serde(flatten)]
    candidate: Candidate,
    outcome: Outcome,
    /// Its share of the budget, for a candidate the selection kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    share: Option<ShareOutcome>,
    /// Sections of it the session had already been shown.
    #[serde(skip_serializing_if = "is_zero")]
    shown_before: usize,
    reason: String,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// What became of a candidate, all steps together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
enum Outcome {
    Injected,
    /// Kept, but the session was already shown all of it worth showing.
    AlreadyShown,
    /// Kept, but too little of the budget was left.
    NoRoom,
    /// Kept, but the index holds no text for it (an ingest is due).
    NotInIndex,
    Dropped,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Outcome::Injected => "+ injected",
            Outcome::AlreadyShown => "= shown before",
            Outcome::NoRoom => "- no room",
            Outcome::NotInIndex => "- not in index",
            Outcome::Dropped => "- dropped",
        }
    }
}

impl WhyReport {
    /// A call the hook searches nothing for.
    pub fn not_searched(facts: CallFacts, why: String) -> Self {
        Self {
            event: facts.event,
            tool_name: facts.tool_name,
            harness: facts.harness,
            session_id: facts.session,
            path: None,
            languages: Vec::new(),
            technologies: Vec::new(),
            project_technologies: Vec::new(),
            terms: Vec::new(),
            not_searched: Vec::new(),
            skipped: Some(why),
            fts: None,
            retrieval: None,
            notes: Vec::new(),
            budget: None,
            candidates: Vec::new(),
            injected: Vec::new(),
            chars: 0,
            primed: None,
            primes: false,
        }
    }

    /// A session or subagent start: what the hook primes the session with.
    pub fn primed(facts: CallFacts, budget: usize, injection: Option<Injection>) -> Self {
        let mut report = Self::not_searched(facts, String::new());
        report.skipped = None;
        report.primes = true;
        report.budget = Some(budget);
        if let Some(injection) = injection {
            report.chars = injection.text.chars().count();
            report.injected = injection.sources;
            report.primed = Some(injection.text);
        }
        report
    }

    /// A searched call: its query, every candidate and what the budget gave each kept one.
    pub fn of_decision(facts: CallFacts, decision: &QueryDecision, budget: usize) -> Self {
        let plan = &decision.selected.plan;
        let query = &plan.query;
        let selection = decision.selected.selection.as_ref();
        let candidates = selection
            .map(|s| {
                s.candidates
                    .iter()
                    .map(|c| explain(c, share_of(&decision.shares, c)))
                    .collect()
            })
            .unwrap_or_default();
        let injection = decision.injection.as_ref();
        Self {
            event: facts.event,
            tool_name: facts.tool_name,
            harness: facts.harness,
            session_id: facts.session,
            path: query.relative_path.clone(),
            languages: query.languages.clone(),
            technologies: query.technologies.clone(),
            project_technologies: query.project_technologies.clone(),
            terms: query.terms.clone(),
            not_searched: plan.focus.dropped.clone(),
            skipped: plan.skipped.map(String::from),
            fts: plan.expression.clone(),
            retrieval: selection.map(|s| s.mode),
            notes: selection.map(|s| s.notes.clone()).unwrap_or_default(),
            budget: selection.map(|_| budget),
            candidates,
            injected: injection.map(|i| i.sources.clone()).unwrap_or_default(),
            chars: injection.map_or(0, |i| i.text.chars().count()),
            primed: None,
            primes: false,
        }
    }
}

/// The budget share of a kept candidate (the shares follow the kept ones, by source).
fn share_of<'a>(shares: &'a [PatternShare], candidate: &Candidate) -> Option<&'a PatternShare> {
    if !candidate.verdict.is_kept() {
        return None;
    }
    shares.iter().find(|s| s.source == candidate.source)
}

fn explain(candidate: &Candidate, share: Option<&PatternShare>) -> Explained {
    let outcome = match (&candidate.verdict, share.map(|s| &s.outcome)) {
        (Verdict::Dropped(_), _) => Outcome::Dropped,
        (Verdict::Kept(_), None) => Outcome::NotInIndex,
        (Verdict::Kept(_), Some(ShareOutcome::AlreadyShown)) => Outcome::AlreadyShown,
        (Verdict::Kept(_), Some(ShareOutcome::NoRoom)) => Outcome::NoRoom,
        (Verdict::Kept(_), Some(_)) => Outcome::Injected,
    };
    let mut reason = verdict_reason(candidate);
    // A glob that matched yet did not keep the candidate either only said which language's
    // files it is for, or named this part of the project while the call bore on it far less
    // than on its best match: the words decided.
    if let (
        Verdict::Dropped(
            Shortfall::WeakWords { .. }
            | Shortfall::NoCallEvidence
            | Shortfall::FarBelowBest { .. }
            | Shortfall::MessageLed { .. },
        ),
        Some(glob),
    ) = (&candidate.verdict, &candidate.evidence.glob)
    {
        reason.push_str(&match glob.kind {
            GlobKind::Broad | GlobKind::CatchAll => format!(
                "; its glob `{}` matches the file but only names a language's files, so the call's words decide",
                glob.glob
            ),
            GlobKind::Specific => format!(
                "; its glob `{}` says it may apply to this file, but the call's words bear on it too little for now",
                glob.glob
            ),
        });
    }
    if candidate.evidence.name_set_aside {
        reason.push_str(
            "; its name is the call's stack, but its author scoped it to files by globs and this call touches none, so its words decide",
        );
    }
    match candidate.evidence.paths_lifted {
        Some(PathsLift::NamesFolder) => {
            reason.push_str("; its paths name other files, but its text names this file's folder")
        }
        Some(PathsLift::TestElsewhere) => reason
            .push_str("; its paths select tests elsewhere, and this file is a test by its name"),
        None => {}
    }
    if let Some(share) = share {
        reason.push_str("; ");
        reason.push_str(&share_reason(share));
    } else if outcome == Outcome::NotInIndex {
        reason.push_str("; the index holds no text for it: run `lore ingest`");
    }
    Explained {
        candidate: candidate.clone(),
        outcome,
        share: share.map(|s| s.outcome.clone()),
        shown_before: share.map_or(0, |s| s.shown_before),
        reason,
    }
}

/// Why many words of the call did not let a long pattern trail the best (see
/// `core::select::bar::breadth_needed`), or nothing when that is not why.
fn long_for_breadth(words: &WordEvidence) -> String {
    let have = words.breadth_terms().count();
    let needed = breadth_needed(words);
    match words.length_ratio {
        Some(ratio) if ratio > 1.0 && have >= BREADTH_WORDS && (have as f64) < needed => {
            let together = match words.section_breadth {
                Some(held) => format!(
                    ", and no section holds {BREADTH_WORDS} of them together (at most {held:.1} for its length)"
                ),
                None => String::new(),
            };
            format!(
                "; {have} distinctive words of the call, fewer than the {} a pattern {ratio:.1} times the index's mean length needs to trail further{together}",
                needed.ceil()
            )
        }
        _ => String::new(),
    }
}

/// Why the selection kept or dropped a candidate, in words.
fn verdict_reason(candidate: &Candidate) -> String {
    let evidence = &candidate.evidence;
    let matched = || {
        let terms: Vec<&str> = evidence
            .words
            .matched
            .iter()
            .take(MAX_TERMS_SHOWN)
            .map(|m| m.term.as_str())
            .collect();
        if terms.is_empty() {
            String::new()
        } else {
            format!(" (matched: {})", terms.join(", "))
        }
    };
    match &candidate.verdict {
        Verdict::Kept(grounds) => match grounds {
            Grounds::Universal => "universal, and its applies_when names this call".into(),
            Grounds::Glob { glob } => format!("its paths glob `{glob}` matches the file"),
            Grounds::Content { regex } => {
                format!("its regex `{regex}` matches what the call writes or replaces")
            }
            Grounds::Project => "the agent instructions of the project the call is in".into(),
            Grounds::Stack => {
                "its file name is the call's language or technology (the stack's general conventions)".into()
            }
            Grounds::Technology { technology } => format!(
                "for {technology}, which the call's context has, backed by a word of the call{}",
                matched()
            ),
            Grounds::Subject => format!(
                "its file name is what the call is about, backed by a distinctive word{}",
                matched()
            ),
            Grounds::Topic => format!(
                "it says it is about what the call writes (a commit message, a pull request), and its words clear the bar{}",
                matched()
            ),
            Grounds::Words { score } => format!(
                "words clear the bar: score {score:.1}, near the call's best{}",
                matched()
            ),
            Grounds::Breadth { words } => format!(
                "{words} distinctive words of the call back it{}, though further below the call's best (shown briefly){}",
                if (*words as f64) < breadth_needed(&evidence.words) {
                    ", held together in one section"
                } else {
                    ""
                },
                matched()
            ),
            Grounds::Fused { fused } => {
                format!("hybrid: fused score {fused:.2} clears min_relevance")
            }
        },
        Verdict::Dropped(shortfall) => match shortfall {
            Shortfall::OtherProject => "project gate: it belongs to another project's folder".into(),
            Shortfall::OtherFolder { folder } => {
                format!("folder gate: it applies under {folder}/, and the call is not there")
            }
            Shortfall::Technology { needs } => format!(
                "technology gate: for {}, which this call's context does not have",
                needs.join(" or ")
            ),
            Shortfall::OutsidePaths => {
                "paths gate: its paths name other parts of the project than the one this call is in".into()
            }
            Shortfall::UnaskedTask { task } => {
                format!("task gate: it guides a {task}, which the call does not ask for")
            }
            Shortfall::NotATestCall => "test gate: it is about tests, and the call is not (no test file, test run or word of its own about tests)".into(),
            Shortfall::Language => "language gate: it is about a language the call is not in".into(),
            Shortfall::RelatedLanguageOnly => format!(
                "language gate: only a language the call is in by relation admits it, and only words back it{}",
                matched()
            ),
            Shortfall::WeakWords { score, bar } => {
                format!("below the bar: word score {score:.1} < {bar:.1}{}", matched())
            }
            Shortfall::NoCallEvidence => format!(
                "no distinctive word of the call itself matched, only common words, language names or the user's message{}",
                matched()
            ),
            Shortfall::FarBelowBest { score, best } => format!(
                "far below the best: word score {score:.1} against the call's best {best:.1}{}{}",
                matched(),
                long_for_breadth(&evidence.words)
            ),
            Shortfall::MessageLed { call_share } => format!(
                "found by words mostly from the user's message: the call itself gave {:.0}% of their weight, less than half{}",
                call_share * 100.0,
                matched()
            ),
            Shortfall::Relevance { fused, min } => {
                format!("hybrid: fused score {fused:.2} < min_relevance {min:.2}")
            }
            Shortfall::OverLimit { max } => format!(
                "over the limit: more than `[hook] max_patterns` ({max}) patterns cleared the bar"
            ),
            Shortfall::Manual => {
                "a rule to be asked for by name (manual): searchable, never injected by a hook".into()
            }
            Shortfall::ExcludedAgent => "the rule excludes coding agents".into(),
            Shortfall::ContentUnmatched => {
                "content gate: none of its regexes matches what the call writes or replaces in a file its globs name".into()
            }
            Shortfall::LoadedByHarness { harness } => format!(
                "{} already loads this file into the model's context",
                harness_name(*harness)
            ),
            Shortfall::SameText { of } => format!(
                "the same text as {of} (a link to it, or a copy), which comes instead or is already in the model's context"
            ),
        },
    }
}

/// What the budget gave a kept candidate, in words.
fn share_reason(share: &PatternShare) -> String {
    let before = match share.shown_before {
        0 => String::new(),
        n => format!(", {n} section(s) shown before left out"),
    };
    match &share.outcome {
        ShareOutcome::Whole { chars } => format!("whole, {chars} chars{before}"),
        ShareOutcome::Sections {
            sections,
            of,
            chars,
        } => format!("{} of {of} sections, {chars} chars{before}", sections.len()),
        ShareOutcome::Cut { section, at, chars } => format!(
            "section {} cut at {at} of its chars, {chars} chars{before}",
            section + 1
        ),
        ShareOutcome::AlreadyShown => "already shown to this session".into(),
        ShareOutcome::NoRoom => "no room left in the budget".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::select::evidence::MatchedTerm;

    fn words(count: usize, length_ratio: Option<f64>) -> WordEvidence {
        WordEvidence {
            matched: (0..count)
                .map(|i| MatchedTerm {
                    term: format!("t{i}"),
                    weight: 0.8,
                    subject: false,
                    from_message: false,
                    language: false,
                    topic: false,
                    written: false,
                })
                .collect(),
            length_ratio,
            ..WordEvidence::default()
        }
    }

    #[test]
    fn a_long_pattern_is_told_how_many_words_it_lacked_to_trail_further() {
        assert_eq!(
            long_for_breadth(&words(5, Some(2.5))),
            "; 5 distinctive words of the call, fewer than the 10 a pattern 2.5 times the index's mean length needs to trail further"
        );
        // Not why: too few words for any length, a pattern of the mean length or shorter, or
        // enough words for its length.
        let read = WordEvidence {
            section_breadth: Some(2.5),
            ..words(5, Some(2.5))
        };
        assert_eq!(
            long_for_breadth(&read),
            "; 5 distinctive words of the call, fewer than the 10 a pattern 2.5 times the index's mean length needs to trail further, and no section holds 4 of them together (at most 2.5 for its length)"
        );
        for (count, ratio) in [(3, Some(2.5)), (5, Some(1.0)), (5, None), (10, Some(2.5))] {
            assert_eq!(
                long_for_breadth(&words(count, ratio)),
                "",
                "{count} {ratio:?}"
            );
        }
    }
}
