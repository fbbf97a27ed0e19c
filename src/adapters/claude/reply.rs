//! The only code that builds hook output: `{"hookSpecificOutput": {"hookEventName": <event>,
//! "additionalContext": <text>}}`, the one shape whose text reaches the model.

use serde_json::json;

/// The JSON line to print for injected `text` on `event`.
pub fn additional_context(event: &str, text: &str) -> String {
    json!({
        "hookSpecificOutput": {
            "hookEventName": event,
            "additionalContext": text,
        }
    })
    .to_string()
}
