//! Tests for glob classification, matching and index keys.

use super::*;

#[test]
fn a_star_stays_in_its_segment_and_a_bare_name_matches_at_any_depth() {
    let matches =
        |glob: &str, path: &str| glob_matcher(glob).unwrap().compile_matcher().is_match(path);
    // `*` does not cross `/`: a folder's own files, not its subfolders'.
    assert!(matches("migrations/*.sql", "migrations/001.sql"));
    assert!(!matches("migrations/*.sql", "migrations/old/001.sql"));
    // A name fragment is looked for in the file name, not in the folders above it.
    assert!(matches("**/{*mcp*,*agent*}", "src/mcp_server.py"));
    assert!(!matches("**/{*mcp*,*agent*}", "src/agents/run.py"));
    // Without a `/`, a glob names files at any depth, as Cursor and Copilot read it.
    assert!(matches("Makefile", "tools/build/Makefile"));
    assert!(matches("*.tsx", "src/components/Button.tsx"));
    for (glob, path, expected) in [
        ("migrations/*.sql", "migrations/old/001.sql", false),
        ("Makefile", "tools/build/Makefile", true),
        ("docs/*", "docs/a/b.md", false),
        ("docs/**", "docs/a/b.md", true),
    ] {
        let simple = SimpleGlob::parse(glob).unwrap_or_else(|| panic!("{glob} is simple"));
        assert_eq!(simple.matches(path), expected, "{glob} vs {path}");
    }
}

#[test]
fn a_glob_ending_in_a_slash_means_the_files_in_that_folder() {
    let matches =
        |glob: &str, path: &str| glob_matcher(glob).unwrap().compile_matcher().is_match(path);
    assert!(matches("docs/", "docs/guide/intro.md"));
    assert!(matches(
        "sdk/*/generated_*/",
        "sdk/core/generated_models/src/lib.rs"
    ));
    assert!(!matches(
        "sdk/*/generated_*/",
        "sdk/core/src/generated_models.rs"
    ));
    assert!(could_match(
        "sdk/*/generated_*/",
        "sdk/core/generated_models/src/lib.rs"
    ));
    assert_eq!(classify_glob("sdk/*/generated_*/"), GlobKind::Specific);
    let keys = path_file_keys("sdk/core/generated_models/src/lib.rs");
    assert!(
        glob_file_keys("sdk/*/generated_*/")
            .iter()
            .any(|k| keys.contains(k))
    );
}

#[test]
fn simple_globs_match_exactly_as_globset_does() {
    let globs = [
        "**/*.rs",
        "*.{ts,tsx}",
        "src/**/*.rs",
        "src/*.rs",
        "app/**/page.tsx",
        "**/Dockerfile",
        "Cargo.toml",
        "src/storage/**",
        "docs/*",
        ".github/workflows/*.yml",
        "**/*.test.ts",
        "**.py",
        "src/**.rs",
    ];
    let paths = [
        "x.py",
        "app/routers/x.py",
        "src/a.rs",
        "src/x/y/a.rs",
        "a.rs",
        "srcx/a.rs",
        "web/App.tsx",
        "web/App.TSX",
        "app/x/page.tsx",
        "app/page.tsx",
        "page.tsx",
        "deploy/Dockerfile",
        "Dockerfile",
        "xDockerfile",
        "Cargo.toml",
        "crates/a/Cargo.toml",
        "src/storage/index/read.rs",
        "src/storage",
        "docs/a/b.md",
        ".github/workflows/ci.yml",
        "a.test.ts",
        "a.rs.bak",
    ];
    for glob in globs {
        let simple = SimpleGlob::parse(glob).unwrap_or_else(|| panic!("{glob} is simple"));
        let real = glob_matcher(glob).unwrap().compile_matcher();
        for path in paths {
            assert_eq!(
                simple.matches(path),
                real.is_match(path),
                "{glob} vs {path}"
            );
        }
    }
    for glob in [
        "src/**/test/*.rs",
        "**/*.t?",
        "src/[ab]/*.rs",
        "**",
        "*",
        "a/../b.rs",
    ] {
        assert_eq!(SimpleGlob::parse(glob), None, "{glob}");
    }
}

#[test]
fn globs_are_classified_by_what_they_name() {
    for (glob, kind) in [
        ("**/*", GlobKind::CatchAll),
        ("*", GlobKind::CatchAll),
        ("**", GlobKind::CatchAll),
        ("**/*.ts", GlobKind::Broad),
        ("src/**/*.rs", GlobKind::Broad),
        ("**/*.{ts,tsx}", GlobKind::Broad),
        ("app/**/*.tsx", GlobKind::Broad),
        ("src/storage/**", GlobKind::Specific),
        ("**/Dockerfile", GlobKind::Specific),
        (".github/workflows/*.yml", GlobKind::Specific),
        ("Cargo.toml", GlobKind::Specific),
        // A folder's contents, wherever it is: a part of the project (docs/authoring.md).
        ("tests/**", GlobKind::Specific),
        ("e2e/**", GlobKind::Specific),
        ("**/scripts/**", GlobKind::Specific),
        ("src/components/**/*.tsx", GlobKind::Specific),
        // A kind of file by name, not only by extension.
        ("**/*.spec.ts", GlobKind::Specific),
        ("**/*Test.java", GlobKind::Specific),
        ("**/*_test.go", GlobKind::Specific),
    ] {
        assert_eq!(classify_glob(glob), kind, "{glob}");
    }
}

#[test]
fn a_glob_names_a_kind_of_file_by_an_extension_or_a_whole_name() {
    for glob in [
        "**/*.sql",
        "**/migrations/**/*.sql",
        "src/**/*.{ts,tsx}",
        "**/*_test.go",
        "**/Dockerfile",
        "schema.sql",
    ] {
        assert!(names_file_kind(glob), "{glob}");
    }
    for glob in [
        "src/routes/**/*",
        "tests/**",
        "**/{*mcp*,*agent*,mcp.json}",
        "+page.*",
        "**/*.[ch]",
        "**/*",
    ] {
        assert!(!names_file_kind(glob), "{glob}");
    }
}

#[test]
fn could_match_rules_out_only_impossible_globs() {
    for (glob, path, possible) in [
        ("**/*.ts", "web/a.ts", true),
        ("**/*.ts", "src/a.rs", false),
        ("**/*.{ts,tsx}", "web/a.tsx", true),
        ("**/*.{ts,tsx}", "src/a.rs", false),
        ("src/storage/**", "src/storage/index/read.rs", true),
        ("src/storage/**", "src/services/a.rs", false),
        ("**/Dockerfile", "deploy/Dockerfile", true),
        ("**/Dockerfile", "deploy/compose.yml", false),
        ("Cargo.toml", "Cargo.toml", true),
        (".github/workflows/*.yml", ".github/workflows/ci.yml", true),
        (".github/workflows/*.yml", "ci.yml", false),
        ("**/*.test.*", "a.test.ts", true),
        ("app/**/page.tsx", "app/x/page.tsx", true),
        ("**/*Test.java", "src/error.rs", false),
        ("**/*Test.java", "src/FooTest.java", true),
        ("**/Dockerfile.*", "src/error.rs", false),
        ("Dockerfile.*", "Dockerfile.d/conf", true),
        ("docker-compose*.yml", "docker-compose.prod.yml", true),
        ("src/[ab]/*.rs", "src/a/x.rs", true),
        ("**/{*mcp*,*agent*,manifest.json}", "src/error.rs", false),
        (
            "**/{*mcp*,*agent*,manifest.json}",
            "app/manifest.json",
            true,
        ),
        (
            "**/{*mcp*,*agent*,manifest.json}",
            "tools/my-agent.ts",
            true,
        ),
        ("{src,lib}/**/*.rs", "web/a.rs", false),
        ("{src,lib}/**/*.rs", "lib/x/a.rs", true),
    ] {
        assert_eq!(could_match(glob, path), possible, "{glob} vs {path}");
    }
}

#[test]
fn a_glob_is_keyed_by_what_every_file_it_matches_has() {
    assert_eq!(glob_file_keys("**/*.{ts,tsx}"), ["ext:ts", "ext:tsx"]);
    assert_eq!(glob_file_keys("src/**/*.d.ts"), ["ext:d.ts"]);
    assert_eq!(glob_file_keys("**/Dockerfile"), ["name:Dockerfile"]);
    assert_eq!(glob_file_keys("src/storage/**"), ["dir:src"]);
    assert_eq!(glob_file_keys("charts/**/templates/*.yml"), ["ext:yml"]);
    assert_eq!(glob_file_keys("charts/**/templates/**"), ["dir:charts"]);
    assert_eq!(glob_file_keys("**/*Test.java"), ["ext:java"]);
    assert_eq!(glob_file_keys("**.ts"), ["ext:ts"]);
    assert_eq!(glob_file_keys("src/**/*.{ts,tsx}"), ["ext:ts", "ext:tsx"]);
    assert_eq!(glob_file_keys("**/Dockerfile.*"), [""]);
    assert_eq!(glob_file_keys("**/infra/**"), [""]);
    assert_eq!(glob_file_keys("*/migrations/**"), [""]);
    assert_eq!(
        path_file_keys("web/types/a.d.ts"),
        ["", "name:a.d.ts", "ext:d.ts", "ext:ts", "dir:web"]
    );
    assert_eq!(
        path_file_keys("Dockerfile"),
        ["", "name:Dockerfile", "dir:Dockerfile"]
    );
}

#[test]
fn a_name_of_many_dots_gives_a_bounded_number_of_keys() {
    // 64 KiB of dots: one key per dot would hold 2 GB of suffixes.
    let name = ".".repeat(64 * 1024);
    let keys = path_file_keys(&format!("src/{name}x.ts"));
    assert_eq!(keys.len(), 3 + MAX_EXTENSION_KEYS, "{:?}", &keys[..4]);
    let bytes: usize = keys.iter().map(String::len).sum();
    assert!(bytes < 4 * name.len(), "{bytes} bytes of keys");
    assert!(keys.contains(&"ext:ts".to_string()));
    // A glob's extension with more dots than a file's keys cover is loaded for every file,
    // so it still matches.
    let deep = format!("**/*{}", ".x".repeat(MAX_EXTENSION_KEYS + 1));
    assert_eq!(glob_file_keys(&deep), [""]);
    let eight = format!("**/*{}", ".x".repeat(MAX_EXTENSION_KEYS));
    let file = format!("a{}", ".x".repeat(MAX_EXTENSION_KEYS));
    let wanted = glob_file_keys(&eight);
    assert!(
        path_file_keys(&file).contains(&wanted[0]),
        "{wanted:?} in {:?}",
        path_file_keys(&file)
    );
}

/// Globs of every shape lore keys or prefilters, and paths some of them match.
const GLOBS: &[&str] = &[
    "**/*.d.ts",
    "docs/",
    "sdk/*/generated_*/",
    "**/Dockerfile",
    "src/storage/**",
    "src/routes/**/*",
    "charts/**/templates/**/*.yml",
    "src/[ab]/*.rs",
    "docs/*",
    "docs/**",
    "*.md",
    "**/*Test.java",
    "src/**/*IT.java",
    "src/**/test/*.rs",
    "Dockerfile.*",
    "**/Dockerfile.*",
    "docker-compose*.yml",
    "**/application*.properties",
    "app/**/page.tsx",
    "**/*.test.*",
    "a?c/*.rs",
    "**.ts",
    "**/*.{ts,tsx}",
    "**/*.{clj,cljs}",
    "**/*.{test,spec}.ts",
    "{src,lib}/**/*.rs",
    "wp-content/{themes,plugins}/**",
    "**/{*mcp*,*agent*,manifest.json}",
    ".github/workflows/*.yml",
];
const PATHS: &[&str] = &[
    "a/b.d.ts",
    "docs/guide/intro.md",
    "sdk/core/generated_models/src/lib.rs",
    "x/Dockerfile",
    "Dockerfile.dev",
    "Dockerfile.d/conf",
    "deploy/Dockerfile.prod",
    "docker-compose.prod.yml",
    "src/storage/index/read.rs",
    "src/routes/users/index.ts",
    "charts/app/templates/deploy/a.yml",
    "src/a/x.rs",
    "src/x/test/a.rs",
    "src/error.rs",
    "docs/guide.md",
    "README.md",
    "src/FooTest.java",
    "src/x/UserIT.java",
    "config/application-dev.properties",
    "web/App.tsx",
    "web/a.ts",
    "web/a.spec.ts",
    "a.test.ts",
    "app/x/page.tsx",
    "app/manifest.json",
    "tools/my-agent.ts",
    "abc/x.rs",
    "lib/x/a.rs",
    "core.cljs",
    "wp-content/themes/x/style.css",
    ".github/workflows/ci.yml",
];

/// Every (glob, path) of [`GLOBS`] and [`PATHS`] that globset itself matches.
fn globset_matches() -> Vec<(&'static str, &'static str)> {
    let mut matches = Vec::new();
    for &glob in GLOBS {
        let real = glob_matcher(glob).unwrap().compile_matcher();
        matches.extend(
            PATHS
                .iter()
                .filter(|p| real.is_match(p))
                .map(|&p| (glob, p)),
        );
    }
    assert!(matches.len() > 30, "the lists exercise few matches");
    matches
}

#[test]
fn every_glob_that_matches_a_path_shares_a_key_with_it() {
    for (glob, path) in globset_matches() {
        let keys = path_file_keys(path);
        assert!(
            glob_file_keys(glob).iter().any(|k| keys.contains(k)),
            "{glob} matches {path} but shares no key with it"
        );
    }
}

#[test]
fn could_match_never_rules_out_a_real_match() {
    for (glob, path) in globset_matches() {
        assert!(could_match(glob, path), "{glob} matches {path}");
    }
}

#[test]
fn a_glob_spans_the_repository_when_no_literal_folder_narrows_it() {
    for glob in ["**/*.py", "*.{java,kt}", "**/*", "**/test_*.py"] {
        assert!(spans_repository(glob), "{glob}");
    }
    for glob in ["src/**/*.ts", "eng/**/*.ps1", "apps/web/**", "docs/*.md"] {
        assert!(!spans_repository(glob), "{glob}");
    }
}

#[test]
fn a_glob_covers_a_language_when_it_asks_for_its_everyday_files_anywhere() {
    for glob in ["**/*.py", "*.go", "**/*.{java,kt}", "**/*.ts", "./**/*.rs"] {
        assert!(covers_a_language(glob), "{glob}");
    }
    // A rarer kind of a language's files, its files under a folder, a kind of file by name,
    // or every file: not one language's whole scope.
    for glob in [
        "**/*.pyx",
        "**/*.pyi",
        "src/**/*.ts",
        "**/*.test.ts",
        "**/migrations/*.sql",
        "**/*",
        "**/*.unknownext",
    ] {
        assert!(!covers_a_language(glob), "{glob}");
    }
}

#[test]
fn a_glob_names_a_folder_when_a_folder_segment_has_no_wildcard() {
    for glob in ["src/db/**", "./api/*.ts", "**/migrations/**/*.sql", "docs/"] {
        assert!(names_folder(glob), "{glob}");
    }
    for glob in [
        "**/*.ts",
        "**/{*mcp*,*agent*}",
        "*.sql",
        "Dockerfile",
        "*/**",
    ] {
        assert!(!names_folder(glob), "{glob}");
    }
}

#[test]
fn a_glob_from_the_root_is_read_from_a_folder_below_it() {
    for (glob, folder, expected) in [
        ("src/web/**/*.tsx", "src/web", Some("**/*.tsx")),
        ("src/web/**", "src/web", Some("**")),
        ("**/*.cs", "src/web", Some("**/*.cs")),
        ("src/**/*.cs", "src/web", Some("**/*.cs")),
        ("src/*/Pages/**", "src/web", Some("Pages/**")),
        ("apps/web/src/**", "apps/web", Some("src/**")),
        // A sibling's files, and a file above the folder, are nothing there.
        ("src/api/**", "src/web", None),
        ("src/web", "src/web", None),
        ("package.json", "", Some("package.json")),
        // Without a `/`, a name at any depth.
        ("*.tsx", "src/web", Some("*.tsx")),
        ("Dockerfile", "services/api", Some("Dockerfile")),
        // From the root, every glob is itself.
        ("src/api/**", "", Some("src/api/**")),
    ] {
        assert_eq!(
            glob_from_folder(glob, folder).as_deref(),
            expected,
            "{glob} from {folder}"
        );
    }
}
