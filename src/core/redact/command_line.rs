//! Secrets passed on a command line as arguments: the value after a long option that names
//! a secret (`--password SECRET`, `--token "…"`), and the options of the programs that take
//! a password in a short one: `mysql -pSECRET` (and its kin), `sshpass -p SECRET`,
//! `curl -u user:SECRET`, `docker login -p SECRET` (and the other registries' clients),
//! `redis-cli -a SECRET`, `sqlcmd -P SECRET`, `mongosh -p SECRET`, `keytool -storepass X`,
//! `openssl … -passin pass:SECRET`. (`--password=SECRET` and `PGPASSWORD=… psql` are
//! assignments, see `assignments`.)
//!
//! One pass over the text's words: quotes group a word, and `;`, `|`, `&`, parentheses and
//! line ends start a new command, whose program is its first word that is not an
//! environment assignment or a wrapper (`sudo`, `env`, ...).

use std::ops::Range;

use super::assignments::{Secrecy, is_reference, key_secrecy};

/// Programs that read `-p<password>`, attached.
const MYSQL: &[&str] = &[
    "mysql",
    "mysqldump",
    "mysqladmin",
    "mysqlimport",
    "mysqlshow",
    "mysqlcheck",
    "mysqlsh",
    "mariadb",
    "mariadb-dump",
    "mariadb-admin",
];
/// Registry clients whose `login` reads `-p <password>`.
const REGISTRY_CLIENTS: &[&str] = &[
    "docker", "podman", "nerdctl", "buildah", "skopeo", "helm", "oras", "crane",
];
/// Commands run through another: the program is the word after them.
const WRAPPERS: &[&str] = &["sudo", "env", "exec", "time", "nohup", "command", "doas"];

/// One word of a command: where its text is, and where its value is (inside its quotes).
#[derive(Clone, Copy)]
struct Word {
    start: usize,
    end: usize,
}

impl Word {
    fn text<'t>(&self, text: &'t str) -> &'t str {
        &text[self.start..self.end]
    }

    /// The word without its surrounding quotes.
    fn value(&self, text: &str) -> Range<usize> {
        let word = self.text(text).as_bytes();
        match (word.first(), word.last()) {
            (Some(q @ (b'"' | b'\'')), Some(l)) if word.len() >= 2 && q == l => {
                self.start + 1..self.end - 1
            }
            _ => self.start..self.end,
        }
    }
}

/// Call `each` with the words of every command of `text`, in order.
fn for_each_command(text: &str, mut each: impl FnMut(&[Word])) {
    let bytes = text.as_bytes();
    let mut words: Vec<Word> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() && b != b'\n' {
            i += 1;
            continue;
        }
        if matches!(b, b'\n' | b';' | b'|' | b'&' | b'(' | b')') {
            if !words.is_empty() {
                each(&words);
                words.clear();
            }
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() {
            let c = bytes[i];
            if c == b'"' || c == b'\'' {
                // A quoted stretch, to its closing quote on the same line.
                match bytes[i + 1..].iter().position(|&x| x == c || x == b'\n') {
                    Some(j) if bytes[i + 1 + j] == c => i += j + 2,
                    _ => i += 1,
                }
                continue;
            }
            if c.is_ascii_whitespace() || matches!(c, b';' | b'|' | b'&' | b'(' | b')') {
                break;
            }
            i += 1;
        }
        words.push(Word { start, end: i });
    }
    if !words.is_empty() {
        each(&words);
    }
}

/// The command's program (its base name) and the index of its first argument.
fn program<'t>(text: &'t str, words: &[Word]) -> Option<(&'t str, usize)> {
    let mut i = 0;
    while let Some(word) = words.get(i) {
        let w = word.text(text);
        let name = w.rsplit('/').next().unwrap_or(w);
        let assignment = w.contains('=') && !w.starts_with('-');
        if assignment || WRAPPERS.contains(&name) || (w.starts_with('-') && i > 0) {
            i += 1;
            continue;
        }
        return Some((name, i + 1));
    }
    None
}

/// A value worth redacting: a literal, not an option, a variable or a reference.
fn is_secret_value(text: &str, range: &Range<usize>) -> bool {
    let value = &text.as_bytes()[range.clone()];
    !value.is_empty()
        && !matches!(value[0], b'-' | b'$' | b'<' | b'{' | b'%')
        && !is_reference(value)
}

pub(super) fn command_lines(text: &str, spans: &mut Vec<Range<usize>>) {
    // Most text holds no option at all.
    if !text.contains('-') {
        return;
    }
    for_each_command(text, |words| {
        if let Some((name, first_arg)) = program(text, words) {
            command_secrets(text, name, &words[first_arg.min(words.len())..], spans);
        }
    });
}

/// The secrets among a command's arguments, for the program called `name`.
fn command_secrets(text: &str, name: &str, args: &[Word], spans: &mut Vec<Range<usize>>) {
    let mysql = MYSQL.contains(&name);
    let registry_login =
        REGISTRY_CLIENTS.contains(&name) && args.iter().any(|w| w.text(text) == "login");
    let mut push = |range: Range<usize>| {
        if is_secret_value(text, &range) {
            spans.push(range);
        }
    };
    for (i, word) in args.iter().enumerate() {
        let w = word.text(text);
        let next = args.get(i + 1).map(|n| n.value(text));
        // `--password SECRET`: a long option naming a secret, then its value.
        if let Some(option) = w.strip_prefix("--").filter(|o| !o.contains('='))
            && matches!(
                key_secrecy(option),
                Some(Secrecy::Password | Secrecy::Secret)
            )
            && let Some(value) = next.clone()
        {
            push(value);
            continue;
        }
        let attached = |flag: &str| {
            w.strip_prefix(flag)
                .filter(|rest| !rest.is_empty())
                .map(|rest| word.start + (w.len() - rest.len())..word.end)
        };
        match name {
            _ if mysql => {
                if let Some(value) = attached("-p") {
                    push(value);
                }
            }
            "sshpass" => {
                if w == "-p" {
                    next.into_iter().for_each(&mut push);
                } else if let Some(value) = attached("-p") {
                    push(value);
                }
            }
            "curl" => {
                let credentials = match w {
                    "-u" | "--user" | "-U" | "--proxy-user" => next,
                    _ => attached("-u")
                        .or_else(|| attached("--user="))
                        .or_else(|| attached("--proxy-user=")),
                };
                if let Some(pair) = credentials
                    && let Some(colon) = text[pair.clone()].find(':')
                {
                    push(pair.start + colon + 1..pair.end);
                }
            }
            _ if registry_login && w == "-p" => next.into_iter().for_each(&mut push),
            "redis-cli" if w == "-a" => next.into_iter().for_each(&mut push),
            "sqlcmd" | "bcp" if w == "-P" => next.into_iter().for_each(&mut push),
            "mongo" | "mongosh" | "mongodump" | "mongorestore" | "mongoexport" | "mongoimport"
                if w == "-p" =>
            {
                next.into_iter().for_each(&mut push)
            }
            "keytool" | "jarsigner"
                if matches!(
                    w,
                    "-storepass" | "-keypass" | "-srcstorepass" | "-deststorepass"
                ) =>
            {
                next.into_iter().for_each(&mut push)
            }
            "openssl" if matches!(w, "-passin" | "-passout" | "-pass" | "-password") => {
                if let Some(value) = next
                    && text[value.clone()].starts_with("pass:")
                {
                    push(value.start + "pass:".len()..value.end);
                }
            }
            _ => {}
        }
    }
}
