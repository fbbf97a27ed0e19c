//! Which listed pattern files a delta ingest can pass over unread: those whose stamp on disk
//! (`lstat`: size, times, inode) is the one recorded when their indexed text was read, by the
//! rule in `core::file_stamp`. Everything else is read and hashed, as before stamps existed.
//! The same rule answers, on a read-only index, whether an ingest would change anything.

use std::collections::BTreeMap;

use super::{IngestError, SourceFile, SourceListing};
use crate::core::file_stamp::RecordedFile;
pub(super) use crate::storage::file_stamps::{StampReader, now_ns, stamp_of};
use crate::storage::index::{Index, IndexedFile};

/// The stored state a delta ingest compares the knowledge dir with: every indexed pattern
/// and its recorded stamp, by source (empty for `--force`, which reads everything).
pub(super) struct Stored(pub BTreeMap<String, IndexedFile>);

impl Stored {
    pub fn load(index: &Index) -> Result<Self, IngestError> {
        Ok(Self(index.indexed_files()?))
    }

    /// The hash of the indexed text of `source`.
    pub fn hash(&self, source: &str) -> Option<&str> {
        self.0.get(source).map(|f| f.content_hash.as_str())
    }

    /// Is `file` certainly the file whose text the index holds, without reading it? Only
    /// when a stamp is recorded for the indexed text (same hash), that stamp is settled, and
    /// the file is still a regular file with that very stamp. Costs one `lstat` (through
    /// `stamps`).
    pub fn unchanged_on_disk(&self, file: &SourceFile, stamps: &mut StampReader) -> bool {
        let Some(IndexedFile {
            content_hash,
            recorded: Some(recorded),
        }) = self.0.get(&file.source)
        else {
            return false;
        };
        *content_hash == recorded.content_hash && still_as_recorded(file, recorded, stamps)
    }
}

/// Is `file` a regular file with the settled stamp `recorded`? Costs one `lstat` (through
/// `stamps`, looked up in its folder), and none when the record is not settled (it would
/// prove nothing).
fn still_as_recorded(file: &SourceFile, recorded: &RecordedFile, stamps: &mut StampReader) -> bool {
    recorded.is_settled()
        && stamps
            .regular_file_stamp(&file.path)
            .is_some_and(|stamp| recorded.proves_unchanged(&stamp))
}

/// What an index recorded of the files its patterns were read from: each stamp, in source
/// order, and how many patterns it holds. Loaded from the snapshot a hook injects from, so
/// the check that proves it current speaks for that very snapshot.
#[derive(Debug, Clone)]
pub struct RecordedState {
    files: Vec<(String, RecordedFile)>,
    patterns: u64,
    /// What the patterns' technologies were found with (see `Index::derived_with`).
    derived_with: Option<String>,
}

impl RecordedState {
    pub fn load(index: &Index) -> Result<Self, IngestError> {
        Ok(Self {
            files: index.recorded_files()?,
            patterns: index.pattern_count()?,
            derived_with: index.derived_with()?,
        })
    }

    /// Would a delta ingest of the files `listing` holds change nothing in the index this
    /// was loaded from: the patterns' technologies were found as `derived_with` says an
    /// ingest finds them now (see `derivation_fingerprint`), every file listed is proven
    /// unchanged by its stamp (one `lstat` each), and as many patterns are indexed as files
    /// are listed? Reads no pattern file, not even the patterns' rows (each stamp vouches for
    /// its pattern's indexed text); false whenever it cannot tell (a file changed just now,
    /// one that is invalid, no stamps yet).
    pub fn is_current(&self, listing: &SourceListing, derived_with: &str) -> bool {
        if self.derived_with.as_deref() != Some(derived_with) {
            return false;
        }
        let files = listing.sorted_files();
        // Sources are unique on each side, and every stamp belongs to an indexed pattern:
        // equal numbers, and the same source at each position (both are in source order),
        // mean the same set of files.
        let listed = files.len();
        if self.files.len() != listed || self.patterns != listed as u64 {
            return false;
        }
        let mut stamps = StampReader::default();
        files
            .iter()
            .zip(&self.files)
            .all(|(file, (source, recorded))| {
                file.source == *source && still_as_recorded(file, recorded, &mut stamps)
            })
    }
}

/// [`RecordedState::is_current`] of `index`: it reads nothing but the stamps, and writes
/// nothing, so it runs on a read-only index.
pub fn unchanged_since_last_ingest(
    index: &Index,
    listing: &SourceListing,
    derived_with: &str,
) -> Result<bool, IngestError> {
    Ok(RecordedState::load(index)?.is_current(listing, derived_with))
}

#[cfg(test)]
mod tests;
