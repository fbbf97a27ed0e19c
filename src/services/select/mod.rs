//! Selection: which patterns a moment of an agent session gets, as one pipeline that reads
//! top to bottom:
//!
//! 1. **candidates**: universal patterns whose `applies_when` names the call, `paths` globs
//!    matching the touched file, the project's own agent instructions, other agents' rule
//!    files scoped to the call's folder (`rule_scoping`), and the patterns the call's words
//!    (and, in hybrid search, its vector) find;
//! 2. **evidence** per candidate, gathered from those sources (`core::select::evidence`);
//! 3. **the bar** each candidate's evidence must clear (`core::select::bar`), then other
//!    agents' rules' own scoping and what the harness loaded itself (`rule_scoping`);
//! 4. **order**: what the team or project asked for first, then the strongest words.
//!
//! Budget allocation and rendering come after, in `services::inject`. Every candidate
//! considered is kept with its evidence and verdict, so `LORE_DEBUG`, `lore extract-queries`
//! and `lore why` show why a pattern did or did not come. The same query and index always give
//! the same selection.

mod evidence;
mod files;
mod rule_scoping;
mod standard;

use standard::{call_standard, show_fuller_beside_loaded};
mod vectors;
mod words;

use std::collections::{BTreeMap, BTreeSet};

use fnv::FnvHashMap;
use globset::GlobSetBuilder;

use crate::core::query::{Query, fts_expression};
use crate::core::select::applies_when::applies;
use crate::core::select::bar::{
    Grounds, Shortfall, Verdict, judge, judge_comments_only, may_be_kept,
};
use crate::core::select::evidence::{Evidence, GlobMatch};
use crate::core::select::globs::{
    GlobKind, SimpleGlob, could_match, glob_matcher, names_one_file, path_file_keys,
};
use crate::core::select::project_scope::{ProjectFolders, is_agent_file};
use crate::core::select::task_guide::task_guide;
use crate::core::select::test_code::{names_tests, query_is_about_tests};
use crate::core::sources::CallSite;
use crate::services::deadline::Deadline;
use crate::services::hybrid::RetrievalMode;
use crate::storage::embed::Embedder;
use crate::storage::index::{Index, IndexError, KnowledgeFacts, LanguageGate};

/// What the selection is for.
#[derive(Clone)]
pub struct SelectRequest<'a> {
    pub query: &'a Query,
    /// The focused terms to rank by (see `services::query_plan`).
    pub terms: &'a [String],
    /// Tool and Bash command, for universal patterns' `applies_when`.
    pub tool_name: Option<&'a str>,
    pub command: Option<&'a str>,
    /// Include universal patterns whose `applies_when` matches.
    pub include_universal: bool,
    /// Most patterns from globs, project instructions and words together.
    pub max_patterns: usize,
    /// Query embedder for hybrid ranking; None ranks by full text only.
    pub embedder: Option<&'a dyn Embedder>,
    /// The text to embed (a prompt, an error, or the query's terms).
    pub query_text: &'a str,
    /// Fused score a hybrid result needs (ignored when the ranking was full text only).
    pub min_relevance: f64,
    /// Keep every candidate for explaining, including those below the bar that a hook would
    /// not even read the names of, and those the language gate or project scope removed.
    pub explain: bool,
    /// Where the call is in the repository and which harness asks, for other agents' rule
    /// files (see `core::sources`).
    pub site: &'a CallSite,
    /// What the call writes and what it replaces (Write `content`, Edit `new_string` and
    /// `old_string`, a patch's added and removed lines), for rules scoped to content.
    pub edit_texts: &'a [&'a str],
    /// Rule files the harness loaded itself earlier in the session (see
    /// `services::inject::loaded_by_harness_before`).
    pub loaded_before: Option<&'a BTreeSet<String>>,
    /// The call's deadline, checked after the candidates are gathered and before the vector
    /// search.
    pub deadline: Deadline,
}

/// One candidate with everything that judged it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Candidate {
    pub pattern_id: i64,
    pub source: String,
    pub title: String,
    pub evidence: Evidence,
    /// The score the pattern's words earn (see `core::select::evidence`).
    pub score: f64,
    #[serde(flatten)]
    pub verdict: Verdict,
}

impl Candidate {
    fn new(pattern_id: i64, source: String, title: String) -> Self {
        Self {
            pattern_id,
            source,
            title,
            evidence: Evidence::default(),
            score: 0.0,
            verdict: Verdict::Dropped(Shortfall::WeakWords {
                score: 0.0,
                bar: 0.0,
            }),
        }
    }

    /// The session-ledger key: a universal pattern brought back by its `applies_when` is
    /// recorded apart from its session-start showing, so the matching moment still gets it.
    pub fn ledger_key(&self) -> String {
        match self.verdict {
            Verdict::Kept(Grounds::Universal) => format!("applies_when:{}", self.source),
            _ => self.source.clone(),
        }
    }
}

/// Every candidate of a call with its verdict: the kept ones first, in injection order, then
/// the dropped ones, strongest first.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Selection {
    /// The FTS5 MATCH expression of the searched terms (None when there were none).
    pub expression: Option<String>,
    pub mode: RetrievalMode,
    /// Why the ranking is full-text only, or what else went wrong on the way.
    pub notes: Vec<String>,
    pub candidates: Vec<Candidate>,
}

impl Selection {
    /// The candidates to inject, in order.
    pub fn kept(&self) -> impl Iterator<Item = &Candidate> {
        self.candidates.iter().filter(|c| c.verdict.is_kept())
    }
}

/// Candidates by pattern id while they are gathered.
type Pool = BTreeMap<i64, Candidate>;

/// Select the patterns for one call.
pub fn select(
    index: &Index,
    facts: &KnowledgeFacts,
    request: &SelectRequest<'_>,
) -> Result<Selection, IndexError> {
    let mut pool = Pool::new();
    if request.include_universal {
        universal_candidates(index, request, &mut pool)?;
    }
    // Only the hook's lean path (no tracing, no fusion) leaves out what it cannot keep.
    let lean = request.embedder.is_none() && !request.explain;
    // A broad glob (`**/*.tsx`) only makes a pattern's words count more, so on the lean path
    // the patterns it matches join as word candidates, read only if their words may be kept.
    // Other agents' rules may be kept on any glob, and a project's own files on no words.
    let defer_broad = lean && !facts.has_rule_files && !project_files_apply(facts, request.query);
    // Files named for the call's stack may be kept on their name alone: never left out.
    let stack_named = if lean {
        words::stack_named(index, request)?
    } else {
        BTreeSet::new()
    };
    let broad = glob_candidates(
        index,
        request.query,
        &facts.project_folders,
        defer_broad.then_some(&stack_named),
        &mut pool,
    )?;
    project_candidates(index, request.query, &facts.project_folders, &mut pool)?;
    // A technology's patterns that share no word with the call are kept only when named for
    // the stack (technology grounds need a word of the call): on the lean path only those are
    // read here, and the others come as word candidates if their words may be kept.
    let of_technologies = technology_candidates(
        index,
        request.query,
        &facts.project_folders,
        lean.then_some(&stack_named),
        &mut pool,
    )?;
    // Most knowledge bases hold no other agent's rule files: their scoping is then not
    // looked up.
    let rule_files = facts.has_rule_files;
    if rule_files {
        rule_scoping::rule_candidates(index, request, &mut pool)?;
    }
    let mut dropped = words::word_candidates(
        index,
        facts,
        request,
        &broad,
        &stack_named,
        &of_technologies,
        &mut pool,
    )?;
    let rule_texts = if rule_files {
        index.rule_texts()?
    } else {
        BTreeMap::new()
    };
    if rule_files {
        rule_scoping::set_stack_names_aside(&rule_texts, request.site, &mut pool);
        let mut elsewhere = rule_scoping::drop_other_folders(&rule_texts, request, &mut pool);
        dropped.append(&mut elsewhere);
        let mut repeated = rule_scoping::merge_same_text(&rule_texts, request.explain, &mut pool);
        dropped.append(&mut repeated);
    }
    let imported = if rule_files {
        let imported =
            rule_scoping::loaded_with_imports(&rule_texts, request.site, request.loaded_before);
        rule_scoping::mark_loaded(&rule_texts, &imported, request.site, &mut pool);
        imported
    } else {
        BTreeSet::new()
    };
    // A guide named for tests is for calls about tests; set before the call's best is taken,
    // so one never sets the best it cannot be kept against.
    if !query_is_about_tests(request.query) {
        for candidate in pool.values_mut() {
            candidate.evidence.tests_elsewhere = names_tests(&candidate.source, &candidate.title);
        }
    }
    if lean {
        // A hook reads the rest of the evidence only for candidates it may keep (a Write of
        // common words in a large index has hundreds of word candidates). Another agent's
        // rule scoped by globs is kept on any glob that matches, one scoped to content on its
        // regex (see `rule_scoping`).
        let standard = call_standard(&pool, facts, None, false);
        pool.retain(|_, c| {
            may_be_kept(&c.evidence, &standard)
                || (rule_files && (c.evidence.glob.is_some() || c.evidence.content.is_some()))
        });
    }
    evidence::technology_evidence(index, request.query, &mut pool)?;
    request.deadline.check("after gathering the candidates")?;
    let mut notes = Vec::new();
    let mode = vectors::vector_evidence(index, request, facts, &mut pool, &mut notes)?;
    let command_site = request.command.map(|_| request.site);
    evidence::paths_evidence(index, request.query, command_site, &rule_texts, &mut pool)?;

    let min_relevance = (mode == RetrievalMode::Hybrid).then_some(request.min_relevance);
    for candidate in pool.values_mut() {
        candidate.score = candidate.evidence.word_score();
        candidate.evidence.task_guide = task_guide(&candidate.source, &request.query.terms);
    }
    let standard = call_standard(&pool, facts, min_relevance, true);
    words::section_breadth(index, &standard, &mut pool)?;
    for candidate in pool.values_mut() {
        candidate.verdict = judge(&candidate.evidence, &standard);
    }
    evidence::related_language_evidence(index, request.query, &standard, &mut pool)?;
    if rule_files {
        rule_scoping::apply_rule_scoping(
            &rule_texts,
            &imported,
            request.site,
            &standard,
            &mut pool,
        );
        rule_scoping::drop_loaded_text(&rule_texts, &imported, request.site, &mut pool);
        show_fuller_beside_loaded(&mut pool, facts, min_relevance);
    }
    if request.query.comments_only {
        for candidate in pool.values_mut() {
            candidate.verdict = judge_comments_only(candidate.verdict.clone(), &candidate.evidence);
        }
    }
    let mut candidates: Vec<Candidate> = pool.into_values().collect();
    candidates.sort_by(|a, b| {
        order_key(a)
            .cmp(&order_key(b))
            .then_with(|| rank_value(b).total_cmp(&rank_value(a)))
            .then_with(|| b.score.total_cmp(&a.score))
            .then_with(|| a.source.cmp(&b.source))
    });
    let mut counted = 0;
    for candidate in &mut candidates {
        if let Verdict::Kept(grounds) = &candidate.verdict {
            if *grounds == Grounds::Universal {
                continue;
            }
            counted += 1;
            if counted > request.max_patterns {
                candidate.verdict = Verdict::Dropped(Shortfall::OverLimit {
                    max: request.max_patterns,
                });
            }
        }
    }
    candidates.sort_by_key(|c| !c.verdict.is_kept());
    candidates.append(&mut dropped);
    Ok(Selection {
        expression: fts_expression(&Query {
            terms: request.terms.to_vec(),
            ..Query::default()
        }),
        mode,
        notes,
        candidates,
    })
}

/// Whether the knowledge base has projects' own folders and the call is in a project: their
/// files then apply inside it whatever their words or languages (see `project_scope`).
fn project_files_apply(facts: &KnowledgeFacts, query: &Query) -> bool {
    !facts.project_folders.folders().is_empty() && query.project.is_some()
}

/// Injection order by grounds: universal, then what the team scoped to the file (or to what
/// it holds), then the project's own instructions (nearest first), then by words; what
/// breadth alone let in comes last, so it only takes a place no stronger candidate wants.
fn order_key(candidate: &Candidate) -> (u8, usize) {
    match &candidate.verdict {
        Verdict::Kept(Grounds::Universal) => (0, 0),
        Verdict::Kept(Grounds::Glob { .. } | Grounds::Content { .. }) => (1, 0),
        Verdict::Kept(Grounds::Project) => (
            2,
            usize::MAX - candidate.evidence.project_depth.unwrap_or(0),
        ),
        Verdict::Kept(Grounds::Breadth { .. }) => (4, 0),
        Verdict::Kept(_) => (3, 0),
        Verdict::Dropped(_) => (5, 0),
    }
}

/// What orders candidates of the same grounds: the reciprocal-rank-fusion sum in hybrid
/// search (ordering by the normalised score let similarity outvote full-text evidence, which
/// cost recall on the eval set), else the word score.
fn rank_value(candidate: &Candidate) -> f64 {
    candidate.evidence.vector.map_or(candidate.score, |v| v.rrf)
}

/// The candidate for `id` in the pool, added with its name when new.
fn entry<'p>(pool: &'p mut Pool, id: i64, source: &str, title: &str) -> &'p mut Candidate {
    pool.entry(id)
        .or_insert_with(|| Candidate::new(id, source.to_string(), title.to_string()))
}

/// Universal patterns are shown in full at session start; a tool call brings one back only
/// when its `applies_when` names this call (an ungated one would repeat on every call).
fn universal_candidates(
    index: &Index,
    request: &SelectRequest<'_>,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    for s in index.gated_universal_summaries()? {
        if applies(&s.applies_when, request.tool_name, request.command) {
            entry(pool, s.id, &s.source, &s.title).evidence.universal = true;
        }
    }
    Ok(())
}

/// Patterns whose `paths` globs match the touched file, each with its most specific glob.
/// With `defer_broad` (the patterns named for the stack), those matched only by broad globs
/// and not so named are returned instead, by id with their glob, for the word candidates to
/// take up.
fn glob_candidates(
    index: &Index,
    query: &Query,
    folders: &ProjectFolders,
    defer_broad: Option<&BTreeSet<i64>>,
    pool: &mut Pool,
) -> Result<BTreeMap<i64, String>, IndexError> {
    let mut deferred = BTreeMap::new();
    let Some(path) = &query.relative_path else {
        return Ok(deferred);
    };
    let globs = index.candidate_globs(&path_file_keys(path))?;
    let mut found = matching_globs(&globs, path);
    if let Some(stack_named) = defer_broad {
        found.retain(|(id, glob, kind)| {
            // A single-file glob may count as broad (see below): it is read to decide.
            let keep = *kind == GlobKind::Specific || stack_named.contains(id);
            if !keep {
                deferred.insert(*id, glob.clone());
            }
            keep
        });
    }
    let ids: Vec<i64> = found.iter().map(|(id, ..)| *id).collect();
    // A glob says which files; a declared language still rules a pattern out, one lore
    // read from its name does not.
    let names = index.patterns_passing_own_globs(&ids, &LanguageGate::for_query(query))?;
    let with_language_globs = index.patterns_with_globs(&ids, true)?;
    for (id, glob, mut kind) in found {
        if kind == GlobKind::Specific && names_one_file(&glob) && with_language_globs.contains(&id)
        {
            // A build file beside a language's files (`Makefile` with `**/*.f90`) is that
            // language's companion: it boosts the pattern like a language glob does.
            kind = GlobKind::Broad;
        }
        let Some((source, title)) = names.get(&id) else {
            continue;
        };
        if in_project_scope(folders, query, source) {
            entry(pool, id, source, title).evidence.glob = Some(GlobMatch { glob, kind });
        }
    }
    Ok(deferred)
}

/// Patterns whose `paths` globs match `path`, each with its most specific matching glob, in
/// the order of `globs`: (pattern id, glob, broad) as the index keyed them for this file;
/// simple shapes (`**/*.rs`, `src/**`) are matched directly, the rest by one `GlobSet` after a
/// cheap check rules out the impossible, so a hook stays fast with thousands of globs.
fn matching_globs(globs: &[(i64, String, bool)], path: &str) -> Vec<(i64, String, GlobKind)> {
    // Knowledge bases repeat globs (`**/*.ts` in many files): each distinct one is judged once.
    let mut judged: FnvHashMap<&str, bool> = FnvHashMap::default();
    let mut builder = GlobSetBuilder::new();
    let mut compiled: Vec<&str> = Vec::new();
    for (_, glob, _) in globs {
        if judged.contains_key(glob.as_str()) {
            continue;
        }
        let hit = match SimpleGlob::parse(glob) {
            Some(simple) => simple.matches(path),
            None => {
                if could_match(glob, path)
                    && let Ok(g) = glob_matcher(glob)
                {
                    builder.add(g);
                    compiled.push(glob);
                }
                false
            }
        };
        judged.insert(glob, hit);
    }
    if !compiled.is_empty()
        && let Ok(set) = builder.build()
    {
        for i in set.matches(path) {
            judged.insert(compiled[i], true);
        }
    }
    let hits: Vec<bool> = globs
        .iter()
        .map(|(_, glob, _)| judged.get(glob.as_str()).copied().unwrap_or(false))
        .collect();
    let mut found: Vec<(i64, String, GlobKind)> = Vec::new();
    for ((id, glob, broad), _) in globs.iter().zip(&hits).filter(|(_, hit)| **hit) {
        let kind = if *broad {
            GlobKind::Broad
        } else {
            GlobKind::Specific
        };
        match found.iter_mut().find(|(f, _, _)| f == id) {
            Some(entry) if kind == GlobKind::Specific && entry.2 != GlobKind::Specific => {
                *entry = (*id, glob.clone(), kind);
            }
            Some(_) => {}
            None => found.push((*id, glob.clone(), kind)),
        }
    }
    found
}

/// The agent instructions (`AGENTS.md`, `CLAUDE.md`, ...) of the project the call is in.
fn project_candidates(
    index: &Index,
    query: &Query,
    folders: &ProjectFolders,
    pool: &mut Pool,
) -> Result<(), IndexError> {
    for (id, source) in index.pattern_sources_under(folders.folders())? {
        let Some(scope) = folders.scope_of(&source) else {
            continue;
        };
        if is_agent_file(&source)
            && scope.applies(query.project.as_deref(), query.relative_path.as_deref())
            && let Some(p) = index.pattern(id)?
        {
            entry(pool, id, &source, &p.summary.title)
                .evidence
                .project_depth = Some(scope.depth());
        }
    }
    Ok(())
}

/// Patterns specific to a technology the call or its project has: the stack's own
/// conventions are candidates even when the call shares no word with them. With `only`,
/// just those of them. Returns every pattern of those technologies.
fn technology_candidates(
    index: &Index,
    query: &Query,
    folders: &ProjectFolders,
    only: Option<&BTreeSet<i64>>,
    pool: &mut Pool,
) -> Result<BTreeSet<i64>, IndexError> {
    let technologies: Vec<String> = query
        .technologies
        .iter()
        .chain(&query.project_technologies)
        .cloned()
        .collect();
    if technologies.is_empty() {
        return Ok(BTreeSet::new());
    }
    let all: BTreeSet<i64> = index
        .patterns_of_technologies(&technologies)?
        .into_iter()
        .collect();
    let ids: Vec<i64> = all
        .iter()
        .copied()
        .filter(|id| !pool.contains_key(id) && only.is_none_or(|only| only.contains(id)))
        .collect();
    for (id, (source, title)) in index.patterns_passing(&ids, &LanguageGate::for_query(query))? {
        if in_project_scope(folders, query, &source) {
            entry(pool, id, &source, &title);
        }
    }
    Ok(all)
}

/// A pattern of some project's folder applies only in that project (see
/// `core::select::project_scope`); every other pattern applies everywhere.
pub fn in_project_scope(folders: &ProjectFolders, query: &Query, source: &str) -> bool {
    folders
        .scope_of(source)
        .is_none_or(|scope| scope.applies(query.project.as_deref(), query.relative_path.as_deref()))
}

#[cfg(test)]
mod tests;
