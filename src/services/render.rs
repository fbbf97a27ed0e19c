//! Rendering injected context: whole patterns grouped by source file under a heading naming
//! the file, imperative framing, and a hard character budget (Claude Code swaps anything
//! over 10,000 characters for a file stub). When something is cut, the text says so and
//! names the MCP tool that fetches the rest.

/// A pattern to render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderItem {
    /// Where the file is, as the agent should see it (e.g. `patterns/errors.md`).
    pub display_path: String,
    /// Identity recorded in the session ledger.
    pub source: String,
    pub body: String,
    /// The sections that matched (in file order), shown instead of the body when the whole
    /// pattern does not fit its share of the budget.
    pub excerpt: Option<String>,
}

/// Rendered context and which patterns made it in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rendered {
    pub text: String,
    /// Sources rendered (fully or truncated), in order.
    pub included: Vec<String>,
    /// Sources left out for lack of budget.
    pub omitted: Vec<String>,
}

/// The MCP tool the agent can call for what did not fit.
pub const SEARCH_TOOL: &str = "search_patterns";

/// Room kept for the closing note about cut content.
const NOTE_RESERVE: usize = 400;
/// A truncated pattern must still carry at least this much of its text to be worth showing.
const MIN_USEFUL: usize = 300;

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// Cut `text` to at most `max` characters, at a line break when there is one.
fn truncate_at_line(text: &str, max: usize) -> &str {
    let end = text.char_indices().nth(max).map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    match head.rfind('\n') {
        Some(i) if i > end / 2 => &head[..i],
        _ => head,
    }
}

fn section(item: &RenderItem, body: &str) -> String {
    format!("## {}\n\n{}\n\n", item.display_path, body.trim())
}

/// Whether a pattern is sure to be shown whole when rendered as one of `count` items after
/// `intro` within `budget`: its section fits the smallest share any item can get (each item
/// takes at most its share, so later shares never shrink below the first).
pub fn fits_whole(
    intro: &str,
    display_path: &str,
    body: &str,
    budget: usize,
    count: usize,
) -> bool {
    let intro_len = chars(intro.trim_end()) + 2;
    let share = budget
        .saturating_sub(NOTE_RESERVE)
        .saturating_sub(intro_len)
        / count.max(1);
    chars(display_path) + chars(body.trim()) + 7 <= share
}

/// Render `items` after `intro` within `budget` characters (the result never exceeds it).
/// Each item gets an equal share of what is left: a pattern that fits its share is shown
/// whole; a larger one shows its matching sections (or the start of its text), so the
/// agent sees several relevant conventions rather than one long one.
pub fn render_patterns(intro: &str, items: &[RenderItem], budget: usize) -> Rendered {
    let mut out = Rendered {
        text: format!("{}\n\n", intro.trim_end()),
        ..Rendered::default()
    };
    let limit = budget.saturating_sub(NOTE_RESERVE);
    let mut shortened = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let used = chars(&out.text);
        let share = limit.saturating_sub(used) / (items.len() - i);
        let full = section(item, &item.body);
        if chars(&full) <= share {
            out.text.push_str(&full);
            out.included.push(item.source.clone());
            continue;
        }
        let marker = format!("[... excerpt; the whole pattern is {}]", item.display_path);
        let room = share.saturating_sub(chars(&section(item, "")) + chars(&marker) + 4);
        if room < MIN_USEFUL {
            out.omitted.push(item.display_path.clone());
            continue;
        }
        let text = item.excerpt.as_deref().unwrap_or(&item.body);
        let cut = truncate_at_line(text, room);
        out.text
            .push_str(&section(item, &format!("{}\n\n{marker}", cut.trim_end())));
        out.included.push(item.source.clone());
        shortened.push(item.display_path.clone());
    }
    if !out.omitted.is_empty() {
        let mut note = format!(
            "[lore: more conventions matched than fit here. Call the MCP tool `{SEARCH_TOOL}` to read: {}]",
            out.omitted.join(", ")
        );
        if chars(&note) > NOTE_RESERVE {
            note = format!(
                "[lore: {} more conventions matched than fit here; call the MCP tool `{SEARCH_TOOL}` to read them]",
                out.omitted.len()
            );
        }
        out.text.push_str(&note);
        out.text.push('\n');
    } else if !shortened.is_empty() {
        out.text.push_str(&format!(
            "[lore: excerpts shown; call the MCP tool `{SEARCH_TOOL}` or open the files for the rest]\n"
        ));
    }
    let trimmed = out.text.trim_end().to_string();
    out.text = if chars(&trimmed) > budget {
        truncate_at_line(&trimmed, budget).to_string()
    } else {
        trimmed
    };
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(name: &str, body_len: usize) -> RenderItem {
        RenderItem {
            display_path: format!("patterns/{name}"),
            source: name.to_string(),
            body: format!(
                "# {name}\n{}",
                "convention text line\n".repeat(body_len / 21 + 1)
            ),
            excerpt: None,
        }
    }

    #[test]
    fn everything_fits_under_a_heading_naming_each_file() {
        let r = render_patterns(
            "Apply these conventions.",
            &[item("a.md", 100), item("b.md", 100)],
            5000,
        );
        assert_eq!(r.included, ["a.md", "b.md"]);
        assert!(r.omitted.is_empty());
        assert!(
            r.text
                .starts_with("Apply these conventions.\n\n## patterns/a.md\n\n# a.md\n")
        );
        assert!(r.text.contains("\n## patterns/b.md\n"));
        assert!(!r.text.contains(SEARCH_TOOL));
    }

    #[test]
    fn large_patterns_share_the_budget_as_excerpts() {
        let mut big = item("a.md", 3000);
        big.excerpt = Some("## Matching section\nthe part that matched\n".into());
        let items = [big, item("b.md", 3000), item("c.md", 3000)];
        let r = render_patterns("Apply.", &items, 4000);
        assert!(r.text.chars().count() <= 4000);
        assert_eq!(r.included, ["a.md", "b.md", "c.md"]);
        assert!(
            r.text
                .contains("## Matching section\nthe part that matched")
        );
        assert!(
            r.text
                .contains("[... excerpt; the whole pattern is patterns/a.md]")
        );
        assert!(r.text.contains(SEARCH_TOOL));
    }

    #[test]
    fn what_cannot_get_a_useful_share_is_omitted_and_named() {
        let items = [item("a.md", 3000), item("b.md", 3000), item("c.md", 3000)];
        let r = render_patterns("Apply.", &items, 1200);
        assert!(r.text.chars().count() <= 1200);
        assert!(!r.omitted.is_empty());
        assert!(r.text.contains(SEARCH_TOOL));
        for name in &r.omitted {
            assert!(r.text.contains(name.as_str()));
        }
    }

    #[test]
    fn never_exceeds_the_budget_whatever_the_sizes() {
        for budget in [0, 10, 200, 450, 1000, 9999] {
            let items = [item("a.md", 20_000), item("b.md", 50)];
            let r = render_patterns("Apply these conventions to the change.", &items, budget);
            assert!(
                r.text.chars().count() <= budget,
                "budget {budget}: {}",
                r.text.len()
            );
        }
    }

    #[test]
    fn multibyte_text_is_cut_on_character_boundaries() {
        let body = "é".repeat(5000);
        let items = [RenderItem {
            display_path: "p.md".into(),
            source: "p.md".into(),
            body,
            excerpt: None,
        }];
        let r = render_patterns("Intro.", &items, 1000);
        assert!(r.text.chars().count() <= 1000);
    }
}
