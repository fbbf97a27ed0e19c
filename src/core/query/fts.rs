//! The FTS5 MATCH expression for a query: every term quoted, so no input is FTS5 syntax.

use super::Query;

/// The exact FTS5 expression to run, or `None` when the query has no terms.
pub fn fts_expression(query: &Query) -> Option<String> {
    if query.terms.is_empty() {
        return None;
    }
    let quoted: Vec<String> = query
        .terms
        .iter()
        .map(|t| format!("\"{}\"", t.replace('"', "\"\"")))
        .collect();
    Some(quoted.join(" OR "))
}
