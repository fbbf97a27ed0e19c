//! Pure core: the rules of lore with no I/O (no file system, SQLite, HTTP, stdin or clap).

pub mod calendar;
pub mod config;
pub mod content_hash;
pub mod embedding_prompt;
pub mod file_stamp;
pub mod learn;
pub mod pattern;
pub mod query;
pub mod redact;
pub mod select;
pub mod sources;
pub mod spelling;
pub mod text_window;
