//! Reading files lore does not control (pattern files, `lore.toml`): only regular files,
//! never more than a cap, and never in a way that blocks. The file's type is checked before
//! it is opened (a FIFO or device is refused unopened), it is opened with `O_NONBLOCK` in
//! case it was swapped in between, checked again on the open handle, and read through a
//! limit of cap + 1 bytes, so a file that grows meanwhile is still refused.

use std::fs::{File, Metadata, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

use thiserror::Error;

/// Why a file was not read. Callers name the file.
#[derive(Debug, Error)]
pub enum BoundedReadError {
    #[error("it is {kind}, not a regular file; lore reads only regular files")]
    NotRegular { kind: &'static str },
    #[error("it is {size} bytes, more than the limit of {limit}")]
    TooLarge { size: u64, limit: u64 },
    // Transparent: shown with its causes (`{:#}`), the I/O error is said once.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// What a file that is not regular is, in words.
pub fn describe_file_type(file_type: std::fs::FileType) -> &'static str {
    if file_type.is_dir() {
        "a directory"
    } else if file_type.is_symlink() {
        "a symbolic link"
    } else if file_type.is_fifo() {
        "a FIFO (named pipe)"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else if file_type.is_file() {
        "a regular file"
    } else {
        "not a regular file"
    }
}

fn check_type(file_type: std::fs::FileType) -> Result<(), BoundedReadError> {
    if file_type.is_file() {
        Ok(())
    } else {
        Err(BoundedReadError::NotRegular {
            kind: describe_file_type(file_type),
        })
    }
}

/// Read at most `limit` bytes of the regular file at `path`. With `follow_links` false a
/// symbolic link is refused, not read.
pub fn read_bounded(
    path: &Path,
    limit: u64,
    follow_links: bool,
) -> Result<Vec<u8>, BoundedReadError> {
    let meta = if follow_links {
        std::fs::metadata(path)?
    } else {
        std::fs::symlink_metadata(path)?
    };
    check_type(meta.file_type())?;
    if meta.len() > limit {
        return Err(BoundedReadError::TooLarge {
            size: meta.len(),
            limit,
        });
    }
    open_and_read(path, limit, follow_links).map(|(bytes, _)| bytes)
}

/// A pattern file's bytes and the metadata of the handle they were read from (taken before
/// the read). `listed`: the type a directory listing gave, so no `stat` is needed before
/// opening (anything but a regular file is refused unopened, and the open handle is checked
/// again), or None for a path the user named, which is checked with `lstat` first. Links are
/// never followed.
pub fn read_pattern_file(
    path: &Path,
    listed: Option<std::fs::FileType>,
    limit: u64,
) -> Result<(Vec<u8>, Metadata), BoundedReadError> {
    match listed {
        Some(listed) => check_type(listed)?,
        None => {
            let meta = std::fs::symlink_metadata(path)?;
            check_type(meta.file_type())?;
            if meta.len() > limit {
                return Err(BoundedReadError::TooLarge {
                    size: meta.len(),
                    limit,
                });
            }
        }
    }
    open_and_read(path, limit, false)
}

/// As [`read_bounded`] for a file whose type a directory listing already gave (no `stat`
/// before opening): anything but a regular file is refused unopened, a link is never
/// followed, and the open handle is checked again.
pub fn read_listed_file(
    path: &Path,
    listed: std::fs::FileType,
    limit: u64,
) -> Result<Vec<u8>, BoundedReadError> {
    read_pattern_file(path, Some(listed), limit).map(|(bytes, _)| bytes)
}

fn open_and_read(
    path: &Path,
    limit: u64,
    follow_links: bool,
) -> Result<(Vec<u8>, Metadata), BoundedReadError> {
    let mut flags = libc::O_NONBLOCK;
    if !follow_links {
        flags |= libc::O_NOFOLLOW;
    }
    let file: File = OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(path)?;
    let meta = file.metadata()?;
    check_type(meta.file_type())?;
    if meta.len() > limit {
        return Err(BoundedReadError::TooLarge {
            size: meta.len(),
            limit,
        });
    }
    let mut bytes = Vec::with_capacity(meta.len().min(limit) as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(BoundedReadError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok((bytes, meta))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_within_the_limit_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.md");
        std::fs::write(&path, "hello").unwrap();
        assert_eq!(read_bounded(&path, 5, false).unwrap(), b"hello");
        let err = read_bounded(&path, 4, false).unwrap_err();
        assert!(
            matches!(err, BoundedReadError::TooLarge { size: 5, limit: 4 }),
            "{err}"
        );
    }

    #[test]
    fn a_listed_type_is_trusted_only_to_refuse() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.md");
        std::fs::write(&path, "hello").unwrap();
        let file_type = std::fs::symlink_metadata(&path).unwrap().file_type();
        let (bytes, meta) = read_pattern_file(&path, Some(file_type), 5).unwrap();
        assert_eq!((bytes.as_slice(), meta.len()), (&b"hello"[..], 5));
        assert!(read_pattern_file(&path, Some(file_type), 4).is_err());
        assert_eq!(read_pattern_file(&path, None, 5).unwrap().0, b"hello");
        let dir_type = std::fs::metadata(dir.path()).unwrap().file_type();
        assert!(read_pattern_file(&path, Some(dir_type), 5).is_err());
        // Listed as a file, swapped for a FIFO since: the open handle says so, no blocking.
        let fifo = dir.path().join("b.md");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let err = read_pattern_file(&fifo, Some(file_type), 5).unwrap_err();
        assert!(err.to_string().contains("FIFO"), "{err}");
    }

    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pipe.md");
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(made.success());
        // Would block forever (no writer) if it were opened for a plain read.
        let err = read_bounded(&path, 1024, true).unwrap_err();
        assert!(err.to_string().contains("FIFO"), "{err}");
    }

    #[test]
    fn devices_directories_and_links_are_refused() {
        let err = read_bounded(Path::new("/dev/zero"), 1024, true).unwrap_err();
        assert!(err.to_string().contains("device"), "{err}");
        let dir = tempfile::tempdir().unwrap();
        let err = read_bounded(dir.path(), 1024, true).unwrap_err();
        assert!(err.to_string().contains("directory"), "{err}");
        let target = dir.path().join("t.md");
        std::fs::write(&target, "x").unwrap();
        let link = dir.path().join("l.md");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(read_bounded(&link, 1024, false).is_err());
        assert_eq!(read_bounded(&link, 1024, true).unwrap(), b"x");
    }
}
