//! Every pattern and rule file read and parsed as an ingest would, writing nothing: what a
//! run would refuse (a file's error, which keeps it out of the index) and what it would warn
//! about. An ingest reports only the files it reads, so a problem in a file left unchanged
//! since is said once; `lore doctor` asks here and says it every time.

use crate::core::config::Config;
use crate::core::content_hash::content_hash;
use crate::core::file_stamp::RecordedFile;
use crate::storage::bounded_read::read_pattern_file;
use crate::storage::file_stamps::stamp_of;
use crate::storage::index::Index;

use super::freshness::Stored;
use super::parse::{Pending, parse_in_parallel};
use super::scan::KnowledgeScan;
use super::{IngestError, IngestIssue, SourceListing, unreadable_issue};

/// What reading every file found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FileCheck {
    /// How many files were read.
    pub files: usize,
    /// Files an ingest cannot index (lore's own patterns), each with its first error.
    pub errors: Vec<CheckedIssue>,
    /// What an ingest would warn about: files passed over, what a rule file holds that is not
    /// understood, a rule file that cannot be read.
    pub warnings: Vec<CheckedIssue>,
    /// Against the index, when one was given: what changed since the last ingest, which a
    /// hook serves in its indexed version until an ingest (a session start's refresh) runs.
    pub since_ingest: Option<SinceIngest>,
}

/// Files whose text differs from the index's, by kind of change (sources, sorted).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SinceIngest {
    pub changed: Vec<String>,
    pub added: Vec<String>,
    pub removed: Vec<String>,
}

impl SinceIngest {
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty() && self.added.is_empty() && self.removed.is_empty()
    }
}

/// One issue, and whether its file is another agent's rule file (its source relative to the
/// repository root) or in the knowledge dir (relative to it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedIssue {
    pub issue: IngestIssue,
    pub rule_file: bool,
}

/// Read and parse every file `config`'s ingest would, writing nothing; with `index`, also
/// compare each file's text with the indexed one.
pub fn check_files(config: &Config, index: Option<&Index>) -> Result<FileCheck, IngestError> {
    let stored = index.map(Stored::load).transpose()?;
    let listing = if config.knowledge_dir.is_dir() {
        SourceListing::list(config)?
    } else {
        SourceListing::with_rules(config, KnowledgeScan::default())
    };
    let found = |issue: IngestIssue, rule_file: bool| CheckedIssue { issue, rule_file };
    let mut check = FileCheck::default();
    check.warnings.extend(
        listing
            .knowledge
            .warnings
            .iter()
            .map(|w| IngestIssue {
                source: w.path.clone(),
                line: 1,
                message: w.message.clone(),
            })
            .map(|issue| found(issue, false)),
    );
    check.warnings.extend(
        listing
            .rule_warnings
            .iter()
            .cloned()
            .map(|issue| found(issue, true)),
    );
    let limit = config.ingest.max_pattern_bytes;
    let listed = listing
        .knowledge
        .files
        .iter()
        .map(|f| (f, false))
        .chain(listing.rules.iter().map(|f| (f, true)));
    let mut pending = Vec::new();
    for (file, native) in listed {
        match read_pattern_file(&file.path, file.listed_type, limit) {
            Ok((bytes, meta)) => {
                if let Some(stored) = &stored {
                    let since = check.since_ingest.get_or_insert_with(SinceIngest::default);
                    match stored.hash(&file.source) {
                        None => since.added.push(file.source.clone()),
                        Some(hash) if hash != content_hash(&bytes) => {
                            since.changed.push(file.source.clone());
                        }
                        Some(_) => {}
                    }
                }
                pending.push(Pending {
                    file,
                    bytes,
                    // Nothing is recorded: the stamp only fills the form parsing takes.
                    record: RecordedFile {
                        stamp: stamp_of(&meta),
                        content_hash: String::new(),
                        seen_at_ns: 0,
                    },
                    native,
                })
            }
            Err(e) if native => check.warnings.push(found(unreadable_issue(file, &e), true)),
            Err(e) => check.errors.push(found(unreadable_issue(file, &e), false)),
        }
    }
    check.files = pending.len();
    if let Some(stored) = &stored {
        let listed: std::collections::BTreeSet<&str> = listing
            .knowledge
            .files
            .iter()
            .chain(&listing.rules)
            .map(|f| f.source.as_str())
            .collect();
        let since = check.since_ingest.get_or_insert_with(SinceIngest::default);
        since.removed = stored
            .0
            .keys()
            .filter(|source| !listed.contains(source.as_str()))
            .cloned()
            .collect();
    }
    let mut refused = Vec::new();
    for (source, native, parsed) in parse_in_parallel(pending) {
        match parsed {
            Ok(parsed) => check
                .warnings
                .extend(parsed.warnings.into_iter().map(|w| found(w, native))),
            Err(issue) => {
                refused.push(source);
                if native {
                    check.warnings.push(found(issue, true));
                } else {
                    check.errors.push(found(issue, false));
                }
            }
        }
    }
    // A file an ingest refuses stays as the index has it (absent, or its last valid text):
    // it is named with its own issue, not as something `lore ingest` would bring in.
    if let Some(since) = &mut check.since_ingest {
        since.added.retain(|s| !refused.contains(s));
        since.changed.retain(|s| !refused.contains(s));
    }
    Ok(check)
}
