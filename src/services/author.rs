//! Author: the only code that writes pattern files for agents (MCP `add_pattern`,
//! `update_pattern`, `append_to_pattern`). Every write validates its inputs against size
//! limits, stays inside the knowledge dir (no `..`, no absolute path, no symlink escape) and
//! where ingest looks (never a hidden, `.loreignore`d or linked path), is
//! serialised by an exclusive lock beside the index, replaces the file atomically, re-indexes
//! it in the same call, and is committed when the knowledge dir is inside a git repository.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::core::config::Config;
use crate::core::pattern::{PatternError, parse_pattern};
use crate::services::ingest::{
    IngestError, IngestOptions, IngestReport, NoProgress, ingest, ingest_with_embeddings,
    is_pattern_file,
};
use crate::services::workspace::{WorkspaceError, open_index_building_if_missing};
use crate::storage::atomic_file::write_atomically;
use crate::storage::bounded_read::read_bounded;
use crate::storage::embed::{Embedder, OllamaEmbedder};

mod checks;
mod git;
mod lock;
mod text;

pub use checks::check_len;
use checks::{
    check_body, check_items, check_single_line, refuse_skipped, relative_inside, resolve_dir,
};
use lock::WriteLock;

use git::commit_file;
pub use git::{BRANCH_PREFIX_ENV, CommitOutcome};
use text::{render_append, render_update};
pub use text::{render_new_pattern, slugify};

/// Size limits on every argument an agent can send, in characters (or entries).
pub mod limits {
    pub const QUERY: usize = 4_096;
    pub const TITLE: usize = 200;
    pub const BODY: usize = 65_536;
    pub const HEADING: usize = 200;
    pub const SOURCE: usize = 512;
    pub const DIRECTORY: usize = 256;
    /// Each tag, language token or path glob.
    pub const ITEM: usize = 128;
    /// Entries in `tags`, `language` or `paths`.
    pub const ITEMS: usize = 32;
    /// Longest file-name stem made from a title.
    pub const SLUG: usize = 80;
}

#[derive(Debug, Error)]
pub enum AuthorError {
    #[error("{field} is {len} characters; the limit is {limit}")]
    TooLong {
        field: &'static str,
        len: usize,
        limit: usize,
    },
    #[error("{field} has {count} entries; the limit is {limit}")]
    TooMany {
        field: &'static str,
        count: usize,
        limit: usize,
    },
    #[error("{field} {problem}")]
    Invalid {
        field: &'static str,
        problem: String,
    },
    #[error(
        "{requested:?} is not a path inside the knowledge dir {dir}: {why}; give a relative path such as `errors.md` or `rust/errors.md`"
    )]
    OutsideKnowledgeDir {
        requested: String,
        dir: PathBuf,
        why: &'static str,
    },
    #[error(
        "{requested:?} would not be indexed: {why}; ingest skips it, so lore does not write it there; choose another directory (or fix `.loreignore`)"
    )]
    SkippedByIngest { requested: String, why: String },
    #[error(
        "a pattern file `{existing}` already exists for this title; choose another title, or change that file with update_pattern or append_to_pattern"
    )]
    Exists { existing: String },
    #[error(
        "no pattern file `{name}` in the knowledge dir; pass a source as search_patterns shows it, e.g. `errors.md`"
    )]
    NotFound { name: String },
    #[error("the new text is not a valid pattern, nothing was written: {0}")]
    InvalidPattern(#[from] PatternError),
    #[error("cannot take the write lock {path}: {source}")]
    Lock {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Workspace(#[from] WorkspaceError),
    #[error(transparent)]
    Ingest(#[from] IngestError),
}

impl AuthorError {
    /// Is this the caller's input at fault (as opposed to the file system or the index)?
    pub fn is_invalid_input(&self) -> bool {
        matches!(
            self,
            Self::TooLong { .. }
                | Self::TooMany { .. }
                | Self::Invalid { .. }
                | Self::OutsideKnowledgeDir { .. }
                | Self::SkippedByIngest { .. }
        )
    }
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> AuthorError + '_ {
    move |source| AuthorError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A new pattern to write.
#[derive(Debug, Clone, Default)]
pub struct NewPattern {
    pub title: String,
    pub body: String,
    pub tags: Vec<String>,
    pub languages: Vec<String>,
    pub paths: Vec<String>,
    /// Sub-directory of the knowledge dir to create the file in.
    pub directory: Option<String>,
    /// The day (`YYYY-MM-DD`) a person accepted it from the review inbox: written as
    /// `learned:` in the frontmatter.
    pub learned: Option<String>,
}

/// Who asked for a write: it says so in the commit message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Writer {
    /// An agent, through the MCP server.
    Agent,
    /// A person accepting an item of the review inbox (`lore inbox accept`).
    Reviewer,
}

impl Writer {
    fn says(self, verb: &str, tool: &str) -> String {
        match self {
            Writer::Agent => format!("{verb} by an agent through the lore MCP server ({tool})."),
            Writer::Reviewer => {
                "Accepted from lore's review inbox (`lore inbox accept`): a correction made in an agent session, reviewed by a person.".to_string()
            }
        }
    }
}

/// A replacement for an existing pattern's text. `None` keeps a frontmatter list, an empty
/// list removes it.
#[derive(Debug, Clone, Default)]
pub struct PatternUpdate {
    pub source: String,
    pub body: String,
    pub tags: Option<Vec<String>>,
    pub languages: Option<Vec<String>>,
}

/// A section to add at the end of an existing pattern.
#[derive(Debug, Clone, Default)]
pub struct PatternAppend {
    pub source: String,
    pub heading: String,
    pub body: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WriteAction {
    Added,
    Updated,
    Appended,
}

/// What one write did.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct WriteOutcome {
    pub action: WriteAction,
    /// Relative to the knowledge dir, `/`-separated (the pattern's identity in the index).
    pub source: String,
    pub path: PathBuf,
    pub ingest: IngestReport,
    pub commit: CommitOutcome,
    /// Other patterns of the knowledge dir with the title of the one added: the same
    /// convention split in two, or the same topic in another language's folder.
    pub same_title: Vec<String>,
}

/// Index the knowledge dir once under the write lock (a delta: only changed files are
/// parsed), e.g. when a server starts.
pub fn refresh_index(config: &Config) -> Result<IngestReport, AuthorError> {
    let _lock = WriteLock::acquire(config)?;
    let (mut index, built) = open_index_building_if_missing(config, &mut NoProgress)?;
    match built {
        Some(built) => Ok(built.report),
        None => Ok(ingest(
            config,
            &mut index,
            &IngestOptions::default(),
            &mut NoProgress,
        )?),
    }
}

/// Write `text` to `path` (atomically), re-index it, commit it. Called under the lock.
fn write_and_index(
    config: &Config,
    root: &Path,
    path: &Path,
    text: &str,
    action: WriteAction,
    message: String,
) -> Result<WriteOutcome, AuthorError> {
    let source =
        crate::services::ingest::source_name(root, path).ok_or_else(|| AuthorError::NotFound {
            name: path.display().to_string(),
        })?;
    parse_pattern(&source, text)?;
    write_atomically(path, text.as_bytes()).map_err(io_err(path))?;
    // A missing index is built whole (the new file included), not from this one file.
    let (mut index, built) = open_index_building_if_missing(config, &mut NoProgress)?;
    let report = match built {
        Some(built) => built.report,
        None => {
            // New sections get their vectors now when hybrid search is on; if Ollama is
            // unavailable the write still succeeds and they are found by full text.
            let embedder = OllamaEmbedder::when_hybrid(config, false).ok().flatten();
            ingest_with_embeddings(
                config,
                &mut index,
                &IngestOptions {
                    file: Some(path.to_path_buf()),
                    ..IngestOptions::default()
                },
                embedder.as_ref().map(|e| e as &dyn Embedder),
                &mut NoProgress,
            )?
        }
    };
    let branch_slug = slugify(&Path::new(&source).with_extension("").to_string_lossy());
    let commit = commit_file(
        root,
        path,
        &message,
        &branch_slug,
        config.mcp.branch_prefix.as_deref(),
    );
    Ok(WriteOutcome {
        same_title: Vec::new(),
        action,
        source,
        path: path.to_path_buf(),
        ingest: report,
        commit,
    })
}

/// Create a new pattern file named from its title.
pub fn add_pattern(config: &Config, p: &NewPattern) -> Result<WriteOutcome, AuthorError> {
    add_pattern_by(config, p, Writer::Agent)
}

/// [`add_pattern`] for a correction a person accepted from the review inbox.
pub fn add_learned_pattern(config: &Config, p: &NewPattern) -> Result<WriteOutcome, AuthorError> {
    add_pattern_by(config, p, Writer::Reviewer)
}

fn add_pattern_by(
    config: &Config,
    p: &NewPattern,
    writer: Writer,
) -> Result<WriteOutcome, AuthorError> {
    check_single_line("title", &p.title, limits::TITLE)?;
    check_body("body", &p.body)?;
    check_items("tags", &p.tags)?;
    check_items("language", &p.languages)?;
    check_items("paths", &p.paths)?;
    let root = &config.knowledge_dir;
    let dir = match &p.directory {
        Some(d) if !d.trim().is_empty() => {
            check_len("directory", d, limits::DIRECTORY)?;
            relative_inside(root, d)?
        }
        _ => PathBuf::new(),
    };
    let slug = slugify(&p.title);
    if slug.is_empty() {
        return Err(AuthorError::Invalid {
            field: "title",
            problem: "has no letters or digits to name the file after".into(),
        });
    }
    let _lock = WriteLock::acquire(config)?;
    let rel = dir.join(format!("{slug}.md"));
    let requested = rel.display().to_string();
    refuse_skipped(root, &rel, &requested)?;
    let (canonical_root, parent) = resolve_dir(root, &dir, &requested, true)?;
    let path = parent.join(format!("{slug}.md"));
    if std::fs::symlink_metadata(&path).is_ok() {
        return Err(AuthorError::Exists {
            existing: crate::services::ingest::source_name(&canonical_root, &path)
                .unwrap_or(requested),
        });
    }
    let same_title = patterns_titled(config, &p.title)?;
    let text = render_new_pattern(p);
    let message = format!(
        "lore: add pattern \"{}\"\n\n{}",
        p.title.trim(),
        writer.says("Written", "add_pattern")
    );
    let mut outcome = write_and_index(
        config,
        &canonical_root,
        &path,
        &text,
        WriteAction::Added,
        message,
    )?;
    outcome.same_title = same_title;
    Ok(outcome)
}

/// The patterns of the knowledge dir (not other agents' rule files) whose title is `title`,
/// in any folder.
fn patterns_titled(config: &Config, title: &str) -> Result<Vec<String>, AuthorError> {
    if !config.database.exists() {
        return Ok(Vec::new());
    }
    let (index, _) = open_index_building_if_missing(config, &mut NoProgress)?;
    let wanted = title.trim().to_lowercase();
    Ok(index
        .pattern_scopes()
        .map_err(WorkspaceError::from)?
        .into_iter()
        .filter(|row| {
            row.title.trim().to_lowercase() == wanted
                && config.knowledge_dir.join(&row.source).is_file()
        })
        .map(|row| row.source)
        .collect())
}

/// Resolve an existing pattern file from a source name; refuses symlinks.
fn existing_pattern(config: &Config, source: &str) -> Result<(PathBuf, PathBuf), AuthorError> {
    check_single_line("source", source, limits::SOURCE)?;
    let root = &config.knowledge_dir;
    let rel = relative_inside(root, source)?;
    if !is_pattern_file(&rel) {
        return Err(AuthorError::Invalid {
            field: "source",
            problem: format!("{source:?} is not a pattern file (.md, .markdown or .mdc)"),
        });
    }
    refuse_skipped(root, &rel, source)?;
    let (Some(dir), Some(name)) = (rel.parent(), rel.file_name()) else {
        return Err(AuthorError::NotFound {
            name: source.into(),
        });
    };
    let (canonical_root, parent) = resolve_dir(root, dir, source, false)?;
    let path = parent.join(name);
    match std::fs::symlink_metadata(&path) {
        Ok(m) if m.file_type().is_symlink() => Err(AuthorError::OutsideKnowledgeDir {
            requested: source.into(),
            dir: root.clone(),
            why: "it is a symlink, and lore does not write through symlinks",
        }),
        Ok(m) if m.is_file() => Ok((canonical_root, path)),
        _ => Err(AuthorError::NotFound {
            name: source.into(),
        }),
    }
}

/// The current text of a pattern file, read as ingest reads it (regular file, size cap).
fn read_current(config: &Config, path: &Path) -> Result<String, AuthorError> {
    let bytes = read_bounded(path, config.ingest.max_pattern_bytes, false).map_err(|e| {
        AuthorError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::other(e.to_string()),
        }
    })?;
    String::from_utf8(bytes).map_err(|_| AuthorError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other("not valid UTF-8; save the file as UTF-8"),
    })
}

/// Replace an existing pattern's text (below its title), optionally its tags and language.
pub fn update_pattern(config: &Config, u: &PatternUpdate) -> Result<WriteOutcome, AuthorError> {
    check_body("body", &u.body)?;
    check_items("tags", u.tags.as_deref().unwrap_or_default())?;
    check_items("language", u.languages.as_deref().unwrap_or_default())?;
    let _lock = WriteLock::acquire(config)?;
    let (root, path) = existing_pattern(config, &u.source)?;
    let current = read_current(config, &path)?;
    let text = render_update(&current, u);
    let message = format!(
        "lore: update pattern {}\n\nRewritten by an agent through the lore MCP server (update_pattern).",
        u.source.trim()
    );
    write_and_index(config, &root, &path, &text, WriteAction::Updated, message)
}

/// Add a `## heading` section at the end of an existing pattern.
pub fn append_to_pattern(config: &Config, a: &PatternAppend) -> Result<WriteOutcome, AuthorError> {
    append_by(config, a, Writer::Agent)
}

/// [`append_to_pattern`] for a correction a person accepted from the review inbox.
pub fn append_learned(config: &Config, a: &PatternAppend) -> Result<WriteOutcome, AuthorError> {
    append_by(config, a, Writer::Reviewer)
}

fn append_by(
    config: &Config,
    a: &PatternAppend,
    writer: Writer,
) -> Result<WriteOutcome, AuthorError> {
    check_single_line("heading", &a.heading, limits::HEADING)?;
    check_body("body", &a.body)?;
    let _lock = WriteLock::acquire(config)?;
    let (root, path) = existing_pattern(config, &a.source)?;
    let current = read_current(config, &path)?;
    let text = render_append(&current, a);
    let message = format!(
        "lore: add section \"{}\" to {}\n\n{}",
        a.heading.trim(),
        a.source.trim(),
        writer.says("Appended", "append_to_pattern")
    );
    write_and_index(config, &root, &path, &text, WriteAction::Appended, message)
}

#[cfg(test)]
mod tests;
