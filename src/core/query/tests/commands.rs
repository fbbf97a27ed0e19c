//! Tests for what a shell command's words say: its languages, its terms, where it works.

use super::*;

#[test]
fn bash_queries() {
    let query = extract_query(&QueryInput {
        command: Some("cargo fmt --all -- --check".to_owned()),
        description: Some("Check formatting of the gauge crates".to_owned()),
        ..input("Bash")
    });
    assert_eq!(query.languages, strings(&["rust"]));
    assert_eq!(query.relative_path, None);
    assert_eq!(
        query.terms,
        strings(&[
            "cargo",
            "fmt",
            "check",
            "formatting",
            "gauge",
            "crates",
            "rust"
        ])
    );

    let query = extract_query(&QueryInput {
        command: Some(
            "git commit -m \"gauge: skip 0xcafebabe frames in 9f86d081 reader\"".to_owned(),
        ),
        ..input("Bash")
    });
    assert_eq!(query.languages, Vec::<String>::new());
    assert_eq!(
        query.terms,
        strings(&[
            "git",
            "commit",
            "gauge",
            "skip",
            "frames",
            "reader",
            "message",
            "description"
        ])
    );
    // What the command writes is its topic; the words of the message are not.
    assert_eq!(
        query.topic_terms,
        strings(&["git", "commit", "message", "description"])
    );
    let format = extract_query(&QueryInput {
        command: Some("cargo fmt".to_owned()),
        ..input("Bash")
    });
    assert!(format.topic_terms.is_empty(), "{:?}", format.topic_terms);

    for short in ["pwd", "ls", "ls -la", "cd ..", "echo $HOME"] {
        let query = extract_query(&QueryInput {
            command: Some(short.to_owned()),
            ..input("Bash")
        });
        let expected = Query {
            project: Some("tides".to_string()),
            ..Query::default()
        };
        assert_eq!(query, expected, "{short}");
        assert_eq!(fts_expression(&query), None);
    }
}

#[test]
fn failed_bash_drops_exit_code_boilerplate() {
    let query = extract_query(&QueryInput {
        command: Some("pytest -x".to_owned()),
        error: Some("Exit code 2\nModuleNotFoundError: No module named 'gauges'".to_owned()),
        ..input("Bash")
    });
    assert_eq!(query.languages, strings(&["python"]));
    assert_eq!(
        query.terms,
        strings(&[
            "pytest",
            "modulenotfounderror",
            "module",
            "found",
            "error",
            "named",
            "gauges",
            "python"
        ])
    );
}

#[test]
fn commands_are_in_the_languages_of_their_files_and_of_their_project() {
    let playwright = extract_query(&QueryInput {
        command: Some("npx playwright test tests/stations.spec.ts --headed".to_owned()),
        ..input("Bash")
    });
    assert_eq!(playwright.languages, strings(&["javascript", "typescript"]));
    let project = crate::core::query::ManifestFindings {
        technologies: vec!["nestjs".into()],
        languages: vec!["javascript".into(), "typescript".into()],
    };
    let install = extract_query(&QueryInput {
        command: Some("npm install @nestjs/schedule".to_owned()),
        project: project.clone(),
        ..input("Bash")
    });
    assert_eq!(install.languages, strings(&["javascript", "typescript"]));
    // npm's own language is JavaScript; the project's TypeScript is related.
    assert_eq!(install.related_languages, strings(&["typescript"]));
    assert!(
        !install.terms.contains(&"typescript".to_string()),
        "{:?}",
        install.terms
    );
    // A command in none of the project's languages is not in them.
    let commit = extract_query(&QueryInput {
        command: Some("git commit -m 'gauge'".to_owned()),
        project,
        ..input("Bash")
    });
    assert!(commit.languages.is_empty(), "{:?}", commit.languages);
    assert!(commit.related_languages.is_empty());
    // A JavaScript file is in JavaScript by its own signs: nothing is related.
    let script = extract_query(&QueryInput {
        file_path: Some("/srv/tides/lib/station-slug.js".to_owned()),
        ..input("Edit")
    });
    assert_eq!(script.languages, strings(&["javascript"]));
    assert!(script.related_languages.is_empty());
}

#[test]
fn the_folders_a_command_works_on_say_where_not_what() {
    let lint = extract_query(&QueryInput {
        command: Some("ruff check harbour/ledger/settle.py ./docks/cranes/".to_owned()),
        ..input("Bash")
    });
    // The folders are searched, as a touched file's are, but only as where the call happens:
    // they cannot name a pattern's subject alone.
    for folder in ["harbour", "ledger", "docks", "cranes"] {
        assert!(
            lint.terms.contains(&folder.to_owned()),
            "{folder}: {:?}",
            lint.terms
        );
        assert!(
            lint.location_terms.contains(&folder.to_owned()),
            "{folder}: {:?}",
            lint.location_terms
        );
    }
    // The file's own name and the command's words are what it is about.
    for word in ["ruff", "check", "settle"] {
        assert!(!lint.location_terms.contains(&word.to_owned()), "{word}");
    }
    // A folder the command's description names is part of what it is about.
    let described = extract_query(&QueryInput {
        command: Some("pytest tests/ledger/test_settle.py".to_owned()),
        description: Some("Run the ledger tests".to_owned()),
        ..input("Bash")
    });
    assert!(!described.location_terms.contains(&"ledger".to_owned()));
    // Options, URLs and Gradle task paths are not folders.
    let fetch = extract_query(&QueryInput {
        command: Some(
            "curl -sS https://example.org/ledger/rates --output=rates/today.json".to_owned(),
        ),
        ..input("Bash")
    });
    assert!(
        !fetch.location_terms.contains(&"ledger".to_owned()),
        "{:?}",
        fetch.location_terms
    );
}
