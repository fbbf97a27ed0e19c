//! Tests for query extraction: case tables for paths, commands, prose, term cleaning and whole queries.

use super::language::Word;
use super::*;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn path_languages() {
    let cases: &[(&str, &[&str])] = &[
        ("/home/dev/demo/src/validate_email.rs", &["rust"]),
        (
            "web/components/UserProfileCard.tsx",
            &["typescript", "react"],
        ),
        ("src/App.jsx", &["javascript", "react"]),
        ("src/components/OrderTable.vue", &["vue"]),
        ("src/routes/+page.svelte", &["svelte"]),
        ("src/index.ts", &["typescript"]),
        ("Dockerfile", &["docker"]),
        ("deploy/Dockerfile.prod", &["docker"]),
        ("build/api.dockerfile", &["docker"]),
        ("docker-compose.yml", &["docker", "yaml"]),
        ("compose.yaml", &["docker", "yaml"]),
        (".github/workflows/ci.yml", &["github-actions", "yaml"]),
        (
            "/home/dev/orders/.github/workflows/release.yaml",
            &["github-actions", "yaml"],
        ),
        ("k8s/orders/deployment.yaml", &["kubernetes", "yaml"]),
        ("config/settings.yaml", &["yaml"]),
        ("infra/main.tf", &["terraform"]),
        ("prod.tfvars", &["terraform"]),
        ("main.go", &["go"]),
        ("go.mod", &["go"]),
        ("etl/loaders/__init__.py", &["python"]),
        ("requirements-dev.txt", &["python"]),
        ("pyproject.toml", &["python"]),
        ("Cargo.toml", &["rust"]),
        ("package.json", &["javascript"]),
        ("tsconfig.build.json", &["typescript"]),
        ("pom.xml", &["java"]),
        ("build.gradle", &["java"]),
        ("build.gradle.kts", &["kotlin"]),
        ("Gemfile", &["ruby"]),
        ("composer.json", &["php"]),
        ("pubspec.yaml", &["dart", "yaml"]),
        ("Package.swift", &["swift"]),
        ("src/HotelApi/HotelApi.csproj", &["csharp"]),
        ("Controllers/BookingsController.cs", &["csharp"]),
        ("scripts/rotate-logs.sh", &["shell"]),
        ("db/migrations/0007_add_index.sql", &["sql"]),
        ("src/app/app.component.ts", &["typescript", "angular"]),
        ("README.md", &["markdown"]),
        ("C:\\work\\proj\\src\\main.rs", &["rust"]),
        ("Makefile", &[]),
        ("notes/standup.txt", &[]),
        ("testdata/countries.csv", &[]),
        (".vscode/settings.json", &[]),
        ("k8s.rs/x.json", &[]),
        ("", &[]),
        ("/", &[]),
    ];
    for (path, expected) in cases {
        assert_eq!(languages_for_path(path), strings(expected), "path {path:?}");
    }
}

#[test]
fn command_languages() {
    let cases: &[(&str, &[&str])] = &[
        ("cargo clippy --all-targets -- -D warnings", &["rust"]),
        ("cargo nextest run -p ty_python_semantic", &["rust"]),
        ("cargo-nextest run", &["rust"]),
        ("./gradlew test", &["java"]),
        ("/usr/bin/python3 -m pytest -q", &["python"]),
        ("python3.12 manage.py migrate", &["python"]),
        ("cd web && pnpm install", &["javascript"]),
        ("FOO=1 uv run pytest -q", &["python"]),
        ("sudo -E time go test ./...", &["go"]),
        ("timeout 30 cargo test", &["rust"]),
        ("npx tsc --noEmit", &["javascript", "typescript"]),
        ("bundle exec rspec spec/models", &["ruby"]),
        (
            "cargo test --offline 2>&1 | grep 'test result' | head -1",
            &["rust"],
        ),
        (
            "go build ./... && docker build -t orders:dev .",
            &["go", "docker"],
        ),
        ("echo $(rustc --version); node -v", &["rust", "javascript"]),
        (
            "kubectl apply -f k8s/ || helm upgrade app ./chart",
            &["kubernetes"],
        ),
        ("terraform plan -out tfplan", &["terraform"]),
        ("psql -c 'select 1'", &["sql"]),
        ("dotnet test", &["csharp"]),
        ("flutter run", &["dart"]),
        ("if cargo check; then echo ok; fi", &["rust"]),
        ("gorilla serve", &[]),
        ("goimports -w .", &[]),
        ("git commit -m \"fix: handle 0xdeadbeef; cargo\"", &[]),
        ("echo cargo go npm", &[]),
        ("# cargo build", &[]),
        ("make build", &[]),
        ("pwd", &[]),
        ("ls -la", &[]),
        ("", &[]),
        ("\"unterminated 'quote && cargo", &[]),
    ];
    for (command, expected) in cases {
        assert_eq!(
            languages_for_command(command),
            strings(expected),
            "command {command:?}"
        );
    }
}

#[test]
fn prose_languages() {
    let cases: &[(&str, &[&str])] = &[
        (
            "Prefer Rust's Result over panics; in TypeScript use unknown.",
            &["rust", "typescript"],
        ),
        ("We write services in Go and Python.", &["go", "python"]),
        ("Go ahead and fix the tests.", &[]),
        ("Let's go and ship it", &[]),
        ("- Go to the settings page", &[]),
        ("Errors in golang must be wrapped", &["go"]),
        ("Run go vet before pushing", &["go"]),
        ("Edit main.go and go.mod", &["go"]),
        ("the crawler leaks goroutines", &["go"]),
        ("Use C# records and C++ RAII", &["csharp", "cpp"]),
        (
            "Write portable C99 code; see the C language standard",
            &["c"],
        ),
        ("Plan C is a bad idea, see section C.", &[]),
        ("Results are stored in r and printed", &[]),
        ("Useful R packages and the R language", &["r"]),
        ("Components in React with Next.js", &["react"]),
        ("How should the UI react to errors?", &[]),
        ("a swift response from the team", &[]),
        ("SwiftUI views in Swift", &["swift"]),
        ("the angular momentum", &[]),
        ("Configure GitHub Actions workflows", &["github-actions"]),
        (
            "Deploy to Kubernetes with kubectl and k8s manifests",
            &["kubernetes"],
        ),
        (
            "Keep *.rs files small and .tsx components pure",
            &["rust", "typescript", "react"],
        ),
        ("Read schema.sql and Cargo.toml", &["sql", "rust"]),
        ("console.log(event.ts)", &[]),
        ("rusty nails, pythonic code, javascripts", &[]),
        ("Build on .NET 8 with ASP.NET Core", &["csharp"]),
        ("Count lines in the TypeScript sources", &["typescript"]),
        (
            "DOCKER and Terraform and Postgres",
            &["docker", "terraform", "sql"],
        ),
        ("", &[]),
    ];
    for (text, expected) in cases {
        assert_eq!(
            mentioned_languages(text),
            strings(expected),
            "text {text:?}"
        );
    }
}

#[test]
fn term_cleaning() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["validateEmail"], &["validateemail", "validate", "email"]),
        (
            &["UserProfileCard"],
            &["userprofilecard", "user", "profile", "card"],
        ),
        (&["HTTPServer"], &["httpserver", "http", "server"]),
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
    for list in [super::terms::STOP_WORDS, super::terms::CODE_NOISE] {
        assert!(
            list.windows(2).all(|w| w[0] < w[1]),
            "sorted and unique: {list:?}"
        );
        assert!(list.iter().all(|w| w.len() >= 3 && *w == w.to_lowercase()));
    }
}

#[test]
fn table_is_well_formed() {
    let mut names: Vec<&str> = LANGUAGES.iter().map(|l| l.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), LANGUAGES.len(), "canonical names are unique");
    for language in LANGUAGES {
        assert_eq!(language.name, language.name.to_lowercase());
        assert!(
            language
                .extensions
                .iter()
                .all(|e| *e == e.to_lowercase() && !e.starts_with('.'))
        );
        assert!(
            language
                .file_names
                .iter()
                .all(|f| f.matches('*').count() <= 1)
        );
        for word in language.words {
            match word {
                Word::Any(t) => {
                    assert_eq!(*t, t.to_lowercase(), "{t}");
                    assert!(t.split(' ').count() <= 2, "{t}");
                }
                Word::Cased(t) | Word::MidSentence(t) => assert!(!t.contains(' '), "{t}"),
            }
        }
    }
}

#[test]
fn canonical_names() {
    let cases = [
        ("Rust", Some("rust")),
        ("TypeScript", Some("typescript")),
        ("ts", Some("typescript")),
        ("golang", Some("go")),
        ("Go", Some("go")),
        ("C#", Some("csharp")),
        ("c++", Some("cpp")),
        ("GitHub-Actions", Some("github-actions")),
        ("k8s", Some("kubernetes")),
        ("cobol", None),
    ];
    for (name, expected) in cases {
        assert_eq!(canonical_language(name), expected, "{name}");
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
fn relative_paths() {
    let cases = [
        (
            "/home/dev/demo/src/a.rs",
            Some("/home/dev/demo"),
            "src/a.rs",
        ),
        (
            "/home/dev/demo/src/a.rs",
            Some("/home/dev/demo/"),
            "src/a.rs",
        ),
        (
            "/home/dev/demo2/a.rs",
            Some("/home/dev/demo"),
            "home/dev/demo2/a.rs",
        ),
        ("/etc/hosts", None, "etc/hosts"),
        ("./src//./a.rs", Some("/x"), "src/a.rs"),
        ("/a.rs", Some("/"), "a.rs"),
        ("C:\\proj\\src\\a.rs", Some("C:\\proj"), "src/a.rs"),
    ];
    for (path, cwd, expected) in cases {
        assert_eq!(relative_path(path, cwd), expected, "{path} in {cwd:?}");
    }
}

fn input(tool: &str) -> QueryInput {
    QueryInput {
        tool_name: Some(tool.to_owned()),
        cwd: Some("/home/dev/demo".to_owned()),
        ..QueryInput::default()
    }
}

#[test]
fn edit_query() {
    let query = extract_query(&QueryInput {
        file_path: Some("/home/dev/demo/src/validate_email.rs".to_owned()),
        content: Some("pub fn validate_email(addr: &str) -> Result<Email, ParseError> {\n    let trimmed = addr.trim();\n    todo!()\n}".to_owned()),
        last_user_message: Some("Please return a proper error instead of panicking".to_owned()),
        ..input("Edit")
    });
    assert_eq!(query.languages, strings(&["rust"]));
    assert_eq!(
        query.relative_path.as_deref(),
        Some("src/validate_email.rs")
    );
    assert_eq!(
        query.terms,
        strings(&[
            "validate",
            "email",
            "proper",
            "error",
            "panicking",
            "addr",
            "str",
            "result",
            "parseerror",
            "parse",
            "trimmed",
            "trim",
            "todo",
            "rust"
        ])
    );
    assert_eq!(
        fts_expression(&query).as_deref(),
        Some(
            "\"validate\" OR \"email\" OR \"proper\" OR \"error\" OR \"panicking\" OR \"addr\" OR \"str\" OR \"result\" \
             OR \"parseerror\" OR \"parse\" OR \"trimmed\" OR \"trim\" OR \"todo\" OR \"rust\""
        )
    );
}

#[test]
fn write_query_uses_nearest_project_directories() {
    let query = extract_query(&QueryInput {
        file_path: Some(
            "/home/dev/demo/packages/web/src/components/UserProfileCard.tsx".to_owned(),
        ),
        content: Some("export function UserProfileCard() { useEffect(() => {}, []); }".to_owned()),
        ..input("Write")
    });
    assert_eq!(query.languages, strings(&["typescript", "react"]));
    assert_eq!(
        query.relative_path.as_deref(),
        Some("packages/web/src/components/UserProfileCard.tsx")
    );
    assert_eq!(
        query.terms,
        strings(&[
            "userprofilecard",
            "user",
            "profile",
            "card",
            "components",
            "web",
            "useeffect",
            "use",
            "effect",
            "typescript",
            "react"
        ])
    );
}

#[test]
fn path_terms_for_generic_names() {
    let cases: &[(&str, &[&str])] = &[
        ("/home/dev/demo/Dockerfile", &["dockerfile", "docker"]),
        (
            "/home/dev/demo/.github/workflows/ci.yml",
            &["ci", "workflows", "github", "github-actions", "yaml"],
        ),
        (
            "/home/dev/demo/cmd/ordersd/main.go",
            &["main", "ordersd", "go"],
        ),
        (
            "/home/dev/demo/etl/loaders/__init__.py",
            &["init", "loaders", "etl", "python"],
        ),
        (
            "/home/dev/demo/src/main/java/com/acme/shop/StockController.java",
            &[
                "stockcontroller",
                "stock",
                "controller",
                "shop",
                "acme",
                "java",
            ],
        ),
    ];
    for (path, expected) in cases {
        let query = extract_query(&QueryInput {
            file_path: Some((*path).to_owned()),
            ..input("Edit")
        });
        assert_eq!(query.terms, strings(expected), "{path}");
    }
    let deep = extract_query(&QueryInput {
        file_path: Some("/home/dev/demo/alpha/beta/gamma/delta/epsilon.rs".to_owned()),
        ..input("Edit")
    });
    assert_eq!(
        deep.terms,
        strings(&["epsilon", "delta", "gamma", "beta", "rust"])
    );
}

#[test]
fn bash_queries() {
    let query = extract_query(&QueryInput {
        command: Some("cargo clippy --all-targets -- -D warnings".to_owned()),
        description: Some("Lint the workspace with clippy".to_owned()),
        ..input("Bash")
    });
    assert_eq!(query.languages, strings(&["rust"]));
    assert_eq!(query.relative_path, None);
    assert_eq!(
        query.terms,
        strings(&[
            "cargo",
            "clippy",
            "targets",
            "warnings",
            "lint",
            "workspace",
            "rust"
        ])
    );

    let query = extract_query(&QueryInput {
        command: Some("git commit -m \"fix: handle 0xdeadbeef in e3b0c442 parser\"".to_owned()),
        ..input("Bash")
    });
    assert_eq!(query.languages, Vec::<String>::new());
    assert_eq!(
        query.terms,
        strings(&["git", "commit", "fix", "handle", "parser"])
    );

    for short in ["pwd", "ls", "ls -la", "cd ..", "echo $HOME"] {
        let query = extract_query(&QueryInput {
            command: Some(short.to_owned()),
            ..input("Bash")
        });
        assert_eq!(query, Query::default(), "{short}");
        assert_eq!(fts_expression(&query), None);
    }
}

#[test]
fn failed_bash_drops_exit_code_boilerplate() {
    let query = extract_query(&QueryInput {
        command: Some("pytest -q".to_owned()),
        error: Some("Exit code 3\nImportError: cannot import name 'Foo'".to_owned()),
        ..input("Bash")
    });
    assert_eq!(query.languages, strings(&["python"]));
    assert_eq!(
        query.terms,
        strings(&["pytest", "importerror", "error", "name", "foo", "python"])
    );
}

#[test]
fn prompt_query() {
    let query = extract_query(&QueryInput {
        prompt: Some(
            "Add a Go handler for /orders and write table-driven tests; don't use panics."
                .to_owned(),
        ),
        ..QueryInput::default()
    });
    assert_eq!(query.languages, strings(&["go"]));
    assert_eq!(query.relative_path, None);
    assert_eq!(
        query.terms,
        strings(&[
            "add", "handler", "orders", "write", "table", "driven", "tests", "use", "panics", "go"
        ])
    );
}

#[test]
fn terms_are_capped_keeping_languages() {
    let words: Vec<String> = (0..100).map(|i| format!("word{i}x")).collect();
    let query = extract_query(&QueryInput {
        command: Some(format!("cargo {}", words.join(" "))),
        content: Some(
            "alpha beta gamma delta epsilon zeta theta iota kappa lambda omicron sigma omega"
                .to_owned(),
        ),
        ..input("Bash")
    });
    assert_eq!(query.terms.len(), MAX_TERMS);
    assert_eq!(query.terms.first().map(String::as_str), Some("cargo"));
    assert_eq!(query.terms.last().map(String::as_str), Some("rust"));
}

#[test]
fn content_adds_at_most_twelve_new_terms() {
    let query = extract_query(&QueryInput {
        file_path: Some("/home/dev/demo/notes.txt".to_owned()),
        content: Some(
            "notes alpha beta gamma delta epsilon zeta theta iota kappa lambda omicron sigma omega"
                .to_owned(),
        ),
        ..input("Write")
    });
    assert_eq!(query.terms.len(), 1 + MAX_CONTENT_TERMS);
    assert_eq!(query.terms.last().map(String::as_str), Some("sigma"));
}

#[test]
fn extraction_is_deterministic() {
    let make = || QueryInput {
        file_path: Some("/home/dev/demo/web/app/page.tsx".to_owned()),
        command: Some("npx next build && cargo test".to_owned()),
        description: Some("Build with Next.js and Rust, then Go".to_owned()),
        content: Some(
            "export default async function Page({ params }) { const { slug } = await params }"
                .to_owned(),
        ),
        last_user_message: Some("upgrade to Next 15 with Python scripts".to_owned()),
        ..input("Bash")
    };
    let first = extract_query(&make());
    for _ in 0..5 {
        assert_eq!(extract_query(&make()), first);
    }
    assert_eq!(
        first.languages,
        strings(&["typescript", "react", "javascript", "rust", "go", "python"])
    );
}
