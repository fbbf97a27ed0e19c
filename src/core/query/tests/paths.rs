//! Where a call happens: a touched path named from the working directory or the repository
//! root, and the folder a command runs in.

use super::*;

#[test]
fn relative_paths() {
    let cases = [
        (
            "/srv/tides/src/gauge.rs",
            Some("/srv/tides"),
            "src/gauge.rs",
        ),
        (
            "/srv/tides/src/gauge.rs",
            Some("/srv/tides/"),
            "src/gauge.rs",
        ),
        (
            "/srv/tides2/gauge.rs",
            Some("/srv/tides"),
            "srv/tides2/gauge.rs",
        ),
        ("/etc/hosts", None, "etc/hosts"),
        ("./src//./a.rs", Some("/x"), "src/a.rs"),
        (
            "/srv/tides/src/../lib/gauge.rs",
            Some("/srv/tides"),
            "lib/gauge.rs",
        ),
        (
            "/srv/tides/../tides/src/a.rs",
            Some("/srv/tides/"),
            "src/a.rs",
        ),
        ("/srv/tides/src/a.rs", Some("/srv/tides/src/.."), "src/a.rs"),
        ("/a.rs", Some("/"), "a.rs"),
        ("C:\\proj\\src\\a.rs", Some("C:\\proj"), "src/a.rs"),
    ];
    for (path, cwd, expected) in cases {
        assert_eq!(relative_path(path, cwd), expected, "{path} in {cwd:?}");
    }
}

#[test]
fn files_inside_the_repository_are_named_from_its_root_wherever_the_session_started() {
    let cases = [
        // A session started in a package folder, touching its own file and another's.
        (
            "/srv/yard/apps/web/src/page.ts",
            Some("/srv/yard/apps/web"),
            "apps/web/src/page.ts",
        ),
        (
            "/srv/yard/libs/db/pool.ts",
            Some("/srv/yard/apps/web"),
            "libs/db/pool.ts",
        ),
        // A path relative to the working directory.
        (
            "src/page.ts",
            Some("/srv/yard/apps/web"),
            "apps/web/src/page.ts",
        ),
        (
            "../../libs/db/pool.ts",
            Some("/srv/yard/apps/web"),
            "libs/db/pool.ts",
        ),
    ];
    for (file, cwd, expected) in cases {
        assert_eq!(
            path_in_repository(file, Some("/srv/yard"), cwd).as_deref(),
            Some(expected),
            "{file} in {cwd:?}"
        );
    }
    // Outside the repository, or no repository known: not named from it.
    assert_eq!(
        path_in_repository("/etc/hosts", Some("/srv/yard"), None),
        None
    );
    assert_eq!(
        path_in_repository("/srv/yardstick/a.ts", Some("/srv/yard"), None),
        None
    );
    assert_eq!(path_in_repository("/srv/yard/a.ts", None, None), None);
    // The query takes it.
    let query = extract_query(&QueryInput {
        file_path: Some("/srv/yard/libs/db/pool.ts".to_owned()),
        content: Some("export const pool = 1;".to_owned()),
        cwd: Some("/srv/yard/apps/web".to_owned()),
        root: Some("/srv/yard".to_owned()),
        ..input("Edit")
    });
    assert_eq!(query.relative_path.as_deref(), Some("libs/db/pool.ts"));
    assert!(
        !query.terms.contains(&"srv".to_owned()),
        "{:?}",
        query.terms
    );
}

#[test]
fn a_command_run_in_a_folder_of_the_repository_is_about_it_as_a_cd_there_is() {
    let command = |cmd: &str, cwd: &str| {
        extract_query(&QueryInput {
            command: Some(cmd.to_owned()),
            cwd: Some(cwd.to_owned()),
            root: Some("/srv/yard".to_owned()),
            ..input("Bash")
        })
    };
    let in_folder = command("cargo test --lib", "/srv/yard/crates/ledger");
    let changing = command("cd crates/ledger && cargo test --lib", "/srv/yard");
    for query in [&in_folder, &changing] {
        assert!(
            query.terms.contains(&"ledger".to_owned()),
            "{:?}",
            query.terms
        );
        assert!(
            query.location_terms.contains(&"ledger".to_owned()),
            "where it runs, not what it does: {:?}",
            query.location_terms
        );
    }
    // At the root, or with no repository known, the working directory adds nothing.
    let at_root = command("cargo test --lib", "/srv/yard");
    assert!(
        !at_root.terms.iter().any(|t| t == "yard" || t == "srv"),
        "{:?}",
        at_root.terms
    );
    let unknown = extract_query(&QueryInput {
        command: Some("cargo test --lib".to_owned()),
        cwd: Some("/srv/yard/crates/ledger".to_owned()),
        ..input("Bash")
    });
    assert!(
        !unknown.terms.contains(&"ledger".to_owned()),
        "{:?}",
        unknown.terms
    );
}

#[test]
fn the_checkouts_own_location_is_no_word_of_a_command_or_its_output() {
    let at = |command: &str, error: Option<&str>| {
        extract_query(&QueryInput {
            command: Some(command.to_owned()),
            error: error.map(str::to_owned),
            cwd: Some("/home/ana/work/shopfront".to_owned()),
            root: Some("/home/ana/work/shopfront".to_owned()),
            ..input("Bash")
        })
    };
    let absolute = at(
        "cd /home/ana/work/shopfront/backend && python manage.py makemigrations",
        Some(
            "==== short test summary info ====\nFAILED /home/ana/work/shopfront/backend/orders/test_models.py::test_default - ValueError",
        ),
    );
    let relative = at("cd backend && python manage.py makemigrations", None);
    for word in ["home", "ana", "work", "shopfront"] {
        assert!(
            !absolute.terms.contains(&word.to_owned()),
            "{:?}",
            absolute.terms
        );
    }
    assert!(
        absolute.terms.contains(&"backend".to_owned()),
        "{:?}",
        absolute.terms
    );
    assert!(
        absolute.terms.contains(&"orders".to_owned()),
        "{:?}",
        absolute.terms
    );
    assert_eq!(absolute.terms[..4], relative.terms[..4]);
    // A path outside the checkout is the call's (a library in the trace), and so is a
    // sibling whose name merely starts like the checkout's.
    let outside = at(
        "cat /home/ana/work/shopfront-legacy/README.md /opt/vendor/celery/app.py",
        None,
    );
    for word in ["legacy", "vendor", "celery"] {
        assert!(
            outside.terms.contains(&word.to_owned()),
            "{:?}",
            outside.terms
        );
    }
}

#[test]
fn leaving_out_the_checkouts_location_keeps_the_rest_of_the_text() {
    use crate::core::query::path_words::without_checkout_location as relocate;
    let root = Some("/srv/shop");
    assert_eq!(relocate("cd /srv/shop && make", root), "cd . && make");
    assert_eq!(
        relocate("pytest --rootdir=/srv/shop/api", root),
        "pytest --rootdir=api"
    );
    assert_eq!(
        relocate("ls /srv/shopping /var/srv/shop/x", root),
        "ls /srv/shopping /var/srv/shop/x"
    );
    assert_eq!(
        relocate("e: file:///srv/shop/app/Cart.kt:3:1 Unresolved", root),
        "e: file://app/Cart.kt:3:1 Unresolved"
    );
    assert_eq!(relocate("make", None), "make");
    assert_eq!(relocate("cd /srv && ls", Some("/")), "cd /srv && ls");
}

#[test]
fn the_files_a_failure_points_at_are_read_from_its_output() {
    use crate::core::query::path_words::located_paths;
    let output = "internal/invoice/handler.go:71:19: Error return value is not checked (errcheck)\n\
                  --> src/main.rs:3:5\n\
                  web/src/a.ts(3,5): error TS2345: Argument\n\
                  File \"/srv/app/models.py\", line 9, in save\n\
                  see https://example.com/docs:80 and version 1.2.3:4\n";
    assert_eq!(
        located_paths(output),
        [
            "internal/invoice/handler.go",
            "src/main.rs",
            "web/src/a.ts",
            "/srv/app/models.py"
        ]
    );
    // A failed `make lint` is in the language of the files it reports.
    let lint = extract_query(&QueryInput {
        command: Some("make lint".to_owned()),
        error: Some(
            "internal/invoice/handler.go:71:19: Error return value of `Encode` is not checked\n\
             make: *** [Makefile:6: lint] Error 1\n"
                .to_owned(),
        ),
        ..input("Bash")
    });
    assert_eq!(lint.languages, ["go"]);
}
