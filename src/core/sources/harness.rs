//! What an agent harness puts into the model's context by itself, so lore does not inject
//! the same file to it again: its value there is the rules the harness would not load.
//!
//! Measured with the real clients (see docs/hooks.md and docs/codex.md):
//!
//! - **Claude Code** (2.1.331) loads every `CLAUDE.md` (and `.claude/CLAUDE.md`) from the
//!   working directory up to the file-system root and the `.claude/rules/**/*.md` of those
//!   folders at session start; path-scoped rules (`paths`) when a file under the working
//!   directory that they match is read or written; and the `CLAUDE.md` and `.claude/rules` of
//!   a folder below the working directory when a file under that folder is touched. Not
//!   `AGENTS.md`, not `GEMINI.md`, nor any other agent's rules.
//! - **Codex CLI** (0.169.0) loads the `AGENTS.md` files from the project root down to the
//!   working directory at session start; none below it, and no other file.
//! - **Gemini CLI** (0.61.0) loads the `GEMINI.md` files from the working directory up to the
//!   project root at session start, and those of a folder below it once a tool reads or
//!   writes a file there (its "just in time" context); no other file.
//! - **Copilot CLI** (1.0.102) loads `AGENTS.md`, `CLAUDE.md` and `GEMINI.md` from the
//!   project root down to the working directory, the `.claude/rules` files that always apply,
//!   `.github/copilot-instructions.md` and the `.instructions.md` files without `applyTo`;
//!   not the path-scoped ones.
//! - **Qwen Code** (0.24.4) loads `QWEN.md` (not a source lore reads) and the `AGENTS.md`
//!   files from the working directory up to the project root; none below it.
//! - **Cline** (3.0.65) loads the `AGENTS.md` files from the project root down to the working
//!   directory and the `.clinerules` rules of the root that always apply.
//! - **OpenCode** (1.18.33) loads the `AGENTS.md` files from the working directory up to the
//!   project root, and the `CLAUDE.md` files of those folders instead when there is no
//!   `AGENTS.md` among them (see [`loaded_as_fallback`], which needs every indexed file).

use std::borrow::Borrow;
use std::collections::BTreeSet;

use super::{Scope, SourceKind};

/// The agent harness a hook runs for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Harness {
    ClaudeCode,
    Codex,
    Gemini,
    Copilot,
    Qwen,
    Cline,
    #[serde(rename = "opencode")]
    OpenCode,
}

impl Harness {
    /// Every harness, in the order lore lists them.
    pub const ALL: [Harness; 7] = [
        Harness::ClaudeCode,
        Harness::Codex,
        Harness::Gemini,
        Harness::Copilot,
        Harness::Qwen,
        Harness::Cline,
        Harness::OpenCode,
    ];

    /// The harness `--harness NAME` names, if any.
    pub fn named(name: &str) -> Option<Harness> {
        Harness::ALL.into_iter().find(|h| h.name() == name)
    }

    /// The name `--harness` takes for it (`lore hook --harness gemini`).
    pub fn name(self) -> &'static str {
        match self {
            Harness::ClaudeCode => "claude",
            Harness::Codex => "codex",
            Harness::Gemini => "gemini",
            Harness::Copilot => "copilot",
            Harness::Qwen => "qwen",
            Harness::Cline => "cline",
            Harness::OpenCode => "opencode",
        }
    }
}

/// Where a call happens, relative to the repository root (`/`-separated; `""` is the root).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct CallSite {
    /// The harness asking; None: unknown (a search, an audit without one), nothing is assumed
    /// loaded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harness: Option<Harness>,
    /// The working directory, when it is inside the repository.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// The touched file, when there is one and it is inside the repository.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The folder a command changes into before it runs (`cd api && make`), when inside the
    /// repository: where the call happens, though the harness's working directory stays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub folder: Option<String>,
}

impl CallSite {
    /// The site of a call: `root` is the repository root, `cwd` the working directory and
    /// `file` the touched file (absolute, or relative to `cwd`), as the harness gave them.
    pub fn new(
        harness: Option<Harness>,
        root: &str,
        cwd: Option<&str>,
        file: Option<&str>,
    ) -> Self {
        let cwd = cwd.and_then(|c| inside(root, c));
        let path = file.and_then(|f| {
            if is_absolute(f) {
                inside(root, f)
            } else {
                let joined = match &cwd {
                    Some(c) if !c.is_empty() => format!("{c}/{f}"),
                    _ => f.to_string(),
                };
                normalise(&joined).filter(|p| !p.is_empty())
            }
        });
        Self {
            harness,
            cwd,
            path,
            folder: None,
        }
    }

    /// This site, with the folder a command changes into (relative to the working directory,
    /// or absolute) as where it happens.
    pub fn in_folder(mut self, root: &str, folder: Option<&str>) -> Self {
        self.folder = folder.and_then(|f| {
            if is_absolute(f) {
                inside(root, f)
            } else {
                let joined = match &self.cwd {
                    Some(c) if !c.is_empty() => format!("{c}/{f}"),
                    Some(_) => f.to_string(),
                    None => return None,
                };
                normalise(&joined)
            }
        });
        self
    }

    /// Where a call happens: the touched file, else the folder its command changes into,
    /// else the working directory.
    pub fn place(&self) -> Option<&str> {
        self.path
            .as_deref()
            .or(self.folder.as_deref())
            .or(self.cwd.as_deref())
    }
}

/// What is known of one indexed rule, for [`harness_loads`].
#[derive(Debug, Clone, Copy)]
pub struct RuleFile<'a> {
    pub kind: SourceKind,
    pub scope: Scope,
    /// The folder it applies to (see `RuleOrigin::folder`).
    pub folder: &'a str,
    /// Its path relative to the repository root.
    pub source: &'a str,
    /// Its globs (for [`Scope::Globs`]) match the call's touched file.
    pub matches_path: bool,
    /// Its frontmatter lacks the opening `---` (see `RuleOrigin::unopened_frontmatter`).
    pub unopened_frontmatter: bool,
}

impl<'a> RuleFile<'a> {
    /// What [`harness_loads`] needs of an indexed rule at `source`.
    pub fn of(origin: &'a super::RuleOrigin, source: &'a str, matches_path: bool) -> Self {
        Self {
            kind: origin.kind,
            scope: origin.scope,
            folder: &origin.folder,
            source,
            matches_path,
            unopened_frontmatter: origin.unopened_frontmatter,
        }
    }
}

/// Whether the harness of `site` names `rule` to the model itself without loading it:
/// Copilot CLI tables its path-scoped instructions files, with their `applyTo`, in its
/// system prompt (measured with the real client, 1.0.102), so a listing of them from lore
/// says it twice.
pub fn harness_names(rule: &RuleFile<'_>, site: &CallSite) -> bool {
    site.harness == Some(Harness::Copilot)
        && rule.kind == SourceKind::Copilot
        && rule.scope == Scope::Globs
        && !rule.unopened_frontmatter
}

/// Whether the harness of `site` has already put `rule` into the model's context for this
/// call, so lore should not inject it.
pub fn harness_loads(rule: &RuleFile<'_>, site: &CallSite) -> bool {
    let (Some(harness), Some(cwd)) = (site.harness, site.cwd.as_deref()) else {
        return false;
    };
    let name = rule.source.rsplit('/').next().unwrap_or(rule.source);
    match harness {
        Harness::ClaudeCode => {
            let claude_file = rule.kind == SourceKind::Claude
                || (rule.kind == SourceKind::AgentsMd && name == "CLAUDE.md");
            if !claude_file {
                return false;
            }
            if within(cwd, rule.folder) {
                // Loaded at session start; a path-scoped rule once a file under the working
                // directory that its globs match is touched.
                rule.scope != Scope::Globs
                    || (rule.matches_path && site.path.as_deref().is_some_and(|p| within(p, cwd)))
            } else if within(rule.folder, cwd) {
                // A folder below the working directory: loaded once a file under it is touched.
                site.path.as_deref().is_some_and(|p| within(p, rule.folder))
            } else {
                false
            }
        }
        Harness::Codex | Harness::Qwen | Harness::OpenCode => {
            rule.kind == SourceKind::AgentsMd && name == "AGENTS.md" && within(cwd, rule.folder)
        }
        Harness::Gemini => {
            if rule.kind != SourceKind::AgentsMd || name != "GEMINI.md" {
                false
            } else if within(cwd, rule.folder) {
                true
            } else {
                // Loaded just in time, once a file under its folder is read or written.
                within(rule.folder, cwd)
                    && site.path.as_deref().is_some_and(|p| within(p, rule.folder))
            }
        }
        Harness::Copilot => match rule.kind {
            SourceKind::AgentsMd => {
                ["AGENTS.md", "CLAUDE.md", "GEMINI.md"].contains(&name) && within(cwd, rule.folder)
            }
            SourceKind::Claude => rule.scope == Scope::Always && within(cwd, rule.folder),
            // Copilot CLI puts an instructions file whose `applyTo` matches every file into
            // its own system prompt, as it does `copilot-instructions.md` (measured with the
            // real client, 1.0.102); a path-scoped one it only names. One whose frontmatter
            // lacks its opening `---` has no `applyTo` for it, and neither has one with no
            // `applyTo` at all (measured with a file without frontmatter): both go into the
            // system prompt too, whatever scope lore read from its keys.
            SourceKind::Copilot => {
                rule.source == ".github/copilot-instructions.md"
                    || rule.scope == Scope::Always
                    || rule.scope == Scope::Described
                    || rule.unopened_frontmatter
            }
            _ => false,
        },
        Harness::Cline => match rule.kind {
            SourceKind::AgentsMd => name == "AGENTS.md" && within(cwd, rule.folder),
            SourceKind::Cline => rule.scope == Scope::Always && rule.folder.is_empty(),
            _ => false,
        },
    }
}

/// How many hops of imports a harness follows (Claude Code: an imported file's own imports,
/// five deep).
const MAX_IMPORT_DEPTH: usize = 5;

/// The files the harness of `site` loads because a file it loads imports them (`@AGENTS.md`
/// in a `CLAUDE.md`), following imports of imports; `importers` are the indexed files that
/// import something, with their origins. Claude Code reads the imports of its `CLAUDE.md`
/// files; Gemini CLI, and Qwen Code built on it, those of the files they load by name
/// (`GEMINI.md`, `QWEN.md`: their memory import processor). The other agents read none.
pub fn imported_by_harness<S: AsRef<str>, O: Borrow<super::RuleOrigin>>(
    importers: &[(S, O)],
    site: &CallSite,
) -> BTreeSet<String> {
    let mut loaded = BTreeSet::new();
    if !matches!(
        site.harness,
        Some(Harness::ClaudeCode | Harness::Gemini | Harness::Qwen)
    ) {
        return loaded;
    }
    let imports_of = |source: &str| {
        importers
            .iter()
            .find(|(s, _)| s.as_ref() == source)
            .map(|(_, origin)| origin.borrow().imports.as_slice())
            .unwrap_or_default()
    };
    let mut frontier: Vec<&str> = importers
        .iter()
        .filter(|(source, origin)| {
            let origin = origin.borrow();
            harness_loads(&RuleFile::of(origin, source.as_ref(), false), site)
        })
        .map(|(source, _)| source.as_ref())
        .collect();
    for _ in 0..MAX_IMPORT_DEPTH {
        let mut next = Vec::new();
        for source in frontier {
            for imported in imports_of(source) {
                if loaded.insert(imported.clone()) {
                    next.push(imported.as_str());
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    loaded
}

/// The `CLAUDE.md` files OpenCode loads in place of `AGENTS.md`: it looks for `AGENTS.md`
/// from the working directory up to the project root and, only when it finds none, loads the
/// `CLAUDE.md` files of those folders instead. `sources` are the indexed instruction files
/// (repository-relative paths). Empty for any other harness.
pub fn loaded_as_fallback<'a>(
    sources: impl IntoIterator<Item = &'a str>,
    site: &CallSite,
) -> BTreeSet<String> {
    let (Some(Harness::OpenCode), Some(cwd)) = (site.harness, site.cwd.as_deref()) else {
        return BTreeSet::new();
    };
    let mut agents = false;
    let mut claude = BTreeSet::new();
    for source in sources {
        let (folder, name) = source.rsplit_once('/').unwrap_or(("", source));
        if !within(cwd, folder) {
            continue;
        }
        match name {
            "AGENTS.md" => agents = true,
            "CLAUDE.md" => {
                claude.insert(source.to_string());
            }
            _ => {}
        }
    }
    if agents { BTreeSet::new() } else { claude }
}

/// Every indexed instruction file the harness of `site` loads besides those it loads by their
/// place ([`harness_loads`]): what those import, and the `CLAUDE.md` files OpenCode loads for
/// want of an `AGENTS.md`. `rules`: the indexed instruction files with their origins.
pub fn loaded_alongside(rules: &[(&str, &super::RuleOrigin)], site: &CallSite) -> BTreeSet<String> {
    let mut loaded = imported_by_harness(rules, site);
    loaded.extend(loaded_as_fallback(
        rules.iter().map(|(source, _)| *source),
        site,
    ));
    loaded
}

/// Whether `path` is `dir` or inside it (`""` is the root, holding everything).
pub fn within(path: &str, dir: &str) -> bool {
    dir.is_empty()
        || path == dir
        || path
            .strip_prefix(dir)
            .is_some_and(|rest| rest.starts_with('/'))
}

fn is_absolute(path: &str) -> bool {
    path.starts_with('/') || path.starts_with('\\') || path.get(1..3) == Some(":\\")
}

/// `path` relative to `root` when inside it (both absolute), normalised.
fn inside(root: &str, path: &str) -> Option<String> {
    let root = normalise(root)?;
    let path = normalise(path)?;
    if root.is_empty() {
        return Some(path);
    }
    if path == root {
        return Some(String::new());
    }
    path.strip_prefix(&root)
        .and_then(|rest| rest.strip_prefix('/'))
        .map(str::to_string)
}

/// `/`-separated, without empty, `.` and resolved `..` segments (leading `/` dropped); None
/// when `..` climbs above the start.
fn normalise(path: &str) -> Option<String> {
    let path = path.replace('\\', "/");
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests;
