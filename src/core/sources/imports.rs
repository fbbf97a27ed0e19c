//! Imports in agent instruction files: `@path` names a file the harness reads into the model's
//! context with the file that names it (Claude Code's `CLAUDE.md`, Gemini CLI's `GEMINI.md`).
//! A repository's `CLAUDE.md` is often only `@AGENTS.md`: the harness then loads `AGENTS.md`
//! itself, and lore must not send it again.
//!
//! As the harnesses read them: `@` at the start of a line or after whitespace, followed by a
//! path up to the next whitespace; not inside a fenced code block or an inline code span;
//! relative to the importing file's folder. Paths outside the repository (`~/…`, absolute,
//! climbing above the root) and text that is no path (`@mentions` without a dot or slash)
//! are left out: lore only needs the files it indexes.

/// The repository-relative paths that the file at `source` imports, in order, without
/// repeats.
pub fn imported_paths(source: &str, text: &str) -> Vec<String> {
    let folder = source.rsplit_once('/').map_or("", |(folder, _)| folder);
    let mut found: Vec<String> = Vec::new();
    let mut fences = Fences::default();
    for line in text.lines() {
        if fences.holds(line) {
            continue;
        }
        for raw in line_imports(line) {
            if let Some(path) = resolve(folder, raw)
                && !found.contains(&path)
            {
                found.push(path);
            }
        }
    }
    found
}

/// `text` with each line that only imports files (`@AGENTS.md`, `- @docs/style.md`) left
/// blank: a directive to the harness that reads it, not a rule. The imported files are
/// rules of their own, so a `CLAUDE.md` that is only `@AGENTS.md` has nothing to show an
/// agent that does not follow the import. Lines keep their numbers.
pub fn without_import_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fences = Fences::default();
    for line in text.split_inclusive('\n') {
        if !fences.holds(line) && only_imports(line) {
            out.push_str(if line.ends_with('\n') { "\n" } else { "" });
            continue;
        }
        out.push_str(line);
    }
    out
}

/// The code fences met so far, line by line: the harnesses read no import inside one.
#[derive(Default)]
struct Fences {
    /// The open fence's character and run length.
    open: Option<(char, usize)>,
}

impl Fences {
    /// Whether `line` opens, closes or lies inside a code fence (the next line is then read
    /// with the fence it leaves open or closed).
    fn holds(&mut self, line: &str) -> bool {
        let trimmed = line.trim_start();
        if let Some(run) = fence_run(trimmed) {
            match self.open {
                None => self.open = Some(run),
                Some((c, n)) if run.0 == c && run.1 >= n && trimmed[run.1..].trim().is_empty() => {
                    self.open = None;
                }
                Some(_) => {}
            }
            return true;
        }
        self.open.is_some()
    }
}

/// Whether every word of `line` (a list marker aside) is an import.
fn only_imports(line: &str) -> bool {
    let words: Vec<&str> = line
        .split_whitespace()
        .filter(|w| !matches!(*w, "-" | "*" | "+"))
        .collect();
    !words.is_empty()
        && words.iter().all(|w| w.starts_with('@'))
        && line_imports(line)
            .iter()
            .all(|raw| resolve("", raw).is_some())
        && line_imports(line).len() == words.len()
}

/// The fence character and its run length when `line` opens or closes a code fence.
fn fence_run(line: &str) -> Option<(char, usize)> {
    let c = line.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let n = line.chars().take_while(|x| *x == c).count();
    (n >= 3).then_some((c, n))
}

/// The `@path` words of one line outside inline code spans.
fn line_imports(line: &str) -> Vec<&str> {
    let mut imports = Vec::new();
    let mut in_code = false;
    let mut prev_space = true;
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '`' => in_code = !in_code,
            '@' if !in_code && prev_space => {
                let rest = &line[i + 1..];
                let end = rest
                    .find(|c: char| c.is_whitespace() || c == '`')
                    .unwrap_or(rest.len());
                let word = rest[..end].trim_end_matches([',', ';', ':', ')', '!', '?']);
                let word = word.strip_suffix('.').unwrap_or(word);
                if !word.is_empty() {
                    imports.push(word);
                }
                while chars.next_if(|(_, c)| !c.is_whitespace()).is_some() {}
            }
            _ => {}
        }
        prev_space = c.is_whitespace();
    }
    imports
}

/// `raw` resolved against `folder` to a repository-relative path; None when it is no path or
/// lies outside the repository.
fn resolve(folder: &str, raw: &str) -> Option<String> {
    if raw.starts_with(['~', '/', '\\']) || raw.contains("://") || raw.get(1..2) == Some(":") {
        return None;
    }
    if !raw.contains(['.', '/']) {
        return None;
    }
    let mut parts: Vec<&str> = folder.split('/').filter(|p| !p.is_empty()).collect();
    for part in raw.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::{imported_paths, without_import_lines};

    #[test]
    fn lines_that_only_import_are_left_blank_and_the_rules_kept() {
        assert_eq!(without_import_lines("@AGENTS.md\n").trim(), "");
        let text = "# Project\n\n- @docs/style.md\nUse pnpm, see @docs/setup.md.\n\
                    Email @oncall about it.\n```\n@AGENTS.md\n```\n";
        let kept = without_import_lines(text);
        assert_eq!(
            kept.lines().count(),
            text.lines().count(),
            "line numbers kept"
        );
        assert!(!kept.contains("@docs/style.md"));
        // An import within a sentence, a mention and a code block are text of the rule.
        assert!(kept.contains("Use pnpm, see @docs/setup.md."));
        assert!(kept.contains("Email @oncall about it."));
        assert!(kept.contains("```\n@AGENTS.md\n```"));
    }

    #[test]
    fn imports_resolve_against_the_importing_files_folder() {
        assert_eq!(imported_paths("CLAUDE.md", "@AGENTS.md\n"), ["AGENTS.md"]);
        assert_eq!(
            imported_paths(
                ".claude/CLAUDE.md",
                "See @../AGENTS.md and @docs/style.md, then @./notes/a.md.\n"
            ),
            ["AGENTS.md", ".claude/docs/style.md", ".claude/notes/a.md"]
        );
        assert_eq!(
            imported_paths(
                "web/CLAUDE.md",
                "@../shared/RULES.md\n@../shared/RULES.md\n"
            ),
            ["shared/RULES.md"]
        );
    }

    #[test]
    fn code_mentions_and_outside_paths_are_no_imports() {
        let text = "Ask @maintainers.\n\
                    Mail dev@example.com or ping @alice.\n\
                    `@inline/code.md` is literal.\n\
                    ```\n@fenced/file.md\n```\n\
                    ~~~md\n@tilde/file.md\n~~~\n\
                    @~/.claude/personal.md @/etc/rules.md @../../up.md\n\
                    Decorators like @Override mean nothing here.\n";
        assert!(imported_paths("sub/CLAUDE.md", text).is_empty());
    }
}
