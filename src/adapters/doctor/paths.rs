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
    // A glob among others that match (the tests of a folder not written yet) is no fault:
    // the pattern still comes by its globs. Said, not warned about.
    if audit.unmatched.iter().all(|u| !u.none_match) {
        let named: Vec<String> = audit
            .unmatched
            .iter()
            .take(MAX_NAMED)
            .map(|u| {
                let globs: Vec<String> = u.globs.iter().map(|g| format!("`{g}`")).collect();
                format!("{} ({})", shown(u), globs.join(", "))
            })
            .collect();
        return Check::ok(
            "paths",
            format!(
                "the `paths` of {} patterns each match a file of the repository ({} files); \
                 some globs match none yet, beside others that do: {}",
                audit.scoped_patterns,
                audit.files,
                named.join("; ")
            ),
        );
    }
    let named: Vec<String> = audit
        .unmatched
        .iter()
        .filter(|u| u.none_match)
        .take(MAX_NAMED)
        .map(|u| {
            let globs: Vec<String> = u.globs.iter().map(|g| format!("`{g}`")).collect();
            format!("{} ({})", shown(u), globs.join(", "))
        })
        .collect();
    let stranded = audit.unmatched.iter().filter(|u| u.none_match).count();
    let more = stranded.saturating_sub(MAX_NAMED);
    let more = if more > 0 {
        format!("; and {more} more (`lore doctor --json` lists them)")
    } else {
        String::new()
    };
    Check::new(
        Status::Warning,
        "paths",
        format!(
            "{stranded} of {} patterns with `paths` have no glob that matches a file of the \
             repository, so they never come by their globs: {}{more}",
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

    #[test]
    fn a_glob_beside_others_that_match_is_said_and_a_pattern_none_of_whose_match_is_warned() {
        let unmatched = |source: &str, none_match: bool| UnmatchedPaths {
            source: source.to_string(),
            globs: vec!["web/src/**/*.test.ts".to_string()],
            none_match,
            rule_file: true,
        };
        let mut audit = PathsAudit {
            scoped_patterns: 3,
            files: 40,
            complete: true,
            unmatched: vec![unmatched(".cursor/rules/web.mdc", false)],
        };
        let check = describe(&audit, |u| u.source.clone());
        assert_eq!(check.status, Status::Ok, "{}", check.message);
        assert!(
            check.message.contains(".cursor/rules/web.mdc"),
            "{}",
            check.message
        );
        audit
            .unmatched
            .push(unmatched(".cursor/rules/old.mdc", true));
        let check = describe(&audit, |u| u.source.clone());
        assert_eq!(check.status, Status::Warning);
        assert!(check.message.contains("old.mdc"), "{}", check.message);
        assert!(!check.message.contains("web.mdc"), "{}", check.message);
    }
}
