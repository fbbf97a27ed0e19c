//! Whether an index file holds the schema lore's migrations build, before lore reads a row of
//! it: a repository can ship `.lore/index.db` (or point `database` anywhere), and a file made
//! by hand can hold a view in place of a table (an endless recursive query behind
//! `patterns`) or a trigger that runs on lore's writes. An index at this lore's schema version
//! must have exactly the schema objects the migrations make, text for text; one at an older
//! version (about to be upgraded) may hold no view, and no trigger or virtual table that the
//! migrations do not spell out. Anything else is refused, never trusted.
//!
//! One read of `sqlite_master`, which SQLite has parsed already when the connection opened:
//! a few microseconds on a hook's path.

use std::hash::Hasher;
use std::path::Path;

use rusqlite::Connection;

use super::IndexError;
use super::schema::MIGRATIONS;

/// The digest of the schema objects a freshly migrated index holds (see [`digest`]).
/// A new migration changes it: the unit test `the_digest_is_that_of_a_freshly_built_index`
/// then fails and prints the new value to write here.
pub(super) const SCHEMA_DIGEST: u64 = 0x6af4_7fa5_99bc_8042;

/// One schema object: its type, name, table and the SQL that made it (None for the indexes
/// SQLite makes for `UNIQUE` and primary keys).
struct SchemaObject {
    kind: String,
    name: String,
    table: String,
    sql: Option<String>,
}

fn schema_objects(conn: &Connection) -> rusqlite::Result<Vec<SchemaObject>> {
    let mut statement =
        conn.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")?;
    let rows = statement.query_map([], |r| {
        Ok(SchemaObject {
            kind: r.get(0)?,
            name: r.get(1)?,
            table: r.get(2)?,
            sql: r.get(3)?,
        })
    })?;
    rows.collect()
}

/// FNV-1a over every schema object's type, name, table and SQL, in order.
fn digest(objects: &[SchemaObject]) -> u64 {
    let mut hasher = fnv::FnvHasher::default();
    for object in objects {
        for part in [
            object.kind.as_str(),
            object.name.as_str(),
            object.table.as_str(),
            object.sql.as_deref().unwrap_or(""),
        ] {
            hasher.write(part.as_bytes());
            hasher.write_u8(0);
        }
    }
    hasher.finish()
}

/// Refuse an index at this lore's schema version whose schema is not the one the migrations
/// build.
pub(super) fn check_current_schema(conn: &Connection, path: &Path) -> Result<(), IndexError> {
    let objects = schema_objects(conn).map_err(|cause| IndexError::Open {
        path: path.to_path_buf(),
        cause,
    })?;
    if digest(&objects) == SCHEMA_DIGEST {
        return Ok(());
    }
    Err(not_built_by_lore(
        path,
        code_not_in_migrations(&objects)
            .unwrap_or_else(|| "its tables are not the ones lore makes".to_string()),
    ))
}

/// Refuse an index at an older schema version that holds code lore's migrations do not make,
/// before upgrading it runs a statement over it.
pub(super) fn check_older_schema(conn: &Connection, path: &Path) -> Result<(), IndexError> {
    let objects = schema_objects(conn).map_err(|cause| IndexError::Open {
        path: path.to_path_buf(),
        cause,
    })?;
    match code_not_in_migrations(&objects) {
        Some(what) => Err(not_built_by_lore(path, what)),
        None => Ok(()),
    }
}

fn not_built_by_lore(path: &Path, what: String) -> IndexError {
    IndexError::NotBuiltByLore {
        path: path.to_path_buf(),
        what,
    }
}

/// The first view, or trigger or virtual table whose SQL the migrations do not hold verbatim.
fn code_not_in_migrations(objects: &[SchemaObject]) -> Option<String> {
    objects.iter().find_map(|object| {
        let sql = object.sql.as_deref().unwrap_or("");
        let code = object.kind == "view"
            || object.kind == "trigger"
            || sql
                .trim_start()
                .to_ascii_uppercase()
                .starts_with("CREATE VIRTUAL");
        let lores =
            object.kind != "view" && !sql.is_empty() && MIGRATIONS.iter().any(|m| m.contains(sql));
        (code && !lores).then(|| {
            format!(
                "it holds a {} `{}` lore never makes",
                object.kind, object.name
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn migrated() -> Connection {
        let mut conn = Connection::open_in_memory().unwrap();
        super::super::schema::migrate(&mut conn).unwrap();
        conn
    }

    #[test]
    fn the_digest_is_that_of_a_freshly_built_index() {
        let digest = digest(&schema_objects(&migrated()).unwrap());
        assert_eq!(
            digest, SCHEMA_DIGEST,
            "the migrations now build another schema: set SCHEMA_DIGEST to {digest:#018x}"
        );
    }

    #[test]
    fn lores_own_schema_passes_and_added_code_is_refused() {
        let path = Path::new("index.db");
        let conn = migrated();
        check_current_schema(&conn, path).unwrap();
        check_older_schema(&conn, path).unwrap();
        for crafted in [
            "CREATE VIEW slow AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n",
            "CREATE TRIGGER slow AFTER DELETE ON chunks BEGIN SELECT 1; END",
            "CREATE VIRTUAL TABLE more_fts USING fts5(body)",
        ] {
            let conn = migrated();
            conn.execute_batch(crafted).unwrap();
            for check in [check_current_schema, check_older_schema] {
                let err = check(&conn, path).unwrap_err();
                assert!(
                    err.to_string().contains("lore never makes"),
                    "{crafted}: {err}"
                );
            }
        }
        // A table or an index of its own: not lore's schema, though it runs no code.
        let conn = migrated();
        conn.execute_batch("CREATE TABLE notes (x TEXT)").unwrap();
        let err = check_current_schema(&conn, path).unwrap_err();
        assert!(err.to_string().contains("not the ones lore makes"), "{err}");
        check_older_schema(&conn, path).unwrap();
    }
}
