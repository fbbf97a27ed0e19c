//! Services: ingest, search, session and rendering, composed from core and storage.

pub mod author;
pub mod budget_share;
pub mod deadline;
pub mod hybrid;
pub mod ingest;
pub mod inject;
pub mod intro;
pub mod learn;
pub mod paths_audit;
pub mod project;
pub mod project_listing;
pub mod project_survey;
pub mod query_plan;
pub mod refresh;
pub mod render;
pub mod repository_walk;
pub mod search;
pub mod select;
pub mod session;
pub mod session_start;
pub mod show;
pub mod status;
pub mod trace;
pub mod trace_record;
pub mod workspace;
