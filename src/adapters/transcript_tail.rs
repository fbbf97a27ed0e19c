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
    let (text, _) = read_tail(path, tail_bytes)?;
    text.lines().rev().find_map(pick)
}

/// The whole lines among the last `tail_bytes` of `path`, oldest first (a line cut by the
/// start of the tail is left out).
pub fn read_tail_lines(path: &Path, tail_bytes: u64) -> Option<Vec<String>> {
    let (text, cut) = read_tail(path, tail_bytes)?;
    let mut lines = text.lines();
    if cut {
        lines.next();
    }
    Some(lines.map(String::from).collect())
}

/// The last `tail_bytes` of `path` as text, and whether the file is longer than that.
fn read_tail(path: &Path, tail_bytes: u64) -> Option<(String, bool)> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.uid() != current_uid() {
        return None;
    }
    let mut file = std::fs::File::open(path).ok()?;
    let start = meta.len().saturating_sub(tail_bytes);
    file.seek(SeekFrom::Start(start)).ok()?;
    let mut bytes = Vec::new();
    file.take(tail_bytes).read_to_end(&mut bytes).ok()?;
    Some((String::from_utf8_lossy(&bytes).into_owned(), start > 0))
}
