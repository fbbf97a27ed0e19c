//! The line diff of an edit: which lines it adds, removes and keeps.
//!
//! Lines are compared trimmed, so a change of indentation or trailing spaces is not a change,
//! and blank lines are left out of every list. The common leading and trailing lines are kept;
//! the lines between are matched as multisets, so moving a line is not a change either. Linear
//! in the input, which is capped at [`MAX_DIFF_BYTES`] and [`MAX_DIFF_LINES`] per side: a
//! hook diffs every edit, and a huge one must cost no more than a large one.

use crate::core::text_window::head;
use fnv::FnvHashMap;

/// Bytes of each side that are read; the rest is ignored.
pub const MAX_DIFF_BYTES: usize = 64 * 1024;
/// Lines of each side that are read; the rest is ignored.
pub const MAX_DIFF_LINES: usize = 2_000;

/// What an edit changes, line by line. Lines are trimmed; blank lines are left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EditDiff<'a> {
    /// Lines only in the new text, in its order.
    pub added: Vec<&'a str>,
    /// Lines only in the old text, in its order.
    pub removed: Vec<&'a str>,
    /// Lines in both (unchanged context), in the new text's order.
    pub kept: Vec<&'a str>,
}

/// The line diff of replacing `old` with `new`. For written content (no old text), pass `""`:
/// every line is added.
pub fn diff_edit<'a>(old: &'a str, new: &'a str) -> EditDiff<'a> {
    let old_lines = capped_lines(old);
    let new_lines = capped_lines(new);
    let diff = line_diff(&old_lines, &new_lines);
    let pick = |lines: &[&'a str], indices: &[usize]| -> Vec<&'a str> {
        indices
            .iter()
            .filter_map(|&i| lines.get(i))
            .map(|line| line.trim())
            .collect()
    };
    EditDiff {
        added: pick(&new_lines, &diff.added),
        removed: pick(&old_lines, &diff.removed),
        kept: pick(&new_lines, &diff.kept),
    }
}

/// A line diff as indices: `added` and `kept` into the new lines, `removed` into the old ones,
/// each ascending.
#[derive(Debug, Default)]
pub(super) struct LineDiff {
    pub added: Vec<usize>,
    pub removed: Vec<usize>,
    pub kept: Vec<usize>,
}

/// The lines of `text` that a diff reads: at most [`MAX_DIFF_LINES`] lines of its first
/// [`MAX_DIFF_BYTES`] bytes (cut at a character boundary).
pub(super) fn capped_lines(text: &str) -> Vec<&str> {
    head(text, MAX_DIFF_BYTES)
        .lines()
        .take(MAX_DIFF_LINES)
        .collect()
}

/// Diff two line lists (see the module documentation).
pub(super) fn line_diff<'a>(old: &[&'a str], new: &[&'a str]) -> LineDiff {
    let same = |(a, b): &(&&str, &&str)| a.trim() == b.trim();
    let prefix = old.iter().zip(new).take_while(same).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(same)
        .count();
    let old_end = old.len() - suffix;
    let new_end = new.len() - suffix;

    // Old middle lines by trimmed text: how many there are, and how many found no partner.
    let mut counts: FnvHashMap<&'a str, Copies> = FnvHashMap::default();
    for i in prefix..old_end {
        let line = text(old, i);
        if !line.is_empty() {
            counts.entry(line).or_default().total += 1;
        }
    }
    for copies in counts.values_mut() {
        copies.unmatched = copies.total;
    }

    let mut diff = LineDiff::default();
    let unchanged = |i: &usize| !text(new, *i).is_empty();
    diff.kept.extend((0..prefix).filter(unchanged));
    for i in prefix..new_end {
        let line = text(new, i);
        if line.is_empty() {
            continue;
        }
        match counts.get_mut(line) {
            Some(copies) if copies.unmatched > 0 => {
                copies.unmatched -= 1;
                diff.kept.push(i);
            }
            _ => diff.added.push(i),
        }
    }
    diff.kept.extend((new_end..new.len()).filter(unchanged));

    // Of several old copies of one text, the first ones are the kept ones.
    for i in prefix..old_end {
        let line = text(old, i);
        if let Some(copies) = counts.get_mut(line) {
            if copies.total - copies.unmatched > copies.seen {
                copies.seen += 1;
            } else {
                diff.removed.push(i);
            }
        }
    }
    diff
}

/// Line `i` of `lines`, trimmed (empty past the end).
fn text<'a>(lines: &[&'a str], i: usize) -> &'a str {
    lines.get(i).map_or("", |l| l.trim())
}

/// The old copies of one line text.
#[derive(Debug, Default)]
struct Copies {
    total: usize,
    unmatched: usize,
    /// Copies met so far while assigning old lines to kept or removed.
    seen: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_line_is_removed_and_added_around_kept_context() {
        let diff = diff_edit("a\nb\nc\nd", "a\nB\nc\nd");
        assert_eq!(diff.added, ["B"]);
        assert_eq!(diff.removed, ["b"]);
        assert_eq!(diff.kept, ["a", "c", "d"]);
    }

    #[test]
    fn moving_lines_is_not_a_change() {
        let diff = diff_edit("head\nx\ny\nz\ntail", "head\nz\nx\ny\ntail");
        assert!(diff.added.is_empty() && diff.removed.is_empty());
        assert_eq!(diff.kept, ["head", "z", "x", "y", "tail"]);
    }

    #[test]
    fn indentation_and_trailing_spaces_are_not_changes() {
        let diff = diff_edit("if x {\n  go()\n}", "if x {\n\t\tgo()   \n}\r\n");
        assert!(diff.added.is_empty() && diff.removed.is_empty());
        assert_eq!(diff.kept, ["if x {", "go()", "}"]);
    }

    #[test]
    fn blank_lines_are_left_out() {
        let diff = diff_edit("a\n\nb", "a\n\n\n  \nb\nc\n\n");
        assert_eq!(diff.added, ["c"]);
        assert!(diff.removed.is_empty());
        assert_eq!(diff.kept, ["a", "b"]);
    }

    #[test]
    fn repeated_lines_are_matched_by_count() {
        let diff = diff_edit("start\n}\n}\n}\nend", "start\n}\nreturn\nend");
        assert_eq!(diff.added, ["return"]);
        assert_eq!(diff.removed, ["}", "}"]);
        assert_eq!(diff.kept, ["start", "}", "end"]);
    }

    #[test]
    fn written_content_is_all_added() {
        let diff = diff_edit("", "fn main() {\n}\n");
        assert_eq!(diff.added, ["fn main() {", "}"]);
        assert!(diff.removed.is_empty() && diff.kept.is_empty());
    }

    #[test]
    fn huge_inputs_are_read_up_to_the_caps() {
        let many_lines = "x\n".repeat(MAX_DIFF_LINES * 5);
        let diff = diff_edit("", &many_lines);
        assert_eq!(diff.added.len(), MAX_DIFF_LINES);

        let long_lines = format!("{}\n", "é".repeat(1000)).repeat(100);
        let lines = capped_lines(&long_lines);
        let bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
        assert!(bytes <= MAX_DIFF_BYTES + 1, "{bytes} bytes read");
        assert!(lines.iter().all(|l| l.chars().all(|c| c == 'é')));
    }
}
