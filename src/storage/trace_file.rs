//! The `LORE_TRACE` file: one line appended per hook call, in one `write` on a descriptor
//! opened with `O_APPEND`, so lines of concurrent hooks never interleave. The file is created
//! private (0600), only ever a regular file of the user's own (a FIFO or device at the path
//! is refused without blocking; a symbolic link is never followed, so a link planted at the
//! path cannot have lines appended to its target; a file another user owns is refused), and
//! kept to a size: once a line would take it past its cap, it is moved to `<path>.1`
//! (replacing the previous one) and a new file is started, once, however many hooks find it
//! full at the same moment.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fs2::FileExt;

use super::ledger::current_uid;

/// Append `line` and a newline to the trace file at `path`, rotating it to `<path>.1` first
/// when the line would take it past `max_bytes`.
pub fn append_trace_line(path: &Path, line: &str, max_bytes: u64) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    let mut file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > 0 && size + bytes.len() as u64 > max_bytes {
        rotate(path, &file)?;
        file = open_regular(path)?;
    }
    // One write: with O_APPEND the kernel places it whole at the end, whatever else appends.
    let written = file.write(&bytes)?;
    if written != bytes.len() {
        return Err(std::io::Error::other(format!(
            "wrote {written} of {} bytes (is the disk full?)",
            bytes.len()
        )));
    }
    Ok(())
}

/// The trace file opened for appending; anything but a regular file of this user's is
/// refused.
fn open_regular(path: &Path) -> std::io::Result<File> {
    // O_NONBLOCK: opening a FIFO with no reader fails at once instead of waiting for one.
    // O_NOFOLLOW: a link at the path (even a dangling one) fails the open instead of
    // redirecting the line, or the file's creation, to wherever it points.
    let file = OpenOptions::new()
        .append(true)
        .create(true)
        .mode(0o600)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC | libc::O_NOFOLLOW)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => {
                std::io::Error::other("it is a symbolic link; name the file itself")
            }
            _ => e,
        })?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    // Someone else's file (made writable to lure lines into it, or left by another user's
    // session) would receive this user's prompts and commands.
    if meta.uid() != current_uid() {
        return Err(std::io::Error::other(format!(
            "it belongs to another user (uid {}); name a file of your own",
            meta.uid()
        )));
    }
    Ok(file)
}

/// How long a hook waits for another one rotating the same full file.
const ROTATE_WAIT: Duration = Duration::from_millis(500);

/// Move the full trace file aside, unless another hook already did (the path then names a
/// newer file, which is kept). Concurrent hooks that all find the file full rotate it once:
/// each takes the file's lock and moves it only if the path still names it, so none moves
/// the newer file (and with it the lines of the full one) or fails on a path just moved.
/// A hook that waits longer than [`ROTATE_WAIT`] appends without rotating.
fn rotate(path: &Path, open: &File) -> std::io::Result<()> {
    let started = Instant::now();
    while open.try_lock_exclusive().is_err() {
        if started.elapsed() > ROTATE_WAIT {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let moved = still_names(path, open).and_then(|same| match same {
        true => std::fs::rename(path, rotated(path)).or_else(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Ok(()),
            _ => Err(e),
        }),
        false => Ok(()),
    });
    let _ = FileExt::unlock(open);
    moved
}

/// Whether `path` still names the open file.
fn still_names(path: &Path, open: &File) -> std::io::Result<bool> {
    let ours = open.metadata()?;
    match std::fs::symlink_metadata(path) {
        Ok(now) => Ok(now.ino() == ours.ino() && now.dev() == ours.dev()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

/// `<path>.1`.
pub fn rotated(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".1");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn lines_are_appended_privately_and_the_file_rotates_at_its_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        append_trace_line(&path, "{\"n\":1}", 40).unwrap();
        append_trace_line(&path, "{\"n\":2}", 40).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"n\":1}\n{\"n\":2}\n"
        );
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        // 16 bytes so far; 32 more would pass 40: the full file moves to .1.
        append_trace_line(&path, &format!("{{\"n\":\"{}\"}}", "x".repeat(23)), 40).unwrap();
        assert_eq!(
            std::fs::read_to_string(rotated(&path)).unwrap(),
            "{\"n\":1}\n{\"n\":2}\n"
        );
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .starts_with("{\"n\":\"xxx")
        );
    }

    #[test]
    fn a_fifo_or_a_device_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        assert!(append_trace_line(&fifo, "{}", 1 << 20).is_err());
        assert!(append_trace_line(Path::new("/dev/null"), "{}", 1 << 20).is_err());
    }

    #[test]
    fn a_link_at_the_trace_path_is_refused_and_its_target_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("victim");
        std::fs::write(&target, "precious\n").unwrap();
        let link = dir.path().join("trace.jsonl");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(append_trace_line(&link, "{}", 1 << 20).is_err());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious\n");
        // A dangling link is not followed to create its target either.
        let missing = dir.path().join("created-through-the-link");
        let dangling = dir.path().join("dangling.jsonl");
        std::os::unix::fs::symlink(&missing, &dangling).unwrap();
        assert!(append_trace_line(&dangling, "{}", 1 << 20).is_err());
        assert!(!missing.exists());
    }

    #[test]
    fn a_trace_file_another_user_owns_is_refused() {
        // Only root can hand a file to another user; as anyone else there is none to test.
        if crate::storage::ledger::current_uid() != 0 {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        std::fs::write(&path, "").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).unwrap();
        std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        let err = append_trace_line(&path, "{}", 1 << 20).unwrap_err();
        assert!(err.to_string().contains("another user"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "");
    }

    #[test]
    fn concurrent_appends_never_interleave() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for i in 0..200 {
                        let line =
                            format!("{{\"t\":{t},\"i\":{i},\"pad\":\"{}\"}}", "y".repeat(3000));
                        append_trace_line(&path, &line, 1 << 30).unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1600);
        for line in lines {
            serde_json::from_str::<serde_json::Value>(line).unwrap();
        }
    }

    #[test]
    fn concurrent_appends_across_one_rotation_lose_no_line() {
        // Each round: a file just under its cap, then threads appending at once, so every
        // one of them finds the file full. One rotation is due; no line may be lost.
        for round in 0..20 {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("trace.jsonl");
            let cap = 64 * 1024;
            std::fs::write(&path, format!("{}\n", "f".repeat(cap as usize - 100))).unwrap();
            let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
            let threads: Vec<_> = (0..8)
                .map(|t| {
                    let (path, barrier) = (path.clone(), barrier.clone());
                    std::thread::spawn(move || {
                        barrier.wait();
                        append_trace_line(&path, &format!("{{\"t\":{t}}}"), cap)
                    })
                })
                .collect();
            for t in threads {
                t.join().unwrap().unwrap();
            }
            let mut text = std::fs::read_to_string(&path).unwrap_or_default();
            text.push_str(&std::fs::read_to_string(rotated(&path)).unwrap_or_default());
            let lines = text.lines().filter(|l| l.starts_with("{\"t\"")).count();
            assert_eq!(lines, 8, "round {round}: {} lines", text.lines().count());
            assert!(
                text.starts_with("fff") || text.contains("\nfff"),
                "round {round}: the filler went"
            );
        }
    }
}
