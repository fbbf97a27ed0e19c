//! What a project is built with, from its root files: the manifests (`package.json`,
//! `pyproject.toml`, `go.mod`, `*.csproj`, ...) and marker files (`next.config.ts`,
//! `nest-cli.json`) in the folders of the touched file up to the working directory (a
//! monorepo's package, a .NET project below its solution), and in the working directory and
//! the folders above it up to the repository root; at the repository's top with nothing
//! touched, also in the folders one or two levels down that hold root files of their own (a
//! monorepo's parts). What each folder showed is remembered beside the session ledgers and
//! read again only when the folder's stamps say it changed.

use std::path::{Path, PathBuf};

use crate::core::query::{CommandTarget, ManifestFindings, TechnologyTable, command_place};
use crate::storage::file_stamps::now_ns;
use crate::storage::project_cache::{CachedFolder, FolderFacts, ProjectCache};
use crate::storage::project_files::{is_repository_root, part_folders, read_root_files};

/// Most folders looked at from the working directory upwards.
const MAX_LEVELS: usize = 6;
/// Most folders looked at from the touched file's folder up to the working directory: a
/// JVM or Swift source sits a dozen folders below its module's build file
/// (`android/app/src/main/java/com/acme/shop/ui/cart/`), and that build file says what the
/// module is built with.
const MAX_TOUCHED_LEVELS: usize = 14;

/// The technologies and languages the root files show: of the folders between `touched`
/// (the touched file's folder, if any) and `cwd`, then of `cwd` and the folders above it,
/// stopping at the repository root (a folder holding `.git`), at `top` (the folder of
/// lore.toml) or after [`MAX_LEVELS`] folders. With a `cache`, a folder is read again only
/// when its stamps no longer hold.
pub fn project_facts(
    cwd: &Path,
    touched: Option<&Path>,
    top: Option<&Path>,
    table: &TechnologyTable,
    cache: Option<&ProjectCache>,
) -> ManifestFindings {
    project_facts_at(cwd, touched, (top, None), table, cache, now_ns())
}

/// [`project_facts`] for a repository whose knowledge dir is `knowledge_dir`: never one of a
/// monorepo's parts, and often the largest folder at its top, so it is not looked into.
pub fn project_facts_beside(
    cwd: &Path,
    touched: Option<&Path>,
    top: Option<&Path>,
    knowledge_dir: &Path,
    table: &TechnologyTable,
    cache: Option<&ProjectCache>,
) -> ManifestFindings {
    project_facts_at(
        cwd,
        touched,
        (top, Some(knowledge_dir)),
        table,
        cache,
        now_ns(),
    )
}

/// [`project_facts`] with the folders read at `now` (nanoseconds since the epoch); `(top,
/// knowledge_dir)`: where the search up stops, and the folder never read as a part.
fn project_facts_at(
    cwd: &Path,
    touched: Option<&Path>,
    (top, knowledge_dir): (Option<&Path>, Option<&Path>),
    table: &TechnologyTable,
    cache: Option<&ProjectCache>,
    now: i64,
) -> ManifestFindings {
    let mut folders: Vec<&Path> = Vec::new();
    if let Some(touched) = touched.filter(|t| t.starts_with(cwd) && *t != cwd) {
        folders.extend(
            touched
                .ancestors()
                .take_while(|dir| *dir != cwd)
                .take(MAX_TOUCHED_LEVELS),
        );
    }
    for dir in cwd.ancestors().take(MAX_LEVELS) {
        folders.push(dir);
        if is_repository_root(dir) || top.is_some_and(|top| top == dir) {
            break;
        }
    }
    // At the repository's top with nothing touched (a session start, a prompt), a monorepo's
    // root says little of what its parts are written in: their own root files count too.
    let sub_projects = match touched {
        None if is_repository_root(cwd) || top.is_some_and(|top| top == cwd) => {
            sub_project_folders(cwd, knowledge_dir, table)
        }
        _ => Vec::new(),
    };
    folders.extend(sub_projects.iter().map(PathBuf::as_path));
    let mut known: FolderFacts = cache.map(ProjectCache::load).unwrap_or_default();
    let mut read_any = false;
    let mut facts = ManifestFindings::default();
    let mut below: Option<Vec<String>> = None;
    for dir in folders {
        let key = dir.to_string_lossy().into_owned();
        let found = match known.get(&key) {
            Some(cached) if cached.stamps.still_hold(dir) => cached.facts.clone(),
            _ => {
                let below = below.get_or_insert_with(|| files_below_root(table));
                let cached = folder_facts(dir, table, below, now);
                let found = cached.facts.clone();
                known.insert(key, cached);
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

/// Longest command whose folder is looked for (see [`command_folder`]).
const MAX_COMMAND_BYTES: usize = 16 * 1024;

/// The folder below `cwd` a shell command works in, for reading its project's root files
/// as a touched file's are: the folder it changes into or gives its tool (`cd apps/web &&`,
/// `pnpm -C apps/web`), or the monorepo part it selects by package name (`nx test api`,
/// `cargo test -p store`), found among the parts by folder name. Without it a command at a
/// monorepo's top has every part's stack, and `nx test api` searched the web app's Angular.
/// None when the command names no place, or no part or several share the name.
pub fn command_folder(
    cwd: &Path,
    command: &str,
    knowledge_dir: Option<&Path>,
    table: &TechnologyTable,
) -> Option<PathBuf> {
    // A command this long is a script or a heredoc, not one run in a folder; reading it
    // again would cost the hook its deadline.
    if command.len() > MAX_COMMAND_BYTES {
        return None;
    }
    match command_place(command)? {
        CommandTarget::Folder(folder) => Some(cwd.join(folder)),
        CommandTarget::Package(name) => {
            let parts = sub_project_folders(cwd, knowledge_dir, table);
            let mut named = parts
                .into_iter()
                .filter(|dir| dir.file_name().and_then(|n| n.to_str()) == Some(name.as_str()));
            let first = named.next()?;
            named.next().is_none().then_some(first)
        }
    }
}

/// Most folders below the top read as sub-projects.
const MAX_SUB_PROJECTS: usize = 24;
/// Most folders listed while looking for them.
const MAX_LISTED: usize = 64;
/// Folders that hold what a build or a package manager put there, never a project's own.
const NOT_PROJECTS: &[&str] = &[
    "bin",
    "build",
    "dist",
    "node_modules",
    "obj",
    "out",
    "target",
    "vendor",
    "venv",
];

/// The folders one or two levels below `top` that hold root files of their own
/// (`services/api/Api.csproj`, `apps/admin/Gemfile`, `cli/go.mod`), in name order (see
/// `storage::project_files::part_folders`).
fn sub_project_folders(
    top: &Path,
    knowledge_dir: Option<&Path>,
    table: &TechnologyTable,
) -> Vec<PathBuf> {
    part_folders(
        top,
        |name| table.is_root_file(name),
        |dir| NOT_PROJECTS.iter().any(|n| dir.ends_with(n)) || knowledge_dir == Some(dir),
        MAX_SUB_PROJECTS,
        MAX_LISTED,
    )
}

/// The root files worth reading that sit one folder down (`gradle/libs.versions.toml`).
fn files_below_root(table: &TechnologyTable) -> Vec<String> {
    table
        .root_file_names()
        .into_iter()
        .filter(|name| name.contains('/'))
        .collect()
}

/// What one folder's root files show, with their stamps; `below` from [`files_below_root`].
fn folder_facts(dir: &Path, table: &TechnologyTable, below: &[String], now: i64) -> CachedFolder {
    let read = read_root_files(dir, |name| table.is_root_file(name), below, now);
    let mut facts = ManifestFindings::default();
    for (name, text) in read.files {
        let found = table.in_manifest(&name, &text);
        extend_unique(&mut facts.technologies, found.technologies);
        extend_unique(&mut facts.languages, found.languages);
    }
    CachedFolder {
        stamps: read.stamps,
        facts,
    }
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

    /// An empty folder marked as a git repository's top.
    fn git_repository() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        dir
    }

    fn write_below(repo: &Path, rel: &str, text: &str) {
        let path = repo.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

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
    fn a_command_naming_a_part_of_a_monorepo_has_that_part_s_stack_only() {
        let dir = git_repository();
        let repo = dir.path();
        let write = |rel: &str, text: &str| write_below(repo, rel, text);
        write("package.json", r#"{"name": "shop", "private": true}"#);
        write(
            "services/billing/package.json",
            r#"{"dependencies": {"express": "4"}}"#,
        );
        write("services/storefront/Gemfile", "gem 'rails'\n");
        write("tools/storefront/go.mod", "module x\n\ngo 1.22\n");
        let table = TechnologyTable::builtin();
        let facts = |command: &str| {
            let folder = command_folder(repo, command, None, &table);
            project_facts(repo, folder.as_deref(), None, &table, None)
        };
        for command in [
            "pnpm --filter billing test",
            "cd services/billing && npm test",
            "pnpm -C services/billing run lint",
            "npx nx test billing",
        ] {
            let found = facts(command);
            assert!(
                found.technologies.contains(&"express".to_string()),
                "{command}: {found:?}"
            );
            assert!(
                !found.technologies.contains(&"rails".to_string()),
                "{command}: {found:?}"
            );
        }
        // Naming no part, or a name two parts share, keeps every part's stack.
        for command in ["pnpm test", "pnpm --filter storefront test"] {
            let found = facts(command);
            assert!(
                found.technologies.contains(&"rails".to_string()),
                "{command}: {found:?}"
            );
            assert!(
                found.technologies.contains(&"express".to_string()),
                "{command}: {found:?}"
            );
        }
    }

    #[test]
    fn at_a_monorepo_s_top_its_parts_root_files_count_for_what_touches_no_file() {
        let dir = git_repository();
        let repo = dir.path();
        let write = |rel: &str, text: &str| write_below(repo, rel, text);
        write(
            "pom.xml",
            "<project><artifactId>shop</artifactId></project>\n",
        );
        write("apps/admin/Gemfile", "gem 'rails'\n");
        write("cli/go.mod", "module example.com/cli\n\ngo 1.22\n");
        // What a build or a tool left is no part of the project.
        write(
            "node_modules/left-pad/package.json",
            r#"{"dependencies": {"next": "15"}}"#,
        );
        write(".cache/pyproject.toml", "[project]\nname = \"x\"\n");
        let table = TechnologyTable::builtin();
        let whole = project_facts(repo, None, None, &table, None);
        for language in ["java", "ruby", "go"] {
            assert!(whole.languages.contains(&language.to_string()), "{whole:?}");
        }
        assert!(
            whole.technologies.contains(&"rails".to_string()),
            "{whole:?}"
        );
        assert!(
            !whole.technologies.contains(&"nextjs".to_string()),
            "{whole:?}"
        );
        assert!(
            !whole.languages.contains(&"python".to_string()),
            "{whole:?}"
        );
        // The knowledge dir is no part of the project, whatever it holds.
        write(
            "patterns/tooling/pyproject.toml",
            "[project]\nname = \"x\"\n",
        );
        assert!(
            project_facts(repo, None, None, &table, None)
                .languages
                .contains(&"python".to_string())
        );
        let beside = project_facts_beside(repo, None, None, &repo.join("patterns"), &table, None);
        assert!(
            !beside.languages.contains(&"python".to_string()),
            "{beside:?}"
        );
        assert!(beside.languages.contains(&"ruby".to_string()), "{beside:?}");
        // A touched file is in one part: the others' files say nothing of it.
        let touched = repo.join("cli/cmd");
        std::fs::create_dir_all(&touched).unwrap();
        let one = project_facts(repo, Some(&touched), None, &table, None);
        assert!(one.languages.contains(&"go".to_string()), "{one:?}");
        assert!(!one.languages.contains(&"ruby".to_string()), "{one:?}");
    }

    #[test]
    fn a_file_whose_name_says_the_language_shows_a_part() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path();
        std::fs::create_dir(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("apps/watch")).unwrap();
        std::fs::write(
            repo.join("apps/watch/Package.swift"),
            "// swift-tools-version:5.9\nimport PackageDescription\n",
        )
        .unwrap();
        std::fs::write(repo.join("package.json"), r#"{"name": "tide"}"#).unwrap();
        let facts = project_facts(repo, None, None, &TechnologyTable::builtin(), None);
        assert!(facts.languages.contains(&"swift".to_string()), "{facts:?}");
        assert!(
            facts.languages.contains(&"javascript".to_string()),
            "{facts:?}"
        );
    }

    #[test]
    fn a_deep_source_file_finds_its_modules_build_file() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path();
        std::fs::create_dir(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("mobile/app")).unwrap();
        std::fs::write(
            repo.join("mobile/app/build.gradle.kts"),
            "dependencies {\n    implementation(\"androidx.compose.ui:ui:1.7.0\")\n}\n",
        )
        .unwrap();
        // Nine folders between the source file and its module's build file.
        let source = repo.join("mobile/app/src/main/kotlin/org/tidepool/app/ui/cart");
        std::fs::create_dir_all(&source).unwrap();
        let table = TechnologyTable::builtin();
        let facts = project_facts(repo, Some(&source), None, &table, None);
        assert!(
            facts.technologies.contains(&"jetpack-compose".to_string()),
            "{facts:?}"
        );
    }

    #[test]
    fn a_folder_is_read_again_only_when_its_root_files_change() {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path().join("p");
        std::fs::create_dir(&project).unwrap();
        std::fs::write(project.join("Gemfile"), "gem 'rails'\n").unwrap();
        let table = TechnologyTable::builtin();
        let cache = ProjectCache::new(dir.path(), &project, table.fingerprint());
        // Well after the files were written, so their stamps are trusted.
        let later = now_ns() + 10_000_000_000;
        let facts = || {
            project_facts_at(
                &project,
                None,
                (Some(&project), None),
                &table,
                Some(&cache),
                later,
            )
        };
        let first = facts();
        assert!(
            first.technologies.contains(&"rails".to_string()),
            "{first:?}"
        );

        // While the stamps hold, the remembered facts are used: doctor them to see it.
        let mut folders = cache.load();
        let key = project.to_string_lossy().into_owned();
        folders.get_mut(&key).unwrap().facts.technologies = vec!["sinatra".into()];
        cache.store(&folders);
        assert_eq!(facts().technologies, ["sinatra"]);

        std::fs::write(project.join("Gemfile"), "gem 'rails'\ngem 'rspec'\n").unwrap();
        let edited = facts();
        assert!(
            edited.technologies.contains(&"rails".to_string()),
            "{edited:?}"
        );
        assert!(
            !edited.technologies.contains(&"sinatra".to_string()),
            "{edited:?}"
        );

        std::fs::remove_file(project.join("Gemfile")).unwrap();
        assert!(facts().technologies.is_empty());
    }
}
