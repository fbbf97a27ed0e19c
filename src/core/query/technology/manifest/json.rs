//! JSON manifests: `package.json`, `composer.json` and a browser extension's `manifest.json`.
//! Parsed with serde_json; a file that does not parse is scanned line by line instead.

use serde_json::Value;

use super::{Ecosystem, Evidence, push_package};

const NPM_SECTIONS: &[&str] = &[
    "dependencies",
    "devDependencies",
    "peerDependencies",
    "optionalDependencies",
];
const COMPOSER_SECTIONS: &[&str] = &["require", "require-dev"];

/// npm dependencies of every kind; `engines.vscode` reads as the `vscode` package (what a
/// VS Code extension declares instead of a dependency).
pub(super) fn package_json(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    match serde_json::from_str::<Value>(text) {
        Ok(root) => {
            section_keys(&root, NPM_SECTIONS, Ecosystem::Npm, &mut out);
            if root.pointer("/engines/vscode").is_some() {
                push_package(&mut out, Ecosystem::Npm, "vscode");
            }
        }
        Err(_) => {
            lenient_sections(text, NPM_SECTIONS, Ecosystem::Npm, &mut out);
            if text.contains("\"vscode\"") && text.contains("\"engines\"") {
                push_package(&mut out, Ecosystem::Npm, "vscode");
            }
        }
    }
    out
}

/// Composer `require` and `require-dev`.
pub(super) fn composer_json(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    match serde_json::from_str::<Value>(text) {
        Ok(root) => section_keys(&root, COMPOSER_SECTIONS, Ecosystem::Packagist, &mut out),
        Err(_) => lenient_sections(text, COMPOSER_SECTIONS, Ecosystem::Packagist, &mut out),
    }
    out
}

/// A `manifest.json` with `manifest_version` is a browser extension's (a web app manifest
/// has none).
pub(super) fn extension_manifest(text: &str) -> Vec<Evidence> {
    let is_extension = match serde_json::from_str::<Value>(text) {
        Ok(root) => root.get("manifest_version").is_some(),
        Err(_) => text.contains("\"manifest_version\""),
    };
    if is_extension {
        vec![Evidence::Technology("chrome-extension")]
    } else {
        Vec::new()
    }
}

fn section_keys(root: &Value, sections: &[&str], ecosystem: Ecosystem, out: &mut Vec<Evidence>) {
    for section in sections {
        if let Some(Value::Object(map)) = root.get(section) {
            for name in map.keys() {
                push_package(out, ecosystem, name);
            }
        }
    }
}

/// The keys of `"section": { ... }` blocks, one `"name": ...` per line, as a formatted file
/// holds them.
fn lenient_sections(text: &str, sections: &[&str], ecosystem: Ecosystem, out: &mut Vec<Evidence>) {
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if inside {
            if line.starts_with('}') {
                inside = false;
                continue;
            }
            if let Some(name) = line
                .strip_prefix('"')
                .and_then(|rest| rest.split('"').next())
            {
                push_package(out, ecosystem, name);
            }
            continue;
        }
        inside = sections.iter().any(|section| {
            line.strip_prefix('"')
                .and_then(|rest| rest.strip_prefix(section))
                .and_then(|rest| rest.strip_prefix('"'))
                .is_some_and(|rest| rest.trim_start().starts_with(':') && rest.contains('{'))
        }) && !line.contains('}');
    }
}
