//! Secrets in any field of a call never become search terms, and what surrounds them still
//! does.

use super::*;

/// Secrets a field carries in context (a key that names them, a URL's password, a `.env`
/// line), not by a token shape: each value, and the words a term could be cut from.
const CONTEXT_SECRETS: &[(&str, &str)] = &[
    ("login --password=hunter2zebra --user bob", "hunter2zebra"),
    (
        "psql postgres://admin:s3cr3tpassw0rd@db.internal/app",
        "s3cr3tpassw0rd",
    ),
    (
        "aws_secret_access_key = Zq8vXk2LmN4pR7tY1wB3cD5fG6hJ9kL0mN2pQ4rS",
        "zq8vxk2lmn4pr7ty1wb3cd5fg6hj9kl0mn2pq4rs",
    ),
    ("API_KEY=Qm9vZjNoYXJkMXo", "qm9vzjnoyxjkmxo"),
];

/// Whether a term was cut from `secret` (lower-cased): a piece of three or more letters.
fn cut_from(term: &str, secret: &str) -> bool {
    term.len() >= 3 && secret.contains(term)
}

#[test]
fn secrets_in_any_field_never_become_terms() {
    for (text, secret) in CONTEXT_SECRETS {
        let prose = format!("deploy the service\n{text}\nthen check the logs");
        let inputs = [
            QueryInput {
                command: Some((*text).to_owned()),
                description: Some(prose.clone()),
                ..input("Bash")
            },
            QueryInput {
                prompt: Some(prose.clone()),
                ..QueryInput::default()
            },
            QueryInput {
                error: Some(format!("Exit code 1\nerror: connection failed\n{text}")),
                command: Some("make deploy".to_owned()),
                ..input("Bash")
            },
            QueryInput {
                file_path: Some("/srv/tides/deploy/settings.py".to_owned()),
                old_content: Some(format!("# {text}\n")),
                content: Some(format!("# {text}\nTIMEOUT = 3\n")),
                last_user_message: Some(prose.clone()),
                ..input("Edit")
            },
        ];
        for input in inputs {
            let query = extract_query(&input);
            let leaked: Vec<&String> = query.terms.iter().filter(|t| cut_from(t, secret)).collect();
            assert!(
                leaked.is_empty(),
                "{leaked:?} from {text:?} in {:?}",
                query.terms
            );
        }
    }
}

#[test]
fn a_secret_cut_by_a_fields_window_is_still_recognised() {
    // The prompt is read up to 8 KiB; the URL's password straddles that edge.
    let filler = "word ".repeat(8 * 1024 / 5);
    let prompt = format!(
        "{}psql postgres://admin:s3cr3tpassw0rd@db/app",
        &filler[..8 * 1024 - 30]
    );
    let query = extract_query(&QueryInput {
        prompt: Some(prompt),
        ..QueryInput::default()
    });
    assert!(
        !query.terms.iter().any(|t| cut_from(t, "s3cr3tpassw0rd")),
        "{:?}",
        query.terms
    );
}

#[test]
fn what_surrounds_a_secret_is_still_searched() {
    let query = extract_query(&QueryInput {
        command: Some(
            "psql postgres://admin:s3cr3tpassw0rd@db.internal/app --password=hunter2zebra"
                .to_owned(),
        ),
        ..input("Bash")
    });
    for word in ["psql", "postgres", "admin", "internal", "password"] {
        assert!(
            query.terms.iter().any(|t| t == word),
            "{word}: {:?}",
            query.terms
        );
    }
    assert!(
        !query.terms.iter().any(|t| t.contains("redacted")),
        "{:?}",
        query.terms
    );
}
