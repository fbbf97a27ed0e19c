//! Adapters: translate between lore's services and the outside (CLI, Claude Code hook, MCP).

pub mod claude;
pub mod cli;
pub mod mcp;
