//! Rows as an older schema stored them, for the tests of the migrations that read them again.

/// Patterns as an older schema stored them, each with its file's stamp and, for a rule
/// file, its kind (`None`: lore's own pattern) under `scope`.
pub(super) fn store_as_before(
    conn: &rusqlite::Connection,
    scope: &str,
    rows: &[(i64, &str, Option<&str>)],
) {
    for (id, source, kind) in rows {
        conn.execute(
            "INSERT INTO patterns (id, source, title, tags, languages, universal,
                                   applies_when, paths, description, content_hash,
                                   has_declared)
             VALUES (?1, ?2, 't', '[]', '[]', 0, '{}', '[]', NULL, 'h', 0)",
            rusqlite::params![id, source],
        )
        .unwrap();
        if let Some(kind) = kind {
            conn.execute(
                "INSERT INTO pattern_sources (pattern_id, kind, scope, folder, hooks)
                 VALUES (?1, ?2, ?3, '', 1)",
                rusqlite::params![id, kind, scope],
            )
            .unwrap();
        }
        conn.execute(
            "INSERT INTO source_files VALUES (?1, 1, 1, 1, 1, 1, 'h', 1)",
            rusqlite::params![source],
        )
        .unwrap();
    }
}

/// The text of each of `rows` (pattern id, body), as `pattern_texts` has held it since
/// schema 4.
pub(super) fn store_bodies(conn: &rusqlite::Connection, rows: &[(i64, &str)]) {
    for (id, body) in rows {
        conn.execute(
            "INSERT INTO pattern_texts (pattern_id, body) VALUES (?1, ?2)",
            rusqlite::params![id, body],
        )
        .unwrap();
    }
}
