//! One rule text shown once: a rule kept for two agents (a Cursor rule and its Copilot copy),
//! whatever each format's frontmatter says.

use super::rule_repo::{kept, repo, verdict};
use crate::core::select::bar::{Shortfall, Verdict};

const BODY: &str = "# Endpoints\n\nEvery handler returns a typed envelope.\n";

#[test]
fn a_rule_kept_in_two_agents_formats_is_shown_once() {
    let cursor = format!("---\nglobs: src/api/**\nalwaysApply: false\n---\n{BODY}");
    let copilot = format!("---\napplyTo: \"src/api/**\"\n---\n\n{BODY}\n");
    let r = repo(&[
        (".cursor/rules/api.mdc", &cursor),
        (".github/instructions/api.instructions.md", &copilot),
    ]);
    let call = r.edit("", "src/api/orders.ts", "export const handler = 1;", None);
    let shown = kept(&call);
    assert_eq!(shown.len(), 1, "{shown:?}");
    let other = if shown[0] == ".cursor/rules/api.mdc" {
        ".github/instructions/api.instructions.md"
    } else {
        ".cursor/rules/api.mdc"
    };
    assert_eq!(
        verdict(&call, other),
        Some(&Verdict::Dropped(Shortfall::SameText {
            of: shown[0].to_string()
        }))
    );
}

#[test]
fn rules_that_differ_in_a_word_are_two_texts() {
    let r = repo(&[
        (
            ".cursor/rules/api.mdc",
            &format!("---\nglobs: src/api/**\nalwaysApply: false\n---\n{BODY}"),
        ),
        (
            ".github/instructions/api.instructions.md",
            "---\napplyTo: \"src/api/**\"\n---\n# Endpoints\n\nEvery handler returns a typed result.\n",
        ),
    ]);
    let call = r.edit("", "src/api/orders.ts", "export const handler = 1;", None);
    assert_eq!(kept(&call).len(), 2, "{:?}", kept(&call));
}
