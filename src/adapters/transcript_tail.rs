//! The end of a harness's JSONL session transcript, read newest line first. Bounded (only
//! the last bytes are read) and only for regular files this user owns; anything unreadable
//! is "nothing found", never an error.

use std::io::{Read, Seek, SeekFrom};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use crate::storage::ledger::current_uid;

/// The first value `pick` finds among the last `tail_bytes` of `path`, newest line first.
pub fn find_from_end<T>(
    path: &Path,
    tail_bytes: u64,
    pick: impl FnMut(&str) -> Option<T>,
) -> Option<T> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.uid() != current_uid() {
        return None;
    }
    let mut file = std::fs::File::open(path).ok()?;
    let start = meta.len().saturating_sub(tail_bytes);
    file.seek(SeekFrom::Start(start)).ok()?;
    let mut bytes = Vec::new();
    file.take(tail_bytes).read_to_end(&mut bytes).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    text.lines().rev().find_map(pick)
}
