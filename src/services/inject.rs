//! Injection: what each moment of an agent session gets, independent of any harness.
//! Adapters (the Claude Code hook today) map their events onto these functions, wrap the
//! returned text in their own reply format, and record what was shown in the session ledger
//! once the answer is written.
//!
//! A prompt, a tool call or a failed tool call runs one pipeline: plan the query
//! (`services::query_plan`), select the patterns (`services::select`), allocate the budget
//! among them section by section (`core::select::budget`), leaving out what the session was
//! already shown, and render (`services::render`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::core::config::Config;
use crate::core::pattern::SectionSpan;
use crate::core::query::{QueryInput, TechnologyTable};
use crate::core::select::budget::{Budget, PatternPlan, SectionInfo, allocate};
use crate::core::select::sections::{WeightedTerms, is_heading_only};
use crate::core::sources::{CallSite, Harness};
use crate::services::hybrid::query_text_of;
pub use crate::services::query_plan::Moment;
use crate::services::query_plan::{QueryPlan, plan_query};
use crate::services::render::{PlannedPattern, chars, framing_chars, pattern_block, render};
use crate::services::select::{Candidate, SelectRequest, Selection, select};
use crate::services::session::{SessionLedger, section_key};
pub use crate::services::trace::Trace;
use crate::storage::embed::Embedder;
use crate::storage::index::{Index, IndexError};

/// How the agent can look up more than was injected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SearchHint {
    /// lore's MCP server is configured for the session: its `search_patterns` tool.
    Mcp,
    /// Only the hooks are installed: the `lore search` command.
    #[default]
    Cli,
}

impl SearchHint {
    /// How to search, as one phrase.
    pub fn phrase(self) -> &'static str {
        match self {
            SearchHint::Mcp => "the MCP tool `search_patterns`",
            SearchHint::Cli => "`lore search <words>`",
        }
    }
}

/// Everything an injection needs.
pub struct InjectContext<'a> {
    pub config: &'a Config,
    pub index: &'a Index,
    pub ledger: &'a SessionLedger,
    /// The agent's project directory, to show pattern paths relative to it.
    pub project_dir: Option<&'a Path>,
    /// Query embedder when hybrid search is on (bounded by its own timeout).
    pub embedder: Option<&'a dyn Embedder>,
    /// How the agent can search for more.
    pub search_hint: SearchHint,
    /// The harness the hook answers (None: unknown), so files it loads itself are left out.
    pub harness: Option<Harness>,
    pub trace: &'a mut Trace,
}

/// Text to inject, the pattern sources it carries, and the section keys to record in the
/// session ledger once the text reached the agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Injection {
    pub text: String,
    pub sources: Vec<String>,
    pub shown: Vec<String>,
}

impl InjectContext<'_> {
    /// Where a pattern file is, as the agent should see it: relative to the project when the
    /// knowledge dir is inside it.
    pub fn display_path(&self, source: &str) -> String {
        self.shown_path(self.config.knowledge_dir.join(source))
    }

    /// Where a pattern is, as the agent should see it: another agent's rule file (`native`)
    /// lives in the repository, lore's own patterns in the knowledge dir.
    pub fn pattern_path(&self, source: &str, native: bool) -> String {
        match self.config.repository_root().filter(|_| native) {
            Some(root) => self.shown_path(root.join(source)),
            None => self.display_path(source),
        }
    }

    /// The call site of a moment without a touched file (session start): the working
    /// directory, for what the harness loaded itself.
    pub fn session_site(&self) -> CallSite {
        call_site(
            self.config,
            self.harness,
            self.project_dir.and_then(Path::to_str),
            None,
        )
    }

    fn shown_path(&self, path: std::path::PathBuf) -> String {
        self.project_dir
            .and_then(|dir| path.strip_prefix(dir).ok())
            .unwrap_or(&path)
            .display()
            .to_string()
    }

    /// Where the conventions come from, as a phrase: `this repository's patterns/` when the
    /// knowledge dir is inside the project, else its path; and its agents' rule files when
    /// the index holds some.
    pub fn knowledge_label(&self) -> String {
        let dir = &self.config.knowledge_dir;
        let label = match self.project_dir.and_then(|p| dir.strip_prefix(p).ok()) {
            Some(inside) => format!("this repository's {}/", inside.display()),
            None => format!("{}/", dir.display()),
        };
        // A label is a nicety: an index that cannot say leaves it as it is.
        if self.index.has_rule_files().unwrap_or(false) {
            format!("{label} and the agent rule files")
        } else {
            label
        }
    }

    fn budget(&self, moment: Moment) -> usize {
        let hook = &self.config.hook;
        match moment {
            Moment::Prompt => hook.prompt_budget,
            Moment::ToolCall => hook.tool_budget,
            Moment::ToolFailure => hook.failure_budget,
        }
    }

    /// What the session was shown; nothing when the ledger cannot be read (dedup is then
    /// off, which must not cost the agent its conventions).
    pub fn already_shown(&mut self) -> BTreeSet<String> {
        match self.ledger.shown() {
            Ok(shown) => shown,
            Err(e) => {
                self.trace
                    .note(format!("ledger unavailable ({e}); injecting without dedup"));
                BTreeSet::new()
            }
        }
    }
}

/// What a moment searches and what it selects, before dedup and rendering: the hook runs this,
/// and `lore extract-queries` prints it, so an audit sees exactly what a hook decides.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MomentSelection {
    pub plan: QueryPlan,
    /// None when the moment searches nothing (see [`QueryPlan::skipped`]).
    pub selection: Option<Selection>,
}

/// Where a call is in the repository (the folder holding `lore.toml`) for `harness`.
pub fn call_site(
    config: &Config,
    harness: Option<Harness>,
    cwd: Option<&str>,
    file: Option<&str>,
) -> CallSite {
    match config.repository_root().and_then(Path::to_str) {
        Some(root) => CallSite::new(harness, root, cwd, file),
        None => CallSite {
            harness,
            ..CallSite::default()
        },
    }
}

/// Plan the search for a moment and select its patterns for `harness` (None: unknown, so no
/// file counts as loaded by it). `explain` keeps every candidate, including those a hook
/// would not even name (see `services::select`).
pub fn select_for_moment(
    index: &Index,
    config: &Config,
    moment: Moment,
    input: &QueryInput,
    embedder: Option<&dyn Embedder>,
    explain: bool,
    harness: Option<Harness>,
) -> Result<MomentSelection, IndexError> {
    let technologies = TechnologyTable::with_team(&config.technologies);
    let plan = plan_query(moment, input, &technologies, Some(index))?;
    if plan.skipped.is_some() {
        return Ok(MomentSelection {
            plan,
            selection: None,
        });
    }
    let query = &plan.query;
    let facts = index.knowledge_facts()?;
    // Embed what carries the meaning: the prompt or the error when there is one, the user's
    // request with the extracted terms for a tool call, else the terms alone (tool inputs are
    // mostly code and paths).
    let query_text = match moment {
        Moment::Prompt => input.prompt.clone(),
        Moment::ToolFailure => input.error.clone(),
        Moment::ToolCall => input
            .last_user_message
            .as_ref()
            .map(|m| format!("{m}\n{}", query_text_of(query))),
    }
    .unwrap_or_else(|| query_text_of(query));
    let site = call_site(
        config,
        harness,
        input.cwd.as_deref(),
        input.file_path.as_deref(),
    );
    let selection = select(
        index,
        &facts,
        &SelectRequest {
            query,
            terms: plan.searched_terms(),
            tool_name: input.tool_name.as_deref(),
            command: input.command.as_deref(),
            include_universal: moment == Moment::ToolCall,
            max_patterns: config.hook.max_patterns,
            embedder,
            query_text: &query_text,
            min_relevance: config.search.min_relevance,
            explain,
            site: &site,
        },
    )?;
    Ok(MomentSelection {
        plan,
        selection: Some(selection),
    })
}

/// The intro of a moment's injection: factual and naming where the conventions come from.
fn intro_for(moment: Moment, source: &str, tool_name: Option<&str>, path: Option<&str>) -> String {
    match moment {
        Moment::Prompt => {
            format!("Conventions from {source} that apply to this request:")
        }
        Moment::ToolCall => {
            let call = match (tool_name, path) {
                (Some(tool), Some(path)) => format!("this {tool} of {path}"),
                (Some(tool), None) => format!("this {tool} call"),
                _ => "this tool call".to_string(),
            };
            format!("Conventions from {source} that apply to {call}:")
        }
        Moment::ToolFailure => {
            format!("Conventions from {source} that bear on this failure:")
        }
    }
}

/// Patterns for a prompt, a tool call or a failed tool call.
pub fn inject_for_query(
    ctx: &mut InjectContext<'_>,
    moment: Moment,
    input: &QueryInput,
) -> Result<Option<Injection>, IndexError> {
    let MomentSelection { plan, selection } = select_for_moment(
        ctx.index,
        ctx.config,
        moment,
        input,
        ctx.embedder,
        ctx.trace.enabled(),
        ctx.harness,
    )?;
    let query = &plan.query;
    ctx.trace.note(format!(
        "query: languages {:?} terms {:?} path {:?}",
        query.languages, query.terms, query.relative_path
    ));
    if !plan.focus.dropped.is_empty() {
        ctx.trace
            .note(format!("terms not searched: {:?}", plan.focus.dropped));
    }
    let Some(selection) = selection else {
        if let Some(why) = plan.skipped {
            ctx.trace.note(why);
        }
        return Ok(None);
    };
    if ctx.trace.enabled() {
        trace_selection(ctx.trace, &selection);
    }
    let kept: Vec<&Candidate> = selection.kept().collect();
    if kept.is_empty() {
        return Ok(None);
    }
    let terms = weighted_terms(plan.searched_terms(), &kept);
    let intro = intro_for(
        moment,
        &ctx.knowledge_label(),
        input.tool_name.as_deref(),
        query.relative_path.as_deref(),
    );
    let patterns: Vec<ToShow> = kept
        .iter()
        .map(|c| ToShow {
            key: c.ledger_key(),
            pattern_id: c.pattern_id,
            source: c.source.clone(),
        })
        .collect();
    let budget = ctx.budget(moment);
    show_patterns(ctx, &patterns, &terms, &intro, budget)
}

/// Every candidate of a selection with its evidence and verdict, for `LORE_DEBUG=1`.
fn trace_selection(trace: &mut Trace, selection: &Selection) {
    trace.note(format!("retrieval: {:?}", selection.mode));
    for note in &selection.notes {
        trace.note(format!("note: {note}"));
    }
    trace.note(format!(
        "fts: {}",
        selection.expression.as_deref().unwrap_or("(no terms)")
    ));
    for c in selection.candidates.iter().take(20) {
        let verdict = serde_json::to_string(&c.verdict).unwrap_or_default();
        let evidence = serde_json::to_string(&c.evidence).unwrap_or_default();
        trace.note(format!(
            "candidate {} {}: score {:.2} {verdict} {evidence}",
            if c.verdict.is_kept() { "+" } else { "-" },
            c.source,
            c.score
        ));
    }
}

/// The searched terms with how distinctive each is, as the kept candidates' evidence says
/// (a term no candidate holds weighs nothing in any section).
fn weighted_terms(terms: &[String], kept: &[&Candidate]) -> WeightedTerms {
    let mut weights: BTreeMap<&str, f64> = BTreeMap::new();
    for candidate in kept {
        for m in &candidate.evidence.words.matched {
            let weight = weights.entry(m.term.as_str()).or_insert(0.0);
            *weight = weight.max(m.weight);
        }
    }
    let weighted: Vec<(String, f64)> = terms
        .iter()
        .filter_map(|t| weights.get(t.as_str()).map(|w| (t.clone(), *w)))
        .collect();
    WeightedTerms::new(&weighted)
}

/// A pattern to show: its session-ledger key, its path and its id in the index.
pub(crate) struct ToShow {
    pub key: String,
    pub source: String,
    pub pattern_id: i64,
}

/// Show `patterns` in order within `budget` characters: each gets the sections the budget
/// allocates it (relevant to `terms`, not shown to the session before), under `intro`.
pub(crate) fn show_patterns(
    ctx: &mut InjectContext<'_>,
    patterns: &[ToShow],
    terms: &WeightedTerms,
    intro: &str,
    budget: usize,
) -> Result<Option<Injection>, IndexError> {
    let shown = ctx.already_shown();
    let ids: Vec<i64> = patterns.iter().map(|p| p.pattern_id).collect();
    let natives = ctx.index.rule_origins(&ids)?;
    let mut loaded = Vec::new();
    for p in patterns {
        if let Some(text) = ctx.index.pattern_text(p.pattern_id)? {
            let spans = text.sections()?;
            loaded.push((p, text.body, spans));
        }
    }
    let infos: Vec<Vec<SectionInfo>> = loaded
        .iter()
        .map(|(p, body, spans)| section_infos(p, body, spans, terms, &shown))
        .collect();
    let paths: Vec<String> = loaded
        .iter()
        .map(|(p, _, _)| ctx.pattern_path(&p.source, natives.contains_key(&p.pattern_id)))
        .collect();
    let closing = format!(
        "[lore: excerpts show the sections that apply; the files have more, and {} finds other conventions.]",
        ctx.search_hint.phrase()
    );
    let total = budget.saturating_sub(chars(intro) + chars(&closing) + 4);
    let plans = allocate(&Budget::for_total(total), &infos, |i| {
        framing_chars(&paths[i])
    });
    let mut blocks = Vec::new();
    let mut sources = Vec::new();
    let mut keys = Vec::new();
    let mut excerpted = false;
    for (((p, body, spans), plan), path) in loaded.iter().zip(&plans).zip(&paths) {
        let Some(plan) = plan else { continue };
        blocks.push(pattern_block(&PlannedPattern {
            display_path: path,
            body,
            spans,
            plan,
        }));
        sources.push(p.source.clone());
        keys.extend(shown_keys(&p.key, plan, spans.len()));
        excerpted |= !plan.whole;
    }
    let skipped: Vec<&str> = loaded
        .iter()
        .zip(&plans)
        .filter(|(_, plan)| plan.is_none())
        .map(|((p, _, _), _)| p.source.as_str())
        .collect();
    if !skipped.is_empty() {
        ctx.trace.note(format!(
            "not shown (already shown to this session, or no room left): {skipped:?}"
        ));
    }
    if blocks.is_empty() {
        return Ok(None);
    }
    let text = render(
        intro,
        &blocks,
        excerpted.then_some(closing.as_str()),
        budget,
    );
    Ok(Some(Injection {
        text,
        sources,
        shown: keys,
    }))
}

/// What allocation needs to know about each section of a pattern.
fn section_infos(
    pattern: &ToShow,
    body: &str,
    spans: &[SectionSpan],
    terms: &WeightedTerms,
    shown: &BTreeSet<String>,
) -> Vec<SectionInfo> {
    if spans.is_empty() {
        // A pattern whose sections are unknown is one section.
        return vec![SectionInfo {
            chars: chars(body.trim()),
            relevance: terms.relevance(&[], body),
            heading_only: false,
            shown: shown.contains(&section_key(&pattern.key, 0)),
        }];
    }
    spans
        .iter()
        .enumerate()
        .map(|(i, span)| {
            let text = span.text(body);
            SectionInfo {
                chars: chars(text.trim()) + 2,
                relevance: terms.relevance(&span.heading_path, text),
                heading_only: is_heading_only(text),
                shown: shown.contains(&section_key(&pattern.key, i)),
            }
        })
        .collect()
}

/// The ledger keys of the sections a plan shows (every section of a whole pattern).
fn shown_keys(key: &str, plan: &PatternPlan, sections: usize) -> Vec<String> {
    let shown: Vec<usize> = if plan.whole {
        (0..sections.max(1)).collect()
    } else {
        plan.sections.clone()
    };
    shown.into_iter().map(|i| section_key(key, i)).collect()
}
