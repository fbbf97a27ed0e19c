//! Other agents' rule files as sources: which files they are, and the scoping their authors
//! wrote, normalised to lore's model.
//!
//! Teams keep rules where their agents read them (`.cursor/rules/*.mdc`,
//! `.github/instructions/*.instructions.md`, nested `AGENTS.md`, ...), each format with its
//! own way of saying when a rule applies. [`classify`] names the format of a path relative to
//! the repository root; [`read_rule`] reads one file into a [`Pattern`] and its
//! [`RuleOrigin`]: the [`Scope`] (always, file globs, a folder, found by its words, manual),
//! the folder it is scoped to, and whether hooks may inject it at all; a rule that applies by
//! what a file holds keeps its regexes (see [`content`]). Nothing here fails:
//! metadata that cannot be read is a [`RuleWarning`] naming the file line, and the rule is
//! still indexed with what could be read (lore's own patterns keep their strict errors).
//!
//! A rule set nested in a sub-folder (`packages/web/.cursor/rules/`) applies to that folder:
//! its globs are taken relative to it, and an always-on rule applies to calls under it.

mod agents_md;
mod claude;
mod cline;
pub mod content;
mod continue_rules;
mod copilot;
mod cursor;
mod fields;
pub mod harness;
mod hooks;
mod imports;
mod kiro;
mod windsurf;

use crate::core::pattern::{Frontmatter, Pattern, assemble_pattern, split_frontmatter};
use crate::core::select::globs::{GlobKind, classify_glob};
use fields::Reader;

pub use content::ContentMatcher;
pub use harness::{
    CallSite, Harness, RuleFile, harness_loads, harness_names, loaded_alongside, within,
};
pub use hooks::hook_shortfall;
pub use imports::imported_paths;
use imports::without_import_lines;

/// Where a rule file comes from: one agent's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    /// `.cursor/rules/**/*.mdc`, `.cursorrules`
    Cursor,
    /// `.github/copilot-instructions.md`, `.github/instructions/**/*.instructions.md`
    Copilot,
    /// `.claude/rules/**/*.md`
    Claude,
    /// `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` in any folder (and `.claude/CLAUDE.md`)
    AgentsMd,
    /// `.windsurf/rules/**/*.md`, `.windsurfrules`
    Windsurf,
    /// `.kiro/steering/**/*.md`
    Kiro,
    /// `.continue/rules/**/*.md`
    Continue,
    /// `.clinerules/**/*.md`, or a `.clinerules` file
    Cline,
    /// `.junie/guidelines.md` (JetBrains Junie's project guidelines)
    Junie,
}

impl SourceKind {
    /// Every kind, in the order `lore status` lists them.
    pub const ALL: [SourceKind; 9] = [
        SourceKind::Cursor,
        SourceKind::Copilot,
        SourceKind::Claude,
        SourceKind::AgentsMd,
        SourceKind::Windsurf,
        SourceKind::Kiro,
        SourceKind::Continue,
        SourceKind::Cline,
        SourceKind::Junie,
    ];

    /// The key of the kind in `lore.toml`'s `[sources]` table and in the index.
    pub fn key(self) -> &'static str {
        match self {
            SourceKind::Cursor => "cursor",
            SourceKind::Copilot => "copilot",
            SourceKind::Claude => "claude",
            SourceKind::AgentsMd => "agents_md",
            SourceKind::Windsurf => "windsurf",
            SourceKind::Kiro => "kiro",
            SourceKind::Continue => "continue",
            SourceKind::Cline => "cline",
            SourceKind::Junie => "junie",
        }
    }

    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.key() == key)
    }

    /// Where its files live, as a user would recognise them.
    pub fn files(self) -> &'static str {
        match self {
            SourceKind::Cursor => ".cursor/rules/**/*.mdc (and *.md), .cursorrules",
            SourceKind::Copilot => {
                ".github/copilot-instructions.md, .github/instructions/**/*.instructions.md"
            }
            SourceKind::Claude => ".claude/rules/**/*.md",
            SourceKind::AgentsMd => "AGENTS.md, CLAUDE.md, GEMINI.md (any folder)",
            SourceKind::Windsurf => ".windsurf/rules/*.md, .windsurfrules",
            SourceKind::Kiro => ".kiro/steering/*.md",
            SourceKind::Continue => ".continue/rules/*.md",
            SourceKind::Cline => ".clinerules/*.md, .clinerules",
            SourceKind::Junie => ".junie/guidelines.md",
        }
    }
}

/// The hidden folders that hold rule files: the repository walk enters these (and only these)
/// of the folders whose name starts with a dot.
pub const RULE_DIRS: &[&str] = &[
    ".cursor",
    ".github",
    ".claude",
    ".windsurf",
    ".kiro",
    ".continue",
    ".clinerules",
    ".junie",
];

/// The agent-instructions file names that apply to the folder they stand in.
pub const FOLDER_FILES: &[&str] = &["AGENTS.md", "CLAUDE.md", "GEMINI.md"];

/// When a rule applies, in lore's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Always on: shown at session start like a `universal` pattern, and found by words.
    Always,
    /// When a touched file matches one of its globs (stored as the pattern's `paths`).
    Globs,
    /// For calls under its folder ([`RuleOrigin::folder`]); the nearest first.
    Folder,
    /// When what the call writes or replaces matches one of its regexes
    /// ([`RuleOrigin::regexes`], Continue's `regex`), and the touched file one of its globs
    /// when it has some.
    Content,
    /// Found by its words and description like any pattern (Cursor's and Windsurf's
    /// agent-requested rules, Kiro's `auto`).
    Described,
    /// Only on request: searchable (`lore search`, MCP), never injected by a hook.
    Manual,
}

impl Scope {
    pub const ALL: [Scope; 6] = [
        Scope::Always,
        Scope::Globs,
        Scope::Folder,
        Scope::Content,
        Scope::Described,
        Scope::Manual,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Scope::Always => "always",
            Scope::Globs => "globs",
            Scope::Folder => "folder",
            Scope::Content => "content",
            Scope::Described => "described",
            Scope::Manual => "manual",
        }
    }

    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.key() == key)
    }
}

/// Where an indexed rule came from and how it is scoped: what selection reads about it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RuleOrigin {
    pub kind: SourceKind,
    pub scope: Scope,
    /// The folder the rule applies to, relative to the repository root (`""`: all of it):
    /// an `AGENTS.md`'s own folder, or the folder holding a nested rule set.
    pub folder: String,
    /// False when the file excludes coding agents (Copilot `excludeAgent: coding-agent`):
    /// searchable, never injected by a hook.
    pub for_hooks: bool,
    /// The regexes of a [`Scope::Content`] rule, as written (empty for every other scope).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub regexes: Vec<String>,
    /// The files an instruction file imports (`@AGENTS.md` in a `CLAUDE.md`), relative to
    /// the repository root: a harness that loads the file loads these with it (see
    /// [`imports`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub imports: Vec<String>,
    /// Its frontmatter lacks the opening `---` line: lore reads the keys all the same, but an
    /// agent that reads frontmatter strictly (Copilot CLI) sees none, and so no scope: it
    /// applies the rule to every request (see `harness::harness_loads`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unopened_frontmatter: bool,
}

/// Metadata of another agent's file that lore could not use: reported, never fatal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleWarning {
    /// 1-based line in the file.
    pub line: usize,
    pub message: String,
}

/// One rule file read: the pattern to index, where it came from, and what was not understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeRule {
    pub pattern: Pattern,
    pub origin: RuleOrigin,
    pub warnings: Vec<RuleWarning>,
}

/// What one format's reader makes of a file's frontmatter.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Scoping {
    scope: Scope,
    globs: Vec<String>,
    regexes: Vec<String>,
    description: Option<String>,
    for_hooks: bool,
}

impl Scoping {
    fn new(scope: Scope) -> Self {
        Self {
            scope,
            globs: Vec::new(),
            regexes: Vec::new(),
            description: None,
            for_hooks: true,
        }
    }

    fn globs(globs: Vec<String>) -> Self {
        Self {
            globs,
            ..Self::new(Scope::Globs)
        }
    }

    fn content(regexes: Vec<String>, globs: Vec<String>) -> Self {
        Self {
            regexes,
            globs,
            ..Self::new(Scope::Content)
        }
    }

    fn described(mut self, description: Option<String>) -> Self {
        self.description = description;
        self
    }
}

/// The format of a file, by its path relative to the repository root (`/`-separated), and
/// the folder its rules apply to; None for any other file.
pub fn classify(source: &str) -> Option<(SourceKind, String)> {
    let parts: Vec<&str> = source.split('/').collect();
    let (name, dirs) = parts.split_last()?;
    if FOLDER_FILES.contains(name) {
        return match dirs.split_last() {
            // `.claude/CLAUDE.md` is the project memory of the folder holding `.claude`.
            Some((&".claude", outer)) if *name == "CLAUDE.md" && plain(outer) => {
                Some((SourceKind::AgentsMd, outer.join("/")))
            }
            _ if plain(dirs) => Some((SourceKind::AgentsMd, dirs.join("/"))),
            _ => None,
        };
    }
    let at = parts.iter().position(|p| p.starts_with('.'))?;
    let folder = parts[..at].join("/");
    let inner = &parts[at + 1..];
    let kind = match (parts[at], inner) {
        (".clinerules", []) => SourceKind::Cline,
        // The single rules file each editor read before its rules folder, still read by them.
        (".cursorrules", []) => SourceKind::Cursor,
        (".windsurfrules", []) => SourceKind::Windsurf,
        (".clinerules", [.., last]) if last.ends_with(".md") => SourceKind::Cline,
        // Cursor reads `.md` rules as well as `.mdc` ones (see `cursor::scoping`).
        (".cursor", ["rules", .., last]) if last.ends_with(".mdc") || last.ends_with(".md") => {
            SourceKind::Cursor
        }
        (".github", ["copilot-instructions.md"]) => SourceKind::Copilot,
        (".github", ["instructions", .., last]) if last.ends_with(".instructions.md") => {
            SourceKind::Copilot
        }
        (".claude", ["rules", .., last]) if last.ends_with(".md") => SourceKind::Claude,
        (".windsurf", ["rules", .., last]) if last.ends_with(".md") => SourceKind::Windsurf,
        (".kiro", ["steering", .., last]) if last.ends_with(".md") => SourceKind::Kiro,
        (".continue", ["rules", .., last]) if last.ends_with(".md") => SourceKind::Continue,
        (".junie", ["guidelines.md"]) => SourceKind::Junie,
        _ => return None,
    };
    Some((kind, folder))
}

/// What a rule format adds to every file name before its extension (Copilot's
/// `go.instructions.md`): the format's mark, not a word of the name.
const FORMAT_MARKS: &[&str] = &[".instructions"];

/// A file stem without the mark its format adds (`go.instructions` → `go`); a stem that is
/// only the mark keeps it.
pub fn without_format_mark(stem: &str) -> &str {
    FORMAT_MARKS
        .iter()
        .find_map(|mark| stem.strip_suffix(mark).filter(|s| !s.is_empty()))
        .unwrap_or(stem)
}

/// The part of a rule file's path that names it, for its words: its path inside its format's
/// folder, without the folders and marks its format puts on every file
/// (`.github/instructions/`, `.cursor/rules/`, `.instructions`), so one rule is named alike in
/// any agent's format and `github` is no word of every Copilot file. The folder a nested
/// rules folder sits in (`apps/web/` of `apps/web/.cursor/rules/`) is where its rules apply,
/// not what each is about, so it is left out too: every rule there and every call there
/// would share its words. A name the format prescribes (`.cursorrules`,
/// `copilot-instructions.md`) leaves only the folder it applies to; `AGENTS.md` and any
/// other file keep their whole path.
pub fn naming_path(source: &str) -> std::borrow::Cow<'_, str> {
    use std::borrow::Cow;
    let Some((kind, folder)) = classify(source) else {
        return Cow::Borrowed(source);
    };
    if kind == SourceKind::AgentsMd {
        return Cow::Borrowed(source);
    }
    if prescribed_name(source) {
        return Cow::Owned(folder);
    }
    let parts: Vec<&str> = source.split('/').collect();
    let Some(at) = parts.iter().position(|p| p.starts_with('.')) else {
        return Cow::Borrowed(source);
    };
    // `.clinerules/` holds its files directly; every other format a folder below its own.
    let skip = if parts[at] == ".clinerules" { 1 } else { 2 };
    let mut inner: Vec<String> = parts[(at + skip).min(parts.len())..]
        .iter()
        .map(|p| p.to_string())
        .collect();
    if let Some(file) = inner.last_mut()
        && let Some((stem, ext)) = file.rsplit_once('.')
    {
        *file = format!("{}.{ext}", without_format_mark(stem));
    }
    Cow::Owned(inner.join("/"))
}

/// Whether a rule file's name is the one its format prescribes (`AGENTS.md`,
/// `.github/copilot-instructions.md`, `.cursorrules`): such a name says which agent reads the
/// file, never what it is about, so it must not match a technology or a call's words
/// (`copilot-instructions.md` is no guide to a Copilot SDK).
pub fn prescribed_name(source: &str) -> bool {
    let name = source.rsplit('/').next().unwrap_or(source);
    // Asked of every candidate's name in a hook: most are no such name, known without
    // classifying the path.
    let may_be =
        FOLDER_FILES.contains(&name) || name == "copilot-instructions.md" || name.starts_with('.');
    if !may_be {
        return false;
    }
    let Some((kind, _)) = classify(source) else {
        return false;
    };
    match kind {
        SourceKind::AgentsMd => true,
        SourceKind::Copilot => name == "copilot-instructions.md",
        SourceKind::Cursor => name == ".cursorrules",
        SourceKind::Windsurf => name == ".windsurfrules",
        SourceKind::Cline => name == ".clinerules",
        _ => false,
    }
}

/// No folder in the path is hidden.
fn plain(dirs: &[&str]) -> bool {
    dirs.iter().all(|d| !d.starts_with('.'))
}

/// Read one rule file (`source`: its path relative to the repository root); None when the
/// path is not a rule file of a known format (see [`classify`]).
pub fn read_rule(source: &str, text: &str) -> Option<NativeRule> {
    let (kind, folder) = classify(source)?;
    let mut warnings = Vec::new();
    let (yaml, body, body_line) = match split_frontmatter(source, text) {
        Ok(parts) => parts,
        Err(e) => {
            // An unclosed `---` in an instructions file is more likely a horizontal rule.
            if kind != SourceKind::AgentsMd {
                warnings.push(RuleWarning {
                    line: e.line,
                    message: format!("{}; the whole file is read as the rule", e.message),
                });
            }
            (None, text.strip_prefix('\u{feff}').unwrap_or(text), 1)
        }
    };
    // Frontmatter whose opening `---` is missing (`applyTo: ...` on line 1, `---` below) is
    // still the author's scoping.
    let mut unopened = false;
    let (yaml, body, body_line, yaml_line) = match yaml {
        None if kind != SourceKind::AgentsMd => match unopened_frontmatter(body) {
            Some((yaml, rest, line)) => {
                unopened = true;
                let copilot = if kind == SourceKind::Copilot {
                    " (Copilot CLI reads no frontmatter in it, so it applies the rule to every \
                     request)"
                } else {
                    ""
                };
                warnings.push(RuleWarning {
                    line: 1,
                    message: format!(
                        "the frontmatter has no opening `---` line: read as frontmatter all \
                         the same{copilot}; add `---` above its first key"
                    ),
                });
                (Some(yaml), rest, line, 1)
            }
            None => (None, body, body_line, 2),
        },
        found => (found, body, body_line, 2),
    };
    let mut reader = Reader::new(yaml.unwrap_or(""), yaml_line);
    let mut scoping = scoping_of(kind, &mut reader, source);
    reader.warn_near_misses();
    warnings.append(&mut reader.warnings);
    // An editor's empty template above the team's own frontmatter: the second block says
    // what the rule is for.
    let (body, body_line) = match split_frontmatter(source, body) {
        Ok((Some(second), rest, rest_line))
            if kind != SourceKind::AgentsMd && says_nothing(&scoping) =>
        {
            let mut second_reader = Reader::new(second, body_line + 1);
            scoping = scoping_of(kind, &mut second_reader, source);
            warnings.append(&mut second_reader.warnings);
            (rest, body_line + rest_line - 1)
        }
        _ => (body, body_line),
    };
    warnings.sort_by_key(|w| w.line);
    let scoping = within_folder(settle(scoping), &folder);
    let frontmatter = Frontmatter {
        universal: scoping.scope == Scope::Always && scoping.for_hooks,
        paths: scoping.globs,
        description: scoping.description,
        ..Frontmatter::default()
    };
    // An instructions file's `@path` lines are directives to the harness that follows them
    // (the files they name are rules of their own); imports are read from the whole text.
    let shown_body = if kind == SourceKind::AgentsMd {
        without_import_lines(body)
    } else {
        body.to_string()
    };
    Some(NativeRule {
        pattern: assemble_pattern(source, frontmatter, &shown_body, body_line),
        origin: RuleOrigin {
            kind,
            scope: scoping.scope,
            folder,
            for_hooks: scoping.for_hooks,
            regexes: scoping.regexes,
            imports: if kind == SourceKind::AgentsMd {
                imported_paths(source, body)
            } else {
                Vec::new()
            },
            unopened_frontmatter: unopened,
        },
        warnings,
    })
}

/// The scoping one format's reader makes of a file's frontmatter keys.
fn scoping_of(kind: SourceKind, reader: &mut Reader, source: &str) -> Scoping {
    // A `.cursorrules` or `.windsurfrules` file has no frontmatter: its editor applies all of
    // it to every request.
    if source.ends_with(".cursorrules") || source.ends_with(".windsurfrules") {
        return Scoping::new(Scope::Always);
    }
    match kind {
        SourceKind::Cursor => cursor::scoping(reader, source),
        SourceKind::Copilot => copilot::scoping(reader, source),
        SourceKind::Claude => claude::scoping(reader),
        SourceKind::AgentsMd => agents_md::scoping(),
        SourceKind::Windsurf => windsurf::scoping(reader),
        SourceKind::Kiro => kiro::scoping(reader),
        SourceKind::Continue => continue_rules::scoping(reader),
        SourceKind::Cline => cline::scoping(reader),
        // Junie reads its guidelines on every task: the project's own instructions, as a
        // root `AGENTS.md` is.
        SourceKind::Junie => agents_md::scoping(),
    }
}

/// Whether a scoping says nothing of when its rule applies: found by its words with no
/// description to find it by.
fn says_nothing(scoping: &Scoping) -> bool {
    scoping.scope == Scope::Described && scoping.description.is_none() && scoping.globs.is_empty()
}

/// Most lines a frontmatter without its opening `---` may run before its closing one.
const UNOPENED_FRONTMATTER_LINES: usize = 12;

/// Frontmatter missing its opening `---`: the file starts with a `key:` line and a `---` line
/// closes the keys within a few lines. Returns the keys, the text after the closing line and
/// that text's first line.
fn unopened_frontmatter(text: &str) -> Option<(&str, &str, usize)> {
    let first = text.lines().next()?;
    let key = first.split_once(':')?.0;
    if key.is_empty()
        || !key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return None;
    }
    let mut offset = 0;
    for (index, line) in text
        .split_inclusive('\n')
        .enumerate()
        .take(UNOPENED_FRONTMATTER_LINES)
    {
        if line.trim_end() == "---" {
            return Some((&text[..offset], &text[offset + line.len()..], index + 2));
        }
        offset += line.len();
    }
    None
}

/// A glob that matches everything makes the rule always on (a content rule: for any file);
/// globs scoping with none left (all invalid) leaves the rule to its words.
fn settle(mut scoping: Scoping) -> Scoping {
    let catch_all = scoping
        .globs
        .iter()
        .any(|g| classify_glob(g) == GlobKind::CatchAll);
    match scoping.scope {
        Scope::Content => {
            if catch_all {
                scoping.globs.clear();
            }
        }
        Scope::Globs if catch_all => {
            scoping.scope = Scope::Always;
            scoping.globs.clear();
        }
        Scope::Globs if scoping.globs.is_empty() => scoping.scope = Scope::Described,
        Scope::Globs => {}
        _ => scoping.globs.clear(),
    }
    if scoping.scope != Scope::Content {
        scoping.regexes.clear();
    }
    scoping
}

/// A rule set in a sub-folder applies to that folder: its globs are relative to it, and an
/// always-on rule (or a content rule without globs) is for calls under it.
fn within_folder(mut scoping: Scoping, folder: &str) -> Scoping {
    if folder.is_empty() {
        return scoping;
    }
    match scoping.scope {
        Scope::Always => scoping.scope = Scope::Folder,
        // A content rule without globs is for any file under the folder.
        Scope::Content if scoping.globs.is_empty() => scoping.globs = vec![format!("{folder}/**")],
        Scope::Globs | Scope::Content => {
            for glob in &mut scoping.globs {
                // A glob that already names the folder from the root (`sdk/cosmos/**` in
                // `sdk/cosmos/.github/instructions`) was written from the root.
                if !glob.starts_with(&format!("{folder}/")) {
                    *glob = format!("{folder}/{glob}");
                }
            }
        }
        _ => {}
    }
    scoping
}

#[cfg(test)]
mod tests;
