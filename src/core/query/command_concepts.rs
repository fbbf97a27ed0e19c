//! What a version-control or package-manager command writes, in the words conventions use
//! for it: `git commit` writes a commit message, `gh pr create` a pull request's description,
//! `git checkout -b` names a branch, `pnpm add` changes the project's dependencies. The
//! command's own words (`commit`, `pr`, `-b`, `add`) seldom say so, and the conventions about
//! those artifacts are written in these words.

use super::command::{basename, program_position, simple_commands};

/// One kind of command: its program, the subcommand words that must follow it in order (flags
/// between them skipped), flags of which one must appear when any are listed, and the words
/// conventions use for what it writes.
struct CommandConcept {
    program: &'static str,
    subcommands: &'static [&'static str],
    any_flag: &'static [&'static str],
    words: &'static [&'static str],
}

// Each starts with `git`: what these commands write belongs to the repository's git workflow,
// and conventions about it are written under that name (a "git workflow", "git conventions").
const COMMIT_MESSAGE: &[&str] = &["git", "commit", "message", "description"];
const PULL_REQUEST: &[&str] = &["git", "pull", "request", "description"];
const MERGE_REQUEST: &[&str] = &["git", "merge", "request", "description"];
const BRANCH_NAME: &[&str] = &["git", "branch", "naming"];
const RELEASE_TAG: &[&str] = &["git", "release", "tag", "version"];
// What a package manager changes: the project's dependencies, in the words a convention
// about adding, removing or installing them uses.
const DEPENDENCIES: &[&str] = &["install", "packages", "dependencies"];

const fn concept(
    program: &'static str,
    subcommands: &'static [&'static str],
    any_flag: &'static [&'static str],
    words: &'static [&'static str],
) -> CommandConcept {
    CommandConcept {
        program,
        subcommands,
        any_flag,
        words,
    }
}

const CONCEPTS: &[CommandConcept] = &[
    concept("git", &["commit"], &[], COMMIT_MESSAGE),
    concept("git", &["checkout"], &["-b", "-B"], BRANCH_NAME),
    concept("git", &["switch"], &["-c", "-C", "--create"], BRANCH_NAME),
    concept("git", &["merge"], &[], &["git", "merge", "branch"]),
    concept("git", &["rebase"], &[], &["git", "rebase", "branch"]),
    concept("git", &["tag"], &[], RELEASE_TAG),
    concept("gh", &["pr", "create"], &[], PULL_REQUEST),
    concept("gh", &["pr", "edit"], &[], PULL_REQUEST),
    concept("gh", &["release", "create"], &[], RELEASE_TAG),
    concept("glab", &["mr", "create"], &[], MERGE_REQUEST),
    concept("npm", &["install"], &[], DEPENDENCIES),
    concept("npm", &["i"], &[], DEPENDENCIES),
    concept("npm", &["uninstall"], &[], DEPENDENCIES),
    concept("pnpm", &["add"], &[], DEPENDENCIES),
    concept("pnpm", &["install"], &[], DEPENDENCIES),
    concept("pnpm", &["i"], &[], DEPENDENCIES),
    concept("pnpm", &["remove"], &[], DEPENDENCIES),
    concept("yarn", &["add"], &[], DEPENDENCIES),
    concept("yarn", &["remove"], &[], DEPENDENCIES),
    concept("bun", &["add"], &[], DEPENDENCIES),
    concept("bun", &["remove"], &[], DEPENDENCIES),
    concept("pip", &["install"], &[], DEPENDENCIES),
    concept("pip", &["uninstall"], &[], DEPENDENCIES),
    concept("uv", &["add"], &[], DEPENDENCIES),
    concept("uv", &["remove"], &[], DEPENDENCIES),
    concept("poetry", &["add"], &[], DEPENDENCIES),
    concept("poetry", &["remove"], &[], DEPENDENCIES),
    concept("cargo", &["add"], &[], DEPENDENCIES),
    concept("cargo", &["remove"], &[], DEPENDENCIES),
    concept("go", &["get"], &[], DEPENDENCIES),
    concept("bundle", &["add"], &[], DEPENDENCIES),
    concept("gem", &["install"], &[], DEPENDENCIES),
    concept("composer", &["require"], &[], DEPENDENCIES),
    concept("composer", &["remove"], &[], DEPENDENCIES),
    concept("dotnet", &["add", "package"], &[], DEPENDENCIES),
];

/// The concept words of every simple command in `command`, in order, each once.
pub fn command_concepts(command: &str) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Vec::new();
    for simple in simple_commands(command) {
        let Some(start) = program_position(&simple) else {
            continue;
        };
        let program = basename(&simple[start]);
        let args = &simple[start + 1..];
        for concept in CONCEPTS {
            if concept.program == program && matches(concept, args) {
                for word in concept.words {
                    if !words.contains(word) {
                        words.push(word);
                    }
                }
            }
        }
    }
    words
}

/// Whether `args` (the words after the program) start with the concept's subcommands, flags
/// aside, and hold one of its flags when it lists any.
fn matches(concept: &CommandConcept, args: &[String]) -> bool {
    let mut positional = args.iter().filter(|a| !a.starts_with('-'));
    let subcommands_match = concept
        .subcommands
        .iter()
        .all(|sub| positional.next().is_some_and(|word| word == sub));
    subcommands_match
        && (concept.any_flag.is_empty()
            || args.iter().any(|a| concept.any_flag.contains(&a.as_str())))
}

#[cfg(test)]
mod tests {
    use super::command_concepts;

    #[test]
    fn what_a_command_writes_is_named() {
        assert_eq!(
            command_concepts("git add -A && git commit -m 'wip'"),
            ["git", "commit", "message", "description"]
        );
        assert_eq!(
            command_concepts("gh pr create --base main --title x --body-file b.md"),
            ["git", "pull", "request", "description"]
        );
        assert_eq!(
            command_concepts("git checkout -b feature/login"),
            ["git", "branch", "naming"]
        );
        assert_eq!(
            command_concepts("git switch -c fix-123"),
            ["git", "branch", "naming"]
        );
        assert_eq!(
            command_concepts("glab mr create --fill"),
            ["git", "merge", "request", "description"]
        );
    }

    #[test]
    fn package_managers_change_the_dependencies() {
        for command in [
            "cd web && yarn add left-pad",
            "pip install -r requirements.txt",
            "cargo add serde --features derive",
            "go get example.com/mod@v1.2.3",
            "dotnet add package Serilog",
            "npm i",
        ] {
            assert_eq!(
                command_concepts(command),
                ["install", "packages", "dependencies"],
                "{command}"
            );
        }
        for command in ["cargo build", "go test ./...", "npm run build", "pip list"] {
            assert!(command_concepts(command).is_empty(), "{command}");
        }
    }

    #[test]
    fn commands_that_write_nothing_of_the_kind_add_no_words() {
        for command in [
            "git status",
            "git checkout main",
            "git log --oneline -5",
            "gh pr view 12",
            "gh pr list",
            "echo git commit",
            "cargo test",
        ] {
            assert!(command_concepts(command).is_empty(), "{command}");
        }
    }

    #[test]
    fn assignments_and_wrappers_before_the_program_are_skipped() {
        assert_eq!(
            command_concepts("GIT_EDITOR=true git commit --amend"),
            ["git", "commit", "message", "description"]
        );
        assert_eq!(
            command_concepts("sudo git commit -am fix"),
            ["git", "commit", "message", "description"]
        );
    }
}
