//! The search a moment of an agent session runs: the query extracted from the tool call,
//! prompt or error, its terms focused for this index (see `core::query::focus`), and the
//! exact FTS5 expression; or why nothing is searched. The hook runs this plan and
//! `lore extract-queries` prints it, so a coverage audit sees exactly what a hook does.

use crate::core::query::{
    FocusedTerms, Query, QueryInput, TechnologyTable, extract_query_with, focus_terms,
    fts_expression, is_inspection_command, term_stem,
};
use crate::storage::index::{Index, IndexError};

/// The kind of moment a query comes from; it decides framing, budget and tiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// The user's prompt, before the model plans.
    Prompt,
    /// A tool call about to run (the primary injection).
    ToolCall,
    /// A tool call that failed; the query is built from its error text.
    ToolFailure,
}

/// Prompts with fewer cleaned terms than this carry too little meaning to search on.
const MIN_PROMPT_TERMS: usize = 2;

/// What a moment searches for.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct QueryPlan {
    /// The query as extracted (every term, for name coverage and debugging).
    pub query: Query,
    /// The terms searched and the ones left out for this index.
    pub focus: FocusedTerms,
    /// The FTS5 MATCH expression run; None when there is nothing to search.
    pub expression: Option<String>,
    /// Why this moment searches nothing at all (a read-only command, a one-word prompt).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<&'static str>,
}

impl QueryPlan {
    /// The terms the search runs on: none when the moment searches nothing.
    pub fn searched_terms(&self) -> &[String] {
        match self.expression {
            Some(_) => &self.focus.kept,
            None => &[],
        }
    }
}

/// Plan the search for a moment, recognising `technologies`. With an index, terms are focused by how many of its
/// patterns hold them; without one, every term is searched. A moment that searches nothing
/// reads nothing from the index.
pub fn plan_query(
    moment: Moment,
    input: &QueryInput,
    technologies: &TechnologyTable,
    index: Option<&Index>,
) -> Result<QueryPlan, IndexError> {
    let query = extract_query_with(input, technologies);
    let skipped = if moment == Moment::Prompt && query.terms.len() < MIN_PROMPT_TERMS {
        Some("prompt too short to search on")
    } else if moment == Moment::ToolCall
        && input.command.as_deref().is_some_and(is_inspection_command)
    {
        // Listing files or reading history changes nothing a convention is about.
        Some("read-only command: no conventions apply")
    } else {
        None
    };
    let focus = match index.filter(|_| skipped.is_none()) {
        Some(index) => {
            let stems: Vec<String> = query.terms.iter().map(|t| term_stem(t)).collect();
            let pattern_count = index.pattern_count()?;
            let counts = index.stem_pattern_counts(&stems, pattern_count)?;
            focus_terms(&query.terms, &query.topic_terms, pattern_count, |stem| {
                counts.get(stem).copied()
            })
        }
        None => focus_terms(&query.terms, &query.topic_terms, 0, |_| None),
    };
    let expression = if skipped.is_some() {
        None
    } else {
        fts_expression(&Query {
            terms: focus.kept.clone(),
            ..Query::default()
        })
    };
    Ok(QueryPlan {
        query,
        focus,
        expression,
        skipped,
    })
}
