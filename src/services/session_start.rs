//! Session start (and compaction, and subagent start): what a session is primed with before
//! its first call. Universal patterns are shown, and a compact index of patterns lists what
//! else there is.

use std::collections::BTreeMap;

use crate::core::select::sections::WeightedTerms;
use crate::core::sources::{RuleOrigin, hook_shortfall};
use crate::services::inject::{InjectContext, Injection, ToShow, show_patterns};
use crate::storage::index::{IndexError, PatternSummary};

/// One line per pattern for the index: `- Title [tags]: path`.
fn index_lines(
    ctx: &InjectContext<'_>,
    summaries: &[PatternSummary],
    natives: &BTreeMap<i64, RuleOrigin>,
    budget: usize,
) -> String {
    let mut text = String::new();
    let mut left_out = 0;
    for s in summaries {
        let tags = if s.tags.is_empty() {
            String::new()
        } else {
            format!(" [{}]", s.tags.join(", "))
        };
        let path = ctx.pattern_path(&s.source, natives.contains_key(&s.id));
        let line = format!("- {}{tags}: {path}\n", s.title);
        if text.chars().count() + line.chars().count() + 120 > budget {
            left_out += 1;
        } else {
            text.push_str(&line);
        }
    }
    if left_out > 0 {
        text.push_str(&format!(
            "- ... and {left_out} more; {} finds them\n",
            ctx.search_hint.phrase()
        ));
    }
    text
}

/// Session start (and subagent start): universal patterns and a compact index of patterns.
pub fn inject_session_start(
    ctx: &mut InjectContext<'_>,
    budget: usize,
) -> Result<Option<Injection>, IndexError> {
    if budget == 0 {
        // A budget of 0 switches the priming off.
        ctx.trace
            .note("budget 0: nothing to prime the session with");
        return Ok(None);
    }
    let summaries = ctx.index.pattern_summaries()?;
    if summaries.is_empty() {
        ctx.trace
            .note("index is empty: nothing to prime the session with");
        return Ok(None);
    }
    let source = ctx.knowledge_label();
    let intro = format!(
        "Coding conventions live in {source}; lore shows the ones that apply as you work, and {} finds others.",
        ctx.search_hint.phrase()
    );
    // Other agents' always-on rules count as universal, less those the harness loaded itself.
    let natives = ctx.index.all_rule_origins()?;
    let site = ctx.session_site();
    let universal: Vec<ToShow> = summaries
        .iter()
        .filter(|s| s.universal)
        .filter(|s| {
            natives
                .get(&s.id)
                .is_none_or(|origin| hook_shortfall(origin, &s.source, &site).is_none())
        })
        .map(|s| ToShow {
            key: s.source.clone(),
            source: s.source.clone(),
            pattern_id: s.id,
        })
        .collect();
    // Universal rules come first in priority: they get up to two thirds of the budget.
    let rendered = if universal.is_empty() {
        None
    } else {
        show_patterns(
            ctx,
            &universal,
            &WeightedTerms::default(),
            &format!("Conventions from {source} that always apply:"),
            budget * 2 / 3,
        )?
    };
    let used = rendered.as_ref().map_or(0, |r| r.text.chars().count());
    let index_budget = budget.saturating_sub(used + intro.chars().count() + 40);
    let index = index_lines(ctx, &summaries, &natives, index_budget);
    let mut text = format!("{intro}\n\nPatterns in {source}:\n{index}");
    let (mut sources, mut shown) = (Vec::new(), Vec::new());
    if let Some(r) = rendered {
        text.push('\n');
        text.push_str(&r.text);
        sources = r.sources;
        shown = r.shown;
    }
    Ok(Some(Injection {
        text: text.trim_end().to_string(),
        sources,
        shown,
    }))
}
