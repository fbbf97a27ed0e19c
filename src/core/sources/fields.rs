//! The frontmatter of other agents' rule files, read leniently: flat `key: value` lines whose
//! values are a scalar (quoted or not), a flow list (`[a, "b"]`) or a block list (`- a`).
//!
//! These files are written for agents that read them their own way, and much of what they
//! hold is not strict YAML: Cursor's `globs: *.ts, *.tsx` starts with a YAML alias. So nothing
//! here is a YAML error: every line is read as what it plainly says, anything that cannot be
//! read is a warning naming its file line, and the rest of the file is still used. No anchors,
//! aliases or nesting are expanded, so no input can blow up.

use super::RuleWarning;

/// One top-level key of the frontmatter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Field {
    pub key: String,
    /// 1-based file line of the key.
    pub line: usize,
    pub value: Value,
}

/// What a key holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Value {
    Empty,
    Text(String),
    List(Vec<String>),
}

/// The frontmatter's keys with the warnings met reading them, for one rule file.
pub(super) struct Reader {
    fields: Vec<Field>,
    /// The keys the format's reader looked for, so one the file holds only mistyped can be
    /// named (see [`Reader::warn_near_misses`]).
    asked: std::cell::RefCell<Vec<String>>,
    pub warnings: Vec<RuleWarning>,
}

impl Reader {
    /// Read `yaml` (the text between the `---` lines); `first_line` is the file line of its
    /// first line.
    pub fn new(yaml: &str, first_line: usize) -> Self {
        let mut reader = Self {
            fields: Vec::new(),
            asked: std::cell::RefCell::new(Vec::new()),
            warnings: Vec::new(),
        };
        reader.parse(yaml, first_line);
        reader
    }

    pub fn has(&self, key: &str) -> bool {
        self.field(key).is_some()
    }

    fn field(&self, key: &str) -> Option<&Field> {
        let mut asked = self.asked.borrow_mut();
        if !asked.iter().any(|k| k == key) {
            asked.push(key.to_string());
        }
        self.fields.iter().find(|f| f.key == key)
    }

    /// Warn about each key the file holds that the reader never looked for but that is a near
    /// miss of one it did (`glob` for Cursor's `globs`, `applyto` for Copilot's `applyTo`):
    /// its value was ignored, and the rule's scope with it.
    pub fn warn_near_misses(&mut self) {
        let asked: Vec<String> = self.asked.borrow().clone();
        let asked: Vec<&str> = asked.iter().map(String::as_str).collect();
        let misses: Vec<(usize, String, &str)> = self
            .fields
            .iter()
            .filter(|f| !asked.contains(&f.key.as_str()))
            .filter_map(|f| {
                crate::core::spelling::meant(&f.key, &asked).map(|m| (f.line, f.key.clone(), m))
            })
            .collect();
        for (line, key, meant) in misses {
            self.warn(
                line,
                format!(
                    "`{key}` is not a key this format has; did you mean `{meant}`? It is ignored"
                ),
            );
        }
    }

    /// A line of text; a list is a warning (and its items are joined).
    pub fn text(&mut self, key: &str) -> Option<String> {
        let field = self.field(key)?.clone();
        match field.value {
            Value::Empty => None,
            Value::Text(text) => Some(text).filter(|t| !t.is_empty()),
            Value::List(items) => {
                self.warn(
                    field.line,
                    format!("`{key}` should be one line of text, not a list; its items are read as one line"),
                );
                Some(items.join(", ")).filter(|t| !t.is_empty())
            }
        }
    }

    /// The value as one word, lower-cased (`trigger: Always_On` → `always_on`).
    pub fn word(&mut self, key: &str) -> Option<String> {
        self.text(key).map(|t| t.trim().to_ascii_lowercase())
    }

    /// `true`/`false` (also `yes`/`no`, any case); anything else is a warning and None.
    pub fn flag(&mut self, key: &str) -> Option<bool> {
        let field = self.field(key)?.clone();
        let text = match &field.value {
            Value::Empty => return None,
            Value::Text(text) => text.trim().to_ascii_lowercase(),
            Value::List(_) => String::from("a list"),
        };
        match text.as_str() {
            "true" | "yes" => Some(true),
            "false" | "no" => Some(false),
            _ => {
                self.warn(
                    field.line,
                    format!("`{key}` must be `true` or `false`, but it is `{text}`; ignored"),
                );
                None
            }
        }
    }

    /// A comma-separated string or a list (each item also split at commas outside braces and
    /// brackets, so `*.{ts,tsx}` stays whole), trimmed, without empties.
    pub fn list(&mut self, key: &str) -> Vec<String> {
        let Some(field) = self.field(key) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        match &field.value {
            Value::Empty => {}
            Value::Text(text) => split_commas(text, &mut out),
            Value::List(items) => {
                for item in items {
                    split_commas(item, &mut out);
                }
            }
        }
        out
    }

    /// A string as one item, or a list's items, trimmed, without empties: for values that
    /// may hold commas themselves (a regex's `{1,3}`).
    pub fn items(&mut self, key: &str) -> Vec<String> {
        let Some(field) = self.field(key) else {
            return Vec::new();
        };
        let items = match &field.value {
            Value::Empty => Vec::new(),
            Value::Text(text) => vec![text.clone()],
            Value::List(items) => items.clone(),
        };
        items
            .into_iter()
            .map(|i| i.trim().to_string())
            .filter(|i| !i.is_empty())
            .collect()
    }

    /// File globs, relative to the folder the rule applies to: `./` and `/` prefixes dropped,
    /// and a glob with no `/` matches at any depth (`*.ts` → `**/*.ts`), as the agents that
    /// read these files treat it. An invalid glob is a warning and left out.
    pub fn globs(&mut self, key: &str) -> Vec<String> {
        let line = self.field(key).map_or(1, |f| f.line);
        let mut globs: Vec<String> = Vec::new();
        for glob in self.list(key) {
            let glob = normalise_glob(&glob);
            if let Err(e) = globset::Glob::new(&glob) {
                self.warn(
                    line,
                    format!(
                        "`{key}` has an invalid glob `{glob}` ({}); it is left out",
                        e.kind()
                    ),
                );
                continue;
            }
            if !globs.contains(&glob) {
                globs.push(glob);
            }
        }
        globs
    }

    /// The file line of `key`, or 1.
    pub fn line_of(&self, key: &str) -> usize {
        self.field(key).map_or(1, |f| f.line)
    }

    pub fn warn(&mut self, line: usize, message: String) {
        self.warnings.push(RuleWarning { line, message });
    }

    fn parse(&mut self, yaml: &str, first_line: usize) {
        let lines: Vec<&str> = yaml.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            let number = first_line + i;
            i += 1;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if line.starts_with([' ', '\t']) || trimmed.starts_with('-') {
                self.warn(
                    number,
                    "this line belongs to no key (write `key: value` lines); ignored".to_string(),
                );
                continue;
            }
            let Some((key, rest)) = split_key(line) else {
                self.warn(
                    number,
                    format!("`{trimmed}` is not a `key: value` line; ignored"),
                );
                continue;
            };
            let rest = rest.trim();
            let value = if rest.is_empty() {
                block_value(&lines, &mut i)
            } else if is_block_scalar(rest) {
                Value::Text(block_scalar(&lines, &mut i, rest.starts_with('|')))
            } else if rest.starts_with('[') {
                Value::List(flow_list(rest, &lines, &mut i))
            } else {
                Value::Text(scalar(rest))
            };
            // Not `has`: that records the key as one a format's reader looked for.
            if self.fields.iter().any(|f| f.key == key) {
                self.warn(
                    number,
                    format!("`{key}` is given more than once; the first one is used"),
                );
                continue;
            }
            self.fields.push(Field {
                key: key.to_string(),
                line: number,
                value,
            });
        }
    }
}

/// `key: rest` of a top-level line, the key unquoted; None when the line has no plain key.
fn split_key(line: &str) -> Option<(&str, &str)> {
    let (key, rest) = line.split_once(':')?;
    let key = key.trim_end();
    let key = key
        .strip_prefix('"')
        .and_then(|k| k.strip_suffix('"'))
        .or_else(|| key.strip_prefix('\'').and_then(|k| k.strip_suffix('\'')))
        .unwrap_or(key);
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    plain.then_some((key, rest))
}

fn is_continuation(line: &str) -> bool {
    let t = line.trim_start();
    line.starts_with([' ', '\t']) || t == "-" || t.starts_with("- ")
}

/// Whether the next non-blank line from `i` continues the current key.
fn continues(lines: &[&str], i: usize) -> bool {
    lines[i..]
        .iter()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| is_continuation(l))
}

/// The lines under a key with nothing after its colon: `- item` lines are a list, indented
/// text is one line of text (a plain scalar wrapped over several lines).
fn block_value(lines: &[&str], i: &mut usize) -> Value {
    let mut items = Vec::new();
    let mut text: Vec<&str> = Vec::new();
    while *i < lines.len() && continues(lines, *i) {
        let t = lines[*i].trim();
        *i += 1;
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match t.strip_prefix('-') {
            Some(item) => {
                let item = scalar(item.trim());
                if !item.is_empty() {
                    items.push(item);
                }
            }
            None => text.push(t),
        }
    }
    if !items.is_empty() {
        Value::List(items)
    } else if !text.is_empty() {
        Value::Text(scalar(&text.join(" ")))
    } else {
        Value::Empty
    }
}

fn is_block_scalar(rest: &str) -> bool {
    let mut chars = rest.chars();
    matches!(chars.next(), Some('|' | '>')) && chars.all(|c| matches!(c, '-' | '+' | '0'..='9'))
}

/// `|` (lines kept) or `>` (lines folded) text: the indented lines that follow.
fn block_scalar(lines: &[&str], i: &mut usize, literal: bool) -> String {
    let mut text: Vec<&str> = Vec::new();
    while *i < lines.len() && (lines[*i].trim().is_empty() || lines[*i].starts_with([' ', '\t'])) {
        if lines[*i].trim().is_empty() && !continues(lines, *i) {
            break;
        }
        text.push(lines[*i].trim());
        *i += 1;
    }
    text.join(if literal { "\n" } else { " " })
        .trim()
        .to_string()
}

/// A `[a, "b", c]` list, which may go on over the following lines until its `]`.
fn flow_list(rest: &str, lines: &[&str], i: &mut usize) -> Vec<String> {
    let mut text = rest.to_string();
    while !closes(&text) && *i < lines.len() && lines[*i].starts_with([' ', '\t']) {
        text.push(' ');
        text.push_str(lines[*i].trim());
        *i += 1;
    }
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut start = 1;
    for (at, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    push_item(&text[start..at], &mut items);
                    return items;
                }
            }
            (None, ',') if depth == 1 => {
                push_item(&text[start..at], &mut items);
                start = at + 1;
            }
            _ => {}
        }
    }
    // Never closed: what there is, is read.
    push_item(text.get(start..).unwrap_or(""), &mut items);
    items
}

/// Whether the brackets of a flow list opened in `text` are closed (outside quotes).
fn closes(text: &str) -> bool {
    let mut depth = 0i64;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => {
                depth -= 1;
                if depth <= 0 {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

fn push_item(item: &str, items: &mut Vec<String>) {
    let item = scalar(item.trim());
    if !item.is_empty() {
        items.push(item);
    }
}

/// A scalar's text: a quoted one unquoted (with `\"`, `\\` and `''` unescaped; what follows
/// the closing quote is ignored), an unquoted one without its ` #` comment.
pub(super) fn scalar(text: &str) -> String {
    let text = text.trim();
    if let Some(inner) = text.strip_prefix('"') {
        let mut out = String::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(other) => out.push(other),
                    None => {}
                },
                c => out.push(c),
            }
        }
        return out.trim().to_string();
    }
    if let Some(inner) = text.strip_prefix('\'') {
        let mut out = String::new();
        let mut chars = inner.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\'' {
                if chars.peek() == Some(&'\'') {
                    chars.next();
                    out.push('\'');
                    continue;
                }
                break;
            }
            out.push(c);
        }
        return out.trim().to_string();
    }
    let text = match text.find(" #") {
        Some(at) => &text[..at],
        None => text,
    };
    text.trim().to_string()
}

/// Split at commas outside `{...}` and `[...]`, trimmed, empties dropped.
fn split_commas(text: &str, out: &mut Vec<String>) {
    let mut depth = 0usize;
    let mut start = 0;
    for (at, c) in text.char_indices() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                push_trimmed(&text[start..at], out);
                start = at + 1;
            }
            _ => {}
        }
    }
    push_trimmed(&text[start..], out);
}

fn push_trimmed(item: &str, out: &mut Vec<String>) {
    let item = item.trim().trim_matches(['"', '\'']).trim();
    if !item.is_empty() {
        out.push(item.to_string());
    }
}

/// A glob as lore matches it against a path relative to the rule's folder.
fn normalise_glob(glob: &str) -> String {
    let mut glob = glob.trim();
    while let Some(rest) = glob.strip_prefix("./") {
        glob = rest;
    }
    let glob = glob.trim_start_matches('/');
    if glob.contains('/') || glob.starts_with("**") {
        glob.to_string()
    } else {
        format!("**/{glob}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> Reader {
        Reader::new(yaml, 2)
    }

    #[test]
    fn scalars_lists_and_flow_lists_are_read_as_written() {
        let mut r = read(
            "description: Use the API client: always\nglobs: *.ts, *.tsx\nalwaysApply: false\n\
             paths:\n  - \"src/api/**\"\n  - 'lib/*.rs' # the library\nfileMatchPattern: [\"a/**\", 'b/*.{ts,tsx}']\n",
        );
        assert_eq!(
            r.text("description").as_deref(),
            Some("Use the API client: always")
        );
        assert_eq!(r.globs("globs"), ["**/*.ts", "**/*.tsx"]);
        assert_eq!(r.flag("alwaysApply"), Some(false));
        assert_eq!(r.globs("paths"), ["src/api/**", "lib/*.rs"]);
        assert_eq!(r.globs("fileMatchPattern"), ["a/**", "b/*.{ts,tsx}"]);
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    }

    #[test]
    fn a_block_list_may_start_at_the_keys_column_and_a_flow_list_may_wrap() {
        let mut r = read("paths:\n- src/**\n\n- docs/**\nglobs: [\n  \"a/**\",\n  \"b/**\"\n]\n");
        assert_eq!(r.globs("paths"), ["src/**", "docs/**"]);
        assert_eq!(r.globs("globs"), ["a/**", "b/**"]);
    }

    #[test]
    fn block_scalars_and_wrapped_text_become_one_description() {
        let mut r = read("description: >\n  Rules for\n  the API\ntrigger: glob\n");
        assert_eq!(r.text("description").as_deref(), Some("Rules for the API"));
        assert_eq!(r.word("trigger").as_deref(), Some("glob"));
        let mut wrapped = read("description:\n  one\n  two\n");
        assert_eq!(wrapped.text("description").as_deref(), Some("one two"));
    }

    #[test]
    fn what_cannot_be_read_is_a_warning_on_its_line_and_the_rest_is_kept() {
        let mut r = read(
            "globs: [\"src/[\"]\nnot a key line\n  - stray\nalwaysApply: maybe\nalwaysApply: true\ndescription: kept\n",
        );
        assert!(r.globs("globs").is_empty());
        assert_eq!(r.flag("alwaysApply"), None);
        assert_eq!(r.text("description").as_deref(), Some("kept"));
        let lines: Vec<usize> = r.warnings.iter().map(|w| w.line).collect();
        // line 3 (`not a key`), 4 (stray item), 6 (twice), 2 (bad glob), 5 (not a boolean)
        assert_eq!(lines, [3, 4, 6, 2, 5], "{:?}", r.warnings);
        assert!(r.warnings[3].message.contains("invalid glob"));
        assert!(r.warnings[4].message.contains("`true` or `false`"));
    }

    #[test]
    fn quotes_and_comments() {
        assert_eq!(scalar("\"a \\\"b\\\" # c\" # d"), "a \"b\" # c");
        assert_eq!(scalar("'it''s' x"), "it's");
        assert_eq!(scalar("plain # comment"), "plain");
        assert_eq!(scalar("a#b"), "a#b");
        assert_eq!(normalise_glob("./src/**"), "src/**");
        assert_eq!(normalise_glob("/docs/*.md"), "docs/*.md");
        assert_eq!(normalise_glob("Dockerfile"), "**/Dockerfile");
        assert_eq!(normalise_glob("**/*.py"), "**/*.py");
    }
}

#[cfg(test)]
mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever another agent's file holds, reading it never panics and every warning
        /// points at a line of the frontmatter.
        #[test]
        fn any_text_reads_without_panicking(yaml in "([a-zA-Z]{1,8}:? ?|[-\\[\\]{}\"',#|> *]|\n| {2}){0,60}") {
            let mut r = Reader::new(&yaml, 2);
            for key in ["globs", "paths", "description", "alwaysApply", "trigger"] {
                let _ = r.globs(key);
                let _ = r.text(key);
                let _ = r.flag(key);
            }
            let last = yaml.lines().count() + 2;
            prop_assert!(r.warnings.iter().all(|w| (2..=last).contains(&w.line)), "{:?}", r.warnings);
        }
    }
}
