//! Injection: what each moment of an agent session gets, independent of any harness.
//! Adapters (the Claude Code hook today) map their events onto these functions, wrap the
//! returned text in their own reply format, and record what was shown in the session ledger
//! once the answer is written.
//!
//! A prompt, a tool call or a failed tool call runs one pipeline: plan the query
//! (`services::query_plan`), select the patterns (`services::select`), allocate the budget
//! among them section by section (`core::select::budget`), leaving out what the session was
//! already shown, and render (`services::render`). A hook's deadline is checked between the
//! steps (`services::deadline`); `lore why` runs the same steps and prints each decision.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::core::config::Config;
use crate::core::query::{
    CommandTarget, QueryInput, TechnologyTable, command_place, folder_of_package,
};
use crate::core::select::bar::{Grounds, Shortfall, Verdict};
use crate::core::select::sections::WeightedTerms;
use crate::core::sources::{CallSite, Harness};
use crate::services::budget_share::PatternShare;
use crate::services::deadline::Deadline;
use crate::services::hybrid::query_text_of;
use crate::services::intro::intro_for;
pub use crate::services::query_plan::Moment;
use crate::services::query_plan::{QueryPlan, plan_query};
use crate::services::select::{Candidate, SelectRequest, Selection, select};
use crate::services::session::SessionLedger;
pub(crate) use crate::services::show::ToShow;
use crate::services::show::plan_and_render;
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
    /// The agent's working directory: what the harness loaded and the project's files are
    /// read from it.
    pub project_dir: Option<&'a Path>,
    /// The folder paths are shown from: the repository root the call's files are named from
    /// (see `QueryInput::root`), so a rule file's heading and the touched file read alike in
    /// a session started in a package folder; None: the working directory.
    pub shown_from: Option<&'a Path>,
    /// Query embedder when hybrid search is on (bounded by its own timeout).
    pub embedder: Option<&'a dyn Embedder>,
    /// How the agent can search for more.
    pub search_hint: SearchHint,
    /// The harness the hook answers (None: unknown), so files it loads itself are left out.
    pub harness: Option<Harness>,
    /// When the call must have answered by (none outside hooks).
    pub deadline: Deadline,
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

    /// The folder paths are shown relative to.
    fn shown_root(&self) -> Option<&Path> {
        self.shown_from.or(self.project_dir)
    }

    fn shown_path(&self, path: std::path::PathBuf) -> String {
        self.shown_root()
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
        let label = match self.shown_root().and_then(|p| dir.strip_prefix(p).ok()) {
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

    /// The characters a moment may inject (`[hook]` budgets).
    pub fn budget(&self, moment: Moment) -> usize {
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

/// How a moment's selection runs: the query embedder (None: full text only), whether every
/// candidate is kept for explaining (see `services::select`), the harness asking (None:
/// unknown, so no file counts as loaded by it), the rule files it loaded earlier in the
/// session, and the call's deadline.
#[derive(Clone, Copy, Default)]
pub struct MomentOptions<'a> {
    pub embedder: Option<&'a dyn Embedder>,
    pub explain: bool,
    pub harness: Option<Harness>,
    pub loaded_before: Option<&'a BTreeSet<String>>,
    pub deadline: Deadline,
}

/// The session-ledger key recording that the harness loaded a rule file itself.
fn loaded_key(source: &str) -> String {
    format!("loaded:{source}")
}

/// The rule files the harness loaded itself earlier in the session, from its ledger keys:
/// a harness that loaded a folder's `CLAUDE.md` when a file there was touched keeps it in
/// context for the rest of the session, wherever the next call is.
pub fn loaded_by_harness_before(shown: &BTreeSet<String>) -> BTreeSet<String> {
    shown
        .iter()
        .filter_map(|key| key.strip_prefix("loaded:"))
        .map(str::to_string)
        .collect()
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
    select_for_moment_by(
        index,
        config,
        moment,
        input,
        &MomentOptions {
            embedder,
            explain,
            harness,
            loaded_before: None,
            deadline: Deadline::none(),
        },
    )
}

/// [`select_for_moment`] with every option, the deadline checked after the query is planned
/// and between the selection's steps. A call that edits several files is judged file by file
/// (see [`QueryInput::per_file`]) and gets what its files get, each file's best first, within
/// `hook.max_patterns` and one more for each further file; its plan is its first file's.
pub fn select_for_moment_by(
    index: &Index,
    config: &Config,
    moment: Moment,
    input: &QueryInput,
    options: &MomentOptions<'_>,
) -> Result<MomentSelection, IndexError> {
    let Some(files) = input.per_file() else {
        return select_for_file(index, config, moment, input, options);
    };
    let mut plan = None;
    let mut selections = Vec::new();
    for file in &files {
        let one = select_for_file(index, config, moment, file, options)?;
        match one.selection {
            Some(selection) => {
                // The plan shown is the first searched file's.
                if selections.is_empty() {
                    plan = Some(one.plan);
                }
                selections.push(selection);
            }
            None => {
                plan.get_or_insert(one.plan);
            }
        }
    }
    match plan {
        // One more pattern for each further file: a patch's every file may bring one of its
        // own past what one file may, whatever the others' took (some already shown).
        Some(plan) => Ok(MomentSelection {
            plan,
            selection: Selection::of_files(selections, config.hook.max_patterns + files.len() - 1),
        }),
        None => select_for_file(index, config, moment, input, options),
    }
}

/// The selection for a call's one file (or a call that touches none).
fn select_for_file(
    index: &Index,
    config: &Config,
    moment: Moment,
    input: &QueryInput,
    options: &MomentOptions<'_>,
) -> Result<MomentSelection, IndexError> {
    let technologies = TechnologyTable::with_team(&config.technologies);
    let plan = plan_query(moment, input, &technologies, Some(index))?;
    if plan.skipped.is_some() {
        return Ok(MomentSelection {
            plan,
            selection: None,
        });
    }
    options.deadline.check("after extracting the query")?;
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
    let mut site = call_site(
        config,
        options.harness,
        input.cwd.as_deref(),
        input.file_path.as_deref(),
    );
    if let (Some(root), Some(command)) = (
        config.repository_root().and_then(Path::to_str),
        input.command.as_deref(),
    ) {
        site = site.in_folder(root, command_folder(index, root, command)?.as_deref());
    }
    let edit_texts: Vec<&str> = [input.content.as_deref(), input.old_content.as_deref()]
        .into_iter()
        .flatten()
        .collect();
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
            embedder: options.embedder,
            query_text: &query_text,
            min_relevance: config.search.min_relevance,
            explain: options.explain,
            site: &site,
            edit_texts: &edit_texts,
            loaded_before: options.loaded_before,
            deadline: options.deadline,
        },
    )?;
    Ok(MomentSelection {
        plan,
        selection: Some(selection),
    })
}

/// Everything a prompt, tool call or failed tool call decided: the query and every candidate
/// with its verdict, each chosen pattern's share of the budget, and the text to inject.
#[derive(Debug, Clone)]
pub struct QueryDecision {
    pub selected: MomentSelection,
    /// The patterns the selection kept, in order, with what each got of the budget.
    pub shares: Vec<PatternShare>,
    pub injection: Option<Injection>,
}

/// Patterns for a prompt, a tool call or a failed tool call.
pub fn inject_for_query(
    ctx: &mut InjectContext<'_>,
    moment: Moment,
    input: &QueryInput,
) -> Result<Option<Injection>, IndexError> {
    let explain = ctx.trace.explains();
    let decision = decide_for_query(ctx, moment, input, explain)?;
    // What the harness loaded itself for this call stays in its context: recorded, so a later
    // call of the session does not send it (whatever this call answers). Dedup only, so a
    // ledger that cannot be written costs nothing else.
    if let Some(selection) = &decision.selected.selection {
        let loaded: Vec<String> = selection
            .candidates
            .iter()
            .filter(|c| {
                matches!(
                    c.verdict,
                    Verdict::Dropped(Shortfall::LoadedByHarness { .. })
                )
            })
            .map(|c| loaded_key(&c.source))
            .collect();
        if !loaded.is_empty()
            && let Err(e) = ctx.ledger.record(&loaded)
        {
            ctx.trace
                .note(format!("cannot record what the harness loaded ({e})"));
        }
    }
    if let Some(record) = &mut ctx.trace.record {
        record.terms = decision.selected.plan.query.terms.clone();
        if let Some(selection) = &decision.selected.selection {
            record.candidates = selection.candidates.clone();
        }
        record.budget = decision.shares.clone();
    }
    Ok(decision.injection)
}

/// Run a moment's whole pipeline (plan, select, allocate the budget, render), keeping every
/// decision: the hook injects [`QueryDecision::injection`], `lore why` prints the rest.
/// `explain` keeps the candidates a hook would not even name (see `services::select`).
pub fn decide_for_query(
    ctx: &mut InjectContext<'_>,
    moment: Moment,
    input: &QueryInput,
    explain: bool,
) -> Result<QueryDecision, IndexError> {
    let loaded_before = loaded_by_harness_before(&ctx.already_shown());
    let selected = select_for_moment_by(
        ctx.index,
        ctx.config,
        moment,
        input,
        &MomentOptions {
            embedder: ctx.embedder,
            explain,
            harness: ctx.harness,
            loaded_before: Some(&loaded_before),
            deadline: ctx.deadline,
        },
    )?;
    let mut decision = QueryDecision {
        selected,
        shares: Vec::new(),
        injection: None,
    };
    let MomentSelection { plan, selection } = &decision.selected;
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
        return Ok(decision);
    };
    if ctx.trace.enabled() {
        trace_selection(ctx.trace, selection);
    }
    let kept: Vec<&Candidate> = selection.kept().collect();
    if kept.is_empty() {
        return Ok(decision);
    }
    let terms = weighted_terms(plan.searched_terms(), &kept);
    let intro = intro_for(
        moment,
        &ctx.knowledge_label(),
        input,
        query.relative_path.as_deref(),
    );
    let patterns: Vec<ToShow> = kept
        .iter()
        .map(|c| ToShow {
            key: c.ledger_key(),
            pattern_id: c.pattern_id,
            source: c.source.clone(),
            brief: matches!(
                c.verdict,
                Verdict::Kept(Grounds::Topic | Grounds::Breadth { .. })
            ),
        })
        .collect();
    let budget = ctx.budget(moment);
    let shown = plan_and_render(ctx, &patterns, &terms, &intro, budget)?;
    decision.shares = shown.shares;
    decision.injection = shown.injection;
    Ok(decision)
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
        trace.note(format!("candidate {}", candidate_line(c)));
    }
}

/// One candidate on one line: `+` kept or `-` dropped, its path, score, verdict and
/// evidence (the debug trace and `lore extract-queries` print it).
pub fn candidate_line(c: &Candidate) -> String {
    let verdict = serde_json::to_string(&c.verdict).unwrap_or_default();
    let evidence = serde_json::to_string(&c.evidence).unwrap_or_default();
    format!(
        "{} {}: score {:.2} {verdict} {evidence}",
        if c.verdict.is_kept() { "+" } else { "-" },
        c.source,
        c.score
    )
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

/// The folder a command works in, when it names one: the folder it changes into first, a
/// directory it gives its tool, or the folder of the workspace package it selects when one
/// folder holding a rule file is named for it (absolute then, as it is read from the root).
fn command_folder(index: &Index, root: &str, command: &str) -> Result<Option<String>, IndexError> {
    Ok(match command_place(command) {
        None => None,
        Some(CommandTarget::Folder(folder)) => Some(folder),
        Some(CommandTarget::Package(name)) => {
            let origins = index.all_rule_origins()?;
            folder_of_package(&name, origins.values().map(|o| o.folder.as_str()))
                .filter(|folder| !folder.is_empty())
                .map(|folder| format!("{}/{folder}", root.trim_end_matches('/')))
        }
    })
}
