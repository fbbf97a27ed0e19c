//! Which patterns fit a project, for the listing a session starts with: a pattern is listed
//! only on evidence that it applies to the project (the project's own folder of the knowledge
//! base, one of its technologies, one of its languages, or a `paths` glob naming something at
//! its root), and a pattern specific to other technologies, languages, files or projects is
//! never listed. Patterns that say nothing about where they apply ("general": most of a
//! team's own rule files) come after, grouped by folder, by title; whether they are named or
//! only counted is the listing's budget's call. The order goes from the most specific
//! evidence to the least, then by title, so the same index and project always give the same
//! listing.

use std::collections::BTreeSet;

use globset::{Glob, GlobSetBuilder};

use super::globs::{GlobKind, SimpleGlob, classify_glob, glob_from_folder};
use crate::core::query::languages_for_path;

/// Most root file names a glob is matched against (a root listing is bounded, and so is the
/// work on it).
const MAX_ROOT_FILES: usize = 500;

/// What a project is, as its root files show it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectProfile {
    /// Canonical languages (see `core::query::project_languages`).
    pub languages: Vec<String>,
    /// Canonical technologies, with what they imply.
    pub technologies: Vec<String>,
}

impl ProjectProfile {
    /// Whether the root showed nothing to choose patterns by.
    pub fn is_empty(&self) -> bool {
        self.languages.is_empty() && self.technologies.is_empty()
    }
}

/// What exists at a project's root, as far as a bounded look found: its file and folder
/// names, and the deeper paths a glob asked about that exist (see [`glob_probe`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RootTree {
    pub files: BTreeSet<String>,
    pub dirs: BTreeSet<String>,
    /// Paths below the root (`src/storage`, `.github/workflows`) found to exist.
    pub existing: BTreeSet<String>,
}

/// What a pattern says about where it applies.
#[derive(Debug, Clone, Copy, Default)]
pub struct PatternScope<'a> {
    /// Languages it declares, or its path or title names (the language gate's own).
    pub languages: &'a [String],
    pub technologies: &'a [String],
    /// Its `paths` globs.
    pub paths: &'a [String],
    /// Inside a project's folder of the knowledge base: whether that project is this one
    /// (None: the pattern is in no project's folder).
    pub project_folder: Option<bool>,
}

/// Why a pattern is listed for a project, or why not. Variants go from the most specific
/// evidence to none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fit {
    /// In the knowledge base's folder of this very project.
    Project,
    /// Specific to this technology of the project.
    Technology(String),
    /// Specific to this language of the project.
    Language(String),
    /// Its glob names something at the project's root.
    Glob(String),
    /// Says nothing about languages, technologies or files.
    General,
    /// For other languages, technologies, files or projects.
    Elsewhere,
}

impl Fit {
    /// The rank of the evidence: lower is more specific.
    pub fn tier(&self) -> u8 {
        match self {
            Fit::Project => 0,
            Fit::Technology(_) => 1,
            Fit::Language(_) => 2,
            Fit::Glob(_) => 3,
            Fit::General => 4,
            Fit::Elsewhere => 5,
        }
    }
}

/// How a pattern fits `project`. `fitting_globs` are the globs known to name something at the
/// project's root (see [`fitting_globs`]). A technology or language the pattern is specific to
/// must be the project's: a pattern for Go and Docker is not one for a Python project with a
/// Dockerfile.
pub fn fit(
    pattern: &PatternScope<'_>,
    project: &ProjectProfile,
    fitting_globs: &BTreeSet<String>,
) -> Fit {
    match pattern.project_folder {
        Some(true) => return Fit::Project,
        Some(false) => return Fit::Elsewhere,
        None => {}
    }
    let technology = pattern
        .technologies
        .iter()
        .find(|t| project.technologies.contains(t));
    let language = pattern
        .languages
        .iter()
        .find(|l| project.languages.contains(l));
    if (!pattern.technologies.is_empty() && technology.is_none())
        || (!pattern.languages.is_empty() && language.is_none())
    {
        return Fit::Elsewhere;
    }
    if let Some(technology) = technology {
        return Fit::Technology(technology.clone());
    }
    if let Some(language) = language {
        return Fit::Language(language.clone());
    }
    let specific: Vec<&String> = pattern
        .paths
        .iter()
        .filter(|g| classify_glob(g) == GlobKind::Specific)
        .collect();
    // The globs also say which languages' files the pattern is for (`**/*.py`,
    // `**/*_test.go`): one of them must be the project's, whatever else a glob names (an
    // embedded-C pattern that also lists `Makefile` is not for a project with a Makefile).
    let glob_languages: Vec<String> = pattern
        .paths
        .iter()
        .flat_map(|g| glob_languages(g))
        .collect();
    let glob_language = glob_languages
        .iter()
        .find(|l| project.languages.contains(l));
    if !glob_languages.is_empty() && glob_language.is_none() {
        return Fit::Elsewhere;
    }
    if let Some(glob) = specific.iter().find(|g| fitting_globs.contains(g.as_str())) {
        return Fit::Glob((*glob).clone());
    }
    if let Some(language) = glob_language {
        return Fit::Language(language.clone());
    }
    if specific.is_empty() {
        Fit::General
    } else {
        Fit::Elsewhere
    }
}

/// How a pattern fits a session started in `folder` (below the repository root, its globs
/// written from the root) when its globs settle it: one covering the whole folder
/// (`src/web/**` from `src/web`) fits by that glob; when none selects anything there (a
/// sibling's `src/api/**/*.cs`), it is for elsewhere, whatever language its files are in.
/// None at the root, or when the globs leave it to [`fit`].
pub fn folder_fit(paths: &[String], folder: &str) -> Option<Fit> {
    if folder.is_empty() || paths.is_empty() {
        return None;
    }
    let seen: Vec<(&String, Option<String>)> = paths
        .iter()
        .map(|g| (g, glob_from_folder(g, folder)))
        .collect();
    if let Some((glob, _)) = seen.iter().find(|(glob, here)| {
        classify_glob(glob) == GlobKind::Specific
            && here
                .as_deref()
                .is_some_and(|h| classify_glob(h) == GlobKind::CatchAll)
    }) {
        return Some(Fit::Glob((*glob).clone()));
    }
    seen.iter()
        .all(|(_, here)| here.is_none())
        .then_some(Fit::Elsewhere)
}

/// The languages of the files a glob selects, by the extension of its last segment
/// (`**/*.{ts,tsx}` → typescript, react; `**/*_test.go` → go). A file name (`Dockerfile`)
/// names something to look for at the root instead, and generic formats (YAML, Markdown)
/// are left out: any project has such files.
fn glob_languages(glob: &str) -> Vec<String> {
    let last = glob.trim().rsplit('/').next().unwrap_or("");
    let names: Vec<String> = match last.rsplit_once('.') {
        Some((_, ext)) => {
            let list = ext
                .strip_prefix('{')
                .and_then(|e| e.strip_suffix('}'))
                .unwrap_or(ext);
            list.split(',')
                .filter(|e| !e.is_empty() && !e.contains(['*', '?', '[']))
                .map(|e| format!("f.{e}"))
                .collect()
        }
        None => Vec::new(),
    };
    let mut languages: Vec<String> = Vec::new();
    for name in names {
        for language in languages_for_path(&name) {
            if !matches!(language.as_str(), "yaml" | "markdown") && !languages.contains(&language) {
                languages.push(language);
            }
        }
    }
    languages
}

/// The path a specific glob needs below the project root, when it starts with a literal
/// directory: the literal directories it starts with (`src/storage` for `src/storage/**`,
/// `.github/workflows` for `.github/workflows/*.yml`), or the whole glob when it has no
/// wildcard (`docs/benchmarks.md`). None for a glob that starts with a wildcard (matched
/// against the root's names instead) or that selects too little to say (`**/*.ts`).
pub fn glob_probe(glob: &str) -> Option<String> {
    let glob = glob.trim().trim_start_matches("./");
    if classify_glob(glob) != GlobKind::Specific || glob.starts_with('/') {
        return None;
    }
    let segments: Vec<&str> = glob.split('/').collect();
    let literal: Vec<&str> = segments
        .iter()
        .take_while(|s| !s.contains(['*', '?', '[', '{', '\\']))
        .copied()
        .collect();
    let dirs = if literal.len() == segments.len() {
        &literal[..]
    } else {
        // The last literal segment before a wildcard is a directory only when a `/` follows.
        &literal[..literal.len().min(segments.len() - 1)]
    };
    let unsafe_segment = dirs.iter().any(|s| s.is_empty() || *s == "." || *s == "..");
    (!dirs.is_empty() && !unsafe_segment).then(|| dirs.join("/"))
}

/// The specific globs among `globs` that name something at the project's root: a path that
/// [`glob_probe`] asks for and that exists (its first segment a root name, deeper ones in
/// `tree.existing`), a root file a leading-wildcard glob matches (`**/Dockerfile`), or a root
/// folder it names (`**/scripts/**`).
pub fn fitting_globs<'a>(
    globs: impl IntoIterator<Item = &'a str>,
    tree: &RootTree,
) -> BTreeSet<String> {
    let mut fitting = BTreeSet::new();
    let mut by_name: Vec<&str> = Vec::new();
    let mut builder = GlobSetBuilder::new();
    // Patterns share globs (`**/*.rs`): each is judged once, and compiled at most once.
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for glob in globs {
        if !seen.insert(glob) || classify_glob(glob) != GlobKind::Specific {
            continue;
        }
        if let Some(path) = glob_probe(glob) {
            let exists = if path.contains('/') {
                tree.existing.contains(&path)
            } else {
                tree.files.contains(&path) || tree.dirs.contains(&path)
            };
            if exists {
                fitting.insert(glob.to_string());
            }
        } else if names_a_root_dir(glob, tree) {
            fitting.insert(glob.to_string());
        } else if let Some(simple) = SimpleGlob::parse(glob) {
            if tree
                .files
                .iter()
                .take(MAX_ROOT_FILES)
                .any(|f| simple.matches(f))
            {
                fitting.insert(glob.to_string());
            }
        } else if let Ok(compiled) = Glob::new(glob.trim()) {
            builder.add(compiled);
            by_name.push(glob);
        }
    }
    // Compiling the set costs more than the rest of the listing: not when no file could match.
    if by_name.is_empty() || tree.files.is_empty() {
        return fitting;
    }
    if let Ok(set) = builder.build() {
        for file in tree.files.iter().take(MAX_ROOT_FILES) {
            for i in set.matches(file) {
                fitting.insert(by_name[i].to_string());
            }
        }
    }
    fitting
}

/// Whether a glob that starts with `**/` names a folder the root has (`**/scripts/**`).
fn names_a_root_dir(glob: &str, tree: &RootTree) -> bool {
    let segments: Vec<&str> = glob.trim().split('/').collect();
    let Some(first) = segments.iter().position(|s| *s != "**") else {
        return false;
    };
    first > 0 && first + 1 < segments.len() && tree.dirs.contains(segments[first])
}

/// A pattern as the listing sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FitEntry<'a> {
    pub fit: Fit,
    pub title: &'a str,
    pub source: &'a str,
}

/// What the listing shows: the positions of the patterns that fit the project by evidence,
/// in order; those that say nothing about where they apply, by folder and title; and how many
/// are for elsewhere.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListingPlan {
    pub listed: Vec<usize>,
    /// General patterns, by folder, then title.
    pub general: Vec<usize>,
    /// Patterns for other languages, technologies, files or projects.
    pub elsewhere: usize,
}

/// Order the patterns that fit by the specificity of their evidence, then title, then path;
/// the general ones apart, by folder, then title.
pub fn plan_listing(entries: &[FitEntry<'_>]) -> ListingPlan {
    let by_title = |a: &FitEntry<'_>, b: &FitEntry<'_>| {
        a.title
            .to_lowercase()
            .cmp(&b.title.to_lowercase())
            .then_with(|| a.source.cmp(b.source))
    };
    let mut listed: Vec<usize> = (0..entries.len())
        .filter(|&i| !matches!(entries[i].fit, Fit::Elsewhere | Fit::General))
        .collect();
    listed.sort_by(|&a, &b| {
        let (a, b) = (&entries[a], &entries[b]);
        a.fit.tier().cmp(&b.fit.tier()).then_with(|| by_title(a, b))
    });
    let mut general: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].fit == Fit::General)
        .collect();
    general.sort_by(|&a, &b| {
        let (a, b) = (&entries[a], &entries[b]);
        folder_of(a.source)
            .cmp(folder_of(b.source))
            .then_with(|| by_title(a, b))
    });
    ListingPlan {
        listed,
        general,
        elsewhere: entries.iter().filter(|e| e.fit == Fit::Elsewhere).count(),
    }
}

/// The folder a pattern's path is in (`""` at the top).
pub fn folder_of(source: &str) -> &str {
    source.rsplit_once('/').map_or("", |(folder, _)| folder)
}

/// A language's name as people write it (`typescript` → TypeScript, `csharp` → C#).
pub fn language_label(language: &str) -> String {
    let known = match language {
        "javascript" => "JavaScript",
        "typescript" => "TypeScript",
        "csharp" => "C#",
        "cpp" => "C++",
        "c" => "C",
        "php" => "PHP",
        "sql" => "SQL",
        "html" => "HTML",
        "css" => "CSS",
        "graphql" => "GraphQL",
        "powershell" => "PowerShell",
        "github-actions" => "GitHub Actions",
        "r" => "R",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_string();
    }
    let mut chars = language.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests;
