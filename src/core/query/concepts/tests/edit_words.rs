//! `edit_words` on realistic edits: what changed decides the words.

use super::super::{Change, ConstructChange, EditWords, MAX_CONCEPT_WORDS, edit_words};

fn langs(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| (*s).to_owned()).collect()
}

fn constructs(words: &EditWords) -> Vec<(&'static str, Change)> {
    words
        .constructs
        .iter()
        .map(|ConstructChange { name, change }| (*name, *change))
        .collect()
}

#[test]
fn go_error_wrapping_added() {
    let old = "\tdata, err := os.ReadFile(path)\n\tif err != nil {\n\t\treturn err\n\t}\n";
    let new = "\tdata, err := os.ReadFile(path)\n\tif err != nil {\n\t\treturn fmt.Errorf(\"read config %s: %w\", path, err)\n\t}\n";
    let words = edit_words(&langs(&["go"]), Some(old), new);
    assert_eq!(
        constructs(&words),
        [
            ("go-error-wrapping", Change::Added),
            ("go-errorf", Change::Added)
        ]
    );
    assert_eq!(words.concepts, ["wrap", "errors", "messages"]);
    assert_eq!(
        words.changed,
        ["fmt", "errorf", "read", "config", "path", "err"]
    );
    assert_eq!(words.context, ["data", "os", "readfile", "file"]);
}

#[test]
fn javascript_var_replaced_by_const() {
    let words = edit_words(
        &langs(&["javascript"]),
        Some("var count = items.length;"),
        "const count = items.length;",
    );
    assert_eq!(
        constructs(&words),
        [("js-var", Change::Removed), ("js-let-const", Change::Added)]
    );
    assert_eq!(words.concepts, ["var", "variables", "const"]);
}

#[test]
fn python_bare_except_replaced_by_a_specific_exception() {
    let old = "try:\n    value = int(text)\nexcept:\n    value = 0\n";
    let new = "try:\n    value = int(text)\nexcept ValueError:\n    value = 0\n";
    let words = edit_words(&langs(&["python"]), Some(old), new);
    assert_eq!(
        constructs(&words),
        [
            ("py-broad-except", Change::Removed),
            ("py-except", Change::Added)
        ]
    );
    assert_eq!(words.concepts, ["exceptions", "catch"]);
    assert_eq!(words.changed, ["except", "valueerror", "value", "error"]);
    assert_eq!(words.context, ["try", "int", "text"]);
}

#[test]
fn rust_unwrap_replaced_by_the_question_mark() {
    let words = edit_words(
        &langs(&["rust"]),
        Some("    let config = load(path).unwrap();\n"),
        "    let config = load(path)?;\n",
    );
    assert_eq!(
        constructs(&words),
        [
            ("rust-error-propagation", Change::Added),
            ("rust-unwrap", Change::Removed)
        ]
    );
    assert_eq!(
        words.concepts,
        ["error", "propagation", "unwrap", "panic", "handling"]
    );
}

#[test]
fn strict_equality_replacing_loose_puts_the_removed_idiom_first() {
    let words = edit_words(
        &langs(&["typescript"]),
        Some("if (user.id == id) {"),
        "if (user.id === id) {",
    );
    assert_eq!(
        constructs(&words),
        [
            ("js-loose-equality", Change::Removed),
            ("js-strict-equality", Change::Added)
        ]
    );
    assert_eq!(words.concepts, ["equality", "comparison"]);
}

#[test]
fn a_construct_on_both_sides_is_not_a_change() {
    // The line changes around `==`; the edit is not about equality.
    let words = edit_words(
        &langs(&["javascript"]),
        Some("if (a == b) {\n  log(a);\n}"),
        "if (a == c) {\n  log(a);\n}",
    );
    assert!(words.constructs.is_empty(), "{:?}", words.constructs);
    assert!(words.concepts.is_empty());
    assert!(words.changed.is_empty(), "{:?}", words.changed);
    assert_eq!(words.context, ["log"]);
}

#[test]
fn unchanged_context_gives_context_words_only() {
    let old = "logger.info(\"start %s\", name)\nretries = 1\n";
    let new = "logger.info(\"start %s\", name)\nretries = 2\n";
    let words = edit_words(&langs(&["python"]), Some(old), new);
    assert!(words.concepts.is_empty());
    assert_eq!(words.changed, ["retries"]);
    assert_eq!(words.context, ["logger", "info", "start", "name"]);
}

#[test]
fn a_removed_construct_counts() {
    let words = edit_words(
        &langs(&["javascript"]),
        Some("save(order);\nconsole.log('saved', order.id);\n"),
        "save(order);\n",
    );
    assert_eq!(constructs(&words), [("js-console", Change::Removed)]);
    assert_eq!(words.concepts, ["logging", "console"]);
}

#[test]
fn written_content_ranks_strong_constructs_by_frequency() {
    let content = "package store\n\nimport (\n\t\"context\"\n\t\"fmt\"\n)\n\n\
        func Load(ctx context.Context, id string) error {\n\
        \tgo func() { warm(id) }()\n\
        \tif err := get(id); err != nil {\n\t\treturn fmt.Errorf(\"get %s: %w\", id, err)\n\t}\n\
        \tif err := put(id); err != nil {\n\t\treturn fmt.Errorf(\"put %s: %w\", id, err)\n\t}\n\
        \treturn nil\n}\n";
    let words = edit_words(&langs(&["go"]), None, content);
    let names: Vec<&str> = words.constructs.iter().map(|c| c.name).collect();
    assert_eq!(
        names,
        [
            "go-error-wrapping",
            "go-context",
            "go-goroutine",
            "go-error-check",
            "go-errorf",
            "go-imports",
        ]
    );
    assert!(words.constructs.iter().all(|c| c.change == Change::Written));
    assert_eq!(
        words.concepts,
        [
            "wrap",
            "errors",
            "context",
            "cancellation",
            "goroutine",
            "concurrency",
            "handling",
            "messages",
            "imports",
            "grouping",
        ]
    );
    assert!(words.context.is_empty());
}

#[test]
fn written_content_is_scanned_from_its_start_only() {
    let content = format!("{}go func() {{ run() }}()\n", "x := 1\n".repeat(300));
    let words = edit_words(&langs(&["go"]), None, &content);
    assert!(words.concepts.is_empty(), "{:?}", words.concepts);
}

#[test]
fn an_edit_is_scanned_from_its_first_changed_lines() {
    let new = format!("{}go func() {{ run() }}()\n", "x := 1\n".repeat(300));
    let words = edit_words(&langs(&["go"]), Some("y := 2\n"), &new);
    assert!(words.concepts.is_empty(), "{:?}", words.concepts);
    // Identifiers still come from every changed line.
    assert_eq!(words.changed, ["run"]);
}

#[test]
fn words_stay_bounded_however_much_changes() {
    let rows = [
        "go func() {}()",
        "defer f.Close()",
        "mu sync.Mutex",
        "os.Exit(1)",
        "panic(\"x\")",
        "t.Run(name, f)",
        "ctx context.Context",
        "d time.Duration",
        "x := iota",
        "return fmt.Errorf(\"%w\", err)",
        "func init() {",
    ];
    let new = rows.join("\n").repeat(50);
    for old in [None, Some("")] {
        let words = edit_words(&langs(&["go"]), old, &new);
        assert_eq!(words.concepts.len(), MAX_CONCEPT_WORDS);
        assert!(words.changed.len() <= 12 && words.context.len() <= 12);
        assert!(words.constructs.len() < rows.len());
    }
}

#[test]
fn typescript_rows_need_typescript() {
    let js = edit_words(&langs(&["javascript"]), None, "let x: any = load();");
    assert!(!js.concepts.contains(&"unknown".to_owned()));
    let ts = edit_words(
        &langs(&["typescript", "react"]),
        None,
        "let x: any = load();",
    );
    assert_eq!(ts.concepts.first().map(String::as_str), Some("unknown"));
}

#[test]
fn an_unknown_language_gets_the_generic_rows() {
    let words = edit_words(&[], None, "x = lambda y: y  # TODO: name it");
    assert_eq!(constructs(&words), [("todo-comments", Change::Written)]);
}

#[test]
fn whitespace_only_edits_change_nothing() {
    let words = edit_words(
        &langs(&["python"]),
        Some("def f(x):\n  return lambda y: x + y\n"),
        "def f(x):\n    return lambda y: x + y\n",
    );
    assert_eq!(
        words,
        EditWords {
            context: words.context.clone(),
            ..EditWords::default()
        }
    );
    assert_eq!(words.context, ["lambda"]);
}

proptest::proptest! {
    // No failure persistence: it would write files outside this module.
    #![proptest_config(proptest::prelude::ProptestConfig {
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Any text, in any family, gives bounded words without panicking.
    #[test]
    fn any_edit_gives_bounded_words(
        old in proptest::option::of("(?s).{0,300}"),
        new in "(?s).{0,300}",
        language in proptest::sample::select(vec![
            "", "rust", "go", "typescript", "python", "shell", "kotlin", "ruby", "sql",
        ]),
    ) {
        let languages: Vec<String> = [language].iter().filter(|l| !l.is_empty()).map(|l| (*l).to_owned()).collect();
        let words = edit_words(&languages, old.as_deref(), &new);
        proptest::prop_assert!(words.concepts.len() <= MAX_CONCEPT_WORDS);
        proptest::prop_assert!(words.changed.len() <= 12 && words.context.len() <= 12);
        proptest::prop_assert_eq!(words.clone(), edit_words(&languages, old.as_deref(), &new));
    }
}

#[test]
fn a_link_in_written_text_gives_its_scheme_not_its_address() {
    let old = "## Changes\n\n- Retry reads.\n";
    let new = "## Changes\n\n- Retry reads.\n- Cache tokens per tenant ([#812](https://github.com/acme/vault/pull/812)).\n";
    let words = edit_words(&langs(&["markdown"]), Some(old), new);
    // `https` is no search word, and the host and path are not the change's.
    assert_eq!(words.changed, ["cache", "tokens", "per", "tenant"]);
    // A connection string's scheme names what the code talks to.
    let written = edit_words(
        &langs(&["yaml"]),
        None,
        "database:\n  url: postgres://app@db.internal:5432/orders\n",
    );
    assert_eq!(written.changed, ["database", "url", "postgres"]);
}

#[test]
fn written_content_keeps_the_words_of_modules_imported_past_its_first_lines() {
    let new = "import { Router } from \"express\";\nimport { authenticate } from \"./auth/session\";\n\
               import { parseBody } from \"./http/body\";\nimport { logRequest } from \"./http/log\";\n\
               import { Invoice } from \"../billing/models/invoice\";\n\
               import { ledger } from \"@/accounting/ledger\";\n\nexport const router = Router();\n";
    let words = edit_words(&langs(&["typescript"]), None, new);
    // The first lines fill the changed words; the later imports' modules are kept apart.
    assert_eq!(words.changed.len(), 12, "{:?}", words.changed);
    for later in ["billing", "models", "accounting", "ledger"] {
        assert!(
            words.imported.iter().any(|w| w == later),
            "{later}: {words:?}"
        );
    }
    assert!(
        words.imported.iter().all(|w| !words.changed.contains(w)),
        "no word twice: {words:?}"
    );
    // An edit's words come from what it changes, not from a file's imports.
    let edited = edit_words(&langs(&["typescript"]), Some("const a = 1;"), new);
    assert!(edited.imported.is_empty(), "{edited:?}");
}

#[test]
fn an_edit_of_comments_alone_is_told_from_one_of_code() {
    let typo = edit_words(
        &langs(&["cpp"]),
        Some("// recieve the next frame\nauto frame = read(in);\n"),
        "// receive the next frame\nauto frame = read(in);\n",
    );
    assert!(typo.comments_only);
    let doc = edit_words(
        &langs(&["python"]),
        Some("def area(r):\n    return 3.14 * r * r\n"),
        "def area(r):\n    # pi, rounded\n    return 3.14 * r * r\n",
    );
    assert!(doc.comments_only);
    let code = edit_words(
        &langs(&["cpp"]),
        Some("// the next frame\nauto frame = read(in);\n"),
        "// the next frame\nauto frame = read_exact(in);\n",
    );
    assert!(!code.comments_only);
    // A line commented out is code removed.
    let disabled = edit_words(
        &langs(&["go"]),
        Some("\tlog.Printf(\"frame %d\", n)\n"),
        "\t// log.Printf(\"frame %d\", n)\n",
    );
    assert!(!disabled.comments_only);
    // An edit that changes nothing is not called one of comments.
    assert!(!edit_words(&langs(&["cpp"]), Some("int a;\n"), "int a;\n").comments_only);
}
