//! The bar's word grounds: a distinctive word of the call, the absolute bar, how near the
//! call's best each ground may trail, and the share the call itself must give.

use super::*;

#[test]
fn words_need_a_distinctive_term_of_the_call_itself() {
    let mut common = by_words(3.0);
    common.words.matched = vec![term("user", 0.08), term("list", 0.12)];
    assert_eq!(
        judge(&common, &standard(3.0)),
        Verdict::Dropped(Shortfall::NoCallEvidence)
    );
}

#[test]
fn words_must_clear_the_bar_and_stay_near_the_best() {
    assert!(judge(&by_words(3.0), &standard(3.0)).is_kept());
    assert_eq!(
        judge(&by_words(1.0), &standard(1.0)),
        Verdict::Dropped(Shortfall::WeakWords {
            score: 1.0,
            bar: WORD_BAR
        })
    );
    assert_eq!(
        judge(&by_words(1.75), &standard(7.5)),
        Verdict::Dropped(Shortfall::FarBelowBest {
            score: 1.75,
            best: 7.5
        })
    );
}

#[test]
fn a_pattern_about_what_the_call_writes_may_trail_the_best_further() {
    let about = |subject: bool, topic: bool, score: f64| {
        let mut evidence = by_words(score);
        evidence.words.name_coverage = Some(0.0);
        let mut git = term("git", 0.54);
        git.subject = subject;
        git.topic = topic;
        evidence.words.matched = vec![git, term("fixed", 0.34)];
        evidence
    };
    // A workflow file whose description names git, on a `git commit` whose best match
    // (a commit-message format) scores far higher.
    let best = standard(10.0);
    let share = |e: &Evidence| e.word_score() / 10.0;
    let workflow = about(true, true, 5.5);
    assert!(share(&workflow) < WORDS_SHARE);
    assert_eq!(judge(&workflow, &best), Verdict::Kept(Grounds::Topic));
    // The same words, but only in its text, or not what the call writes: words alone.
    assert!(matches!(
        judge(&about(false, true, 5.5), &best),
        Verdict::Dropped(Shortfall::FarBelowBest { .. })
    ));
    assert!(matches!(
        judge(&about(true, false, 5.5), &best),
        Verdict::Dropped(Shortfall::FarBelowBest { .. })
    ));
    // It still needs words that clear the bar, and not to be a mere trace of the best.
    assert!(matches!(
        judge(&about(true, true, 2.5), &best),
        Verdict::Dropped(Shortfall::WeakWords { .. })
    ));
    assert!(!judge(&about(true, true, 5.5), &standard(100.0)).is_kept());
    // A topic word only the user's message gave says nothing of the call.
    let mut from_message = about(true, true, 5.5);
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
    let best = standard(7.5);
    let four = [
        ("readonly", 0.7),
        ("substitution", 0.72),
        ("arrays", 0.42),
        ("exit", 0.6),
    ];
    // A naming section of a shell guide at 0.65 of the call's best shell file.
    let section = holding(&four, 4.875);
    assert!(section.word_score() < WORDS_SHARE * 7.5);
    assert_eq!(
        judge(&section, &best),
        Verdict::Kept(Grounds::Breadth { words: 4 })
    );
    // Three words are not breadth, and breadth does not reach below its share.
    assert!(matches!(
        judge(&holding(&four[..3], 4.875), &best),
        Verdict::Dropped(Shortfall::FarBelowBest { .. })
    ));
    assert!(matches!(
        judge(&holding(&four, 3.75), &best),
        Verdict::Dropped(Shortfall::FarBelowBest { .. })
    ));
    // Common words, language names and the user's message are not the call's evidence.
    let mut weak = holding(&four, 4.875);
    weak.words.matched[0].weight = 0.1;
    weak.words.matched[1].language = true;
    weak.words.matched[2].from_message = true;
    assert!(!judge(&weak, &best).is_kept());
    // Nor are the constructs a whole new file merely contains (its imports and exports).
    let mut contained = holding(&four, 4.875);
    contained.words.matched[3].written = true;
    assert!(!judge(&contained, &best).is_kept());
    // Near the best, words alone are grounds enough.
    assert_eq!(
        judge(&section, &standard(6.0)),
        Verdict::Kept(Grounds::Words { score: 4.875 })
    );
    // A pattern three times the index's mean length holds more of any call's words by its
    // size alone: four are breadth for a section-sized file, not for it (it needs twelve).
    let mut long = holding(&four, 4.875);
    long.words.length_ratio = Some(3.0);
    assert!(matches!(
        judge(&long, &best),
        Verdict::Dropped(Shortfall::FarBelowBest { .. })
    ));
    // Unless one of its sections holds four of them together: that section speaks of the call.
    long.words.section_breadth = Some(4.0);
    assert_eq!(
        judge(&long, &best),
        Verdict::Kept(Grounds::Breadth { words: 4 })
    );
    long.words.section_breadth = Some(3.0);
    assert!(!judge(&long, &best).is_kept());
    let mut short = holding(&four, 4.875);
    short.words.length_ratio = Some(0.4);
    assert_eq!(
        judge(&short, &best),
        Verdict::Kept(Grounds::Breadth { words: 4 })
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
    let go_test = standard(5.0).with_stack_scores([2.0, 1.75, 1.0]);
    assert_eq!(
        judge(&stack_file(2.0), &go_test),
        Verdict::Kept(Grounds::Stack)
    );
    assert_eq!(
        judge(&stack_file(1.75), &go_test),
        Verdict::Kept(Grounds::Stack)
    );
    assert!(!judge(&stack_file(1.0), &go_test).is_kept());
    // A team's one `typescript.md` on a short edit comes however few words match.
    let alone = standard(0.0).with_stack_scores([0.5]);
    assert_eq!(
        judge(&stack_file(0.5), &alone),
        Verdict::Kept(Grounds::Stack)
    );
    // Of several weak ones, the best.
    let weak = standard(0.0).with_stack_scores([0.75, 0.5]);
    assert!(judge(&stack_file(0.75), &weak).is_kept());
    assert!(!judge(&stack_file(0.5), &weak).is_kept());
    // Its name is a scope: words mostly from the user's message (the language's own name
    // aside) do not make it this call's.
    let mut led = stack_file(2.0);
    led.words.matched = vec![
        term("run", 0.4),
        MatchedTerm {
            from_message: true,
            ..term("padding", 0.6)
        },
        MatchedTerm {
            language: true,
            subject: true,
            ..term("javascript", 1.0)
        },
    ];
    assert!(!judge(&led, &go_test).is_kept());
    led.words.matched[1].from_message = false;
    assert!(judge(&led, &go_test).is_kept());
}

#[test]
fn a_ruled_out_candidate_matched_mostly_by_the_message_sets_the_best_with_the_calls_share() {
    let holding = |terms: Vec<MatchedTerm>, score: f64, needs: &[&str]| Evidence {
        technology: TechnologyEvidence {
            pattern: needs.iter().map(|t| t.to_string()).collect(),
            matched: None,
            stack_unknown: false,
            project_wide: None,
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
    // A guide for another framework, more than half of whose matched words' weight only the
    // user's message (from an earlier call) gave: it sets the best with the call's share.
    let led = holding(
        vec![
            term("etl", 1.0),
            from_message("rows", 0.75),
            from_message("skip", 0.75),
        ],
        5.0,
        &["spark"],
    );
    assert!((standard_score(&led) - 2.0).abs() < 1e-9);
    // Mostly the call's own words: its whole score is the standard.
    let own = holding(
        vec![
            term("etl", 1.0),
            term("csv", 0.6),
            from_message("rows", 0.6),
        ],
        5.0,
        &["spark"],
    );
    assert!((standard_score(&own) - 5.0).abs() < 1e-9);
    // A candidate no gate rules out matches with all its words, the message's too.
    let open = holding(
        vec![
            term("etl", 1.0),
            from_message("rows", 0.5),
            from_message("skip", 0.5),
        ],
        5.0,
        &[],
    );
    assert!((standard_score(&open) - 5.0).abs() < 1e-9);
    // Before the technologies are known, the standard is never above the final one.
    for evidence in [&led, &own, &open] {
        assert!(
            least_standard_score(evidence.word_score(), &evidence.words)
                <= standard_score(evidence) + 1e-9
        );
    }
    // A file named for what the call is about, at 0.55 of the ruled-out guide's whole
    // score, is kept against the call's share of it.
    let mut subject = by_words(2.75);
    subject.words.name_match = Some(NameMatch::Call);
    assert!(!judge(&subject, &standard(led.word_score())).is_kept());
    assert!(judge(&subject, &standard(standard_score(&led))).is_kept());
}

#[test]
fn a_candidate_kept_once_all_its_evidence_is_in_may_be_kept_on_its_words() {
    let best = standard(10.0);
    let technology = |pattern: &[&str], call: &[&str]| {
        let list = |l: &[&str]| l.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        TechnologyEvidence::of(list(pattern), &list(call), &[], &[])
    };
    let mut kept = 0;
    for score in [0.0, 0.75, 1.625, 2.25, 3.75, 5.0, 6.0, 7.0, 10.0] {
        for name_match in [None, Some(NameMatch::Call), Some(NameMatch::Stack)] {
            for topic in [false, true] {
                let mut words_only = by_words(score);
                words_only.words.name_match = name_match;
                let mut git = term("git", 0.4);
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
    assert!(!may_be_kept(&by_words(3.0), &best));
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

#[test]
fn a_pattern_only_a_related_language_admits_needs_more_than_words() {
    let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // A JavaScript guide to arrays, admitted for a TypeScript edit only because JavaScript's
    // conventions are related: strong words alone do not keep it.
    let related = Evidence {
        related_language_only: true,
        ..by_words(7.5)
    };
    assert_eq!(
        judge(&related, &standard(7.5)),
        Verdict::Dropped(Shortfall::RelatedLanguageOnly)
    );
    let named = Evidence {
        words: WordEvidence {
            name_match: Some(NameMatch::Call),
            ..related.words.clone()
        },
        ..related.clone()
    };
    assert_eq!(
        judge(&named, &standard(7.5)),
        Verdict::Dropped(Shortfall::RelatedLanguageOnly)
    );
    // The same words keep a pattern of the call's own language.
    assert!(judge(&by_words(7.5), &standard(7.5)).is_kept());
    // A technology the call has (Express for a TypeScript server) keeps a related language's
    // pattern, and so does the stack's general file.
    let express = Evidence {
        technology: TechnologyEvidence::of(list(&["express"]), &list(&["express"]), &[], &[]),
        ..related.clone()
    };
    assert_eq!(
        judge(&express, &standard(7.5)),
        Verdict::Kept(Grounds::Technology {
            technology: "express".into()
        })
    );
    let stack = Evidence {
        words: WordEvidence {
            name_match: Some(NameMatch::Stack),
            ..related.words.clone()
        },
        ..related
    };
    assert_eq!(judge(&stack, &standard(7.5)), Verdict::Kept(Grounds::Stack));
}

#[test]
fn words_mostly_from_the_users_message_do_not_keep_a_pattern() {
    let with = |call: &[(&str, f64)], message: &[(&str, f64)]| {
        let mut evidence = by_words(7.5);
        evidence.words.matched = call.iter().map(|(t, w)| term(t, *w)).collect();
        for (t, w) in message {
            let mut from_message = term(t, *w);
            from_message.from_message = true;
            evidence.words.matched.push(from_message);
        }
        evidence
    };
    // One distinctive word of the call, four of the message: the message led the search.
    let led = with(
        &[("viewmodel", 0.8)],
        &[
            ("loads", 0.24),
            ("button", 0.5),
            ("expose", 0.4),
            ("ui", 0.24),
        ],
    );
    // Another candidate the call's own words back fully sets what the call alone reaches.
    let with_own_best = standard(7.5).with_own_scores([7.5]);
    match judge(&led, &with_own_best) {
        Verdict::Dropped(Shortfall::MessageLed { call_share }) => {
            assert!((call_share - 4.0 / 10.9).abs() < 1e-9, "{call_share}");
        }
        other => panic!("{other:?}"),
    }
    // But when the call's own share of this match is the best its words reach, and clears
    // the bar, the call alone would keep it (as without a readable message): the message
    // only added to it (a schema version bump after "add a migration for the new column").
    let own = 7.5 * 4.0 / 10.9;
    assert_eq!(
        judge(&led, &standard(7.5).with_own_scores([own])),
        Verdict::Kept(Grounds::Words { score: 7.5 })
    );
    let weak = Evidence {
        words: WordEvidence {
            content_bm25: Some(-3.0),
            ..led.words.clone()
        },
        ..led.clone()
    };
    assert!(
        matches!(
            judge(&weak, &standard(3.0).with_own_scores([3.0 * 4.0 / 10.9])),
            Verdict::Dropped(Shortfall::MessageLed { .. })
        ),
        "the call's own share under the bar"
    );
    // The call's own words carry half or more: the message only adds context.
    let backed = with(
        &[("viewmodel", 0.8), ("stateflow", 0.6)],
        &[("button", 0.5)],
    );
    assert_eq!(
        judge(&backed, &standard(7.5)),
        Verdict::Kept(Grounds::Words { score: 7.5 })
    );
}

#[test]
fn a_technology_only_the_project_shows_must_be_as_near_the_best_as_words() {
    let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // An MCP server guide at 0.6 of the call's best, MCP being a dependency of the project.
    let mcp = |call: &[&str], project: &[&str]| Evidence {
        technology: TechnologyEvidence::of(list(&["mcp"]), &list(call), &list(project), &[]),
        ..by_words(4.5)
    };
    let best = standard(7.5);
    // The call itself imports the SDK: the technology lets it trail to half the best.
    assert_eq!(
        judge(&mcp(&["mcp"], &[]), &best),
        Verdict::Kept(Grounds::Technology {
            technology: "mcp".into()
        })
    );
    // Only the project's manifest names it: it needs what words alone need (0.8).
    assert_eq!(
        judge(&mcp(&[], &["mcp"]), &best),
        Verdict::Dropped(Shortfall::FarBelowBest {
            score: 4.5,
            best: 7.5
        })
    );
    assert!(judge(&mcp(&[], &["mcp"]), &standard(5.5)).is_kept());
}

#[test]
fn a_technology_pattern_needs_the_word_bar_too() {
    let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // A task-queue guide in a project using that queue, matched by one chance word of the
    // call ("pick up the ticket" against "the worker picks it up"): the call's best, but weak.
    let queue = |score: f64| Evidence {
        technology: TechnologyEvidence::of(list(&["celery"]), &list(&["celery"]), &[], &[]),
        ..by_words(score)
    };
    assert_eq!(
        judge(&queue(1.0), &standard(1.0)),
        Verdict::Dropped(Shortfall::WeakWords {
            score: 1.0,
            bar: WORD_BAR
        })
    );
    assert_eq!(
        judge(&queue(WORD_BAR), &standard(WORD_BAR)),
        Verdict::Kept(Grounds::Technology {
            technology: "celery".into()
        })
    );
}
