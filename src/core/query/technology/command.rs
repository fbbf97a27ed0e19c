//! Technologies a shell command shows: the program of each simple command (and the program a
//! runner starts: `npx`, `uv run`, `bundle exec`, `python -m`) against the table's command
//! signs, and the packages an install command adds (`npm install express`, `uv add torch`).

use super::super::command::{
    DIRECT_RUNNERS, RUN_SUBCOMMANDS, SUBCOMMAND_RUNNERS, basename, program_position,
    simple_commands,
};
use super::found::Found;
use super::index::COMMANDS;
use super::package;
use super::words::head;
use super::{Ecosystem, TechnologyTable};

/// Commands beyond this many bytes are not read (a heredoc adds nothing).
const MAX_COMMAND_BYTES: usize = 16 * 1024;
/// Most runners followed in a chain (`uv run python -m pytest` follows two).
const MAX_RUNNER_DEPTH: usize = 3;

/// Install commands: program, the subcommand words that add a package, and the registry of
/// the names that follow. Between `dotnet add` and `package` a project path may stand.
const INSTALLS: &[(&str, &[&str], Ecosystem)] = &[
    ("npm", &["install"], Ecosystem::Npm),
    ("npm", &["i"], Ecosystem::Npm),
    ("npm", &["add"], Ecosystem::Npm),
    ("pnpm", &["add"], Ecosystem::Npm),
    ("pnpm", &["install"], Ecosystem::Npm),
    ("pnpm", &["i"], Ecosystem::Npm),
    ("yarn", &["add"], Ecosystem::Npm),
    ("bun", &["add"], Ecosystem::Npm),
    ("bun", &["install"], Ecosystem::Npm),
    ("bun", &["i"], Ecosystem::Npm),
    ("expo", &["install"], Ecosystem::Npm),
    ("pip", &["install"], Ecosystem::PyPI),
    ("uv", &["add"], Ecosystem::PyPI),
    ("uv", &["pip", "install"], Ecosystem::PyPI),
    ("poetry", &["add"], Ecosystem::PyPI),
    ("pdm", &["add"], Ecosystem::PyPI),
    ("pipenv", &["install"], Ecosystem::PyPI),
    ("conda", &["install"], Ecosystem::PyPI),
    ("cargo", &["add"], Ecosystem::Crates),
    ("go", &["get"], Ecosystem::Go),
    ("composer", &["require"], Ecosystem::Packagist),
    ("gem", &["install"], Ecosystem::RubyGems),
    ("bundle", &["add"], Ecosystem::RubyGems),
    ("dotnet", &["add", "package"], Ecosystem::NuGet),
    ("flutter", &["pub", "add"], Ecosystem::Pub),
    ("dart", &["pub", "add"], Ecosystem::Pub),
];

/// Add the technologies `command` runs or installs, in the order its programs appear.
pub(super) fn for_command(table: &TechnologyTable, command: &str, found: &mut Found) {
    for words in simple_commands(head(command, MAX_COMMAND_BYTES)) {
        let Some(mut at) = program_position(&words) else {
            continue;
        };
        for _ in 0..=MAX_RUNNER_DEPTH {
            program_hits(table, &words, at, found);
            match runner_target(&words, at) {
                Some(target) => at = target,
                None => break,
            }
        }
    }
}

/// Add what the program at `words[at]` and its first arguments show.
fn program_hits(table: &TechnologyTable, words: &[String], at: usize, found: &mut Found) {
    let Some(word) = words.get(at) else {
        return;
    };
    let args: Vec<&str> = words[at + 1..]
        .iter()
        .map(String::as_str)
        .filter(|w| !w.starts_with('-'))
        .collect();
    let full = without_version(word);
    let base = basename(full);
    let unversioned = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let mut names = vec![base];
    for other in [full, unversioned] {
        if !other.is_empty() && !names.contains(&other) {
            names.push(other);
        }
    }
    for name in &names {
        if let Some(signs) = COMMANDS.commands.get(name) {
            for (sign_args, id) in signs {
                if starts_with_words(&args, sign_args.iter().copied()) {
                    found.add(*id);
                }
            }
        }
        for (prefix, id) in COMMANDS.command_prefixes {
            if name.len() > prefix.len() && name.starts_with(prefix) {
                found.add(*id);
            }
        }
        for entry in &table.team {
            let named = entry.commands.iter().any(|sign| {
                sign.first().is_some_and(|program| program == name)
                    && starts_with_words(&args, sign[1..].iter().map(String::as_str))
            });
            if named {
                found.add(entry.id);
            }
        }
        installed_packages(table, name, &args, found);
    }
}

/// Whether `args` begin with the sign's words.
fn starts_with_words<'a>(args: &[&str], mut sign: impl Iterator<Item = &'a str>) -> bool {
    let mut args = args.iter();
    sign.all(|word| args.next().is_some_and(|arg| *arg == word))
}

/// Add the packages an install command names (`npm i -D vitest`, `uv add "fastapi[all]"`).
fn installed_packages(table: &TechnologyTable, program: &str, args: &[&str], found: &mut Found) {
    for (install_program, subcommand, ecosystem) in INSTALLS {
        if *install_program != program {
            continue;
        }
        let Some(names_from) = after_subcommand(args, subcommand) else {
            continue;
        };
        for name in &args[names_from..] {
            package::lookup(table, *ecosystem, &package_name(*ecosystem, name), found);
        }
    }
}

/// Where package names start when `args` begin with `subcommand` (one extra word allowed
/// before a later subcommand word, as in `dotnet add App.csproj package X`).
fn after_subcommand(args: &[&str], subcommand: &[&str]) -> Option<usize> {
    let mut k = 0;
    for (n, word) in subcommand.iter().enumerate() {
        if args.get(k) == Some(word) {
            k += 1;
        } else if n > 0 && args.get(k + 1) == Some(word) {
            k += 2;
        } else {
            return None;
        }
    }
    Some(k)
}

/// A package argument without its version or extras (`next@14` → `next`,
/// `fastapi[all]>=0.110` → `fastapi`, `laravel/framework:^11` → `laravel/framework`).
fn package_name(ecosystem: Ecosystem, arg: &str) -> String {
    match ecosystem {
        Ecosystem::PyPI => arg
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
            .collect(),
        Ecosystem::Packagist | Ecosystem::Pub => arg.split(':').next().unwrap_or(arg).to_owned(),
        _ => without_version(arg).to_owned(),
    }
}

/// A word without an `@version` suffix (`create-next-app@latest`, `@nestjs/cli@10`).
fn without_version(word: &str) -> &str {
    let from = usize::from(word.starts_with('@'));
    match word[from..].find('@') {
        Some(at) if at > 0 => &word[..from + at],
        _ => word,
    }
}

/// The position of the program a runner at `words[at]` starts, if it is a runner.
fn runner_target(words: &[String], at: usize) -> Option<usize> {
    let program = basename(words.get(at)?);
    let non_flags = |from: usize| {
        words
            .iter()
            .enumerate()
            .skip(from)
            .filter(|(_, w)| !w.starts_with('-'))
            .map(|(i, _)| i)
    };
    if DIRECT_RUNNERS.contains(&program) {
        return non_flags(at + 1).next();
    }
    if SUBCOMMAND_RUNNERS.contains(&program) {
        let mut rest = non_flags(at + 1);
        let sub = rest.next()?;
        return RUN_SUBCOMMANDS
            .contains(&words.get(sub)?.as_str())
            .then(|| rest.next())
            .flatten();
    }
    if program.starts_with("python") {
        let m = words.iter().skip(at + 1).position(|w| w == "-m")?;
        let target = at + 1 + m + 1;
        return (target < words.len()).then_some(target);
    }
    None
}
