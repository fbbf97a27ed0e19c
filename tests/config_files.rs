//! The `lore.toml` a command finds by walking up from its working directory (a hook: from
//! the payload's `cwd`): something named `lore.toml` that is not a regular file (a link in
//! a loop, a link to nothing) is named as such, never passed over for a configuration
//! further up that the user did not mean (docs/configuration.md).

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Workspace, stderr, stdout};
use serde_json::json;

#[test]
fn a_link_named_lore_toml_that_leads_nowhere_is_named_not_passed_over() {
    for (case, target) in [("loop", "lore.toml"), ("dangling", "missing.toml")] {
        let ws = Workspace::new();
        ws.pattern("errors.md", "# Errors\n\nWrap errors with context.\n");
        std::fs::create_dir_all(ws.path("app/src")).unwrap();
        let link = ws.path("app/lore.toml");
        std::os::unix::fs::symlink(target, &link).unwrap();
        let named = |text: &str| text.contains(&link.display().to_string());

        let status = ws
            .lore()
            .current_dir(ws.path("app/src"))
            .arg("status")
            .output()
            .unwrap();
        assert_eq!(status.status.code(), Some(1), "{case}: {}", stdout(&status));
        assert!(named(&stderr(&status)), "{case}: {}", stderr(&status));

        let payload = json!({"session_id": "s", "cwd": ws.path("app/src"),
                             "hook_event_name": "SessionStart", "source": "startup"});
        let hook = ws
            .lore()
            .arg("hook")
            .write_stdin(payload.to_string())
            .output()
            .unwrap();
        assert_eq!(hook.status.code(), Some(0), "{case}");
        // Not answered from the lore.toml above: the user is told this one cannot be used
        // (`systemMessage`, never the model), and stderr names it.
        let answer: serde_json::Value = serde_json::from_str(stdout(&hook).trim())
            .unwrap_or_else(|_| panic!("{case}: one JSON object: {}", stdout(&hook)));
        assert!(
            answer.get("hookSpecificOutput").is_none(),
            "{case}: {answer}"
        );
        assert!(
            named(answer["systemMessage"].as_str().unwrap_or_default()),
            "{case}: {answer}"
        );
        assert!(named(&stderr(&hook)), "{case}: {}", stderr(&hook));
    }
}
