//! Selection: which whole patterns an event should inject. Search hits are expanded to their
//! pattern (sibling expansion), `paths` globs add patterns for the touched file even without
//! word overlap, and universal patterns join when their `applies_when` matches. The order is
//! deterministic: the same query and index always give the same list.

use globset::{Glob, GlobSetBuilder};

use crate::core::pattern::AppliesWhen;
use crate::core::pattern_rank::{
    GlobKind, classify_glob, could_match, noise_floor, rank_patterns, vector_only_allowed,
};
use crate::core::query::Query;
use crate::services::hybrid::{HybridOutcome, hybrid_search};
use crate::storage::embed::Embedder;
use crate::storage::index::{Index, IndexError, PatternSummary};

/// Why a pattern was selected.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// Always-on tier whose `applies_when` matched.
    Universal,
    /// A `paths` glob matched the touched file.
    Path { glob: String },
    /// Full-text (or hybrid) search: the pattern's best chunk and its score.
    Search { score: f64, rank: usize },
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Candidate {
    pub pattern_id: i64,
    pub source: String,
    pub title: String,
    pub reason: Reason,
    /// The pattern's chunks that matched the search, best first (empty for glob and
    /// universal selections): the sections to show when the whole pattern does not fit.
    pub matched_chunks: Vec<i64>,
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
    /// Tool and Bash command, for universal patterns' `applies_when`.
    pub tool_name: Option<&'a str>,
    pub command: Option<&'a str>,
    /// Include universal patterns whose `applies_when` matches.
    pub include_universal: bool,
    /// Most patterns from search and path globs together.
    pub max_patterns: usize,
    /// How many chunks to ask the index for before grouping them into patterns.
    pub chunk_limit: usize,
    /// Query embedder for hybrid search; None searches full text only.
    pub embedder: Option<&'a dyn Embedder>,
    /// The text to embed (a prompt, an error, or the query's terms).
    pub query_text: &'a str,
    /// Fused score a hybrid result needs (ignored when the search was full text only).
    pub min_relevance: f64,
}

/// Candidates in injection order, with the search that produced them (for debugging).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Selection {
    /// The search as run, with every retriever's pre-fusion scores.
    pub search: HybridOutcome,
    pub candidates: Vec<Candidate>,
}

/// Patterns whose `paths` globs match `path`, each with its most specific matching glob.
/// Globs that cannot match (wrong extension, file name or leading directory) are ruled out
/// before compiling, and the rest are matched at once by one `GlobSet`, so a hook stays fast
/// with thousands of globs.
fn matching_globs(globs: &[(i64, Vec<String>)], path: &str) -> Vec<(i64, String, GlobKind)> {
    let mut builder = GlobSetBuilder::new();
    let mut owners = Vec::new();
    for (id, paths) in globs {
        for glob in paths {
            let kind = classify_glob(glob);
            if kind == GlobKind::CatchAll || !could_match(glob, path) {
                continue;
            }
            if let Ok(compiled) = Glob::new(glob.trim()) {
                builder.add(compiled);
                owners.push((*id, glob, kind));
            }
        }
    }
    let Ok(set) = builder.build() else {
        return Vec::new();
    };
    let mut found: Vec<(i64, String, GlobKind)> = Vec::new();
    for i in set.matches(path) {
        let (id, glob, kind) = owners[i];
        match found.iter_mut().find(|(f, _, _)| *f == id) {
            Some(entry) if kind == GlobKind::Specific && entry.2 != GlobKind::Specific => {
                *entry = (id, glob.clone(), kind);
            }
            Some(_) => {}
            None => found.push((id, glob.clone(), kind)),
        }
    }
    found
}

/// A broad glob match (`**/*.ts`) makes a word match count this much more.
const BROAD_GLOB_BOOST: f64 = 1.25;

/// Does a universal pattern apply to this tool call? Empty predicate: always.
pub fn applies(when: &AppliesWhen, tool_name: Option<&str>, command: Option<&str>) -> bool {
    if when.is_empty() {
        return true;
    }
    let tool_ok = when.tools.is_empty()
        || tool_name.is_some_and(|t| when.tools.iter().any(|w| w.eq_ignore_ascii_case(t)));
    let command_ok = when.commands.is_empty()
        || command.is_some_and(|c| {
            when.commands.iter().any(|prefix| {
                c.split(['&', '|', ';', '\n'])
                    .map(str::trim)
                    .any(|part| starts_with_words(part, prefix.trim()))
            })
        });
    // `commands` alone implies Bash; with both lists, either a listed tool or command applies.
    match (when.tools.is_empty(), when.commands.is_empty()) {
        (false, false) => {
            (tool_ok && !tool_name.is_some_and(|t| t.eq_ignore_ascii_case("bash"))) || command_ok
        }
        (true, false) => command_ok,
        _ => tool_ok,
    }
}

/// `git commit -m x` starts with the words `git commit`; `git committed` does not.
fn starts_with_words(command: &str, prefix: &str) -> bool {
    command
        .strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
}

/// Select patterns for a query.
pub fn select_patterns(
    index: &Index,
    request: &SelectionRequest<'_>,
) -> Result<Selection, IndexError> {
    let hybrid = hybrid_search(
        index,
        request.embedder,
        request.query,
        request.query_text,
        request.chunk_limit.max(1),
        request.min_relevance,
    )?;
    let outcome = hybrid.to_search_outcome();
    let mut candidates: Vec<Candidate> = Vec::new();
    let from_summary = |s: &PatternSummary, reason: Reason| Candidate {
        pattern_id: s.id,
        source: s.source.clone(),
        title: s.title.clone(),
        reason,
        matched_chunks: Vec::new(),
    };

    // Universal patterns are shown in full at session start; a tool call brings one back only
    // when its `applies_when` names this call (an ungated one would repeat on every call).
    if request.include_universal {
        for s in index.universal_summaries()? {
            if !s.applies_when.is_empty()
                && applies(&s.applies_when, request.tool_name, request.command)
            {
                candidates.push(from_summary(&s, Reason::Universal));
            }
        }
    }
    let universal_count = candidates.len();

    // Specific globs first: the team asked for these patterns whenever such a file changes.
    let mut broad_globs = Vec::new();
    if let Some(path) = &request.query.relative_path {
        for (id, glob, kind) in matching_globs(&index.path_globs()?, path) {
            match kind {
                GlobKind::Specific if !candidates.iter().any(|c| c.pattern_id == id) => {
                    if let Some(p) = index.pattern(id)? {
                        candidates.push(from_summary(&p.summary, Reason::Path { glob }));
                    }
                }
                GlobKind::Broad => broad_globs.push(id),
                _ => {}
            }
        }
    }

    // Matches grouped into patterns, ordered by their (fused or full-text) score. In a large
    // index a pattern needs full-text evidence above the noise floor, or, found by vectors
    // alone, a similarity far above the rest; fused scores were already held to
    // `min_relevance` when vectors took part.
    let chunk_count = index.chunk_count()?;
    let floor = noise_floor(chunk_count);
    let text_scores: Vec<(i64, f64)> = hybrid
        .results
        .iter()
        .filter_map(|r| Some((r.chunk.pattern_id, -r.chunk.bm25?)))
        .collect();
    let text_evidence: Vec<(i64, f64)> = rank_patterns(&text_scores)
        .into_iter()
        .map(|p| (p.pattern_id, p.score))
        .collect();
    let best_z = |pattern_id: i64| {
        hybrid
            .results
            .iter()
            .filter(|r| r.chunk.pattern_id == pattern_id)
            .filter_map(|r| r.similarity_z)
            .fold(f32::MIN, f32::max)
    };
    let eligible = |pattern_id: i64| {
        let text = text_evidence.iter().find(|(id, _)| *id == pattern_id);
        text.is_some_and(|(_, score)| *score >= floor)
            || vector_only_allowed(chunk_count, best_z(pattern_id))
    };
    let chunk_scores: Vec<(i64, f64)> = outcome
        .results
        .iter()
        .map(|r| (r.pattern_id, r.score))
        .collect();
    let mut ranked = rank_patterns(&chunk_scores);
    for p in &mut ranked {
        if broad_globs.contains(&p.pattern_id) {
            p.score *= BROAD_GLOB_BOOST;
        }
    }
    ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
    for (rank, p) in ranked
        .iter()
        .enumerate()
        .filter(|(_, p)| eligible(p.pattern_id))
    {
        if candidates.iter().any(|c| c.pattern_id == p.pattern_id) {
            continue;
        }
        let first = &outcome.results[p.chunks[0]];
        candidates.push(Candidate {
            pattern_id: p.pattern_id,
            source: first.source.clone(),
            title: first.title.clone(),
            reason: Reason::Search {
                score: p.score,
                rank: rank + 1,
            },
            matched_chunks: p
                .chunks
                .iter()
                .map(|i| outcome.results[*i].chunk_id)
                .collect(),
        });
    }
    candidates.truncate(universal_count + request.max_patterns);
    Ok(Selection {
        search: hybrid,
        candidates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn when(tools: &[&str], commands: &[&str]) -> AppliesWhen {
        AppliesWhen {
            tools: tools.iter().map(|s| s.to_string()).collect(),
            commands: commands.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn applies_when_matches_tools_and_command_prefixes_on_word_boundaries() {
        assert!(applies(&when(&[], &[]), Some("Read"), None));
        assert!(applies(&when(&["Edit", "Write"], &[]), Some("edit"), None));
        assert!(!applies(&when(&["Edit"], &[]), Some("Bash"), Some("ls")));
        let commit = when(&[], &["git commit"]);
        assert!(applies(&commit, Some("Bash"), Some("git commit -m x")));
        assert!(applies(
            &commit,
            Some("Bash"),
            Some("cargo fmt && git commit")
        ));
        assert!(!applies(&commit, Some("Bash"), Some("git committed")));
        assert!(!applies(&commit, Some("Edit"), None));
        let both = when(&["Edit", "Bash"], &["git commit"]);
        assert!(applies(&both, Some("Edit"), None));
        assert!(applies(&both, Some("Bash"), Some("git commit")));
        assert!(!applies(&both, Some("Bash"), Some("ls")));
    }

    #[test]
    fn globs_match_with_the_most_specific_one_reported() {
        let summary =
            |id: i64, paths: &[&str]| (id, paths.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let all = [
            summary(1, &["**/*"]),
            summary(2, &["**/*.rs", "src/storage/**"]),
            summary(3, &["**/*.ts"]),
            summary(4, &["[bad"]),
        ];
        assert_eq!(
            matching_globs(&all, "src/storage/index/read.rs"),
            [(2, "src/storage/**".to_string(), GlobKind::Specific)]
        );
        assert_eq!(
            matching_globs(&all, "web/a.ts"),
            [(3, "**/*.ts".to_string(), GlobKind::Broad)]
        );
        assert!(matching_globs(&all, "README").is_empty());
    }
}
