//! Atomic file replacement that cannot be redirected: the new text goes to a temp file
//! created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`) under an unpredictable name beside the
//! target, is synced, and is renamed over the target. A crash leaves either the old file or
//! the new one, never a torn one; a symlink planted at any name lore uses is never followed,
//! and a target that is a symlink is refused rather than replaced.

use std::ffi::OsStr;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// How many fresh names to try when a temp name is already taken (only an attacker or an
/// astronomically unlikely collision takes one).
const NAME_ATTEMPTS: usize = 16;

/// 64 unpredictable bits as 16 hex digits, from the kernel's random source. Without
/// `/dev/urandom` (a bare chroot), std's per-process random hash keys stand in: still
/// unknown to any other process.
pub fn random_hex() -> String {
    let mut bytes = [0u8; 8];
    let from_kernel = File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    let value = match from_kernel {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => {
            use std::hash::{BuildHasher, Hasher};
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            hasher.finish()
        }
    };
    format!("{value:016x}")
}

/// Create a new file in `dir` named `<prefix><16 random hex digits><suffix>`, exclusively and
/// without following a symlink at that name, with permission bits `mode` (before the umask).
/// Returns the open file and its path.
pub fn create_exclusive(
    dir: &Path,
    prefix: &OsStr,
    suffix: &str,
    mode: u32,
) -> std::io::Result<(File, PathBuf)> {
    let mut last = None;
    for _ in 0..NAME_ATTEMPTS {
        let mut name = prefix.to_os_string();
        name.push(random_hex());
        name.push(suffix);
        let path = dir.join(name);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .custom_flags(libc::O_NOFOLLOW)
            .open(&path)
        {
            Ok(file) => return Ok((file, path)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temp name")))
}

/// Why an existing target may not be replaced, or its permission bits when it may (None:
/// there is no target yet).
fn target_mode(path: &Path) -> std::io::Result<Option<u32>> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(std::io::Error::other(
            "it is a symbolic link, and lore never replaces a link (that would write where it \
             points, or swap it for a copy); edit the file it points to yourself, or replace \
             the link with a regular file",
        )),
        Ok(meta) if !meta.is_file() => Err(std::io::Error::other(
            "it is not a regular file; move it away or choose another name",
        )),
        Ok(meta) => Ok(Some(meta.permissions().mode() & 0o7777)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Atomically write `bytes` to `path` (creating or replacing it). The new file keeps the
/// permission bits of the one it replaces; a new one gets the usual `0666` less the umask.
/// Refuses a target that is a symlink or not a regular file (callers name the path).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    replace_file(path, bytes, Durability::Synced)
}

/// [`write_atomically`] for a cache: the same safety against torn files and planted links,
/// without the two syncs, which cost a hook about half a millisecond and protect nothing a
/// cache needs (after a power loss it is re-read or rebuilt).
pub fn write_cache_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    replace_file(path, bytes, Durability::Cache)
}

/// Whether a replaced file must survive a power loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Durability {
    Synced,
    Cache,
}

fn replace_file(path: &Path, bytes: &[u8], durability: Durability) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("path has no file name"))?;
    let existing_mode = target_mode(path)?;
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    let (mut file, temp) = create_exclusive(dir, &prefix, ".tmp", 0o666)?;
    let result = (|| {
        if let Some(mode) = existing_mode {
            file.set_permissions(std::fs::Permissions::from_mode(mode))?;
        }
        file.write_all(bytes)?;
        if durability == Durability::Synced {
            file.sync_all()?;
        }
        // The target may have become a link since the check above; never replace one.
        target_mode(path)?;
        std::fs::rename(&temp, path)?;
        // Persist the rename itself.
        if durability == Durability::Synced
            && let Ok(d) = File::open(dir)
        {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_content_and_leaves_no_temp_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.md");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let entries: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(entries.len(), 1);
    }

    #[test]
    fn a_symlink_at_the_old_temp_name_is_not_followed() {
        // Before: the temp file was `.<name>.<pid>.tmp`, opened with File::create, so a link
        // planted there wrote the new text wherever it pointed.
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let victim = outside.path().join("victim");
        std::fs::write(&victim, "untouched").unwrap();
        let path = dir.path().join("a.md");
        let guessable = dir.path().join(format!(".a.md.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, &guessable).unwrap();
        write_atomically(&path, b"new text").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
        let meta = std::fs::symlink_metadata(&path).unwrap();
        assert!(meta.file_type().is_file(), "{meta:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new text");
    }

    #[test]
    fn a_symlinked_target_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let victim = outside.path().join("victim");
        std::fs::write(&victim, "untouched").unwrap();
        let path = dir.path().join("a.md");
        std::os::unix::fs::symlink(&victim, &path).unwrap();
        let err = write_atomically(&path, b"new text").unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
        assert!(
            std::fs::symlink_metadata(&path)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        // No temp file left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.md");
        std::fs::write(&path, "one").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&path, b"two").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }

    #[test]
    fn exclusive_names_are_unpredictable_and_never_reused() {
        let dir = tempfile::tempdir().unwrap();
        let (_a, first) = create_exclusive(dir.path(), OsStr::new("x."), ".tmp", 0o600).unwrap();
        let (_b, second) = create_exclusive(dir.path(), OsStr::new("x."), ".tmp", 0o600).unwrap();
        assert_ne!(first, second);
        let name = first.file_name().unwrap().to_str().unwrap();
        assert_eq!(name.len(), "x.".len() + 16 + ".tmp".len(), "{name}");
    }
}
