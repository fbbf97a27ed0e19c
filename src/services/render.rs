//! Rendering injected context: each pattern under a `## <path>` heading naming its file, shown
//! whole or as the sections its plan chose (see `core::select::budget`), after a factual,
//! source-tagged intro; never longer than the event's budget (Claude Code swaps anything over
//! 10,000 characters for a file stub).

use crate::core::pattern::SectionSpan;
use crate::core::select::budget::PatternPlan;

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
}

pub(crate) fn chars(s: &str) -> usize {
    s.chars().count()
}

/// Characters a pattern's block adds besides its text: the heading and, for an excerpt, the
/// note (counted always, so a plan never outgrows the budget).
pub fn framing_chars(display_path: &str) -> usize {
    chars(display_path) + chars(EXCERPT_NOTE) + 10
}

/// The block of one planned pattern: `## <path>`, its text, and a note when it is an excerpt.
pub fn pattern_block(pattern: &PlannedPattern<'_>) -> String {
    let PlannedPattern {
        display_path,
        body,
        spans,
        plan,
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
                    Some(max) => cut_at_boundary(text, max).to_string(),
                    None => text.to_string(),
                }
            })
            .collect();
        format!("{}\n\n{EXCERPT_NOTE}", parts.join("\n\n"))
    };
    format!("## {display_path}\n\n{text}\n\n")
}

/// At most `max` characters of a section, ending at the end of a paragraph or list item
/// (never mid-rule) and never on a heading line.
fn cut_at_boundary(text: &str, max: usize) -> &str {
    let end = text.char_indices().nth(max).map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    if end == text.len() {
        return head;
    }
    // The last break before a paragraph, a list item or a numbered rule.
    let boundary = head
        .match_indices('\n')
        .map(|(i, _)| i)
        .rfind(|&i| {
            let rest = head[i + 1..].trim_start_matches([' ', '\t']);
            rest.is_empty()
                || head[..i].ends_with('\n')
                || rest.starts_with(['-', '*', '+'])
                || rest
                    .split_once('.')
                    .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        })
        .unwrap_or(0);
    let mut kept = head[..boundary].trim_end();
    // A heading with nothing under it says nothing.
    while let Some((before, last)) = kept.rsplit_once('\n') {
        if last.trim_start().starts_with('#') {
            kept = before.trim_end();
        } else {
            break;
        }
    }
    if kept.trim_start().starts_with('#') && !kept.contains('\n') {
        return "";
    }
    kept
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
        });
        assert_eq!(
            block,
            format!("## patterns/errors.md\n\n{}\n\n", BODY.trim())
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
        });
        assert_eq!(
            block,
            format!("## patterns/errors.md\n\n## Retries\n\nBack off.\n\n{EXCERPT_NOTE}\n\n")
        );
    }

    #[test]
    fn a_cut_section_ends_at_a_rule_boundary_never_on_a_heading() {
        let text = "## Rules\n\n- First rule is long enough.\n- Second rule.\n\n### Next\n\nMore.";
        assert_eq!(
            cut_at_boundary(text, 45),
            "## Rules\n\n- First rule is long enough."
        );
        assert_eq!(
            cut_at_boundary(text, 62),
            "## Rules\n\n- First rule is long enough.\n- Second rule."
        );
        assert_eq!(cut_at_boundary(text, 5), "");
        assert_eq!(cut_at_boundary("short", 100), "short");
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
