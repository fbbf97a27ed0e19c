//! Tests for the project listing's choice and wording.

use super::*;
use crate::core::select::project_fit::ProjectProfile;

fn survey(languages: &[&str], technologies: &[&str]) -> ProjectSurvey {
    let strings = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    ProjectSurvey {
        profile: ProjectProfile {
            languages: strings(languages),
            technologies: strings(technologies),
        },
        named_languages: strings(languages),
        named_technologies: strings(technologies),
        ..ProjectSurvey::default()
    }
}

#[test]
fn the_project_is_named_by_its_languages_and_technologies() {
    assert_eq!(
        project_phrase(&survey(&["go"], &["gin", "gorm"]), &[]),
        "this Go project (gin, gorm)"
    );
    assert_eq!(
        project_phrase(&survey(&["go"], &["gin", "gorm"]), &["gorm"]),
        "this Go project (gorm, gin)"
    );
    assert_eq!(
        project_phrase(&survey(&["go", "typescript", "python"], &[]), &[]),
        "this Go, TypeScript and Python project"
    );
    assert_eq!(
        project_phrase(&survey(&["python", "docker"], &["docker"]), &[]),
        "this Python project (docker)"
    );
    assert_eq!(
        project_phrase(&survey(&[], &["docker"]), &[]),
        "this project (docker)"
    );
    assert_eq!(
        project_phrase(&survey(&[], &["a", "b", "c", "d", "e", "f", "g"]), &[]),
        "this project (a, b, c, d, e, 2 more)"
    );
}

#[test]
fn lines_that_do_not_fit_are_counted_by_what_they_are_about() {
    let entries: Vec<FitEntry<'_>> = (0..40)
        .map(|i| FitEntry {
            fit: if i < 10 {
                Fit::Technology("gin".into())
            } else {
                Fit::Language("go".into())
            },
            title: "A convention with a title of some length",
            source: "x.md",
        })
        .collect();
    let plan = ListingPlan {
        listed: (0..40).collect(),
        general: Vec::new(),
        elsewhere: 7,
    };
    let paths: Vec<String> = (0..40).map(|i| format!("patterns/go/p{i}.md")).collect();
    let survey = survey(&["go"], &["gin"]);
    let text = render_listing(
        &ListingText {
            label: "this repository's patterns/",
            hint: "`lore search <words>`",
            project: "this Go project (gin)",
            survey: &survey,
            entries: &entries,
            plan: &plan,
            paths: &paths,
            general_paths: &[],
        },
        1_500,
    );
    assert!(chars(&text) <= 1_500, "{}", chars(&text));
    // The technology's patterns come first; the language's that do not fit are counted.
    assert!(text.contains("p9.md\n"), "{text}");
    let listed = text.lines().filter(|l| l.ends_with(".md")).count();
    assert!((10..40).contains(&listed), "{text}");
    let rest = 40 - listed;
    assert!(
        text.contains(&format!("- and {rest} more that apply (Go {rest})\n")),
        "{text}"
    );
    assert!(
        text.contains(
            "7 other patterns in this repository's patterns/ are for other languages, tools, files or projects."
        ),
        "{text}"
    );
}

#[test]
fn a_teams_general_rules_are_named_by_folder_when_they_all_fit() {
    let titles = ["API routes", "Logging", "Testing", "Digest feature"];
    let sources = [
        ".cursor/rules/api.mdc",
        ".cursor/rules/logging.mdc",
        ".cursor/rules/testing.mdc",
        ".cursor/rules/features/digest.mdc",
    ];
    let entries: Vec<FitEntry<'_>> = titles
        .iter()
        .zip(sources)
        .map(|(title, source)| FitEntry {
            fit: Fit::General,
            title,
            source,
        })
        .collect();
    let plan = plan_listing(&entries);
    let paths: Vec<String> = plan
        .general
        .iter()
        .map(|&i| sources[i].to_string())
        .collect();
    let survey = survey(&["typescript"], &[]);
    let listing = |budget: usize| {
        render_listing(
            &ListingText {
                label: "the agent rule files",
                hint: "`lore search <words>`",
                project: "this TypeScript project",
                survey: &survey,
                entries: &entries,
                plan: &plan,
                paths: &[],
                general_paths: &paths,
            },
            budget,
        )
    };
    let text = listing(2_000);
    assert!(
        text.starts_with(
            "Conventions in the agent rule files:\n\
             - API routes: .cursor/rules/api.mdc\n\
             - Logging: .cursor/rules/logging.mdc\n"
        ),
        "{text}"
    );
    assert!(!text.contains("general"), "{text}");
    // Less room: by folder, titles only.
    let grouped = listing(260);
    assert!(
        grouped.starts_with(
            "Conventions in the agent rule files:\n\
             - .cursor/rules/: API routes; Logging; Testing\n\
             - .cursor/rules/features/: Digest feature\n"
        ),
        "{grouped}"
    );
    // Too many to name in the room: counted, as in a large collection.
    let short = listing(180);
    assert!(short.contains("4 patterns, all general"), "{short}");
    assert!(!short.contains("Logging"), "{short}");
    assert!(chars(&short) <= 180);
}

#[test]
fn the_patterns_not_listed_are_counted_by_kind() {
    let label = "patterns/";
    assert_eq!(
        others_sentence(label, true, 9, 3),
        "12 other patterns in patterns/: 9 for other languages, tools, files or projects, 3 general."
    );
    assert_eq!(
        others_sentence(label, true, 1, 0),
        "1 other pattern in patterns/ is for other languages, tools, files or projects."
    );
    assert_eq!(
        others_sentence(label, false, 0, 8),
        "patterns/ holds 8 patterns, all general."
    );
}

#[test]
fn long_titles_are_cut_at_a_word() {
    let title = "word ".repeat(30);
    let short = short_title(&title);
    assert!(chars(&short) <= MAX_TITLE_CHARS + 3);
    assert!(short.ends_with("word..."), "{short}");
}
