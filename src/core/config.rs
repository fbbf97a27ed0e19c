//! Configuration (`lore.toml`): the typed settings and their parsing, with defaults from
//! DESIGN.md. Pure: callers supply the file text and the directory it lives in; relative
//! paths resolve against that directory.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use thiserror::Error;

use crate::core::embedding_prompt::EmbeddingPrompts;

mod learn;
mod sources;
mod technologies;

pub use learn::LearnConfig;
pub use sources::SourcesConfig;

/// Claude Code replaces additionalContext longer than this many characters with a stub.
pub const CLAUDE_CONTEXT_LIMIT: usize = 10_000;

/// Longest `hook.deadline_ms`: Claude Code stops a hook after 60 s by default.
pub const MAX_DEADLINE_MS: u64 = 60_000;

/// Largest `lore.toml` lore reads (a real one is a few hundred bytes).
pub const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// Fully resolved configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The `lore.toml` this came from (None when built from defaults).
    pub path: Option<PathBuf>,
    pub knowledge_dir: PathBuf,
    pub database: PathBuf,
    pub ollama: OllamaConfig,
    pub search: SearchConfig,
    pub hook: HookConfig,
    pub mcp: McpConfig,
    pub ingest: IngestConfig,
    /// A team's own technologies (`[[technologies]]`), validated, names and languages in
    /// canonical form; see `core::query::TechnologyTable`.
    pub technologies: Vec<TechnologyConfig>,
    /// Which other agents' rule files are read in place (`[sources]`).
    pub sources: SourcesConfig,
    /// Capturing corrections into the review inbox (`[learn]`).
    pub learn: LearnConfig,
}

impl Config {
    /// The repository whose other agents' rule files lore reads: the directory holding
    /// `lore.toml` (None for a configuration built without a file).
    pub fn repository_root(&self) -> Option<&Path> {
        self.path.as_deref().and_then(Path::parent)
    }
}

/// Ingest settings.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct IngestConfig {
    /// Pattern files larger than this many bytes are ingest errors, never read: one huge
    /// file must not stall every hook's index refresh.
    pub max_pattern_bytes: u64,
}

impl Default for IngestConfig {
    fn default() -> Self {
        Self {
            max_pattern_bytes: 1024 * 1024,
        }
    }
}

/// One `[[technologies]]` entry: an in-house framework or library, or more signs for a
/// built-in technology of the same name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TechnologyConfig {
    /// Lower-case name (`acme-ui`); a built-in name or alias extends that technology.
    pub name: String,
    /// Other names prose and file names use (`"Acme UI"`, `acmeui`), matched in any case.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Languages code using it is written in, any of (`typescript`).
    #[serde(default)]
    pub languages: Vec<String>,
    /// Technologies it implies (`react`).
    #[serde(default)]
    pub implies: Vec<String>,
    /// Path signs: globs matched at any depth (`acme.config.*`, `src/widgets/**/*.tsx`).
    #[serde(default)]
    pub files: Vec<String>,
    /// Module names imports use; a name also matches its sub-modules (`@acme/ui`).
    #[serde(default)]
    pub imports: Vec<String>,
    /// Programs, or a program and its first arguments (`acme`, `npx acme-cli`).
    #[serde(default)]
    pub commands: Vec<String>,
    /// Dependency names in any manifest (`@acme/ui`, `acme-core`); a trailing `*` matches a
    /// prefix.
    #[serde(default)]
    pub packages: Vec<String>,
}

/// MCP server settings.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct McpConfig {
    /// Commit each agent write on a new branch named `<prefix><file slug>` (e.g. `lore/`), so
    /// agent-written patterns can be reviewed as pull requests. None: the current branch.
    pub branch_prefix: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OllamaConfig {
    pub host: String,
    pub model: String,
    /// Timeout for embedding calls made by ingest (per batch).
    pub timeout_ms: u64,
    /// Hard timeout for the query embedding made inside a hook.
    pub query_timeout_ms: u64,
    /// Prefix before every query embedded; None: the one `model` expects (see
    /// `core::embedding_prompt`), "" for none.
    pub query_prefix: Option<String>,
    /// Prefix before every section embedded; None: the one `model` expects.
    pub document_prefix: Option<String>,
}

impl OllamaConfig {
    /// The prefixes queries and documents are embedded with.
    pub fn prompts(&self) -> EmbeddingPrompts {
        EmbeddingPrompts::for_model(
            &self.model,
            self.query_prefix.as_deref(),
            self.document_prefix.as_deref(),
        )
    }
}

impl Default for OllamaConfig {
    fn default() -> Self {
        Self {
            host: "http://127.0.0.1:11434".into(),
            model: "nomic-embed-text".into(),
            timeout_ms: 30_000,
            query_timeout_ms: 300,
            query_prefix: None,
            document_prefix: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SearchConfig {
    pub hybrid: bool,
    pub top_k: usize,
    pub min_relevance: f64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            // Off until hybrid beats full text on real teams' rule files (see
            // docs/benchmarks.md); a team turns it on with `hybrid = true`.
            hybrid: false,
            top_k: 5,
            min_relevance: 0.6,
        }
    }
}

/// Hook settings: per-event character budgets and which tools trigger PreToolUse injection.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HookConfig {
    pub session_start_budget: usize,
    pub prompt_budget: usize,
    pub tool_budget: usize,
    pub failure_budget: usize,
    pub subagent_budget: usize,
    /// Tools whose PreToolUse calls get conventions injected.
    pub tools: Vec<String>,
    /// Most patterns injected for one event.
    pub max_patterns: usize,
    /// Patterns edited since the last ingest are picked up at SessionStart when the knowledge
    /// dir has at most this many files (keeps SessionStart bounded on huge trees).
    pub session_start_ingest_limit: usize,
    /// Milliseconds a hook call may take from its start: once they have passed, the hook
    /// stops at its next step and answers nothing (well under the harnesses' own timeouts).
    pub deadline_ms: u64,
}

impl Default for HookConfig {
    fn default() -> Self {
        Self {
            session_start_budget: 3_000,
            prompt_budget: 6_000,
            tool_budget: 6_000,
            failure_budget: 4_000,
            subagent_budget: 4_000,
            tools: ["Edit", "Write", "MultiEdit", "NotebookEdit", "Bash"]
                .map(String::from)
                .to_vec(),
            max_patterns: 5,
            session_start_ingest_limit: 5_000,
            deadline_ms: 1_500,
        }
    }
}

/// The file as written: everything optional but `knowledge_dir`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    knowledge_dir: PathBuf,
    database: Option<PathBuf>,
    #[serde(default)]
    ollama: OllamaConfig,
    #[serde(default)]
    search: SearchConfig,
    #[serde(default)]
    hook: HookConfig,
    #[serde(default)]
    mcp: McpConfig,
    #[serde(default)]
    ingest: IngestConfig,
    #[serde(default)]
    technologies: Vec<TechnologyConfig>,
    #[serde(default)]
    sources: SourcesConfig,
    #[serde(default)]
    learn: LearnConfig,
}

/// A `lore.toml` that cannot be used.
#[derive(Debug, Error, PartialEq)]
pub enum ConfigError {
    #[error("{path}:{line}: {message}")]
    Invalid {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

/// Parse `text` (the contents of `path`). Relative paths resolve against `path`'s directory.
pub fn parse_config(path: &Path, text: &str) -> Result<Config, ConfigError> {
    let raw: RawConfig = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1)
            .unwrap_or(1);
        ConfigError::Invalid {
            path: path.to_path_buf(),
            line,
            message: describe_toml_error(e.message()),
        }
    })?;
    let base = path.parent().unwrap_or(Path::new("."));
    let invalid = |key: &str, message: String| ConfigError::Invalid {
        path: path.to_path_buf(),
        line: key_line(text, key),
        message,
    };
    for (key, budget) in [
        ("session_start_budget", raw.hook.session_start_budget),
        ("prompt_budget", raw.hook.prompt_budget),
        ("tool_budget", raw.hook.tool_budget),
        ("failure_budget", raw.hook.failure_budget),
        ("subagent_budget", raw.hook.subagent_budget),
    ] {
        if budget >= CLAUDE_CONTEXT_LIMIT {
            return Err(invalid(
                key,
                format!(
                    "`hook.{key}` is {budget}, but Claude Code replaces context of {CLAUDE_CONTEXT_LIMIT} characters or more with a stub; use a value below {CLAUDE_CONTEXT_LIMIT}"
                ),
            ));
        }
    }
    if !(0.0..=1.0).contains(&raw.search.min_relevance) {
        return Err(invalid(
            "min_relevance",
            format!(
                "`search.min_relevance` is {}, but scores are normalised to 0..1; use a value between 0 and 1",
                raw.search.min_relevance
            ),
        ));
    }
    if raw.ingest.max_pattern_bytes == 0 {
        return Err(invalid(
            "max_pattern_bytes",
            "`ingest.max_pattern_bytes` must be at least 1".to_string(),
        ));
    }
    if !(1..=MAX_DEADLINE_MS).contains(&raw.hook.deadline_ms) {
        return Err(invalid(
            "deadline_ms",
            format!(
                "`hook.deadline_ms` is {}, but a hook needs at least 1 ms and the agent harnesses stop a hook after {} s; use a value from 1 to {MAX_DEADLINE_MS} (the default is 1500)",
                raw.hook.deadline_ms,
                MAX_DEADLINE_MS / 1000
            ),
        ));
    }
    if raw.search.top_k == 0 {
        return Err(invalid(
            "top_k",
            "`search.top_k` must be at least 1".to_string(),
        ));
    }
    learn::check(&raw.learn).map_err(|(key, message)| invalid(key, message))?;
    let technologies =
        technologies::validate(text, raw.technologies).map_err(|(line, message)| {
            ConfigError::Invalid {
                path: path.to_path_buf(),
                line,
                message,
            }
        })?;
    let database = raw
        .database
        .unwrap_or_else(|| PathBuf::from(".lore/index.db"));
    Ok(Config {
        path: Some(path.to_path_buf()),
        knowledge_dir: base.join(raw.knowledge_dir),
        database: base.join(database),
        ollama: raw.ollama,
        search: raw.search,
        hook: raw.hook,
        mcp: raw.mcp,
        ingest: raw.ingest,
        technologies,
        sources: raw.sources,
        learn: raw.learn,
    })
}

/// toml's messages name the key but not what lore expects; add the remedy for the common cases.
fn describe_toml_error(message: &str) -> String {
    let message = message.trim();
    if message.starts_with("unknown field") {
        format!("{message}; remove it or check its spelling")
    } else if message.contains("missing field `knowledge_dir`") {
        "missing `knowledge_dir`: add e.g. `knowledge_dir = \"patterns\"`".to_string()
    } else {
        message.to_string()
    }
}

/// Best-effort line of `key = ...` in the file, for errors found after parsing.
fn key_line(text: &str, key: &str) -> usize {
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            l.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(1, |i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        parse_config(Path::new("/repo/lore.toml"), text)
    }

    #[test]
    fn defaults_and_relative_paths_resolve_against_the_file() {
        let c = parse("knowledge_dir = \"patterns\"\n").unwrap();
        assert_eq!(c.knowledge_dir, PathBuf::from("/repo/patterns"));
        assert_eq!(c.database, PathBuf::from("/repo/.lore/index.db"));
        assert_eq!(c.search.top_k, 5);
        assert!(!c.search.hybrid);
        assert_eq!(c.search.min_relevance, 0.6);
        assert_eq!(c.ollama.model, "nomic-embed-text");
        assert_eq!(c.ollama.host, "http://127.0.0.1:11434");
        assert_eq!(c.ingest.max_pattern_bytes, 1_048_576);
        assert_eq!(c.repository_root(), Some(Path::new("/repo")));
        assert_eq!(c.sources, SourcesConfig::default());
        assert!(c.learn.capture);
        assert_eq!(c.learn.note_cues[0], "remember:");
    }

    #[test]
    fn learn_settings_are_read_and_bad_cues_name_key_and_line() {
        let c = parse(
            "knowledge_dir = \"p\"\n[learn]\ncapture = false\nnote_cues = [\"team rule:\"]\n",
        )
        .unwrap();
        assert!(!c.learn.capture);
        assert_eq!(c.learn.note_cues, ["team rule:"]);
        let err = parse("knowledge_dir = \"p\"\n[learn]\nnote_cues = [\"\"]\n").unwrap_err();
        assert!(err.to_string().starts_with("/repo/lore.toml:3: "), "{err}");
    }

    #[test]
    fn an_unknown_source_names_key_and_line() {
        let err =
            parse("knowledge_dir = \"p\"\n[sources]\ncursor = false\nzed = true\n").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("/repo/lore.toml:4: "), "{msg}");
        assert!(msg.contains("zed"), "{msg}");
    }

    #[test]
    fn max_pattern_bytes_is_read_and_zero_is_refused() {
        let c = parse("knowledge_dir = \"p\"\n[ingest]\nmax_pattern_bytes = 2048\n").unwrap();
        assert_eq!(c.ingest.max_pattern_bytes, 2048);
        let err = parse("knowledge_dir = \"p\"\n[ingest]\nmax_pattern_bytes = 0\n").unwrap_err();
        assert!(err.to_string().starts_with("/repo/lore.toml:3: "), "{err}");
    }

    #[test]
    fn absolute_paths_are_kept() {
        let c = parse("knowledge_dir = \"/kb\"\ndatabase = \"/var/lore.db\"\n").unwrap();
        assert_eq!(c.knowledge_dir, PathBuf::from("/kb"));
        assert_eq!(c.database, PathBuf::from("/var/lore.db"));
    }

    #[test]
    fn unknown_key_names_key_and_line() {
        let err = parse("knowledge_dir = \"p\"\n\n[search]\ntop_kk = 3\n").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("/repo/lore.toml:4: "), "{msg}");
        assert!(msg.contains("top_kk"), "{msg}");
    }

    #[test]
    fn wrong_type_names_key_and_line() {
        let err = parse("knowledge_dir = \"p\"\n[search]\nhybrid = \"yes\"\n").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("/repo/lore.toml:3: "), "{msg}");
    }

    #[test]
    fn missing_knowledge_dir_says_what_to_add() {
        let err = parse("[search]\ntop_k = 3\n").unwrap_err();
        assert!(
            err.to_string().contains("knowledge_dir = \"patterns\""),
            "{err}"
        );
    }

    #[test]
    fn budget_at_claude_limit_is_refused() {
        let err = parse("knowledge_dir = \"p\"\n[hook]\ntool_budget = 12000\n").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("/repo/lore.toml:3: "), "{msg}");
        assert!(msg.contains("10000"), "{msg}");
    }

    #[test]
    fn the_hook_deadline_defaults_to_1500_ms_and_stays_within_the_harness_timeouts() {
        assert_eq!(
            parse("knowledge_dir = \"p\"\n").unwrap().hook.deadline_ms,
            1_500
        );
        let set = parse("knowledge_dir = \"p\"\n[hook]\ndeadline_ms = 250\n").unwrap();
        assert_eq!(set.hook.deadline_ms, 250);
        for bad in ["0", "60001"] {
            let err = parse(&format!(
                "knowledge_dir = \"p\"\n[hook]\ndeadline_ms = {bad}\n"
            ))
            .unwrap_err()
            .to_string();
            assert!(err.starts_with("/repo/lore.toml:3: "), "{err}");
            assert!(err.contains("`hook.deadline_ms`"), "{err}");
        }
    }

    const TEAM: &str = r#"knowledge_dir = "patterns"

[[technologies]]
name = "acme-ui"
aliases = ["Acme UI"]
languages = ["TypeScript", "tsx"]
implies = ["Next.js", "acme-core"]
files = ["acme.config.*", "src/widgets/**/*.tsx"]
imports = ["@acme/ui"]
commands = ["acme"]
packages = ["@acme/ui"]

[[technologies]]
name = "acme-core"
"#;

    #[test]
    fn team_technologies_come_back_canonical() {
        let c = parse(TEAM).unwrap();
        assert_eq!(c.technologies.len(), 2);
        let acme = &c.technologies[0];
        assert_eq!(acme.name, "acme-ui");
        assert_eq!(acme.languages, ["typescript"]);
        assert_eq!(acme.implies, ["nextjs", "acme-core"]);
        assert_eq!(acme.files, ["acme.config.*", "src/widgets/**/*.tsx"]);
        assert!(
            parse("knowledge_dir = \"p\"\n")
                .unwrap()
                .technologies
                .is_empty()
        );
    }

    #[test]
    fn bad_team_technologies_name_key_and_line() {
        let cases: &[(&str, &str, usize, &str)] = &[
            (
                "languages = [\"TypeScript\", \"tsx\"]",
                "languages = [\"cobol-ish\"]",
                6,
                "cobol-ish",
            ),
            (
                "implies = [\"Next.js\", \"acme-core\"]",
                "implies = [\"acme-kore\"]",
                7,
                "acme-kore",
            ),
            (
                "files = [\"acme.config.*\", \"src/widgets/**/*.tsx\"]",
                "files = [\"src/[ab].tsx\"]",
                8,
                "src/[ab].tsx",
            ),
            ("name = \"acme-ui\"", "name = \"Acme UI\"", 4, "lower-case"),
            (
                "commands = [\"acme\"]",
                "commands = [\" \"]",
                10,
                "empty item",
            ),
            (
                "imports = [\"@acme/ui\"]",
                "import = [\"@acme/ui\"]",
                9,
                "import",
            ),
        ];
        for (from, to, line, says) in cases {
            let text = TEAM.replace(from, to);
            let msg = parse(&text).unwrap_err().to_string();
            assert!(
                msg.starts_with(&format!("/repo/lore.toml:{line}: ")),
                "{to}: {msg}"
            );
            assert!(msg.contains(says), "{to}: {msg}");
        }
        let twice = TEAM
            .replace(", \"acme-core\"]", "]")
            .replace("name = \"acme-core\"", "name = \"acme-ui\"");
        let msg = parse(&twice).unwrap_err().to_string();
        assert!(msg.starts_with("/repo/lore.toml:14: "), "{msg}");
        assert!(msg.contains("twice"), "{msg}");
    }
}
