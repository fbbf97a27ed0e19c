//! How patterns fit a project: the evidence, what rules a pattern out, the order.

use super::*;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn go_gin() -> ProjectProfile {
    ProjectProfile {
        languages: strings(&["go"]),
        technologies: strings(&["gin"]),
    }
}

fn tree(files: &[&str], dirs: &[&str], existing: &[&str]) -> RootTree {
    RootTree {
        files: files.iter().map(|s| s.to_string()).collect(),
        dirs: dirs.iter().map(|s| s.to_string()).collect(),
        existing: existing.iter().map(|s| s.to_string()).collect(),
    }
}

#[test]
fn a_technology_or_language_of_the_project_fits_and_another_does_not() {
    let none = BTreeSet::new();
    let gin = strings(&["gin"]);
    let go = strings(&["go"]);
    let python = strings(&["python"]);
    let django = strings(&["django"]);
    let of = |languages: &[String], technologies: &[String]| {
        fit(
            &PatternScope {
                languages,
                technologies,
                ..PatternScope::default()
            },
            &go_gin(),
            &none,
        )
    };
    assert_eq!(of(&go, &gin), Fit::Technology("gin".into()));
    assert_eq!(of(&[], &gin), Fit::Technology("gin".into()));
    assert_eq!(of(&go, &[]), Fit::Language("go".into()));
    assert_eq!(of(&python, &[]), Fit::Elsewhere);
    assert_eq!(of(&[], &django), Fit::Elsewhere);
    // A Go pattern about a tool the project lacks, and a gin pattern for another language.
    assert_eq!(of(&go, &django), Fit::Elsewhere);
    assert_eq!(of(&python, &gin), Fit::Elsewhere);
    assert_eq!(of(&[], &[]), Fit::General);
}

#[test]
fn the_projects_own_folder_fits_first_and_another_projects_never() {
    let none = BTreeSet::new();
    let python = strings(&["python"]);
    let mine = PatternScope {
        languages: &python,
        project_folder: Some(true),
        ..PatternScope::default()
    };
    assert_eq!(fit(&mine, &go_gin(), &none), Fit::Project);
    let theirs = PatternScope {
        project_folder: Some(false),
        ..PatternScope::default()
    };
    assert_eq!(fit(&theirs, &go_gin(), &none), Fit::Elsewhere);
}

#[test]
fn a_glob_naming_something_at_the_root_fits() {
    let root = tree(
        &["Dockerfile", "go.mod"],
        &["benches", ".github", "scripts"],
        &[".github/workflows"],
    );
    let globs = [
        "benches/**",
        ".github/workflows/*.yml",
        "**/Dockerfile",
        "**/scripts/**",
        "Dockerfile.*",
        "src/storage/**",
        ".github/ISSUE_TEMPLATE/*.md",
        "**/*.go",
        "docs/benchmarks.md",
    ];
    let fitting = fitting_globs(globs, &root);
    assert_eq!(
        fitting,
        BTreeSet::from(
            [
                "benches/**",
                ".github/workflows/*.yml",
                "**/Dockerfile",
                "**/scripts/**",
            ]
            .map(String::from)
        )
    );
    let paths = strings(&["src/storage/**", "benches/**"]);
    let pattern = PatternScope {
        paths: &paths,
        ..PatternScope::default()
    };
    assert_eq!(
        fit(&pattern, &ProjectProfile::default(), &fitting),
        Fit::Glob("benches/**".into())
    );
    let elsewhere = strings(&["src/storage/**"]);
    let pattern = PatternScope {
        paths: &elsewhere,
        ..PatternScope::default()
    };
    assert_eq!(
        fit(&pattern, &ProjectProfile::default(), &fitting),
        Fit::Elsewhere
    );
    // A glob for C files says the pattern is not for a Go project, whatever root file
    // another of its globs names.
    let embedded = strings(&["**/*.c", "**/*.h", "**/Dockerfile"]);
    let pattern = PatternScope {
        paths: &embedded,
        ..PatternScope::default()
    };
    assert_eq!(fit(&pattern, &go_gin(), &fitting), Fit::Elsewhere);
    // Extensions the language table does not know say nothing either way.
    let make = strings(&["**/Dockerfile", "**/*.mk"]);
    let pattern = PatternScope {
        paths: &make,
        ..PatternScope::default()
    };
    assert_eq!(
        fit(&pattern, &go_gin(), &fitting),
        Fit::Glob("**/Dockerfile".into())
    );
}

#[test]
fn globs_probe_only_literal_leading_directories() {
    assert_eq!(glob_probe("src/storage/**").as_deref(), Some("src/storage"));
    assert_eq!(
        glob_probe(".github/workflows/*.yml").as_deref(),
        Some(".github/workflows")
    );
    assert_eq!(
        glob_probe("docs/benchmarks.md").as_deref(),
        Some("docs/benchmarks.md")
    );
    assert_eq!(glob_probe("./benches/**").as_deref(), Some("benches"));
    // Leading wildcards are matched against root names; broad globs say too little.
    assert_eq!(glob_probe("**/Dockerfile"), None);
    assert_eq!(glob_probe("**/*.ts"), None);
    assert_eq!(glob_probe("src/**/*.rs"), None);
    assert_eq!(glob_probe("../outside/**"), None);
}

#[test]
fn a_glob_for_a_languages_files_fits_a_project_of_that_language() {
    let none = BTreeSet::new();
    let tests = strings(&["**/*_test.go"]);
    let python = strings(&["**/*.py"]);
    let yaml = strings(&["**/*.yml"]);
    let of = |paths: &[String]| {
        fit(
            &PatternScope {
                paths,
                ..PatternScope::default()
            },
            &go_gin(),
            &none,
        )
    };
    assert_eq!(of(&tests), Fit::Language("go".into()));
    assert_eq!(of(&python), Fit::Elsewhere);
    // Every project has YAML: such a glob makes a pattern neither Go's nor anyone else's.
    assert_eq!(of(&yaml), Fit::General);
}

#[test]
fn the_listing_goes_from_the_most_specific_evidence_and_then_by_title() {
    let entries = [
        FitEntry {
            fit: Fit::Language("go".into()),
            title: "errors",
            source: "go/errors.md",
        },
        FitEntry {
            fit: Fit::Elsewhere,
            title: "Django views",
            source: "python/django.md",
        },
        FitEntry {
            fit: Fit::Technology("gin".into()),
            title: "Handlers",
            source: "go/gin.md",
        },
        FitEntry {
            fit: Fit::General,
            title: "Commits",
            source: "commits.md",
        },
        FitEntry {
            fit: Fit::Language("go".into()),
            title: "Channels",
            source: "go/channels.md",
        },
        FitEntry {
            fit: Fit::Glob("benches/**".into()),
            title: "Benchmarks",
            source: "benches.md",
        },
    ];
    let plan = plan_listing(&entries);
    assert_eq!(plan.listed, [2, 4, 0, 5]);
    assert_eq!(plan.general, [3]);
    assert_eq!(plan.elsewhere, 1);
}

#[test]
fn general_patterns_come_apart_by_folder_then_title() {
    let general = |title: &'static str, source: &'static str| FitEntry {
        fit: Fit::General,
        title,
        source,
    };
    let entries = [
        general("Testing", ".cursor/rules/testing.mdc"),
        general("Release", "docs/release.md"),
        general("API routes", ".cursor/rules/api.mdc"),
        general("Digest", ".cursor/rules/features/digest.mdc"),
    ];
    let plan = plan_listing(&entries);
    assert!(plan.listed.is_empty());
    assert_eq!(plan.general, [2, 0, 3, 1]);
    assert_eq!(folder_of(".cursor/rules/api.mdc"), ".cursor/rules");
    assert_eq!(folder_of("AGENTS.md"), "");
}

#[test]
fn languages_read_as_people_write_them() {
    assert_eq!(language_label("go"), "Go");
    assert_eq!(language_label("typescript"), "TypeScript");
    assert_eq!(language_label("csharp"), "C#");
    assert_eq!(language_label("python"), "Python");
}
