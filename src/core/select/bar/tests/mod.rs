//! Tests for the evidence bar: what the team or project asked for, names, technologies and
//! scopes here; the word grounds in `words`, hybrid's rescue in `vectors`.

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
        written: false,
    }
}

fn by_words(content: f64) -> Evidence {
    Evidence {
        words: WordEvidence {
            content_bm25: Some(-content),
            name_coverage: Some(1.0),
            matched: vec![term("thiserror", 0.8)],
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
    assert!(judge(&glob, &standard(0.0)).is_kept());
    let project = Evidence {
        project_depth: Some(0),
        ..Evidence::default()
    };
    assert_eq!(
        judge(&project, &standard(5.0)),
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
    assert!(!judge(&broad, &standard(5.0)).is_kept());
}

#[test]
fn a_specific_glob_says_where_a_rule_may_apply_and_the_calls_words_say_whether_now() {
    let globbed = |content: f64| Evidence {
        glob: Some(GlobMatch {
            glob: "src/storage/**".into(),
            kind: GlobKind::Specific,
        }),
        ..by_words(content)
    };
    // Far weaker words than the call's best match: left for a call that bears on it.
    assert!(matches!(
        judge(&globbed(0.5), &standard(5.0)),
        Verdict::Dropped(Shortfall::FarBelowBest { .. })
    ));
    // Words that would not keep it on their own (under the bar, well behind the best) do
    // once the glob names the file.
    assert!(!judge(&by_words(1.2), &standard(5.0)).is_kept());
    assert_eq!(
        judge(&globbed(1.2), &standard(5.0)),
        Verdict::Kept(Grounds::Glob {
            glob: "src/storage/**".into()
        })
    );
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
        judge(&named(NameMatch::Call, vec![term("thiserror", 0.8)]), &weak),
        Verdict::Kept(Grounds::Subject)
    );
    assert!(!judge(&named(NameMatch::Call, vec![term("user", 0.1)]), &weak).is_kept());
    let mut from_message = term("thiserror", 0.8);
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
            ..by_words(7.5)
        }
    };
    assert_eq!(
        judge(&specific(&["fastapi"], &[]), &standard(7.5)),
        Verdict::Dropped(Shortfall::Technology {
            needs: vec!["dataverse".into()]
        })
    );
    assert!(judge(&specific(&[], &["dataverse"]), &standard(7.5)).is_kept());
    // Without a glob, the technology and words of the call are grounds of their own.
    let mut worded = specific(&["dataverse"], &[]);
    worded.glob = None;
    worded.words.content_bm25 = Some(-WORD_BAR);
    assert_eq!(
        judge(&worded, &standard(WORD_BAR)),
        Verdict::Kept(Grounds::Technology {
            technology: "dataverse".into()
        })
    );
}

#[test]
fn an_authors_glob_for_the_files_kind_keeps_a_technology_pattern_when_no_stack_is_known() {
    let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let postgres = |glob: &str, call: &[&str], project: &[&str]| Evidence {
        technology: TechnologyEvidence::of(list(&["postgresql"]), &list(call), &list(project), &[]),
        glob: Some(GlobMatch {
            glob: glob.into(),
            kind: GlobKind::Specific,
        }),
        ..by_words(1.0)
    };
    let best = standard(2.5);
    // A migration in a repository whose call and root files name no technology at all.
    assert_eq!(
        judge(&postgres("**/migrations/**/*.sql", &[], &[]), &best),
        Verdict::Kept(Grounds::Glob {
            glob: "**/migrations/**/*.sql".into()
        })
    );
    // The same migration in a project known to use another database: the gate holds.
    assert!(!judge(&postgres("**/migrations/**/*.sql", &[], &["mysql"]), &best).is_kept());
    assert!(!judge(&postgres("**/migrations/**/*.sql", &["sqlite"], &[]), &best).is_kept());
    // A glob for files of any kind in a folder says nothing about this file's stack.
    assert!(!judge(&postgres("src/routes/**/*", &[], &[]), &best).is_kept());
    // Nor does a glob written for other agents' files, even in an unknown stack.
    let mut elsewhere = postgres("**/migrations/**/*.sql", &[], &[]);
    elsewhere.outside_paths = true;
    assert!(!judge(&elsewhere, &best).is_kept());
    // Lifting the gate lifts nothing else: a guide to a task the call does not name stays out.
    let mut upgrade = postgres("**/migrations/**/*.sql", &[], &[]);
    upgrade.task_guide = Some(TaskGuide {
        task: "upgrade".into(),
        asked: false,
    });
    assert!(!judge(&upgrade, &best).is_kept());
}

#[test]
fn an_authors_folder_glob_keeps_a_pattern_for_a_database_the_project_uses() {
    // A TypeScript project depending on a database client: the database is used from any
    // language, so it bears on no call by itself, but the author put the pattern on a folder.
    let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let pooling = |glob: Option<(&str, GlobKind)>, project_wide: &[&str]| Evidence {
        technology: TechnologyEvidence::of(list(&["postgresql"]), &list(&["react"]), &[], &[])
            .with_project_wide(&list(project_wide)),
        glob: glob.map(|(glob, kind)| GlobMatch {
            glob: glob.into(),
            kind,
        }),
        ..by_words(1.0)
    };
    let best = standard(2.5);
    let folder = Some(("src/db/**", GlobKind::Specific));
    assert_eq!(
        judge(&pooling(folder, &["postgresql"]), &best),
        Verdict::Kept(Grounds::Glob {
            glob: "src/db/**".into()
        })
    );
    // A project that uses another database, or none: the gate holds.
    assert!(!judge(&pooling(folder, &["mysql"]), &best).is_kept());
    assert!(!judge(&pooling(folder, &[]), &best).is_kept());
    // Without the author's glob for a part of the project, the database says nothing of
    // the call: a language's files anywhere, or words alone, are not enough.
    let broad = Some(("**/*.ts", GlobKind::Broad));
    assert!(!judge(&pooling(broad, &["postgresql"]), &best).is_kept());
    let named = Some(("**/{*db*,*sql*}", GlobKind::Specific));
    assert!(!judge(&pooling(named, &["postgresql"]), &best).is_kept());
    let mut worded = pooling(None, &["postgresql"]);
    worded.words.content_bm25 = Some(-2.5);
    assert!(!judge(&worded, &best).is_kept());
}

#[test]
fn a_pattern_scoped_to_other_files_or_to_an_unasked_task_stays_out_whatever_its_words() {
    let strong = by_words(7.5);
    let outside = Evidence {
        outside_paths: true,
        ..strong.clone()
    };
    assert_eq!(
        judge(&outside, &standard(7.5)),
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
        judge(&guide(false), &standard(7.5)),
        Verdict::Dropped(Shortfall::UnaskedTask {
            task: "upgrade".into()
        })
    );
    assert!(judge(&guide(true), &standard(7.5)).is_kept());
}

mod vectors;
mod words;

#[test]
fn a_guide_named_for_tests_needs_a_call_about_tests_unless_its_glob_matched() {
    let guide = Evidence {
        tests_elsewhere: true,
        ..by_words(7.5)
    };
    assert_eq!(
        judge(&guide, &standard(7.5)),
        Verdict::Dropped(Shortfall::NotATestCall)
    );
    // Its author's glob matching the touched file says it applies there.
    let scoped = Evidence {
        glob: Some(GlobMatch {
            glob: "backend/**/factories.py".into(),
            kind: GlobKind::Specific,
        }),
        ..guide.clone()
    };
    assert!(judge(&scoped, &standard(7.5)).is_kept());
    // On a call about tests the same words keep it.
    let asked = Evidence {
        tests_elsewhere: false,
        ..guide
    };
    assert!(judge(&asked, &standard(7.5)).is_kept());
}

#[test]
fn an_edit_of_comments_alone_keeps_a_globbed_pattern_only_on_words_that_clear_the_bar() {
    let globbed = |content: f64| Evidence {
        glob: Some(GlobMatch {
            glob: "src/storage/**".into(),
            kind: GlobKind::Specific,
        }),
        ..by_words(content)
    };
    let weak = globbed(1.2);
    let kept = judge(&weak, &standard(5.0));
    assert!(matches!(kept, Verdict::Kept(Grounds::Glob { .. })));
    assert!(matches!(
        judge_comments_only(kept, &weak),
        Verdict::Dropped(Shortfall::WeakWords { .. })
    ));
    let strong = globbed(2.0);
    let kept = judge(&strong, &standard(5.0));
    assert_eq!(judge_comments_only(kept.clone(), &strong), kept);
    // Other grounds are the words' own: unchanged.
    let words = judge(&by_words(5.0), &standard(5.0));
    assert_eq!(judge_comments_only(words.clone(), &by_words(5.0)), words);
}
