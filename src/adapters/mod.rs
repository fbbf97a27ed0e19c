//! Adapters: translate between lore's services and the outside (CLI, the hooks of Claude Code,
//! the Codex CLI, the Gemini CLI, the Copilot CLI, Qwen Code, Cline and OpenCode, MCP). What
//! the hooks share lives beside them: the process frame (`hook_process`), config, ledger and
//! index around an injection (`hook_scope`), the neutral actions the later agents map their
//! events to (`hook_action`) and their tools (`tool_call`), the transcript tail
//! (`transcript_tail`), the touched file's path as the working directory names it
//! (`touched_path`), hook-file merging for `lore init` (`hook_registration`,
//! `ordered_json`), and whether a project's `.mcp.json` serves lore (`mcp_json`).

pub mod claude;
pub mod cli;
pub mod cline;
pub mod codex;
pub mod copilot;
pub mod doctor;
pub mod gemini;
pub mod hook_action;
pub mod hook_learn;
pub mod hook_payload;
pub mod hook_process;
pub mod hook_registration;
pub mod hook_scope;
pub mod mcp;
pub mod mcp_json;
pub mod opencode;
pub mod ordered_json;
pub mod qwen;
pub mod tool_call;
pub mod touched_path;
pub mod transcript_tail;
