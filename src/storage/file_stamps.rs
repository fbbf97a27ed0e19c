//! Stamps (`core::file_stamp`) of files on disk, and the clock they are compared with: what
//! a delta ingest and the project cache use to tell that a file is unchanged without reading it.

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::core::file_stamp::FileStamp;

/// A file's stamp from its metadata.
pub fn stamp_of(meta: &std::fs::Metadata) -> FileStamp {
    let ns = |secs: i64, nanos: i64| secs.saturating_mul(1_000_000_000).saturating_add(nanos);
    FileStamp {
        size: meta.len(),
        mtime_ns: ns(meta.mtime(), meta.mtime_nsec()),
        ctime_ns: ns(meta.ctime(), meta.ctime_nsec()),
        inode: meta.ino(),
        device: meta.dev(),
    }
}

/// The stamp of `path` itself (a link is not followed), or None when nothing is there.
pub fn stamp_at(path: &Path) -> Option<FileStamp> {
    std::fs::symlink_metadata(path).ok().map(|m| stamp_of(&m))
}

/// Now, in nanoseconds since the Unix epoch (0 for a clock set before it, which makes every
/// stamp unsettled: files are then read, never skipped).
pub fn now_ns() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}
