//! The only code that builds hook output: `{"hookSpecificOutput": {"hookEventName": <event>,
//! "additionalContext": <text>}}`, the one shape whose text reaches the model, and
//! `systemMessage`, which Claude Code shows the user only.

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

/// The JSON line for a `notice` to the user (`systemMessage`, never read by the model), with
/// `text` injected on `event` when there is some.
pub fn with_system_message(event: &str, text: Option<&str>, notice: &str) -> String {
    match text {
        Some(text) => json!({
            "systemMessage": notice,
            "hookSpecificOutput": {
                "hookEventName": event,
                "additionalContext": text,
            }
        }),
        None => json!({ "systemMessage": notice }),
    }
    .to_string()
}
