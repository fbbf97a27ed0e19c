//! YAML frontmatter: splitting it from the body and reading lore's keys from it.
//!
//! Keys are read from lore's own names and from the Cursor (`globs`, `alwaysApply`) and
//! Copilot (`applyTo`) rule formats; unknown keys are ignored. Every error names the file
//! line of the key at fault and says how to fix it.

use yaml_rust2::{ScanError, Yaml, YamlLoader, yaml::Hash};

use super::values::{self, Items};
use super::yaml_bounds::{MAX_DEPTH, MAX_FRONTMATTER_BYTES, OutOfBounds, check_bounds};
use super::{AppliesWhen, Frontmatter, PatternError};

/// The keys lore reads (its own, and Cursor's and Copilot's that mean the same).
const KEYS: &[&str] = &[
    "tags",
    "language",
    "languages",
    "technology",
    "technologies",
    "universal",
    "alwaysApply",
    "applies_when",
    "paths",
    "globs",
    "applyTo",
    "description",
];

/// File line of the first frontmatter line (line 1 is the opening `---`).
const FIRST_YAML_LINE: usize = 2;

const REMEDY_QUOTE: &str = "quote values that start with `*`, `&`, `!`, `[` or `{` or that \
                            contain `: `, e.g. `globs: \"**/*.ts\"`";

/// Split `---` frontmatter from the body. Returns (yaml, body, 1-based line where body starts).
///
/// Frontmatter opens only with a first line (after an optional UTF-8 BOM) that is exactly
/// `---`, and closes at the next line that is `---` or `...`; trailing whitespace and CRLF
/// line endings are tolerated on both.
pub fn split_frontmatter<'a>(
    source: &str,
    text: &'a str,
) -> Result<(Option<&'a str>, &'a str, usize), PatternError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split_inclusive('\n');
    let Some(opening) = lines.next() else {
        return Ok((None, text, 1));
    };
    if opening.trim_end() != "---" {
        return Ok((None, text, 1));
    }
    let yaml_start = opening.len();
    let mut offset = yaml_start;
    for (index, line) in lines.enumerate() {
        let content = line.trim_end();
        if content == "---" || content == "..." {
            let closing_line = FIRST_YAML_LINE + index;
            let body = &text[offset + line.len()..];
            return Ok((Some(&text[yaml_start..offset]), body, closing_line + 1));
        }
        offset += line.len();
    }
    Err(PatternError {
        source_path: source.to_string(),
        line: 1,
        key: None,
        message: "the frontmatter opened with `---` on line 1 is never closed; add a closing \
                  `---` line after the last frontmatter key (or, if the `---` is meant as a \
                  horizontal rule, put a blank line or text above it)"
            .to_string(),
    })
}

/// Read lore's keys from frontmatter YAML; unknown keys are kept out and ignored.
///
/// `yaml` is the text between the `---` lines, as returned by [`split_frontmatter`]; error
/// lines are file lines, counting the opening `---` as line 1.
pub fn parse_frontmatter(source: &str, yaml: &str) -> Result<Frontmatter, PatternError> {
    let ctx = Ctx { source, yaml };
    if yaml.trim().is_empty() {
        return Ok(Frontmatter::default());
    }
    let yaml = quote_bare_globs(yaml);
    check_bounds(&yaml).map_err(|e| ctx.out_of_bounds(e))?;
    let docs = YamlLoader::load_from_str(&yaml).map_err(|e| ctx.syntax_error(&e))?;
    let root = match docs.into_iter().next() {
        None | Some(Yaml::Null) => return Ok(Frontmatter::default()),
        Some(Yaml::Hash(root)) => root,
        Some(other) => {
            return Err(ctx.error(
                None,
                FIRST_YAML_LINE,
                format!(
                    "the frontmatter must be a YAML mapping of `key: value` lines, e.g. \
                     `tags: [errors, rust]`, but it is {}",
                    values::describe(&other)
                ),
            ));
        }
    };
    ctx.read_keys(&root)
}

/// The keys whose value is globs.
const GLOB_KEYS: &[&str] = &["paths", "globs", "applyTo"];

/// `yaml` with a glob key's unquoted value that starts with `*` quoted: Cursor writes
/// `globs: *.ts, src/**/*.tsx` (its own reader is no YAML parser), and to YAML a leading `*`
/// is an alias, so a rule copied into the knowledge dir unchanged would not parse. Lines keep
/// their numbers; any other value is left to YAML.
fn quote_bare_globs(yaml: &str) -> std::borrow::Cow<'_, str> {
    fn bare(line: &str) -> Option<(&str, &str)> {
        let (key, value) = line.split_once(':')?;
        let value = value.trim();
        (GLOB_KEYS.contains(&key) && value.starts_with('*')).then_some((key, value))
    }
    if !yaml.lines().any(|line| bare(line).is_some()) {
        return std::borrow::Cow::Borrowed(yaml);
    }
    let mut out = String::with_capacity(yaml.len() + 8);
    for line in yaml.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        match bare(content) {
            Some((key, value)) => {
                let quoted = value.replace('\\', "\\\\").replace('"', "\\\"");
                out.push_str(&format!("{key}: \"{quoted}\""));
                out.push_str(&line[content.len()..]);
            }
            None => out.push_str(line),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The YAML line (1-based) that opened a `[` or `{` still open after line `last`, when it is an
/// earlier line: the parser meets such a list's end only where the next key stands. Quotes and
/// comments aside; a flow list closed on a later line is no error.
fn unclosed_bracket(yaml: &str, last: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut opened_at = 0;
    for (i, line) in yaml.lines().take(last).enumerate() {
        let value = if depth == 0 {
            line.split_once(':').map_or(line, |(_, value)| value)
        } else {
            line
        };
        let mut quote: Option<char> = None;
        for c in value.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '[' | '{') => {
                    if depth == 0 {
                        opened_at = i + 1;
                    }
                    depth += 1;
                }
                (None, ']' | '}') => depth = (depth - 1).max(0),
                (None, '#') => break,
                _ => {}
            }
        }
    }
    (depth > 0 && opened_at < last).then_some(opened_at)
}

/// What an error needs to point at the right place.
struct Ctx<'a> {
    source: &'a str,
    yaml: &'a str,
}

impl Ctx<'_> {
    fn read_keys(&self, root: &Hash) -> Result<Frontmatter, PatternError> {
        let mut fm = Frontmatter::default();
        for (key, value) in root {
            let Some(key) = key.as_str() else {
                continue;
            };
            match key {
                "tags" => {
                    let items = self.items(key, value, "`tags: [errors, rust]`")?;
                    values::extend_unique(&mut fm.tags, items);
                }
                "language" | "languages" => {
                    let example = format!("`{key}: rust` or `{key}: [rust, go]`");
                    let languages = self.items(key, value, &example)?;
                    values::extend_unique(
                        &mut fm.languages,
                        languages.into_iter().map(|l| l.to_lowercase()),
                    );
                }
                "technology" | "technologies" => {
                    let example = format!("`{key}: nextjs` or `{key}: [fastapi, pydantic]`");
                    let mut names = Vec::new();
                    for technology in self.items(key, value, &example)? {
                        names.push(values::technology_name(&technology).map_err(|message| {
                            self.error(Some(key), self.key_line(key), message)
                        })?);
                    }
                    values::extend_unique(&mut fm.technologies, names);
                    fm.technologies_declared = true;
                }
                "universal" | "alwaysApply" => fm.universal |= self.boolean(key, value)?,
                "applies_when" => fm.applies_when = self.applies_when(value)?,
                "paths" | "globs" | "applyTo" => {
                    let example =
                        format!("`{key}: \"**/*.ts, **/*.tsx\"` or `{key}: [\"src/**\"]`");
                    let globs = self.items(key, value, &example)?;
                    for glob in &globs {
                        if let Err(e) = globset::Glob::new(glob) {
                            let message = format!(
                                "`{key}` has an invalid glob `{glob}`: {}; fix or quote it, \
                                 e.g. `{key}: \"src/**/*.rs\"`",
                                e.kind()
                            );
                            return Err(self.error(Some(key), self.key_line(key), message));
                        }
                    }
                    values::extend_unique(&mut fm.paths, globs);
                }
                "description" => fm.description = self.description(value)?,
                other => {
                    // Other keys are the team's own (`owner`, `status`); one a keystroke or
                    // two from a key lore reads is that key mistyped, and ignoring it would
                    // drop the scope it sets without a word.
                    if let Some(meant) = crate::core::spelling::meant(other, KEYS) {
                        return Err(self.error(
                            Some(other),
                            self.key_line(other),
                            format!(
                                "`{other}` is not a key lore reads; did you mean `{meant}`? \
                                 (rename it, or give your own key a name further from it)"
                            ),
                        ));
                    }
                }
            }
        }
        if fm.tags.iter().any(|t| t.eq_ignore_ascii_case("universal")) {
            fm.universal = true;
        }
        Ok(fm)
    }

    /// A string (comma-separated) or a list of scalars, trimmed, without empties.
    fn items(&self, key: &str, value: &Yaml, example: &str) -> Result<Vec<String>, PatternError> {
        match values::items(value) {
            Items::Ok(items) => Ok(items),
            Items::Bad(found) => Err(self.error(
                Some(key),
                self.key_line(key),
                format!("`{key}` must be a list of strings, e.g. {example}, but it is {found}"),
            )),
        }
    }

    fn boolean(&self, key: &str, value: &Yaml) -> Result<bool, PatternError> {
        values::boolean(value).ok_or_else(|| {
            self.error(
                Some(key),
                self.key_line(key),
                format!(
                    "`{key}` must be `true` or `false`, e.g. `{key}: true`, but it is {}",
                    values::describe(value)
                ),
            )
        })
    }

    fn description(&self, value: &Yaml) -> Result<Option<String>, PatternError> {
        if matches!(value, Yaml::Null) {
            return Ok(None);
        }
        match values::scalar(value) {
            Some(text) => {
                let text = text.trim();
                Ok((!text.is_empty()).then(|| text.to_string()))
            }
            None => Err(self.error(
                Some("description"),
                self.key_line("description"),
                format!(
                    "`description` must be a line of text, e.g. `description: How we handle \
                     errors`, but it is {}",
                    values::describe(value)
                ),
            )),
        }
    }

    fn applies_when(&self, value: &Yaml) -> Result<AppliesWhen, PatternError> {
        const KEY: &str = "applies_when";
        let line = self.key_line(KEY);
        let mut when = AppliesWhen::default();
        let example = "`applies_when: [Edit, \"Bash(git commit)\"]` or `applies_when: {tools: \
                       [Edit], commands: [git commit]}`";
        let Yaml::Hash(map) = value else {
            for item in self.items(KEY, value, example)? {
                values::applies_item(&item, &mut when)
                    .map_err(|m| self.error(Some(KEY), line, format!("{m}, e.g. {example}")))?;
            }
            values::dedup_in_order(&mut when.tools);
            values::dedup_in_order(&mut when.commands);
            return Ok(when);
        };
        for (sub, sub_value) in map {
            let sub_name = values::scalar(sub).unwrap_or_default();
            let sub_line = self.sub_key_line(line, &sub_name);
            let key = format!("{KEY}.{sub_name}");
            let items = match values::items(sub_value) {
                Items::Ok(items) => items,
                Items::Bad(found) => {
                    let message = format!(
                        "`{key}` must be a list of strings, e.g. {example}, but it is {found}"
                    );
                    return Err(self.error(Some(&key), sub_line, message));
                }
            };
            match sub_name.as_str() {
                "tools" => {
                    for item in items {
                        values::applies_item(&item, &mut when).map_err(|m| {
                            self.error(Some(&key), sub_line, format!("{m}, e.g. {example}"))
                        })?;
                    }
                }
                "commands" => {
                    let commands = items.iter().filter_map(|i| values::command_prefix(i));
                    values::extend_unique(&mut when.commands, commands);
                }
                _ => {
                    let message = format!(
                        "`applies_when` has an unknown key `{sub_name}`; use `tools` and/or \
                         `commands`, e.g. {example}"
                    );
                    return Err(self.error(Some(&key), sub_line, message));
                }
            }
        }
        values::dedup_in_order(&mut when.tools);
        values::dedup_in_order(&mut when.commands);
        Ok(when)
    }

    /// The file line of top-level `key:` (the first frontmatter line is file line 2).
    fn key_line(&self, key: &str) -> usize {
        self.yaml
            .lines()
            .position(|line| values::starts_with_key(line, key))
            .map_or(FIRST_YAML_LINE, |i| i + FIRST_YAML_LINE)
    }

    /// The file line of `sub:` inside the mapping whose key is on `parent_line`.
    fn sub_key_line(&self, parent_line: usize, sub: &str) -> usize {
        let skip = parent_line.saturating_sub(FIRST_YAML_LINE);
        let mut lines = self.yaml.lines().enumerate().skip(skip);
        if let Some((_, parent)) = lines.next() {
            // Flow mapping on the key's own line: `applies_when: {tools: Edit}`.
            let value = parent.split_once(':').map_or("", |(_, value)| value);
            let flow_key = value
                .split(['{', ','])
                .any(|part| values::starts_with_key(part.trim_start(), sub));
            if flow_key {
                return parent_line;
            }
        }
        for (i, line) in lines {
            if !line.starts_with([' ', '\t']) && !line.trim().is_empty() {
                break;
            }
            let inner = line.trim_start().trim_start_matches(['{', '-', ' ']);
            if values::starts_with_key(inner, sub) {
                return i + FIRST_YAML_LINE;
            }
        }
        parent_line
    }

    /// Frontmatter refused before loading (see `yaml_bounds`), at the file line at fault.
    fn out_of_bounds(&self, e: OutOfBounds) -> PatternError {
        // The YAML line at fault, when there is one.
        let (yaml_line, message) = match e {
            OutOfBounds::Syntax(e) => return self.syntax_error(&e),
            OutOfBounds::TooLarge { bytes } => (
                None,
                format!(
                    "the frontmatter is {bytes} bytes, more than the {MAX_FRONTMATTER_BYTES} \
                     lore reads; keep it to lore's short keys and move long text into the body"
                ),
            ),
            OutOfBounds::Alias { line } | OutOfBounds::Anchor { line } => (
                Some(line),
                "YAML anchors and aliases (`&name`, `*name`) are not accepted in frontmatter \
                 (a few of them can expand into gigabytes); write the values out, or quote a \
                 value that starts with `&` or `*`"
                    .to_string(),
            ),
            OutOfBounds::TooDeep { line } => (
                Some(line),
                format!(
                    "the frontmatter nests lists and mappings more than {MAX_DEPTH} deep; \
                     lore's keys need at most 3 levels"
                ),
            ),
        };
        let key = yaml_line.and_then(|l| {
            self.yaml
                .lines()
                .nth(l - 1)
                .and_then(values::leading_key)
                .map(str::to_string)
        });
        PatternError {
            source_path: self.source.to_string(),
            line: yaml_line.map_or(1, |l| l - 1 + FIRST_YAML_LINE),
            key,
            message,
        }
    }

    fn syntax_error(&self, e: &ScanError) -> PatternError {
        let yaml_lines = self.yaml.lines().count().max(1);
        // Markers are 1-based; an error at the very end may point one past the last line.
        let yaml_line = e.marker().line().clamp(1, yaml_lines);
        // A `[` or `{` left open is met by the parser only on a later line: point at it.
        if let Some(open) = unclosed_bracket(self.yaml, yaml_line) {
            let key = self
                .yaml
                .lines()
                .nth(open - 1)
                .and_then(values::leading_key)
                .map(str::to_string);
            return PatternError {
                source_path: self.source.to_string(),
                line: open - 1 + FIRST_YAML_LINE,
                key,
                message: "a `[` or `{` on this line is never closed; close the list on the \
                          same line, e.g. `tags: [react, hooks]`"
                    .to_string(),
            };
        }
        let line = yaml_line - 1 + FIRST_YAML_LINE;
        let key = self
            .yaml
            .lines()
            .nth(yaml_line - 1)
            .and_then(values::leading_key)
            .map(str::to_string);
        let message = match (&key, e.info().contains("duplicated key")) {
            (Some(key), true) => format!(
                "`{key}` is given more than once; give each key once, merging the values \
                 into one list"
            ),
            _ => format!(
                "the frontmatter is not valid YAML: {} (column {}); {REMEDY_QUOTE}",
                e.info(),
                e.marker().col() + 1
            ),
        };
        PatternError {
            source_path: self.source.to_string(),
            line,
            key,
            message,
        }
    }

    fn error(&self, key: Option<&str>, line: usize, message: String) -> PatternError {
        PatternError {
            source_path: self.source.to_string(),
            line,
            key: key.map(str::to_string),
            message,
        }
    }
}
