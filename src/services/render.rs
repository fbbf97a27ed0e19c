//! Rendering injected context: each pattern under a `## <path>` heading naming its file, shown
//! whole or as the sections its plan chose (see `core::select::budget`), after a factual,
//! source-tagged intro; never longer than the event's budget (Claude Code swaps anything over
//! 10,000 characters for a file stub).

use crate::core::pattern::SectionSpan;
use crate::core::select::budget::PatternPlan;
use crate::core::select::excerpt::window;
use crate::core::select::sections::WeightedTerms;

/// The line after a pattern shown in part.
const EXCERPT_NOTE: &str = "[Excerpt: the sections that apply; the file has more.]";

/// One pattern as planned.
#[derive(Debug, Clone, Copy)]
pub struct PlannedPattern<'a> {
    /// Where the file is, as the agent should see it (e.g. `patterns/errors.md`).
    pub display_path: &'a str,
    pub body: &'a str,
    pub spans: &'a [SectionSpan],
    pub plan: &'a PatternPlan,
    /// The call's weighted terms: a section too long for its room is cut around them.
    pub terms: &'a WeightedTerms,
}

pub(crate) fn chars(s: &str) -> usize {
    s.chars().count()
}

/// Characters a pattern's block adds besides its text: the heading and, for an excerpt, the
/// note (counted always, so a plan never outgrows the budget).
pub fn framing_chars(display_path: &str) -> usize {
    chars(display_path) + chars(EXCERPT_NOTE) + 10
}

/// The block of one planned pattern: `## <path>`, its text, and a note when it is an excerpt;
/// None when the plan leaves no text (a heading alone tells the model nothing).
pub fn pattern_block(pattern: &PlannedPattern<'_>) -> Option<String> {
    let PlannedPattern {
        display_path,
        body,
        spans,
        plan,
        terms,
    } = *pattern;
    let text = if plan.whole || spans.is_empty() {
        body.trim().to_string()
    } else {
        let parts: Vec<String> = plan
            .sections
            .iter()
            .filter_map(|&i| spans.get(i))
            .map(|span| {
                let text = span.text(body).trim();
                match plan.cut {
                    Some(max) => window(text, max, terms),
                    None => text.to_string(),
                }
            })
            .filter(|part| !part.is_empty())
            .collect();
        if parts.is_empty() {
            return None;
        }
        format!("{}\n\n{EXCERPT_NOTE}", parts.join("\n\n"))
    };
    if text.is_empty() {
        return None;
    }
    Some(format!("## {display_path}\n\n{text}\n\n"))
}

/// The whole injection: `intro`, the blocks, and `closing` when given; cut at a line to
/// `budget` characters should the parts exceed it (they are planned not to).
pub fn render(intro: &str, blocks: &[String], closing: Option<&str>, budget: usize) -> String {
    let mut text = format!("{}\n\n", intro.trim_end());
    for block in blocks {
        text.push_str(block);
    }
    if let Some(closing) = closing {
        text.push_str(closing);
    }
    let text = text.trim_end();
    if chars(text) <= budget {
        return text.to_string();
    }
    let end = text
        .char_indices()
        .nth(budget)
        .map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    match head.rfind('\n') {
        Some(i) if i > end / 2 => head[..i].trim_end().to_string(),
        _ => head.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(body: &str) -> Vec<SectionSpan> {
        let chunks = crate::core::pattern::chunk_markdown(body, 1);
        crate::core::pattern::chunk_spans(body, &chunks)
    }

    const BODY: &str =
        "# Errors\n\nLead.\n\n## Wrapping\n\nWrap with context.\n\n## Retries\n\nBack off.\n";

    #[test]
    fn a_whole_pattern_and_an_excerpt_under_the_heading_naming_the_file() {
        let spans = spans(BODY);
        let whole = PatternPlan {
            whole: true,
            sections: vec![0, 1, 2],
            cut: None,
            chars: 0,
        };
        let block = pattern_block(&PlannedPattern {
            display_path: "patterns/errors.md",
            body: BODY,
            spans: &spans,
            plan: &whole,
            terms: &WeightedTerms::default(),
        });
        assert_eq!(
            block,
            Some(format!("## patterns/errors.md\n\n{}\n\n", BODY.trim()))
        );
        let excerpt = PatternPlan {
            whole: false,
            sections: vec![2],
            cut: None,
            chars: 0,
        };
        let block = pattern_block(&PlannedPattern {
            display_path: "patterns/errors.md",
            body: BODY,
            spans: &spans,
            plan: &excerpt,
            terms: &WeightedTerms::default(),
        });
        assert_eq!(
            block,
            Some(format!(
                "## patterns/errors.md\n\n## Retries\n\nBack off.\n\n{EXCERPT_NOTE}\n\n"
            ))
        );
    }

    #[test]
    fn a_plan_that_leaves_no_text_gives_no_block() {
        let spans = spans(BODY);
        let too_small = PatternPlan {
            whole: false,
            sections: vec![1],
            cut: Some(5),
            chars: 0,
        };
        let block = pattern_block(&PlannedPattern {
            display_path: "patterns/errors.md",
            body: BODY,
            spans: &spans,
            plan: &too_small,
            terms: &WeightedTerms::default(),
        });
        assert_eq!(block, None);
    }

    #[test]
    fn a_cut_section_keeps_its_heading_and_the_rule_that_carries_the_words() {
        let body = "# Style\n\n## Rules\n\n- Indent with four spaces.\n- Wrap errors with \
                    context.\n- Name tests after behaviour.\n";
        let spans = spans(body);
        let cut = PatternPlan {
            whole: false,
            sections: vec![1],
            cut: Some(60),
            chars: 0,
        };
        let terms = WeightedTerms::new(&[("errors".to_string(), 1.0)]);
        let block = pattern_block(&PlannedPattern {
            display_path: "patterns/style.md",
            body,
            spans: &spans,
            plan: &cut,
            terms: &terms,
        })
        .unwrap();
        assert!(block.contains("## Rules"), "{block}");
        assert!(block.contains("- Wrap errors with context."), "{block}");
        assert!(!block.contains("Indent"), "{block}");
    }

    #[test]
    fn never_exceeds_the_budget() {
        let blocks = vec!["## a.md\n\n".to_string() + &"line\n".repeat(500)];
        for budget in [0, 10, 200, 1000, 9999] {
            let text = render("Intro.", &blocks, Some("[closing]"), budget);
            assert!(chars(&text) <= budget, "{budget}: {}", chars(&text));
        }
        let multibyte = vec!["é".repeat(5000)];
        assert!(chars(&render("Intro.", &multibyte, None, 1000)) <= 1000);
    }
}
