//! The touched file's path and the repository root as the hook's working directory names
//! them. An agent may write a path through a link its working directory does not go through,
//! or the other way round (`/var/...` against `/private/var/...` on macOS, `~/code/app` linked
//! to another volume): read as written, such a file lies outside the project, so no glob,
//! folder or name of the project's matches it. The query names files from the repository
//! root (see `core::query::path_in_repository`), which must be written as the working
//! directory writes it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// `file` re-expressed under `folder` (the repository root or the working directory, as the
/// working directory names it) when it lies there once links are resolved and not as
/// written; None when it already does, lies elsewhere, or either path cannot be resolved.
/// A file not yet written (a Write) is resolved through its nearest existing folder. Costs
/// nothing for a path already under `folder` as written.
pub fn named_under(file: &str, folder: &str) -> Option<String> {
    let file = Path::new(file);
    let folder = Path::new(folder);
    if !file.is_absolute() || !folder.is_absolute() || file.starts_with(folder) {
        return None;
    }
    let real_folder = std::fs::canonicalize(folder).ok()?;
    let real_file = resolved(file)?;
    let inside = real_file.strip_prefix(&real_folder).ok()?;
    Some(folder.join(inside).to_string_lossy().into_owned())
}

/// The root a call's query names its files from (`QueryInput::root`): the folder holding
/// the configuration, as the working directory names it, when it is the top of a git
/// repository (one stat). A configuration elsewhere (the user's, or one named for a folder
/// of many projects) says nothing of where a project's files are written from: None.
pub fn query_root(root: Option<&Path>, cwd: Option<&str>) -> Option<String> {
    let root = root.filter(|r| std::fs::symlink_metadata(r.join(".git")).is_ok())?;
    let root = root.to_str()?;
    Some(match cwd {
        Some(cwd) => root_as_named_by(root, cwd),
        None => root.to_string(),
    })
}

/// The repository `root` as the working directory `cwd` names it: `root` itself when `cwd`
/// is written inside it, else (the configuration found through a link, or the other way
/// round) the folder of `cwd` that is the root once links are resolved.
pub fn root_as_named_by(root: &str, cwd: &str) -> String {
    let (root_path, cwd_path) = (Path::new(root), Path::new(cwd));
    if cwd_path.starts_with(root_path) || !cwd_path.is_absolute() {
        return root.to_string();
    }
    let (Ok(real_root), Ok(real_cwd)) = (
        std::fs::canonicalize(root_path),
        std::fs::canonicalize(cwd_path),
    ) else {
        return root.to_string();
    };
    let Ok(below) = real_cwd.strip_prefix(&real_root) else {
        return root.to_string();
    };
    let mut named = cwd_path;
    for _ in below.components() {
        match named.parent() {
            Some(parent) => named = parent,
            None => return root.to_string(),
        }
    }
    named.to_string_lossy().into_owned()
}

/// `path` with links resolved in its longest existing head; the names after it as written.
fn resolved(path: &Path) -> Option<PathBuf> {
    let mut head = path;
    let mut tail: Vec<OsString> = Vec::new();
    loop {
        if let Ok(real) = std::fs::canonicalize(head) {
            return Some(tail.iter().rev().fold(real, |at, name| at.join(name)));
        }
        tail.push(head.file_name()?.to_os_string());
        head = head.parent()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_written_through_another_link_is_named_under_the_working_directory() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("volume/app");
        std::fs::create_dir_all(real.join("src")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("volume"), dir.path().join("code")).unwrap();
        let linked = dir.path().join("code/app");
        let cwd = real.to_str().unwrap();
        // An existing file, and one a Write is about to create in a new folder.
        std::fs::write(real.join("src/db.rs"), "").unwrap();
        for (written, expected) in [
            (linked.join("src/db.rs"), real.join("src/db.rs")),
            (linked.join("src/new/pool.rs"), real.join("src/new/pool.rs")),
        ] {
            assert_eq!(
                named_under(written.to_str().unwrap(), cwd).as_deref(),
                expected.to_str()
            );
        }
        // The other way round: the working directory through the link.
        let through = named_under(
            real.join("src/db.rs").to_str().unwrap(),
            linked.to_str().unwrap(),
        );
        assert_eq!(through.as_deref(), linked.join("src/db.rs").to_str());
        // Already under it, elsewhere, or relative: left as it is.
        assert_eq!(
            named_under(real.join("src/db.rs").to_str().unwrap(), cwd),
            None
        );
        assert_eq!(named_under(dir.path().to_str().unwrap(), cwd), None);
        assert_eq!(named_under("src/db.rs", cwd), None);
    }

    #[test]
    fn the_root_is_named_as_the_working_directory_names_it() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("volume/app");
        std::fs::create_dir_all(real.join("apps/web")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("volume"), dir.path().join("code")).unwrap();
        let linked = dir.path().join("code/app");
        let root = real.to_str().unwrap();
        // The session started in a package folder, through the link.
        let cwd = linked.join("apps/web");
        assert_eq!(
            root_as_named_by(root, cwd.to_str().unwrap()),
            linked.to_str().unwrap()
        );
        assert_eq!(
            root_as_named_by(root, real.join("apps/web").to_str().unwrap()),
            root
        );
        // A working directory outside the repository keeps the root as it is.
        assert_eq!(root_as_named_by(root, dir.path().to_str().unwrap()), root);
    }
}
