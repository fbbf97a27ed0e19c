//! The doctor's `paths` check: patterns whose `paths` globs match no file of the repository
//! (see `services::paths_audit`), which never come by their `paths` until the globs are fixed.

use std::path::Path;
use std::time::Duration;

use super::{Check, Status};
use crate::core::config::Config;
use crate::services::paths_audit::{PathsAudit, UnmatchedPaths, audit_paths};
use crate::services::repository_walk::MAX_WALK_ENTRIES;
use crate::storage::index::Index;

/// Patterns named in the message at most; `--json` lists them all.
const MAX_NAMED: usize = 10;

/// The check, or None when there is no index to read.
pub fn paths_check(config: &Config, repo: &Path) -> Option<(Check, PathsAudit)> {
    let failed = |message: String| {
        let check = Check::new(
            Status::Warning,
            "paths",
            message,
            Some("run `lore ingest`".into()),
        );
        Some((check, PathsAudit::default()))
    };
    let index = match Index::open_read_only(&config.database, Duration::from_secs(2)) {
        Ok(Some(index)) => index,
        Ok(None) => return None,
        Err(e) => {
            return failed(format!(
                "could not read the index to check patterns' `paths`: {e}"
            ));
        }
    };
    match audit_paths(&index, repo) {
        Ok(audit) => Some((describe(&audit, |u| shown_path(config, repo, u)), audit)),
        Err(e) => failed(format!("could not check patterns' `paths`: {e}")),
    }
}

/// Where a pattern's file is, from the repository root: lore's own patterns are in the
/// knowledge dir, another agent's rule files where the team keeps them.
fn shown_path(config: &Config, repo: &Path, unmatched: &UnmatchedPaths) -> String {
    if unmatched.rule_file {
        return unmatched.source.clone();
    }
    let path = config.knowledge_dir.join(&unmatched.source);
    path.strip_prefix(repo)
        .unwrap_or(&path)
        .display()
        .to_string()
}

fn describe(audit: &PathsAudit, shown: impl Fn(&UnmatchedPaths) -> String) -> Check {
    if !audit.complete {
        return Check::ok(
            "paths",
            format!(
                "not checked: the repository has more than {MAX_WALK_ENTRIES} files and \
                 folders that are not ignored"
            ),
        );
    }
    if audit.scoped_patterns == 0 {
        return Check::ok("paths", "no pattern has `paths` globs to check".to_string());
    }
    if audit.unmatched.is_empty() {
        return Check::ok(
            "paths",
            format!(
                "the `paths` of {} patterns each match a file of the repository ({} files)",
                audit.scoped_patterns, audit.files
            ),
        );
    }
    let named: Vec<String> = audit
        .unmatched
        .iter()
        .take(MAX_NAMED)
        .map(|u| {
            let globs: Vec<String> = u.globs.iter().map(|g| format!("`{g}`")).collect();
            let reach = if u.none_match {
                "none of its globs matches a file"
            } else {
                "its other globs still match"
            };
            format!("{} ({}; {reach})", shown(u), globs.join(", "))
        })
        .collect();
    let more = audit.unmatched.len().saturating_sub(MAX_NAMED);
    let more = if more > 0 {
        format!("; and {more} more (`lore doctor --json` lists them)")
    } else {
        String::new()
    };
    Check::new(
        Status::Warning,
        "paths",
        format!(
            "{} of {} patterns with `paths` have globs that match no file of the repository, \
             so they never come by those globs: {}{more}",
            audit.unmatched.len(),
            audit.scoped_patterns,
            named.join("; ")
        ),
        Some(
            "point each glob at the files the pattern is for (globs are relative to the \
             repository root), or remove it; a pattern with no `paths` comes by its words"
                .into(),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repository_whose_patterns_have_no_paths_is_told_so_plainly() {
        let audit = PathsAudit {
            scoped_patterns: 0,
            files: 12,
            complete: true,
            unmatched: Vec::new(),
        };
        let check = describe(&audit, |u| u.source.clone());
        assert_eq!(check.status, Status::Ok);
        assert_eq!(check.message, "no pattern has `paths` globs to check");
    }
}
