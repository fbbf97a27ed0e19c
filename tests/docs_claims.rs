//! What the documentation says about the code, checked against the code: the table of
//! secret forms in docs/hooks.md against the forms the redaction covers; its table of the
//! numbers behind a decision against the constants of selection; every `paths` glob of lore's
//! own patterns against the files of this repository; every path of this
//! repository and every module README, docs/ and patterns/ name, against the tree; and the
//! validation errors docs/authoring.md shows, against what `lore ingest` prints.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// The first cells of the markdown table whose header row starts with `| {first} |`.
fn table_names(text: &str, first: &str) -> Vec<String> {
    let header = format!("| {first} |");
    let mut lines = text.lines().skip_while(|l| !l.starts_with(&header));
    lines.next();
    lines
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.split(" | ")
                .next()
                .unwrap_or("")
                .trim_start_matches("| ")
                .to_string()
        })
        .collect()
}

#[test]
fn the_table_of_secret_forms_lists_every_form_the_redaction_covers() {
    let documented: BTreeSet<String> = table_names(&read("docs/hooks.md"), "form")
        .into_iter()
        .collect();
    let covered: BTreeSet<String> = lore::core::redact::FORMS
        .iter()
        .map(|f| f.name.to_string())
        .collect();
    assert!(!covered.is_empty());
    let missing: Vec<&String> = covered.difference(&documented).collect();
    let stale: Vec<&String> = documented.difference(&covered).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "docs/hooks.md's table misses {missing:?} and names {stale:?}, which the redaction does not cover"
    );
    for form in lore::core::redact::FORMS {
        let row = read("docs/hooks.md")
            .lines()
            .find(|l| l.starts_with(&format!("| {} |", form.name)))
            .map(String::from)
            .unwrap_or_default();
        if form.gitleaks != "-" {
            assert!(row.contains(form.gitleaks), "{}: {row}", form.name);
        }
        // The example's secret itself is never printed in the docs.
        assert!(!row.contains(form.secret), "{}: {row}", form.name);
    }
}

/// The files whose claims are checked: README, docs/ and lore's own patterns.
fn documents() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names = vec!["README.md".to_string()];
    for dir in ["docs", "patterns"] {
        let mut found: Vec<String> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .map(|p| p.strip_prefix(root).unwrap().display().to_string())
            .collect();
        found.sort();
        names.extend(found);
    }
    names
        .into_iter()
        .map(|name| {
            let text = read(&name);
            (name, text)
        })
        .collect()
}

/// The text of every inline code span (`…`) of a markdown text, outside fenced blocks.
fn code_spans(text: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(code), Some(_)) = (parts.next(), parts.next()) {
            spans.push(code.to_string());
        }
    }
    spans
}

/// Folders of this repository a path named in a document starts with.
const REPOSITORY_FOLDERS: &[&str] = &[
    "src/",
    "tests/",
    "benches/",
    "scripts/",
    "docs/",
    "patterns/",
    "examples/",
    "integrations/",
    "eval/",
    ".ci/",
];

/// Paths the documents give as examples of a user's project, not of this repository.
const USER_PROJECT_EXAMPLES: &[&str] = &["patterns/rust/errors.md", "src/widgets/Button.tsx"];

/// The file a path named in a document is, when it names one of this repository's.
fn named_path(code: &str) -> Option<&str> {
    let path = code
        .split([':', ' ', ',', ')'])
        .next()?
        .trim_end_matches('.');
    let concrete = !path.contains(['*', '<', '>', '{', '[', '$', '…']);
    let ours = REPOSITORY_FOLDERS.iter().any(|f| path.starts_with(f));
    (concrete && ours && !USER_PROJECT_EXAMPLES.contains(&path)).then_some(path)
}

/// Whether a module path (`core::select::bm25`, `services::inject::Trace`) names a module
/// of `src/`, and items it names are in it.
fn module_exists(root: &Path, module: &str) -> bool {
    let mut segments = module.split("::");
    let Some(layer) = segments.next() else {
        return false;
    };
    let mut dir = root.join("src").join(layer);
    let mut file: Option<std::path::PathBuf> = None;
    for segment in segments {
        if let Some(file) = &file {
            // An item of the module: it must be named in its file.
            return std::fs::read_to_string(file).unwrap().contains(segment);
        }
        let sub = dir.join(segment);
        let as_file = dir.join(format!("{segment}.rs"));
        if sub.is_dir() {
            dir = sub;
        } else if as_file.is_file() {
            file = Some(as_file);
        } else {
            let module_file = dir.join("mod.rs");
            return module_file.is_file()
                && std::fs::read_to_string(module_file)
                    .unwrap()
                    .contains(segment);
        }
    }
    true
}

#[test]
fn every_path_and_module_a_document_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for (name, text) in documents() {
        for code in code_spans(&text) {
            if let Some(path) = named_path(&code)
                && !root.join(path).exists()
            {
                missing.push(format!("{name}: `{code}` (no file {path})"));
            }
            let module = code.trim_end_matches("()");
            let is_module = ["core::", "services::", "storage::", "adapters::"]
                .iter()
                .any(|layer| module.starts_with(layer))
                && module
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == ':');
            if is_module && !module_exists(root, module) {
                missing.push(format!("{name}: `{code}` (no such module or item)"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "documents name what is not there:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_validation_errors_docs_authoring_shows_are_what_ingest_prints() {
    let doc = read("docs/authoring.md");
    let section = doc.split("## Validation errors").nth(1).unwrap();
    let shown: Vec<&str> = section
        .split("```text")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(shown.len(), 3, "{shown:?}");
    // The three files the example names, broken as its lines say.
    let dir = tempfile::tempdir().unwrap();
    let patterns = dir.path().join("patterns");
    std::fs::create_dir_all(&patterns).unwrap();
    std::fs::write(
        dir.path().join("lore.toml"),
        "knowledge_dir = \"patterns\"\n[search]\nhybrid = false\n",
    )
    .unwrap();
    std::fs::write(
        patterns.join("sql-hygiene.md"),
        "---\ndescription: SQL\ntags: {sql: 1}\n---\n# SQL\n\nBind parameters.\n",
    )
    .unwrap();
    std::fs::write(
        patterns.join("layering.md"),
        "---\ntags: [layers]\ndescription: Layers\n\nuniversal: maybe\n---\n# Layers\n\nImports point down.\n",
    )
    .unwrap();
    std::fs::write(
        patterns.join("hooks.md"),
        "---\ntags: [hooks]\n# Hooks\n\nExit 0.\n",
    )
    .unwrap();
    let out = common::lore_command()
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .arg("ingest")
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stderr);
    for line in shown {
        assert!(
            printed.contains(line.trim()),
            "docs/authoring.md shows {line:?}; lore printed:\n{printed}"
        );
    }
}

/// The files whose constants decide which patterns a tool call gets and how much of each.
const SELECTION_SOURCES: &[&str] = &[
    "src/core/select/bar/mod.rs",
    "src/core/select/evidence.rs",
    "src/core/select/bm25.rs",
    "src/core/select/budget.rs",
    "src/core/select/sections.rs",
    "src/core/select/name.rs",
    "src/core/select/fusion.rs",
    "src/core/query/focus.rs",
    "src/core/query/extract.rs",
    "src/core/query/concepts/edit_words.rs",
    "src/core/query/path_words.rs",
    "src/core/query/technology/pattern.rs",
    "src/services/select/vectors.rs",
];

/// Constants there that are no tuning: bounds on input bytes (`*_BYTES`), a numerical floor,
/// another constant's second name, a value the tests derive, a redaction margin.
const NOT_TUNED: &[&str] = &[
    "MIN_IDF",
    "LOWEST_SHARE",
    "BEST_SEMANTIC_FLOOR",
    "SECRET_MARGIN",
];

/// `(name, value)` of each numeric constant declared in `text` (`const NAME: f64 = 1.5;`),
/// the value as written without digit separators.
fn numeric_constants(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start();
            let rest = rest
                .strip_prefix("pub(crate) ")
                .or_else(|| rest.strip_prefix("pub "))
                .unwrap_or(rest);
            let (name, rest) = rest.strip_prefix("const ")?.split_once(": ")?;
            let (kind, value) = rest.split_once(" = ")?;
            let numeric = ["f64", "f32", "usize", "u64", "u32"].contains(&kind);
            numeric.then(|| {
                (
                    name.to_string(),
                    value.trim_end_matches(';').replace('_', ""),
                )
            })
        })
        .collect()
}

#[test]
fn the_numbers_behind_a_decision_are_the_constants_selection_uses() {
    let doc = read("docs/hooks.md");
    let rows: Vec<(String, String)> = doc
        .lines()
        .skip_while(|l| !l.starts_with("| constant | value |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            let name = cells[0].trim_start_matches("| ").trim_matches('`');
            (name.to_string(), cells[1].replace(',', ""))
        })
        .collect();
    assert!(rows.len() > 20, "the table in docs/hooks.md is missing");
    let mut declared = Vec::new();
    for source in SELECTION_SOURCES {
        for (name, value) in numeric_constants(&read(source)) {
            if name.ends_with("_BYTES") || NOT_TUNED.contains(&name.as_str()) {
                continue;
            }
            declared.push((name, value));
        }
    }
    let documented: BTreeSet<&String> = rows.iter().map(|(n, _)| n).collect();
    let in_code: BTreeSet<&String> = declared.iter().map(|(n, _)| n).collect();
    let missing: Vec<&&String> = in_code.difference(&documented).collect();
    let stale: Vec<&&String> = documented.difference(&in_code).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "docs/hooks.md's numbers miss {missing:?} and name {stale:?}, which selection does not declare"
    );
    for (name, value) in &declared {
        let row = rows.iter().find(|(n, _)| n == name).map(|(_, v)| v);
        assert_eq!(
            row,
            Some(value),
            "{name}: docs/hooks.md says {row:?}, the code {value}"
        );
    }
}

#[test]
fn every_glob_of_lores_own_patterns_matches_a_file_of_this_repository() {
    use lore::core::config::parse_config;
    use lore::services::ingest::{IngestOptions, NoProgress, ingest};
    use lore::services::paths_audit::audit_paths;
    use lore::storage::index::Index;

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut config = parse_config(&root.join("lore.toml"), &read("lore.toml")).unwrap();
    let store = tempfile::tempdir().unwrap();
    config.database = store.path().join("index.db");
    let mut index = Index::open(&config.database).unwrap();
    ingest(
        &config,
        &mut index,
        &IngestOptions::default(),
        &mut NoProgress,
    )
    .unwrap();
    let audit = audit_paths(&index, root).unwrap();
    assert!(audit.complete && audit.scoped_patterns >= 5, "{audit:?}");
    assert!(
        audit.unmatched.is_empty(),
        "lore's own patterns name files this repository no longer has (fix their `paths`): {:?}",
        audit.unmatched
    );
}
