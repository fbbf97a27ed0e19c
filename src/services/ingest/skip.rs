//! Whether ingest would skip a path of the knowledge dir, and why, without walking the
//! directory: for code that names one file (`lore ingest --file`, the MCP authoring tools),
//! so it never indexes or writes a pattern the next ingest of the whole dir would drop. The
//! rules are the walk's (see `scan`): hidden names, files that are not patterns, symbolic
//! links, and `.loreignore` files (gitignore syntax, a deeper file overriding a shallower one,
//! nothing re-included below an ignored folder).

use std::path::{Component, Path, PathBuf};

use ignore::Match;
use ignore::gitignore::Gitignore;

use super::scan::{IGNORE_FILE_NAME, is_pattern_file};

/// Why ingest skips `rel` (relative to the knowledge dir `root`), or None when it reads it.
/// Parts of `rel` that do not exist yet are judged by their names.
pub fn why_ingest_skips(root: &Path, rel: &Path) -> Option<String> {
    let parts: Vec<&std::ffi::OsStr> = rel
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part),
            _ => None,
        })
        .collect();
    if let Some(hidden) = parts.iter().find(|p| p.to_string_lossy().starts_with('.')) {
        return Some(format!(
            "`{}` is hidden (its name starts with `.`), and ingest skips hidden files and folders",
            hidden.to_string_lossy()
        ));
    }
    if !is_pattern_file(rel) {
        return Some(
            "it is not a pattern file: ingest reads only .md, .markdown and .mdc files".to_string(),
        );
    }
    let mut path = root.to_path_buf();
    let mut ignores: Vec<Gitignore> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        add_ignore_file(&path, &mut ignores);
        path.push(part);
        let is_dir = i + 1 < parts.len();
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Some(format!(
                "`{}` is a symlink, which ingest does not follow (it could lead anywhere)",
                shown(root, &path)
            ));
        }
        if let Some(why) = ignored_by(&ignores, &path, is_dir) {
            return Some(why);
        }
    }
    None
}

/// The `.loreignore` of `dir`, when it has one that can be read.
fn add_ignore_file(dir: &Path, ignores: &mut Vec<Gitignore>) {
    let file = dir.join(IGNORE_FILE_NAME);
    if file.is_file() {
        let (matcher, _) = Gitignore::new(&file);
        ignores.push(matcher);
    }
}

/// The rule that excludes `path`, judged as the walk does: the deepest `.loreignore` with a
/// rule for it decides.
fn ignored_by(ignores: &[Gitignore], path: &Path, is_dir: bool) -> Option<String> {
    for matcher in ignores.iter().rev() {
        match matcher.matched(path, is_dir) {
            Match::Ignore(glob) => {
                let file = glob
                    .from()
                    .map_or_else(|| PathBuf::from(IGNORE_FILE_NAME), Path::to_path_buf);
                return Some(format!(
                    "the rule `{}` in {} excludes it",
                    glob.original(),
                    file.display()
                ));
            }
            Match::Whitelist(_) => return None,
            Match::None => {}
        }
    }
    None
}

fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::ingest::scan_knowledge_dir;

    /// Every verdict agrees with what a walk of the knowledge dir finds.
    #[test]
    fn verdicts_match_the_walk() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let files = [
            "a.md",
            "notes.txt",
            ".drafts/x.md",
            ".hidden.md",
            "drafts/y.md",
            "keep/drafts/z.md",
            "sub/secret.md",
            "sub/open.md",
            "sub/deeper/again.md",
            "vendor/lib.md",
            "vendor/kept.md",
            "generated.mdc",
        ];
        for rel in files {
            let path = root.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "# T\n").unwrap();
        }
        std::fs::write(root.join(".loreignore"), "/drafts/\nvendor/\n*.mdc\n").unwrap();
        std::fs::write(root.join("sub/.loreignore"), "secret.md\n!*.md\nagain.md\n").unwrap();
        std::fs::write(root.join("sub/deeper/.loreignore"), "!again.md\n").unwrap();
        std::fs::write(root.join("outside.md"), "# O\n").unwrap();
        std::os::unix::fs::symlink(root.join("outside.md"), root.join("link.md")).unwrap();

        let walked: Vec<String> = scan_knowledge_dir(root)
            .unwrap()
            .into_iter()
            .map(|f| f.source)
            .collect();
        for rel in files.iter().chain(&["link.md", "outside.md"]) {
            let verdict = why_ingest_skips(root, Path::new(rel));
            assert_eq!(
                verdict.is_none(),
                walked.contains(&rel.to_string()),
                "{rel}: {verdict:?} but the walk found {walked:?}"
            );
        }
        let why = why_ingest_skips(root, Path::new("drafts/new.md")).unwrap();
        assert!(
            why.contains("`/drafts/`") && why.contains(".loreignore"),
            "{why}"
        );
        let why = why_ingest_skips(root, Path::new(".drafts/new.md")).unwrap();
        assert!(why.contains("`.drafts` is hidden"), "{why}");
        let why = why_ingest_skips(root, Path::new("link.md")).unwrap();
        assert!(why.contains("symlink"), "{why}");
        assert!(why_ingest_skips(root, Path::new("fresh/new.md")).is_none());
    }
}
