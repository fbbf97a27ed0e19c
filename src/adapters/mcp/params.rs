//! Tool arguments as MCP clients send them, with the JSON Schema each tool advertises.
//! Every field carries a description; limits are stated there and enforced by the services.

use rmcp::schemars::JsonSchema;
use serde::Deserialize;

/// A string or a list of strings (`"rust"` or `["rust", "sql"]`).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    /// The values, with empty strings dropped (so `""` and `[]` both mean "none").
    pub fn into_vec(self) -> Vec<String> {
        let items = match self {
            Self::One(s) => vec![s],
            Self::Many(v) => v,
        };
        items.into_iter().filter(|s| !s.trim().is_empty()).collect()
    }
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
pub struct SearchParams {
    /// What to look for, in plain words: the task, a file path, an error message, a command (at most 4096 characters).
    pub query: String,
    /// How many matching sections to rank (1 to 50; default: `search.top_k` from lore.toml).
    #[serde(default)]
    pub top_k: Option<u32>,
    /// Only patterns for this language (e.g. `rust`): patterns that declare it, or declare no language and mention it.
    #[serde(default)]
    pub language: Option<String>,
    /// Only patterns carrying at least one of these tags (case-insensitive): a tag or a list.
    #[serde(default)]
    pub tags: Option<OneOrMany>,
    /// Also show each match's rank and scores (BM25), for debugging the ranking.
    #[serde(default)]
    pub include_metadata: Option<bool>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
pub struct AddParams {
    /// The convention's title, one line (at most 200 characters). Becomes the `# Title` heading and, slugged, the file name: "Error handling in Rust" → `error-handling-in-rust.md`.
    pub title: String,
    /// The convention in markdown, without the title heading: what to do, why, and an example; `##` headings split it into sections (at most 65536 characters).
    pub body: String,
    /// Tags that help search find it, a tag or a list (at most 32, each at most 128 characters).
    #[serde(default)]
    pub tags: Option<OneOrMany>,
    /// Language(s) the convention is limited to, e.g. `rust` or `["rust", "sql"]`; omit for language-neutral conventions.
    #[serde(default)]
    pub language: Option<OneOrMany>,
    /// File globs the convention applies to, a glob or a list, e.g. `["src/storage/**"]` (at most 32).
    #[serde(default)]
    pub paths: Option<OneOrMany>,
    /// Sub-directory of the knowledge dir to create the file in, e.g. `rust` (relative; created if missing; at most 256 characters).
    #[serde(default)]
    pub directory: Option<String>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
pub struct UpdateParams {
    /// The pattern file as search_patterns shows it, relative to the knowledge dir, e.g. `error-handling.md`.
    pub source: String,
    /// The new markdown text; replaces everything below the `# Title` line (the title is kept unless this starts with its own `# ` heading). At most 65536 characters.
    pub body: String,
    /// New tags, a tag or a list: omit to keep the current ones, `[]` to remove them.
    #[serde(default)]
    pub tags: Option<OneOrMany>,
    /// New language(s): omit to keep, `[]` or `""` to remove.
    #[serde(default)]
    pub language: Option<OneOrMany>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
pub struct AppendParams {
    /// The pattern file as search_patterns shows it, relative to the knowledge dir, e.g. `error-handling.md`.
    pub source: String,
    /// Heading of the new `##` section, one line (at most 200 characters).
    pub heading: String,
    /// The section's markdown text (at most 65536 characters).
    pub body: String,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
pub struct ProposeParams {
    /// The convention's title, one line (at most 200 characters).
    pub title: String,
    /// The rule in one or a few sentences: what to do, and what not to (at most 65536 characters).
    pub rule: String,
    /// Language(s) it is limited to, e.g. `python`; omit for language-neutral conventions.
    #[serde(default)]
    pub language: Option<OneOrMany>,
    /// File globs it applies to, a glob or a list, e.g. `["app/services/**"]` (at most 32).
    #[serde(default)]
    pub paths: Option<OneOrMany>,
}
