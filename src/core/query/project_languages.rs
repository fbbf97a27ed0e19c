//! The languages a project is written in, from what its root shows: the marker files of the
//! shared language table (`go.mod` → Go, `Cargo.toml` → Rust, `pyproject.toml` and
//! `requirements*.txt` → Python, `package.json` → JavaScript, `tsconfig.json` → TypeScript,
//! `Gemfile` → Ruby, `composer.json` → PHP, `pom.xml` and `build.gradle(.kts)` → Java), project
//! files named by their extension (`*.csproj`, `*.sln` → C#), what the manifests' contents
//! showed (a `typescript` dependency, Kotlin's Gradle plugin), and technologies that are
//! languages of the table (React, Docker). Source files (`main.py`), generic formats (`*.yml`)
//! and the language a build script is written in (a `.kts` script builds Java as often as
//! Kotlin) say nothing about a project: only names a build or a tool reads count.

use super::index::{INDEX, names};
use super::language::canonical_language;
use super::technology::ManifestFindings;

/// Extensions of project files: a file with one of these in a project's root makes the project
/// one of the extension's languages (a `.cs` file would not: it is source, not the project).
const PROJECT_FILE_EXTENSIONS: &[&str] = &["csproj", "sln", "gemspec", "cabal", "sbt"];

/// Languages that are file formats any project has (a compose file is YAML): they tell
/// nothing about what the project is written in.
const GENERIC_FORMATS: &[&str] = &["yaml", "markdown"];

/// The languages a root file (a name, or a path from the root) shows by its name alone, in
/// table order: a marker file of the language table, or a project file by extension.
pub fn manifest_languages(file_name: &str) -> Vec<String> {
    let name = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let lower = name.to_ascii_lowercase();
    let index = &INDEX;
    let mut hits: Vec<usize> = Vec::new();
    if let Some(found) = index.file_names.get(&lower) {
        hits.extend(found);
    }
    for (prefix, suffix, i) in index.file_globs {
        if lower.len() >= prefix.len() + suffix.len()
            && lower.starts_with(*prefix)
            && lower.ends_with(*suffix)
        {
            hits.push(*i);
        }
    }
    let extension = lower.rsplit_once('.').map(|(_, ext)| ext);
    let project_file = extension.is_some_and(|ext| PROJECT_FILE_EXTENSIONS.contains(&ext));
    if project_file && let Some(found) = extension.and_then(|ext| index.extensions.get(ext)) {
        hits.extend(found);
    }
    hits.sort_unstable();
    hits.dedup();
    names(hits)
        .into_iter()
        .filter(|l| !GENERIC_FORMATS.contains(&l.as_str()))
        .collect()
}

/// The languages of a project: what its manifests showed (`manifest`), what its root file
/// names show (`root_files`), and its technologies that are languages of the table; then
/// JavaScript for a TypeScript project, whose conventions apply to it too. In order of first
/// evidence, each once, generic formats left out.
pub fn project_languages(
    manifest: &ManifestFindings,
    root_files: &[String],
    technologies: &[String],
) -> Vec<String> {
    let mut languages: Vec<String> = Vec::new();
    let found = manifest
        .languages
        .iter()
        .cloned()
        .chain(root_files.iter().flat_map(|name| manifest_languages(name)))
        .chain(
            technologies
                .iter()
                .filter_map(|t| canonical_language(t).map(str::to_string)),
        );
    for language in found {
        add_language(&mut languages, &language);
    }
    if languages.iter().any(|l| l == "typescript") {
        add_language(&mut languages, "javascript");
    }
    languages
}

fn add_language(languages: &mut Vec<String>, language: &str) {
    if !GENERIC_FORMATS.contains(&language) && !languages.iter().any(|l| l == language) {
        languages.push(language.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ecosystems_manifest_names_its_language() {
        for (file, language) in [
            ("go.mod", "go"),
            ("Cargo.toml", "rust"),
            ("pyproject.toml", "python"),
            ("requirements.txt", "python"),
            ("requirements-dev.txt", "python"),
            ("Pipfile", "python"),
            ("package.json", "javascript"),
            ("tsconfig.json", "typescript"),
            ("Warehouse.Api.csproj", "csharp"),
            ("Warehouse.sln", "csharp"),
            ("Directory.Build.props", "csharp"),
            ("Gemfile", "ruby"),
            ("composer.json", "php"),
            ("pom.xml", "java"),
            ("build.gradle", "java"),
            ("build.gradle.kts", "java"),
            ("settings.gradle.kts", "java"),
            ("mix.exs", "elixir"),
            ("pubspec.yaml", "dart"),
            ("dbt_project.yml", "sql"),
        ] {
            assert!(
                manifest_languages(file).contains(&language.to_string()),
                "{file}: {:?}",
                manifest_languages(file)
            );
        }
    }

    #[test]
    fn source_files_and_generic_formats_name_no_project_language() {
        for file in [
            "main.py",
            "index.ts",
            "README.md",
            "ci.yml",
            "Makefile",
            "notes.txt",
        ] {
            assert!(manifest_languages(file).is_empty(), "{file}");
        }
        // A compose file is Docker's, not a reason to call the project a YAML one.
        assert_eq!(manifest_languages("docker-compose.yml"), ["docker"]);
    }

    #[test]
    fn a_project_gathers_manifests_names_and_technologies() {
        let manifest = ManifestFindings {
            technologies: vec!["nextjs".into()],
            languages: vec!["javascript".into(), "yaml".into()],
        };
        let languages = project_languages(
            &manifest,
            &["tsconfig.json".into(), "README.md".into()],
            &["nextjs".into(), "react".into()],
        );
        assert_eq!(languages, ["javascript", "typescript", "react"]);
    }

    #[test]
    fn a_gradle_build_in_kotlin_script_is_a_java_project_until_kotlin_shows() {
        let root = [
            "build.gradle.kts".to_owned(),
            "settings.gradle.kts".to_owned(),
        ];
        assert_eq!(
            project_languages(&ManifestFindings::default(), &root, &[]),
            ["java"]
        );
        // The build applies Kotlin's plugin: the manifest reader says so.
        let manifest = ManifestFindings {
            technologies: vec![],
            languages: vec!["java".into(), "kotlin".into()],
        };
        assert_eq!(project_languages(&manifest, &root, &[]), ["java", "kotlin"]);
    }

    #[test]
    fn a_typescript_project_takes_javascripts_conventions_too() {
        let languages =
            project_languages(&ManifestFindings::default(), &["tsconfig.json".into()], &[]);
        assert_eq!(languages, ["typescript", "javascript"]);
    }

    #[test]
    fn a_project_without_manifests_has_no_language() {
        let languages = project_languages(
            &ManifestFindings::default(),
            &["main.py".into(), "notes.md".into()],
            &[],
        );
        assert!(languages.is_empty(), "{languages:?}");
    }
}
