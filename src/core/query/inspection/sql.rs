//! Database command-line clients running only read-only SQL (`psql app -c "select ..."`,
//! `mysql -e "SHOW TABLES"`, `sqlite3 app.db ".schema"`): a query that only reads changes
//! nothing a convention is about. Conservative: a script file, an interactive session, or any
//! statement that is not known to read makes the call a change.

/// Whether `program` with `args` is a database client that runs only read-only statements.
/// `None`: `program` is no database client this module knows.
pub(super) fn database_client_reads(program: &str, args: &[&str]) -> Option<bool> {
    let statements = match program {
        "psql" => option_values(args, &["-c", "--command"], &["-f", "--file"]),
        "mysql" | "mariadb" => option_values(args, &["-e", "--execute"], &[]),
        "sqlite3" | "duckdb" => sqlite_statements(args),
        _ => return None,
    };
    Some(!statements.is_empty() && statements.iter().all(|sql| reads_only(sql)))
}

/// The values of `options` (`-c SQL`, `-cSQL`, `--command=SQL`); none when one of
/// `refusing` (a script file) is given or an option lacks its value, so nothing counts as read.
fn option_values<'a>(args: &[&'a str], options: &[&str], refusing: &[&str]) -> Vec<&'a str> {
    let mut values = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (*arg, None),
        };
        if refusing.contains(&flag) || refusing.iter().any(|r| is_short_with_value(arg, r)) {
            return Vec::new();
        }
        if options.contains(&flag) {
            match inline.or_else(|| iter.next().copied()) {
                Some(value) => values.push(value),
                None => return Vec::new(),
            }
        } else if let Some(short) = options.iter().find(|o| is_short_with_value(arg, o)) {
            values.push(&arg[short.len()..]);
        }
    }
    values
}

/// `-cSELECT 1`: a short option with its value attached.
fn is_short_with_value(arg: &str, option: &str) -> bool {
    option.len() == 2 && !option.starts_with("--") && arg.len() > 2 && arg.starts_with(option)
}

/// `sqlite3 [options] DB [SQL ...]`: the words after the database file are statements.
fn sqlite_statements<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let positional: Vec<&str> = args
        .iter()
        .copied()
        .filter(|a| !a.starts_with('-'))
        .collect();
    positional
        .get(1..)
        .map(<[&str]>::to_vec)
        .unwrap_or_default()
}

/// Statement keywords that only read.
const READ_KEYWORDS: &[&str] = &[
    "select", "show", "explain", "describe", "desc", "values", "table",
];

/// Whether every statement of `sql` only reads: `SELECT`, `SHOW`, `EXPLAIN`, `DESCRIBE`, a
/// psql meta-command that lists (`\d`, `\dt`, `\l`), or a sqlite dot-command that shows
/// (`.tables`, `.schema`). `SELECT ... INTO` writes a table, so it is no read.
fn reads_only(sql: &str) -> bool {
    let statements: Vec<&str> = sql
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    !statements.is_empty() && statements.iter().all(|s| statement_reads(s))
}

fn statement_reads(statement: &str) -> bool {
    let lower = statement.to_ascii_lowercase();
    if let Some(meta) = lower.strip_prefix('\\') {
        return meta.starts_with('d') || meta.starts_with('l') || meta.starts_with("conninfo");
    }
    if let Some(dot) = lower.strip_prefix('.') {
        return [
            "tables",
            "schema",
            "indexes",
            "indices",
            "databases",
            "show",
            "dbinfo",
        ]
        .iter()
        .any(|c| dot.split_whitespace().next() == Some(c));
    }
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .collect();
    let Some(first) = words.first() else {
        return false;
    };
    READ_KEYWORDS.contains(first) && !words.contains(&"into") && !words.contains(&"analyze")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(program: &str, args: &[&str]) -> Option<bool> {
        database_client_reads(program, args)
    }

    #[test]
    fn read_only_statements_through_each_client_are_reads() {
        assert_eq!(
            reads(
                "psql",
                &[
                    "app_dev",
                    "-c",
                    "select id, status from alerts where id = 3"
                ]
            ),
            Some(true)
        );
        assert_eq!(reads("psql", &["-d", "app", "--command=\\dt"]), Some(true));
        assert_eq!(reads("psql", &["-cSELECT 1"]), Some(true));
        assert_eq!(
            reads(
                "mysql",
                &["-u", "root", "-e", "SHOW TABLES; DESCRIBE users"]
            ),
            Some(true)
        );
        assert_eq!(reads("sqlite3", &["app.db", ".schema users"]), Some(true));
        assert_eq!(
            reads("sqlite3", &["-header", "app.db", "SELECT count(*) FROM t"]),
            Some(true)
        );
    }

    #[test]
    fn writes_scripts_and_sessions_are_not() {
        for (program, args) in [
            ("psql", vec!["app", "-c", "update alerts set status = 'x'"]),
            ("psql", vec!["app", "-c", "select 1; delete from alerts"]),
            (
                "psql",
                vec!["app", "-c", "SELECT * INTO backup FROM alerts"],
            ),
            (
                "psql",
                vec!["app", "-c", "EXPLAIN ANALYZE DELETE FROM alerts"],
            ),
            ("psql", vec!["app", "-f", "migrate.sql", "-c", "select 1"]),
            ("psql", vec!["app"]),
            ("psql", vec!["app", "-c"]),
            ("mysql", vec!["-e", "DROP TABLE users"]),
            ("sqlite3", vec!["app.db"]),
            ("sqlite3", vec!["app.db", "CREATE TABLE t (x)"]),
        ] {
            assert_eq!(reads(program, &args), Some(false), "{program} {args:?}");
        }
        assert_eq!(reads("pg_dump", &["app"]), None);
    }
}
