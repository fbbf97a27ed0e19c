//! The cue grammar on messages a user types: what it captures (kind, referents, rule) and
//! the junk it refuses.

use super::exchange::{Call, Entry, corrections};
use super::inbox::{Candidate, Evidence, InboxState, ItemKind, Offered, Origin};
use super::scope::Scope;
use super::*;

fn one(text: &str) -> Option<Capture> {
    let mut found = captures(text, &NoteCues::default(), Said::Prompt);
    assert!(found.len() <= 1, "{text}: {found:#?}");
    found.pop()
}

fn names(list: &[Named]) -> Vec<&str> {
    list.iter().map(|n| n.text.as_str()).collect()
}

/// A message, and the capture's kind, what to use, what not to, and rule.
type Case<'a> = (&'a str, CaptureKind, &'a [&'a str], &'a [&'a str], &'a str);

#[test]
fn corrections_give_what_to_use_and_what_not_to() {
    let cases: &[Case] = &[
        (
            "no, we use structlog here, not logging",
            CaptureKind::Contrast,
            &["structlog"],
            &["logging"],
            "Use structlog here, not logging.",
        ),
        (
            "Use pathlib instead of os.path.",
            CaptureKind::Contrast,
            &["pathlib"],
            &["os.path"],
            "Use pathlib instead of os.path.",
        ),
        (
            "we don't use default exports in this repo",
            CaptureKind::Avoid,
            &[],
            &["default exports"],
            "Do not use default exports in this repo.",
        ),
        (
            "prefer `date-fns` over moment",
            CaptureKind::Contrast,
            &["date-fns"],
            &["moment"],
            "Prefer `date-fns` over moment.",
        ),
        (
            "No - use `httpx`, the whole codebase is async",
            CaptureKind::Prefer,
            &["httpx"],
            &[],
            "Use `httpx`, the whole codebase is async.",
        ),
        (
            "instead of unittest, use pytest fixtures",
            CaptureKind::Contrast,
            &["pytest fixtures"],
            &["unittest"],
            "Instead of unittest, use pytest fixtures.",
        ),
        (
            "nope, it's `snake_case` for file names, not camelCase",
            CaptureKind::Contrast,
            &["snake_case"],
            &["camelCase"],
            "Use `snake_case` for file names, not camelCase.",
        ),
        (
            "We never mock the database in integration tests.",
            CaptureKind::Avoid,
            &[],
            &["mock the database in integration tests"],
            "Never mock the database in integration tests.",
        ),
        (
            "no, config goes in `settings/base.py`",
            CaptureKind::Correction,
            &["settings/base.py"],
            &[],
            "Config goes in `settings/base.py`.",
        ),
    ];
    for (text, kind, prefer, avoid, rule) in cases {
        let c = one(text).unwrap_or_else(|| panic!("nothing captured from {text:?}"));
        assert_eq!(c.kind, *kind, "{text}: {c:#?}");
        assert_eq!(names(&c.prefer), *prefer, "{text}");
        assert_eq!(names(&c.avoid), *avoid, "{text}");
        assert_eq!(c.rule, *rule, "{text}");
    }
}

#[test]
fn a_teams_negative_makes_a_bare_use_beside_it_the_replacement() {
    let c = one("We don't use axios in the frontend; use the `ky` wrapper instead.").unwrap();
    assert_eq!(c.kind, CaptureKind::Contrast, "{c:#?}");
    assert_eq!(
        (names(&c.prefer), names(&c.avoid)),
        (vec!["ky wrapper"], vec!["axios"])
    );
    // Alone, a bare `use X` is a request, not a convention.
    assert_eq!(one("use the `ky` wrapper for this call"), None);
}

#[test]
fn should_be_and_parallel_names_make_contrasts() {
    let c = one("Settings should be a frozen `dataclass`, not a plain dict.").unwrap();
    assert_eq!(
        (names(&c.prefer), names(&c.avoid)),
        (vec!["frozen dataclass"], vec!["dict"])
    );
    assert_eq!(
        c.rule,
        "Settings should be a frozen `dataclass`, not a plain dict."
    );
    let c = one("async handlers, no sync handlers").unwrap();
    assert_eq!(
        (names(&c.prefer), names(&c.avoid)),
        (vec!["async handlers"], vec!["sync handlers"])
    );
    assert_eq!(one("the red one, no the blue one"), None);
}

#[test]
fn long_referents_keep_their_first_thing_and_lose_their_scope() {
    let c = one("we never use global state in the request handlers").unwrap();
    assert_eq!(names(&c.avoid), ["global state"]);
    let c = one("prefer small pure functions with explicit arguments over classes").unwrap();
    assert_eq!(names(&c.prefer), ["small pure functions"]);
}

#[test]
fn bare_negatives_no_x_and_a_teams_means_are_corrections_outside_a_task() {
    let c = one("Don't hardcode credentials in config files.").unwrap();
    assert_eq!(
        (c.kind, names(&c.avoid)),
        (
            CaptureKind::Avoid,
            vec!["hardcode credentials in config files"]
        )
    );
    let c = one("no magic numbers in the pricing code").unwrap();
    assert_eq!(names(&c.avoid), ["magic numbers"]);
    assert_eq!(c.rule, "No magic numbers in the pricing code.");
    let c = one("We format dates with date-fns, not hand-written helpers.").unwrap();
    assert_eq!(
        (names(&c.prefer), names(&c.avoid)),
        (vec!["date-fns"], vec!["hand-written helpers"])
    );
    assert_eq!(
        c.rule,
        "Format dates with date-fns, not hand-written helpers."
    );
    for junk in [
        "Please don't touch the config while you refactor.",
        "don't forget the changelog",
        "no idea",
        "Rename the module. Don't hardcode the old name anywhere.",
    ] {
        assert_eq!(one(junk), None, "{junk}");
    }
}

#[test]
fn notes_are_kept_as_written_after_their_cue() {
    let found = captures(
        "Looks good.\nremember: every migration needs a down step\nlore: handlers stay under 50 lines",
        &NoteCues::default(),
        Said::Prompt,
    );
    let rules: Vec<&str> = found.iter().map(|c| c.rule.as_str()).collect();
    assert_eq!(
        rules,
        [
            "Every migration needs a down step.",
            "Handlers stay under 50 lines."
        ]
    );
    assert!(found.iter().all(|c| c.kind == CaptureKind::Note));
    let custom = NoteCues::new(&["team rule:".to_string()]);
    assert_eq!(
        captures(
            "Team rule: all SQL goes through the repository layer",
            &custom,
            Said::Prompt
        )
        .len(),
        1
    );
    assert!(captures("remember: why?", &NoteCues::default(), Said::Prompt).is_empty());
}

#[test]
fn junk_is_refused() {
    for text in [
        "no worries",
        "No, that's fine, carry on.",
        "why not use pathlib instead of os.path?",
        "Should we use pnpm instead of npm",
        "Add a settings page. Don't use any external libraries.",
        "Refactor the parser to use a state machine instead of regexes",
        "please don't change the public API; add a new method instead",
        "no, use the other file",
        "no",
        "use whatever you think is best, not my way",
        "Skip the lint step this time, not the tests",
        "```\n# use print instead of logging\n```\nthanks",
        "2024-05-01 12:00:01 WARN use retries instead of sleep\nwhat does this mean",
        "I don't think that's right",
        "do not stop until the tests pass",
        "it is not working",
        "that's not what I asked for",
        "No problem, use whichever",
    ] {
        assert_eq!(one(text), None, "{text}");
    }
}

#[test]
fn a_bare_no_that_answers_the_agents_question_is_dropped() {
    let cues = NoteCues::default();
    let call = Call {
        id: "t1".into(),
        tool: "Edit".into(),
        paths: vec!["src/app.py".into()],
        new_text: "import logging\nlog = logging.getLogger()".into(),
        ..Call::default()
    };
    let asked = [
        Entry::User {
            text: "add logging".into(),
            typed: true,
        },
        Entry::Call(call.clone()),
        Entry::Agent {
            text: "Done. Should I switch the other modules too?".into(),
        },
        Entry::User {
            text: "no, use `structlog`".into(),
            typed: true,
        },
    ];
    assert!(corrections(&asked, &cues).is_empty());
    let told = [
        Entry::User {
            text: "add logging".into(),
            typed: true,
        },
        Entry::Call(call),
        Entry::Agent {
            text: "Done.".into(),
        },
        Entry::User {
            text: "no, use `structlog`".into(),
            typed: true,
        },
        Entry::User {
            text: "<task-notification>use X instead of Y</task-notification>".into(),
            typed: false,
        },
    ];
    let found = corrections(&told, &cues);
    assert_eq!(found.len(), 1, "{found:#?}");
    let action = found[0].action.as_ref().unwrap();
    assert_eq!(action.paths, ["src/app.py"]);
    assert_eq!(
        action.lines,
        ["import logging", "log = logging.getLogger()"]
    );
}

#[test]
fn a_correction_is_attached_to_the_call_that_wrote_what_it_names() {
    let edit = Call {
        id: "t1".into(),
        tool: "Edit".into(),
        paths: vec!["ledger/post.go".into()],
        new_text: "if err != nil {\n\treturn errors.Wrap(err, \"post entry\")\n}".into(),
        ..Call::default()
    };
    let test_run = Call {
        id: "t2".into(),
        tool: "Bash".into(),
        command: Some("go test ./...".into()),
        ..Call::default()
    };
    let session = |calls: Vec<Call>| {
        let mut entries = vec![Entry::User {
            text: "post ledger entries".into(),
            typed: true,
        }];
        entries.extend(calls.into_iter().map(Entry::Call));
        entries.push(Entry::User {
            text: "no, we wrap errors with `fmt.Errorf` and %w, never `errors.Wrap`".into(),
            typed: true,
        });
        entries
    };
    // The test run came last, but the edit wrote what the user named.
    let found = corrections(
        &session(vec![edit.clone(), test_run.clone()]),
        &NoteCues::default(),
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    let action = found[0].action.as_ref().unwrap();
    assert_eq!(action.paths, ["ledger/post.go"], "{action:?}");
    assert!(
        action.lines.iter().any(|l| l.contains("errors.Wrap")),
        "{action:?}"
    );
    // When no call names it, the last call is the one corrected.
    let found = corrections(&session(vec![test_run]), &NoteCues::default());
    assert_eq!(found[0].action.as_ref().unwrap().tool, "Bash");
}

#[test]
fn a_refused_calls_reason_is_a_correction_with_the_call() {
    let entries = [
        Entry::Call(Call {
            id: "t9".into(),
            tool: "Write".into(),
            paths: vec!["web/src/Button.tsx".into()],
            new_text: "export default function Button() {}".into(),
            ..Call::default()
        }),
        Entry::Refused {
            id: "t9".into(),
            reason: Some("named exports only, we don't use default exports".into()),
        },
        Entry::Refused {
            id: "t9".into(),
            reason: None,
        },
    ];
    let found = corrections(&entries, &NoteCues::default());
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].said, Said::Rejection);
    assert_eq!(names(&found[0].capture.avoid), ["default exports"]);
    assert_eq!(found[0].action.as_ref().unwrap().tool, "Write");
}

fn candidate(text: &str, session: &str, day: i64) -> Candidate {
    let capture = one(text).unwrap();
    Candidate {
        evidence: Evidence {
            origin: Origin::Prompt,
            words: capture.words.clone(),
            action: None,
            day,
        },
        capture,
        kind: ItemKind::Convention,
        scope: Scope::default(),
        pattern: None,
        advice: None,
        duplicates: Vec::new(),
        session: Some(session.into()),
    }
}

#[test]
fn repeats_merge_and_raise_and_a_rejection_never_comes_back() {
    let mut inbox = InboxState::default();
    let Offered::New(id) = inbox.offer(candidate("we don't use moment", "s1", 10)) else {
        panic!()
    };
    let other = inbox.offer(candidate("use pathlib, not os.path", "s1", 10));
    assert!(matches!(other, Offered::New(_)));
    assert_eq!(
        inbox.offer(candidate(
            "prefer date-fns over the moment library",
            "s2",
            12
        )),
        Offered::Raised(id.clone())
    );
    let item = inbox.find(&id).unwrap();
    assert_eq!((item.count, item.session_count()), (2, 2));
    assert_eq!(
        item.capture,
        CaptureKind::Contrast,
        "the contrast takes over"
    );
    assert_eq!(item.rule, "Prefer `date-fns` over moment.");
    assert_eq!(inbox.waiting(12)[0].id, id, "the raised item comes first");

    inbox.reject(&id).unwrap();
    assert!(inbox.find(&id).is_none());
    assert_eq!(
        inbox.offer(candidate("no, we don't use moment", "s3", 13)),
        Offered::Refused
    );
    assert_eq!(
        inbox.offer(candidate("use date-fns instead of moment", "s3", 13)),
        Offered::Refused
    );
    let kept = serde_json::to_string(&inbox.rejected).unwrap();
    assert!(!kept.contains("moment"), "only hashes are kept: {kept}");

    let left = inbox.waiting(13)[0].id.clone();
    assert!(inbox.snooze(&left[..4], 20));
    assert!(inbox.waiting(19).is_empty());
    assert_eq!(inbox.waiting(20).len(), 1);
    inbox.expire(10 + inbox::EXPIRE_DAYS + 1);
    assert!(inbox.items.is_empty());
}

#[test]
fn a_referent_ending_another_is_the_same_thing() {
    let mut inbox = InboxState::default();
    let first = inbox.offer(candidate("use orjson, not the stdlib json module", "s1", 1));
    let again = inbox.offer(candidate("we prefer orjson over json", "s2", 2));
    let Offered::New(id) = first else { panic!() };
    assert_eq!(again, Offered::Raised(id));
    let other = inbox.offer(candidate("use named exports, not default exports", "s3", 3));
    assert!(matches!(other, Offered::New(_)));
    assert!(matches!(
        inbox.offer(candidate("we don't use star exports", "s3", 3)),
        Offered::New(_)
    ));
}

#[test]
fn an_item_about_a_written_pattern_stays_about_it() {
    let mut inbox = InboxState::default();
    let mut covered = candidate("we don't use default exports", "s1", 1);
    covered.kind = ItemKind::Sharpen;
    covered.pattern = Some("components.md".into());
    let Offered::New(id) = inbox.offer(covered) else {
        panic!()
    };
    inbox.offer(candidate("named exports, not default exports", "s2", 2));
    let item = inbox.find(&id).unwrap();
    assert_eq!(
        (item.kind, item.pattern.as_deref()),
        (ItemKind::Sharpen, Some("components.md"))
    );
    assert_eq!(item.count, 2);
}

#[test]
fn keys_ignore_case_order_and_filler() {
    let a = one("Use structlog, not logging").unwrap();
    let b = one("no, we use `structlog` instead of the logging module").unwrap();
    assert_eq!(a.key(), b.key());
    assert_eq!(a.title(), "Use structlog, not logging");
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_message_gives_bounded_captures(text in "\\PC{0,600}") {
            let found = captures(&text, &NoteCues::default(), Said::Prompt);
            prop_assert!(found.len() <= 20);
            for c in found {
                prop_assert!(!c.rule.is_empty());
            }
        }

        #[test]
        fn cue_words_in_any_order_never_panic(words in proptest::collection::vec(
            proptest::sample::select(vec!["no,", "use", "not", "instead", "of", "prefer", "over", "we", "don't", "`x.y`", "foo", "?", "."]),
            0..20,
        )) {
            let text = words.join(" ");
            let _ = captures(&text, &NoteCues::default(), Said::Rejection);
        }
    }
}

#[test]
fn the_example_shows_the_lines_that_do_what_the_user_corrected() {
    let call = |text: &str| Call {
        id: "c1".into(),
        tool: "Write".into(),
        paths: vec!["src/Billing.java".into()],
        command: None,
        new_text: text.into(),
        old_text: String::new(),
    };
    let service = "package com.acme.billing;\n\nimport org.springframework.beans.factory.annotation.Autowired;\n\npublic class Billing {\n    @Autowired\n    private Ledger ledger;\n}\n";
    let capture = one("no, we use constructor injection, not @Autowired fields").unwrap();
    let action = exchange::action_of(&call(service), &capture);
    // Not the package and import lines the file opens with: the annotation that was wrong.
    assert_eq!(action.lines, ["    @Autowired"], "{action:?}");
    // A referent named whole still picks its own lines.
    let logging = "import logging\nlog = logging.getLogger(__name__)\nx = 1\n";
    let capture = one("no, we use structlog here, not logging").unwrap();
    let action = exchange::action_of(&call(logging), &capture);
    assert_eq!(
        action.lines,
        ["import logging", "log = logging.getLogger(__name__)"],
        "{action:?}"
    );
}
