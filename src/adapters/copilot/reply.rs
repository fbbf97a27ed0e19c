//! The only code that builds Copilot CLI hook output: `{"additionalContext": <text>}`.
//! Copilot reads the top-level field on every event that injects (SessionStart,
//! UserPromptSubmit, PostToolUse; `hookSpecificOutput` only on PascalCase PreToolUse, which
//! lore does not answer), and cuts PostToolUse context after 10,240 characters without a
//! word (measured on 1.0.102), so the text is held to [`CONTEXT_LIMIT_CHARS`] with a note.

use serde_json::json;

use crate::adapters::hook_action::fit_chars;

/// What lore lets itself print, in characters: below Copilot's cut-off.
pub const CONTEXT_LIMIT_CHARS: usize = 10_000;
/// Appended when the text had to be cut.
const CUT_NOTE: &str = "\n[... cut to fit the Copilot CLI's hook output limit; run `lore search <words>` for the rest]";

/// The JSON line to print for injected `text`.
pub fn additional_context(text: &str) -> String {
    json!({ "additionalContext": fit_chars(text, CONTEXT_LIMIT_CHARS, CUT_NOTE) }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_top_level_field_copilot_reads() {
        let value: serde_json::Value =
            serde_json::from_str(&additional_context("use thiserror")).unwrap();
        assert_eq!(value, json!({"additionalContext": "use thiserror"}));
        let long: serde_json::Value =
            serde_json::from_str(&additional_context(&"rule\n".repeat(5_000))).unwrap();
        let text = long["additionalContext"].as_str().unwrap();
        assert!(text.chars().count() <= CONTEXT_LIMIT_CHARS && text.ends_with("the rest]"));
    }
}
