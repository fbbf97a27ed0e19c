//! Services: ingest, search, session and rendering, composed from core and storage.
