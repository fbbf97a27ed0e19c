//! Whether a pattern's text names the touched file's folder as a path (`.server-changes/`,
//! `packages/core/src/`): a rule that says how the files there are written is about them,
//! whatever files its `paths` select.

/// How a text names the folder of `path` (relative to the repository root): its folders from
/// the root with a closing `/` (`a/b/` for `a/b/c.md`). None for a file at the root, whose
/// folder a text cannot name.
pub fn folder_mention(path: &str) -> Option<String> {
    let path = path.trim_start_matches("./");
    let (folder, _) = path.rsplit_once('/')?;
    (!folder.is_empty()).then(|| format!("{folder}/"))
}

/// Whether `text` names `mention` (see [`folder_mention`]) as a folder of its own: written
/// after a space, a quote, a bracket or `./`, and followed by no more of a path. Not the end
/// of a longer path (`src/` in `packages/core/src/`), and not the start of one: a text citing
/// `src/settings/asm.py` points at one file, not at what the folder's files must be.
pub fn names_folder(text: &str, mention: &str) -> bool {
    if mention.is_empty() {
        return false;
    }
    let in_path = |c: char| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '@');
    text.match_indices(mention).any(|(at, _)| {
        let before = text[..at].strip_suffix("./").unwrap_or(&text[..at]);
        let after = &text[at + mention.len()..];
        before.chars().next_back().is_none_or(|c| !in_path(c))
            && after.chars().next().is_none_or(|c| !in_path(c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_s_folder_is_named_from_the_root() {
        assert_eq!(
            folder_mention(".changes/add-index.md").as_deref(),
            Some(".changes/")
        );
        assert_eq!(
            folder_mention("./packages/core/src/lib.ts").as_deref(),
            Some("packages/core/src/")
        );
        assert_eq!(folder_mention("README.md"), None);
    }

    #[test]
    fn a_folder_counts_where_the_text_writes_it_as_a_path_of_its_own() {
        let text = "Add a note under `.changes/` for each fix; see ./docs/notes/, (tools/) \
                    and build/**.";
        assert!(names_folder(text, ".changes/"));
        assert!(names_folder(text, "docs/notes/"));
        assert!(names_folder(text, "tools/"));
        assert!(names_folder(text, "build/"));
        assert!(names_folder(".changes/ holds them", ".changes/"));
        // The end of a longer path, or of a word, names another folder; the start of a
        // longer path names a file or folder inside it.
        assert!(!names_folder("see packages/core/src/ first", "src/"));
        assert!(!names_folder("the my.changes/ folder", "changes/"));
        assert!(!names_folder("pre-tools/ and x_tools/", "tools/"));
        assert!(!names_folder("see src/settings/asm.py", "src/settings/"));
        assert!(!names_folder("see src/settings/tests/", "src/settings/"));
        assert!(!names_folder("anything", ""));
    }
}
