//! Tests for the language table: paths, commands and prose mentions.

use super::*;

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
        // A Gradle build written in Kotlin: Gradle's (Java's) marker and a Kotlin script.
        ("build.gradle.kts", &["java", "kotlin"]),
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
        ("src/TokenVesting.sol", &["solidity"]),
        ("foundry.toml", &["solidity"]),
        ("src/solver/grid.f90", &["fortran"]),
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
        (
            "forge test --match-contract VestingTest -vvv",
            &["solidity"],
        ),
        ("gfortran -O2 -o solver src/solver.f90", &["fortran"]),
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
        (
            "Wrap errors:\n\n```go\nreturn fmt.Errorf(\"x: %w\", err)\n```\n",
            &["go"],
        ),
        (
            "~~~ {.python}\nimport os\n~~~\n```text\nplain\n```\n```\n",
            &["python"],
        ),
        ("```ts title=a.ts\nlet x = 1\n```", &["typescript"]),
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
fn compiled_in_language_lookups_are_sorted_for_binary_search() {
    use super::super::index::INDEX;
    assert!(INDEX.extensions.is_sorted() && INDEX.file_names.is_sorted());
    assert!(INDEX.commands.is_sorted() && INDEX.words.is_sorted());
    assert!(INDEX.pair_heads.is_sorted());
}
