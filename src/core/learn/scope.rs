//! The scope proposed for a learned rule, from the call it corrected: the languages of the
//! files it touched (or of its command), and a `paths` glob per touched file naming the part
//! of the project it sits in, so selection takes the glob as the team's word (see
//! `core::select::globs`): its folder and extension (`app/services/billing.py` →
//! `app/services/**/*.py`), a top folder's contents (`app/payments.py` → `app/**`), a file at
//! the root by its extension (`**/*.py`, found by its words as well). Only files inside the
//! project give a glob: a path elsewhere says nothing about where the team's files are.

use serde::{Deserialize, Serialize};

use super::exchange::Action;
use crate::core::query::{is_prose_language, languages_for_command, languages_for_path};

/// Most globs proposed.
const MAX_GLOBS: usize = 4;

/// Languages and globs a rule is proposed for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scope {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub languages: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<String>,
}

/// The scope of a corrected action whose paths are relative to the project (see
/// [`project_relative`]).
pub fn scope_of(action: Option<&Action>) -> Scope {
    let mut scope = Scope::default();
    let Some(action) = action else {
        return scope;
    };
    let push = |list: &mut Vec<String>, value: String| {
        if !list.contains(&value) {
            list.push(value);
        }
    };
    for path in &action.paths {
        if path.starts_with('/') || path.split('/').any(|s| s == "..") {
            continue;
        }
        for language in languages_for_path(path) {
            if !is_prose_language(&language) {
                push(&mut scope.languages, language);
            }
        }
        if let Some(glob) = glob_for(path)
            && scope.paths.len() < MAX_GLOBS
        {
            push(&mut scope.paths, glob);
        }
    }
    if action.paths.is_empty()
        && let Some(command) = &action.command
    {
        for language in languages_for_command(command) {
            push(&mut scope.languages, language);
        }
    }
    scope.languages.truncate(3);
    scope
}

/// The glob for one project-relative file (see the module summary).
fn glob_for(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let (file, dirs) = segments.split_last()?;
    let tail = match file.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && !ext.is_empty() => format!("*.{ext}"),
        _ => (*file).to_string(),
    };
    Some(match dirs {
        [] => format!("**/{tail}"),
        [top] => format!("{top}/**"),
        _ => format!("{}/**/{tail}", dirs.join("/")),
    })
}

/// `path` relative to `project` when inside it (`/`-separated); a path outside is cut to its
/// file name, so no other folder of the user's machine is kept.
pub fn project_relative(path: &str, project: Option<&str>) -> String {
    let path = path.replace('\\', "/");
    if let Some(project) = project
        .map(|p| p.trim_end_matches('/'))
        .filter(|p| !p.is_empty())
        && let Some(rest) = path.strip_prefix(project).and_then(|r| r.strip_prefix('/'))
    {
        return rest.to_string();
    }
    if path.starts_with('/') {
        return path.rsplit('/').next().unwrap_or("").to_string();
    }
    path.trim_start_matches("./").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(paths: &[&str], command: Option<&str>) -> Action {
        Action {
            tool: "Edit".into(),
            paths: paths.iter().map(|p| p.to_string()).collect(),
            command: command.map(String::from),
            lines: Vec::new(),
        }
    }

    #[test]
    fn globs_take_the_top_folder_and_extension_of_each_file_inside_the_project() {
        let s = scope_of(Some(&action(
            &[
                "app/services/billing.py",
                "main.py",
                "docker/Dockerfile",
                "README.md",
                "/etc/hosts",
            ],
            None,
        )));
        assert_eq!(
            s.paths,
            ["app/services/**/*.py", "**/*.py", "docker/**", "**/*.md"]
        );
        assert_eq!(s.languages, ["python", "docker"]);
        let bash = scope_of(Some(&action(&[], Some("cargo test"))));
        assert_eq!(bash.languages, ["rust"]);
        assert!(bash.paths.is_empty());
        assert_eq!(scope_of(None), Scope::default());
    }

    #[test]
    fn globs_below_the_root_are_ones_selection_takes_as_the_teams_word() {
        use crate::core::select::globs::{GlobKind, classify_glob};
        for path in [
            "app/payments.py",
            "src/storage/index/read.rs",
            "web/src/Button.tsx",
        ] {
            let glob = glob_for(path).unwrap();
            assert_eq!(classify_glob(&glob), GlobKind::Specific, "{path} → {glob}");
        }
    }

    #[test]
    fn paths_outside_the_project_keep_only_their_file_name() {
        assert_eq!(
            project_relative("/home/dev/app/src/a.rs", Some("/home/dev/app")),
            "src/a.rs"
        );
        assert_eq!(
            project_relative("/home/dev/other/secret.txt", Some("/home/dev/app")),
            "secret.txt"
        );
        assert_eq!(project_relative("./src/a.rs", None), "src/a.rs");
    }
}
