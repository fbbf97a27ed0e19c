//! What a pattern file looked like on disk when ingest last read it (size, times, inode), and
//! the rule that says when that record proves the file unchanged without reading it again.
//!
//! The rule errs towards reading: any difference in the stamp means "read it", and so does a
//! record taken so soon after the file's last change that a further change could have left
//! the same times behind (timestamps have a granularity, coarse on some file systems: the
//! "racy git" problem). The change time (`ctime`) is compared too, and no program can set it
//! back, so an edit whose modification time was restored (`touch -d`, `cp -p`) still shows.

/// How long after a file's last change its stamp is trusted: a stamp recorded within this
/// window of the file's modification or change time proves nothing, and the file is read.
pub const RACY_WINDOW_NS: i64 = 2_000_000_000;

/// A file's metadata as the file system reports it (`lstat`), in the units stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileStamp {
    pub size: u64,
    /// Modification time, nanoseconds since the Unix epoch.
    pub mtime_ns: i64,
    /// Inode change time, nanoseconds since the Unix epoch.
    pub ctime_ns: i64,
    pub inode: u64,
    pub device: u64,
}

impl FileStamp {
    /// Was this stamp, taken at `seen_at_ns`, taken long enough after the file last changed
    /// that any later change must show in its times?
    pub fn settled_at(&self, seen_at_ns: i64) -> bool {
        self.mtime_ns.max(self.ctime_ns) < seen_at_ns.saturating_sub(RACY_WINDOW_NS)
    }
}

/// A file's stamp as ingest recorded it with the hash of the text it read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedFile {
    pub stamp: FileStamp,
    /// Hash of the bytes read (as `patterns.content_hash`).
    pub content_hash: String,
    /// When the stamp was taken (before the file was read), nanoseconds since the epoch.
    pub seen_at_ns: i64,
}

impl RecordedFile {
    /// Was the stamp taken long enough after the file last changed that any later change
    /// must show in its times?
    pub fn is_settled(&self) -> bool {
        self.stamp.settled_at(self.seen_at_ns)
    }

    /// Does a file whose stamp is now `current` certainly still hold the text recorded?
    pub fn proves_unchanged(&self, current: &FileStamp) -> bool {
        self.stamp == *current && self.is_settled()
    }

    /// Is this record (of a file just read) worth storing in place of `old`: new, a
    /// different stamp or text, or settled where `old` was not (so the next check can skip
    /// the read)? Storing an identical, still unsettled record again would gain nothing.
    pub fn supersedes(&self, old: Option<&RecordedFile>) -> bool {
        old.is_none_or(|old| {
            old.stamp != self.stamp
                || old.content_hash != self.content_hash
                || (self.is_settled() && !old.is_settled())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: i64 = 1_000_000_000;

    fn stamp(mtime_ns: i64) -> FileStamp {
        FileStamp {
            size: 120,
            mtime_ns,
            ctime_ns: mtime_ns,
            inode: 7,
            device: 3,
        }
    }

    fn recorded(stamp: FileStamp, seen_at_ns: i64) -> RecordedFile {
        RecordedFile {
            stamp,
            content_hash: "h1".into(),
            seen_at_ns,
        }
    }

    #[test]
    fn an_old_file_with_the_same_stamp_is_not_read_again() {
        let then = 1_700_000_000 * SECOND;
        let record = recorded(stamp(then), then + 60 * SECOND);
        assert!(record.proves_unchanged(&stamp(then)));
    }

    #[test]
    fn any_difference_in_the_stamp_means_reading_the_file() {
        let then = 1_700_000_000 * SECOND;
        let record = recorded(stamp(then), then + 60 * SECOND);
        let changes: [fn(&mut FileStamp); 5] = [
            |s| s.size += 1,
            |s| s.mtime_ns += 1,
            // An edit whose modification time was put back still moves the change time.
            |s| s.ctime_ns += 1,
            // Saved by writing a new file and renaming it over the old one.
            |s| s.inode += 1,
            |s| s.device += 1,
        ];
        for change in changes {
            let mut current = stamp(then);
            change(&mut current);
            assert!(!record.proves_unchanged(&current), "{current:?}");
        }
    }

    #[test]
    fn a_stamp_taken_within_the_racy_window_proves_nothing() {
        // Edited again within the same timestamp tick after it was read, the file would show
        // the same stamp: so a record that close to the change is never trusted.
        let then = 1_700_000_000 * SECOND;
        for seen_after in [0, SECOND, RACY_WINDOW_NS] {
            let record = recorded(stamp(then), then + seen_after);
            assert!(!record.is_settled(), "seen {seen_after} ns after");
            assert!(!record.proves_unchanged(&stamp(then)));
        }
        // The change time counts too: a `chmod` or restored mtime moves it, not the mtime.
        let mut touched = stamp(then);
        touched.ctime_ns = then + 59 * SECOND;
        assert!(!recorded(touched, then + 60 * SECOND).proves_unchanged(&touched));
        // A file dated in the future (a skewed clock, an archive) is never settled.
        assert!(!recorded(stamp(then + 3_600 * SECOND), then).is_settled());
    }

    #[test]
    fn a_record_is_stored_again_only_when_it_says_something_new() {
        let then = 1_700_000_000 * SECOND;
        let racy = recorded(stamp(then), then + SECOND);
        let settled = recorded(stamp(then), then + 10 * SECOND);
        assert!(racy.supersedes(None));
        assert!(!racy.supersedes(Some(&racy)));
        assert!(settled.supersedes(Some(&racy)));
        assert!(!recorded(stamp(then), then + 20 * SECOND).supersedes(Some(&settled)));
        let touched = recorded(stamp(then + SECOND), then + 20 * SECOND);
        assert!(touched.supersedes(Some(&settled)));
        let rewritten = RecordedFile {
            content_hash: "h2".into(),
            ..settled.clone()
        };
        assert!(rewritten.supersedes(Some(&settled)));
    }
}
