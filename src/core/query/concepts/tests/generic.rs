//! Rows of every language: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("", "todo-comments", "// TODO: handle retries"),
    ("python", "todo-comments", "# FIXME: slow"),
    ("python", "sql-in-strings", "q = f\"SELECT * FROM t WHERE id = {i}\""),
    ("javascript", "sql-in-strings", "const q = `SELECT * FROM t WHERE id = ${id}`;"),
    ("python", "hardcoded-secrets", "API_KEY = \"sk-live-123\""),
    ("go", "hardcoded-secrets", "password := \"hunter2\""),
];

#[test]
fn generic_rows_are_found() {
    assert_found(FOUND);
}

#[test]
#[rustfmt::skip]
fn generic_near_misses_are_not() {
    assert_not_found(&[
        ("python", "hardcoded-secrets", "password = os.environ[\"PASSWORD\"]"),
        ("python", "todo-comments", "todo_items = []"),
        ("python", "sql-in-strings", "q = \"SELECT * FROM t WHERE id = %s\""),
    ]);
}
