//! Tests for the language table: paths, commands and prose mentions.

use super::*;

#[test]
fn path_languages() {
    let cases: &[(&str, &[&str])] = &[
        ("/srv/tides/gauge/src/calibrate.rs", &["rust"]),
        ("ui/widgets/TideChart.tsx", &["typescript", "react"]),
        ("src/Harbour.jsx", &["javascript", "react"]),
        ("src/views/BerthList.vue", &["vue"]),
        ("src/routes/stations/+layout.svelte", &["svelte"]),
        ("lib/gauges.ts", &["typescript"]),
        ("Dockerfile", &["docker"]),
        ("ops/Dockerfile.gauge", &["docker"]),
        ("images/ingest.dockerfile", &["docker"]),
        ("docker-compose.yaml", &["docker", "yaml"]),
        ("compose.yml", &["docker", "yaml"]),
        (
            ".github/workflows/nightly.yaml",
            &["github-actions", "yaml"],
        ),
        (
            "/srv/tides/.github/workflows/publish.yml",
            &["github-actions", "yaml"],
        ),
        ("k8s/gauge/statefulset.yml", &["kubernetes", "yaml"]),
        ("conf/stations.yml", &["yaml"]),
        ("deploy/network.tf", &["terraform"]),
        ("staging.tfvars", &["terraform"]),
        ("cmd/gauge/main.go", &["go"]),
        ("go.work", &["go"]),
        ("ingest/readers/__main__.py", &["python"]),
        ("requirements-test.txt", &["python"]),
        ("pyproject.toml", &["python"]),
        ("Cargo.toml", &["rust"]),
        ("package.json", &["javascript"]),
        ("tsconfig.app.json", &["typescript"]),
        ("pom.xml", &["java"]),
        ("build.gradle", &["java"]),
        // A Gradle build written in Kotlin: Gradle's (Java's) marker and a Kotlin script.
        ("gauge-core/build.gradle.kts", &["java", "kotlin"]),
        // The build's version catalog and settings, though TOML and properties files.
        ("gradle/libs.versions.toml", &["java"]),
        ("gradle.properties", &["java"]),
        ("gradle/wrapper/gradle-wrapper.properties", &["java"]),
        ("Gemfile", &["ruby"]),
        ("composer.json", &["php"]),
        ("pubspec.yaml", &["dart", "yaml"]),
        ("Package.swift", &["swift"]),
        ("src/Tides.Api/Tides.Api.csproj", &["csharp"]),
        ("Endpoints/StationsEndpoint.cs", &["csharp"]),
        ("bin/rotate-gauge-logs.sh", &["shell"]),
        ("schema/0003_readings_index.sql", &["sql"]),
        (
            "src/app/berths/berth-card.component.ts",
            &["typescript", "angular"],
        ),
        ("docs/HISTORY.md", &["markdown"]),
        ("contracts/Mooring.sol", &["solidity"]),
        ("foundry.toml", &["solidity"]),
        ("model/currents.f90", &["fortran"]),
        ("D:\\tides\\src\\lib.rs", &["rust"]),
        ("Makefile", &[]),
        ("notes/todo.txt", &[]),
        ("fixtures/stations.csv", &[]),
        (".idea/workspace.json", &[]),
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
        ("cargo fmt --all -- --check", &["rust"]),
        ("cargo nextest run -p gauge_core", &["rust"]),
        ("forge test --match-test testMooring -vv", &["solidity"]),
        ("gfortran -O3 -o currents model/currents.f90", &["fortran"]),
        ("cargo-nextest run", &["rust"]),
        ("./gradlew :gauge-core:check", &["java"]),
        ("/usr/local/bin/python3 -m pytest -x", &["python"]),
        ("python3.11 manage.py collectstatic", &["python"]),
        ("cd ui && pnpm build", &["javascript"]),
        ("LEVEL=3 uv run pytest -x", &["python"]),
        ("sudo -E time go vet ./...", &["go"]),
        ("timeout 60 cargo bench", &["rust"]),
        (
            "npx tsc -p tsconfig.app.json",
            &["javascript", "typescript"],
        ),
        ("bundle exec rake db:migrate", &["ruby"]),
        (
            "cargo build --release 2>&1 | grep warning | head -3",
            &["rust"],
        ),
        (
            "go build -o gauge ./cmd/gauge && docker build -t gauge:local .",
            &["go", "docker"],
        ),
        ("echo $(rustc -V); node --version", &["rust", "javascript"]),
        (
            "kubectl rollout status deploy/gauge || helm rollback gauge",
            &["kubernetes"],
        ),
        ("terraform apply -auto-approve", &["terraform"]),
        ("psql -c 'select now()'", &["sql"]),
        ("dotnet build", &["csharp"]),
        ("flutter test", &["dart"]),
        ("if cargo fmt --check; then echo clean; fi", &["rust"]),
        ("gopher fetch", &[]),
        ("goimports -l .", &[]),
        ("git commit -m \"gauge: read 0xbeef frames; cargo\"", &[]),
        ("echo npm cargo go", &[]),
        ("# cargo run", &[]),
        ("make gauges", &[]),
        ("pwd", &[]),
        ("ls -lh", &[]),
        ("", &[]),
        ("\"open 'quote || cargo", &[]),
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
            "In Rust return errors, never panic; in TypeScript narrow unknown.",
            &["rust", "typescript"],
        ),
        ("The gauges run Go and Python services.", &["go", "python"]),
        ("Go on, merge it.", &[]),
        ("We go live on Friday", &[]),
        ("- Go to the station list", &[]),
        ("Retries in golang need a backoff", &["go"]),
        ("Run go test with -race", &["go"]),
        ("Touch gauge.go and go.mod only", &["go"]),
        ("the reader spawns too many goroutines", &["go"]),
        (
            "Prefer C# records and C++ smart pointers",
            &["csharp", "cpp"],
        ),
        (
            "Keep the firmware in portable C11; the C language forbids it",
            &["c"],
        ),
        ("Plan C failed; see appendix C.", &[]),
        ("Levels are in r and plotted", &[]),
        ("Plots use R packages and the R language", &["r"]),
        ("Charts in React with Next.js", &["react"]),
        ("How does the gauge react to spikes?", &[]),
        ("a swift reply from the harbour master", &[]),
        ("SwiftUI screens in Swift", &["swift"]),
        ("the angular offset of the buoy", &[]),
        (
            "Add a GitHub Actions job for the gauges",
            &["github-actions"],
        ),
        (
            "Roll out on Kubernetes with kubectl and the k8s manifests",
            &["kubernetes"],
        ),
        (
            "Keep *.rs modules short and .tsx charts dumb",
            &["rust", "typescript", "react"],
        ),
        ("Read readings.sql and Cargo.toml", &["sql", "rust"]),
        ("console.warn(level.ts)", &[]),
        ("rusty chains, pythonic loops, javascripts", &[]),
        ("Ship on .NET 9 with ASP.NET Core", &["csharp"]),
        ("Total the sizes of the TypeScript modules", &["typescript"]),
        (
            "DOCKER then Terraform then Postgres",
            &["docker", "terraform", "sql"],
        ),
        (
            "Add context:\n\n```go\nreturn fmt.Errorf(\"gauge %d: %w\", id, err)\n```\n",
            &["go"],
        ),
        (
            "~~~ {.python}\nimport sys\n~~~\n```text\nraw\n```\n```\n",
            &["python"],
        ),
        ("```ts title=b.ts\nconst y = 2\n```", &["typescript"]),
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
