//! Which patterns' `paths` globs match no file of the repository (`lore doctor`): a pattern
//! scoped to files that moved, were renamed or never existed never comes by its `paths`, and
//! nothing else would say so. The repository is walked as rule files are found (see
//! `services::repository_walk`), and at most
//! [`MAX_WALK_ENTRIES`] entries are looked at; past that nothing is reported, since a glob
//! not matched so far may match a file not reached.

use std::collections::BTreeMap;
use std::path::Path;

use globset::GlobSetBuilder;

use super::repository_walk::{MAX_WALK_ENTRIES, never_entered, repository_walker};
use crate::core::select::globs::glob_matcher;
use crate::storage::index::{Index, IndexError};

/// One pattern with globs that match nothing.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct UnmatchedPaths {
    /// The pattern's source: relative to the knowledge dir for lore's own patterns
    /// (`storage.md`), to the repository for another agent's rule file (`.cursor/rules/api.mdc`).
    pub source: String,
    /// Whether it is another agent's rule file.
    pub rule_file: bool,
    /// Its globs, as the index holds them, that match no file.
    pub globs: Vec<String>,
    /// Whether no glob of it matches any file: it then never comes by its `paths`.
    pub none_match: bool,
}

/// What the audit found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PathsAudit {
    /// Patterns that have `paths` at all.
    pub scoped_patterns: usize,
    /// Files of the repository looked at.
    pub files: usize,
    /// Whether the walk looked at the whole repository (else `unmatched` is empty).
    pub complete: bool,
    pub unmatched: Vec<UnmatchedPaths>,
}

/// Audit the `paths` of every pattern in `index` against the files under `root`.
pub fn audit_paths(index: &Index, root: &Path) -> Result<PathsAudit, IndexError> {
    let summaries = index.pattern_summaries()?;
    let ids: Vec<i64> = summaries.iter().map(|s| s.id).collect();
    let globs_by_id = index.globs_of(&ids)?;
    let rule_files = index.all_rule_origins()?;
    let scoped: Vec<(String, bool, Vec<String>)> = summaries
        .iter()
        .filter_map(|s| {
            let globs = globs_by_id.get(&s.id).filter(|g| !g.is_empty())?;
            Some((
                s.source.clone(),
                rule_files.contains_key(&s.id),
                globs.clone(),
            ))
        })
        .collect();
    let mut audit = PathsAudit {
        scoped_patterns: scoped.len(),
        ..PathsAudit::default()
    };
    if scoped.is_empty() {
        audit.complete = true;
        return Ok(audit);
    }
    // Each distinct glob compiled once; one that does not compile is left to ingest's warnings.
    let mut distinct: BTreeMap<&str, Option<usize>> = BTreeMap::new();
    let mut builder = GlobSetBuilder::new();
    let mut compiled: Vec<&str> = Vec::new();
    for glob in scoped.iter().flat_map(|(_, _, globs)| globs) {
        if distinct.contains_key(glob.as_str()) {
            continue;
        }
        let slot = glob_matcher(glob).ok().map(|matcher| {
            builder.add(matcher);
            compiled.push(glob);
            compiled.len() - 1
        });
        distinct.insert(glob, slot);
    }
    let Ok(set) = builder.build() else {
        return Ok(audit);
    };
    let mut matched = vec![false; compiled.len()];
    let walk = walk_files(root, |relative| {
        for hit in set.matches(relative) {
            matched[hit] = true;
        }
    });
    audit.files = walk.files;
    audit.complete = walk.complete;
    if !walk.complete {
        return Ok(audit);
    }
    let is_matched = |glob: &str| {
        distinct
            .get(glob)
            .copied()
            .flatten()
            .is_some_and(|slot| matched[slot])
    };
    for (source, rule_file, globs) in &scoped {
        let unmatched: Vec<String> = globs.iter().filter(|g| !is_matched(g)).cloned().collect();
        if !unmatched.is_empty() {
            audit.unmatched.push(UnmatchedPaths {
                source: source.clone(),
                rule_file: *rule_file,
                none_match: unmatched.len() == globs.len(),
                globs: unmatched,
            });
        }
    }
    Ok(audit)
}

struct Walk {
    files: usize,
    complete: bool,
}

/// Call `visit` with the path of every file under `root`, relative to it with `/` between
/// folders, as the hook sees a touched file.
fn walk_files(root: &Path, mut visit: impl FnMut(&str)) -> Walk {
    let walker = repository_walker(root)
        .filter_entry(|entry| {
            !(entry.file_type().is_some_and(|t| t.is_dir())
                && entry.file_name().to_str().is_some_and(never_entered))
        })
        .build();
    let mut walk = Walk {
        files: 0,
        complete: true,
    };
    for (seen, entry) in walker.enumerate() {
        if seen >= MAX_WALK_ENTRIES {
            walk.complete = false;
            break;
        }
        let Ok(entry) = entry else {
            continue;
        };
        if entry.file_type().is_some_and(|t| t.is_dir()) {
            continue;
        }
        let Some(relative) = entry
            .path()
            .strip_prefix(root)
            .ok()
            .and_then(|p| p.to_str())
        else {
            continue;
        };
        walk.files += 1;
        visit(&relative.replace(std::path::MAIN_SEPARATOR, "/"));
    }
    walk
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::config::parse_config;
    use crate::services::ingest::{IngestOptions, NoProgress, ingest};

    /// Write `files` (path from the repository root, text) into `root`.
    fn write(root: &Path, files: &[(&str, &str)]) {
        for (rel, text) in files {
            let path = root.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
    }

    /// The audit of `root` once its `patterns/` are ingested.
    fn audited(root: &Path) -> PathsAudit {
        let text = "knowledge_dir = \"patterns\"\n[search]\nhybrid = false\n";
        write(root, &[("lore.toml", text)]);
        let mut config = parse_config(&root.join("lore.toml"), text).unwrap();
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
        audit_paths(&index, root).unwrap()
    }

    #[test]
    fn a_pattern_whose_globs_name_files_that_are_gone_is_reported() {
        let repo = tempfile::tempdir().unwrap();
        write(
            repo.path(),
            &[
                ("src/storage/db.rs", "x"),
                ("src/render/page.rs", "x"),
                (
                    "patterns/storage.md",
                    "---\npaths: [\"src/storage/**\"]\n---\n# S\n",
                ),
                (
                    "patterns/render.md",
                    "---\npaths: [\"src/services/render/**\", \"src/render/**\"]\n---\n# R\n",
                ),
                (
                    "patterns/moved.md",
                    "---\npaths: [\"src/core/rank*.rs\"]\n---\n# M\n",
                ),
                ("patterns/words.md", "# Found by its words\n"),
            ],
        );
        let audit = audited(repo.path());
        assert!(audit.complete);
        assert_eq!(audit.scoped_patterns, 3);
        assert_eq!(
            audit.unmatched,
            [
                UnmatchedPaths {
                    source: "moved.md".into(),
                    rule_file: false,
                    globs: vec!["src/core/rank*.rs".into()],
                    none_match: true,
                },
                UnmatchedPaths {
                    source: "render.md".into(),
                    rule_file: false,
                    globs: vec!["src/services/render/**".into()],
                    none_match: false,
                },
            ]
        );
    }

    #[test]
    fn ignored_files_do_not_count_as_matches_and_rule_files_are_audited_too() {
        let repo = tempfile::tempdir().unwrap();
        write(
            repo.path(),
            &[
                (".gitignore", "build/\n"),
                ("build/gen/api.ts", "x"),
                (".git/hooks/pre-commit.sample", "x"),
                ("patterns/gen.md", "---\npaths: [\"build/**\"]\n---\n# G\n"),
                (
                    ".cursor/rules/hooks.mdc",
                    "---\nglobs: .git/hooks/*\nalwaysApply: false\n---\n# H\n",
                ),
            ],
        );
        let audit = audited(repo.path());
        let reported: Vec<(&str, bool)> = audit
            .unmatched
            .iter()
            .map(|u| (u.source.as_str(), u.rule_file))
            .collect();
        assert_eq!(
            reported,
            [(".cursor/rules/hooks.mdc", true), ("gen.md", false)]
        );
    }
}
