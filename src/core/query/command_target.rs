//! Where in a monorepo a command works without changing the shell's folder: a directory given
//! to the tool (`pnpm -C apps/web test`, `make -C docs`) or a workspace package it selects by
//! name (`pnpm --filter webapp build`, `cargo test -p api`, `npm test -w web`, `nx test api`).
//! Nested guides of that folder apply to the command as they do to an edit there.

use super::command::{basename, leading_directory, program_position, simple_commands};
use super::path::languages_for_path;

/// What a command names as the place it works in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandTarget {
    /// A directory, as written (relative to the working directory, or absolute).
    Folder(String),
    /// A workspace package's name, without an npm scope (`@acme/web` → `web`).
    Package(String),
}

/// Options that give the tool a directory to work in, by program.
const FOLDER_OPTIONS: &[(&str, &[&str])] = &[
    ("pnpm", &["-C", "--dir"]),
    ("npm", &["--prefix"]),
    ("yarn", &["--cwd"]),
    ("bun", &["--cwd"]),
    ("make", &["-C", "--directory"]),
    ("go", &["-C"]),
    ("uv", &["--directory", "--project"]),
    ("just", &["--working-directory", "-d"]),
];

/// Options that select a workspace package by name, by program. pnpm's `-w` is not one (it
/// means the workspace root), npm's is.
const PACKAGE_OPTIONS: &[(&str, &[&str])] = &[
    ("pnpm", &["--filter", "-F"]),
    ("turbo", &["--filter", "-F"]),
    ("bun", &["--filter"]),
    ("npm", &["--workspace", "-w"]),
    ("cargo", &["--package", "-p"]),
    ("uv", &["--package"]),
];

/// Where `command` works, as written: the folder it changes into first (`cd apps/web &&`),
/// else the place it names (see [`command_target`]).
pub fn command_place(command: &str) -> Option<CommandTarget> {
    leading_directory(command)
        .map(CommandTarget::Folder)
        .or_else(|| command_target(command))
}

/// The first place any simple command of `command` names (see [`CommandTarget`]); None when
/// none does, or when a package selector is a pattern (`--filter "./packages/*"`,
/// `--filter !web`) rather than one package.
pub fn command_target(command: &str) -> Option<CommandTarget> {
    simple_commands(command).iter().find_map(|words| {
        let start = program_position(words)?;
        target_of(basename(&words[start]), &words[start + 1..])
    })
}

fn target_of(program: &str, args: &[String]) -> Option<CommandTarget> {
    // Nx run through a package manager (`pnpm nx test api`, `npx nx build web`).
    if matches!(program, "pnpm" | "npx" | "yarn" | "bunx" | "pnpx")
        && let Some((first, rest)) = args.split_first()
        && first == "nx"
    {
        return nx_project(rest);
    }
    if program == "nx" {
        return nx_project(args);
    }
    let options_of = |table: &[(&str, &'static [&'static str])]| {
        table
            .iter()
            .find(|(p, _)| *p == program)
            .map_or(&[][..], |(_, options)| *options)
    };
    let (folder_options, package_options) =
        (options_of(FOLDER_OPTIONS), options_of(PACKAGE_OPTIONS));
    if program == "yarn"
        && let [sub, name, ..] = args
        && sub == "workspace"
    {
        return package(name);
    }
    for (i, arg) in args.iter().enumerate() {
        let (option, inline) = match arg.split_once('=') {
            Some((option, value)) if option.starts_with("--") => (option, Some(value)),
            _ => (arg.as_str(), None),
        };
        let value = || inline.or_else(|| args.get(i + 1).map(String::as_str));
        if folder_options.contains(&option) {
            return value()
                .filter(|v| plain_path(v))
                .map(|v| CommandTarget::Folder(v.to_string()));
        }
        if package_options.contains(&option) {
            return value().and_then(package);
        }
    }
    go_package_folder(program, args).or_else(|| source_files_folder(args))
}

/// Most arguments looked at for source files: a command naming more works across the tree.
const MAX_FILE_ARGUMENTS: usize = 64;

/// The folder the source files a command names lie in (`pytest tests/api/test_orders.py`,
/// `php artisan test tests/Unit/SignupTest.php`, `rubocop app/models/user.rb`): the deepest
/// folder holding all of them. Only files in a language count (a branch `origin/main`, a
/// URL, an option's value are none), and files at the top name no folder.
fn source_files_folder(args: &[String]) -> Option<CommandTarget> {
    let folders: Vec<Vec<&str>> = args
        .iter()
        .take(MAX_FILE_ARGUMENTS)
        .filter(|a| !a.starts_with('-') && !a.contains("://") && plain_path(a))
        .map(|a| a.split("::").next().unwrap_or(a).trim_start_matches("./"))
        .filter(|a| a.contains('/') && !a.contains(['=', ':', '@']) && !a.starts_with("../"))
        .filter(|a| !languages_for_path(a).is_empty())
        .map(|a| {
            let mut parts: Vec<&str> = a.split('/').collect();
            parts.pop();
            parts
        })
        .collect();
    let (first, rest) = folders.split_first()?;
    let mut common: &[&str] = first;
    for other in rest {
        let shared = common
            .iter()
            .zip(other.iter())
            .take_while(|(a, b)| a == b)
            .count();
        common = &common[..shared];
    }
    let folder = common.join("/");
    (!folder.is_empty()).then_some(CommandTarget::Folder(folder))
}

/// The one project an Nx command runs a target of: `nx test api`, `nx run api:test`,
/// `nx build web --prod`. `nx affected`, `nx run-many` and a target with no project name
/// no one project.
fn nx_project(args: &[String]) -> Option<CommandTarget> {
    let mut words = args.iter().filter(|a| !a.starts_with('-'));
    let target = words.next()?;
    if target == "run" {
        let spec = words.next()?;
        let (project, _) = spec.split_once(':')?;
        return package(project);
    }
    if matches!(
        target.as_str(),
        "affected"
            | "run-many"
            | "graph"
            | "show"
            | "reset"
            | "daemon"
            | "format"
            | "format:write"
            | "format:check"
            | "generate"
            | "g"
            | "migrate"
            | "release"
            | "init"
            | "list"
    ) {
        return None;
    }
    words.next().and_then(|project| package(project))
}

/// The go tool's subcommands that take package patterns.
const GO_PACKAGE_COMMANDS: &[&str] =
    &["test", "build", "vet", "run", "generate", "install", "list"];

/// The folder of the one package pattern a go tool command names below the working directory
/// (`go test ./services/billing/...` → `services/billing`): the packages it works on live
/// there. Several patterns, or one of the whole tree (`./...`), name no one folder.
fn go_package_folder(program: &str, args: &[String]) -> Option<CommandTarget> {
    let (sub, rest) = args.split_first()?;
    if program != "go" || !GO_PACKAGE_COMMANDS.contains(&sub.as_str()) {
        return None;
    }
    let mut patterns = rest
        .iter()
        .filter(|a| a.starts_with("./") && !a.ends_with(".go"));
    let pattern = patterns.next()?;
    if patterns.next().is_some() {
        return None;
    }
    let folder = pattern
        .trim_start_matches("./")
        .trim_end_matches("...")
        .trim_end_matches('/');
    (!folder.is_empty() && plain_path(folder)).then(|| CommandTarget::Folder(folder.to_string()))
}

/// A package selector as one package: pnpm's graph marks (`web...`, `...web`, `^web`) and
/// braces around a path (`{./apps/web}`) removed; a path is a folder.
fn package(selector: &str) -> Option<CommandTarget> {
    let bare = selector
        .trim_start_matches('^')
        .trim_start_matches("...")
        .trim_end_matches("...");
    let bare = bare
        .strip_prefix('{')
        .and_then(|b| b.strip_suffix('}'))
        .unwrap_or(bare);
    if bare.is_empty() || bare.starts_with('!') || bare.contains(['*', '?', '[', '$', '`']) {
        return None;
    }
    if bare.starts_with('.') || (bare.contains('/') && !bare.starts_with('@')) {
        return plain_path(bare).then(|| CommandTarget::Folder(bare.to_string()));
    }
    let name = bare.rsplit('/').next().unwrap_or(bare);
    (!name.is_empty()).then(|| CommandTarget::Package(name.to_string()))
}

/// A directory the shell would not expand.
fn plain_path(value: &str) -> bool {
    !value.is_empty() && !value.starts_with(['~', '$', '-']) && !value.contains(['*', '?', '`'])
}

/// The folder among `folders` (relative to the repository root) that a workspace package
/// `name` most likely lives in: the one folder whose last part is the name. None when no
/// folder or several are (`apps/web` and `docs/web`): guessing would put the call in the
/// wrong place.
pub fn folder_of_package<'a>(
    name: &str,
    folders: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut found: Option<&str> = None;
    for folder in folders {
        let last = folder.rsplit('/').next().unwrap_or(folder);
        if !last.eq_ignore_ascii_case(name) {
            continue;
        }
        match found {
            Some(other) if other != folder => return None,
            _ => found = Some(folder),
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(f: &str) -> Option<CommandTarget> {
        Some(CommandTarget::Folder(f.into()))
    }

    fn package(p: &str) -> Option<CommandTarget> {
        Some(CommandTarget::Package(p.into()))
    }

    #[test]
    fn a_directory_given_to_the_tool_is_where_it_works() {
        assert_eq!(
            command_target("pnpm -C packages/api lint"),
            folder("packages/api")
        );
        assert_eq!(
            command_target("pnpm --dir=packages/api lint"),
            folder("packages/api")
        );
        assert_eq!(command_target("make -C docs html"), folder("docs"));
        assert_eq!(command_target("npm --prefix ui ci"), folder("ui"));
        assert_eq!(
            command_target("go -C tools/gen generate ./..."),
            folder("tools/gen")
        );
        // The shell would expand it: no place known.
        assert_eq!(command_target("make -C $DIR"), None);
    }

    #[test]
    fn an_nx_target_names_its_project() {
        assert_eq!(command_target("nx test billing"), package("billing"));
        assert_eq!(
            command_target("pnpm nx lint storefront --fix"),
            package("storefront")
        );
        assert_eq!(
            command_target("npx nx run billing:build"),
            package("billing")
        );
        assert_eq!(
            command_target("nx build --prod storefront"),
            package("storefront")
        );
        // Many projects, or none named: no one place.
        assert_eq!(command_target("nx affected -t test"), None);
        assert_eq!(command_target("pnpm nx run-many -t lint"), None);
        assert_eq!(command_target("nx test"), None);
    }

    #[test]
    fn a_go_package_pattern_names_its_folder() {
        assert_eq!(
            command_target("go test ./internal/payments/... -race"),
            folder("internal/payments")
        );
        assert_eq!(command_target("go vet ./cmd/server"), folder("cmd/server"));
        // The whole tree, several patterns, or files: no one folder.
        assert_eq!(command_target("go test ./..."), None);
        assert_eq!(command_target("go test ./a/... ./b/..."), None);
        assert_eq!(command_target("go run ./main.go"), None);
        assert_eq!(command_target("go mod tidy"), None);
    }

    #[test]
    fn a_workspace_package_selected_by_name_is_where_the_command_works() {
        assert_eq!(
            command_target("pnpm --filter billing build"),
            package("billing")
        );
        assert_eq!(
            command_target("pnpm build --filter=@acme/billing"),
            package("billing")
        );
        assert_eq!(
            command_target("pnpm -F billing... test"),
            package("billing")
        );
        assert_eq!(
            command_target("turbo run lint --filter ^billing"),
            package("billing")
        );
        assert_eq!(command_target("npm test -w billing"), package("billing"));
        assert_eq!(
            command_target("yarn workspace @acme/billing add zod"),
            package("billing")
        );
        assert_eq!(
            command_target("cargo clippy -p ledger-core --all-targets"),
            package("ledger-core")
        );
        assert_eq!(
            command_target("RUST_LOG=debug cargo test --package=ledger"),
            package("ledger")
        );
        assert_eq!(
            command_target("pnpm --filter ./services/billing test"),
            folder("./services/billing")
        );
        assert_eq!(
            command_target("pnpm --filter {services/billing} test"),
            folder("services/billing")
        );
    }

    #[test]
    fn selectors_of_many_packages_and_other_flags_name_no_place() {
        assert_eq!(command_target("pnpm --filter './packages/*' build"), None);
        assert_eq!(command_target("pnpm --filter !docs build"), None);
        // pnpm's -w is the workspace root, not a package.
        assert_eq!(command_target("pnpm add -w zod"), None);
        assert_eq!(command_target("cargo test --workspace"), None);
        assert_eq!(command_target("git status && ls -p"), None);
        assert_eq!(command_target(""), None);
    }

    #[test]
    fn the_source_files_a_command_names_put_it_in_their_folder() {
        assert_eq!(
            command_target("pytest billing/tests/test_refunds.py::test_partial -x"),
            folder("billing/tests")
        );
        assert_eq!(
            command_target("bundle exec rspec spec/models/user_spec.rb spec/models/plan_spec.rb"),
            folder("spec/models")
        );
        assert_eq!(
            command_target("eslint web/src/a.ts web/lib/b.ts"),
            folder("web")
        );
        // Files in no shared folder, at the top, or no files: no place.
        assert_eq!(command_target("eslint web/a.ts api/b.ts"), None);
        assert_eq!(command_target("python manage.py migrate"), None);
        assert_eq!(command_target("git checkout origin/main"), None);
        assert_eq!(
            command_target("curl https://example.com/api/v1/a.json"),
            None
        );
        assert_eq!(command_target("cat ../other/x.py"), None);
    }

    #[test]
    fn a_package_lives_in_the_one_folder_named_for_it() {
        let folders = ["", "apps/billing", "apps/portal", "libs/billing-client"];
        assert_eq!(folder_of_package("billing", folders), Some("apps/billing"));
        assert_eq!(folder_of_package("Portal", folders), Some("apps/portal"));
        assert_eq!(folder_of_package("ledger", folders), None);
        assert_eq!(
            folder_of_package("billing", ["apps/billing", "apps/billing", "docs/billing"]),
            None
        );
        assert_eq!(
            folder_of_package("billing", ["apps/billing", "apps/billing"]),
            Some("apps/billing")
        );
    }
}
