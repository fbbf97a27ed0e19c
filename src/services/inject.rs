//! Injection: what each moment of an agent session gets, independent of any harness.
//! Adapters (the Claude Code hook today) map their events onto these functions and wrap
//! the returned text in their own reply format.

use std::path::Path;

use crate::core::config::Config;
use crate::core::query::{QueryInput, StemSet};
use crate::services::hybrid::query_text_of;
use crate::services::pattern_ranking::PatternRanking;
pub use crate::services::query_plan::Moment;
use crate::services::query_plan::plan_query;
use crate::services::render::{RenderItem, Rendered, SEARCH_TOOL, fits_whole, render_patterns};
use crate::services::selection::{SelectionRequest, select_patterns};
use crate::services::session::SessionLedger;
use crate::storage::embed::Embedder;
use crate::storage::index::{Index, IndexError, PatternSummary, PatternText};

/// Collected diagnostics for `LORE_DEBUG=1`, each stamped with the time since the trace
/// began, so a slow step shows itself. A trace that is off (the default) keeps nothing, and
/// callers skip building long notes for it.
#[derive(Debug)]
pub struct Trace {
    pub lines: Vec<String>,
    started: std::time::Instant,
    enabled: bool,
}

impl Default for Trace {
    fn default() -> Self {
        Self::new(false)
    }
}

impl Trace {
    pub fn new(enabled: bool) -> Self {
        Self {
            lines: Vec::new(),
            started: std::time::Instant::now(),
            enabled,
        }
    }

    /// Whether notes are kept.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    pub fn note(&mut self, line: impl Into<String>) {
        if self.enabled {
            let at = self.started.elapsed().as_micros();
            self.lines.push(format!("[{at:>6} µs] {}", line.into()));
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
    pub trace: &'a mut Trace,
}

/// Text to inject and the pattern sources it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Injection {
    pub text: String,
    pub sources: Vec<String>,
}

impl InjectContext<'_> {
    fn display_path(&self, source: &str) -> String {
        let path = self.config.knowledge_dir.join(source);
        self.project_dir
            .and_then(|dir| path.strip_prefix(dir).ok())
            .unwrap_or(&path)
            .display()
            .to_string()
    }

    fn budget(&self, moment: Moment) -> usize {
        let hook = &self.config.hook;
        match moment {
            Moment::Prompt => hook.prompt_budget,
            Moment::ToolCall => hook.tool_budget,
            Moment::ToolFailure => hook.failure_budget,
        }
    }

    /// Render the patterns not yet shown in this session and record them as shown.
    /// `entries` are in injection order; `words` are the searched terms whose matching
    /// sections make a pattern's excerpt when it is too long to show whole.
    fn render_fresh(
        &mut self,
        entries: Vec<RenderEntry>,
        words: Option<&StemSet>,
        intro: &str,
        budget: usize,
    ) -> Result<Option<Rendered>, IndexError> {
        let keys: Vec<String> = entries.iter().map(|e| e.key.clone()).collect();
        let load = |ctx: &Self, wanted: &[String]| -> Result<Vec<RenderItem>, IndexError> {
            let mut loaded = Vec::new();
            for entry in entries.iter().filter(|e| wanted.contains(&e.key)) {
                if let Some(p) = ctx.index.pattern_text(entry.pattern_id)? {
                    loaded.push((&entry.key, &entry.source, p));
                }
            }
            let count = loaded.len();
            let mut items = Vec::new();
            for (key, source, p) in loaded {
                let display_path = ctx.display_path(source);
                // Only a pattern that may not fit whole needs its matching sections found.
                let excerpt = match words {
                    Some(stems) if !fits_whole(intro, &display_path, &p.body, budget, count) => {
                        excerpt(&p, stems)?
                    }
                    _ => None,
                };
                items.push(RenderItem {
                    display_path,
                    source: key.clone(),
                    excerpt,
                    body: p.body,
                });
            }
            Ok(items)
        };
        let mut load_error = None;
        let claimed = self.ledger.claim(&keys, |fresh| match load(self, fresh) {
            Ok(items) if !items.is_empty() => {
                let rendered = render_patterns(intro, &items, budget);
                (rendered.included.clone(), Some(rendered))
            }
            Ok(_) => (Vec::new(), None),
            Err(e) => {
                load_error = Some(e);
                (Vec::new(), None)
            }
        });
        if let Some(e) = load_error {
            return Err(e);
        }
        match claimed {
            Ok((used, rendered)) => {
                let skipped: Vec<&String> = keys.iter().filter(|k| !used.contains(k)).collect();
                if !skipped.is_empty() {
                    self.trace
                        .note(format!("dedup: already shown or left out: {skipped:?}"));
                }
                Ok(rendered)
            }
            Err(e) => {
                // A stuck or unsafe ledger must not cost the agent its conventions.
                self.trace
                    .note(format!("ledger unavailable ({e}); injecting without dedup"));
                let items = load(self, &keys)?;
                Ok((!items.is_empty()).then(|| render_patterns(intro, &items, budget)))
            }
        }
    }
}

/// A pattern to render: its session-ledger key, its path and its id in the index.
struct RenderEntry {
    key: String,
    source: String,
    pattern_id: i64,
}

/// The sections of a pattern whose heading or text holds a searched word, in file order, or
/// None when none does.
fn excerpt(pattern: &PatternText, words: &StemSet) -> Result<Option<String>, IndexError> {
    let sections: Vec<&str> = pattern
        .sections()?
        .iter()
        .map(|s| (s.text(&pattern.body), &s.heading_path))
        .filter(|(text, headings)| {
            words.found_in(text) || headings.iter().any(|h| words.found_in(h))
        })
        .map(|(text, _)| text)
        .collect();
    Ok((!sections.is_empty()).then(|| sections.join("\n\n")))
}

fn intro_for(moment: Moment, tool_name: Option<&str>) -> String {
    match moment {
        Moment::Prompt => "Project conventions (from lore) relevant to this request. Follow them when you plan and make the change:".to_string(),
        Moment::ToolCall => format!(
            "Project conventions (from lore) for the {} call you just made. Apply them to it and to the work that follows; fix the change if it breaks one:",
            tool_name.unwrap_or("tool")
        ),
        Moment::ToolFailure => "The command failed. These project conventions (from lore) may explain the failure or how to fix it; apply them:".to_string(),
    }
}

/// Patterns for a prompt, a tool call or a failed tool call.
pub fn inject_for_query(
    ctx: &mut InjectContext<'_>,
    moment: Moment,
    input: &QueryInput,
) -> Result<Option<Injection>, IndexError> {
    let plan = plan_query(moment, input, Some(ctx.index))?;
    let query = &plan.query;
    ctx.trace.note(format!(
        "query: languages {:?} terms {:?} path {:?}",
        query.languages, query.terms, query.relative_path
    ));
    if !plan.focus.dropped.is_empty() {
        ctx.trace
            .note(format!("terms not searched: {:?}", plan.focus.dropped));
    }
    if let Some(why) = plan.skipped {
        ctx.trace.note(why);
        return Ok(None);
    }
    let facts = ctx.index.knowledge_facts()?;
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
    let selection = select_patterns(
        ctx.index,
        &facts,
        &SelectionRequest {
            query,
            terms: plan.searched_terms(),
            tool_name: input.tool_name.as_deref(),
            command: input.command.as_deref(),
            include_universal: moment == Moment::ToolCall,
            max_patterns: ctx.config.hook.max_patterns,
            embedder: ctx.embedder,
            query_text: &query_text,
            min_relevance: ctx.config.search.min_relevance,
        },
    )?;
    if ctx.trace.enabled() {
        trace_ranking(ctx.trace, &selection.ranking);
        for c in &selection.candidates {
            ctx.trace
                .note(format!("candidate: {} ({:?})", c.source, c.reason));
        }
    }
    let entries = selection
        .candidates
        .into_iter()
        .map(|c| RenderEntry {
            key: c.ledger_key(),
            pattern_id: c.pattern_id,
            source: c.source,
        })
        .collect();
    let intro = intro_for(moment, input.tool_name.as_deref());
    let budget = ctx.budget(moment);
    let words = plan
        .expression
        .is_some()
        .then(|| StemSet::of_terms(&plan.focus.kept));
    Ok(ctx
        .render_fresh(entries, words.as_ref(), &intro, budget)?
        .map(|r| Injection {
            text: r.text,
            sources: r.included,
        }))
}

/// The ranking behind a selection, for `LORE_DEBUG=1`: every pre-fusion score of the first
/// ten patterns.
fn trace_ranking(trace: &mut Trace, ranking: &PatternRanking) {
    trace.note(format!("retrieval: {:?}", ranking.mode));
    for note in &ranking.notes {
        trace.note(format!("note: {note}"));
    }
    trace.note(format!(
        "fts: {}",
        ranking.expression.as_deref().unwrap_or("(no terms)")
    ));
    trace.note(format!("noise floor: {:.2}", ranking.floor));
    let number = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
    for (i, p) in ranking.patterns.iter().take(10).enumerate() {
        trace.note(format!(
            "  #{:<2} {} score {:>6.2} content {} subject {} coverage {} vector {} sim {} z {} rrf {} fused {}  {}",
            i + 1,
            if p.eligible { "+" } else { " " },
            p.text_score,
            number(p.evidence.content_bm25),
            number(p.evidence.subject_bm25),
            number(p.evidence.name_coverage),
            p.vector_rank.map_or("-".into(), |v| v.to_string()),
            number(p.similarity.map(f64::from)),
            number(p.similarity_z.map(f64::from)),
            p.rrf.map_or("-".into(), |r| format!("{r:.4}")),
            number(p.fused),
            p.source
        ));
    }
}

/// One line per pattern for the index: `- Title [tags]: path`.
fn index_lines(ctx: &InjectContext<'_>, summaries: &[PatternSummary], budget: usize) -> String {
    let mut text = String::new();
    let mut left_out = 0;
    for s in summaries {
        let tags = if s.tags.is_empty() {
            String::new()
        } else {
            format!(" [{}]", s.tags.join(", "))
        };
        let line = format!("- {}{tags}: {}\n", s.title, ctx.display_path(&s.source));
        if text.chars().count() + line.chars().count() + 120 > budget {
            left_out += 1;
        } else {
            text.push_str(&line);
        }
    }
    if left_out > 0 {
        text.push_str(&format!(
            "- ... and {left_out} more; call the MCP tool `{SEARCH_TOOL}` to find them\n"
        ));
    }
    text
}

const SESSION_INTRO: &str = "This project keeps its coding conventions as patterns indexed by lore. lore will show you the relevant ones as you work (after your tool calls and with your prompts): treat them as the team's rules and follow them. To look a convention up yourself, call the MCP tool `search_patterns`.";

/// Session start (and subagent start): the intro, universal patterns in full and a compact
/// index of every pattern.
pub fn inject_session_start(
    ctx: &mut InjectContext<'_>,
    budget: usize,
) -> Result<Option<Injection>, IndexError> {
    let summaries = ctx.index.pattern_summaries()?;
    if summaries.is_empty() {
        ctx.trace
            .note("index is empty: nothing to prime the session with");
        return Ok(None);
    }
    let universal: Vec<RenderEntry> = summaries
        .iter()
        .filter(|s| s.universal)
        .map(|s| RenderEntry {
            key: s.source.clone(),
            source: s.source.clone(),
            pattern_id: s.id,
        })
        .collect();
    // Universal rules come first in priority: they get up to two thirds of the budget.
    let universal_budget = budget * 2 / 3;
    let rendered = if universal.is_empty() {
        None
    } else {
        ctx.render_fresh(
            universal,
            None,
            "Always-on conventions of this project:",
            universal_budget,
        )?
    };
    let used = rendered.as_ref().map_or(0, |r| r.text.chars().count());
    let index_budget = budget.saturating_sub(used + SESSION_INTRO.len() + 40);
    let index = index_lines(ctx, &summaries, index_budget);
    let mut text = format!("{SESSION_INTRO}\n\nPatterns in this project:\n{index}");
    let mut sources = Vec::new();
    if let Some(r) = rendered {
        text.push('\n');
        text.push_str(&r.text);
        sources = r.included;
    }
    Ok(Some(Injection {
        text: text.trim_end().to_string(),
        sources,
    }))
}
