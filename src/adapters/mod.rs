//! Adapters: translate between lore's services and the outside (CLI, the Claude Code and
//! Codex CLI hooks, MCP). What both hooks need lives beside them: the process frame
//! (`hook_process`), config, ledger and index around an injection (`hook_scope`), the
//! transcript tail (`transcript_tail`), hook-file merging for `lore init`
//! (`hook_registration`, `ordered_json`), and whether a project's `.mcp.json` serves lore
//! (`mcp_json`).

pub mod claude;
pub mod cli;
pub mod codex;
pub mod hook_learn;
pub mod hook_process;
pub mod hook_registration;
pub mod hook_scope;
pub mod mcp;
pub mod mcp_json;
pub mod ordered_json;
pub mod transcript_tail;
