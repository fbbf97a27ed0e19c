//! Tests for term cleaning and the FTS5 expression built from the terms.

use super::*;

#[test]
fn term_cleaning() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["validateEmail"], &["validateemail", "validate", "email"]),
        (
            &["UserProfileCard"],
            &["userprofilecard", "user", "profile", "card"],
        ),
        (&["HTTPServer"], &["httpserver", "http", "server"]),
        // An acronym's plural `s` stays with it.
        (&["APIs", "READMEs"], &["apis", "readmes"]),
        (&["URLsToFetch"], &["urlstofetch", "urls", "fetch"]),
        (&["snake_case", "kebab-case"], &["snake", "case", "kebab"]),
        (
            &["Utf8Error", "utf8", "k8s", "sha256"],
            &["utf8error", "utf8", "error", "k8s", "sha256"],
        ),
        (
            &["JavaScript", "TypeScript", "GitHub", "PostgreSQL"],
            &["javascript", "typescript", "github", "postgresql"],
        ),
        (
            &["The", "quick", "and", "the", "QUICK", "fox"],
            &["quick", "fox"],
        ),
        (&["don't", "owner's", "isn't"], &["owners"]),
        (
            &["ci", "db", "ui", "io", "go", "js", "ab", "x", "of"],
            &["ci", "db", "ui", "io", "js"],
        ),
        (
            &[
                "/home/dev/src/tmp/usr/lib",
                "true",
                "null",
                "return",
                "const",
            ],
            &[],
        ),
        (
            &[
                "0xdeadbeef",
                "deadbeef",
                "3f9a2c1",
                "e3b0c44298fc1c149afbf4c8996fb924",
            ],
            &["deadbeef"],
        ),
        (&["550e8400-e29b-41d4-a716-446655440000"], &[]),
        // A typed Python signature: its builtin types say nothing of what the code does;
        // `TypedDict` and a type a team defines still do.
        (
            &[
                "def",
                "load_rows(source:",
                "str)",
                "->",
                "dict[str,",
                "Invoice]:",
                "TypedDict",
            ],
            &["load", "rows", "source", "invoice", "typeddict", "typed"],
        ),
        (
            &["aGVsbG8gd29ybGQgaGVsbG8=", "validateEmailAddressV2Handler"],
            &[
                "validateemailaddressv2handler",
                "validate",
                "email",
                "address",
                "handler",
            ],
        ),
        (&["12", "2024", "v2", "e2e", "es2022"], &["e2e", "es2022"]),
        (
            &["--all-targets", "--project=chromium"],
            &["targets", "project", "chromium"],
        ),
        (
            &["Café", "naïveBayes"],
            &["café", "naïvebayes", "naïve", "bayes"],
        ),
        (&["a", "", "---", "..."], &[]),
    ];
    for (words, expected) in cases {
        assert_eq!(
            clean_terms(words.iter().copied()),
            strings(expected),
            "words {words:?}"
        );
    }
}

#[test]
fn stop_lists_are_sorted_lower_case_and_long() {
    for list in [
        super::super::terms::STOP_WORDS,
        super::super::terms::CODE_NOISE,
    ] {
        assert!(
            list.windows(2).all(|w| w[0] < w[1]),
            "sorted and unique: {list:?}"
        );
        assert!(list.iter().all(|w| w.len() >= 3 && *w == w.to_lowercase()));
    }
}

#[test]
fn fts_expression_quotes_everything() {
    let nasty = [
        "\"",
        "\"\"",
        "a\"b",
        "NEAR(x y)",
        "foo*",
        "^bar",
        "col:val",
        "AND",
        "OR",
        "NOT",
        "(",
        ")",
        "-x",
        "+y",
        "{a b}",
        "x OR y",
        "\u{0}",
        "'; DROP TABLE patterns; --",
        "émoji🦀crab",
        "tab\there",
    ];
    let terms = clean_terms(nasty);
    let mut query = Query {
        terms: terms.clone(),
        ..Query::default()
    };
    let expression = fts_expression(&query).unwrap_or_default();
    for part in expression.split(" OR ") {
        let inner = part.strip_prefix('"').and_then(|p| p.strip_suffix('"'));
        assert!(
            inner.is_some_and(|i| !i.replace("\"\"", "").contains('"')),
            "{part:?}"
        );
        assert!(
            inner.is_some_and(|i| i.chars().all(char::is_alphanumeric)),
            "{part:?}"
        );
    }
    // Raw, uncleaned terms are still quoted with `"` doubled.
    query.terms = strings(&["a\"b", "x OR y", "github-actions"]);
    assert_eq!(
        fts_expression(&query).as_deref(),
        Some("\"a\"\"b\" OR \"x OR y\" OR \"github-actions\"")
    );
    query.terms.clear();
    assert_eq!(fts_expression(&query), None);
}

#[test]
fn camel_case_words_are_split_with_hyphens() {
    assert_eq!(split_case_words("dataFetching.mdc"), "data-Fetching.mdc");
    assert_eq!(
        split_case_words("rules/ErrorHandling.md"),
        "rules/Error-Handling.md"
    );
    assert_eq!(
        split_case_words("APIErrors and READMEs"),
        "API-Errors and READMEs"
    );
    assert_eq!(split_case_words("kebab-case_snake"), "kebab-case_snake");
}
