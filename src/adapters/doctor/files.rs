//! The doctor's `files` check: every pattern and rule file read as an ingest would (see
//! `services::ingest::check_files`), so a file an ingest keeps out of the index, or a rule it
//! only half understands, is named every time, not only by the ingest that first read it.

use super::{Check, Status};
use crate::core::config::Config;
use std::path::Path;

use std::time::Duration;

use crate::services::ingest::{CheckedIssue, SinceIngest, check_files, scan_rule_files};
use crate::storage::index::Index;

/// Issues named in a message at most; `--json` lists them all.
const MAX_NAMED: usize = 5;

/// One file's issue, for `--json`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FileIssue {
    /// `error`: the file is not indexed; `warning`: it is, in part or as lore understood it.
    pub severity: &'static str,
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// The checks (errors, then warnings; one ok line when there is neither) and every issue.
pub fn files_check(config: &Config, repo: &Path) -> (Vec<Check>, Vec<FileIssue>) {
    // Without its knowledge dir, an ingest fails and every pattern looks removed: the
    // folder is what to fix, not the index.
    if !config.knowledge_dir.is_dir() {
        let shown = config
            .knowledge_dir
            .strip_prefix(repo)
            .unwrap_or(&config.knowledge_dir);
        // A team that keeps only other agents' rule files commits none (git keeps no empty
        // folder): ingest reads the rule files alone, unless the index holds patterns of
        // the knowledge dir, which would all look removed.
        let rules = scan_rule_files(repo, &config.knowledge_dir, &config.sources)
            .files
            .len();
        if rules > 0 && !holds_own_patterns(config) {
            let note = Check::new(
                Status::Ok,
                "files",
                format!(
                    "no knowledge dir ({}): lore reads the repository's {rules} rule file{} \
                     in place; the first pattern the team adds creates it",
                    shown.display(),
                    if rules == 1 { "" } else { "s" }
                ),
                None,
            );
            return (vec![note], Vec::new());
        }
        let missing = Check::new(
            Status::Problem,
            "files",
            format!(
                "the knowledge dir {} does not exist (moved, or `knowledge_dir` in lore.toml \
                 mistyped): `lore ingest` fails, and hooks serve the patterns as lore last \
                 indexed them",
                shown.display()
            ),
            Some(
                "move the patterns back, or point `knowledge_dir` in lore.toml at where they \
                 are now, then run `lore ingest`"
                    .into(),
            ),
        );
        return (vec![missing], Vec::new());
    }
    // Compared with the index when there is one to read; without, the files alone.
    let index = Index::open_read_only(&config.database, Duration::from_secs(2))
        .ok()
        .flatten();
    let check = match check_files(config, index.as_ref()) {
        Ok(check) => check,
        Err(e) => {
            let failed = Check::new(
                Status::Warning,
                "files",
                format!("could not read the pattern files: {e}"),
                Some("run `lore ingest` to see why".into()),
            );
            return (vec![failed], Vec::new());
        }
    };
    let issue = |severity, found: &CheckedIssue| FileIssue {
        severity,
        file: shown_file(config, repo, found),
        line: found.issue.line,
        message: found.issue.message.clone(),
    };
    let errors: Vec<FileIssue> = check.errors.iter().map(|f| issue("error", f)).collect();
    let warnings: Vec<FileIssue> = check.warnings.iter().map(|f| issue("warning", f)).collect();
    let mut checks = Vec::new();
    if !errors.is_empty() {
        checks.push(Check::new(
            Status::Problem,
            "files",
            format!(
                "{} not read as it stands (left out of the index, or served in its last \
                 valid version): {}",
                count(errors.len(), "pattern file is", "pattern files are"),
                named(&errors)
            ),
            Some("correct each at the line named, then run `lore ingest`".into()),
        ));
    }
    if !warnings.is_empty() {
        checks.push(Check::new(
            Status::Warning,
            "files",
            format!(
                "{} about what lore reads: {}",
                count(warnings.len(), "warning", "warnings"),
                named(&warnings)
            ),
            Some("correct the lines named (`lore doctor --json` lists every one)".into()),
        ));
    }
    if let Some(since) = check.since_ingest.as_ref().filter(|s| !s.is_empty()) {
        checks.push(Check::new(
            Status::Warning,
            "index",
            format!(
                "the index is behind the files: {} since the last ingest; hooks serve the \
                 indexed text until the next session start refreshes it",
                behind(since)
            ),
            Some("run `lore ingest`".into()),
        ));
    }
    if checks.is_empty() {
        checks.push(Check::ok(
            "files",
            format!(
                "{} read without a problem",
                count(check.files, "file", "files")
            ),
        ));
    }
    (checks, errors.into_iter().chain(warnings).collect())
}

/// A file as the repository names it: a rule file by its source, a pattern by its path from
/// the repository root when the knowledge dir is inside it (`patterns/api.md`).
fn shown_file(config: &Config, repo: &Path, found: &CheckedIssue) -> String {
    if found.rule_file {
        return found.issue.source.clone();
    }
    let path = config.knowledge_dir.join(&found.issue.source);
    path.strip_prefix(repo)
        .unwrap_or(&path)
        .display()
        .to_string()
}

/// What changed since the last ingest, in words: each kind with its first files.
fn behind(since: &SinceIngest) -> String {
    [
        ("changed", &since.changed),
        ("added", &since.added),
        ("removed", &since.removed),
    ]
    .iter()
    .filter(|(_, files)| !files.is_empty())
    .map(|(what, files)| {
        let mut named: Vec<&str> = files.iter().take(MAX_NAMED).map(String::as_str).collect();
        if files.len() > MAX_NAMED {
            named.push("...");
        }
        format!("{} {what} ({})", files.len(), named.join(", "))
    })
    .collect::<Vec<_>>()
    .join(", ")
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The first issues as `file:line: message`, and how many more there are.
fn named(issues: &[FileIssue]) -> String {
    let mut text = issues
        .iter()
        .take(MAX_NAMED)
        .map(|i| format!("{}:{}: {}", i.file, i.line, i.message))
        .collect::<Vec<_>>()
        .join("; ");
    if issues.len() > MAX_NAMED {
        text.push_str(&format!("; and {} more", issues.len() - MAX_NAMED));
    }
    text
}

/// Whether the index holds patterns read from the knowledge dir (not only other agents' rule
/// files); false without a readable index.
fn holds_own_patterns(config: &Config) -> bool {
    Index::open_read_only(&config.database, Duration::from_secs(2))
        .ok()
        .flatten()
        .is_some_and(|index| index.holds_knowledge_patterns().unwrap_or(false))
}
