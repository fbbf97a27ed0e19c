//! Tests for whole-query extraction from tool calls, prompts and failures.

use super::*;

#[test]
fn edit_query() {
    let query = extract_query(&QueryInput {
        file_path: Some("/srv/tides/src/parse_reading.rs".to_owned()),
        content: Some("pub fn parse_reading(line: &str) -> Result<Reading, FrameError> {\n    let fields = line.split(',');\n    unimplemented!()\n}".to_owned()),
        last_user_message: Some("Short frames should give an error, not a crash".to_owned()),
        ..input("Edit")
    });
    assert_eq!(query.languages, strings(&["rust"]));
    assert_eq!(query.relative_path.as_deref(), Some("src/parse_reading.rs"));
    assert_eq!(
        query.terms,
        // The file, what the edit's constructs are about (`unimplemented!()` panics, a
        // `Result` of an error type), the words it writes, then the user's message.
        strings(&[
            "parse",
            "reading",
            "panic",
            "result",
            "error",
            "line",
            "frameerror",
            "frame",
            "fields",
            "split",
            "unimplemented",
            "short",
            "frames",
            "give",
            "crash",
            "rust"
        ])
    );
    assert_eq!(
        query.message_terms,
        strings(&["short", "frames", "give", "crash"])
    );
    assert_eq!(
        fts_expression(&query).as_deref(),
        Some(
            "\"parse\" OR \"reading\" OR \"panic\" OR \"result\" OR \"error\" OR \"line\" \
             OR \"frameerror\" OR \"frame\" OR \"fields\" OR \"split\" OR \"unimplemented\" OR \"short\" \
             OR \"frames\" OR \"give\" OR \"crash\" OR \"rust\""
        )
    );
}

#[test]
fn write_query_uses_nearest_project_directories() {
    let query = extract_query(&QueryInput {
        file_path: Some("/srv/tides/apps/ui/src/widgets/TideChart.tsx".to_owned()),
        content: Some(
            "export const TideChart = () => { const [level, setLevel] = useState(0); return level; };"
                .to_owned(),
        ),
        ..input("Write")
    });
    // JavaScript's conventions apply to TypeScript: related, not searched for.
    assert_eq!(
        query.languages,
        strings(&["typescript", "react", "javascript"])
    );
    assert_eq!(query.related_languages, strings(&["javascript"]));
    assert_eq!(
        query.relative_path.as_deref(),
        Some("apps/ui/src/widgets/TideChart.tsx")
    );
    assert_eq!(
        query.terms,
        strings(&[
            "tidechart",
            "tide",
            "chart",
            "widgets",
            "ui",
            // The constructs the file writes: a state hook destructured, a const, an
            // exported arrow function.
            "destructuring",
            "usestate",
            "state",
            "hooks",
            "const",
            "variables",
            "exports",
            "arrow",
            "functions",
            "level",
            "setlevel",
            "set",
            "use",
            "typescript",
            "react"
        ])
    );
}

#[test]
fn path_terms_for_generic_names() {
    let cases: &[(&str, &[&str])] = &[
        ("/srv/tides/Dockerfile", &["dockerfile", "docker"]),
        (
            "/srv/tides/.github/workflows/nightly.yml",
            // The path shows GitHub Actions: its name's words join the languages'.
            &[
                "nightly",
                "workflows",
                "github",
                "github-actions",
                "yaml",
                "actions",
            ],
        ),
        ("/srv/tides/cmd/gauged/main.go", &["main", "gauged", "go"]),
        (
            "/srv/tides/ingest/readers/__init__.py",
            &["init", "readers", "ingest", "python"],
        ),
        (
            "/srv/tides/src/main/java/org/harbour/tides/BerthController.java",
            &[
                "berthcontroller",
                "berth",
                "controller",
                "tides",
                "harbour",
                "java",
            ],
        ),
    ];
    for (path, expected) in cases {
        let query = extract_query(&QueryInput {
            file_path: Some((*path).to_owned()),
            ..input("Edit")
        });
        assert_eq!(query.terms, strings(expected), "{path}");
    }
    let deep = extract_query(&QueryInput {
        file_path: Some("/srv/tides/alpha/beta/gamma/delta/epsilon.rs".to_owned()),
        ..input("Edit")
    });
    assert_eq!(
        deep.terms,
        strings(&["epsilon", "delta", "gamma", "beta", "rust"])
    );
}

#[test]
fn prompt_query() {
    let query = extract_query(&QueryInput {
        prompt: Some(
            "Add a Go endpoint for /stations with table-driven tests; never panic on bad input."
                .to_owned(),
        ),
        ..QueryInput::default()
    });
    assert_eq!(query.languages, strings(&["go"]));
    assert_eq!(query.relative_path, None);
    assert_eq!(
        query.terms,
        strings(&[
            "add", "endpoint", "stations", "table", "driven", "tests", "never", "panic", "bad",
            "input", "go"
        ])
    );
}

#[test]
fn terms_are_capped_keeping_languages() {
    let words: Vec<String> = (0..100).map(|i| format!("word{i}x")).collect();
    let query = extract_query(&QueryInput {
        command: Some(format!("cargo {}", words.join(" "))),
        description: Some(
            (0..100)
                .map(|i| format!("other{i}x"))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        content: Some(
            "alpha beta gamma delta epsilon zeta theta iota kappa lambda omicron sigma omega"
                .to_owned(),
        ),
        ..input("Bash")
    });
    assert_eq!(query.terms.len(), MAX_TERMS);
    assert_eq!(query.terms.first().map(String::as_str), Some("cargo"));
    assert_eq!(query.terms.last().map(String::as_str), Some("rust"));
}

#[test]
fn content_adds_at_most_twelve_new_terms() {
    let query = extract_query(&QueryInput {
        file_path: Some("/srv/tides/notes.py".to_owned()),
        content: Some(
            "notes alpha beta gamma delta epsilon zeta theta iota kappa mu omicron sigma omega"
                .to_owned(),
        ),
        ..input("Write")
    });
    // The file's stem, then at most twelve words of what it writes, then the language.
    assert_eq!(query.terms.len(), MAX_CONTENT_TERMS + 1);
    assert_eq!(query.terms.last().map(String::as_str), Some("python"));
    assert_eq!(query.terms.first().map(String::as_str), Some("notes"));
    assert!(
        !query.terms.contains(&"omega".to_string()),
        "{:?}",
        query.terms
    );
}

#[test]
fn extraction_is_deterministic() {
    let make = || QueryInput {
        file_path: Some("/srv/tides/ui/app/stations/layout.tsx".to_owned()),
        command: Some("npx next lint && cargo fmt".to_owned()),
        description: Some("Lint with Next.js and Rust, then Go".to_owned()),
        content: Some(
            "export default function StationsLayout({ children }) { return children }".to_owned(),
        ),
        last_user_message: Some(
            "move the station pages to Next 15 and the Python scripts too".to_owned(),
        ),
        ..input("Bash")
    };
    let first = extract_query(&make());
    for _ in 0..5 {
        assert_eq!(extract_query(&make()), first);
    }
    assert_eq!(
        first.languages,
        strings(&["typescript", "react", "javascript", "rust", "go", "python"])
    );
}

#[test]
fn the_values_of_a_file_in_no_language_are_not_searched() {
    // Settings, notes and `.env` files hold data: the call is about the file, not the words
    // of its values.
    let query = extract_query(&QueryInput {
        file_path: Some("/srv/tides/config/local.json".to_owned()),
        content: Some("{\n  \"station\": \"harbour-7\",\n  \"interval\": 30\n}".to_owned()),
        ..input("Write")
    });
    assert!(query.languages.is_empty());
    assert_eq!(query.terms, strings(&["local", "config"]));
    let env = extract_query(&QueryInput {
        file_path: Some("/srv/tides/.env".to_owned()),
        old_content: Some("GAUGE_POLL_SECONDS=30".to_owned()),
        content: Some("GAUGE_POLL_SECONDS=60".to_owned()),
        ..input("Edit")
    });
    assert!(!env.terms.iter().any(|t| t == "poll" || t == "gauge"));
    // Code keeps its words.
    let code = extract_query(&QueryInput {
        file_path: Some("/srv/tides/src/settings.py".to_owned()),
        content: Some("GAUGE_POLL_SECONDS = 60".to_owned()),
        ..input("Write")
    });
    assert!(code.terms.iter().any(|t| t == "poll"));
}

#[test]
fn a_written_files_concept_words_alone_cannot_name_a_subject() {
    let code = "package tides\n\nimport (\n\t\"fmt\"\n\t\"testing\"\n)\n\nfunc TestHighWater(t *testing.T) {\n\tfmt.Println(2)\n}\n";
    let write = extract_query(&QueryInput {
        file_path: Some("/srv/harbour/internal/tides/highwater_test.go".to_owned()),
        content: Some(code.to_owned()),
        cwd: Some("/srv/harbour".to_owned()),
        ..input("Write")
    });
    assert!(
        write.written_terms.contains(&"grouping".to_owned()),
        "{:?} {:?}",
        write.terms,
        write.written_terms
    );
    // Words the path or the code itself gives are the call's own, not only written.
    assert!(!write.written_terms.contains(&"highwater".to_owned()));
    // An edit's concepts come from what it changes: they stay the call's own words.
    let edit = extract_query(&QueryInput {
        file_path: Some("/srv/harbour/internal/tides/highwater_test.go".to_owned()),
        old_content: Some("package tides\n".to_owned()),
        content: Some(code.to_owned()),
        cwd: Some("/srv/harbour".to_owned()),
        ..input("Edit")
    });
    assert!(
        edit.terms.contains(&"grouping".to_owned()),
        "{:?}",
        edit.terms
    );
    assert!(edit.written_terms.is_empty(), "{:?}", edit.written_terms);
}

#[test]
fn a_stack_is_named_by_whole_names_and_its_names_parts_are_only_context() {
    // A greenhouse dashboard whose manifest lists libraries with generic words in their
    // names; the edit itself says nothing about tests, routing, queries or components.
    let project = crate::core::query::ManifestFindings {
        technologies: vec![
            "testing-library".into(),
            "react-router".into(),
            "tanstack-query".into(),
            "styled-components".into(),
        ],
        languages: vec!["javascript".into(), "typescript".into()],
    };
    let query = extract_query(&QueryInput {
        file_path: Some("/srv/greenhouse/src/climate/humidity.ts".to_owned()),
        content: Some("const ceiling = 0.85;".to_owned()),
        cwd: Some("/srv/greenhouse".to_owned()),
        project,
        ..input("Edit")
    });
    // Text writes those names as words ("React Router"), so the words are searched; but they
    // are where the call happens, not what it is about, and name nothing of the stack alone.
    for part in [
        "testing",
        "library",
        "router",
        "query",
        "components",
        "styled",
    ] {
        assert!(
            query.location_terms.contains(&part.to_owned()),
            "{part}: {:?} of {:?}",
            query.location_terms,
            query.terms
        );
        assert!(
            !query.stack_names.contains(&part.to_owned()),
            "{part}: {:?}",
            query.stack_names
        );
    }
    for whole in [
        "testing library",
        "react router",
        "tanstack query",
        "styled components",
    ] {
        assert!(
            query.stack_names.contains(&whole.to_owned()),
            "{whole}: {:?}",
            query.stack_names
        );
    }
    // A technology named in one word (React, which React Router implies) is the call's own.
    assert!(
        query.terms.contains(&"react".to_owned()),
        "{:?}",
        query.terms
    );
    assert!(!query.location_terms.contains(&"react".to_owned()));
    assert!(query.stack_names.contains(&"typescript".to_owned()));
    // The same word said by the call itself is the call's own.
    let routed = extract_query(&QueryInput {
        file_path: Some("/srv/greenhouse/src/router.ts".to_owned()),
        content: Some("const ceiling = 0.85;".to_owned()),
        cwd: Some("/srv/greenhouse".to_owned()),
        project: crate::core::query::ManifestFindings {
            technologies: vec!["react-router".into()],
            languages: vec!["typescript".into()],
        },
        ..input("Edit")
    });
    assert!(!routed.location_terms.contains(&"router".to_owned()));
}

#[test]
fn a_prompt_that_names_no_language_is_in_the_projects() {
    let project = ManifestFindings {
        languages: vec!["go".to_owned()],
        ..ManifestFindings::default()
    };
    let prompt = |text: &str| {
        extract_query(&QueryInput {
            prompt: Some(text.to_owned()),
            cwd: Some("/srv/tides".to_owned()),
            project: project.clone(),
            ..QueryInput::default()
        })
    };
    assert_eq!(
        prompt("Add a retry when the tide gauge times out").languages,
        ["go"]
    );
    // A language the prompt names is the prompt's own.
    assert_eq!(
        prompt("Port the tide gauge reader to Python").languages,
        ["python"]
    );
    // A command's language comes from the command, never from the project alone.
    let command = extract_query(&QueryInput {
        command: Some("make gauges".to_owned()),
        project,
        ..input("Bash")
    });
    assert!(command.languages.is_empty(), "{:?}", command.languages);
}

#[test]
fn a_language_the_call_is_in_only_through_its_project_names_no_stack_file() {
    let project = ManifestFindings {
        languages: vec!["rust".to_owned(), "protobuf".to_owned()],
        ..ManifestFindings::default()
    };
    let clippy = extract_query(&QueryInput {
        command: Some("cargo clippy -- -D warnings".to_owned()),
        project: project.clone(),
        ..input("Bash")
    });
    // The command is in the project's other languages too (their gates open) ...
    assert!(
        clippy.languages.contains(&"protobuf".to_owned()),
        "{clippy:?}"
    );
    // ... but only its own is its stack.
    assert!(
        clippy.stack_names.contains(&"rust".to_owned()),
        "{clippy:?}"
    );
    assert!(
        !clippy.stack_names.contains(&"protobuf".to_owned()),
        "{clippy:?}"
    );
}

#[test]
fn a_prompt_searches_the_users_words_not_the_projects_stack() {
    let project = ManifestFindings {
        languages: vec!["python".to_owned()],
        technologies: vec!["django".to_owned(), "celery".to_owned()],
    };
    let prompt = |text: &str| {
        extract_query(&QueryInput {
            prompt: Some(text.to_owned()),
            cwd: Some("/srv/bakery".to_owned()),
            project: project.clone(),
            ..QueryInput::default()
        })
    };
    let thanks = prompt("Thanks, that looks right");
    // The stack still says where the request is (its gates open) ...
    assert!(
        thanks.project_technologies.contains(&"django".to_owned()),
        "{:?}",
        thanks.project_technologies
    );
    // ... but the user did not ask about it.
    for name in ["django", "celery"] {
        assert!(
            !thanks.terms.contains(&name.to_owned()),
            "{:?}",
            thanks.terms
        );
    }
    // A technology the user names is searched for.
    let named = prompt("Retry the oven task when celery loses the broker");
    assert!(
        named.terms.contains(&"celery".to_owned()),
        "{:?}",
        named.terms
    );
    assert!(
        !named.terms.contains(&"django".to_owned()),
        "{:?}",
        named.terms
    );
    // A tool call's stack is what its code is written in: it is searched.
    let edit = extract_query(&QueryInput {
        file_path: Some("/srv/bakery/ovens/views.py".to_owned()),
        content: Some("def bake(request):\n    return render(request, 'oven.html')\n".to_owned()),
        cwd: Some("/srv/bakery".to_owned()),
        project: project.clone(),
        ..input("Edit")
    });
    assert!(
        edit.terms.contains(&"django".to_owned()),
        "{:?}",
        edit.terms
    );
}

#[test]
fn a_prompt_does_not_search_a_language_its_project_has_through_a_technology() {
    // React is a technology and a language of its own: in a Python + React project a prompt
    // about the API title is in React's gates, but no word of it is `react`.
    let project = ManifestFindings {
        languages: vec!["python".to_owned(), "typescript".to_owned()],
        technologies: vec!["fastapi".to_owned(), "react".to_owned()],
    };
    let prompt = |text: &str| {
        extract_query(&QueryInput {
            prompt: Some(text.to_owned()),
            cwd: Some("/srv/ledger".to_owned()),
            project: project.clone(),
            ..QueryInput::default()
        })
    };
    let title = prompt("Rename the API title shown in the docs page");
    assert!(title.languages.contains(&"react".to_owned()), "{title:?}");
    assert!(
        !title.terms.contains(&"react".to_owned()),
        "{:?}",
        title.terms
    );
    // Named by the user, it is searched.
    let named = prompt("The React invoice list flickers on reload");
    assert!(
        named.terms.contains(&"react".to_owned()),
        "{:?}",
        named.terms
    );
}

#[test]
fn a_new_files_later_imports_name_what_it_uses() {
    let code = "import os\nimport sys\nimport json\nimport time\nimport typing\nimport pathlib\n\
                import argparse\nimport datetime\nimport functools\nimport itertools\n\
                import collections\nimport contextlib\nfrom harbour.tides.gauges import Gauge\n\n\
                def main():\n    return Gauge()\n";
    let write = extract_query(&QueryInput {
        file_path: Some("/srv/harbour/tools/report.py".to_owned()),
        content: Some(code.to_owned()),
        cwd: Some("/srv/harbour".to_owned()),
        ..input("Write")
    });
    assert!(
        write.terms.contains(&"gauges".to_owned()),
        "{:?}",
        write.terms
    );
}
