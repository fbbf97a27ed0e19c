//! Test code by the conventions that name it: a file that is a test by its name
//! (`OrderTest.java`, `order_test.go`, `test_order.py`, `order.spec.ts`), and a glob that
//! selects tests by their folder or their name (`**/src/test/**`, `tests/**`, `*_test.go`).
//! A rule written for the test tree is about tests, and a test kept outside that tree (a
//! shared test base class in a `testing` module) is one too. A guide its author named for
//! tests (`testing.md`, `# Backend tests`) is for calls about tests: a test file, a test
//! run, a word of the call's own about tests.

use crate::core::query::{Query, is_layout_dir};
use crate::core::select::globs::spell_out_braces;

/// Folder names that hold tests, in the languages' common layouts.
const TEST_FOLDERS: &[&str] = &["test", "tests", "__tests__", "spec", "specs", "testing"];

/// Words of a file name or title that say a guide is about tests.
const TEST_WORDS: &[&str] = &["test", "tests", "testing", "spec", "specs"];

/// Test runners and libraries whose names hold no test word (`pytest` and `vitest` do).
const TEST_TOOLS: &[&str] = &[
    "jest", "mocha", "jasmine", "karma", "junit", "xunit", "nunit", "phpunit", "pest", "mockk",
    "mockito",
];

/// Whether a guide is about tests by what its author named it: a word of its file name or
/// of its title (`frontend-testing.md`, `# Backend tests (pytest-django)`).
pub fn names_tests(source: &str, title: &str) -> bool {
    let file = source.rsplit(['/', '\\']).next().unwrap_or(source);
    file.split(|c: char| !c.is_alphanumeric())
        .chain(title.split(|c: char| !c.is_alphanumeric()))
        .any(|word| TEST_WORDS.contains(&word.to_lowercase().as_str()))
}

/// Whether a call is about tests: it touches a test file or a file in a test folder, or one of
/// its own words (not only the user's message) is about tests: a word holding `test`, `spec`,
/// `mock` or `fixture` (`pytest`, `testDebugUnitTest`, `rspec`, `conftest`) or a test tool's
/// name (`jest`, `phpunit`).
pub fn is_about_tests<'a>(
    path: Option<&str>,
    own_words: impl IntoIterator<Item = &'a str>,
) -> bool {
    let test_path = path.is_some_and(|p| {
        is_test_file(p) || p.split(['/', '\\']).any(|dir| TEST_FOLDERS.contains(&dir))
    });
    test_path
        || own_words.into_iter().any(|word| {
            let word = word.to_lowercase();
            ["test", "spec", "mock", "fixture"]
                .iter()
                .any(|part| word.contains(part))
                || TEST_TOOLS.contains(&word.as_str())
        })
}

/// Whether the call `query` describes is about tests (see [`is_about_tests`]): a failed
/// command (what a test guide's advice on failures is for), its touched file, or its own
/// words, without the user's message and the names of the project's technologies the call
/// itself does not show (`pytest` in every call of a project that tests with it; not in
/// `pytest -x`).
pub fn query_is_about_tests(query: &Query) -> bool {
    if query.failure {
        return true;
    }
    let named = |list: &[String], word: &str| {
        list.iter()
            .any(|t| t == word || t.split('-').any(|part| part == word))
    };
    is_about_tests(
        query.relative_path.as_deref(),
        query
            .terms
            .iter()
            .filter(|t| !query.message_terms.contains(t))
            .filter(|t| !named(&query.project_technologies, t) || named(&query.technologies, t))
            .map(String::as_str),
    )
}

/// Whether the file at `path` is a test by the name its language's convention gives tests.
pub fn is_test_file(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let (stem, extension) = name.split_once('.').unwrap_or((name, ""));
    if stem.is_empty() || extension.is_empty() {
        return false;
    }
    // `Order.test.ts`, `order.spec.js`: a test infix before the extension.
    let infix = extension
        .split('.')
        .rev()
        .skip(1)
        .any(|part| matches!(part, "test" | "spec"));
    // `OrderTest`, `OrderTests`, `OrderSpec`, `OrderIT`: a suffix after the class's name.
    let class_suffix = ["Test", "Tests", "Spec", "IT"]
        .iter()
        .any(|suffix| stem.len() > suffix.len() && stem.ends_with(suffix));
    let snake = stem.starts_with("test_")
        || stem.ends_with("_test")
        || stem.ends_with("_tests")
        || stem.ends_with("_spec");
    infix || class_suffix || snake
}

/// Whether `path` lies in a test tree: a folder named for tests (`tests/`, `src/test/`,
/// `__tests__/`, `spec/`). A `testing` module is not one: it holds shared test code among
/// the main sources (`testing/src/main/java/...`).
pub fn in_test_tree(path: &str) -> bool {
    let mut folders: Vec<&str> = path.split(['/', '\\']).collect();
    folders.pop();
    folders
        .iter()
        .any(|dir| *dir != "testing" && TEST_FOLDERS.contains(dir))
}

/// Whether `glob` selects a project's tests in general: by a folder that holds tests
/// (`**/src/test/**`, `tests/**/*.py`) or by a test's file name (`*_test.go`, `**/*.spec.ts`),
/// with no other literal folder than a layout's (`src`, `main`). `tests/billing/**` selects
/// one feature's tests, not tests.
pub fn selects_tests(glob: &str) -> bool {
    let glob = glob.trim().trim_start_matches("./");
    if let Some(alternatives) = spell_out_braces(glob) {
        return alternatives
            .iter()
            .any(|alternative| selects_tests(alternative));
    }
    let segments: Vec<&str> = glob.split('/').collect();
    let Some((last, folders)) = segments.split_last() else {
        return false;
    };
    let literal = folders
        .iter()
        .filter(|folder| !folder.contains(['*', '?', '[', '{']));
    let mut by_folder = false;
    for folder in literal {
        if TEST_FOLDERS.contains(folder) {
            by_folder = true;
        } else if !is_layout_dir(folder) {
            return false;
        }
    }
    by_folder || is_test_file(&last.replace(['*', '?'], "x"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_tree_is_a_folder_named_for_tests_not_a_testing_module() {
        assert!(in_test_tree("python/tests/test_codec.py"));
        assert!(in_test_tree("core/src/test/java/OrderTest.java"));
        assert!(in_test_tree("web/__tests__/cart.test.ts"));
        assert!(!in_test_tree(
            "testing/src/main/java/AbstractOrderTest.java"
        ));
        assert!(!in_test_tree("tests"));
        assert!(!in_test_tree("src/test_helpers.py"));
    }

    #[test]
    fn a_file_is_a_test_by_its_language_s_naming_convention() {
        for path in [
            "core/src/main/java/com/acme/AbstractOrderTest.java",
            "OrderTests.cs",
            "order_test.go",
            "pkg/tests/test_order.py",
            "web/order.test.tsx",
            "web/order.spec.js",
            "spec/models/order_spec.rb",
            "OrderIT.kt",
        ] {
            assert!(is_test_file(path), "{path}");
        }
        for path in [
            "src/Contest.java",
            "src/latest.py",
            "src/testing.py",
            "Test.java",
            "tests/conftest.py",
            "Makefile",
            "src/order.ts",
        ] {
            assert!(!is_test_file(path), "{path}");
        }
    }

    #[test]
    fn a_guide_named_for_tests_and_a_call_about_tests() {
        assert!(names_tests("patterns/frontend-testing.md", "Frontend"));
        assert!(names_tests("team/api.md", "API specs"));
        assert!(names_tests("b.md", "Backend tests (pytest-django)"));
        assert!(!names_tests(
            "patterns/contest-rules.md",
            "Latest attestation"
        ));
        // A test file, a file in a test folder, a test run, a test tool.
        assert!(is_about_tests(Some("web/cart.spec.ts"), []));
        assert!(is_about_tests(Some("api/tests/factories.py"), []));
        assert!(is_about_tests(None, ["gradlew", "testdebugunittest"]));
        assert!(is_about_tests(None, ["npx", "jest"]));
        assert!(is_about_tests(Some("src/cart.ts"), ["mockresolvedvalue"]));
        // A model or a serializer is not.
        assert!(!is_about_tests(
            Some("backend/orders/models.py"),
            ["orders", "field", "default"]
        ));
    }

    #[test]
    fn a_failure_is_about_tests_and_the_projects_test_runner_alone_is_not() {
        use crate::core::query::{ManifestFindings, QueryInput, extract_query};
        let call = |command: &str, error: Option<&str>| {
            extract_query(&QueryInput {
                tool_name: Some("Bash".into()),
                command: Some(command.into()),
                error: error.map(str::to_string),
                cwd: Some("/srv/orchard".into()),
                project: ManifestFindings {
                    languages: vec!["python".into()],
                    technologies: vec!["pytest".into()],
                },
                ..QueryInput::default()
            })
        };
        assert!(!query_is_about_tests(&call(
            "python manage.py migrate",
            None
        )));
        assert!(query_is_about_tests(&call("pytest -x", None)));
        assert!(query_is_about_tests(&call(
            "docker compose up -d",
            Some("Error: port 5432 is already allocated")
        )));
    }

    #[test]
    fn a_glob_selects_tests_by_their_folder_or_their_name() {
        for glob in [
            "**/src/test/**/*.{java,kt}",
            "tests/**",
            "src/__tests__/**",
            "**/{test,tests}/**/*.py",
            "*_test.go",
            "**/*.spec.ts",
        ] {
            assert!(selects_tests(glob), "{glob}");
        }
        for glob in [
            "**/*.java",
            "src/**",
            "**/contest/**",
            "docs/testing.md",
            "tests/billing/**",
            "**/__tests__/e2e/**",
            "web/**/*.test.ts",
        ] {
            assert!(!selects_tests(glob), "{glob}");
        }
    }
}
