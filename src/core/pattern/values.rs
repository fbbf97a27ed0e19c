//! Frontmatter value coercions: YAML scalars and lists to trimmed strings, booleans, and
//! `applies_when` items (tool names and Claude-Code-style `Bash(git commit:*)` prefixes).

use yaml_rust2::Yaml;

use super::AppliesWhen;
use crate::core::query::canonical_technology;

/// The result of reading a value as a list of strings.
pub(super) enum Items {
    Ok(Vec<String>),
    /// The value is not a string or list of scalars; a description of what it is instead.
    Bad(String),
}

/// A string (comma-separated) or a list of scalars (each also split at commas), trimmed,
/// empties dropped. Commas inside `{...}` or `[...]` do not split, so brace globs survive.
/// Null is the empty list.
pub(super) fn items(value: &Yaml) -> Items {
    let mut out = Vec::new();
    match value {
        Yaml::Null => {}
        Yaml::Array(list) => {
            for item in list {
                if matches!(item, Yaml::Null) {
                    continue;
                }
                match scalar(item) {
                    Some(text) => split_commas(&text, &mut out),
                    None => return Items::Bad(format!("a list containing {}", describe(item))),
                }
            }
        }
        other => match scalar(other) {
            Some(text) => split_commas(&text, &mut out),
            None => return Items::Bad(describe(other)),
        },
    }
    Items::Ok(out)
}

fn split_commas(text: &str, out: &mut Vec<String>) {
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                push_trimmed(&text[start..i], out);
                start = i + 1;
            }
            _ => {}
        }
    }
    push_trimmed(&text[start..], out);
}

fn push_trimmed(item: &str, out: &mut Vec<String>) {
    let item = item.trim();
    if !item.is_empty() {
        out.push(item.to_string());
    }
}

/// A declared technology: the built-in table's canonical name for a name or alias
/// (`Next.js` → `nextjs`), else the name lower-cased (a team's own). The error says why a
/// value cannot be a name.
pub(super) fn technology_name(item: &str) -> Result<String, String> {
    if let Some(canonical) = canonical_technology(item) {
        return Ok(canonical.to_string());
    }
    let lower = item.trim().to_lowercase();
    let plain = lower
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '+' | ' '));
    if plain {
        Ok(lower)
    } else {
        Err(format!(
            "`technologies` item `{item}` is not a technology name; write names such as \
             `nextjs`, `fastapi` or your team's own `acme-ui`"
        ))
    }
}

/// Append each of `items` not already present, keeping first-seen order, in time linear in
/// the two lists: 64 KiB of frontmatter holds ten thousand tags, and a scan of the list per
/// tag made that a tenth of a second. Generic so a test can count the comparisons it makes
/// (a few per item, where a scan would make one per item already kept).
pub(super) fn extend_unique<T: Clone + Eq + std::hash::Hash>(
    list: &mut Vec<T>,
    items: impl IntoIterator<Item = T>,
) {
    let mut seen: std::collections::HashSet<T> = list.iter().cloned().collect();
    for item in items {
        if seen.insert(item.clone()) {
            list.push(item);
        }
    }
}

/// A scalar as text: strings as they are, numbers and booleans stringified.
pub(super) fn scalar(value: &Yaml) -> Option<String> {
    match value {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

/// `true`/`false`, or the strings `true`, `false`, `yes`, `no` (any case). Null is false.
pub(super) fn boolean(value: &Yaml) -> Option<bool> {
    match value {
        Yaml::Boolean(b) => Some(*b),
        Yaml::Null => Some(false),
        Yaml::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" => Some(true),
            "false" | "no" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// How a value reads in an error message.
pub(super) fn describe(value: &Yaml) -> String {
    match value {
        Yaml::Hash(_) => "a mapping".to_string(),
        Yaml::Array(_) => "a list".to_string(),
        Yaml::Null => "empty".to_string(),
        Yaml::Alias(_) | Yaml::BadValue => "not a plain value".to_string(),
        other => match scalar(other) {
            Some(text) => format!("`{text}`"),
            None => "not a plain value".to_string(),
        },
    }
}

/// Add one `applies_when` shorthand item: a tool name (`Edit`) or `Bash(<command prefix>)`
/// with Claude Code's optional `:*` suffix; repeats are removed once every item is in (see
/// [`dedup_in_order`]). The error text says what is wrong.
pub(super) fn applies_item(item: &str, when: &mut AppliesWhen) -> Result<(), String> {
    let item = item.trim();
    if let Some(open) = item.find('(') {
        let name = item[..open].trim();
        let Some(arg) = item[open + 1..].strip_suffix(')') else {
            return Err(format!(
                "`applies_when` item `{item}` has no closing `)`; write `Bash(git commit)`"
            ));
        };
        if !name.eq_ignore_ascii_case("bash") {
            return Err(format!(
                "`applies_when` item `{item}`: only `Bash(<command prefix>)` takes an \
                 argument; write `{name}` alone (use `paths` for file globs)"
            ));
        }
        match command_prefix(arg) {
            Some(command) => when.commands.push(command),
            None => when.tools.push(name.to_string()),
        }
        return Ok(());
    }
    if !is_tool_name(item) {
        return Err(format!(
            "`applies_when` item `{item}` is not a tool name; write `Bash({item})` for a \
             command prefix"
        ));
    }
    when.tools.push(item.to_string());
    Ok(())
}

/// Keep the first of each repeated item, in order, in linear time (see [`extend_unique`]).
pub(super) fn dedup_in_order(list: &mut Vec<String>) {
    let items = std::mem::take(list);
    extend_unique(list, items);
}

/// A command prefix with whitespace collapsed and Claude Code's `:*` or ` *` suffix removed;
/// `Bash(...)` around it is unwrapped. None when nothing is left.
pub(super) fn command_prefix(text: &str) -> Option<String> {
    let mut text = text.trim();
    if let Some(inner) = text
        .strip_prefix("Bash(")
        .or_else(|| text.strip_prefix("bash("))
        .and_then(|rest| rest.strip_suffix(')'))
    {
        text = inner.trim();
    }
    let text = text.strip_suffix(":*").unwrap_or(text);
    let text = text.trim_end().trim_end_matches('*').trim_end();
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!collapsed.is_empty()).then_some(collapsed)
}

/// Tool names: `Edit`, `Bash`, `mcp__server__tool`, `NotebookEdit`...
fn is_tool_name(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '*'))
}

/// Whether `line` is the top-level mapping line for `key` (`key:`, `"key":`, `'key':`).
pub(super) fn starts_with_key(line: &str, key: &str) -> bool {
    leading_key(line) == Some(key)
}

/// The key of a top-level `key: value` line, unquoted.
pub(super) fn leading_key(line: &str) -> Option<&str> {
    let colon = line.find(':')?;
    let key = line[..colon].trim_end();
    let key = key
        .strip_prefix('"')
        .and_then(|k| k.strip_suffix('"'))
        .or_else(|| key.strip_prefix('\'').and_then(|k| k.strip_suffix('\'')))
        .unwrap_or(key);
    let plain = !key.is_empty()
        && !line.starts_with([' ', '\t'])
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    plain.then_some(key)
}
