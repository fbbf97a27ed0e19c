//! Pattern model: a convention file parsed into frontmatter metadata and heading chunks.
//!
//! Parsing is pure: callers hand in the file's relative path and text, and get a [`Pattern`]
//! or a [`PatternError`] naming the file, line and key at fault.

mod chunk;
mod frontmatter;
mod sections;
mod values;
mod yaml_bounds;

pub use chunk::chunk_markdown;
pub use frontmatter::{parse_frontmatter, split_frontmatter};
pub use sections::{SectionSpan, chunk_spans, section_spans};
pub use yaml_bounds::{MAX_DEPTH as MAX_FRONTMATTER_DEPTH, MAX_FRONTMATTER_BYTES};

use thiserror::Error;

/// When a universal pattern applies: tool names and Bash command prefixes.
/// An empty predicate (both lists empty) means "always".
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AppliesWhen {
    /// Tool names, matched case-insensitively (`Edit`, `Bash`, ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<String>,
    /// Bash command prefixes (`git commit`, `cargo`), matched on word boundaries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commands: Vec<String>,
}

impl AppliesWhen {
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty() && self.commands.is_empty()
    }
}

/// The frontmatter keys lore understands, normalised from lore's own names and from
/// Cursor (`globs`, `alwaysApply`) and Copilot (`applyTo`) rule formats.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Frontmatter {
    /// Free-form tags, trimmed, in file order, duplicates removed.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Declared languages, lower-cased (the structural language gate).
    #[serde(default)]
    pub languages: Vec<String>,
    /// Declared technologies (`technologies: [nextjs, supabase]`): canonical names when the
    /// built-in table knows them (`Next.js` → `nextjs`), else lower-cased as written (a
    /// team's own, resolved against `lore.toml` later).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub technologies: Vec<String>,
    /// The `technologies` key is present, even with no value: the list is then the whole
    /// answer (see `TechnologyTable::of_pattern`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub technologies_declared: bool,
    /// Always-on tier (`universal: true`, tag `universal`, or Cursor `alwaysApply: true`).
    #[serde(default)]
    pub universal: bool,
    /// Optional gate for universal patterns.
    #[serde(default)]
    pub applies_when: AppliesWhen,
    /// File globs (`paths`, Cursor `globs`, Copilot `applyTo`).
    #[serde(default)]
    pub paths: Vec<String>,
    #[serde(default)]
    pub description: Option<String>,
}

/// One heading section of a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// 0-based position in the pattern.
    pub ordinal: usize,
    /// Headings from the top of the document down to this section (empty for text before
    /// the first heading).
    pub heading_path: Vec<String>,
    /// The section's text including its own heading line, code fences intact.
    pub body: String,
    /// 1-based line in the file where the section starts.
    pub line: usize,
}

impl Chunk {
    /// The section's own heading, if any.
    pub fn heading(&self) -> Option<&str> {
        self.heading_path.last().map(String::as_str)
    }
}

/// A parsed pattern file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// Path relative to the knowledge dir, with `/` separators.
    pub source: String,
    /// First `#` heading, else the file stem.
    pub title: String,
    pub frontmatter: Frontmatter,
    /// The markdown after the frontmatter.
    pub body: String,
    pub chunks: Vec<Chunk>,
}

/// A pattern file that cannot be used as it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{source_path}:{line}: {message}")]
pub struct PatternError {
    pub source_path: String,
    /// 1-based line in the file.
    pub line: usize,
    /// The frontmatter key at fault, when there is one.
    pub key: Option<String>,
    /// What is wrong and what to do, e.g. "`tags` must be a list of strings, e.g. `tags: [errors, rust]`".
    pub message: String,
}

/// Parse one pattern file. `source` is its path relative to the knowledge dir.
pub fn parse_pattern(source: &str, text: &str) -> Result<Pattern, PatternError> {
    let (yaml, body, body_line) = split_frontmatter(source, text)?;
    let frontmatter = match yaml {
        Some(yaml) => parse_frontmatter(source, yaml)?,
        None => Frontmatter::default(),
    };
    Ok(assemble_pattern(source, frontmatter, body, body_line))
}

/// A pattern from frontmatter already read (other agents' rule files are read leniently, see
/// `core::sources`) and the markdown after it, which starts on file line `body_line`.
pub fn assemble_pattern(
    source: &str,
    frontmatter: Frontmatter,
    body: &str,
    body_line: usize,
) -> Pattern {
    // A file saved with Windows line endings reads as any other: a `\r` would reach the
    // agent in every excerpt and count against its budget. Lines stay where they were.
    let unix;
    let body = if body.contains('\r') {
        unix = body.replace("\r\n", "\n");
        unix.as_str()
    } else {
        body
    };
    let (chunks, h1) = chunk::chunk_with_title(body, body_line);
    // A frontmatter `title:` key is deliberately not used: the heading is what readers see.
    let title = h1.unwrap_or_else(|| file_stem(source));
    Pattern {
        source: source.to_string(),
        title,
        frontmatter,
        body: body.to_string(),
        chunks,
    }
}

/// The file name without its directory, its markdown extension (`.md`, `.markdown`, `.mdc`,
/// any case) and Copilot's format mark (`migrations.instructions.md` is `migrations`).
fn file_stem(source: &str) -> String {
    let name = source.rsplit(['/', '\\']).next().unwrap_or(source);
    let lower = name.to_ascii_lowercase();
    let stem = [".markdown", ".mdc", ".md"]
        .iter()
        .find(|ext| lower.ends_with(*ext) && lower.len() > ext.len())
        .map_or(name, |ext| &name[..name.len() - ext.len()]);
    const MARK: &str = ".instructions";
    let marked = stem.len() > MARK.len() && stem.to_ascii_lowercase().ends_with(MARK);
    let stem = if marked {
        &stem[..stem.len() - MARK.len()]
    } else {
        stem
    };
    stem.to_string()
}

#[cfg(test)]
mod tests;
