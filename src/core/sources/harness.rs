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
//!   and `.github/copilot-instructions.md`; not the path-scoped `.instructions.md` files.
//! - **Qwen Code** (0.24.4) loads `QWEN.md` (not a source lore reads) and the `AGENTS.md`
//!   files from the working directory up to the project root; none below it.
//! - **Cline** (3.0.65) loads the `AGENTS.md` files from the project root down to the working
//!   directory and the `.clinerules` rules of the root that always apply.
//! - **OpenCode** (1.18.33) loads the `AGENTS.md` files from the working directory up to the
//!   project root (the `CLAUDE.md` files instead when there is no `AGENTS.md`: lore cannot
//!   see that here, so it counts only `AGENTS.md`).

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
            SourceKind::Copilot => rule.source == ".github/copilot-instructions.md",
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
/// import something, with their origins. Only Claude Code reads imports of the files lore
/// indexes.
pub fn imported_by_harness(
    importers: &[(String, super::RuleOrigin)],
    site: &CallSite,
) -> BTreeSet<String> {
    let mut loaded = BTreeSet::new();
    if site.harness != Some(Harness::ClaudeCode) {
        return loaded;
    }
    let imports_of = |source: &str| {
        importers
            .iter()
            .find(|(s, _)| s == source)
            .map(|(_, origin)| origin.imports.as_slice())
            .unwrap_or_default()
    };
    let mut frontier: Vec<&str> = importers
        .iter()
        .filter(|(source, origin)| {
            harness_loads(
                &RuleFile {
                    kind: origin.kind,
                    scope: origin.scope,
                    folder: &origin.folder,
                    source,
                    matches_path: false,
                },
                site,
            )
        })
        .map(|(source, _)| source.as_str())
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
mod tests {
    use super::*;

    fn site(harness: Harness, cwd: &str, path: Option<&str>) -> CallSite {
        CallSite {
            harness: Some(harness),
            cwd: Some(cwd.to_string()),
            path: path.map(str::to_string),
            folder: None,
        }
    }

    fn rule<'a>(kind: SourceKind, scope: Scope, folder: &'a str, source: &'a str) -> RuleFile<'a> {
        RuleFile {
            kind,
            scope,
            folder,
            source,
            matches_path: true,
        }
    }

    #[test]
    fn the_site_is_relative_to_the_repository() {
        let s = CallSite::new(
            Some(Harness::Codex),
            "/home/dev/app",
            Some("/home/dev/app/web"),
            Some("src/a.ts"),
        );
        assert_eq!(s.cwd.as_deref(), Some("web"));
        assert_eq!(s.path.as_deref(), Some("web/src/a.ts"));
        let up = CallSite::new(None, "/r", Some("/r/web"), Some("../api/x.go"));
        assert_eq!(up.path.as_deref(), Some("api/x.go"));
        let absolute = CallSite::new(None, "/r/", Some("/r"), Some("/r/./lib/b.rs"));
        assert_eq!(
            (absolute.cwd.as_deref(), absolute.path.as_deref()),
            (Some(""), Some("lib/b.rs"))
        );
        let outside = CallSite::new(None, "/r", Some("/elsewhere"), Some("/other/c.rs"));
        assert_eq!((outside.cwd, outside.path), (None, None));
        assert!(!within("webapp/x", "web"));
        assert!(within("web/x", "web") && within("web", "web") && within("x", ""));
    }

    #[test]
    fn claude_code_loads_claude_md_up_the_tree_and_below_once_touched() {
        let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "CLAUDE.md");
        let nested = rule(SourceKind::AgentsMd, Scope::Folder, "api", "api/CLAUDE.md");
        let sibling = rule(SourceKind::AgentsMd, Scope::Folder, "web", "web/CLAUDE.md");
        let at_root = site(Harness::ClaudeCode, "", Some("api/x.py"));
        assert!(harness_loads(&root, &at_root));
        assert!(harness_loads(&nested, &at_root));
        let in_api = site(Harness::ClaudeCode, "api", Some("web/y.ts"));
        assert!(harness_loads(&root, &in_api));
        assert!(harness_loads(&nested, &in_api));
        assert!(!harness_loads(&sibling, &in_api));
        let agents = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
        let gemini = rule(SourceKind::AgentsMd, Scope::Folder, "", "GEMINI.md");
        assert!(!harness_loads(&agents, &at_root));
        assert!(!harness_loads(&gemini, &at_root));
    }

    #[test]
    fn claude_code_loads_its_rules_and_path_rules_only_under_the_working_directory() {
        let always = rule(
            SourceKind::Claude,
            Scope::Always,
            "",
            ".claude/rules/style.md",
        );
        let scoped = rule(SourceKind::Claude, Scope::Globs, "", ".claude/rules/api.md");
        assert!(harness_loads(
            &always,
            &site(Harness::ClaudeCode, "sub", Some("other/a.ts"))
        ));
        assert!(harness_loads(
            &scoped,
            &site(Harness::ClaudeCode, "", Some("src/api/a.ts"))
        ));
        assert!(!harness_loads(
            &scoped,
            &site(Harness::ClaudeCode, "sub", Some("src/api/a.ts"))
        ));
        // A file its globs do not match loads nothing: found by its words, lore sends it.
        let unmatched = RuleFile {
            matches_path: false,
            ..scoped
        };
        assert!(!harness_loads(
            &unmatched,
            &site(Harness::ClaudeCode, "", Some("docs/notes.md"))
        ));
        let cursor = rule(SourceKind::Cursor, Scope::Always, "", ".cursor/rules/a.mdc");
        assert!(!harness_loads(
            &cursor,
            &site(Harness::ClaudeCode, "", None)
        ));
    }

    #[test]
    fn codex_loads_agents_md_from_the_root_down_to_the_working_directory() {
        let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
        let sub = rule(SourceKind::AgentsMd, Scope::Folder, "sub", "sub/AGENTS.md");
        let at_root = site(Harness::Codex, "", Some("sub/y.ts"));
        assert!(harness_loads(&root, &at_root));
        assert!(!harness_loads(&sub, &at_root));
        assert!(harness_loads(&sub, &site(Harness::Codex, "sub", None)));
        let claude_md = rule(SourceKind::AgentsMd, Scope::Folder, "", "CLAUDE.md");
        assert!(!harness_loads(&claude_md, &at_root));
        let claude_rule = rule(SourceKind::Claude, Scope::Always, "", ".claude/rules/a.md");
        assert!(!harness_loads(&claude_rule, &at_root));
    }

    #[test]
    fn gemini_loads_gemini_md_up_the_tree_and_below_once_touched() {
        let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "GEMINI.md");
        let nested = rule(SourceKind::AgentsMd, Scope::Folder, "api", "api/GEMINI.md");
        let agents = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
        let at_root = site(Harness::Gemini, "", Some("web/a.ts"));
        assert!(harness_loads(&root, &at_root));
        assert!(!harness_loads(&nested, &at_root));
        assert!(harness_loads(
            &nested,
            &site(Harness::Gemini, "", Some("api/x.py"))
        ));
        assert!(!harness_loads(&agents, &at_root));
    }

    #[test]
    fn copilot_loads_the_instruction_files_but_not_path_scoped_ones() {
        let at_root = site(Harness::Copilot, "", Some("src/a.rs"));
        for loaded in [
            rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md"),
            rule(SourceKind::AgentsMd, Scope::Folder, "", "CLAUDE.md"),
            rule(SourceKind::AgentsMd, Scope::Folder, "", "GEMINI.md"),
            rule(SourceKind::Claude, Scope::Always, "", ".claude/rules/a.md"),
            rule(
                SourceKind::Copilot,
                Scope::Always,
                "",
                ".github/copilot-instructions.md",
            ),
        ] {
            assert!(harness_loads(&loaded, &at_root), "{}", loaded.source);
        }
        for sent in [
            rule(
                SourceKind::Copilot,
                Scope::Globs,
                "",
                ".github/instructions/rs.instructions.md",
            ),
            rule(SourceKind::Claude, Scope::Globs, "", ".claude/rules/api.md"),
            rule(SourceKind::AgentsMd, Scope::Folder, "sub", "sub/AGENTS.md"),
            rule(SourceKind::Cursor, Scope::Always, "", ".cursor/rules/a.mdc"),
        ] {
            assert!(!harness_loads(&sent, &at_root), "{}", sent.source);
        }
    }

    #[test]
    fn qwen_and_opencode_load_agents_md_up_to_the_root() {
        for harness in [Harness::Qwen, Harness::OpenCode] {
            let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
            let sub = rule(SourceKind::AgentsMd, Scope::Folder, "sub", "sub/AGENTS.md");
            let claude_md = rule(SourceKind::AgentsMd, Scope::Folder, "", "CLAUDE.md");
            assert!(harness_loads(&root, &site(harness, "sub", None)));
            assert!(harness_loads(&sub, &site(harness, "sub", None)));
            assert!(!harness_loads(&sub, &site(harness, "", Some("sub/x.py"))));
            assert!(!harness_loads(&claude_md, &site(harness, "", None)));
        }
    }

    #[test]
    fn cline_loads_agents_md_and_the_root_rules_that_always_apply() {
        let at_root = site(Harness::Cline, "", Some("src/a.rs"));
        let always = rule(SourceKind::Cline, Scope::Always, "", ".clinerules/style.md");
        let scoped = rule(SourceKind::Cline, Scope::Globs, "", ".clinerules/react.md");
        let nested = rule(
            SourceKind::Cline,
            Scope::Always,
            "web",
            "web/.clinerules/a.md",
        );
        let agents = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
        assert!(harness_loads(&always, &at_root));
        assert!(harness_loads(&agents, &at_root));
        assert!(!harness_loads(&scoped, &at_root));
        assert!(!harness_loads(&nested, &at_root));
    }

    #[test]
    fn claude_code_loads_what_the_files_it_loads_import() {
        let origin = |folder: &str, imports: &[&str]| super::super::RuleOrigin {
            kind: SourceKind::AgentsMd,
            scope: Scope::Folder,
            folder: folder.to_string(),
            for_hooks: true,
            regexes: Vec::new(),
            imports: imports.iter().map(|s| s.to_string()).collect(),
        };
        let importers = vec![
            ("CLAUDE.md".to_string(), origin("", &["AGENTS.md"])),
            // Imported by the root file, it is followed though Claude Code would not load it
            // on its own.
            ("AGENTS.md".to_string(), origin("", &["docs/style.md"])),
            (
                "web/CLAUDE.md".to_string(),
                origin("web", &["web/AGENTS.md"]),
            ),
        ];
        let at_root = site(Harness::ClaudeCode, "", Some("api/x.py"));
        let loaded = imported_by_harness(&importers, &at_root);
        assert_eq!(
            loaded.iter().map(String::as_str).collect::<Vec<_>>(),
            ["AGENTS.md", "docs/style.md"]
        );
        let in_web = site(Harness::ClaudeCode, "", Some("web/app.ts"));
        assert!(imported_by_harness(&importers, &in_web).contains("web/AGENTS.md"));
        let codex = site(Harness::Codex, "", Some("api/x.py"));
        assert!(imported_by_harness(&importers, &codex).is_empty());
        // A cycle ends.
        let cycle = vec![
            ("CLAUDE.md".to_string(), origin("", &["a.md"])),
            ("a.md".to_string(), origin("", &["CLAUDE.md"])),
        ];
        assert_eq!(imported_by_harness(&cycle, &at_root).len(), 2);
    }

    #[test]
    fn without_a_harness_or_a_working_directory_nothing_is_loaded() {
        let root = rule(SourceKind::AgentsMd, Scope::Folder, "", "AGENTS.md");
        let unknown = CallSite {
            harness: None,
            cwd: Some(String::new()),
            path: None,
            folder: None,
        };
        assert!(!harness_loads(&root, &unknown));
        let outside = CallSite {
            harness: Some(Harness::Codex),
            cwd: None,
            path: None,
            folder: None,
        };
        assert!(!harness_loads(&root, &outside));
    }
}
