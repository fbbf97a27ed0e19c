//! Selection for other agents' rule files (see `core::sources`): their folder scope as
//! candidates, their globs against the path from the repository root, and, once the bar has
//! judged every candidate, their authors' scoping and what the harness loaded itself.
//!
//! A hook reads only what its call needs: the folder-scoped rows of the folders it is in, the
//! origin rows of its own candidates, and, when the call writes something, the content-scoped
//! rules (Continue's `regex`), whose regexes are compiled then and only for them.

use std::collections::{BTreeMap, BTreeSet};

use crate::core::select::bar::{CallStandard, Grounds, Shortfall, Verdict, judge_words_unnamed};
use crate::core::select::evidence::{GlobMatch, NameMatch};
use crate::core::select::globs::covers_a_language;
use crate::core::select::globs::path_file_keys;
use crate::core::sources::{
    CallSite, ContentMatcher, Scope, hook_shortfall, loaded_alongside, within,
};
use crate::storage::index::{Index, IndexError, LanguageGate, RuleText, rule_origins};

use super::{Candidate, Pool, SelectRequest, entry, matching_globs};

/// Candidates from the rules' own scoping: the folder-scoped files (`AGENTS.md`, ...) of the
/// folders the call is in, the nearest first; and, when the working directory is not the
/// repository root, their globs matched against the touched file's path from the root
/// (the path the authors wrote them for) instead of from the working directory.
pub(super) fn rule_candidates(
    index: &Index,
    request: &SelectRequest<'_>,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    folder_candidates(index, request.site, pool)?;
    if request.site.path.is_some() && request.site.path != request.query.relative_path {
        rematch_globs(index, request, pool)?;
    }
    content_candidates(index, request, pool)
}

/// Rules scoped to a folder the call is not in (a sibling package's `AGENTS.md`, its
/// `.cursor/rules`) apply nowhere near it, whatever their words: they leave the pool before
/// the call's best is taken, and are returned for explaining. A call with no place in the
/// repository keeps them (nothing says where it is).
pub(super) fn drop_other_folders(
    rules: &BTreeMap<i64, RuleText>,
    request: &SelectRequest<'_>,
    pool: &mut Pool,
) -> Vec<Candidate> {
    let Some(place) = request.site.place() else {
        return Vec::new();
    };
    let elsewhere: Vec<i64> = pool
        .keys()
        .filter(|id| {
            rules
                .get(id)
                .is_some_and(|rule| !within(place, &rule.origin.folder))
        })
        .copied()
        .collect();
    let mut removed = Vec::new();
    for id in elsewhere {
        if let (Some(mut candidate), Some(rule)) = (pool.remove(&id), rules.get(&id)) {
            candidate.score = candidate.evidence.word_score();
            candidate.verdict = Verdict::Dropped(Shortfall::OtherFolder {
                folder: rule.origin.folder.clone(),
            });
            if request.explain {
                removed.push(candidate);
            }
        }
    }
    removed
}

/// The content-scoped rules one of whose regexes matches what the call writes or replaces,
/// in a file their globs (if any) match from the repository root.
fn content_candidates(
    index: &Index,
    request: &SelectRequest<'_>,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    if request.edit_texts.iter().all(|t| t.is_empty()) {
        return Ok(());
    }
    for rule in index.content_rules()? {
        let in_globs = rule.globs.is_empty()
            || request.site.path.as_deref().is_some_and(|path| {
                let globs: Vec<(i64, String, bool)> = rule
                    .globs
                    .iter()
                    .map(|g| (rule.id, g.clone(), false))
                    .collect();
                !matching_globs(&globs, path).is_empty()
            });
        if !in_globs {
            continue;
        }
        if let Some(regex) = ContentMatcher::new(&rule.regexes).first_match(request.edit_texts) {
            entry(pool, rule.id, &rule.source, &rule.title)
                .evidence
                .content = Some(regex.to_string());
        }
    }
    Ok(())
}

/// The folder-scoped rules that apply where the call is: under the touched file's folder, or
/// the working directory's when nothing is touched. A deeper file is more specific.
fn folder_candidates(index: &Index, site: &CallSite, pool: &mut Pool) -> Result<(), IndexError> {
    let Some(place) = site.place() else {
        return Ok(());
    };
    for rule in index.folder_rules(&folders_holding(place))? {
        // The repository's own instructions apply to every call, like an always-on rule:
        // they prime the session (see `services::session_start`) and come again on a call
        // only for its words. A sub-folder's come on the calls made in it.
        if rule.origin.folder.is_empty() {
            continue;
        }
        if within(place, &rule.origin.folder) {
            let depth = rule
                .origin
                .folder
                .split('/')
                .filter(|d| !d.is_empty())
                .count();
            entry(pool, rule.id, &rule.source, &rule.title)
                .evidence
                .project_depth = Some(depth);
        }
    }
    Ok(())
}

/// The folders `place` is in, from the root (`""`) down, itself included (a working
/// directory is a folder; a touched file's own name never names a folder rule).
fn folders_holding(place: &str) -> Vec<String> {
    let mut folders = vec![String::new()];
    let mut at = String::new();
    for part in place.split('/').filter(|p| !p.is_empty()) {
        if !at.is_empty() {
            at.push('/');
        }
        at.push_str(part);
        folders.push(at.clone());
    }
    folders
}

/// Rule files' glob evidence for the path from the repository root, in place of what the
/// path from the working directory matched.
fn rematch_globs(
    index: &Index,
    request: &SelectRequest<'_>,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    let ids: Vec<i64> = pool.keys().copied().collect();
    for id in index.rule_origins(&ids)?.keys() {
        if let Some(candidate) = pool.get_mut(id) {
            candidate.evidence.glob = None;
        }
    }
    let Some(path) = request.site.path.as_deref() else {
        return Ok(());
    };
    let globs = index.candidate_globs(&path_file_keys(path))?;
    let found = matching_globs(&globs, path);
    let ids: Vec<i64> = found.iter().map(|(id, ..)| *id).collect();
    let rules = index.rule_origins(&ids)?;
    let names = index.patterns_passing(&ids, &LanguageGate::for_query(request.query))?;
    for (id, glob, kind) in found {
        if let (Some((source, title)), true) = (names.get(&id), rules.contains_key(&id)) {
            entry(pool, id, source, title).evidence.glob = Some(GlobMatch { glob, kind });
        }
    }
    Ok(())
}

/// After the bar: a rule file its author keeps from hooks (`manual`, `excludeAgent`) or that
/// the harness already loaded is dropped; one whose own globs matched the touched file is
/// kept for its glob, and ordered with the team's globs, even for a broad glob (`applyTo:
/// "**/*.py"`): its author asked for it on every such file, where lore's own broad `paths`
/// only boost words. One scoped to content is kept when its regex matched, and dropped
/// otherwise, whatever its words or globs. One scoped by globs, on a call that touches no
/// file, is judged by its words with its name set aside: the author's globs, not its name,
/// say which files it is for.
pub(super) fn apply_rule_scoping(
    rules: &BTreeMap<i64, RuleText>,
    imported: &BTreeSet<String>,
    site: &CallSite,
    standard: &CallStandard,
    pool: &mut Pool,
) {
    for (id, candidate) in pool.iter_mut() {
        let Some(RuleText { origin, .. }) = rules.get(id) else {
            continue;
        };
        let matches_path = candidate.evidence.glob.is_some();
        if let Some(shortfall) =
            hook_shortfall(origin, &candidate.source, site, matches_path, imported)
        {
            candidate.verdict = Verdict::Dropped(shortfall);
        } else if origin.scope == Scope::Content {
            candidate.verdict = match &candidate.evidence.content {
                Some(regex) => Verdict::Kept(Grounds::Content {
                    regex: regex.clone(),
                }),
                None => Verdict::Dropped(Shortfall::ContentUnmatched),
            };
        } else if origin.scope == Scope::Globs
            && let Some(glob) = &candidate.evidence.glob
        {
            // A glob over a language's files anywhere in the repository (`**/*.py`) says
            // where the rule may apply, as an always-on rule's scope is everywhere: the
            // call's words must bear on it as they must on an always-on rule's. A glob naming
            // a part of the project (`**/migrations/**`, `src/**/*.ts`, `**/*.pyx`) is the
            // author's own pick of files, enough alone.
            let whole_language = covers_a_language(&glob.glob);
            let words_bear = candidate.verdict.is_kept();
            if !whole_language || (words_bear && candidate.evidence.words.has_call_evidence()) {
                candidate.verdict = Verdict::Kept(Grounds::Glob {
                    glob: glob.glob.clone(),
                });
            } else if words_bear {
                candidate.verdict = Verdict::Dropped(Shortfall::NoCallEvidence);
            }
        } else if origin.scope == Scope::Globs
            && site.path.is_none()
            && candidate.verdict == Verdict::Kept(Grounds::Stack)
        {
            candidate.evidence.name_set_aside = true;
            candidate.verdict = judge_words_unnamed(&candidate.evidence, standard);
        }
    }
}

/// Sets aside the name of each rule file scoped by globs that is named for the call's stack,
/// on a call that touches no file: its author's globs, not its name, say which files it is
/// for, so it is judged by its words (see [`apply_rule_scoping`]), and its words count
/// towards the call's best as any word candidate's do.
pub(super) fn set_stack_names_aside(
    rules: &BTreeMap<i64, RuleText>,
    site: &CallSite,
    pool: &mut Pool,
) {
    if site.path.is_some() {
        return;
    }
    for (id, candidate) in pool.iter_mut() {
        if candidate.evidence.words.name_match == Some(NameMatch::Stack)
            && rules
                .get(id)
                .is_some_and(|rule| rule.origin.scope == Scope::Globs)
        {
            candidate.evidence.name_set_aside = true;
        }
    }
}

/// Files the harness loads with the ones it loads, or loaded for an earlier call of the
/// session: in its context already.
pub(super) fn loaded_with_imports(
    rules: &BTreeMap<i64, RuleText>,
    site: &CallSite,
    loaded_before: Option<&BTreeSet<String>>,
) -> BTreeSet<String> {
    let mut loaded = loaded_alongside(&rule_origins(rules), site);
    if site.harness.is_some() {
        loaded.extend(loaded_before.into_iter().flatten().cloned());
    }
    loaded
}

/// Of the candidates holding the same text (a link and the file it leads to, a copied rule
/// file, one rule kept in two agents' formats), one stays: the project's own instructions
/// when one of them is (a root `AGENTS.md` linked to `cli/AGENTS.md` is that folder's guide
/// for a call there), else the one written deepest. The others leave the pool before the call's standard is set, so one text never
/// counts twice; they are returned when explaining.
pub(super) fn merge_same_text(
    rules: &BTreeMap<i64, RuleText>,
    explain: bool,
    pool: &mut Pool,
) -> Vec<Candidate> {
    let mut by_text: BTreeMap<&str, Vec<i64>> = BTreeMap::new();
    for id in pool.keys() {
        if let Some(rule) = rules.get(id) {
            by_text
                .entry(rule.text_hash.as_str())
                .or_default()
                .push(*id);
        }
    }
    let mut removed = Vec::new();
    for same in by_text.into_values().filter(|ids| ids.len() > 1) {
        let rank = |id: &i64| {
            pool.get(id).map(|c| {
                (
                    c.evidence.project_depth.is_some(),
                    c.source.matches('/').count(),
                    c.source.len(),
                )
            })
        };
        let Some(kept) = same
            .iter()
            .max_by_key(|id| rank(id))
            .and_then(|id| pool.get(id))
            .map(|c| c.source.clone())
        else {
            continue;
        };
        for id in &same {
            if pool.get(id).is_some_and(|c| c.source != kept)
                && let Some(mut candidate) = pool.remove(id)
            {
                candidate.score = candidate.evidence.word_score();
                candidate.verdict = Verdict::Dropped(Shortfall::SameText { of: kept.clone() });
                if explain {
                    removed.push(candidate);
                }
            }
        }
    }
    removed
}

/// Mark the candidates the harness loaded itself for this call (see
/// `Evidence::loaded_by_harness`), before the call's standard is taken.
pub(super) fn mark_loaded(
    rules: &BTreeMap<i64, RuleText>,
    imported: &BTreeSet<String>,
    site: &CallSite,
    pool: &mut Pool,
) {
    for (id, candidate) in pool.iter_mut() {
        if let Some(rule) = rules.get(id) {
            candidate.evidence.loaded_by_harness = matches!(
                hook_shortfall(
                    &rule.origin,
                    &candidate.source,
                    site,
                    candidate.evidence.glob.is_some(),
                    imported
                ),
                Some(Shortfall::LoadedByHarness { .. })
            );
        }
    }
}

/// A kept candidate with the same text as a rule file the harness loads for this call (a
/// `CLAUDE.md` that is a link to `AGENTS.md`) is in the model's context already.
pub(super) fn drop_loaded_text(
    rules: &BTreeMap<i64, RuleText>,
    imported: &BTreeSet<String>,
    site: &CallSite,
    pool: &mut Pool,
) {
    let mut loaded: BTreeMap<&str, &str> = BTreeMap::new();
    for rule in rules.values() {
        if let Some(Shortfall::LoadedByHarness { .. }) =
            hook_shortfall(&rule.origin, &rule.source, site, false, imported)
        {
            loaded.insert(rule.text_hash.as_str(), rule.source.as_str());
        }
    }
    for (id, candidate) in pool.iter_mut() {
        let Some(rule) = rules.get(id) else { continue };
        if let Some(of) = loaded.get(rule.text_hash.as_str())
            && *of != candidate.source
            && candidate.verdict.is_kept()
        {
            candidate.verdict = Verdict::Dropped(Shortfall::SameText { of: of.to_string() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::folders_holding;

    #[test]
    fn the_folders_a_place_is_in_run_from_the_root_down() {
        assert_eq!(folders_holding(""), [""]);
        assert_eq!(
            folders_holding("services/billing/x.go"),
            ["", "services", "services/billing", "services/billing/x.go"]
        );
    }
}
