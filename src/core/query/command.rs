//! Languages implied by a shell command: the program of each simple command, matched against
//! the language table's command keywords.

use super::index::{INDEX, names};

/// Words that run the next word as the real program (`sudo cargo`, `time go test`), or shell
/// keywords that may precede a command (`if cargo test; then ...`).
const WRAPPERS: &[&str] = &[
    "!", "builtin", "command", "do", "doas", "elif", "else", "env", "exec", "if", "nice", "nohup",
    "sudo", "then", "time", "timeout", "until", "watch", "while", "xargs",
];

/// Programs whose next word is itself a program (`npx tsc`, `uvx ruff`).
pub(super) const DIRECT_RUNNERS: &[&str] = &["bunx", "npx", "pnpx", "uvx", "pipx"];

/// Programs that run a program after a `run`/`exec`/`x`/`dlx` subcommand (`uv run pytest`,
/// `bundle exec rspec`).
pub(super) const SUBCOMMAND_RUNNERS: &[&str] = &[
    "bun", "bundle", "hatch", "npm", "pdm", "pipenv", "pnpm", "poetry", "rye", "uv", "yarn",
];
pub(super) const RUN_SUBCOMMANDS: &[&str] = &["run", "exec", "x", "dlx"];

/// Languages implied by a shell command (`cargo` → rust, `npm` → javascript, ...), in the order
/// their programs appear, deduplicated.
///
/// The command is split into simple commands on `&&`, `||`, `;`, `|`, `&`, newlines and
/// `$(`/`(`/backticks (outside quotes). In each, leading `NAME=value` assignments, wrappers
/// (`sudo`, `time`, `env`, ...) and their flags are skipped; the program's basename
/// (`./gradlew` → `gradlew`) is matched exactly against the keywords, then without a version
/// suffix (`python3.12` → `python`), then against prefixes (`cargo-nextest` → `cargo-*`).
/// A runner's program is matched too (`npx tsc`, `uv run pytest`, `python -m pytest`).
pub fn languages_for_command(command: &str) -> Vec<String> {
    let mut hits = Vec::new();
    for words in simple_commands(command) {
        let Some(start) = program_position(&words) else {
            continue;
        };
        let program = basename(&words[start]);
        hits.extend(program_languages(program));
        if let Some(tool) = runner_target(program, &words[start + 1..]) {
            hits.extend(program_languages(basename(tool)));
        }
    }
    names(hits)
}

/// The folder a command runs in when it starts by changing into one (`cd apps/web && pnpm
/// test`): the whole command is about that folder, as a touched file is about its own. None
/// for any other command, and for a `cd` whose target the shell would expand (`~`, `$HOME`,
/// `-`) or that has options.
pub fn leading_directory(command: &str) -> Option<String> {
    let first = simple_commands(command).into_iter().next()?;
    let [program, target] = first.as_slice() else {
        return None;
    };
    let expanded = |w: &str| w.starts_with(['~', '$', '-']) || w.contains(['*', '?', '`']);
    (matches!(program.as_str(), "cd" | "pushd") && !expanded(target)).then(|| target.clone())
}

/// Table indices for one program name.
fn program_languages(program: &str) -> Vec<usize> {
    let index = &INDEX;
    if let Some(found) = index.commands.get(program) {
        return found.to_vec();
    }
    let unversioned = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if unversioned != program
        && !unversioned.is_empty()
        && let Some(found) = index.commands.get(unversioned)
    {
        return found.to_vec();
    }
    index
        .command_prefixes
        .iter()
        .filter(|(prefix, _)| program.len() > prefix.len() && program.starts_with(prefix))
        .map(|(_, i)| *i)
        .collect()
}

/// The program a runner starts, given the words after the runner.
fn runner_target<'a>(program: &str, args: &'a [String]) -> Option<&'a str> {
    let mut rest = args.iter().map(String::as_str);
    if DIRECT_RUNNERS.contains(&program) {
        return rest.find(|w| !w.starts_with('-'));
    }
    if SUBCOMMAND_RUNNERS.contains(&program) {
        let sub = rest.find(|w| !w.starts_with('-'))?;
        return if RUN_SUBCOMMANDS.contains(&sub) {
            rest.find(|w| !w.starts_with('-'))
        } else {
            None
        };
    }
    if program.starts_with("python") {
        let mut args = args.iter().map(String::as_str);
        while let Some(word) = args.next() {
            if word == "-m" {
                return args.next();
            }
        }
    }
    None
}

/// Position of the program word: after assignments, wrappers and the wrappers' flags.
pub(super) fn program_position(words: &[String]) -> Option<usize> {
    let mut after_wrapper = false;
    let mut skip_duration = false;
    for (i, word) in words.iter().enumerate() {
        if is_assignment(word) || (after_wrapper && word.starts_with('-')) {
            continue;
        }
        if skip_duration && word.starts_with(|c: char| c.is_ascii_digit()) {
            skip_duration = false;
            continue;
        }
        if WRAPPERS.contains(&word.as_str()) {
            after_wrapper = true;
            skip_duration = word == "timeout";
            continue;
        }
        return Some(i);
    }
    None
}

/// `NAME=value` (a shell variable assignment before the program).
fn is_assignment(word: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => {
            name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        }
        None => false,
    }
}

/// The last path component, without a Windows `.exe`.
pub(super) fn basename(word: &str) -> &str {
    let name = word.rsplit(['/', '\\']).next().unwrap_or(word);
    name.strip_suffix(".exe").unwrap_or(name)
}

/// Split a command line into simple commands, each a list of words with quotes removed.
/// A small lexer, not a shell: enough to find program words, never failing on odd input.
pub(super) fn simple_commands(command: &str) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut chars = command.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            } else if c == '\\' && q == '"' {
                if let Some(next) = chars.next() {
                    word.push(next);
                }
            } else {
                word.push(c);
            }
            continue;
        }
        match c {
            '\'' | '"' => quote = Some(c),
            '\\' => {
                if let Some(next) = chars.next()
                    && next != '\n'
                {
                    word.push(next);
                }
            }
            '#' if word.is_empty() => while chars.next_if(|&n| n != '\n').is_some() {},
            '\n' | ';' | '&' | '|' | '(' | ')' | '`' => {
                if c == '(' && word.ends_with('$') {
                    word.pop();
                }
                end_word(&mut word, &mut current);
                if !current.is_empty() {
                    commands.push(std::mem::take(&mut current));
                }
            }
            c if c.is_whitespace() => end_word(&mut word, &mut current),
            _ => word.push(c),
        }
    }
    end_word(&mut word, &mut current);
    if !current.is_empty() {
        commands.push(current);
    }
    commands
}

fn end_word(word: &mut String, current: &mut Vec<String>) {
    if !word.is_empty() {
        current.push(std::mem::take(word));
    }
}

#[cfg(test)]
mod tests {
    use super::leading_directory;

    #[test]
    fn a_command_that_starts_in_a_folder_names_it() {
        let cases: &[(&str, Option<&str>)] = &[
            ("cd services/api && make test", Some("services/api")),
            ("cd 'docs site'; npm run build", Some("docs site")),
            ("pushd tools >/dev/null && ./build.sh", None),
            ("pushd tools && ./build.sh", Some("tools")),
            ("make test && cd dist", None),
            ("cd ~/src/app && ls", None),
            ("cd $ROOT/app && ls", None),
            ("cd - && ls", None),
            ("cd && ls", None),
            ("cd -P lib && ls", None),
            ("ls", None),
        ];
        for (command, want) in cases {
            assert_eq!(leading_directory(command).as_deref(), *want, "{command}");
        }
    }
}
