//! The evidence bar: whether one candidate's own evidence is enough to inject it.
//!
//! Gates come first: a pattern specific to technologies (Next.js, Dataverse, an MCP SDK) is
//! only for calls whose context has one of them, whatever else it has. Then some evidence is
//! enough alone, because the team or the project said so: a universal pattern whose
//! `applies_when` names the call, a `paths` glob naming a part of the project, the agent
//! instructions of the project the call is in. A pattern whose file name is the call's stack
//! (`go.md` for a Go edit, `nestjs.instructions.md` in a NestJS project) is its general
//! convention file; one named for what the call is about needs a word of the call to back
//! its name; one specific to a technology the call's context has needs a word of the call.
//! Everything else has to earn its place by words: a word score that clears an absolute bar
//! (the same in any index: the scores are computed with smoothed document frequencies, see
//! `bm25`), a distinctive word of the call itself, and a score not far below the best
//! candidate of the call, so a weak leftover never rides along with a strong match (one
//! that many distinctive words of the call back may trail further, and is shown briefly).

use super::evidence::{Evidence, NameMatch, WordEvidence, vector_only_allowed};
use super::globs::GlobKind;
use crate::core::sources::Harness;

/// Why a candidate is injected.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "grounds", rename_all = "snake_case")]
pub enum Grounds {
    /// A universal pattern whose `applies_when` names this call.
    Universal,
    /// A `paths` glob naming a part of the project matched the touched file.
    Glob { glob: String },
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
    /// The pattern is specific to technologies the call's context does not have.
    Technology { needs: Vec<String> },
    /// The pattern's `paths` name other parts of the project than the touched file's.
    OutsidePaths,
    /// The pattern guides one task (an upgrade, a conversion) the call does not name.
    UnaskedTask { task: String },
    /// The pattern is about a language the call is not in.
    Language,
    /// The words match, but not strongly enough in any index.
    WeakWords { score: f64, bar: f64 },
    /// No distinctive word of the call itself matched: only common words, language names or
    /// the user's message.
    NoCallEvidence,
    /// Far below the best candidate of the call.
    FarBelowBest { score: f64, best: f64 },
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
    /// The harness running the session already put this file into the model's context.
    LoadedByHarness { harness: Harness },
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

/// The word score a pattern needs, in any index.
pub const WORD_BAR: f64 = 6.0;
/// How near the call's best word score a candidate must be, by what else backs it: a file
/// named for what the call is about, or specific to a technology the call's context has, may
/// trail further than one found by words alone. Measured on the shared eval set: below these
/// shares, candidates on those grounds were mostly noise.
pub const SUBJECT_SHARE: f64 = 0.6;
pub const TECHNOLOGY_SHARE: f64 = 0.5;
pub const WORDS_SHARE: f64 = 0.7;
/// A pattern about what the call writes (a `git commit` and a branching workflow whose
/// description names git) may trail furthest: the one file that matches every word of such a
/// call (a commit-message format) is no reason to leave out the others about the same act.
pub const TOPIC_SHARE: f64 = 0.2;
/// A pattern holding [`BREADTH_WORDS`] distinctive words of the call or more may trail the
/// best to this share: a section of a large guide (its naming, its formatting) that speaks of
/// much of what the call does scores below a general file named for the call's language, yet
/// applies as well. It is shown briefly and after the others (see `budget`), so it never
/// takes the place of a stronger match. Measured on the shared eval set: with three words,
/// or a share under 0.6, single-file leftovers came along.
pub const BREADTH_SHARE: f64 = 0.6;
pub const BREADTH_WORDS: usize = 4;
/// The lowest share of the best any grounds accept: a candidate under it can never be kept.
pub const LOWEST_SHARE: f64 = TOPIC_SHARE;

/// What every candidate of one call is judged against.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CallStandard {
    /// The best word score of the call, among every candidate (shown before or not).
    pub best_score: f64,
    /// The best word score among the files named for the call's stack (`go.md`,
    /// `nestjs.instructions.md`).
    pub best_stack_score: f64,
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
            pattern_count,
            min_relevance,
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

/// A candidate a technology gate rules out is no match, only a measure of how well the call's
/// words can match: when the user's message gave more than this share of the weight of the
/// words it holds, it measures the message (often one written for an earlier call of the
/// session) more than the call, and sets the call's best only with the call's own share of
/// its score. Measured on the shared eval set: discounting every ruled-out candidate by its
/// message words let weak leftovers in under a lowered best.
pub const MESSAGE_LED_SHARE: f64 = 1.0 / 3.0;

/// The score a candidate sets the call's best with (see [`MESSAGE_LED_SHARE`]).
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
    if 1.0 - own > MESSAGE_LED_SHARE {
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
    if evidence.technology.excludes() {
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
        return Verdict::Kept(Grounds::Glob {
            glob: glob.glob.clone(),
        });
    }
    let score = evidence.word_score();
    if let (Some(vector), Some(min)) = (&evidence.vector, standard.min_relevance) {
        let grounded = score >= WORD_BAR
            || (score == 0.0 && vector_only_allowed(standard.pattern_count, vector.z));
        return if grounded && vector.fused + 1e-9 >= min {
            Verdict::Kept(Grounds::Fused {
                fused: vector.fused,
            })
        } else {
            Verdict::Dropped(Shortfall::Relevance {
                fused: vector.fused,
                min,
            })
        };
    }
    let words = &evidence.words;
    let near_best = |share: f64| score >= share * standard.best_score;
    // Of the stack's general files, those the call's words back clear the bar; one they do
    // not is a weak leftover once another does (a third Go style guide on `go test`), and
    // comes only as the call's best (a team's one `typescript.md` on a short edit).
    if words.name_match == Some(NameMatch::Stack)
        && score + 1e-9 >= WORD_BAR.min(standard.best_stack_score)
    {
        return Verdict::Kept(Grounds::Stack);
    }
    if words.name_match == Some(NameMatch::Call)
        && words.has_call_evidence()
        && near_best(SUBJECT_SHARE)
    {
        return Verdict::Kept(Grounds::Subject);
    }
    if let Some(matched) = &evidence.technology.matched
        && evidence.technology.matches_stack()
        && words.has_call_evidence()
        && near_best(TECHNOLOGY_SHARE)
    {
        return Verdict::Kept(Grounds::Technology {
            technology: matched.technology.clone(),
        });
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
        let breadth = words.call_evidence_count();
        if breadth >= BREADTH_WORDS && near_best(BREADTH_SHARE) {
            return Verdict::Kept(Grounds::Breadth { words: breadth });
        }
        return Verdict::Dropped(Shortfall::FarBelowBest {
            score,
            best: standard.best_score,
        });
    }
    Verdict::Kept(Grounds::Words { score })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::select::evidence::{GlobMatch, MatchedTerm, TechnologyEvidence, WordEvidence};
    use crate::core::select::task_guide::TaskGuide;

    fn term(term: &str, weight: f64) -> MatchedTerm {
        MatchedTerm {
            term: term.into(),
            weight,
            subject: false,
            from_message: false,
            language: false,
            topic: false,
        }
    }

    fn by_words(content: f64) -> Evidence {
        Evidence {
            words: WordEvidence {
                content_bm25: Some(-content),
                name_coverage: Some(1.0),
                matched: vec![term("thiserror", 4.0)],
                ..WordEvidence::default()
            },
            ..Evidence::default()
        }
    }

    fn standard(best: f64) -> CallStandard {
        CallStandard::for_scores([best], 600, None)
    }

    #[test]
    fn what_the_team_or_project_asked_for_needs_no_words() {
        let glob = Evidence {
            glob: Some(GlobMatch {
                glob: "src/storage/**".into(),
                kind: GlobKind::Specific,
            }),
            ..Evidence::default()
        };
        assert!(judge(&glob, &standard(20.0)).is_kept());
        let project = Evidence {
            project_depth: Some(0),
            ..Evidence::default()
        };
        assert_eq!(
            judge(&project, &standard(20.0)),
            Verdict::Kept(Grounds::Project)
        );
        // A broad glob only restates the language: it needs words like any other.
        let broad = Evidence {
            glob: Some(GlobMatch {
                glob: "**/*.rs".into(),
                kind: GlobKind::Broad,
            }),
            ..Evidence::default()
        };
        assert!(!judge(&broad, &standard(20.0)).is_kept());
    }

    #[test]
    fn a_name_is_enough_when_it_is_the_language_or_a_distinctive_word_backs_it() {
        let named = |name_match, matched: Vec<MatchedTerm>| Evidence {
            words: WordEvidence {
                name_match: Some(name_match),
                matched,
                ..WordEvidence::default()
            },
            ..Evidence::default()
        };
        let weak = standard(0.0);
        assert_eq!(
            judge(&named(NameMatch::Stack, vec![]), &weak),
            Verdict::Kept(Grounds::Stack)
        );
        assert_eq!(
            judge(&named(NameMatch::Call, vec![term("thiserror", 4.0)]), &weak),
            Verdict::Kept(Grounds::Subject)
        );
        assert!(!judge(&named(NameMatch::Call, vec![term("user", 0.5)]), &weak).is_kept());
        let mut from_message = term("thiserror", 4.0);
        from_message.from_message = true;
        assert!(!judge(&named(NameMatch::Message, vec![from_message]), &weak).is_kept());
    }

    #[test]
    fn a_technology_the_context_lacks_rules_a_pattern_out_and_one_it_has_admits_it() {
        let specific = |call: &[&str], project: &[&str]| {
            let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
            Evidence {
                technology: TechnologyEvidence::of(
                    list(&["dataverse"]),
                    &list(call),
                    &list(project),
                    &[],
                ),
                glob: Some(GlobMatch {
                    glob: "src/**/*.py".into(),
                    kind: GlobKind::Specific,
                }),
                ..by_words(30.0)
            }
        };
        assert_eq!(
            judge(&specific(&["fastapi"], &[]), &standard(30.0)),
            Verdict::Dropped(Shortfall::Technology {
                needs: vec!["dataverse".into()]
            })
        );
        assert!(judge(&specific(&[], &["dataverse"]), &standard(30.0)).is_kept());
        // Without a glob, the technology and a word of the call are grounds of their own.
        let mut worded = specific(&["dataverse"], &[]);
        worded.glob = None;
        worded.words.content_bm25 = Some(-1.0);
        assert_eq!(
            judge(&worded, &standard(1.0)),
            Verdict::Kept(Grounds::Technology {
                technology: "dataverse".into()
            })
        );
    }

    #[test]
    fn a_pattern_scoped_to_other_files_or_to_an_unasked_task_stays_out_whatever_its_words() {
        let strong = by_words(30.0);
        let outside = Evidence {
            outside_paths: true,
            ..strong.clone()
        };
        assert_eq!(
            judge(&outside, &standard(30.0)),
            Verdict::Dropped(Shortfall::OutsidePaths)
        );
        let guide = |asked| Evidence {
            task_guide: Some(TaskGuide {
                task: "upgrade".into(),
                asked,
            }),
            ..strong.clone()
        };
        assert_eq!(
            judge(&guide(false), &standard(30.0)),
            Verdict::Dropped(Shortfall::UnaskedTask {
                task: "upgrade".into()
            })
        );
        assert!(judge(&guide(true), &standard(30.0)).is_kept());
    }

    #[test]
    fn words_need_a_distinctive_term_of_the_call_itself() {
        let mut common = by_words(12.0);
        common.words.matched = vec![term("user", 0.4), term("list", 0.6)];
        assert_eq!(
            judge(&common, &standard(12.0)),
            Verdict::Dropped(Shortfall::NoCallEvidence)
        );
    }

    #[test]
    fn words_must_clear_the_bar_and_stay_near_the_best() {
        assert!(judge(&by_words(12.0), &standard(12.0)).is_kept());
        assert_eq!(
            judge(&by_words(4.0), &standard(4.0)),
            Verdict::Dropped(Shortfall::WeakWords {
                score: 4.0,
                bar: WORD_BAR
            })
        );
        assert_eq!(
            judge(&by_words(7.0), &standard(30.0)),
            Verdict::Dropped(Shortfall::FarBelowBest {
                score: 7.0,
                best: 30.0
            })
        );
    }

    #[test]
    fn a_pattern_about_what_the_call_writes_may_trail_the_best_further() {
        let about = |subject: bool, topic: bool, score: f64| {
            let mut evidence = by_words(score);
            evidence.words.name_coverage = Some(0.0);
            let mut git = term("git", 2.7);
            git.subject = subject;
            git.topic = topic;
            evidence.words.matched = vec![git, term("fixed", 1.7)];
            evidence
        };
        // A workflow file whose description names git, on a `git commit` whose best match
        // (a commit-message format) scores far higher.
        let best = standard(40.0);
        let share = |e: &Evidence| e.word_score() / 40.0;
        let workflow = about(true, true, 22.0);
        assert!(share(&workflow) < WORDS_SHARE);
        assert_eq!(judge(&workflow, &best), Verdict::Kept(Grounds::Topic));
        // The same words, but only in its text, or not what the call writes: words alone.
        assert!(matches!(
            judge(&about(false, true, 22.0), &best),
            Verdict::Dropped(Shortfall::FarBelowBest { .. })
        ));
        assert!(matches!(
            judge(&about(true, false, 22.0), &best),
            Verdict::Dropped(Shortfall::FarBelowBest { .. })
        ));
        // It still needs words that clear the bar, and not to be a mere trace of the best.
        assert!(matches!(
            judge(&about(true, true, 10.0), &best),
            Verdict::Dropped(Shortfall::WeakWords { .. })
        ));
        assert!(!judge(&about(true, true, 22.0), &standard(400.0)).is_kept());
        // A topic word only the user's message gave says nothing of the call.
        let mut from_message = about(true, true, 22.0);
        from_message.words.matched[0].from_message = true;
        assert!(!judge(&from_message, &best).is_kept());
    }

    #[test]
    fn many_distinctive_words_of_the_call_let_a_pattern_trail_the_best_further() {
        let holding = |terms: &[(&str, f64)], score: f64| {
            let mut evidence = by_words(score);
            evidence.words.matched = terms.iter().map(|(t, w)| term(t, *w)).collect();
            evidence
        };
        let best = standard(30.0);
        let four = [
            ("readonly", 3.5),
            ("substitution", 3.6),
            ("arrays", 2.1),
            ("exit", 3.0),
        ];
        // A naming section of a shell guide at 0.65 of the call's best shell file.
        let section = holding(&four, 19.5);
        assert!(section.word_score() < WORDS_SHARE * 30.0);
        assert_eq!(
            judge(&section, &best),
            Verdict::Kept(Grounds::Breadth { words: 4 })
        );
        // Three words are not breadth, and breadth does not reach below its share.
        assert!(matches!(
            judge(&holding(&four[..3], 19.5), &best),
            Verdict::Dropped(Shortfall::FarBelowBest { .. })
        ));
        assert!(matches!(
            judge(&holding(&four, 15.0), &best),
            Verdict::Dropped(Shortfall::FarBelowBest { .. })
        ));
        // Common words, language names and the user's message are not the call's evidence.
        let mut weak = holding(&four, 19.5);
        weak.words.matched[0].weight = 0.5;
        weak.words.matched[1].language = true;
        weak.words.matched[2].from_message = true;
        assert!(!judge(&weak, &best).is_kept());
        // Near the best, words alone are grounds enough.
        assert_eq!(
            judge(&section, &standard(25.0)),
            Verdict::Kept(Grounds::Words { score: 19.5 })
        );
    }

    #[test]
    fn a_weak_general_file_of_the_stack_comes_only_when_no_other_is_backed_by_words() {
        let stack_file = |content: f64| Evidence {
            words: WordEvidence {
                content_bm25: Some(-content),
                name_coverage: Some(1.0),
                name_match: Some(NameMatch::Stack),
                ..WordEvidence::default()
            },
            ..Evidence::default()
        };
        // Three Go style guides on a `go test` call: two the call's words back, one not.
        let go_test = standard(20.0).with_stack_scores([8.0, 7.0, 4.0]);
        assert_eq!(
            judge(&stack_file(8.0), &go_test),
            Verdict::Kept(Grounds::Stack)
        );
        assert_eq!(
            judge(&stack_file(7.0), &go_test),
            Verdict::Kept(Grounds::Stack)
        );
        assert!(!judge(&stack_file(4.0), &go_test).is_kept());
        // A team's one `typescript.md` on a short edit comes however few words match.
        let alone = standard(0.0).with_stack_scores([2.0]);
        assert_eq!(
            judge(&stack_file(2.0), &alone),
            Verdict::Kept(Grounds::Stack)
        );
        // Of several weak ones, the best.
        let weak = standard(0.0).with_stack_scores([3.0, 2.0]);
        assert!(judge(&stack_file(3.0), &weak).is_kept());
        assert!(!judge(&stack_file(2.0), &weak).is_kept());
    }

    #[test]
    fn a_ruled_out_candidate_matched_mostly_by_the_message_sets_the_best_with_the_calls_share() {
        let holding = |terms: Vec<MatchedTerm>, score: f64, needs: &[&str]| Evidence {
            technology: TechnologyEvidence {
                pattern: needs.iter().map(|t| t.to_string()).collect(),
                matched: None,
            },
            words: WordEvidence {
                matched: terms,
                ..by_words(score).words
            },
            ..Evidence::default()
        };
        let from_message = |name: &str, weight: f64| MatchedTerm {
            from_message: true,
            ..term(name, weight)
        };
        // A guide for another framework, half of whose matched words only the user's
        // message (from an earlier call) gave: it sets the best with the call's half.
        let led = holding(
            vec![
                term("etl", 6.0),
                from_message("rows", 3.0),
                from_message("skip", 3.0),
            ],
            20.0,
            &["spark"],
        );
        assert!((standard_score(&led) - 10.0).abs() < 1e-9);
        // Mostly the call's own words: its whole score is the standard.
        let own = holding(
            vec![
                term("etl", 6.0),
                term("csv", 3.0),
                from_message("rows", 3.0),
            ],
            20.0,
            &["spark"],
        );
        assert!((standard_score(&own) - 20.0).abs() < 1e-9);
        // A candidate no gate rules out matches with all its words, the message's too.
        let open = holding(
            vec![
                term("etl", 6.0),
                from_message("rows", 3.0),
                from_message("skip", 3.0),
            ],
            20.0,
            &[],
        );
        assert!((standard_score(&open) - 20.0).abs() < 1e-9);
        // Before the technologies are known, the standard is never above the final one.
        for evidence in [&led, &own, &open] {
            assert!(
                least_standard_score(evidence.word_score(), &evidence.words)
                    <= standard_score(evidence) + 1e-9
            );
        }
        // A file named for what the call is about, at 0.55 of the ruled-out guide's whole
        // score, is kept against the call's share of it.
        let mut subject = by_words(11.0);
        subject.words.name_match = Some(NameMatch::Call);
        assert!(!judge(&subject, &standard(led.word_score())).is_kept());
        assert!(judge(&subject, &standard(standard_score(&led))).is_kept());
    }

    #[test]
    fn a_candidate_kept_once_all_its_evidence_is_in_may_be_kept_on_its_words() {
        let best = standard(40.0);
        let technology = |pattern: &[&str], call: &[&str]| {
            let list = |l: &[&str]| l.iter().map(|t| t.to_string()).collect::<Vec<_>>();
            TechnologyEvidence::of(list(pattern), &list(call), &[], &[])
        };
        let mut kept = 0;
        for score in [0.0, 3.0, 6.5, 9.0, 15.0, 20.0, 24.0, 28.0, 40.0] {
            for name_match in [None, Some(NameMatch::Call), Some(NameMatch::Stack)] {
                for topic in [false, true] {
                    let mut words_only = by_words(score);
                    words_only.words.name_match = name_match;
                    let mut git = term("git", 2.0);
                    git.topic = topic;
                    git.subject = true;
                    words_only.words.matched.push(git);
                    let laters = [
                        Evidence::default().technology,
                        technology(&["react"], &["react"]),
                        technology(&["react"], &[]),
                    ];
                    for later in laters {
                        let full = Evidence {
                            technology: later,
                            ..words_only.clone()
                        };
                        if judge(&full, &best).is_kept() {
                            kept += 1;
                            assert!(
                                may_be_kept(&words_only, &best),
                                "{score} {name_match:?} {topic}"
                            );
                        }
                    }
                }
            }
        }
        assert!(kept > 10, "the cases keep some candidates");
        // Far below the best, with nothing but its words, a candidate may not.
        assert!(!may_be_kept(&by_words(12.0), &best));
        // What the team or project asked for always may.
        let glob = Evidence {
            glob: Some(GlobMatch {
                glob: "src/**".into(),
                kind: GlobKind::Specific,
            }),
            ..Evidence::default()
        };
        assert!(may_be_kept(&glob, &best));
    }
}
