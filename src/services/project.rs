//! What a project is built with, from its root files: the manifests (`package.json`,
//! `pyproject.toml`, `go.mod`, `*.csproj`, ...) and marker files (`next.config.ts`,
//! `nest-cli.json`) in the folders of the touched file up to the working directory (a
//! monorepo's package, a .NET project below its solution), and in the working directory and
//! the folders above it up to the repository root. Each folder is read once per session and
//! remembered beside the session ledger.

use std::path::Path;

use crate::core::query::{ManifestFindings, TechnologyTable};
use crate::storage::project_cache::{FolderFacts, ProjectCache};
use crate::storage::project_files::{is_repository_root, read_root_files};

/// Most folders looked at from the working directory upwards.
const MAX_LEVELS: usize = 6;

/// The technologies and languages the root files show: of the folders between `touched`
/// (the touched file's folder, if any) and `cwd`, then of `cwd` and the folders above it,
/// stopping at the repository root (a folder holding `.git`), at `top` (the folder of
/// lore.toml) or after [`MAX_LEVELS`] folders. With a `cache`, each folder is read once.
pub fn project_facts(
    cwd: &Path,
    touched: Option<&Path>,
    top: Option<&Path>,
    table: &TechnologyTable,
    cache: Option<&ProjectCache>,
) -> ManifestFindings {
    let mut folders: Vec<&Path> = Vec::new();
    if let Some(touched) = touched.filter(|t| t.starts_with(cwd) && *t != cwd) {
        folders.extend(
            touched
                .ancestors()
                .take_while(|dir| *dir != cwd)
                .take(MAX_LEVELS),
        );
    }
    for dir in cwd.ancestors().take(MAX_LEVELS) {
        folders.push(dir);
        if is_repository_root(dir) || top.is_some_and(|top| top == dir) {
            break;
        }
    }
    let mut known: FolderFacts = cache.map(ProjectCache::load).unwrap_or_default();
    let mut read_any = false;
    let mut facts = ManifestFindings::default();
    for dir in folders {
        let key = dir.to_string_lossy().into_owned();
        let found = match known.get(&key) {
            Some(found) => found.clone(),
            None => {
                let found = folder_facts(dir, table);
                known.insert(key, found.clone());
                read_any = true;
                found
            }
        };
        extend_unique(&mut facts.technologies, found.technologies);
        extend_unique(&mut facts.languages, found.languages);
    }
    if read_any && let Some(cache) = cache {
        cache.store(&known);
    }
    facts
}

/// What one folder's root files show.
fn folder_facts(dir: &Path, table: &TechnologyTable) -> ManifestFindings {
    let below: Vec<String> = table
        .root_file_names()
        .into_iter()
        .filter(|name| name.contains('/'))
        .collect();
    let mut facts = ManifestFindings::default();
    for (name, text) in read_root_files(dir, |name| table.is_root_file(name), &below) {
        let found = table.in_manifest(&name, &text);
        extend_unique(&mut facts.technologies, found.technologies);
        extend_unique(&mut facts.languages, found.languages);
    }
    facts
}

fn extend_unique(into: &mut Vec<String>, items: Vec<String>) {
    for item in items {
        if !into.contains(&item) {
            into.push(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_files_up_to_the_repository_root_show_the_stack() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        let app = repo.join("apps/web");
        std::fs::create_dir_all(&app).unwrap();
        std::fs::create_dir(repo.join(".git")).unwrap();
        std::fs::write(
            app.join("package.json"),
            r#"{"dependencies": {"next": "15.0.0", "react": "19.0.0"}}"#,
        )
        .unwrap();
        std::fs::write(repo.join("go.mod"), "module example.com/x\n\ngo 1.22\n").unwrap();
        // Above the repository root: not this project's.
        std::fs::write(dir.path().join("Gemfile"), "gem 'rails'\n").unwrap();
        let facts = project_facts(&repo, Some(&app), None, &TechnologyTable::builtin(), None);
        assert!(
            facts.technologies.contains(&"nextjs".to_string()),
            "{facts:?}"
        );
        assert!(facts.languages.contains(&"go".to_string()), "{facts:?}");
        assert!(
            !facts.technologies.contains(&"rails".to_string()),
            "{facts:?}"
        );
    }

    #[test]
    fn a_session_reads_them_once() {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path().join("p");
        std::fs::create_dir(&project).unwrap();
        std::fs::write(project.join("Gemfile"), "gem 'rails'\n").unwrap();
        let cache = ProjectCache::new(dir.path(), "s");
        let table = TechnologyTable::builtin();
        let first = project_facts(&project, None, Some(&project), &table, Some(&cache));
        assert!(
            first.technologies.contains(&"rails".to_string()),
            "{first:?}"
        );
        std::fs::remove_file(project.join("Gemfile")).unwrap();
        let again = project_facts(&project, None, Some(&project), &table, Some(&cache));
        assert_eq!(again, first);
    }
}
