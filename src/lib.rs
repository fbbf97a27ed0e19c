//! lore: inject a team's coding conventions into an AI coding agent's context.
//!
//! Layers, imports pointing down only (see DESIGN.md):
//! `adapters` (CLI, Claude Code hook, MCP) → `services` (ingest, search, session, render)
//! → `storage` (SQLite index, embeddings) → `core` (pure rules: patterns, queries, ranking, config).

pub mod adapters;
pub mod core;
pub mod services;
pub mod storage;
