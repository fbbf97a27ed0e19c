//! The SQLite index: patterns, chunks and the FTS5 table.
