//! Read-only inspection commands (`ls`, `git log`, `wc -l`, `kubectl get`, `node --version`,
//! `npm ls`, `psql -c "select ..."`): a shell call that only looks at the project (or only
//! clears its generated output, `rm -rf .next`) changes nothing a convention is about, so a
//! tool-call hook injects nothing.
//! Conservative: any program or subcommand not known to be read-only, or any redirection into
//! a file, makes the whole command a change.

mod sql;

use super::MAX_COMMAND_BYTES;
use super::command::{DIRECT_RUNNERS, basename, program_position, simple_commands};

/// Programs that only read or print.
#[rustfmt::skip]
const READ_ONLY_PROGRAMS: &[&str] = &[
    "ag", "basename", "bat", "cat", "cd", "clear", "column", "cut", "date", "df", "dirname", "du",
    "echo", "egrep", "fd", "fgrep", "file", "find", "grep", "head", "history", "hostname", "id",
    "jq", "less", "ll", "ls", "more", "printf", "ps", "pwd", "readlink", "realpath", "rg", "sort",
    "stat", "tail", "tr", "tree", "true", "type", "uname", "uniq", "wc", "whereis", "which",
    "whoami",
];

/// `git` subcommands that only read the repository.
#[rustfmt::skip]
const READ_ONLY_GIT: &[&str] = &[
    "blame", "cat-file", "describe", "diff", "grep", "log", "ls-files", "ls-tree", "reflog",
    "rev-parse", "shortlog", "show", "status",
];

/// `gh` actions that only read (`gh pr view`, `gh run list`).
const READ_ONLY_GH_ACTIONS: &[&str] = &["checks", "diff", "list", "status", "view"];

/// `curl` options that send data, upload or write a file (the body, headers or cookies):
/// such a request changes something.
const CURL_WRITES: &[&str] = &[
    "-D",
    "--dump-header",
    "-c",
    "--cookie-jar",
    "-d",
    "--data",
    "--data-ascii",
    "--data-binary",
    "--data-raw",
    "--data-urlencode",
    "-F",
    "--form",
    "--form-string",
    "--json",
    "-T",
    "--upload-file",
    "-o",
    "--output",
    "-O",
    "--remote-name",
    "--remote-name-all",
];

/// Subcommands of infrastructure CLIs that only read (`kubectl get pods`, `docker ps`).
const READ_ONLY_SUBCOMMANDS: &[(&str, &[&str])] = &[
    (
        "kubectl",
        &["get", "describe", "logs", "top", "explain", "version"],
    ),
    (
        "docker",
        &["ps", "images", "logs", "inspect", "version", "info"],
    ),
    ("helm", &["list", "ls", "status", "history", "get", "show"]),
    // Package managers listing or describing what is installed or published.
    (
        "npm",
        &[
            "ls", "list", "ll", "outdated", "view", "info", "show", "explain", "why",
        ],
    ),
    ("pnpm", &["ls", "list", "outdated", "why"]),
    ("yarn", &["list", "outdated", "why", "info"]),
    ("pip", &["list", "show", "freeze", "check"]),
    ("pip3", &["list", "show", "freeze", "check"]),
    ("cargo", &["tree", "metadata", "search"]),
    ("go", &["list", "env", "version", "doc"]),
    ("composer", &["show", "outdated", "licenses"]),
    ("gem", &["list", "info", "outdated"]),
    ("brew", &["list", "info", "outdated", "search"]),
    ("dotnet", &["--info", "--list-sdks", "--list-runtimes"]),
    ("flutter", &["doctor", "devices"]),
];

/// A program asked only for its version or its help (`node -v`, `npx ng version`,
/// `cargo --help`): nothing runs.
const VERSION_OR_HELP: &[&str] = &[
    "--version",
    "-version",
    "-V",
    "-v",
    "version",
    "--help",
    "-help",
    "-h",
    "help",
];

/// Folders tools generate and a clean removes (`rm -rf .next node_modules`).
const GENERATED_FOLDERS: &[&str] = &[
    ".cache",
    ".gradle",
    ".mypy_cache",
    ".next",
    ".nuxt",
    ".parcel-cache",
    ".pytest_cache",
    ".ruff_cache",
    ".svelte-kit",
    ".turbo",
    "__pycache__",
    "bin",
    "build",
    "coverage",
    "dist",
    "node_modules",
    "obj",
    "out",
    "target",
];

/// `find` actions that change files.
const FIND_ACTIONS: &[&str] = &["-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint"];

/// Whether every simple command of `command` only inspects (and nothing is redirected into a
/// file). An empty command is not an inspection: there is nothing to judge; nor is one longer
/// than the head extraction reads ([`MAX_COMMAND_BYTES`]): judging it would mean tokenizing
/// all of it (what comes last may change files), megabytes in a hostile call, for a rule
/// that only saves a search.
pub fn is_inspection_command(command: &str) -> bool {
    if command.len() > MAX_COMMAND_BYTES {
        return false;
    }
    // Descriptor duplications are not file writes; remove them before looking for `>`.
    let mut line = command.to_string();
    for dup in [
        "2>&1",
        "1>&2",
        ">&2",
        ">&1",
        "&>/dev/null",
        "2>/dev/null",
        ">/dev/null",
    ] {
        line = line.replace(dup, " ");
    }
    let commands = simple_commands(&line);
    !commands.is_empty() && commands.iter().all(|words| inspects(words))
}

fn inspects(words: &[String]) -> bool {
    if words.iter().any(|w| w.contains('>')) {
        return false;
    }
    let Some(start) = program_position(words) else {
        return true;
    };
    // A path-qualified program (`./scripts/ls`) is the project's own script.
    if words[start].contains(['/', '\\']) {
        return false;
    }
    let program = basename(&words[start]);
    let args: Vec<&str> = words[start + 1..].iter().map(String::as_str).collect();
    if asks_version_or_help(program, &args) {
        return true;
    }
    if let Some(reads) = sql::database_client_reads(program, &args) {
        return reads;
    }
    match program {
        "git" => git_reads(&args),
        "gh" => args
            .iter()
            .filter(|a| !a.starts_with('-'))
            .nth(1)
            .is_some_and(|action| READ_ONLY_GH_ACTIONS.contains(action)),
        "find" => !args.iter().any(|a| FIND_ACTIONS.contains(a)),
        "curl" => curl_reads(&args),
        "aws" => aws_reads(&args),
        "rm" => removes_generated_output(&args),
        _ => match READ_ONLY_SUBCOMMANDS.iter().find(|(p, _)| *p == program) {
            Some((_, reads)) => args
                .iter()
                .find(|a| !a.starts_with('-'))
                .is_some_and(|sub| reads.contains(sub)),
            None => READ_ONLY_PROGRAMS.contains(&program),
        },
    }
}

/// `node --version`, `go version`, `npx ng version`: the program (or the one a runner such as
/// `npx` starts) is given nothing but a version or help request.
fn asks_version_or_help(program: &str, args: &[&str]) -> bool {
    let args = match args.split_first() {
        Some((tool, rest)) if DIRECT_RUNNERS.contains(&program) && !tool.starts_with('-') => rest,
        _ => args,
    };
    matches!(args, [only] if VERSION_OR_HELP.contains(only))
}

/// `git status`, `git log ...`; `git branch` only when it names no branch (listing).
fn git_reads(args: &[&str]) -> bool {
    let mut rest = args.iter().copied().skip_while(|a| a.starts_with('-'));
    match rest.next() {
        Some("branch") => rest.all(|a| a.starts_with('-')),
        Some("remote") => rest.all(|a| a.starts_with('-') || a == "show"),
        Some(sub) => READ_ONLY_GIT.contains(&sub),
        None => false,
    }
}

/// `aws <service> list-*|describe-*|get-*`: the AWS CLI's read actions.
fn aws_reads(args: &[&str]) -> bool {
    let mut positional = args.iter().filter(|a| !a.starts_with('-'));
    let (Some(_service), Some(action)) = (positional.next(), positional.next()) else {
        return false;
    };
    ["list-", "describe-", "get-"]
        .iter()
        .any(|prefix| action.starts_with(prefix))
}

/// `rm` of generated folders only (`rm -rf .next`, `rm -rf node_modules dist`), at any depth
/// (`web/.next`).
fn removes_generated_output(args: &[&str]) -> bool {
    let mut paths = args.iter().filter(|a| !a.starts_with('-')).peekable();
    paths.peek().is_some()
        && paths.all(|path| {
            let last = path
                .trim_end_matches('/')
                .rsplit('/')
                .next()
                .unwrap_or(path);
            GENERATED_FOLDERS.contains(&last)
        })
}

/// A `curl` request that only fetches (`curl -s localhost:8080/health | jq .`): GET or HEAD,
/// nothing sent, nothing saved.
fn curl_reads(args: &[&str]) -> bool {
    let mut method_follows = false;
    for arg in args {
        if method_follows {
            method_follows = false;
            if !matches!(arg.to_ascii_uppercase().as_str(), "GET" | "HEAD") {
                return false;
            }
            continue;
        }
        let (flag, value) = arg.split_once('=').unwrap_or((arg, ""));
        if CURL_WRITES.contains(&flag) || (flag.starts_with("-d") && !flag.starts_with("--")) {
            return false;
        }
        if matches!(flag, "-X" | "--request") {
            if value.is_empty() {
                method_follows = true;
            } else if !matches!(value.to_ascii_uppercase().as_str(), "GET" | "HEAD") {
                return false;
            }
        } else if let Some(method) = flag.strip_prefix("-X").filter(|m| !m.is_empty()) {
            if !matches!(method.to_ascii_uppercase().as_str(), "GET" | "HEAD") {
                return false;
            }
        }
    }
    !method_follows
}

#[cfg(test)]
mod tests;
