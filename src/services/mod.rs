//! Services: ingest, search, session and rendering, composed from core and storage.

pub mod author;
pub mod ingest;
pub mod search;
pub mod status;
pub mod workspace;
