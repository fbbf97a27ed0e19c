//! Session start (and compaction, and subagent start): what a session is primed with before
//! its first call. A listing of the patterns that fit the project (see
//! `services::project_listing`), then the universal patterns, whole or as their opening
//! sections, within one budget: the listing takes at most half of it when there are universal
//! patterns to show, and they get the rest.

use std::collections::{BTreeMap, BTreeSet};

use crate::core::query::ManifestFindings;
use crate::core::select::bar::Shortfall;
use crate::core::select::sections::WeightedTerms;
use crate::core::sources::{
    RuleFile, RuleOrigin, Scope, harness_names, hook_shortfall, loaded_alongside, within,
};
use crate::services::budget_share::ShareOutcome;
use crate::services::inject::{InjectContext, Injection, ToShow};
use crate::services::project_listing::project_listing;
use crate::services::render::{chars, render};
use crate::services::show::plan_and_render;
use crate::storage::index::{IndexError, PatternScopeRow, rule_origins};

/// Prime a session for the project whose root files showed `project`, within `budget`
/// characters.
pub fn inject_session_start(
    ctx: &mut InjectContext<'_>,
    budget: usize,
    project: &ManifestFindings,
) -> Result<Option<Injection>, IndexError> {
    if budget == 0 {
        // A budget of 0 switches the priming off.
        ctx.trace
            .note("budget 0: nothing to prime the session with");
        return Ok(None);
    }
    // A file with nothing to show (a `CLAUDE.md` that only imports `AGENTS.md`) is neither
    // listed nor shown: the file it imports is a rule of its own.
    let mut scopes = ctx.index.pattern_scopes()?;
    scopes.retain(|s| s.has_text);
    if scopes.is_empty() {
        ctx.trace
            .note("index is empty: nothing to prime the session with");
        return Ok(None);
    }
    // Other agents' rules a hook may not inject (manual ones, those the harness loaded
    // itself) are neither listed nor shown; their always-on ones count as universal.
    let rules = ctx.index.rule_texts()?;
    let natives: BTreeMap<i64, RuleOrigin> = rules
        .iter()
        .map(|(id, rule)| (*id, rule.origin.clone()))
        .collect();
    let text_of = |id: i64| rules.get(&id).map(|rule| &rule.text_hash);
    let site = ctx.session_site();
    let imported = loaded_alongside(&rule_origins(&rules), &site);
    let shortfall = |s: &PatternScopeRow| {
        natives
            .get(&s.id)
            .and_then(|origin| hook_shortfall(origin, &s.source, &site, false, &imported))
    };
    // A rule file with the same text as one the harness loads (a `CLAUDE.md` linked to
    // `AGENTS.md`) is loaded too; of rule files sharing a text, one is shown.
    let loaded_texts: BTreeSet<&String> = scopes
        .iter()
        .filter(|s| matches!(shortfall(s), Some(Shortfall::LoadedByHarness { .. })))
        .filter_map(|s| text_of(s.id))
        .collect();
    let mut seen_texts = BTreeSet::new();
    let mut injectable: Vec<&PatternScopeRow> =
        scopes.iter().filter(|s| shortfall(s).is_none()).collect();
    // Shallowest first: a root `AGENTS.md` linked to `cli/AGENTS.md` applies to the whole
    // repository, and primes the session as such.
    injectable.sort_by_key(|s| s.source.matches('/').count());
    injectable.retain(|s| match text_of(s.id) {
        Some(text) => !loaded_texts.contains(text) && seen_texts.insert(text),
        None => true,
    });
    injectable.sort_by(|a, b| a.source.cmp(&b.source));
    // The instructions of the folders the session works in (a root `AGENTS.md`, and
    // `services/billing/AGENTS.md` for a session started there) that the harness does not
    // load apply to every call: they prime the session like an always-on rule.
    let session_folder = site.cwd.clone().unwrap_or_default();
    // A `CLAUDE.md` that imports `AGENTS.md` is that agent's wrapper: what it adds is
    // written for its own agent, so another agent is not primed with it (its words may
    // still bring it to a call).
    let session_instructions = |s: &PatternScopeRow| {
        natives
            .get(&s.id)
            .filter(|o| o.scope == Scope::Folder && within(&session_folder, &o.folder))
            .filter(|o| {
                s.source.ends_with("AGENTS.md")
                    || !o.imports.iter().any(|i| i.ends_with("AGENTS.md"))
            })
            .map(|o| o.folder.matches('/').count() + usize::from(!o.folder.is_empty()))
    };
    let (mut universal, rest): (Vec<&PatternScopeRow>, Vec<&PatternScopeRow>) = injectable
        .into_iter()
        .partition(|s| s.universal || session_instructions(s).is_some());
    // The session folder's own instructions first, the nearest folder's before its parents':
    // they say how to work where the session is, and must not lose their room to the
    // always-on rules of every folder.
    universal.sort_by_key(|s| std::cmp::Reverse(session_instructions(s)));
    let listing_budget = if universal.is_empty() {
        budget
    } else {
        budget / 2
    };
    // What the harness names to the model itself (Copilot's table of its path-scoped
    // instructions) is not listed again.
    let rest: Vec<&PatternScopeRow> = rest
        .into_iter()
        .filter(|s| {
            natives
                .get(&s.id)
                .is_none_or(|o| !harness_names(&RuleFile::of(o, &s.source, false), &site))
        })
        .collect();
    let listing = project_listing(ctx, &rest, &natives, project, listing_budget)?;
    let rendered = show_universal(
        ctx,
        &universal,
        &natives,
        budget.saturating_sub(chars(&listing) + 2),
    )?;
    let mut text = listing;
    // Served from the index while the knowledge dir is gone (a checkout without it, a
    // mistyped `knowledge_dir`): the paths listed name no file, so the agent is told where
    // their text is instead of failing to open them.
    let own_patterns = scopes.iter().any(|s| !natives.contains_key(&s.id));
    if own_patterns && !ctx.config.knowledge_dir.is_dir() {
        text.push_str(&format!(
            "\n\n{}/ is not in this checkout: its patterns are served as lore last indexed \
             them; {} shows their text.",
            ctx.display_path("").trim_end_matches('/'),
            ctx.search_hint.phrase()
        ));
    }
    let (mut sources, mut shown) = (Vec::new(), Vec::new());
    if let Some(r) = rendered {
        text.push_str("\n\n");
        text.push_str(&r.text);
        sources = r.sources;
        shown = r.shown;
    }
    Ok(Some(Injection {
        // The parts are planned to fit; a budget too small for even the closing line is cut.
        text: render(&text, &[], None, budget),
        sources,
        shown,
    }))
}

/// The universal patterns within `budget`: each whole when short, else its opening sections
/// (no call's words to choose by), leaving out what the session was already shown.
fn show_universal(
    ctx: &mut InjectContext<'_>,
    universal: &[&PatternScopeRow],
    natives: &BTreeMap<i64, RuleOrigin>,
    budget: usize,
) -> Result<Option<Injection>, IndexError> {
    if universal.is_empty() {
        return Ok(None);
    }
    ctx.trace.note(format!(
        "universal: {} patterns ({} other agents' always-on rules) within {budget} characters",
        universal.len(),
        universal
            .iter()
            .filter(|s| natives.contains_key(&s.id))
            .count()
    ));
    let patterns: Vec<ToShow> = universal
        .iter()
        .map(|s| ToShow {
            key: s.source.clone(),
            source: s.source.clone(),
            pattern_id: s.id,
            brief: false,
        })
        .collect();
    let intro = format!(
        "Conventions from {} that always apply:",
        ctx.knowledge_label()
    );
    // What always applies but finds no room is named, so the agent knows to read it; the
    // line takes room itself, so the patterns are planned again without it (a few rounds at
    // most: each can only leave out more).
    let mut line = String::new();
    for _ in 0..3 {
        let room = budget.saturating_sub(chars(&line));
        let rendered = plan_and_render(ctx, &patterns, &WeightedTerms::default(), &intro, room)?;
        let left_out: Vec<String> = rendered
            .shares
            .iter()
            .filter(|share| share.outcome == ShareOutcome::NoRoom)
            .map(|share| {
                let native = universal
                    .iter()
                    .any(|row| row.source == share.source && natives.contains_key(&row.id));
                format!("`{}`", ctx.pattern_path(&share.source, native))
            })
            .collect();
        let wanted = if left_out.is_empty() {
            String::new()
        } else {
            format!(
                "\n\nAlso always apply, not shown for lack of room (read them before working \
                 there): {}.",
                left_out.join(", ")
            )
        };
        if chars(&wanted) <= chars(&line) || chars(&wanted) >= budget {
            return Ok(rendered.injection.map(|mut injection| {
                if !left_out.is_empty() && chars(&wanted) < budget {
                    injection.text.push_str(&wanted);
                }
                injection
            }));
        }
        line = wanted;
    }
    ctx.trace
        .note("no room to name the always-on patterns not shown");
    Ok(plan_and_render(ctx, &patterns, &WeightedTerms::default(), &intro, budget)?.injection)
}
