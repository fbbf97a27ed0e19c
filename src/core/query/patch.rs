//! Codex `apply_patch` text read as what an edit touches: the files (with their action and
//! move target) and, per file, the lines the hunks remove and add. Pure and linear in the
//! input; any text, malformed or huge, gives an answer and never panics: only the first
//! [`MAX_PATCH_BYTES`] and [`MAX_PATCH_FILES`] files are read, and each file keeps at most
//! [`MAX_SIDE_BYTES`] of removed and of added text.
//!
//! The grammar (Codex's `*** Begin Patch` envelope): `*** Add File: p` followed by `+` lines,
//! `*** Update File: p` with an optional `*** Move to: q` and hunks (`@@` headers, `-` removed,
//! `+` added, ` ` context, `*** End of File`), `*** Delete File: p`, then `*** End Patch`.
//! Reading is lenient: the envelope is optional (a patch wrapped in a shell heredoc still
//! names its files), lines that fit nowhere are skipped, and a header without a path opens
//! nothing.

use crate::core::text_window::head;

/// Most bytes of patch text read; the rest is ignored (an edit's meaning is in its start).
pub const MAX_PATCH_BYTES: usize = 256 * 1024;
/// Most files taken from one patch.
pub const MAX_PATCH_FILES: usize = 64;
/// Most bytes of removed, and of added, text kept per file.
pub const MAX_SIDE_BYTES: usize = 64 * 1024;

/// What a patch does to one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchAction {
    Add,
    Update,
    Delete,
}

/// One file a patch touches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatchedFile {
    /// The path as the patch names it (relative or absolute).
    pub path: String,
    pub action: PatchAction,
    /// `*** Move to:` target of an update.
    pub moved_to: Option<String>,
    /// Removed lines (without their `-`), joined with newlines.
    pub removed: String,
    /// Added lines (without their `+`), joined with newlines; an added file's whole text.
    pub added: String,
}

/// A parsed patch.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Patch {
    /// Files in the order the patch names them.
    pub files: Vec<PatchedFile>,
    /// Part of the input was not read (past the byte, file or per-file window).
    pub truncated: bool,
}

impl Patch {
    /// Every path the patch touches, in order (each file, then its move target), each once.
    pub fn paths(&self) -> Vec<&str> {
        let mut paths: Vec<&str> = Vec::new();
        for file in &self.files {
            for path in std::iter::once(file.path.as_str()).chain(file.moved_to.as_deref()) {
                if !paths.contains(&path) {
                    paths.push(path);
                }
            }
        }
        paths
    }

    /// The removed text of every file, in order, joined with newlines.
    pub fn removed_text(&self) -> String {
        join_non_empty(self.files.iter().map(|f| f.removed.as_str()))
    }

    /// The added text of every file, in order, joined with newlines.
    pub fn added_text(&self) -> String {
        join_non_empty(self.files.iter().map(|f| f.added.as_str()))
    }
}

fn join_non_empty<'a>(parts: impl Iterator<Item = &'a str>) -> String {
    parts
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Read `text` as an `apply_patch` patch.
pub fn parse_patch(text: &str) -> Patch {
    let mut patch = Patch::default();
    let window = head(text, MAX_PATCH_BYTES);
    patch.truncated = window.len() < text.len();
    let mut current: Option<PatchedFile> = None;
    for line in window.lines() {
        if let Some(header) = line.strip_prefix("*** ") {
            let header = header.trim_end();
            if header == "End Patch" {
                break;
            }
            if let Some(target) = header.strip_prefix("Move to:") {
                if let Some(file) = current
                    .as_mut()
                    .filter(|f| f.action == PatchAction::Update && f.moved_to.is_none())
                {
                    let target = target.trim();
                    file.moved_to = (!target.is_empty()).then(|| target.to_string());
                }
                continue;
            }
            let Some((action, path)) = file_header(header) else {
                // `*** Begin Patch`, `*** End of File` and unknown markers carry no lines.
                continue;
            };
            patch.files.extend(current.take());
            if patch.files.len() == MAX_PATCH_FILES {
                patch.truncated = true;
                break;
            }
            current = (!path.is_empty()).then(|| PatchedFile {
                path: path.to_string(),
                action,
                moved_to: None,
                removed: String::new(),
                added: String::new(),
            });
            continue;
        }
        let Some(file) = current.as_mut() else {
            continue;
        };
        let (side, body) = match (file.action, line.as_bytes().first()) {
            (PatchAction::Add | PatchAction::Update, Some(b'+')) => (&mut file.added, &line[1..]),
            (PatchAction::Update, Some(b'-')) => (&mut file.removed, &line[1..]),
            // Context lines, `@@` hunk headers, a deleted file's (absent) body.
            _ => continue,
        };
        if !push_line(side, body) {
            patch.truncated = true;
        }
    }
    patch.files.extend(current);
    patch
}

/// `Add File: p`, `Update File: p`, `Delete File: p` → the action and the trimmed path.
fn file_header(header: &str) -> Option<(PatchAction, &str)> {
    [
        ("Add File:", PatchAction::Add),
        ("Update File:", PatchAction::Update),
        ("Delete File:", PatchAction::Delete),
    ]
    .into_iter()
    .find_map(|(prefix, action)| Some((action, header.strip_prefix(prefix)?.trim())))
}

/// Append `line` to `side` (newline-separated) unless that passes [`MAX_SIDE_BYTES`].
fn push_line(side: &mut String, line: &str) -> bool {
    let needed = line.len() + usize::from(!side.is_empty());
    if side.len() + needed > MAX_SIDE_BYTES {
        return false;
    }
    if !side.is_empty() {
        side.push('\n');
    }
    side.push_str(line);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, action: PatchAction, removed: &str, added: &str) -> PatchedFile {
        PatchedFile {
            path: path.into(),
            action,
            moved_to: None,
            removed: removed.into(),
            added: added.into(),
        }
    }

    #[test]
    fn an_added_file_is_its_plus_lines() {
        let patch = parse_patch(
            "*** Begin Patch\n*** Add File: docs/intro.md\n+# Intro\n+\n+Say hello.\n*** End Patch\n",
        );
        assert_eq!(
            patch.files,
            [file(
                "docs/intro.md",
                PatchAction::Add,
                "",
                "# Intro\n\nSay hello."
            )]
        );
        assert!(!patch.truncated);
    }

    #[test]
    fn an_update_collects_every_hunk_and_skips_context() {
        let text = "*** Begin Patch\n\
                    *** Update File: src/lib/parse.rs\n\
                    @@ fn parse_header\n\
                    \x20   let raw = read();\n\
                    -    raw.unwrap()\n\
                    +    raw.context(\"header\")?\n\
                    @@ fn parse_body\n\
                    -    todo!()\n\
                    +    Ok(Body::empty())\n\
                    +    // more later\n\
                    *** End of File\n\
                    *** End Patch";
        let patch = parse_patch(text);
        assert_eq!(
            patch.files,
            [file(
                "src/lib/parse.rs",
                PatchAction::Update,
                "    raw.unwrap()\n    todo!()",
                "    raw.context(\"header\")?\n    Ok(Body::empty())\n    // more later",
            )]
        );
    }

    #[test]
    fn a_deleted_file_has_a_path_and_no_text() {
        let patch = parse_patch("*** Begin Patch\n*** Delete File: old/legacy.py\n*** End Patch\n");
        assert_eq!(
            patch.files,
            [file("old/legacy.py", PatchAction::Delete, "", "")]
        );
        assert_eq!(patch.paths(), ["old/legacy.py"]);
    }

    #[test]
    fn a_move_names_both_paths() {
        let patch = parse_patch(
            "*** Begin Patch\n*** Update File: app/util.ts\n*** Move to: app/format/date.ts\n@@\n-export const x = 1;\n+export const formatDate = 1;\n*** End Patch\n",
        );
        assert_eq!(
            patch.files[0].moved_to.as_deref(),
            Some("app/format/date.ts")
        );
        assert_eq!(patch.paths(), ["app/util.ts", "app/format/date.ts"]);
        assert_eq!(patch.removed_text(), "export const x = 1;");
        assert_eq!(patch.added_text(), "export const formatDate = 1;");
    }

    #[test]
    fn several_files_keep_their_order_and_texts() {
        let text = "*** Begin Patch\r\n\
                    *** Update File: /abs/repo/go/server.go\r\n\
                    @@\r\n\
                    -func serve() {}\r\n\
                    +func serve(ctx context.Context) {}\r\n\
                    *** Add File: go/server_test.go\r\n\
                    +package server\r\n\
                    *** Delete File: go/old.go\r\n\
                    *** Update File: /abs/repo/go/server.go\r\n\
                    @@\r\n\
                    +// twice\r\n\
                    *** End Patch\r\n";
        let patch = parse_patch(text);
        let names: Vec<(&str, PatchAction)> = patch
            .files
            .iter()
            .map(|f| (f.path.as_str(), f.action))
            .collect();
        assert_eq!(
            names,
            [
                ("/abs/repo/go/server.go", PatchAction::Update),
                ("go/server_test.go", PatchAction::Add),
                ("go/old.go", PatchAction::Delete),
                ("/abs/repo/go/server.go", PatchAction::Update),
            ]
        );
        assert_eq!(
            patch.paths(),
            ["/abs/repo/go/server.go", "go/server_test.go", "go/old.go"]
        );
        assert_eq!(patch.removed_text(), "func serve() {}");
        assert_eq!(
            patch.added_text(),
            "func serve(ctx context.Context) {}\npackage server\n// twice"
        );
    }

    #[test]
    fn malformed_patches_give_what_can_be_read() {
        // No envelope (as inside a shell heredoc), lines before any header, a header with no
        // path, a move outside an update, text after the end.
        let text = "apply_patch <<'EOF'\n\
                    +stray\n\
                    *** Add File:   \n\
                    +ignored: the header names no file\n\
                    *** Delete File: a.txt\n\
                    *** Move to: b.txt\n\
                    +not part of a deleted file\n\
                    *** Frobnicate: c.txt\n\
                    *** Update File: d.txt\n\
                    -gone\n\
                    *** End Patch\n\
                    *** Add File: after-the-end.txt\n\
                    +x\n\
                    EOF\n";
        let patch = parse_patch(text);
        assert_eq!(
            patch.files,
            [
                file("a.txt", PatchAction::Delete, "", ""),
                file("d.txt", PatchAction::Update, "gone", ""),
            ]
        );
        for odd in [
            "",
            "***",
            "*** ",
            "*** Update File:",
            "+\n-\n@@",
            "*** Move to: x",
            "\u{0}\u{ff}*** Add File: é\n+ü",
        ] {
            let patch = parse_patch(odd);
            assert!(patch.files.len() <= 1, "{odd:?}: {patch:?}");
        }
    }

    #[test]
    fn huge_patches_are_read_within_their_windows() {
        let mut many = String::from("*** Begin Patch\n");
        for i in 0..(MAX_PATCH_FILES + 10) {
            many.push_str(&format!("*** Add File: f{i}.txt\n+line {i}\n"));
        }
        let patch = parse_patch(&many);
        assert_eq!(patch.files.len(), MAX_PATCH_FILES);
        assert!(patch.truncated);

        let long_line = "é".repeat(MAX_SIDE_BYTES);
        let big = format!("*** Add File: big.txt\n+short\n+{long_line}\n+after\n");
        let patch = parse_patch(&big);
        assert_eq!(patch.files[0].added, "short\nafter");
        assert!(patch.truncated);

        // Past the byte window, a multi-byte character is never split.
        let endless = format!("*** Add File: x.txt\n+{}", "ü".repeat(MAX_PATCH_BYTES));
        let patch = parse_patch(&endless);
        assert!(patch.truncated);
        assert_eq!(patch.files[0].path, "x.txt");
        assert_eq!(
            patch.files[0].added, "",
            "a line past the side window is left out whole"
        );
    }

    /// Patch-like text: headers, hunk lines and noise in any order.
    fn patchish() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let line = prop_oneof![
            Just("*** Begin Patch".to_string()),
            Just("*** End Patch".to_string()),
            Just("*** End of File".to_string()),
            "[a-zé/._ ]{0,12}".prop_map(|p| format!("*** Add File: {p}")),
            "[a-zé/._ ]{0,12}".prop_map(|p| format!("*** Update File: {p}")),
            "[a-zé/._ ]{0,12}".prop_map(|p| format!("*** Delete File: {p}")),
            "[a-z/._]{0,12}".prop_map(|p| format!("*** Move to: {p}")),
            ".{0,30}".prop_map(|t| format!("+{t}")),
            ".{0,30}".prop_map(|t| format!("-{t}")),
            ".{0,30}".prop_map(|t| format!(" {t}")),
            ".{0,30}".prop_map(|t| format!("@@{t}")),
            ".{0,30}",
        ];
        proptest::collection::vec(line, 0..40).prop_map(|lines| lines.join("\n"))
    }

    proptest::proptest! {
        #[test]
        fn any_text_parses_within_its_windows(text in patchish()) {
            let patch = parse_patch(&text);
            proptest::prop_assert!(patch.files.len() <= MAX_PATCH_FILES);
            for file in &patch.files {
                proptest::prop_assert!(!file.path.is_empty());
                proptest::prop_assert!(file.removed.len() <= MAX_SIDE_BYTES);
                proptest::prop_assert!(file.added.len() <= MAX_SIDE_BYTES);
                proptest::prop_assert!(file.action == PatchAction::Update || file.moved_to.is_none());
                proptest::prop_assert!(file.action != PatchAction::Delete || file.added.is_empty());
            }
            proptest::prop_assert!(patch.paths().len() <= 2 * patch.files.len());
        }
    }
}
