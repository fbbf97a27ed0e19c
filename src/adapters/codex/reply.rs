//! The only code that builds Codex hook output: `{"hookSpecificOutput": {"hookEventName":
//! <event>, "additionalContext": <text>}}`. Codex validates output against schemas with
//! `additionalProperties: false` (one unknown field and it drops the whole answer), and
//! replaces additionalContext of 10,000 bytes or more with a truncated preview and a file; so
//! nothing else is ever printed, and the text is kept within [`CONTEXT_BUDGET_BYTES`].

use serde_json::json;

/// Codex's cut-off for additionalContext, in bytes (measured on 0.169.0).
pub const CONTEXT_LIMIT_BYTES: usize = 10_000;
/// What lore lets itself print, in bytes: below the cut-off with room to spare. The per-event
/// character budgets are held to this too, so plain-ASCII text always fits whole.
pub const CONTEXT_BUDGET_BYTES: usize = 9_000;
/// Appended when multi-byte text had to be cut to fit.
const CUT_NOTE: &str = "\n[... cut to fit Codex's hook output limit; call the MCP tool `search_patterns` for the rest]";

/// The JSON line to print for injected `text` on `event`.
pub fn additional_context(event: &str, text: &str) -> String {
    json!({
        "hookSpecificOutput": {
            "hookEventName": event,
            "additionalContext": fit(text),
        }
    })
    .to_string()
}

/// `text` whole when it fits [`CONTEXT_BUDGET_BYTES`], else cut at a line break (at a
/// character boundary when a line is too long) with a note saying so.
fn fit(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= CONTEXT_BUDGET_BYTES {
        return text.into();
    }
    let head = crate::core::text_window::head(text, CONTEXT_BUDGET_BYTES - CUT_NOTE.len());
    let end = head.len();
    let head = match head.rfind('\n') {
        Some(i) if i > end / 2 => &head[..i],
        _ => head,
    };
    format!("{head}{CUT_NOTE}").into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_fields_codex_accepts() {
        let line = additional_context("PostToolUse", "use thiserror");
        let value: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(
            value,
            json!({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "use thiserror"}})
        );
    }

    #[test]
    fn multi_byte_text_is_cut_below_the_limit_at_a_line() {
        let line = "→ conventions über alles\n".repeat(1_000);
        let out = fit(&line);
        assert!(out.len() <= CONTEXT_BUDGET_BYTES, "{}", out.len());
        assert!(out.ends_with(CUT_NOTE));
        assert!(out.trim_end_matches(CUT_NOTE).ends_with("alles"));
        let one_long_line = "ü".repeat(CONTEXT_LIMIT_BYTES);
        assert!(fit(&one_long_line).len() <= CONTEXT_BUDGET_BYTES);
        assert_eq!(fit("short"), "short");
    }
}
