//! The one shared language table: file extensions, marker files, command keywords and text
//! aliases per canonical language. The lookups over it are generated from it (`index.rs`).
//!
//! Path, command and free-text detection all read this table, so adding a language or an
//! alias is one edit here (then `cargo run --example refresh_lookups`). Table order decides the order of several languages found by one
//! clue (`.tsx` → `typescript`, then `react`), so specific entries (frameworks, tools that use
//! YAML) come before the generic formats (`yaml`, `markdown`).

use super::index::INDEX;

/// How a word of free text maps to a language in [`super::mentioned_languages`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    /// Case-insensitive; lower-case in the table; one word or two separated by one space
    /// (`"github actions"`). A word may keep inner dots (`next.js`) or end in `#`/`++`.
    Any(&'static str),
    /// Only with exactly this capitalisation, because the lower-case form is common English
    /// (`React` vs "react to", `Swift` vs "swift", `TS`).
    Cased(&'static str),
    /// Exactly this capitalisation and not the first word of a sentence or line (`Go`, so
    /// "Go ahead." or a bullet "- Go to settings" do not count).
    MidSentence(&'static str),
}

/// One language: everything that identifies it.
#[derive(Debug)]
pub struct Language {
    /// Canonical lower-case name (`rust`, `github-actions`).
    pub name: &'static str,
    /// File extensions, lower-case, without the dot.
    pub extensions: &'static [&'static str],
    /// Marker file names, matched case-insensitively; one `*` wildcard allowed
    /// (`requirements*.txt`, `Dockerfile.*`).
    pub file_names: &'static [&'static str],
    /// Directories (one or more `/`-separated segments) whose YAML files belong to this
    /// language (`.github/workflows`, `k8s`).
    pub yaml_dirs: &'static [&'static str],
    /// Program names (basename of the command word); a trailing `*` matches a prefix
    /// (`cargo-*` for `cargo-nextest`).
    pub commands: &'static [&'static str],
    /// Words of free text that mention the language.
    pub words: &'static [Word],
}

use Word::{Any, Cased, MidSentence};

const fn lang(
    name: &'static str,
    extensions: &'static [&'static str],
    file_names: &'static [&'static str],
    commands: &'static [&'static str],
    words: &'static [Word],
) -> Language {
    Language {
        name,
        extensions,
        file_names,
        yaml_dirs: &[],
        commands,
        words,
    }
}

/// The table. See the module documentation for why order matters.
#[rustfmt::skip]
pub static LANGUAGES: &[Language] = &[
    lang(
        "rust",
        &["rs"],
        &[
            "Cargo.toml", "Cargo.lock", "rust-toolchain", "rust-toolchain.toml", "clippy.toml",
            "rustfmt.toml",
        ],
        &["cargo", "cargo-*", "rustc", "rustup", "rustfmt", "clippy-driver", "rust-analyzer"],
        &[
            Any("rust"), Any("rustlang"), Any("cargo"), Any("cargo.toml"), Any("rustc"), Any("clippy"),
            Any("rustfmt"),
        ],
    ),
    lang(
        "python",
        &["py", "pyi", "pyx", "ipynb"],
        &[
            "pyproject.toml", "requirements*.txt", "setup.py", "setup.cfg", "Pipfile",
            "Pipfile.lock", "poetry.lock", "uv.lock", "tox.ini", ".python-version",
        ],
        &[
            "python", "pip", "pipx", "uv", "uvx", "poetry", "pytest", "ruff", "mypy", "black",
            "isort", "pdm", "hatch", "pipenv", "tox", "django-admin", "ipython", "jupyter",
        ],
        &[
            Any("python"), Any("pytest"), Any("django"), Any("flask"), Any("fastapi"),
            Any("pydantic"), Any("pip"), Any("pyproject.toml"), Any("pep8"), Any("cpython"),
        ],
    ),
    lang(
        "typescript",
        &["ts", "mts", "cts", "tsx"],
        &["tsconfig.json", "tsconfig.*.json"],
        &["tsc", "ts-node", "tsx"],
        &[Any("typescript"), Cased("TS"), Any("tsx"), Any("tsconfig.json"), Any("tsc")],
    ),
    lang(
        "javascript",
        &["js", "mjs", "cjs", "jsx"],
        &[
            "package.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock", ".npmrc", ".nvmrc",
            "bun.lockb",
        ],
        &[
            "npm", "npx", "pnpm", "pnpx", "yarn", "node", "bun", "bunx", "deno", "jest", "vitest",
            "eslint", "prettier", "vite", "webpack", "esbuild",
        ],
        &[
            Any("javascript"), Any("js"), Any("ecmascript"), Any("node.js"), Any("nodejs"),
            Any("npm"), Any("es6"), Any("package.json"), Any("express.js"),
        ],
    ),
    lang(
        "react",
        &["tsx", "jsx"],
        &["next.config.*"],
        &["next"],
        &[
            Cased("React"), Any("reactjs"), Any("react.js"), Any("jsx"), Any("next.js"),
            Any("nextjs"), Any("react native"),
        ],
    ),
    lang(
        "vue",
        &["vue"],
        &["vue.config.*", "nuxt.config.*"],
        &["vue-cli-service", "nuxt", "nuxi"],
        &[Any("vue"), Any("vue.js"), Any("vuejs"), Any("nuxt"), Any("pinia")],
    ),
    lang(
        "svelte",
        &["svelte"],
        &["svelte.config.*"],
        &["svelte-kit", "svelte-check"],
        &[Any("svelte"), Any("sveltekit")],
    ),
    lang(
        "angular",
        &[],
        &["angular.json", "*.component.ts"],
        &["ng"],
        &[Cased("Angular"), Any("angularjs")],
    ),
    lang(
        "go",
        &["go"],
        &["go.mod", "go.sum", "go.work"],
        &["go", "gofmt", "golangci-lint", "gopls"],
        &[
            MidSentence("Go"), Any("golang"), Any("goroutine"), Any("goroutines"), Any("go.mod"),
            Any("gofmt"), Any("go vet"), Any("go test"), Any("go mod"), Any("go build"),
            Any("go fmt"),
        ],
    ),
    lang(
        "java",
        &["java"],
        // Gradle's Kotlin DSL builds Java as often as Kotlin: a `.kts` build says Gradle, and
        // only Kotlin's own plugin or library says Kotlin (see the manifest readers).
        // The build's own files count as its (a version catalog, the wrapper's settings).
        &[
            "pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle",
            "settings.gradle.kts", "gradlew", "mvnw", "gradle.properties",
            "gradle-wrapper.properties", "libs.versions.toml", "maven-wrapper.properties",
        ],
        &["mvn", "mvnw", "gradle", "gradlew", "java", "javac"],
        &[Any("java"), Any("jdk"), Any("jvm"), Any("maven"), Any("gradle"), Any("spring boot")],
    ),
    lang(
        "kotlin",
        &["kt", "kts"],
        &[],
        &["kotlin", "kotlinc"],
        &[Any("kotlin"), Any("jetpack compose")],
    ),
    lang(
        "swift",
        &["swift"],
        &["Package.swift", "Podfile"],
        &["swift", "swiftc", "xcodebuild", "swiftlint", "pod"],
        &[Cased("Swift"), Any("swiftui"), Any("uikit"), Any("xcode")],
    ),
    lang(
        "dart",
        &["dart"],
        &["pubspec.yaml", "pubspec.lock"],
        &["flutter", "dart"],
        &[Any("dart"), Any("flutter")],
    ),
    lang(
        "ruby",
        &["rb", "rake", "gemspec", "erb"],
        &["Gemfile", "Gemfile.lock", "Rakefile", ".ruby-version", ".rubocop.yml"],
        &["ruby", "bundle", "bundler", "rails", "rake", "rspec", "gem", "rubocop", "irb"],
        &[Any("ruby"), Cased("Rails"), Any("rspec"), Any("rubocop")],
    ),
    lang(
        "php",
        &["php"],
        &["composer.json", "composer.lock", "artisan"],
        &["php", "composer", "artisan", "phpunit"],
        &[Any("php"), Any("laravel"), Any("symfony"), Any("phpunit")],
    ),
    lang(
        "csharp",
        &["cs", "csx", "csproj", "sln", "cshtml", "razor"],
        &["Directory.Build.props"],
        &["dotnet", "csc", "msbuild"],
        &[Any("c#"), Any("csharp"), Any(".net"), Any("dotnet"), Any("asp.net"), Any("blazor")],
    ),
    lang(
        "cpp",
        &["cpp", "cc", "cxx", "hpp", "hh", "hxx"],
        &[],
        &["g++", "clang++"],
        &[Any("c++"), Any("cpp")],
    ),
    lang(
        "c",
        &["c", "h"],
        &[],
        &["gcc", "clang", "cc"],
        &[
            Any("c89"), Any("c90"), Any("c99"), Any("c11"), Any("c17"), Any("c23"), Any("ansi c"),
            Any("iso c"), Any("c language"), Any("c programming"), Any("c code"),
        ],
    ),
    lang(
        "shell",
        &["sh", "bash", "zsh", "ksh", "fish"],
        &[".bashrc", ".bash_profile", ".zshrc", ".profile"],
        &["bash", "sh", "zsh", "shellcheck", "shfmt"],
        &[Any("shell"), Any("bash"), Any("zsh"), Any("shellcheck"), Any("posix sh")],
    ),
    lang(
        "powershell",
        &["ps1", "psm1", "psd1"],
        &[],
        &["pwsh", "powershell"],
        &[Any("powershell"), Any("pwsh")],
    ),
    lang(
        "sql",
        &["sql"],
        // A dbt project is SQL models (with Jinja), whatever its helpers are written in.
        &["dbt_project.yml"],
        &["psql", "sqlite3", "mysql", "pg_dump", "sqlcmd", "dbt", "sqlfluff"],
        &[
            Any("sql"), Any("postgres"), Any("postgresql"), Any("mysql"), Any("sqlite"),
            Any("plpgsql"), Any("mariadb"),
        ],
    ),
    lang(
        "terraform",
        &["tf", "tfvars"],
        &[".terraform.lock.hcl"],
        &["terraform", "tofu", "terragrunt", "tflint"],
        &[Any("terraform"), Any("opentofu"), Any("hcl")],
    ),
    lang(
        "docker",
        &["dockerfile"],
        &[
            "Dockerfile", "Dockerfile.*", "Containerfile", "docker-compose.yml",
            "docker-compose.yaml", "docker-compose.*", "compose.yaml", "compose.yml",
            ".dockerignore",
        ],
        &["docker", "docker-compose", "podman", "buildah"],
        &[Any("docker"), Any("dockerfile"), Any("containerfile"), Any("podman")],
    ),
    Language {
        name: "kubernetes",
        extensions: &[],
        file_names: &["kustomization.yaml", "kustomization.yml", "Chart.yaml", "helmfile.yaml"],
        yaml_dirs: &["k8s", "kubernetes", "kube", "helm", "charts", "manifests"],
        commands: &["kubectl", "helm", "kustomize", "k9s", "minikube", "kind"],
        words: &[Any("kubernetes"), Any("k8s"), Any("kubectl"), Any("helm"), Any("kustomize")],
    },
    Language {
        name: "github-actions",
        extensions: &[],
        file_names: &[],
        yaml_dirs: &[".github/workflows", ".github/actions"],
        commands: &["act"],
        words: &[Any("github actions"), Any("github workflows"), Any("github-actions")],
    },
    lang(
        "scala",
        &["scala", "sc", "sbt"],
        &["build.sbt"],
        &["sbt", "scala", "scalac"],
        &[Any("scala")],
    ),
    lang(
        "elixir",
        &["ex", "exs", "heex"],
        &["mix.exs", "mix.lock"],
        &["mix", "elixir", "iex"],
        &[Any("elixir"), Any("phoenix liveview")],
    ),
    lang(
        "haskell",
        &["hs", "lhs", "cabal"],
        &["stack.yaml"],
        &["ghc", "ghci", "cabal", "stack"],
        &[Any("haskell"), Any("ghc")],
    ),
    lang("lua", &["lua"], &[], &["lua", "luajit"], &[Any("lua"), Any("luajit")]),
    lang(
        "solidity",
        &["sol"],
        &["foundry.toml"],
        &["solc", "forge"],
        &[Any("solidity")],
    ),
    lang(
        "fortran",
        &["f", "for", "ftn", "f77", "f90", "f95", "f03", "f08"],
        &["fpm.toml"],
        &["gfortran", "ifort", "ifx", "fpm"],
        &[Any("fortran")],
    ),
    lang(
        "r",
        &["r", "rmd"],
        &[".Rprofile"],
        &["Rscript"],
        &[
            Any("r language"), Any("r programming"), Any("r package"), Any("rstats"),
            Any("tidyverse"),
        ],
    ),
    lang("julia", &["jl"], &["Project.toml"], &["julia"], &[Cased("Julia")]),
    lang("zig", &["zig"], &["build.zig"], &["zig"], &[Any("zig")]),
    lang("perl", &["pl", "pm"], &["cpanfile"], &["perl", "cpan", "cpanm"], &[Any("perl")]),
    lang("graphql", &["graphql", "gql"], &[], &[], &[Any("graphql")]),
    lang(
        "protobuf",
        &["proto"],
        &["buf.yaml"],
        &["protoc", "buf"],
        &[Any("protobuf"), Any("protobufs")],
    ),
    lang("html", &["html", "htm"], &[], &[], &[Any("html"), Any("html5")]),
    lang(
        "css",
        &["css", "scss", "sass", "less"],
        &[],
        &["sass", "postcss"],
        &[Any("css"), Any("scss"), Any("sass"), Any("tailwind"), Any("tailwindcss")],
    ),
    lang("yaml", &["yml", "yaml"], &[], &["yamllint"], &[Any("yaml")]),
    lang(
        "markdown",
        &["md", "markdown", "mdx"],
        &[],
        &["markdownlint"],
        &[Any("markdown"), Any("commonmark")],
    ),
];

/// Languages documents are written in rather than programs: a rule proposed from an edit of
/// a README is not a Markdown rule.
const PROSE_LANGUAGES: &[&str] = &["markdown"];

/// Whether `language` (a canonical name) is a language of documents, not of programs.
pub fn is_prose_language(language: &str) -> bool {
    PROSE_LANGUAGES.contains(&language)
}

/// The canonical name for a language name or alias as written in pattern front matter
/// (`"TypeScript"`, `"golang"`, `"C#"`, `"ts"`), if the table knows it.
pub fn canonical_language(name: &str) -> Option<&'static str> {
    let lower = name.trim().to_ascii_lowercase();
    if let Some(language) = LANGUAGES.iter().find(|l| l.name == lower) {
        return Some(language.name);
    }
    let short_names = [
        ("ts", "typescript"),
        ("js", "javascript"),
        ("py", "python"),
        ("rb", "ruby"),
        ("cs", "csharp"),
    ];
    if let Some((_, canonical)) = short_names.iter().find(|(short, _)| *short == lower) {
        return Some(canonical);
    }
    INDEX
        .words
        .get(&lower)
        .and_then(|hits| hits.first())
        .and_then(|(i, _)| LANGUAGES.get(*i))
        .map(|l| l.name)
}
