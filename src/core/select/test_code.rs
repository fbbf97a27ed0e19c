//! Test code by the conventions that name it: a file that is a test by its name
//! (`OrderTest.java`, `order_test.go`, `test_order.py`, `order.spec.ts`), and a glob that
//! selects tests by their folder or their name (`**/src/test/**`, `tests/**`, `*_test.go`).
//! A rule written for the test tree is about tests, and a test kept outside that tree (a
//! shared test base class in a `testing` module) is one too.

use crate::core::query::is_layout_dir;
use crate::core::select::globs::spell_out_braces;

/// Folder names that hold tests, in the languages' common layouts.
const TEST_FOLDERS: &[&str] = &["test", "tests", "__tests__", "spec", "specs", "testing"];

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
