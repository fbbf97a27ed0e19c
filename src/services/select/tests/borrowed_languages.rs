//! Languages a call is in only through its project (a prompt's, a command's related ones):
//! they open the gates, but a file named for one is neither the call's stack file nor what
//! the call is about.

use super::{kb, kept, run};
use crate::core::query::{ManifestFindings, QueryInput, extract_query};

const SCHEMAS: &str = "# Schema files\n\nAdd a field with the next free number; never reuse a \
    removed one. Run the linter before you add invoices to a message.\n";
const LEDGER: &str = "# Ledger service\n\nEvery invoice write goes through the ledger service; \
    invoices are immutable once issued, and a billing run marks them paid.\n";

#[test]
fn a_file_named_for_a_language_the_project_brings_is_no_subject_of_a_prompt() {
    let kb = kb(
        &[("protobuf.md", SCHEMAS), ("ledger-service.md", LEDGER)],
        None,
    );
    let prompt = extract_query(&QueryInput {
        tool_name: None,
        prompt: Some("Add an endpoint that marks billing invoices paid, then run it".into()),
        cwd: Some("/w/platform".into()),
        project: ManifestFindings {
            languages: vec!["go".into(), "protobuf".into()],
            ..ManifestFindings::default()
        },
        ..QueryInput::default()
    });
    assert!(prompt.languages.contains(&"protobuf".to_string()));
    let selection = run(&kb, &prompt, None, false);
    assert_eq!(
        kept(&selection),
        ["ledger-service.md"],
        "{:?}",
        selection.candidates
    );
}
