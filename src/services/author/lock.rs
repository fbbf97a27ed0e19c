//! The exclusive write lock beside the index: one writer at a time across threads and
//! `lore serve` processes.

use std::fs::OpenOptions;
use std::os::unix::fs::OpenOptionsExt;
use std::path::PathBuf;

use fs2::FileExt;

use super::AuthorError;
use crate::core::config::Config;

/// The exclusive write lock: one writer at a time across threads and `lore serve` processes.
pub(super) struct WriteLock {
    file: std::fs::File,
}

impl WriteLock {
    pub(super) fn acquire(config: &Config) -> Result<Self, AuthorError> {
        let mut name = config.database.as_os_str().to_owned();
        name.push(".write.lock");
        let path = PathBuf::from(name);
        let lock_err = |source| AuthorError::Lock {
            path: path.clone(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(lock_err)?;
        }
        // Never through a link: one planted here would create files wherever it points. Never
        // waiting on a FIFO either: without O_NONBLOCK its open waits for a reader forever.
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            .open(&path)
            .map_err(|e| match e.raw_os_error() {
                Some(libc::ELOOP) => lock_err(std::io::Error::other(
                    "it is a symbolic link; remove it (lore makes the file again)",
                )),
                _ => lock_err(e),
            })?;
        let meta = file.metadata().map_err(lock_err)?;
        if !meta.is_file() {
            return Err(lock_err(std::io::Error::other(format!(
                "it is {}, not a regular file; remove it (lore makes the file again)",
                crate::storage::bounded_read::describe_file_type(meta.file_type())
            ))));
        }
        file.lock_exclusive().map_err(lock_err)?;
        Ok(Self { file })
    }
}

impl Drop for WriteLock {
    fn drop(&mut self) {
        let _ = FileExt::unlock(&self.file);
    }
}
