//! Project-scoped patterns: a knowledge-base folder holding an agent-instructions file
//! (`AGENTS.md`, `CLAUDE.md`, `GEMINI.md`, `copilot-instructions.md`) is one project's folder.
//! Its files apply only inside that project, and a nested instructions file only under its
//! own directory, as the agents that read those files treat them.

/// File names that agents read as a project's instructions (compared case-insensitively).
pub const AGENT_FILES: &[&str] = &[
    "agents.md",
    "claude.md",
    "gemini.md",
    "copilot-instructions.md",
];

/// Directories that hold a project's agent files without scoping them (`.github/copilot-
/// instructions.md` is for the whole repository).
const CONFIG_DIRS: &[&str] = &[".github", "github", ".claude", ".gemini"];

/// Whether a pattern file is an agent-instructions file (`backend/AGENTS.md`).
pub fn is_agent_file(source: &str) -> bool {
    let file = source
        .rsplit('/')
        .next()
        .unwrap_or(source)
        .to_ascii_lowercase();
    AGENT_FILES.contains(&file.as_str())
}

/// The folders of a knowledge base that are projects' folders.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectFolders {
    folders: Vec<String>,
}

/// Where a project-scoped pattern applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope<'a> {
    /// The project folder, relative to the knowledge base (`vendor/astral-sh__uv`).
    pub folder: &'a str,
    /// The pattern's directory inside the project (`crates/uv`; empty at the project root).
    pub subdir: String,
}

impl ProjectFolders {
    /// Project folders from every pattern source: the directory of each agent file below the
    /// knowledge base root (its configuration directory stripped), outermost only.
    pub fn from_sources<'a>(sources: impl IntoIterator<Item = &'a str>) -> Self {
        let mut candidates: Vec<String> = Vec::new();
        for source in sources.into_iter().filter(|s| is_agent_file(s)) {
            let Some((mut dir, _)) = source.rsplit_once('/') else {
                continue;
            };
            if let Some((parent, last)) = dir.rsplit_once('/')
                && CONFIG_DIRS.contains(&last.to_ascii_lowercase().as_str())
            {
                dir = parent;
            } else if CONFIG_DIRS.contains(&dir.to_ascii_lowercase().as_str()) {
                continue;
            }
            if !candidates.iter().any(|c| c == dir) {
                candidates.push(dir.to_string());
            }
        }
        let outermost = candidates
            .iter()
            .filter(|c| {
                !candidates
                    .iter()
                    .any(|other| c.len() > other.len() && c.starts_with(&format!("{other}/")))
            })
            .cloned()
            .collect();
        Self { folders: outermost }
    }

    /// Folders found earlier by [`ProjectFolders::from_sources`] (as stored in the index).
    pub fn from_folders(folders: Vec<String>) -> Self {
        Self { folders }
    }

    pub fn folders(&self) -> &[String] {
        &self.folders
    }

    /// The scope of a pattern, or `None` when it is not inside a project folder.
    pub fn scope_of(&self, source: &str) -> Option<Scope<'_>> {
        let folder = self
            .folders
            .iter()
            .find(|f| source.starts_with(&format!("{f}/")))?;
        let inner = &source[folder.len() + 1..];
        let mut dirs: Vec<&str> = inner.split('/').collect();
        dirs.pop();
        if dirs
            .last()
            .is_some_and(|d| CONFIG_DIRS.contains(&d.to_ascii_lowercase().as_str()))
        {
            dirs.pop();
        }
        Some(Scope {
            folder,
            subdir: dirs.join("/"),
        })
    }
}

/// Does a folder name stand for this project? Equal names, or GitHub's `owner/repo` flattened
/// to `owner__repo`; case-insensitive.
fn names_project(folder_name: &str, project: &str) -> bool {
    let folder_name = folder_name.to_ascii_lowercase();
    let project = project.to_ascii_lowercase();
    !project.is_empty()
        && (folder_name == project || folder_name.ends_with(&format!("__{project}")))
}

impl Scope<'_> {
    /// Does the pattern apply to a call in `project` (the working directory's name) touching
    /// `relative_path`? The folder must name the project (`uv` for `astral-sh__uv`), or be
    /// the name of a directory of the touched path (a monorepo's `backend/`); a nested
    /// pattern also needs the path under its directory.
    pub fn applies(&self, project: Option<&str>, relative_path: Option<&str>) -> bool {
        let folder_name = self.folder.rsplit('/').next().unwrap_or(self.folder);
        let mut roots: Vec<String> = Vec::new();
        if project.is_some_and(|p| names_project(folder_name, p)) {
            roots.push(String::new());
        }
        if let Some(path) = relative_path {
            let dirs: Vec<&str> = path.split('/').collect();
            for (i, dir) in dirs.iter().enumerate().take(dirs.len().saturating_sub(1)) {
                // A monorepo directory must carry the folder's whole name: `crates/uv` in
                // another project is not the `astral-sh__uv` project.
                if dir.eq_ignore_ascii_case(folder_name) {
                    roots.push(format!("{}/", dirs[..=i].join("/")));
                }
            }
        }
        roots.iter().any(|root| {
            if self.subdir.is_empty() {
                return true;
            }
            relative_path.is_some_and(|path| {
                path.strip_prefix(root.as_str())
                    .is_some_and(|rest| rest.starts_with(&format!("{}/", self.subdir)))
            })
        })
    }

    /// How deep the pattern sits in its project: nearer instructions are more specific.
    pub fn depth(&self) -> usize {
        if self.subdir.is_empty() {
            0
        } else {
            self.subdir.split('/').count()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folders() -> ProjectFolders {
        ProjectFolders::from_sources([
            "vendor/astral-sh__uv/AGENTS.md",
            "vendor/astral-sh__uv/STYLE.md",
            "vendor/acme__web/packages/cli/GEMINI.md",
            "vendor/acme__web/GEMINI.md",
            "vendor/draw/.github/copilot-instructions.md",
            "rust/errors.md",
            "AGENTS.md",
            "backend/CLAUDE.md",
        ])
    }

    #[test]
    fn agent_files_below_the_root_make_project_folders() {
        let f = folders();
        assert_eq!(
            f.folders,
            [
                "vendor/astral-sh__uv",
                "vendor/acme__web",
                "vendor/draw",
                "backend"
            ]
        );
        assert_eq!(f.scope_of("rust/errors.md"), None);
        assert_eq!(f.scope_of("AGENTS.md"), None);
        let style = f.scope_of("vendor/astral-sh__uv/STYLE.md").unwrap();
        assert_eq!(
            (style.folder, style.subdir.as_str()),
            ("vendor/astral-sh__uv", "")
        );
        let copilot = f
            .scope_of("vendor/draw/.github/copilot-instructions.md")
            .unwrap();
        assert_eq!(copilot.subdir, "");
    }

    #[test]
    fn project_files_apply_in_their_project_only() {
        let f = folders();
        let uv = f.scope_of("vendor/astral-sh__uv/AGENTS.md").unwrap();
        assert!(uv.applies(Some("uv"), Some("crates/uv/src/lib.rs")));
        assert!(uv.applies(Some("UV"), None));
        assert!(!uv.applies(Some("ruff"), Some("crates/uv/src/lib.rs")));
        assert!(!uv.applies(None, None));
        let draw = f
            .scope_of("vendor/draw/.github/copilot-instructions.md")
            .unwrap();
        assert!(draw.applies(Some("draw"), Some("src/a.tsx")));
    }

    #[test]
    fn nested_instructions_apply_under_their_directory() {
        let f = folders();
        let cli = f
            .scope_of("vendor/acme__web/packages/cli/GEMINI.md")
            .unwrap();
        assert_eq!(cli.depth(), 2);
        assert!(cli.applies(Some("web"), Some("packages/cli/src/ui/Footer.tsx")));
        assert!(!cli.applies(Some("web"), Some("packages/core/src/a.ts")));
        assert!(!cli.applies(Some("web"), None));
        let root = f.scope_of("vendor/acme__web/GEMINI.md").unwrap();
        assert!(root.applies(Some("web"), Some("packages/core/src/a.ts")));
    }

    #[test]
    fn a_monorepo_directory_can_name_the_folder() {
        let f = folders();
        let backend = f.scope_of("backend/CLAUDE.md").unwrap();
        assert!(backend.applies(Some("myapp"), Some("backend/src/main.rs")));
        assert!(!backend.applies(Some("myapp"), Some("frontend/src/main.ts")));
        assert!(backend.applies(Some("backend"), None));
    }
}
