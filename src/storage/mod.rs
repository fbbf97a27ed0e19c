//! Storage: the SQLite index and (later) embeddings, each wrapping its library.

pub mod atomic_file;
pub mod bounded_read;
pub mod embed;
pub mod file_stamps;
pub mod inbox;
pub mod index;
pub mod ledger;
pub mod project_cache;
pub mod project_files;
pub mod trace_file;
