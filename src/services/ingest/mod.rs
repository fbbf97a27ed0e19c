//! Ingest: the only path from pattern files on disk into the index.
//!
//! Delta by file stamp, then content hash (no git needed): a file whose size, times and inode
//! are those recorded when it was last read is not read again (see `core::file_stamp` for
//! when a stamp is trusted), a file read and found unchanged is not parsed again, deleted
//! files leave the index, and everything one run changes is applied in a single transaction.
//! Invalid files are reported (file:line: what to do) while valid ones are still indexed; a
//! file that becomes invalid keeps its previously indexed version until it is fixed, and is
//! recorded in the index as stale (see [`IngestReport::stale`]) so status, ingest and the
//! hook's trace can say which patterns are served in an old version.
//!
//! Besides the knowledge dir, a whole run reads other agents' rule files where they stand in
//! the repository (see `rule_files` and `core::sources`); what lore cannot use in them is a
//! warning, never an error: the team's own CI gate covers lore's patterns, not their files.

mod check;
mod embed;
mod freshness;
mod listing;
mod parse;
mod rule_files;
mod scan;
mod single;
mod skip;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::core::config::Config;
use crate::core::file_stamp::RecordedFile;
use crate::core::pattern::Pattern;
use crate::core::query::TechnologyTable;
use crate::services::deadline::Deadline;
use crate::storage::bounded_read::{BoundedReadError, read_pattern_file};
use crate::storage::index::{Index, IndexError, PatternRecord, WriteBatch};
pub use check::{CheckedIssue, FileCheck, SinceIngest, check_files};
pub use freshness::{RecordedState, unchanged_since_last_ingest};
use freshness::{StampReader, Stored, now_ns, stamp_of};
pub use listing::SourceListing;
use parse::{ParsedFile, Pending, parse_in_parallel};
use single::{single_file, single_rule_file};

pub use embed::{
    EMBED_BATCH, EmbedReport, EmbeddingError, embed_missing, embedding_text, ingest_with_embeddings,
};
pub use rule_files::{MAX_RULE_FILES, MAX_WALK_ENTRIES, RuleFileScan, scan_rule_files};
pub use scan::{
    IGNORE_FILE_NAME, KnowledgeScan, ScanWarning, SourceFile, is_pattern_file, scan_knowledge,
    scan_knowledge_dir, scan_knowledge_until, source_name,
};
pub use skip::why_ingest_skips;

/// What to ingest.
#[derive(Debug, Clone, Default)]
pub struct IngestOptions {
    /// Rebuild from scratch instead of applying a delta.
    pub force: bool,
    /// Index just this file (relative to the working directory or absolute).
    pub file: Option<PathBuf>,
    /// Stop, writing nothing, once this passes (a hook's refresh; see `services::deadline`).
    pub deadline: Deadline,
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
    /// What lore could not use in other agents' rule files (metadata it cannot read, a file
    /// it cannot read at all, what their search passed over), by path relative to the
    /// repository root: reported, but the rest is indexed and the run is clean.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rule_warnings: Vec<IngestIssue>,
    #[serde(serialize_with = "as_millis", rename = "duration_ms")]
    pub duration: Duration,
    /// Patterns served in their last valid version after this ingest: their file changed and
    /// no longer parses (or cannot be read), so the index keeps what it had. Sorted.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stale: Vec<String>,
    /// The embedding step, when it ran ([`ingest_with_embeddings`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub embeddings: Option<EmbedReport>,
    /// How many files were read (the others' stamps proved them unchanged): for the debug
    /// trace, not part of the report users read.
    #[serde(skip)]
    pub files_read: usize,
    /// Sections linked to the stored vector of their text inside the write (see
    /// `storage::index` `relink`): counted as reused by the embedding step.
    #[serde(skip)]
    pub relinked: usize,
    /// Every file was read again, changed or not: the patterns' technologies were found with
    /// another technology table (a new lore, or the team's `[[technologies]]` changed).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rederived: bool,
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
    #[error(
        "{path} is not inside the knowledge dir {dir}, nor one of the agents' rule files lore reads; only those can be indexed"
    )]
    OutsideKnowledgeDir { path: PathBuf, dir: PathBuf },
    #[error("{0} does not exist (looked for from the working directory and the knowledge dir)")]
    NoSuchFile(PathBuf),
    #[error("{0} is not a pattern file; lore reads .md, .markdown and .mdc files")]
    NotPatternFile(PathBuf),
    #[error(
        "{name} is not indexed: {why}, so an ingest of the whole knowledge dir skips it; move it, or change `.loreignore`"
    )]
    Skipped { name: String, why: String },
    #[error(transparent)]
    Index(#[from] IndexError),
    #[error(transparent)]
    Embedding(#[from] EmbeddingError),
}

pub use crate::core::content_hash::content_hash;

/// What to tell the user about a pattern file that was not read.
/// The issue of a listed file that could not be read (see [`unreadable_message`]).
fn unreadable_issue(file: &SourceFile, error: &BoundedReadError) -> IngestIssue {
    IngestIssue {
        source: file.source.clone(),
        line: 1,
        message: unreadable_message(error),
    }
}

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

/// What an ingest reads when the knowledge dir is not there: the repository's rule files
/// alone (a team that keeps only `.cursor/rules` or `AGENTS.md` commits no `patterns/`, and
/// git keeps no empty folder). Fails as before when there are none, when one pattern file is
/// asked for, or when the index holds lore's own patterns: a mistyped or moved
/// `knowledge_dir` would take every one of them out of the index.
fn rules_without_knowledge_dir(
    config: &Config,
    index: &Index,
    options: &IngestOptions,
    listing: Option<SourceListing>,
) -> Result<SourceListing, IngestError> {
    let missing = || IngestError::KnowledgeDirMissing(config.knowledge_dir.clone());
    if options.file.is_some() || config.knowledge_dir.exists() {
        return Err(missing());
    }
    let listing =
        listing.unwrap_or_else(|| SourceListing::with_rules(config, KnowledgeScan::default()));
    if listing.rules.is_empty() || index.holds_knowledge_patterns()? {
        return Err(missing());
    }
    Ok(listing)
}

/// Run one ingest of `config`'s knowledge dir (and other agents' rule files in the
/// repository) into `index`. It always writes, so the index records when it last ran
/// (`lore status`) even when nothing changed.
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

/// A delta ingest of the whole knowledge dir (and the rule files) as `listing` found them (a
/// hook's refresh, which has listed them already to check the size and freshness): it reads
/// only the files whose stamps changed, and writes nothing when nothing changed. Past
/// `deadline` it stops, writing nothing (see [`IngestOptions::deadline`]).
pub fn ingest_listed(
    config: &Config,
    index: &mut Index,
    listing: SourceListing,
    deadline: Deadline,
) -> Result<IngestReport, IngestError> {
    let run = Run {
        listing: Some(listing),
        write_only_changes: true,
        checked_at_ns: now_ns(),
    };
    let options = IngestOptions {
        deadline,
        ..IngestOptions::default()
    };
    run_ingest(config, index, &options, run, &mut NoProgress)
}

/// How one ingest runs, beyond what the user asked for.
struct Run {
    /// The sources already listed, or None to list them (or read `options.file`).
    listing: Option<SourceListing>,
    /// Skip the write when it would change nothing but the last-ingest time.
    write_only_changes: bool,
    /// When the files are checked (before the first `stat`): recorded with their stamps.
    checked_at_ns: i64,
}

fn run_ingest(
    config: &Config,
    index: &mut Index,
    options: &IngestOptions,
    mut run: Run,
    progress: &mut dyn IngestProgress,
) -> Result<IngestReport, IngestError> {
    let started = Instant::now();
    let root = &config.knowledge_dir;
    let missing_root = !root.is_dir();
    if missing_root {
        let listing = rules_without_knowledge_dir(config, index, options, run.listing.take())?;
        run.listing = Some(listing);
    }
    // `--force` reads every file whatever its stamp says.
    let stored = if options.force {
        Stored(BTreeMap::new())
    } else {
        Stored::load(index)?
    };

    let technologies = TechnologyTable::with_team(&config.technologies);
    let derived_with = fingerprint_text(&technologies);
    let mut report = IngestReport::default();
    // `--file` names one of lore's own patterns: other agents' files wait for a whole run.
    let (files, rules, whole_dir) = match (&options.file, run.listing) {
        (Some(path), _) => match single_file(root, path) {
            Ok(file) => (vec![file], Vec::new(), false),
            Err(e @ (IngestError::OutsideKnowledgeDir { .. } | IngestError::NotPatternFile(_))) => {
                match single_rule_file(config, path) {
                    Some(rule) => (Vec::new(), vec![rule], false),
                    None if !path.exists() && !root.join(path).exists() => {
                        return Err(IngestError::NoSuchFile(path.to_path_buf()));
                    }
                    None => return Err(e),
                }
            }
            Err(e) => return Err(e),
        },
        (None, listing) => {
            let listing = match listing {
                Some(listing) => listing,
                None => SourceListing::list(config)?,
            };
            report.warnings = listing.knowledge.warnings;
            if missing_root {
                report.warnings.push(ScanWarning {
                    path: String::new(),
                    message: "does not exist: only the agents' rule files are indexed; \
                              create it to add lore's own patterns"
                        .to_string(),
                });
            }
            report.rule_warnings = listing.rule_warnings;
            (listing.knowledge.files, listing.rules, true)
        }
    };

    // Patterns indexed with another technology table would keep the technologies that table
    // found until their files change: read them all again instead (an ingest of one file
    // leaves that to the next whole run).
    let derived_with_changed =
        whole_dir && index.derived_with()?.as_deref() != Some(derived_with.as_str());
    report.rederived = derived_with_changed && !stored.0.is_empty();
    let mut seen = BTreeSet::new();
    // Read and hash the files whose stamps changed (cheap), keeping the new and changed ones
    // to parse, and the stamps worth recording of those whose text did not change.
    let mut changed: Vec<Pending<'_>> = Vec::new();
    let mut restamped: Vec<(String, RecordedFile)> = Vec::new();
    let limit = config.ingest.max_pattern_bytes;
    let listed = files
        .iter()
        .map(|f| (f, false))
        .chain(rules.iter().map(|f| (f, true)));
    let mut stamps = StampReader::default();
    for (file, native) in listed {
        options.deadline.check("while reading pattern files")?;
        seen.insert(file.source.clone());
        if !report.rederived && stored.unchanged_on_disk(file, &mut stamps) {
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
                let issue = unreadable_issue(file, &e);
                if native {
                    report.rule_warnings.push(issue);
                } else {
                    report.errors.push(issue);
                }
                continue;
            }
        };
        let record = RecordedFile {
            stamp: stamp_of(&meta),
            content_hash: content_hash(&bytes),
            seen_at_ns: run.checked_at_ns,
        };
        if !report.rederived && stored.hash(&file.source) == Some(record.content_hash.as_str()) {
            report.unchanged += 1;
            let recorded = stored.0.get(&file.source).and_then(|f| f.recorded.as_ref());
            if record.supersedes(recorded) {
                restamped.push((file.source.clone(), record));
            }
        } else {
            changed.push(Pending {
                file,
                bytes,
                record,
                native,
            });
        }
    }

    // Parse the changed files on every core, in batches so progress can be shown.
    let mut loaded: Vec<ParsedFile> = Vec::new();
    progress.start(changed.len());
    let mut done = 0;
    let mut batches = changed.into_iter().peekable();
    while batches.peek().is_some() {
        options.deadline.check("while parsing pattern files")?;
        let batch: Vec<_> = batches.by_ref().take(PARSE_BATCH).collect();
        done += batch.len();
        for (source, native, parsed) in parse_in_parallel(batch) {
            match parsed {
                Ok(mut file) => {
                    if stored.0.contains_key(&source) {
                        report.updated.push(source);
                    } else {
                        report.added.push(source);
                    }
                    if native {
                        report.rule_warnings.append(&mut file.warnings);
                    } else {
                        report
                            .warnings
                            .extend(file.warnings.drain(..).map(|w| ScanWarning {
                                path: w.source,
                                message: w.message,
                            }));
                    }
                    loaded.push(file);
                }
                Err(issue) if native => report.rule_warnings.push(issue),
                Err(issue) => report.errors.push(issue),
            }
        }
        progress.advance(done);
    }
    progress.finish();
    report.errors.sort_by(|a, b| a.source.cmp(&b.source));
    report
        .rule_warnings
        .sort_by(|a, b| (&a.source, a.line).cmp(&(&b.source, b.line)));

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

    let stale = stale_after(index, &stored, &files, &report, whole_dir)?;

    // A forced rebuild starts from nothing, so files that are invalid now are absent after it.
    let replace_all = options.force && whole_dir;
    let unchanged = !replace_all
        && loaded.is_empty()
        && report.removed.is_empty()
        && restamped.is_empty()
        // What is served stale, and whether an ingest of the whole dir ever completed, are
        // recorded by a write: one is due when either would change.
        && (!whole_dir || (index.ingest_completed()? && index.stale_sources()? == stale));
    if !(unchanged && run.write_only_changes) {
        let upserts = loaded
            .iter()
            .map(|f| PatternRecord {
                technologies: if f.origin.is_some() {
                    Vec::new()
                } else {
                    pattern_technologies(&technologies, &f.pattern)
                },
                pattern: &f.pattern,
                content_hash: f.record.content_hash.clone(),
                origin: f.origin.clone(),
            })
            .collect();
        let mut recorded_files = restamped;
        recorded_files.extend(
            loaded
                .iter()
                .map(|f| (f.pattern.source.clone(), f.record.clone())),
        );
        // The write is one transaction: it runs whole or, past the deadline, not at all.
        // Sections whose text has a stored vector are linked to it inside it.
        let relink =
            embed::stored_vectors_fit(config, index)?.then_some(embed::text_hash_of(config));
        options.deadline.check("before writing the index")?;
        report.relinked = index.write(&WriteBatch {
            replace_all,
            upserts,
            removals: report.removed.clone(),
            recorded_files,
            ingested_at: u64::try_from(run.checked_at_ns / 1_000_000_000).unwrap_or(0),
            partial: !whole_dir,
            stale: Some(stale.clone()),
            relink: relink.as_deref(),
        })?;
    }
    if derived_with_changed {
        index.record_derived_with(&derived_with)?;
    }
    report.stale = stale;
    report.duration = started.elapsed();
    Ok(report)
}

/// What an ingest with `config` finds the patterns' technologies with (see
/// `Index::derived_with`): an index whose patterns were read with anything else is read again.
pub fn derivation_fingerprint(config: &Config) -> String {
    fingerprint_text(&TechnologyTable::with_team(&config.technologies))
}

/// The version of the rules that derive a pattern at ingest (its named languages and
/// technologies, which patterns get none, what of an instructions file is shown): raised when
/// they change, so an index read with the earlier rules is read again once. 3: an
/// instructions file's `@path` import lines are no longer shown. 4: declared `technologies`
/// are the whole list, an empty one included. 5: a title-less `x.instructions.md` is titled
/// `x`.
const SCOPE_RULES: u32 = 5;

fn fingerprint_text(table: &TechnologyTable) -> String {
    format!("{:016x}-{SCOPE_RULES}", table.fingerprint())
}

/// A pattern's technologies (see `core::query::TechnologyTable::of_pattern`): what makes it
/// specific to a framework or tool, so a hook offers it only where that is in use. Only what
/// the author declared or its name, tags and title say: a description that lists libraries in
/// passing must not confine a general pattern to them.
fn pattern_technologies(table: &TechnologyTable, pattern: &Pattern) -> Vec<String> {
    let fm = &pattern.frontmatter;
    table.of_pattern(
        &pattern.source,
        &pattern.title,
        None,
        &fm.tags,
        fm.technologies_declared
            .then_some(fm.technologies.as_slice()),
    )
}

/// The sources served in a stale version once this ingest is written: the indexed files it
/// could not use (their last valid version stays), and, when it read only some files, those
/// the index already listed that it did not read.
fn stale_after(
    index: &Index,
    stored: &Stored,
    files: &[SourceFile],
    report: &IngestReport,
    whole_dir: bool,
) -> Result<Vec<String>, IndexError> {
    let mut stale: BTreeSet<String> = if whole_dir {
        BTreeSet::new()
    } else {
        let read: BTreeSet<&str> = files.iter().map(|f| f.source.as_str()).collect();
        index
            .stale_sources()?
            .into_iter()
            .filter(|s| !read.contains(s.as_str()))
            .collect()
    };
    stale.extend(
        report
            .errors
            .iter()
            .filter(|e| stored.0.contains_key(&e.source))
            .map(|e| e.source.clone()),
    );
    Ok(stale.into_iter().collect())
}

/// Files parsed per progress step.
const PARSE_BATCH: usize = 256;

#[cfg(test)]
mod tests;
