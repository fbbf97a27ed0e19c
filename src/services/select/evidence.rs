//! The evidence read for candidates once they are gathered: whether a pattern's `paths` leave
//! the touched file out, which of its technologies the call's context has, and whether only a
//! language related to the call's admits it (see `core::select::evidence`).

use std::collections::BTreeMap;

use super::{Pool, judge};
use crate::core::query::Query;
use crate::core::select::bar::{CallStandard, Grounds, Verdict};
use crate::core::select::evidence::PathsLift;
use crate::core::select::evidence::TechnologyEvidence;
use crate::core::select::folder_mention::{folder_mention, names_folder};
use crate::core::select::globs::glob_from_folder;
use crate::core::select::test_code::{in_test_tree, is_test_file, selects_tests};
use crate::core::sources::{CallSite, Scope};
use crate::storage::index::{Index, IndexError, LanguageGate, RuleText};

/// Patterns whose `paths` name parts of the project (`tests/**`, `**/*.agent.md`) none of
/// which holds the touched file (or, for a shell command, `command_site`'s folder): their
/// author scoped them to other files. Unless the text
/// names the touched file's folder as a path (`.changes/`: a rule on how the files there are
/// written), or the globs select tests and the file is a test by its name (a shared test base
/// class outside `src/test/`): then their words judge them.
pub(super) fn paths_evidence(
    index: &Index,
    query: &Query,
    command_site: Option<&CallSite>,
    rules: &BTreeMap<i64, RuleText>,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    let Some(path) = &query.relative_path else {
        return match command_site {
            Some(site) => command_paths_evidence(index, site, rules, pool),
            None => Ok(()),
        };
    };
    let outside = scoped_elsewhere(index, rules, pool)?;
    let lifted = paths_lifts(index, path, &outside)?;
    for id in &outside {
        if let Some(candidate) = pool.get_mut(id) {
            match lifted.get(id) {
                Some(lift) => candidate.evidence.paths_lifted = Some(*lift),
                None => candidate.evidence.outside_paths = true,
            }
        }
    }
    Ok(())
}

/// A command that works in a folder below the repository root (`cd dags && airflow dags
/// test ...`, `pytest billing/tests/test_refunds.py`): the rule files whose globs can select
/// nothing in that folder were scoped by their authors to other parts of the project, as
/// for a file there.
fn command_paths_evidence(
    index: &Index,
    site: &CallSite,
    rules: &BTreeMap<i64, RuleText>,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    let Some(folder) = site
        .folder
        .as_deref()
        .or(site.cwd.as_deref())
        .filter(|f| !f.is_empty())
    else {
        return Ok(());
    };
    // Only other agents' rule files: their formats write globs from the repository root. A
    // pattern's `paths` are often a shared guide's (`src/**/*.ts`), written for no one
    // repository's folders.
    let outside: Vec<i64> = scoped_elsewhere(index, rules, pool)?
        .into_iter()
        .filter(|id| rules.contains_key(id))
        .collect();
    for (id, globs) in index.globs_of(&outside)? {
        if globs.iter().all(|g| glob_from_folder(g, folder).is_none())
            && let Some(candidate) = pool.get_mut(&id)
        {
            candidate.evidence.outside_paths = true;
        }
    }
    Ok(())
}

/// The candidates whose `paths` name parts of the project and did not match the touched
/// file (for a call that touches none, every such candidate).
fn scoped_elsewhere(
    index: &Index,
    rules: &BTreeMap<i64, RuleText>,
    pool: &Pool,
) -> Result<Vec<i64>, IndexError> {
    let unmatched: Vec<i64> = pool
        .values()
        .filter(|c| c.evidence.glob.is_none())
        .map(|c| c.pattern_id)
        .collect();
    let mut outside = index.patterns_with_globs(&unmatched, false)?;
    // Another agent attaches a rule scoped by globs to no file they leave out, a language's
    // files included (`**/*.{java,kt}` is not for `build.gradle.kts`); lore's own language
    // `paths` only restate the language its gate already reads.
    let scoped_rules: Vec<i64> = unmatched
        .iter()
        .filter(|id| {
            rules
                .get(id)
                .is_some_and(|r| r.origin.scope == Scope::Globs)
        })
        .copied()
        .collect();
    outside.extend(index.patterns_with_globs(&scoped_rules, true)?);
    Ok(outside.into_iter().collect())
}

/// Which of the patterns whose `paths` leave `path` out may be about it all the same (see
/// [`PathsLift`]): only their bodies holding the file's folder, and only when the file is a
/// test their globs, are read.
fn paths_lifts(
    index: &Index,
    path: &str,
    outside: &[i64],
) -> Result<BTreeMap<i64, PathsLift>, IndexError> {
    let mut lifted = BTreeMap::new();
    if let Some(mention) = folder_mention(path) {
        for (id, body) in index.bodies_holding(outside, &mention)? {
            if names_folder(&body, &mention) {
                lifted.insert(id, PathsLift::NamesFolder);
            }
        }
    }
    // A test in a test tree its globs leave out (another package's `tests/`) is one its
    // author chose not to scope the rule to; one among the main sources (a shared test base
    // class) has no test tree of its own, and may be theirs.
    if is_test_file(path) && !in_test_tree(path) {
        let rest: Vec<i64> = outside
            .iter()
            .filter(|id| !lifted.contains_key(id))
            .copied()
            .collect();
        for (id, globs) in index.globs_of(&rest)? {
            if globs.iter().any(|glob| selects_tests(glob)) {
                lifted.insert(id, PathsLift::TestElsewhere);
            }
        }
    }
    Ok(lifted)
}

/// Each candidate's technologies, and which of them the call's context has.
pub(super) fn technology_evidence(
    index: &Index,
    query: &Query,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    let ids: Vec<i64> = pool.keys().copied().collect();
    for (id, technologies) in index.pattern_technologies(&ids)? {
        if let Some(candidate) = pool.get_mut(&id) {
            candidate.evidence.technology = TechnologyEvidence::of(
                technologies,
                &query.technologies,
                &query.project_technologies,
                &query.message_technologies,
            )
            .with_project_wide(&query.project_wide_technologies);
        }
    }
    Ok(())
}

/// Which candidates the call's words alone would keep the language gate admits only through a
/// language the call is in by relation (JavaScript for a TypeScript file): their languages
/// are read and the gate asked again with the call's own, and those it no longer admits are
/// judged again. Only the few candidates words keep are read, and none when the call has no
/// related language.
pub(super) fn related_language_evidence(
    index: &Index,
    query: &Query,
    standard: &CallStandard,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    if query.related_languages.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = pool
        .values()
        .filter(|c| {
            matches!(
                c.verdict,
                Verdict::Kept(Grounds::Words { .. } | Grounds::Subject | Grounds::Breadth { .. })
            )
        })
        .map(|c| c.pattern_id)
        .collect();
    let own = LanguageGate {
        languages: query
            .languages
            .iter()
            .filter(|l| !query.related_languages.contains(l))
            .cloned()
            .collect(),
        ..LanguageGate::for_query(query)
    };
    for (id, rows) in index.pattern_language_rows(&ids)? {
        if !own.admits_rows(&rows)
            && let Some(candidate) = pool.get_mut(&id)
        {
            candidate.evidence.related_language_only = true;
            candidate.verdict = judge(&candidate.evidence, standard);
        }
    }
    Ok(())
}
