//! Showing the patterns a moment chose within its budget: each pattern's sections with what
//! the session was already shown marked (`services::session`), the budget allocated among them
//! in order (`core::select::budget`), and the blocks rendered (`services::render`). Session
//! start and every query moment show patterns through here, so dedup, budget and the
//! `LORE_TRACE` record of what dedup skipped work the same for both.

use std::collections::BTreeSet;

use crate::core::pattern::SectionSpan;
use crate::core::select::budget::{Budget, PatternPlan, SectionInfo, all_seen, allocate};
use crate::core::select::sections::{WeightedTerms, is_heading_only};
use crate::services::budget_share::{PatternShare, ShareOutcome};
use crate::services::inject::{InjectContext, Injection};
use crate::services::render::{PlannedPattern, chars, framing_chars, pattern_block, render};
use crate::services::session::section_key;
use crate::storage::index::{Index, IndexError};

/// A pattern to show: its session-ledger key, its path and its id in the index, and whether
/// it is shown briefly (let in far below the call's best, see `core::select::budget`).
pub(crate) struct ToShow {
    pub key: String,
    pub source: String,
    pub pattern_id: i64,
    pub brief: bool,
}

/// What [`plan_and_render`] made of a list of patterns.
pub(crate) struct Rendered {
    /// Each pattern loaded from the index, with its share of the budget.
    pub shares: Vec<PatternShare>,
    pub injection: Option<Injection>,
}

/// Show `patterns` in order within `budget` characters: each gets the sections the budget
/// allocates it (relevant to `terms`, not shown to the session before), under `intro`, with
/// its share of the budget. Past the deadline, nothing
/// is rendered; what dedup skipped goes into the call's trace record.
pub(crate) fn plan_and_render(
    ctx: &mut InjectContext<'_>,
    patterns: &[ToShow],
    terms: &WeightedTerms,
    intro: &str,
    budget: usize,
) -> Result<Rendered, IndexError> {
    ctx.deadline.check("before rendering")?;
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
    let texts = ctx.index.content_hashes_of(&ids)?;
    let infos: Vec<Vec<SectionInfo>> = loaded
        .iter()
        .map(|(p, body, spans)| {
            let mut infos = section_infos(p, body, spans, terms, &shown);
            // The same text shown whole under another name (a link and the file it leads
            // to, a copy) was shown; not when the pattern is shown again for another reason
            // under a key of its own (a universal rule's `applies_when` return).
            if p.key == p.source
                && texts
                    .get(&p.pattern_id)
                    .is_some_and(|hash| shown.contains(&text_key(hash)))
            {
                for info in &mut infos {
                    info.shown = true;
                }
            }
            infos
        })
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
    let briefs: Vec<bool> = loaded.iter().map(|(p, _, _)| p.brief).collect();
    let plans = allocate(
        &Budget::for_total(total),
        &infos,
        |i| briefs[i],
        |i| framing_chars(&paths[i]),
    );
    let shares: Vec<PatternShare> = loaded
        .iter()
        .zip(&plans)
        .zip(&infos)
        .map(|(((p, _, _), plan), infos)| PatternShare {
            source: p.source.clone(),
            outcome: ShareOutcome::of(plan.as_ref(), infos.len(), all_seen(infos)),
            shown_before: infos.iter().filter(|s| s.shown).count(),
        })
        .collect();
    let mut blocks = Vec::new();
    let mut sources = Vec::new();
    let mut keys = Vec::new();
    let mut excerpted = false;
    for (((p, body, spans), plan), path) in loaded.iter().zip(&plans).zip(&paths) {
        let Some(plan) = plan else { continue };
        let Some(block) = pattern_block(&PlannedPattern {
            display_path: path,
            body,
            spans,
            plan,
            terms,
        }) else {
            continue;
        };
        blocks.push(block);
        sources.push(p.source.clone());
        keys.extend(shown_keys(&p.key, plan, spans.len()));
        if plan.whole
            && plan.cut.is_none()
            && p.key == p.source
            && let Some(hash) = texts.get(&p.pattern_id)
        {
            keys.push(text_key(hash));
        }
        excerpted |= !plan.whole;
    }
    let skipped: Vec<&str> = shares
        .iter()
        .filter(|s| !s.outcome.is_shown())
        .map(|s| s.source.as_str())
        .collect();
    if !skipped.is_empty() {
        ctx.trace.note(format!(
            "not shown (already shown to this session, or no room left): {skipped:?}"
        ));
    }
    if let Some(record) = &mut ctx.trace.record {
        record.dedup_skipped.extend(
            shares
                .iter()
                .filter(|s| s.outcome == ShareOutcome::AlreadyShown)
                .map(|s| s.source.clone()),
        );
    }
    let injection = (!blocks.is_empty()).then(|| Injection {
        text: render(
            intro,
            &blocks,
            excerpted.then_some(closing.as_str()),
            budget,
        ),
        sources,
        shown: keys,
    });
    Ok(Rendered { shares, injection })
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
            shown_cut: shown.contains(&cut_key(&pattern.key, 0)),
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
                shown_cut: shown.contains(&cut_key(&pattern.key, i)),
            }
        })
        .collect()
}

/// The ledger key saying a pattern's whole text was shown, whatever file it came from (a
/// source holds no colon-led prefix like this one).
fn text_key(content_hash: &str) -> String {
    format!("text:{content_hash}")
}

/// The ledger key of a section shown cut to its room.
fn cut_key(pattern_key: &str, section: usize) -> String {
    format!("{}~cut", section_key(pattern_key, section))
}

/// The ledger keys of the sections a plan shows (every section of a whole pattern). A section
/// shown cut is recorded as such, not as shown: what the cut left out may be what a later
/// call needs, whole.
fn shown_keys(key: &str, plan: &PatternPlan, sections: usize) -> Vec<String> {
    if plan.cut.is_some() {
        return plan.sections.iter().map(|&i| cut_key(key, i)).collect();
    }
    let shown: Vec<usize> = if plan.whole {
        (0..sections.max(1)).collect()
    } else {
        plan.sections.clone()
    };
    shown.into_iter().map(|i| section_key(key, i)).collect()
}

/// The ledger keys saying a session was shown the whole of each pattern in `sources` (an
/// answer of the MCP search tool, say), so the hooks do not show them again; sources the
/// index does not hold are passed over.
pub fn whole_pattern_keys(index: &Index, sources: &[String]) -> Result<Vec<String>, IndexError> {
    let mut keys = Vec::new();
    for source in sources {
        let Some(id) = index.pattern_id_of(source)? else {
            continue;
        };
        let sections = match index.pattern_text(id)? {
            Some(text) => text.sections()?.len(),
            None => 0,
        };
        keys.extend((0..sections.max(1)).map(|i| section_key(source, i)));
        if let Some(hash) = index.content_hashes_of(&[id])?.get(&id) {
            keys.push(text_key(hash));
        }
    }
    Ok(keys)
}
