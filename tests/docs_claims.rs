//! What the documentation says about the code, checked against the code: the table of
//! secret forms in docs/hooks.md against the forms the redaction covers.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::Path;

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// The first cells of the markdown table whose header row starts with `| {first} |`.
fn table_names(text: &str, first: &str) -> Vec<String> {
    let header = format!("| {first} |");
    let mut lines = text.lines().skip_while(|l| !l.starts_with(&header));
    lines.next();
    lines
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.split(" | ")
                .next()
                .unwrap_or("")
                .trim_start_matches("| ")
                .to_string()
        })
        .collect()
}

#[test]
fn the_table_of_secret_forms_lists_every_form_the_redaction_covers() {
    let documented: BTreeSet<String> = table_names(&read("docs/hooks.md"), "form")
        .into_iter()
        .collect();
    let covered: BTreeSet<String> = lore::core::redact::FORMS
        .iter()
        .map(|f| f.name.to_string())
        .collect();
    assert!(!covered.is_empty());
    let missing: Vec<&String> = covered.difference(&documented).collect();
    let stale: Vec<&String> = documented.difference(&covered).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "docs/hooks.md's table misses {missing:?} and names {stale:?}, which the redaction does not cover"
    );
    for form in lore::core::redact::FORMS {
        let row = read("docs/hooks.md")
            .lines()
            .find(|l| l.starts_with(&format!("| {} |", form.name)))
            .map(String::from)
            .unwrap_or_default();
        if form.gitleaks != "-" {
            assert!(row.contains(form.gitleaks), "{}: {row}", form.name);
        }
        // The example's secret itself is never printed in the docs.
        assert!(!row.contains(form.secret), "{}: {row}", form.name);
    }
}
