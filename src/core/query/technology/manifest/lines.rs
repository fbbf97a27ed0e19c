//! Line-oriented manifests, read by small scanners rather than full parsers: requirements
//! files, a conda `environment.yml`, `go.mod`, `Gemfile`, Gradle build scripts and version
//! catalogs, `pubspec.yaml`, `mix.exs`, and the images of compose files and Dockerfiles.

use super::{Ecosystem, Evidence, pep508_name, push_package};

/// `requirements*.txt`: one requirement per line; options (`-r`, `-e`, `--index-url`) skipped,
/// `#egg=` names of URL requirements kept.
pub(super) fn requirements(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some((_, egg)) = line.split_once("#egg=") {
            push_package(&mut out, Ecosystem::PyPI, pep508_name(egg));
            continue;
        }
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() || line.starts_with('-') {
            continue;
        }
        push_package(&mut out, Ecosystem::PyPI, pep508_name(line));
    }
    out
}

/// A conda `environment.yml`: the `- name=version` items, pip's included.
pub(super) fn conda_environment(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(item) = line.trim().strip_prefix("- ")
            && !item.trim_end().ends_with(':')
        {
            push_package(&mut out, Ecosystem::PyPI, pep508_name(item));
        }
    }
    out
}

/// `go.mod`: modules on `require` lines and in `require ( ... )` blocks, `// indirect` ones
/// left out (the module does not import them itself).
pub(super) fn go_mod(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let line = line.trim();
        let entry = if in_block {
            if line.starts_with(')') {
                in_block = false;
                continue;
            }
            line
        } else if let Some(rest) = line.strip_prefix("require") {
            let rest = rest.trim_start();
            if rest.starts_with('(') {
                in_block = true;
                continue;
            }
            rest
        } else {
            continue;
        };
        if entry.contains("// indirect") || entry.starts_with("//") {
            continue;
        }
        if let Some(module) = entry.split_whitespace().next() {
            push_package(&mut out, Ecosystem::Go, module.trim_matches('"'));
        }
    }
    out
}

/// `Gemfile`: the first string of each `gem` line.
pub(super) fn gemfile(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.trim().strip_prefix("gem ")
            && let Some(name) = strings(rest).next()
        {
            push_package(&mut out, Ecosystem::RubyGems, name);
        }
    }
    out
}

/// Gradle build scripts (Groovy or Kotlin DSL) and version catalogs: `group:artifact`
/// coordinates in any string, plugin ids (`id("org.springframework.boot")`, `id 'x'`,
/// `apply plugin: 'x'`, `kotlin("jvm")`, a catalog's `id = "x"`) as their marker artifact,
/// and Compose turned on in `buildFeatures`.
pub(super) fn gradle(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("//") {
            continue;
        }
        let names_plugin = ["id(", "id '", "id \"", "id =", "plugin:", "plugin ="]
            .iter()
            .any(|p| line.contains(p));
        for (at, string) in strings_at(line) {
            let before = line[..at].trim_end();
            if before.ends_with("kotlin(") {
                let id = format!("org.jetbrains.kotlin.{string}");
                push_package(&mut out, Ecosystem::Maven, &plugin_marker(&id));
            } else if names_plugin && !string.contains(':') && string.contains('.') {
                push_package(&mut out, Ecosystem::Maven, &plugin_marker(string));
            } else if let Some(coordinate) = coordinate(string) {
                push_package(&mut out, Ecosystem::Maven, coordinate);
            }
        }
        let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.starts_with("compose=true") || compact == "composetrue" {
            push_package(&mut out, Ecosystem::Maven, "androidx.compose:compose");
        }
    }
    out
}

/// A plugin id as the coordinate of its marker artifact (`p` → `p:p.gradle.plugin`).
fn plugin_marker(id: &str) -> String {
    format!("{id}:{id}.gradle.plugin")
}

/// `group:artifact` of a `group:artifact[:version]` string whose group has a dot.
fn coordinate(text: &str) -> Option<&str> {
    let mut parts = text.splitn(3, ':');
    let group = parts.next()?;
    let artifact = parts.next()?;
    let plain = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_'))
    };
    (group.contains('.') && plain(group) && plain(artifact))
        .then(|| &text[..group.len() + 1 + artifact.len()])
}

/// `pubspec.yaml`: the keys directly under `dependencies`, `dev_dependencies` and
/// `dependency_overrides`.
pub(super) fn pubspec(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    let mut inside = false;
    let mut child_indent: Option<usize> = None;
    for line in text.lines() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        if indent == 0 {
            let key = line.split(':').next().unwrap_or_default().trim();
            inside = matches!(
                key,
                "dependencies" | "dev_dependencies" | "dependency_overrides"
            );
            child_indent = None;
            continue;
        }
        if !inside {
            continue;
        }
        let first = *child_indent.get_or_insert(indent);
        if indent == first
            && let Some((key, _)) = line.trim().split_once(':')
        {
            push_package(&mut out, Ecosystem::Pub, key.trim_matches(['"', '\'']));
        }
    }
    out
}

/// `mix.exs`: the `{:name, ...}` dependency tuples.
pub(super) fn mix(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("{:") {
        let rest = &text[at + 2..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if rest[end..].trim_start().starts_with(',') {
            push_package(&mut out, Ecosystem::Hex, &rest[..end]);
        }
    }
    out
}

/// A compose file's `image:` values.
pub(super) fn compose_images(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(image) = line.trim().strip_prefix("image:") {
            let image = image.split(" #").next().unwrap_or(image);
            push_package(
                &mut out,
                Ecosystem::Docker,
                image.trim().trim_matches(['"', '\'']),
            );
        }
    }
    out
}

/// A Dockerfile's base images (`FROM [--platform=...] image [AS name]`), earlier stages and
/// `scratch` left out.
pub(super) fn dockerfile_images(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    let mut stages: Vec<String> = Vec::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("from")) {
            continue;
        }
        let mut words = words.skip_while(|w| w.starts_with("--"));
        let Some(image) = words.next() else {
            continue;
        };
        if image != "scratch" && !stages.iter().any(|s| s.eq_ignore_ascii_case(image)) {
            push_package(&mut out, Ecosystem::Docker, image);
        }
        if words.next().is_some_and(|w| w.eq_ignore_ascii_case("as"))
            && let Some(stage) = words.next()
        {
            stages.push(stage.to_owned());
        }
    }
    out
}

/// The quoted strings of a line (`'...'` or `"..."`).
fn strings(line: &str) -> impl Iterator<Item = &str> {
    strings_at(line).map(|(_, s)| s)
}

/// The quoted strings of a line with the byte offset of each opening quote.
fn strings_at(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest_from = 0;
    std::iter::from_fn(move || {
        let rest = line.get(rest_from..)?;
        let open_at = rest.find(['"', '\''])?;
        let quote = rest[open_at..].chars().next()?;
        let body = &rest[open_at + 1..];
        let close = body.find(quote)?;
        let at = rest_from + open_at;
        rest_from = at + 1 + close + 1;
        Some((at, &body[..close]))
    })
}
