//! SQL rows: a line that shows each (keywords in any case), and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("sql", "sql-select-star", "SELECT * FROM users;"),
    ("sql", "sql-select-star", "select * from users;"),
    ("sql", "sql-indexes", "CREATE INDEX idx_users_email ON users (email);"),
    ("sql", "sql-transactions", "BEGIN TRANSACTION;"),
    ("sql", "sql-schema-changes", "ALTER TABLE users ADD COLUMN age int;"),
    ("sql", "sql-foreign-keys", "user_id int REFERENCES users (id),"),
    ("sql", "sql-procedures", "CREATE PROCEDURE dbo.GetUser @id int"),
    ("sql", "sql-nolock", "SELECT id FROM users WITH (NOLOCK)"),
    ("sql", "sql-cursors", "DECLARE user_cursor CURSOR FOR"),
    ("sql", "sql-cte", "WITH recent AS ("),
    ("sql", "sql-dynamic", "EXEC sp_executesql @sql;"),
    ("sql", "sql-leading-wildcard", "WHERE name LIKE '%son'"),
    ("sql", "sql-insert-without-columns", "INSERT INTO users VALUES (1, 'a');"),
    ("sql", "sql-joins", "LEFT JOIN orders o ON o.user_id = u.id"),
    ("sql", "sql-tables", "CREATE TABLE users ("),
    ("sql", "sql-primary-keys", "id int PRIMARY KEY,"),
    ("sql", "sql-not-null", "email text NOT NULL,"),
    ("sql", "sql-subqueries", "WHERE id IN (SELECT user_id FROM orders)"),
    ("sql", "sql-grouping", "GROUP BY user_id"),
];

#[test]
fn sql_rows_are_found() {
    assert_found(FOUND);
}

#[test]
#[rustfmt::skip]
fn sql_near_misses_are_not() {
    assert_not_found(&[
        ("sql", "sql-not-null", "WHERE email IS NOT NULL"),
        ("sql", "sql-select-star", "SELECT id, name FROM users;"),
        ("sql", "sql-select-star", "-- SELECT * is banned"),
        ("sql", "sql-joins", "SELECT 'join' AS word;"),
    ]);
}
