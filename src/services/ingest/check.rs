//! Every pattern and rule file read and parsed as an ingest would, writing nothing: what a
//! run would refuse (a file's error, which keeps it out of the index) and what it would warn
//! about. An ingest reports only the files it reads, so a problem in a file left unchanged
//! since is said once; `lore doctor` asks here and says it every time.

use crate::core::config::Config;
use crate::core::file_stamp::RecordedFile;
use crate::storage::bounded_read::read_pattern_file;
use crate::storage::file_stamps::stamp_of;

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
}

/// One issue, and whether its file is another agent's rule file (its source relative to the
/// repository root) or in the knowledge dir (relative to it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedIssue {
    pub issue: IngestIssue,
    pub rule_file: bool,
}

/// Read and parse every file `config`'s ingest would, writing nothing.
pub fn check_files(config: &Config) -> Result<FileCheck, IngestError> {
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
            Ok((bytes, meta)) => pending.push(Pending {
                file,
                bytes,
                // Nothing is recorded: the stamp only fills the form parsing takes.
                record: RecordedFile {
                    stamp: stamp_of(&meta),
                    content_hash: String::new(),
                    seen_at_ns: 0,
                },
                native,
            }),
            Err(e) if native => check.warnings.push(found(unreadable_issue(file, &e), true)),
            Err(e) => check.errors.push(found(unreadable_issue(file, &e), false)),
        }
    }
    check.files = pending.len();
    for (_, native, parsed) in parse_in_parallel(pending) {
        match parsed {
            Ok(parsed) => check
                .warnings
                .extend(parsed.warnings.into_iter().map(|w| found(w, native))),
            Err(issue) if native => check.warnings.push(found(issue, true)),
            Err(issue) => check.errors.push(found(issue, false)),
        }
    }
    Ok(check)
}
