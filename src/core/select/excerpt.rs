//! Cutting one section that is longer than the room it has: the part that carries the call's
//! words, not its first lines. A section is cut into blocks at rule boundaries (paragraphs,
//! list items, numbered rules, fenced code kept whole), and the contiguous run of blocks that
//! holds the most of the call's weighted terms and fits is kept, under the section's heading,
//! with a marker where text is left out. A section none of whose blocks holds a term keeps its
//! head, as before.

use super::sections::WeightedTerms;

/// The marker for text left out of a cut section.
pub const OMITTED: &str = "[…]";

/// At most `max` characters of `text` (a section: heading line first), the run of whole
/// blocks that holds the most of `terms`, under the heading. Never ends on a heading, and
/// cuts a block (at a line) only when not even one fits whole; empty when not even a line
/// does.
pub fn window(text: &str, max: usize, terms: &WeightedTerms) -> String {
    let text = text.trim();
    let (heading, rest) = match text.split_once('\n') {
        Some((first, rest)) if first.trim_start().starts_with('#') => (Some(first), rest),
        None if text.trim_start().starts_with('#') => (Some(text), ""),
        _ => (None, text),
    };
    let blocks = blocks(rest);
    let heading_chars = heading.map_or(0, |h| chars(h) + 1);
    let marker = chars(OMITTED) + 2;
    let room = max.saturating_sub(heading_chars);
    let weights: Vec<f64> = blocks.iter().map(|b| terms.relevance(&[], b)).collect();
    let sizes: Vec<usize> = blocks.iter().map(|b| chars(b) + 2).collect();
    // The best run: most weight, then earliest; room left for the markers around it.
    let mut best: Option<(f64, usize, usize)> = None;
    for start in 0..blocks.len() {
        let mut used = if start > 0 { marker } else { 0 };
        let mut weight = 0.0;
        for end in start..blocks.len() {
            let closing = if end + 1 < blocks.len() { marker } else { 0 };
            if used + sizes[end] + closing > room {
                break;
            }
            used += sizes[end];
            weight += weights[end];
            if best.is_none_or(|(w, _, _)| weight > w + 1e-9) {
                best = Some((weight, start, end));
            }
        }
    }
    // A block too long for the room that holds more of the call's words than any run that
    // fits (a rule's long code example after its one-line lead) is the part to show, cut to
    // its lines that carry them.
    let heaviest = (0..blocks.len())
        .filter(|&i| sizes[i] > room)
        .max_by(|&a, &b| weights[a].total_cmp(&weights[b]).then(b.cmp(&a)));
    let Some((weight, start, end)) =
        best.filter(|&(weight, _, _)| heaviest.is_none_or(|i| weights[i] <= weight + 1e-9))
    else {
        return match heaviest {
            Some(at) => cut_block(heading, &blocks, at, room, terms),
            None => String::new(),
        };
    };
    // Nothing holds the call's words: the head of the section says what it is about, up to
    // the room (the first lines of a block too long for what is left).
    let mut filled = String::new();
    let (start, end) = if weight <= 0.0 {
        let mut used = 0;
        let mut last = None;
        for (i, size) in sizes.iter().enumerate() {
            let closing = if i + 1 < blocks.len() { marker } else { 0 };
            if used + size + closing > room {
                break;
            }
            used += size;
            last = Some(i);
        }
        // Its first block alone is too long: its first lines.
        let Some(last) = last else {
            return cut_block(heading, &blocks, 0, room, terms);
        };
        if let Some(next) = blocks.get(last + 1)
            && let Some(head) = block_lines(next, room.saturating_sub(used + marker + 2), terms)
        {
            filled = head;
        }
        (0, last)
    } else {
        (start, end)
    };
    let mut parts: Vec<&str> = Vec::new();
    if let Some(heading) = heading {
        parts.push(heading);
    }
    if start > 0 {
        parts.push(OMITTED);
    }
    let run = as_written(rest, &blocks[start..=end]);
    parts.push(&run);
    if !filled.is_empty() {
        parts.push(&filled);
    }
    if end + 1 < blocks.len() {
        parts.push(OMITTED);
    }
    parts.join("\n\n")
}

/// The text of a run of consecutive `blocks` of `text` as its author wrote it: list items
/// stay one list (a blank line only where the text has one, never two in a row).
fn as_written(text: &str, blocks: &[&str]) -> String {
    let (Some(first), Some(last)) = (blocks.first(), blocks.last()) else {
        return String::new();
    };
    // Blocks are slices of `text`: their places in it give the run's span.
    let base = text.as_ptr() as usize;
    let from = (first.as_ptr() as usize).saturating_sub(base);
    let to = (last.as_ptr() as usize).saturating_sub(base) + last.len();
    let Some(span) = text.get(from..to) else {
        return blocks.join("\n\n");
    };
    let mut out: Vec<&str> = Vec::new();
    for line in span.lines() {
        let line = line.trim_end();
        if line.is_empty() && out.last().is_none_or(|l| l.is_empty()) {
            continue;
        }
        out.push(line);
    }
    out.join("\n")
}

/// The block at `at`, too long for `room`, cut to its lines that carry the call's words (see
/// [`block_lines`]), under the heading; empty when not even one line fits.
fn cut_block(
    heading: Option<&str>,
    blocks: &[&str],
    at: usize,
    room: usize,
    terms: &WeightedTerms,
) -> String {
    let marker = chars(OMITTED) + 2;
    let lead = if at > 0 { marker } else { 0 };
    let Some(cut) = block_lines(blocks[at], room.saturating_sub(lead + marker + 1), terms) else {
        return String::new();
    };
    let mut parts: Vec<&str> = Vec::new();
    if let Some(heading) = heading {
        parts.push(heading);
    }
    if at > 0 {
        parts.push(OMITTED);
    }
    parts.push(&cut);
    parts.push(OMITTED);
    parts.join("\n\n")
}

/// At most `room` characters of one block: the run of its lines that holds the most of the
/// call's words (its first lines when none does), a fence opened and closed around them; a
/// long unwrapped line's words up to the room. None when not even one line fits.
fn block_lines(block: &str, room: usize, terms: &WeightedTerms) -> Option<String> {
    let lines: Vec<&str> = block.lines().collect();
    let fence = lines
        .first()
        .map(|first| first.trim_start())
        .filter(|first| first.starts_with("```") || first.starts_with("~~~"))
        .map(|first| (lines[0], &first[..3]));
    // A fence's own lines are kept around whatever part of its code is shown.
    let inner: &[&str] = match fence {
        Some((_, close)) => {
            let closed = lines.len() > 1 && lines[lines.len() - 1].trim_start().starts_with(close);
            &lines[1..lines.len() - usize::from(closed)]
        }
        None => &lines,
    };
    let frame = fence.map_or(0, |(open, close)| chars(open) + chars(close) + 2);
    let left = room.checked_sub(frame)?;
    let weights: Vec<f64> = inner.iter().map(|l| terms.relevance(&[], l)).collect();
    let mut best: Option<(f64, usize, usize)> = None;
    for first in 0..inner.len() {
        let mut used = 0;
        let mut weight = 0.0;
        for last in first..inner.len() {
            used += chars(inner[last]) + 1;
            if used > left {
                break;
            }
            weight += weights[last];
            // More weight wins; the same weight from the same first line grows the run.
            let better = best.is_none_or(|(w, f, l)| {
                weight > w + 1e-9 || (weight >= w - 1e-9 && f == first && last > l)
            });
            if better {
                best = Some((weight, first, last));
            }
        }
    }
    let mut kept: Vec<String> = match best {
        Some((_, first, last)) => inner[first..=last].iter().map(|l| l.to_string()).collect(),
        None if fence.is_none() => {
            let first = inner.first().copied().unwrap_or_default();
            let end = first
                .char_indices()
                .nth(left)
                .map_or(first.len(), |(i, _)| i);
            let space = first[..end].rfind(' ')?;
            vec![format!("{}…", first[..space].trim_end())]
        }
        None => return None,
    };
    if let Some((open, close)) = fence {
        kept.insert(0, open.to_string());
        kept.push(close.to_string());
    }
    Some(kept.join("\n"))
}

/// The blocks of a section's text: paragraphs, list items and numbered rules, a fenced code
/// block whole, each trimmed; blank-only text gives none.
fn blocks(text: &str) -> Vec<&str> {
    let mut blocks = Vec::new();
    let mut start: Option<usize> = None;
    let mut fence: Option<&str> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        let at = offset;
        offset += line.len();
        if let Some(open) = fence {
            if trimmed.starts_with(open) {
                fence = None;
                if let Some(s) = start.take() {
                    push_block(&mut blocks, &text[s..offset]);
                }
            }
            continue;
        }
        let opens_fence = trimmed.starts_with("```") || trimmed.starts_with("~~~");
        let starts_block = trimmed.is_empty()
            || is_item(trimmed)
            || trimmed.starts_with('#')
            || (opens_fence && start.is_some());
        if starts_block && let Some(s) = start.take() {
            push_block(&mut blocks, &text[s..at]);
        }
        if !trimmed.is_empty() && start.is_none() {
            start = Some(at);
        }
        if opens_fence {
            fence = Some(&trimmed[..3]);
        }
    }
    if let Some(s) = start {
        push_block(&mut blocks, &text[s..]);
    }
    blocks
}

fn push_block<'a>(blocks: &mut Vec<&'a str>, text: &'a str) {
    let text = text.trim();
    if !text.is_empty() {
        blocks.push(text);
    }
}

/// A list item or a numbered rule (`- x`, `* x`, `+ x`, `1. x`, `2) x`).
fn is_item(line: &str) -> bool {
    if let Some(rest) = line.strip_prefix(['-', '*', '+']) {
        return rest.starts_with(' ');
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && line[digits..].starts_with(['.', ')'])
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(list: &[(&str, f64)]) -> WeightedTerms {
        WeightedTerms::new(
            &list
                .iter()
                .map(|(t, w)| (t.to_string(), *w))
                .collect::<Vec<_>>(),
        )
    }

    const SECTION: &str = "## Configuration\n\
        Settings come from one module.\n\n\
        - Keep defaults in the module, never in callers.\n\
        - Document each setting where it is declared.\n\
        - Read secrets from the environment: never commit a key.\n\
        - Name environment variables in upper snake case.\n\n\
        Reviews reject code that reads settings elsewhere.\n";

    #[test]
    fn the_window_holds_the_rule_that_carries_the_calls_words() {
        let t = terms(&[("secrets", 1.0), ("environment", 0.5)]);
        let cut = window(SECTION, 150, &t);
        assert!(cut.starts_with("## Configuration"), "{cut}");
        assert!(cut.contains("Read secrets from the environment"), "{cut}");
        assert!(cut.contains(OMITTED), "{cut}");
        assert!(!cut.contains("Settings come from one module"), "{cut}");
        assert!(cut.chars().count() <= 150, "{}", cut.chars().count());
    }

    #[test]
    fn without_the_calls_words_the_head_is_kept() {
        let cut = window(SECTION, 120, &terms(&[("unrelated", 1.0)]));
        assert!(cut.contains("Settings come from one module."), "{cut}");
        assert!(cut.ends_with(OMITTED), "{cut}");
        assert!(cut.chars().count() <= 120);
    }

    #[test]
    fn a_cut_never_ends_on_a_heading_nor_splits_a_rule() {
        let text = "## Rules\n\n- First rule is long enough.\n- Second rule.\n\n### Next\n\nMore.";
        let none = terms(&[]);
        assert_eq!(
            window(text, 45, &none),
            format!("## Rules\n\n- First rule is long enough.\n\n{OMITTED}")
        );
        assert_eq!(
            window(text, 62, &none),
            // The items stay one list, as written.
            format!("## Rules\n\n- First rule is long enough.\n- Second rule.\n\n{OMITTED}")
        );
        assert_eq!(window(text, 5, &none), "");
        assert_eq!(window("short", 100, &none), "short");
    }

    #[test]
    fn a_code_fence_is_one_block_and_nothing_fits_in_too_little_room() {
        let text = "## Example\n```rust\nfn a() {}\n\nfn b() {}\n```\nAfter the code.\n";
        assert_eq!(
            blocks(text.split_once('\n').unwrap().1),
            ["```rust\nfn a() {}\n\nfn b() {}\n```", "After the code."]
        );
        assert_eq!(window(text, 5, &terms(&[("code", 1.0)])), "");
    }

    #[test]
    fn a_window_never_exceeds_its_room() {
        let pieces = [
            "Lead paragraph about the rule.",
            "- a short item",
            "```rust\nfn f() {}\nfn g() {}\nfn provider() {}\n```",
            "A long unwrapped line of prose that mentions the provider many times over and over again.",
            "1. numbered rule with provider",
        ];
        let words = [terms(&[]), terms(&[("provider", 1.0)])];
        for n in 1..40 {
            let body: Vec<&str> = (0..n).map(|i| pieces[(i * 7 + n) % pieces.len()]).collect();
            let plain = body.join("\n\n");
            let headed = format!("## Section {n}\n\n{plain}");
            for text in [&plain, &headed] {
                for max in [10, 40, 80, 120, 200, 333, 600] {
                    for t in &words {
                        let cut = window(text, max, t);
                        assert!(cut.chars().count() <= max, "{max}: {cut}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_long_example_that_holds_the_words_is_cut_rather_than_passed_over_for_its_lead() {
        let code: String = (0..40)
            .map(|i| match i {
                30 => {
                    "  const model = getModel(user.aiProvider); // pick the provider\n".to_string()
                }
                _ => format!("  step{i}();\n"),
            })
            .collect();
        let text = format!(
            "## Implementation\n\nFollow this structure:\n\n```ts\nexport async function run() {{\n{code}}}\n```\n"
        );
        let cut = window(&text, 250, &terms(&[("provider", 1.0), ("model", 1.0)]));
        assert!(cut.contains("getModel(user.aiProvider)"), "{cut}");
        assert!(cut.contains("```ts\n") && cut.contains("\n```"), "{cut}");
        assert!(cut.chars().count() <= 250, "{}", cut.chars().count());
        // Without the call's words the lead comes, then as much of the example as fits.
        let head = window(&text, 250, &terms(&[]));
        assert!(
            head.contains("Follow this structure:\n\n```ts\nexport async function run() {"),
            "{head}"
        );
        assert!(head.ends_with(&format!("```\n\n{OMITTED}")), "{head}");
        assert!(head.chars().count() <= 250, "{}", head.chars().count());
    }

    #[test]
    fn a_block_longer_than_the_room_shows_the_lines_that_carry_the_words_rather_than_nothing() {
        let tree: String = (0..60)
            .map(|i| match i {
                42 => "├── billing/   # invoices and payments\n".to_string(),
                _ => format!("├── module_{i}/   # part {i}\n"),
            })
            .collect();
        let text = format!("# Layout\n\n```\nrepo/\n{tree}```\n");
        let cut = window(&text, 300, &terms(&[]));
        assert!(
            cut.starts_with("# Layout\n\n```\nrepo/\n├── module_0/"),
            "{cut}"
        );
        assert!(cut.ends_with(&format!("```\n\n{OMITTED}")), "{cut}");
        assert!(cut.chars().count() <= 300, "{}", cut.chars().count());
        // The same when short paragraphs follow the long block.
        let with_notes = format!("{text}\nKeep it current.\n\nOne folder a package.\n");
        let cut = window(&with_notes, 300, &terms(&[]));
        assert!(cut.starts_with("# Layout\n\n```\nrepo/\n"), "{cut}");
        assert!(cut.chars().count() <= 300, "{}", cut.chars().count());
        // Cut around the lines that hold the call's words, the fence kept around them.
        let cut = window(&text, 300, &terms(&[("invoices", 1.0)]));
        assert!(cut.contains("billing/   # invoices"), "{cut}");
        assert!(cut.contains("# Layout\n\n```\n"), "{cut}");
        assert!(!cut.contains("module_0/"), "{cut}");
        assert!(cut.chars().count() <= 300, "{}", cut.chars().count());
        // The block that holds the call's words is the one cut.
        let prose = format!(
            "# Layout\n\n{}\n\nThe {} tests live under tests/.",
            "word ".repeat(80),
            "pytest ".repeat(70)
        );
        let cut = window(&prose, 200, &terms(&[("pytest", 1.0)]));
        assert!(cut.contains(OMITTED) && cut.contains("pytest"), "{cut}");
    }
}
