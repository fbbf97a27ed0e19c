//! Languages a pattern names as its subject: in the words of its path (`uber-go-guide/time.md`,
//! `python-fastapi.md`, a `pyguide/` folder, `rust/errors.md`) and in its title ("Rust Coding
//! Conventions"). A language the text merely mentions may be an aside; one the pattern's name
//! or title carries says what it is for, so it gates the pattern as a declared `language` does.

use super::index::{INDEX, names};
use super::language::{LANGUAGES, canonical_language};
use super::mention::mentioned_languages;

/// Extensions stripped from the file name before taking its words.
const MARKDOWN_EXTENSIONS: &[&str] = &["md", "markdown", "mdc"];
/// Languages that code in other languages embeds, configures or ships with (`storage-sql.md`,
/// `css-in-javascript.md`, `docker.md`): a pattern named after one is often about using it
/// from another language, so its name does not gate it.
const TOPIC_LANGUAGES: &[&str] = &[
    "sql",
    "html",
    "css",
    "yaml",
    "markdown",
    "graphql",
    "protobuf",
    "docker",
    "kubernetes",
    "github-actions",
    "terraform",
];

/// A folder or file named `<language>guide` (Google's `pyguide`, `shellguide`) is that
/// language's guide.
const GUIDE_SUFFIX: &str = "guide";

/// Languages named by a pattern's path words and title, in order of first mention.
pub fn named_languages(source: &str, title: &str) -> Vec<String> {
    let mut named = names(path_languages(source));
    for language in mentioned_languages(title) {
        if !named.contains(&language) {
            named.push(language);
        }
    }
    named.retain(|l| !TOPIC_LANGUAGES.contains(&l.as_str()));
    named
}

/// Table indices of the languages the words of `source` name.
fn path_languages(source: &str) -> Vec<usize> {
    let path = match source.rsplit_once('.') {
        Some((stem, ext)) if MARKDOWN_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()) => {
            stem
        }
        _ => source,
    };
    let words: Vec<String> = path
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let mut hits = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if let Some(next) = words.get(i + 1) {
            hits.extend(word_languages(&format!("{word} {next}")));
        }
        let found = word_languages(word);
        if found.is_empty()
            && let Some(stem) = word.strip_suffix(GUIDE_SUFFIX)
        {
            hits.extend(word_languages(stem));
        } else {
            hits.extend(found);
        }
    }
    hits
}

/// The languages one lower-case path word names. Any form the table knows counts, since a
/// path is written in lower case whatever the language's usual spelling (`react`, `go`, `ts`),
/// as do the short names front matter accepts (`py`, `rb`); one-letter words (`c`, `r`) are
/// too ambiguous among the words of a file name.
fn word_languages(word: &str) -> Vec<usize> {
    if word.chars().count() < 2 {
        return Vec::new();
    }
    if let Some(found) = INDEX.words.get(word) {
        return found.iter().map(|(i, _)| *i).collect();
    }
    match word {
        "py" | "rb" => canonical_language(word)
            .and_then(|name| LANGUAGES.iter().position(|l| l.name == name))
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_words_and_titles_name_languages() {
        let named = |source: &str, title: &str| named_languages(source, title);
        assert_eq!(named("uber-go-guide/time.md", "Time"), ["go"]);
        assert_eq!(
            named("google/pyguide/2.04-exceptions.md", "Exceptions"),
            ["python"]
        );
        assert_eq!(named("team/rust/errors.md", "Errors"), ["rust"]);
        assert_eq!(
            named("rules/python--typescript-guide.md", "Guide"),
            ["python", "typescript"]
        );
        assert_eq!(named("ci/java-gradle-github-actions.md", "CI"), ["java"]);
        assert_eq!(named("notes/x.md", "Rust Coding Conventions"), ["rust"]);
        assert_eq!(named("react-zustand.md", "State"), ["react"]);
    }

    #[test]
    fn words_that_name_no_language_name_none() {
        let named = |source: &str, title: &str| named_languages(source, title);
        assert!(named("git-conventional-commit-messages.md", "Commits").is_empty());
        assert!(named("review/developer/cl-descriptions.md", "CLs").is_empty());
        // One letter (C, R) is too ambiguous in a file name; `astral-sh` is not shell.
        assert!(named("unity-cursor-ai-c.md", "Unity").is_empty());
        assert!(named("astral-sh__uv/STYLE.md", "Style").is_empty());
        assert!(named("performance-optimization.md", "Go faster").is_empty());
        // A language other code embeds is a topic, not the pattern's language.
        assert!(named("storage-sql.md", "SQL in the storage layer").is_empty());
        assert!(named("docker.md", "Dockerfiles").is_empty());
    }
}
