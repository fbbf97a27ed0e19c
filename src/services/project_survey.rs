//! A bounded look at a project for the listing a session starts with: its languages and
//! technologies (from the manifests `services::project` read, and the names at its root) and
//! what exists at its root for `paths` globs. The root is listed once, and a glob that starts
//! with literal folders costs one `stat` of them, at most [`MAX_PROBES`] in all: the tree is
//! never walked.

use std::collections::BTreeSet;
use std::path::Path;

use crate::core::query::{ManifestFindings, TechnologyTable, project_languages};
use crate::core::select::project_fit::{ProjectProfile, RootTree, glob_probe};
use crate::storage::project_files::{exists_below, root_entries};

/// Most paths below the root checked for globs.
pub const MAX_PROBES: usize = 64;

/// What a session's project is, as far as lore looked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectSurvey {
    /// Languages and technologies to choose patterns by (implied ones included).
    pub profile: ProjectProfile,
    /// What exists at the root.
    pub tree: RootTree,
    /// The languages to name the project by: its manifests' and root files' own, JavaScript
    /// left out of a TypeScript project.
    pub named_languages: Vec<String>,
    /// The technologies its root files name (not those they imply).
    pub named_technologies: Vec<String>,
}

/// Survey the project at `dir` (None: no project directory, so only `manifest` counts),
/// checking the leading folders of `globs` that start at a root folder.
pub fn survey_project<'a>(
    dir: Option<&Path>,
    manifest: &ManifestFindings,
    table: &TechnologyTable,
    globs: impl IntoIterator<Item = &'a str>,
) -> ProjectSurvey {
    let entries = dir.map(root_entries).unwrap_or_default();
    let technologies = table.with_implied(&manifest.technologies);
    let languages = project_languages(manifest, &entries.files, &technologies);
    let mut named_languages = project_languages(manifest, &entries.files, &[]);
    if named_languages.iter().any(|l| l == "typescript") {
        named_languages.retain(|l| l != "javascript");
    }
    let mut tree = RootTree {
        files: entries.files.into_iter().collect(),
        dirs: entries.dirs.into_iter().collect(),
        existing: BTreeSet::new(),
    };
    if let Some(dir) = dir {
        let probes: BTreeSet<String> = globs
            .into_iter()
            .filter_map(glob_probe)
            .filter(|path| {
                path.split_once('/')
                    .is_some_and(|(first, _)| tree.dirs.contains(first))
            })
            .collect();
        tree.existing = probes
            .into_iter()
            .take(MAX_PROBES)
            .filter(|path| exists_below(dir, path))
            .collect();
    }
    ProjectSurvey {
        profile: ProjectProfile {
            languages,
            technologies,
        },
        tree,
        named_languages,
        named_technologies: manifest.technologies.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_next_project_is_typescript_with_its_implied_technologies() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("tsconfig.json"), "{}").unwrap();
        std::fs::create_dir_all(dir.path().join("app/api")).unwrap();
        let manifest = ManifestFindings {
            technologies: vec!["nextjs".into()],
            languages: vec!["javascript".into()],
        };
        let survey = survey_project(
            Some(dir.path()),
            &manifest,
            &TechnologyTable::builtin(),
            ["app/api/**", "src/lib/**", "**/*.ts"],
        );
        assert_eq!(survey.named_languages, ["typescript"]);
        assert_eq!(survey.named_technologies, ["nextjs"]);
        assert!(
            survey.profile.technologies.contains(&"react".to_string()),
            "{survey:?}"
        );
        assert!(
            survey.profile.languages.contains(&"javascript".to_string()),
            "{survey:?}"
        );
        assert_eq!(
            survey.tree.existing,
            BTreeSet::from(["app/api".to_string()])
        );
        assert!(survey.tree.files.contains("tsconfig.json"));
    }

    #[test]
    fn no_directory_leaves_only_the_manifests() {
        let manifest = ManifestFindings {
            technologies: Vec::new(),
            languages: vec!["go".into()],
        };
        let survey = survey_project(None, &manifest, &TechnologyTable::builtin(), ["x/y/**"]);
        assert_eq!(survey.profile.languages, ["go"]);
        assert_eq!(survey.tree, RootTree::default());
    }
}
