//! Pattern text for the author service: file-name slugs, YAML frontmatter with safely quoted
//! flow lists, and the whole new text of an added, updated or appended pattern. Pure: text in,
//! text out; the caller validates lengths and does the I/O.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use super::{NewPattern, PatternAppend, PatternUpdate, limits};

/// The file-name stem for a title: NFKD with combining marks dropped, lower-case, runs of
/// anything but letters and digits turned into one `-`, trimmed, at most
/// [`limits::SLUG`] characters. Empty when the title has no letters or digits.
pub fn slugify(title: &str) -> String {
    let mut slug = String::new();
    let mut dash = false;
    for c in title.nfkd().filter(|c| !is_combining_mark(*c)) {
        if c.is_alphanumeric() {
            if dash && !slug.is_empty() {
                slug.push('-');
            }
            dash = false;
            slug.extend(c.to_lowercase());
        } else {
            dash = true;
        }
    }
    let cut: String = slug.chars().take(limits::SLUG).collect();
    cut.trim_end_matches('-').to_string()
}

/// A YAML double-quoted scalar: safe for any one-line value.
fn yaml_quote(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.trim().chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `key: ["a", "b"]`.
fn yaml_flow_list(key: &str, items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| yaml_quote(i)).collect();
    format!("{key}: [{}]\n", quoted.join(", "))
}

/// The whole text of a new pattern file: YAML frontmatter (when any list is non-empty),
/// `# Title`, the body.
pub fn render_new_pattern(p: &NewPattern) -> String {
    let mut front = String::new();
    for (key, items) in [
        ("tags", &p.tags),
        ("language", &p.languages),
        ("paths", &p.paths),
    ] {
        if !items.is_empty() {
            front.push_str(&yaml_flow_list(key, items));
        }
    }
    if let Some(day) = &p.learned {
        front.push_str(&format!("learned: {}\n", yaml_quote(day)));
    }
    let mut text = String::new();
    if !front.is_empty() {
        text.push_str("---\n");
        text.push_str(&front);
        text.push_str("---\n");
    }
    text.push_str(&format!(
        "# {}\n\n{}\n",
        p.title.trim(),
        p.body.trim_matches('\n').trim_end()
    ));
    text
}

/// Split `---` frontmatter off a file's text: (frontmatter lines, rest).
fn split_front(text: &str) -> (Option<&str>, &str) {
    let Some(after) = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))
    else {
        return (None, text);
    };
    let mut offset = 0;
    for line in after.split_inclusive('\n') {
        if matches!(line.trim_end(), "---" | "...") {
            return (Some(&after[..offset]), &after[offset + line.len()..]);
        }
        offset += line.len();
    }
    (None, text)
}

/// Replace (or remove, when `items` is empty) one top-level key in frontmatter lines,
/// keeping every other line, comments included.
fn set_front_key(front: &str, key: &str, items: &[String]) -> String {
    let mut out = String::new();
    let mut skipping = false;
    let mut replaced = false;
    for line in front.split_inclusive('\n') {
        let top_level = !line.starts_with([' ', '\t', '-']) && !line.trim().is_empty();
        if top_level {
            skipping = false;
        }
        let is_key = top_level
            && line
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with(':'));
        if is_key {
            skipping = true;
            if !replaced && !items.is_empty() {
                out.push_str(&yaml_flow_list(key, items));
            }
            replaced = true;
            continue;
        }
        if !skipping {
            out.push_str(line);
        }
    }
    if !replaced && !items.is_empty() {
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&yaml_flow_list(key, items));
    }
    out
}

fn is_h1(line: &str) -> bool {
    line.starts_with("# ") || line.trim_end() == "#"
}

/// The updated text of a pattern: frontmatter edited, the `# Title` line kept unless the
/// new body brings its own, the rest replaced.
pub(super) fn render_update(current: &str, u: &PatternUpdate) -> String {
    let (front, rest) = split_front(current);
    let mut front = front.unwrap_or("").to_string();
    if let Some(tags) = &u.tags {
        front = set_front_key(&front, "tags", tags);
    }
    if let Some(languages) = &u.languages {
        front = set_front_key(&front, "language", languages);
    }
    let body = u.body.trim_matches('\n').trim_end();
    let mut text = String::new();
    if !front.trim().is_empty() {
        text.push_str("---\n");
        text.push_str(&front);
        text.push_str("---\n");
    }
    let brings_title = body.lines().next().is_some_and(is_h1);
    match rest.lines().find(|l| is_h1(l)) {
        Some(title) if !brings_title => text.push_str(&format!("{}\n\n", title.trim_end())),
        _ => {}
    }
    text.push_str(body);
    text.push('\n');
    text
}

pub(super) fn render_append(current: &str, a: &PatternAppend) -> String {
    format!(
        "{}\n\n## {}\n\n{}\n",
        current.trim_end(),
        a.heading.trim().trim_start_matches('#').trim(),
        a.body.trim_matches('\n').trim_end()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_fold_accents_and_collapse_separators() {
        let cases = [
            ("Error handling in Rust", "error-handling-in-rust"),
            (
                "  Crème brûlée: Naming / Rules!  ",
                "creme-brulee-naming-rules",
            ),
            ("ﬁle Ⅻ — ½", "file-xii-1-2"),
            ("日本語 テスト", "日本語-テスト"),
            ("!!!", ""),
        ];
        for (title, slug) in cases {
            assert_eq!(slugify(title), slug, "{title}");
        }
        let long = slugify(&"ab ".repeat(100));
        assert!(
            long.chars().count() <= limits::SLUG && !long.ends_with('-'),
            "{long}"
        );
    }

    #[test]
    fn frontmatter_values_are_quoted() {
        let p = NewPattern {
            title: "T".into(),
            body: "b".into(),
            tags: vec!["a: b".into(), "back\\slash\"quote".into()],
            ..NewPattern::default()
        };
        assert_eq!(
            render_new_pattern(&p),
            "---\ntags: [\"a: b\", \"back\\\\slash\\\"quote\"]\n---\n# T\n\nb\n"
        );
    }

    #[test]
    fn update_keeps_other_keys_and_title() {
        let current = "---\n# keep me\ndescription: d\ntags:\n  - a\n  - b\nuniversal: true\n---\n# Title\n\nold\n";
        let u = PatternUpdate {
            source: "x.md".into(),
            body: "new body".into(),
            tags: Some(vec!["c".into()]),
            languages: Some(vec![]),
        };
        assert_eq!(
            render_update(current, &u),
            "---\n# keep me\ndescription: d\ntags: [\"c\"]\nuniversal: true\n---\n# Title\n\nnew body\n"
        );
        let clear = PatternUpdate {
            tags: Some(vec![]),
            ..u
        };
        assert_eq!(
            render_update(current, &clear),
            "---\n# keep me\ndescription: d\nuniversal: true\n---\n# Title\n\nnew body\n"
        );
    }
}

#[cfg(test)]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn slugs_are_safe_file_stems(title in ".{0,300}") {
            let slug = slugify(&title);
            prop_assert!(slug.chars().count() <= limits::SLUG);
            prop_assert!(!slug.starts_with('-') && !slug.ends_with('-') && !slug.contains("--"));
            prop_assert!(slug.chars().all(|c| c == '-' || c.is_alphanumeric()));
        }

        #[test]
        fn any_update_text_keeps_a_closed_frontmatter(current in ".{0,200}", body in ".{1,100}") {
            let u = PatternUpdate { source: "x.md".into(), body, tags: Some(vec!["t".into()]), languages: None };
            let text = render_update(&current, &u);
            prop_assert!(text.starts_with("---\n"));
            prop_assert!(text.matches("\n---\n").count() >= 1);
        }
    }
}
