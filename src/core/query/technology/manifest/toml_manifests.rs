//! TOML manifests: `pyproject.toml` (PEP 621, PEP 735 dependency groups, Poetry, uv, PDM),
//! `Pipfile` and `Cargo.toml`. Parsed with the toml crate; a file that does not parse is
//! scanned line by line for dependency tables and arrays instead.

use ::toml::{Table, Value};

use super::{Ecosystem, Evidence, pep508_name, push_package};

/// PyPI dependencies of a `pyproject.toml` (PEP 621 or Poetry), in file order.
///
/// Only what the project ships with is its stack: extras (`optional-dependencies`) and
/// dependency groups (`dev`, `test`, Poetry's groups, uv's and PDM's dev dependencies) hold
/// test tools and optional integrations, and a library that lists FastAPI among its dev
/// dependencies is not a FastAPI service. A test tool still shows itself in the calls that
/// use it (`import pytest`, `conftest.py`, a `pytest` command).
pub(super) fn pyproject(text: &str) -> Vec<Evidence> {
    let Ok(root) = ::toml::from_str::<Table>(text) else {
        return lenient(text, Ecosystem::PyPI);
    };
    let mut out = Vec::new();
    let requirements = |value: Option<&Value>, out: &mut Vec<Evidence>| {
        for item in value.and_then(Value::as_array).into_iter().flatten() {
            if let Some(requirement) = item.as_str() {
                push_package(out, Ecosystem::PyPI, pep508_name(requirement));
            }
        }
    };
    let project = root.get("project");
    requirements(project.and_then(|p| p.get("dependencies")), &mut out);
    keys(
        root.get("tool")
            .and_then(|t| t.get("poetry"))
            .and_then(|p| p.get("dependencies")),
        Ecosystem::PyPI,
        &mut out,
    );
    out
}

/// `[packages]` of a Pipfile (not `[dev-packages]`, as for `pyproject.toml`).
pub(super) fn pipfile(text: &str) -> Vec<Evidence> {
    let Ok(root) = ::toml::from_str::<Table>(text) else {
        return lenient(text, Ecosystem::PyPI);
    };
    let mut out = Vec::new();
    keys(root.get("packages"), Ecosystem::PyPI, &mut out);
    out
}

/// Crates of the dependency and build-dependency tables of a `Cargo.toml` (not the
/// dev-dependencies: test tools), renamed ones under their real name.
pub(super) fn cargo(text: &str) -> Vec<Evidence> {
    let Ok(root) = ::toml::from_str::<Table>(text) else {
        return lenient(text, Ecosystem::Crates);
    };
    let mut out = Vec::new();
    let mut tables: Vec<&Value> = Vec::new();
    let sections = ["dependencies", "build-dependencies"];
    tables.extend(sections.iter().filter_map(|s| root.get(*s)));
    if let Some(workspace) = root.get("workspace") {
        tables.extend(workspace.get("dependencies"));
    }
    for (_, target) in root
        .get("target")
        .and_then(Value::as_table)
        .into_iter()
        .flatten()
    {
        tables.extend(sections.iter().filter_map(|s| target.get(*s)));
    }
    for table in tables {
        for (key, value) in table.as_table().into_iter().flatten() {
            let name = value.get("package").and_then(Value::as_str).unwrap_or(key);
            push_package(&mut out, Ecosystem::Crates, name);
        }
    }
    out
}

/// The keys of a dependency table (Poetry's `python` is the interpreter, not a package).
fn keys(value: Option<&Value>, ecosystem: Ecosystem, out: &mut Vec<Evidence>) {
    for (key, _) in value.and_then(Value::as_table).into_iter().flatten() {
        if key != "python" {
            push_package(out, ecosystem, key);
        }
    }
}

/// Dependencies of a TOML file that does not parse: keys under `[...dependencies]` and
/// `[packages]` headers, names from `[dependencies.NAME]` headers, and requirement strings in
/// arrays under a dependency key; dev, group and optional tables are left out as above.
fn lenient(text: &str, ecosystem: Ecosystem) -> Vec<Evidence> {
    let mut out = Vec::new();
    let mut table_of_keys = false;
    let mut in_array = false;
    for line in text.lines() {
        let line = line.split(" #").next().unwrap_or(line).trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !in_array && line.starts_with('[') {
            let header = line.trim_matches(['[', ']']).trim();
            let last = header.rsplit('.').next().unwrap_or(header);
            let extra = header.contains("dev-dependencies")
                || header.contains("optional-dependencies")
                || header.contains(".group.")
                || header == "dependency-groups";
            table_of_keys = !extra && last.ends_with("dependencies") || header == "packages";
            if !extra && let Some((_, name)) = header.rsplit_once("dependencies.") {
                push_package(&mut out, ecosystem, name.trim_matches('"'));
            }
            continue;
        }
        let (key, value) = match line.split_once('=') {
            Some((key, value)) if !in_array => (key.trim().trim_matches('"'), value.trim()),
            _ => ("", line),
        };
        if !in_array && table_of_keys && !key.is_empty() && key != "python" {
            push_package(&mut out, ecosystem, key);
            continue;
        }
        let starts_array = !in_array && value.starts_with('[') && key == "dependencies";
        if !(in_array || starts_array) {
            continue;
        }
        let mut closes = false;
        for (k, part) in value.split(['"', '\'']).enumerate() {
            if k % 2 == 1 {
                push_package(&mut out, ecosystem, pep508_name(part));
            } else if part.contains(']') {
                closes = true;
            }
        }
        in_array = !closes;
    }
    out
}
