//! Pure core: the rules of lore with no I/O (no file system, SQLite, HTTP, stdin or clap).

pub mod bm25;
pub mod config;
pub mod embedding_prompt;
pub mod glob_kind;
pub mod pattern;
pub mod pattern_name;
pub mod pattern_rank;
pub mod pattern_terms;
pub mod project_scope;
pub mod query;
pub mod rank;
pub mod redact;
