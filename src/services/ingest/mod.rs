//! Ingest: the only path from pattern files on disk into the index.
//!
//! Delta by file stamp, then content hash (no git needed): a file whose size, times and inode
//! are those recorded when it was last read is not read again (see `core::file_stamp` for
//! when a stamp is trusted), a file read and found unchanged is not parsed again, deleted
//! files leave the index, and everything one run changes is applied in a single transaction.
//! Invalid files are reported (file:line: what to do) while valid ones are still indexed; a
//! file that becomes invalid keeps its previously indexed version until it is fixed.

mod embed;
mod freshness;
mod scan;

use std::collections::{BTreeMap, BTreeSet};
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::core::config::Config;
use crate::core::file_stamp::RecordedFile;
use crate::core::pattern::{Pattern, parse_pattern};
use crate::core::query::mentioned_languages;
use crate::storage::bounded_read::{BoundedReadError, read_pattern_file};
use crate::storage::index::{Index, IndexError, PatternRecord, WriteBatch};
pub use freshness::unchanged_since_last_ingest;
use freshness::{Stored, now_ns, stamp_of};

pub use embed::{
    EMBED_BATCH, EmbedReport, EmbeddingError, embed_missing, embedding_text, ingest_with_embeddings,
};
pub use scan::{
    IGNORE_FILE_NAME, KnowledgeScan, ScanWarning, SourceFile, is_pattern_file, scan_knowledge,
    scan_knowledge_dir, source_name,
};

/// What to ingest.
#[derive(Debug, Clone, Default)]
pub struct IngestOptions {
    /// Rebuild from scratch instead of applying a delta.
    pub force: bool,
    /// Index just this file (relative to the working directory or absolute).
    pub file: Option<PathBuf>,
}

/// Progress callbacks, so adapters can draw a bar without ingest knowing about terminals.
pub trait IngestProgress {
    fn start(&mut self, _total: usize) {}
    fn advance(&mut self, _done: usize) {}
    fn finish(&mut self) {}
}

/// No progress display.
pub struct NoProgress;
impl IngestProgress for NoProgress {}

/// A file ingest could not use, with where and what to do.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct IngestIssue {
    pub source: String,
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for IngestIssue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.source, self.line, self.message)
    }
}

/// The outcome of one ingest run.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct IngestReport {
    pub added: Vec<String>,
    pub updated: Vec<String>,
    pub removed: Vec<String>,
    pub unchanged: usize,
    pub errors: Vec<IngestIssue>,
    /// What the scan of the knowledge dir passed over (links, unreadable folders, names that
    /// are not UTF-8): reported, but not errors.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<ScanWarning>,
    #[serde(serialize_with = "as_millis", rename = "duration_ms")]
    pub duration: Duration,
    /// The embedding step, when it ran ([`ingest_with_embeddings`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub embeddings: Option<EmbedReport>,
    /// How many files were read (the others' stamps proved them unchanged): for the debug
    /// trace, not part of the report users read.
    #[serde(skip)]
    pub files_read: usize,
}

fn as_millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.as_millis() as u64)
}

impl IngestReport {
    pub fn is_clean(&self) -> bool {
        self.errors.is_empty()
    }

    /// `N added, N updated, N removed, N unchanged`: the one wording every printer uses.
    pub fn summary(&self) -> String {
        format!(
            "{} added, {} updated, {} removed, {} unchanged",
            self.added.len(),
            self.updated.len(),
            self.removed.len(),
            self.unchanged
        )
    }
}

#[derive(Debug, Error)]
pub enum IngestError {
    #[error(
        "knowledge dir {0} does not exist; create it, or point `knowledge_dir` in lore.toml at your patterns"
    )]
    KnowledgeDirMissing(PathBuf),
    #[error("cannot list {dir}: {source}")]
    Scan { dir: PathBuf, source: ignore::Error },
    #[error("{path} is not inside the knowledge dir {dir}; only files under it can be indexed")]
    OutsideKnowledgeDir { path: PathBuf, dir: PathBuf },
    #[error("{0} is not a pattern file; lore reads .md, .markdown and .mdc files")]
    NotPatternFile(PathBuf),
    #[error(transparent)]
    Index(#[from] IndexError),
    #[error(transparent)]
    Embedding(#[from] EmbeddingError),
}

/// Hex FNV-1a 64 of the file bytes: cheap, stable across platforms and releases.
pub fn content_hash(bytes: &[u8]) -> String {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(bytes);
    format!("{:016x}", hasher.finish())
}

/// What to tell the user about a pattern file that was not read.
fn unreadable_message(error: &BoundedReadError) -> String {
    match error {
        BoundedReadError::NotRegular { .. } => format!(
            "{error}: not read; remove it, or rename it so it does not end in .md, .markdown \
             or .mdc"
        ),
        BoundedReadError::TooLarge { size, limit } => format!(
            "the file is {size} bytes, more than `ingest.max_pattern_bytes` ({limit}): not \
             read; split it into smaller patterns, or raise the limit in lore.toml"
        ),
        BoundedReadError::Io(e) => format!("cannot read: {e}"),
    }
}

/// Read and parse one file: the pattern, or the issue that stops it.
fn load_file(file: &SourceFile, bytes: Vec<u8>) -> Result<Pattern, IngestIssue> {
    let issue = |line, message: String| IngestIssue {
        source: file.source.clone(),
        line,
        message,
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        let line = e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1;
        issue(line, "not valid UTF-8; save the file as UTF-8".to_string())
    })?;
    parse_pattern(&file.source, &text).map_err(|e| issue(e.line, e.message))
}

/// Run one ingest of `config`'s knowledge dir into `index`. It always writes, so the index
/// records when it last ran (`lore status`) even when nothing changed.
pub fn ingest(
    config: &Config,
    index: &mut Index,
    options: &IngestOptions,
    progress: &mut dyn IngestProgress,
) -> Result<IngestReport, IngestError> {
    let run = Run {
        listing: None,
        write_only_changes: false,
        checked_at_ns: now_ns(),
    };
    run_ingest(config, index, options, run, progress)
}

/// A delta ingest of the whole knowledge dir as `scan` listed it (a hook's refresh, which
/// has listed it already to check its size): when nothing changed it reads only the files
/// whose stamps changed and writes nothing at all.
pub fn ingest_scanned(
    config: &Config,
    index: &mut Index,
    scan: KnowledgeScan,
) -> Result<IngestReport, IngestError> {
    let run = Run {
        listing: Some(scan),
        write_only_changes: true,
        checked_at_ns: now_ns(),
    };
    run_ingest(
        config,
        index,
        &IngestOptions::default(),
        run,
        &mut NoProgress,
    )
}

/// How one ingest runs, beyond what the user asked for.
struct Run {
    /// The knowledge dir already listed, or None to list it (or read `options.file`).
    listing: Option<KnowledgeScan>,
    /// Skip the write when it would change nothing but the last-ingest time.
    write_only_changes: bool,
    /// When the files are checked (before the first `stat`): recorded with their stamps.
    checked_at_ns: i64,
}

fn run_ingest(
    config: &Config,
    index: &mut Index,
    options: &IngestOptions,
    run: Run,
    progress: &mut dyn IngestProgress,
) -> Result<IngestReport, IngestError> {
    let started = Instant::now();
    let root = &config.knowledge_dir;
    if !root.is_dir() {
        return Err(IngestError::KnowledgeDirMissing(root.clone()));
    }
    // `--force` reads every file whatever its stamp says.
    let stored = if options.force {
        Stored(BTreeMap::new())
    } else {
        Stored::load(index)?
    };

    let mut report = IngestReport::default();
    let (files, whole_dir) = match (&options.file, run.listing) {
        (Some(path), _) => (vec![single_file(root, path)?], false),
        (None, Some(scan)) => {
            report.warnings = scan.warnings;
            (scan.files, true)
        }
        (None, None) => {
            let scan = scan_knowledge(root).map_err(|source| IngestError::Scan {
                dir: root.clone(),
                source,
            })?;
            report.warnings = scan.warnings;
            (scan.files, true)
        }
    };

    let mut seen = BTreeSet::new();
    // Read and hash the files whose stamps changed (cheap), keeping the new and changed ones
    // to parse, and the stamps worth recording of those whose text did not change.
    let mut changed: Vec<(&SourceFile, Vec<u8>, RecordedFile)> = Vec::new();
    let mut restamped: Vec<(String, RecordedFile)> = Vec::new();
    let limit = config.ingest.max_pattern_bytes;
    for file in &files {
        seen.insert(file.source.clone());
        if stored.unchanged_on_disk(file) {
            report.unchanged += 1;
            continue;
        }
        report.files_read += 1;
        let (bytes, meta) = match read_pattern_file(&file.path, file.listed_type, limit) {
            Ok(read) => read,
            Err(BoundedReadError::Io(e))
                if e.kind() == std::io::ErrorKind::NotFound && !whole_dir =>
            {
                // `--file` naming a deleted file: drop it from the index.
                seen.remove(&file.source);
                continue;
            }
            Err(e) => {
                report.errors.push(IngestIssue {
                    source: file.source.clone(),
                    line: 1,
                    message: unreadable_message(&e),
                });
                continue;
            }
        };
        let record = RecordedFile {
            stamp: stamp_of(&meta),
            content_hash: content_hash(&bytes),
            seen_at_ns: run.checked_at_ns,
        };
        if stored.hash(&file.source) == Some(record.content_hash.as_str()) {
            report.unchanged += 1;
            let recorded = stored.0.get(&file.source).and_then(|f| f.recorded.as_ref());
            if record.supersedes(recorded) {
                restamped.push((file.source.clone(), record));
            }
        } else {
            changed.push((file, bytes, record));
        }
    }

    // Parse the changed files on every core, in batches so progress can be shown.
    let mut loaded: Vec<ParsedFile> = Vec::new();
    progress.start(changed.len());
    let mut done = 0;
    let mut batches = changed.into_iter().peekable();
    while batches.peek().is_some() {
        let batch: Vec<_> = batches.by_ref().take(PARSE_BATCH).collect();
        done += batch.len();
        for (source, parsed) in parse_in_parallel(batch) {
            match parsed {
                Ok(file) => {
                    if stored.0.contains_key(&source) {
                        report.updated.push(source);
                    } else {
                        report.added.push(source);
                    }
                    loaded.push(file);
                }
                Err(issue) => report.errors.push(issue),
            }
        }
        progress.advance(done);
    }
    progress.finish();
    report.errors.sort_by(|a, b| a.source.cmp(&b.source));

    report.removed = if whole_dir {
        stored
            .0
            .keys()
            .filter(|s| !seen.contains(*s))
            .cloned()
            .collect()
    } else {
        files
            .iter()
            .filter(|f| !seen.contains(&f.source) && stored.0.contains_key(&f.source))
            .map(|f| f.source.clone())
            .collect()
    };

    // A forced rebuild starts from nothing, so files that are invalid now are absent after it.
    let replace_all = options.force && whole_dir;
    let unchanged =
        !replace_all && loaded.is_empty() && report.removed.is_empty() && restamped.is_empty();
    if !(unchanged && run.write_only_changes) {
        let upserts = loaded
            .iter()
            .map(|f| PatternRecord {
                mentioned_languages: f.mentioned_languages.clone(),
                pattern: &f.pattern,
                content_hash: f.record.content_hash.clone(),
            })
            .collect();
        let mut recorded_files = restamped;
        recorded_files.extend(
            loaded
                .iter()
                .map(|f| (f.pattern.source.clone(), f.record.clone())),
        );
        index.write(&WriteBatch {
            replace_all,
            upserts,
            removals: report.removed.clone(),
            recorded_files,
            ingested_at: u64::try_from(run.checked_at_ns / 1_000_000_000).unwrap_or(0),
        })?;
    }
    report.duration = started.elapsed();
    Ok(report)
}

/// Files parsed per progress step.
const PARSE_BATCH: usize = 256;

/// A pattern file ready to be written to the index.
struct ParsedFile {
    pattern: Pattern,
    /// The stamp and hash of the file as read.
    record: RecordedFile,
    mentioned_languages: Vec<String>,
}

/// Parse files (and find the languages they name) on every core; results keep input order.
fn parse_in_parallel(
    files: Vec<(&SourceFile, Vec<u8>, RecordedFile)>,
) -> Vec<(String, Result<ParsedFile, IngestIssue>)> {
    let parse = |(file, bytes, record): (&SourceFile, Vec<u8>, RecordedFile)| {
        let parsed = load_file(file, bytes).map(|pattern| ParsedFile {
            mentioned_languages: mentioned_languages(&mention_text(&pattern)),
            pattern,
            record,
        });
        (file.source.clone(), parsed)
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if threads <= 1 || files.len() < 16 {
        return files.into_iter().map(parse).collect();
    }
    let per_thread = files.len().div_ceil(threads);
    let mut chunks: Vec<Vec<_>> = Vec::new();
    let mut rest = files.into_iter().peekable();
    while rest.peek().is_some() {
        chunks.push(rest.by_ref().take(per_thread).collect());
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| scope.spawn(move || chunk.into_iter().map(parse).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| match h.join() {
                Ok(results) => results,
                // A panic in the parser is a bug; resume it rather than lose files silently.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    })
}

/// The text whose language names make an undeclared pattern eligible for a language:
/// path words, title, tags, description and body.
fn mention_text(pattern: &Pattern) -> String {
    let fm = &pattern.frontmatter;
    // The file's path names its subject too (`rust/errors.md`, `go-style.md`).
    let path_words: String = pattern
        .source
        .trim_end_matches(".md")
        .trim_end_matches(".markdown")
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    format!(
        "{}\n{}\n{}\n{}\n{}",
        path_words,
        pattern.title,
        fm.tags.join(", "),
        fm.description.as_deref().unwrap_or(""),
        pattern.body
    )
}

/// Resolve `--file PATH` to a source inside the knowledge dir.
fn single_file(root: &Path, path: &Path) -> Result<SourceFile, IngestError> {
    if !is_pattern_file(path) {
        return Err(IngestError::NotPatternFile(path.to_path_buf()));
    }
    let outside = || IngestError::OutsideKnowledgeDir {
        path: path.to_path_buf(),
        dir: root.to_path_buf(),
    };
    let root = root.canonicalize().map_err(|_| outside())?;
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    };
    // The file may have been deleted: canonicalise its directory instead.
    let parent = absolute.parent().ok_or_else(outside)?;
    let name = absolute.file_name().ok_or_else(outside)?;
    let resolved = parent.canonicalize().map_err(|_| outside())?.join(name);
    let source = source_name(&root, &resolved).ok_or_else(outside)?;
    Ok(SourceFile {
        source,
        path: resolved,
        listed_type: None,
    })
}

#[cfg(test)]
mod tests;
