//! Finding other agents' rule files in the repository (the folder holding `lore.toml`), to be
//! read in place, read-only (see `core::sources`).
//!
//! The walk honours `.gitignore` (and `.git/info/exclude`, `.ignore`, `.loreignore`), so
//! build output and vendored trees a repository ignores are never entered; it never enters
//! `.git`, `node_modules`, `.lore` or the knowledge dir (lore's own patterns, read by the
//! knowledge scan), and of the hidden folders only those that hold rule files (`.cursor`,
//! `.github`, `.claude`, ...). It is bounded: at most [`MAX_WALK_ENTRIES`] entries are looked
//! at and [`MAX_RULE_FILES`] files kept; what is passed over (a link, an unreadable folder,
//! the caps) is a warning, never an error.

use std::path::{Path, PathBuf};

use crate::core::config::SourcesConfig;
use crate::core::sources::{RULE_DIRS, SourceKind, classify};

use super::IngestIssue;
use super::scan::{SourceFile, source_name};
use crate::services::repository_walk::{never_entered, repository_walker};

pub use crate::services::repository_walk::MAX_WALK_ENTRIES;
/// Most rule files indexed from one repository.
pub const MAX_RULE_FILES: usize = 2_000;

/// The rule files found, sorted by source (their path relative to the repository root), and
/// what was passed over.
#[derive(Debug, Default)]
pub struct RuleFileScan {
    pub files: Vec<(SourceFile, SourceKind)>,
    pub warnings: Vec<IngestIssue>,
}

/// Every rule file under `root` of a format `sources` leaves on. `knowledge_dir` is skipped
/// when it is inside `root`.
pub fn scan_rule_files(root: &Path, knowledge_dir: &Path, sources: &SourcesConfig) -> RuleFileScan {
    let mut scan = RuleFileScan::default();
    if SourceKind::ALL.iter().all(|k| !sources.enabled(*k)) {
        return scan;
    }
    let skipped_dir: Option<PathBuf> = (knowledge_dir != root && knowledge_dir.starts_with(root))
        .then(|| knowledge_dir.to_path_buf());
    let walk_root = root.to_path_buf();
    let walker = repository_walker(root)
        .filter_entry(move |entry| {
            enters(
                &walk_root,
                skipped_dir.as_deref(),
                entry.path(),
                entry.file_type(),
            )
        })
        .build();
    let canonical_root = std::fs::canonicalize(root).ok();
    let mut entries = 0usize;
    for entry in walker {
        entries += 1;
        if entries > MAX_WALK_ENTRIES {
            scan.warnings.push(issue(
                ".",
                format!(
                    "the repository has more than {MAX_WALK_ENTRIES} files and folders that are \
                     not ignored: the search for other agents' rule files stopped there; add \
                     large folders to .gitignore or .loreignore"
                ),
            ));
            break;
        }
        let Some((entry, file_type)) = walked_file(entry, root, &mut scan.warnings) else {
            continue;
        };
        let path = entry.path();
        let Some(source) = source_name(root, path) else {
            let shown = shown(root, path);
            if classify(&shown).is_some() {
                scan.warnings.push(issue(
                    &shown,
                    "the name is not valid UTF-8: skipped; rename it".to_string(),
                ));
            }
            continue;
        };
        // A rule folder that links to another folder of the repository (`.cursor/rules` ->
        // `../.ai/rules`, one set of rules kept for several agents) holds rule files where
        // the link is, as the agent reading it sees them.
        if file_type.is_symlink()
            && is_rule_dir_name(&source)
            && let Some(folder) = canonical_root
                .as_deref()
                .and_then(|root| linked_folder(root, path))
        {
            if follow_linked_folder(
                &folder,
                &source,
                sources,
                canonical_root.as_deref(),
                &mut scan,
            ) == Walk::Stop
            {
                break;
            }
            continue;
        }
        if add_rule_file(
            &source,
            path,
            file_type,
            sources,
            canonical_root.as_deref(),
            &mut scan,
        ) == Walk::Stop
        {
            break;
        }
    }
    scan.files.sort_by(|a, b| a.0.source.cmp(&b.0.source));
    scan.warnings.sort_by(|a, b| a.source.cmp(&b.source));
    scan
}

/// Whether the walk looks at `path`: the root, plain folders and files, and of the hidden
/// folders only the rule folders (and anything inside one); never `.git`, `node_modules`,
/// `.lore` or the knowledge dir.
fn enters(
    root: &Path,
    skipped_dir: Option<&Path>,
    path: &Path,
    file_type: Option<std::fs::FileType>,
) -> bool {
    let Ok(rel) = path.strip_prefix(root) else {
        return true;
    };
    let Some(name) = rel.file_name().and_then(|n| n.to_str()) else {
        return true;
    };
    if !file_type.is_some_and(|t| t.is_dir()) {
        return true;
    }
    if never_entered(name) || skipped_dir.is_some_and(|d| d == path) {
        return false;
    }
    if !name.starts_with('.') {
        return true;
    }
    rel.components()
        .filter_map(|c| c.as_os_str().to_str())
        .any(|c| RULE_DIRS.contains(&c))
}

/// A link named like a rule folder (`.cursor`, `.cursor/rules`): worth a word when skipped.
fn is_rule_dir_name(source: &str) -> bool {
    let last = source.rsplit('/').next().unwrap_or(source);
    RULE_DIRS.contains(&last)
        || (["rules", "instructions", "steering"].contains(&last)
            && source.split('/').any(|c| RULE_DIRS.contains(&c)))
}

fn issue(source: &str, message: String) -> IngestIssue {
    IngestIssue {
        source: source.to_string(),
        line: 1,
        message,
    }
}

/// A file (or link) a walk of `base` yields, with its type; None for a folder, and for an
/// entry that cannot be read, which becomes a warning.
fn walked_file(
    entry: Result<ignore::DirEntry, ignore::Error>,
    base: &Path,
    warnings: &mut Vec<IngestIssue>,
) -> Option<(ignore::DirEntry, std::fs::FileType)> {
    let entry = match entry {
        Ok(entry) => entry,
        Err(e) => {
            warnings.push(walk_issue(base, &e));
            return None;
        }
    };
    let file_type = entry.file_type().filter(|t| !t.is_dir())?;
    Some((entry, file_type))
}

/// Whether a walk goes on after a file.
#[derive(Debug, PartialEq, Eq)]
enum Walk {
    On,
    /// [`MAX_RULE_FILES`] reached.
    Stop,
}

/// Add the file at `path` (named `source`, relative to the repository root) when it is a
/// rule file of a format `sources` leaves on; a link is followed to a file inside the
/// repository (`canonical_root`) only.
fn add_rule_file(
    source: &str,
    path: &Path,
    file_type: std::fs::FileType,
    sources: &SourcesConfig,
    canonical_root: Option<&Path>,
    scan: &mut RuleFileScan,
) -> Walk {
    let Some((kind, _)) = classify(source) else {
        if file_type.is_symlink() && is_rule_dir_name(source) {
            scan.warnings.push(link_issue(source));
        }
        return Walk::On;
    };
    if !sources.enabled(kind) {
        return Walk::On;
    }
    // A link to a rule file elsewhere in the repository (`CLAUDE.md` -> `AGENTS.md`, a
    // root `AGENTS.md` -> `cli/AGENTS.md`) is a rule file where the link is: read the
    // file it points to, scoped by the link's place. One leading anywhere else is not.
    let (path, listed_type) = if file_type.is_symlink() {
        match canonical_root.and_then(|root| linked_rule_file(root, path)) {
            Some(target) => target,
            None => {
                scan.warnings.push(link_issue(source));
                return Walk::On;
            }
        }
    } else {
        (path.to_path_buf(), file_type)
    };
    if scan.files.len() == MAX_RULE_FILES {
        scan.warnings.push(issue(
            ".",
            format!(
                "more than {MAX_RULE_FILES} rule files of other agents: the rest are not \
                 indexed; turn sources you do not need off in [sources] of lore.toml"
            ),
        ));
        return Walk::Stop;
    }
    scan.files.push((
        SourceFile {
            source: source.to_string(),
            path,
            listed_type: Some(listed_type),
        },
        kind,
    ));
    Walk::On
}

/// The rule files of the repository folder `folder` (canonical) that the rule folder link
/// `link` (its source) leads to, named as under the link. Links inside it lead to files
/// only, so no walk comes back around. The walk is bounded as the repository's is.
fn follow_linked_folder(
    folder: &Path,
    link: &str,
    sources: &SourcesConfig,
    canonical_root: Option<&Path>,
    scan: &mut RuleFileScan,
) -> Walk {
    let walker = repository_walker(folder)
        .filter_entry(|entry| {
            !(entry.file_type().is_some_and(|t| t.is_dir())
                && entry.file_name().to_str().is_some_and(never_entered))
        })
        .build();
    for (entries, entry) in walker.enumerate() {
        if entries > MAX_WALK_ENTRIES {
            break;
        }
        let Some((entry, file_type)) = walked_file(entry, folder, &mut scan.warnings) else {
            continue;
        };
        let Some(inner) = source_name(folder, entry.path()) else {
            continue;
        };
        let source = format!("{link}/{inner}");
        if add_rule_file(
            &source,
            entry.path(),
            file_type,
            sources,
            canonical_root,
            scan,
        ) == Walk::Stop
        {
            return Walk::Stop;
        }
    }
    Walk::On
}

/// The folder a link leads to, when it is a folder inside the repository (`root`,
/// canonical) that does not hold the link itself (a link to a folder around it would lead
/// the walk back to where it is).
fn linked_folder(root: &Path, link: &Path) -> Option<PathBuf> {
    let target = std::fs::canonicalize(link).ok()?;
    let at = std::fs::canonicalize(link.parent()?).ok()?;
    (target.starts_with(root) && target.is_dir() && !at.starts_with(&target)).then_some(target)
}

/// The file a link leads to, with its type, when it is a regular file inside the repository
/// (`root`, canonical); None for a link out of it, to a folder, or broken.
fn linked_rule_file(root: &Path, link: &Path) -> Option<(PathBuf, std::fs::FileType)> {
    let target = std::fs::canonicalize(link).ok()?;
    let meta = std::fs::metadata(&target).ok()?;
    (target.starts_with(root) && meta.is_file()).then(|| (target, meta.file_type()))
}

fn link_issue(source: &str) -> IngestIssue {
    issue(
        source,
        "is a symbolic link that does not lead to a rule file or folder inside the repository \
         (it leads out of it, or nowhere), which lore does not follow: skipped; link to rules \
         in the repository, or copy them in"
            .to_string(),
    )
}

fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// A warning for an entry the walk could not read, naming its path when the error has one.
fn walk_issue(root: &Path, error: &ignore::Error) -> IngestIssue {
    let mut cause = error;
    let mut path: Option<&Path> = None;
    loop {
        match cause {
            ignore::Error::WithPath { path: p, err } => {
                path = path.or(Some(p));
                cause = err;
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                cause = err;
            }
            _ => break,
        }
    }
    issue(
        &path.map_or_else(|| ".".to_string(), |p| shown(root, p)),
        format!(
            "cannot be read ({cause}): skipped while looking for rule files; check its permissions"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn found(scan: &RuleFileScan) -> Vec<(&str, SourceKind)> {
        scan.files
            .iter()
            .map(|(f, k)| (f.source.as_str(), *k))
            .collect()
    }

    #[test]
    fn rule_files_are_found_in_hidden_rule_folders_and_any_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for rel in [
            ".cursor/rules/api.mdc",
            ".github/instructions/py.instructions.md",
            ".github/workflows/ci.yml",
            ".claude/rules/style.md",
            ".claude/settings.json",
            ".windsurf/rules/go.md",
            ".kiro/steering/tech.md",
            ".continue/rules/tests.md",
            ".clinerules",
            "AGENTS.md",
            "services/billing/CLAUDE.md",
            ".venv/lib/AGENTS.md",
            "node_modules/pkg/AGENTS.md",
            "patterns/AGENTS.md",
            "docs/guide.md",
        ] {
            write(root, rel, "# rule\n");
        }
        let scan = scan_rule_files(root, &root.join("patterns"), &SourcesConfig::default());
        assert_eq!(
            found(&scan),
            [
                (".claude/rules/style.md", SourceKind::Claude),
                (".clinerules", SourceKind::Cline),
                (".continue/rules/tests.md", SourceKind::Continue),
                (".cursor/rules/api.mdc", SourceKind::Cursor),
                (
                    ".github/instructions/py.instructions.md",
                    SourceKind::Copilot
                ),
                (".kiro/steering/tech.md", SourceKind::Kiro),
                (".windsurf/rules/go.md", SourceKind::Windsurf),
                ("AGENTS.md", SourceKind::AgentsMd),
                ("services/billing/CLAUDE.md", SourceKind::AgentsMd),
            ]
        );
        assert!(scan.warnings.is_empty(), "{:?}", scan.warnings);
    }

    #[test]
    fn gitignored_folders_and_sources_turned_off_are_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, ".gitignore", "/target\nvendor/\n");
        write(root, "target/debug/AGENTS.md", "x");
        write(root, "vendor/lib/AGENTS.md", "x");
        write(root, "app/AGENTS.md", "x");
        write(root, ".cursor/rules/a.mdc", "x");
        let sources: SourcesConfig = toml::from_str("cursor = false\n").unwrap();
        let scan = scan_rule_files(root, &root.join("patterns"), &sources);
        assert_eq!(found(&scan), [("app/AGENTS.md", SourceKind::AgentsMd)]);
        let none: SourcesConfig = toml::from_str(
            "cursor = false\ncopilot = false\nclaude = false\nagents_md = false\n\
             windsurf = false\nkiro = false\ncontinue = false\ncline = false\n",
        )
        .unwrap();
        assert!(
            scan_rule_files(root, &root.join("patterns"), &none)
                .files
                .is_empty()
        );
    }

    #[test]
    fn a_link_to_a_rule_file_in_the_repository_is_read_where_the_link_is_and_no_other() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "cli/AGENTS.md", "# agents\n");
        std::os::unix::fs::symlink("cli/AGENTS.md", root.join("AGENTS.md")).unwrap();
        std::os::unix::fs::symlink("AGENTS.md", root.join("CLAUDE.md")).unwrap();
        std::os::unix::fs::symlink("missing.md", root.join("GEMINI.md")).unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        write(elsewhere.path(), "rules/x.mdc", "x");
        write(elsewhere.path(), "outside.md", "# outside\n");
        std::fs::create_dir_all(root.join(".cursor")).unwrap();
        std::os::unix::fs::symlink(elsewhere.path().join("rules"), root.join(".cursor/rules"))
            .unwrap();
        std::fs::create_dir_all(root.join(".github")).unwrap();
        std::os::unix::fs::symlink(
            elsewhere.path().join("outside.md"),
            root.join(".github/copilot-instructions.md"),
        )
        .unwrap();
        let scan = scan_rule_files(root, &root.join("patterns"), &SourcesConfig::default());
        assert_eq!(
            found(&scan),
            [
                ("AGENTS.md", SourceKind::AgentsMd),
                ("CLAUDE.md", SourceKind::AgentsMd),
                ("cli/AGENTS.md", SourceKind::AgentsMd),
            ]
        );
        // Both links read the file they lead to, through chains of links.
        let target = std::fs::canonicalize(root.join("cli/AGENTS.md")).unwrap();
        for (file, _) in &scan.files {
            assert_eq!(file.path, target, "{}", file.source);
        }
        let warned: Vec<&str> = scan.warnings.iter().map(|w| w.source.as_str()).collect();
        assert_eq!(
            warned,
            [
                ".cursor/rules",
                ".github/copilot-instructions.md",
                "GEMINI.md"
            ]
        );
        assert!(
            scan.warnings
                .iter()
                .all(|w| w.message.contains("symbolic link"))
        );
    }

    #[test]
    fn a_rule_folder_linked_to_a_folder_of_the_repository_is_read_where_the_link_is() {
        // One set of rules kept for several agents: `.cursor/rules` -> `../.ai/rules`.
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            root,
            ".ai/rules/api.mdc",
            "---\nglobs: src/api/**\n---\n# API\n",
        );
        write(root, ".ai/rules/web/forms.mdc", "# Forms\n");
        std::fs::create_dir_all(root.join(".cursor")).unwrap();
        std::os::unix::fs::symlink("../.ai/rules", root.join(".cursor/rules")).unwrap();
        // A link back to a folder around it would walk forever: it is not followed.
        std::os::unix::fs::symlink("..", root.join(".ai/rules/around")).unwrap();
        std::fs::create_dir_all(root.join(".github")).unwrap();
        std::os::unix::fs::symlink("..", root.join(".github/instructions")).unwrap();
        let scan = scan_rule_files(root, &root.join("patterns"), &SourcesConfig::default());
        assert_eq!(
            found(&scan),
            [
                (".cursor/rules/api.mdc", SourceKind::Cursor),
                (".cursor/rules/web/forms.mdc", SourceKind::Cursor),
            ]
        );
        let real = std::fs::canonicalize(root.join(".ai/rules/api.mdc")).unwrap();
        assert_eq!(scan.files[0].0.path, real);
        let warned: Vec<&str> = scan.warnings.iter().map(|w| w.source.as_str()).collect();
        assert_eq!(warned, [".github/instructions"]);
    }
}
