//! Selection: which whole patterns an event should inject, in order. Universal patterns join
//! when their `applies_when` matches; `paths` globs naming a part of the project add their
//! patterns for the touched file even without word overlap; a project's own agent
//! instructions (`AGENTS.md`, `CLAUDE.md` in its knowledge-base folder) join inside that
//! project; the rest come from the whole-pattern ranking (see `services::pattern_ranking`).
//! The same query and index always give the same list.

use globset::{Glob, GlobSetBuilder};

use crate::core::query::Query;
use crate::core::select::applies_when::applies;
use crate::core::select::globs::{GlobKind, SimpleGlob, could_match, path_file_keys};
use crate::core::select::project_scope::is_agent_file;
use crate::services::pattern_ranking::{
    PatternRanking, RankingRequest, in_project_scope, rank_patterns,
};
use crate::storage::embed::Embedder;
use crate::storage::index::{Index, IndexError, KnowledgeFacts, PatternSummary};

/// Why a pattern was selected.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// Always-on tier whose `applies_when` matched.
    Universal,
    /// A `paths` glob matched the touched file.
    Path { glob: String },
    /// The agent instructions of the project the call is in.
    Project,
    /// Whole-pattern ranking: the pattern's score and its place in the ranking.
    Search { score: f64, rank: usize },
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Candidate {
    pub pattern_id: i64,
    pub source: String,
    pub title: String,
    pub reason: Reason,
}

impl Candidate {
    /// The session-ledger key: a universal pattern brought back by its `applies_when` is
    /// recorded apart from its session-start showing, so the matching moment still gets it.
    pub fn ledger_key(&self) -> String {
        match self.reason {
            Reason::Universal => format!("applies_when:{}", self.source),
            _ => self.source.clone(),
        }
    }
}

/// What the selection is for.
#[derive(Clone)]
pub struct SelectionRequest<'a> {
    pub query: &'a Query,
    /// The focused terms to rank by (see `services::query_plan`).
    pub terms: &'a [String],
    /// Tool and Bash command, for universal patterns' `applies_when`.
    pub tool_name: Option<&'a str>,
    pub command: Option<&'a str>,
    /// Include universal patterns whose `applies_when` matches.
    pub include_universal: bool,
    /// Most patterns from globs, project instructions and ranking together.
    pub max_patterns: usize,
    /// Query embedder for hybrid ranking; None ranks by full text only.
    pub embedder: Option<&'a dyn Embedder>,
    /// The text to embed (a prompt, an error, or the query's terms).
    pub query_text: &'a str,
    /// Fused score a hybrid result needs (ignored when the ranking was full text only).
    pub min_relevance: f64,
}

/// Candidates in injection order, with the ranking that produced them (for debugging).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Selection {
    pub ranking: PatternRanking,
    pub candidates: Vec<Candidate>,
}

/// Patterns whose `paths` globs match `path`, each with its most specific matching glob, in
/// the order of `globs`: (pattern id, glob, broad) as the index keyed them for this file; simple
/// shapes (`**/*.rs`, `src/**`) are matched directly, the rest by one `GlobSet` after a
/// cheap check rules out the impossible, so a hook stays fast with thousands of globs.
fn matching_globs(globs: &[(i64, String, bool)], path: &str) -> Vec<(i64, String, GlobKind)> {
    let kind_of = |broad: bool| {
        if broad {
            GlobKind::Broad
        } else {
            GlobKind::Specific
        }
    };
    let mut builder = GlobSetBuilder::new();
    let mut compiled: Vec<&str> = Vec::new();
    let mut hits = vec![false; globs.len()];
    for (i, (_, glob, _)) in globs.iter().enumerate() {
        if let Some(simple) = SimpleGlob::parse(glob) {
            hits[i] = simple.matches(path);
        } else if could_match(glob, path)
            && !compiled.contains(&glob.as_str())
            && let Ok(g) = Glob::new(glob.trim())
        {
            builder.add(g);
            compiled.push(glob);
        }
    }
    if let Ok(set) = builder.build() {
        for i in set.matches(path) {
            for (j, (_, glob, _)) in globs.iter().enumerate() {
                if glob == compiled[i] {
                    hits[j] = true;
                }
            }
        }
    }
    let mut found: Vec<(i64, String, GlobKind)> = Vec::new();
    for ((id, glob, broad), _) in globs.iter().zip(&hits).filter(|(_, hit)| **hit) {
        let kind = kind_of(*broad);
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

/// Select patterns for a query.
pub fn select_patterns(
    index: &Index,
    facts: &KnowledgeFacts,
    request: &SelectionRequest<'_>,
) -> Result<Selection, IndexError> {
    let query = request.query;
    let mut candidates: Vec<Candidate> = Vec::new();
    let from_summary = |s: &PatternSummary, reason: Reason| Candidate {
        pattern_id: s.id,
        source: s.source.clone(),
        title: s.title.clone(),
        reason,
    };
    let known = |candidates: &[Candidate], id: i64| candidates.iter().any(|c| c.pattern_id == id);

    // Universal patterns are shown in full at session start; a tool call brings one back only
    // when its `applies_when` names this call (an ungated one would repeat on every call).
    if request.include_universal {
        for s in index.gated_universal_summaries()? {
            if applies(&s.applies_when, request.tool_name, request.command) {
                candidates.push(from_summary(&s, Reason::Universal));
            }
        }
    }
    let universal_count = candidates.len();

    // Specific globs: the team asked for these patterns whenever such a file changes.
    let mut broad_globs = Vec::new();
    if let Some(path) = &query.relative_path {
        let globs = index.candidate_globs(&path_file_keys(path))?;
        let mut specific = Vec::new();
        for (id, glob, kind) in matching_globs(&globs, path) {
            match kind {
                GlobKind::Specific if !known(&candidates, id) => specific.push((id, glob)),
                GlobKind::Broad => broad_globs.push(id),
                _ => {}
            }
        }
        let ids: Vec<i64> = specific.iter().map(|(id, _)| *id).collect();
        let names = index.pattern_names(&ids)?;
        let mut by_path: Vec<Candidate> = specific
            .into_iter()
            .filter_map(|(id, glob)| {
                let (source, title) = names.get(&id)?;
                in_project_scope(&facts.project_folders, query, source).then(|| Candidate {
                    pattern_id: id,
                    source: source.clone(),
                    title: title.clone(),
                    reason: Reason::Path { glob },
                })
            })
            .collect();
        by_path.sort_by(|a, b| a.source.cmp(&b.source));
        candidates.extend(by_path);
    }

    // The project's own agent instructions, nearest (deepest) first.
    let mut instructions: Vec<(usize, PatternSummary)> = Vec::new();
    for (id, source) in index.pattern_sources_under(facts.project_folders.folders())? {
        let Some(scope) = facts.project_folders.scope_of(&source) else {
            continue;
        };
        if is_agent_file(&source)
            && scope.applies(query.project.as_deref(), query.relative_path.as_deref())
            && !known(&candidates, id)
            && let Some(p) = index.pattern(id)?
        {
            instructions.push((scope.depth(), p.summary));
        }
    }
    instructions.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.source.cmp(&b.1.source)));
    for (_, summary) in &instructions {
        candidates.push(from_summary(summary, Reason::Project));
    }

    let mut ranking = rank_patterns(
        index,
        facts,
        &RankingRequest {
            query,
            terms: request.terms,
            embedder: request.embedder,
            query_text: request.query_text,
            min_relevance: request.min_relevance,
            broad_globs: &broad_globs,
        },
    )?;
    for (rank, p) in ranking.patterns.iter().enumerate() {
        if p.eligible && !known(&candidates, p.pattern_id) {
            candidates.push(Candidate {
                pattern_id: p.pattern_id,
                source: p.source.clone(),
                title: p.title.clone(),
                reason: Reason::Search {
                    score: p.fused.unwrap_or(p.text_score),
                    rank: rank + 1,
                },
            });
        }
    }
    candidates.truncate(universal_count + request.max_patterns);
    ranking.patterns.truncate(RANKING_KEPT);
    Ok(Selection {
        ranking,
        candidates,
    })
}

/// How many ranked patterns a selection keeps for debugging output.
const RANKING_KEPT: usize = 20;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::select::globs::classify_glob;

    #[test]
    fn globs_match_with_the_most_specific_one_reported() {
        let glob =
            |id: i64, glob: &str| (id, glob.to_string(), classify_glob(glob) == GlobKind::Broad);
        let all = [
            glob(2, "**/*.rs"),
            glob(2, "src/storage/**"),
            glob(3, "**/*.ts"),
            glob(4, "[bad"),
            glob(5, "src/*/index/r?ad.rs"),
        ];
        assert_eq!(
            matching_globs(&all, "src/storage/index/read.rs"),
            [
                (2, "src/storage/**".to_string(), GlobKind::Specific),
                (5, "src/*/index/r?ad.rs".to_string(), GlobKind::Specific)
            ]
        );
        assert_eq!(
            matching_globs(&all, "web/a.ts"),
            [(3, "**/*.ts".to_string(), GlobKind::Broad)]
        );
        assert!(matching_globs(&all, "README").is_empty());
    }
}
