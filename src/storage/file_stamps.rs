//! Stamps (`core::file_stamp`) of files on disk, and the clock they are compared with: what
//! a delta ingest and the project cache use to tell that a file is unchanged without reading it.

use std::ffi::CString;
use std::fs::File;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::core::file_stamp::FileStamp;

/// A file's stamp from its metadata.
pub fn stamp_of(meta: &std::fs::Metadata) -> FileStamp {
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

/// A time as the file system gives it (seconds and nanoseconds), in nanoseconds.
fn ns(secs: i64, nanos: i64) -> i64 {
    secs.saturating_mul(1_000_000_000).saturating_add(nanos)
}

/// Now, in nanoseconds since the Unix epoch (0 for a clock set before it, which makes every
/// stamp unsettled: files are then read, never skipped).
pub fn now_ns() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

/// Stamps of many files that sit in a few folders, as a knowledge dir's files listed in order
/// do: each folder is opened once and its files are looked up by name in it (`fstatat`), which
/// spares the kernel resolving every file's whole path again (about half of what checking a
/// thousand stamps cost a session start).
#[derive(Debug, Default)]
pub struct StampReader {
    folder: Option<(PathBuf, File)>,
}

impl StampReader {
    /// The stamp of `path` itself (a link is not followed) when it is a regular file; None
    /// when it is anything else or cannot be looked at.
    pub fn regular_file_stamp(&mut self, path: &Path) -> Option<FileStamp> {
        let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
            return None;
        };
        if self.folder.as_ref().is_none_or(|(open, _)| open != parent) {
            // O_PATH is enough to look names up in it, and works without read permission.
            let folder = std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_DIRECTORY | libc::O_PATH | libc::O_CLOEXEC)
                .open(parent)
                .ok()?;
            self.folder = Some((parent.to_path_buf(), folder));
        }
        let (_, folder) = self.folder.as_ref()?;
        let name = CString::new(name.as_bytes()).ok()?;
        let stat = stat_in(folder, &name)?;
        ((stat.st_mode & libc::S_IFMT) == libc::S_IFREG).then(|| stamp_of_stat(&stat))
    }
}

/// `fstatat(folder, name, AT_SYMLINK_NOFOLLOW)`.
fn stat_in(folder: &File, name: &CString) -> Option<libc::stat> {
    let mut stat = std::mem::MaybeUninit::<libc::stat>::zeroed();
    // SAFETY: the folder's descriptor is open for as long as `folder` lives, `name` is a
    // NUL-terminated string, and `stat` points to memory for one `struct stat`, which
    // fstatat fills in full when it returns 0. std has no safe fstatat.
    #[allow(unsafe_code)]
    let found = unsafe {
        libc::fstatat(
            folder.as_raw_fd(),
            name.as_ptr(),
            stat.as_mut_ptr(),
            libc::AT_SYMLINK_NOFOLLOW,
        ) == 0
    };
    // SAFETY: fstatat returned 0, so it wrote the whole struct (and it started zeroed).
    #[allow(unsafe_code)]
    found.then(|| unsafe { stat.assume_init() })
}

fn stamp_of_stat(stat: &libc::stat) -> FileStamp {
    FileStamp {
        size: u64::try_from(stat.st_size).unwrap_or(0),
        mtime_ns: ns(stat.st_mtime, stat.st_mtime_nsec),
        ctime_ns: ns(stat.st_ctime, stat.st_ctime_nsec),
        inode: stat.st_ino,
        device: stat.st_dev,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamp_read_in_its_folder_is_the_stamp_of_the_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("a")).unwrap();
        let files = ["a/x.md", "a/y.md", "z.md"].map(|f| dir.path().join(f));
        for (i, f) in files.iter().enumerate() {
            std::fs::write(f, "x".repeat(i + 1)).unwrap();
        }
        std::os::unix::fs::symlink(&files[0], dir.path().join("a/link.md")).unwrap();
        let mut reader = StampReader::default();
        for f in &files {
            let expected = stamp_of(&std::fs::symlink_metadata(f).unwrap());
            assert_eq!(
                reader.regular_file_stamp(f),
                Some(expected),
                "{}",
                f.display()
            );
        }
        // Not a regular file, or not there: no stamp.
        assert_eq!(
            reader.regular_file_stamp(&dir.path().join("a/link.md")),
            None
        );
        assert_eq!(reader.regular_file_stamp(&dir.path().join("a")), None);
        assert_eq!(
            reader.regular_file_stamp(&dir.path().join("a/gone.md")),
            None
        );
        assert_eq!(
            reader.regular_file_stamp(&dir.path().join("none/x.md")),
            None
        );
    }
}
