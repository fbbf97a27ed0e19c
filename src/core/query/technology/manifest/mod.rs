//! What a project's root files show: the technologies their dependencies name (npm, PyPI, Go,
//! crates, Packagist, gems, NuGet, Maven/Gradle, pub, Hex, container images), the file being
//! a marker itself (`next.config.ts`, `angular.json`, `foundry.toml`), and the languages it
//! implies. Readers are lenient: a malformed file gives what can be read, never an error.

mod json;
mod lines;
mod toml_manifests;
mod xml;

use super::super::manifest_languages;
use super::found::Found;
use super::index::{FILES, INDEX};
use super::words::head;
use super::{Ecosystem, TechnologyTable, package, path};

/// Manifests beyond this many bytes are read only this far (a lock file is not a manifest).
const MAX_MANIFEST_BYTES: usize = 512 * 1024;

/// What one root file shows.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ManifestFindings {
    /// Canonical technology names: the file's own marker sign first, then its dependencies
    /// in the order the file lists them (a TOML table's keys in key order).
    pub technologies: Vec<String>,
    /// Canonical language names the file implies (`package.json` → javascript, plus
    /// typescript when it depends on it).
    pub languages: Vec<String>,
}

/// One piece of evidence a reader found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Evidence {
    /// A dependency as the manifest names it.
    Package(Ecosystem, String),
    /// A technology the file shows by other means (an MSBuild flag, an extension manifest),
    /// by canonical name.
    Technology(&'static str),
}

/// Which root files are read and how, as a number: raised when that changes, so what a
/// project's folders showed an earlier lore (remembered beside the session ledgers) is read
/// again. 2: files whose name says the language (`Package.swift`) are read.
pub(super) const ROOT_FILE_RULES: u32 = 2;

/// Root files whose contents are read (besides the table's own marker files): exact names,
/// patterns with one `*`, and one path below the root (Gradle's version catalog).
const MANIFESTS: &[&str] = &[
    "package.json",
    "composer.json",
    "manifest.json",
    "pyproject.toml",
    "Pipfile",
    "requirements*.txt",
    "requirements*.in",
    "environment.yml",
    "environment.yaml",
    "Cargo.toml",
    "go.mod",
    // A Go workspace's root, which often holds no `go.mod` of its own: it says Go, and its
    // modules say the rest.
    "go.work",
    "Gemfile",
    "*.csproj",
    "*.fsproj",
    "*.vbproj",
    "Directory.Packages.props",
    "Directory.Build.props",
    "packages.config",
    "build.gradle",
    "build.gradle.kts",
    "settings.gradle",
    "settings.gradle.kts",
    "gradle/libs.versions.toml",
    "pom.xml",
    "pubspec.yaml",
    "mix.exs",
    "docker-compose.yml",
    "docker-compose.yaml",
    "compose.yml",
    "compose.yaml",
    "Dockerfile",
];

/// How a root file's contents are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    PackageJson,
    ComposerJson,
    ExtensionManifest,
    PyProject,
    Pipfile,
    Requirements,
    CondaEnvironment,
    CargoToml,
    GoMod,
    GoWork,
    Gemfile,
    MsBuild,
    Gradle,
    VersionCatalog,
    Pom,
    Pubspec,
    Mix,
    Compose,
    Dockerfile,
}

fn kind(file_name: &str) -> Option<Kind> {
    let name = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let lower = name.to_ascii_lowercase();
    let kind = match lower.as_str() {
        "package.json" => Kind::PackageJson,
        "composer.json" => Kind::ComposerJson,
        "manifest.json" => Kind::ExtensionManifest,
        "pyproject.toml" => Kind::PyProject,
        "pipfile" => Kind::Pipfile,
        "environment.yml" | "environment.yaml" => Kind::CondaEnvironment,
        "cargo.toml" => Kind::CargoToml,
        "go.mod" => Kind::GoMod,
        "go.work" => Kind::GoWork,
        "gemfile" => Kind::Gemfile,
        "directory.packages.props" | "directory.build.props" | "packages.config" => Kind::MsBuild,
        "build.gradle" | "build.gradle.kts" | "settings.gradle" | "settings.gradle.kts" => {
            Kind::Gradle
        }
        "libs.versions.toml" => Kind::VersionCatalog,
        "pom.xml" => Kind::Pom,
        "pubspec.yaml" => Kind::Pubspec,
        "mix.exs" => Kind::Mix,
        "dockerfile" | "containerfile" => Kind::Dockerfile,
        _ if lower.starts_with("requirements")
            && (lower.ends_with(".txt") || lower.ends_with(".in")) =>
        {
            Kind::Requirements
        }
        _ if [".csproj", ".fsproj", ".vbproj"]
            .iter()
            .any(|ext| lower.ends_with(ext)) =>
        {
            Kind::MsBuild
        }
        _ if lower.starts_with("dockerfile.") || lower.ends_with(".dockerfile") => Kind::Dockerfile,
        _ if (lower.starts_with("docker-compose") || lower.starts_with("compose."))
            && (lower.ends_with(".yml") || lower.ends_with(".yaml")) =>
        {
            Kind::Compose
        }
        _ => return None,
    };
    Some(kind)
}

/// What `file_name` (a root file's name, or its path from the root) with contents `text`
/// shows.
pub(super) fn in_manifest(
    table: &TechnologyTable,
    file_name: &str,
    text: &str,
) -> ManifestFindings {
    let text = head(text, MAX_MANIFEST_BYTES);
    let mut found = Found::default();
    path::for_path(table, file_name, &mut found);
    let evidence = match kind(file_name) {
        Some(kind) => read(kind, text),
        None => Vec::new(),
    };
    let mut languages = manifest_languages(file_name);
    for item in &evidence {
        match item {
            Evidence::Package(ecosystem, name) => {
                package::lookup(table, *ecosystem, name, &mut found);
                if let Some(language) = language_of_package(*ecosystem, name)
                    && !languages.iter().any(|l| l == language)
                {
                    languages.push(language.to_owned());
                }
            }
            Evidence::Technology(name) => {
                if let Some(id) = INDEX.by_name.get(name) {
                    found.add(id);
                }
            }
        }
    }
    ManifestFindings {
        technologies: table.names(found),
        languages,
    }
}

/// Dependencies that show the project's own code is in a language, not only its build: the
/// TypeScript compiler, and the Kotlin compiler's plugins and libraries (Gradle plugin ids read
/// as `org.jetbrains.kotlin.jvm:…`, artifacts as `org.jetbrains.kotlin:kotlin-stdlib`). A name
/// ending in `*` is a prefix. A build script's own language is not among them: Gradle's
/// Kotlin DSL builds Java projects too.
const LANGUAGE_PACKAGES: &[(Ecosystem, &str, &str)] = &[
    (Ecosystem::Npm, "typescript", "typescript"),
    (Ecosystem::Maven, "org.jetbrains.kotlin:*", "kotlin"),
    (Ecosystem::Maven, "org.jetbrains.kotlin.*", "kotlin"),
];

/// The language a dependency shows the project is written in, if it shows one.
fn language_of_package(ecosystem: Ecosystem, name: &str) -> Option<&'static str> {
    let normal = package::normalize_package(ecosystem, name);
    LANGUAGE_PACKAGES
        .iter()
        .find(|(e, sign, _)| {
            *e == ecosystem
                && match sign.strip_suffix('*') {
                    Some(prefix) => normal.starts_with(prefix),
                    None => normal == *sign,
                }
        })
        .map(|(_, _, language)| *language)
}

fn read(kind: Kind, text: &str) -> Vec<Evidence> {
    match kind {
        Kind::PackageJson => json::package_json(text),
        Kind::ComposerJson => json::composer_json(text),
        Kind::ExtensionManifest => json::extension_manifest(text),
        Kind::PyProject => toml_manifests::pyproject(text),
        Kind::Pipfile => toml_manifests::pipfile(text),
        Kind::CargoToml => toml_manifests::cargo(text),
        Kind::VersionCatalog => lines::gradle(text),
        Kind::Requirements => lines::requirements(text),
        Kind::CondaEnvironment => lines::conda_environment(text),
        Kind::GoMod => lines::go_mod(text),
        // It lists the workspace's modules, not dependencies: only its language counts.
        Kind::GoWork => Vec::new(),
        Kind::Gemfile => lines::gemfile(text),
        Kind::Gradle => lines::gradle(text),
        Kind::Pubspec => lines::pubspec(text),
        Kind::Mix => lines::mix(text),
        Kind::Compose => lines::compose_images(text),
        Kind::Dockerfile => lines::dockerfile_images(text),
        Kind::MsBuild => xml::msbuild(text),
        Kind::Pom => xml::pom(text),
    }
}

/// Root file names worth reading: the manifests, then the table's one-name marker signs
/// (built-in, then the team's), each once.
pub(super) fn root_file_names(table: &TechnologyTable) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let team = table
        .team
        .iter()
        .flat_map(|e| e.files.iter().filter_map(|sign| sign.root_name()));
    for name in MANIFESTS
        .iter()
        .copied()
        .chain(FILES.root_names())
        .chain(team)
    {
        if seen.insert(name) {
            names.push(name.to_owned());
        }
    }
    names
}

/// Whether a root file is worth reading: a manifest, a marker of some technology, or a file
/// whose name says the project's language (`Package.swift`, `Podfile`, `Rakefile`).
pub(super) fn is_root_file(table: &TechnologyTable, file_name: &str) -> bool {
    if kind(file_name).is_some() || !manifest_languages(file_name).is_empty() {
        return true;
    }
    let mut found = Found::default();
    path::for_path(table, file_name, &mut found);
    !found.is_empty()
}

/// Push a package found by a reader, skipping empty names.
pub(super) fn push_package(out: &mut Vec<Evidence>, ecosystem: Ecosystem, name: &str) {
    let name = name.trim();
    if !name.is_empty() {
        out.push(Evidence::Package(ecosystem, name.to_owned()));
    }
}

/// The distribution name at the start of a PEP 508 requirement (`fastapi[all]>=0.110` →
/// `fastapi`), if it starts with one.
pub(super) fn pep508_name(requirement: &str) -> &str {
    let requirement = requirement.trim();
    let end = requirement
        .find(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '.')))
        .unwrap_or(requirement.len());
    &requirement[..end]
}
