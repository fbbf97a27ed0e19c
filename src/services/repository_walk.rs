//! How lore walks a repository's own files: as its ignore files leave it (`.gitignore`,
//! `.git/info/exclude`, `.ignore`, `.loreignore`), links never followed, and never into
//! `.git`, `node_modules` or `.lore`. Finding other agents' rule files and auditing patterns'
//! `paths` share it, so both see the same repository.

use std::path::Path;

use super::ingest::IGNORE_FILE_NAME;

/// Most entries (files and folders) a walk looks at before it stops.
pub const MAX_WALK_ENTRIES: usize = 200_000;

/// Folders never entered, whatever the ignore files say.
const NEVER_ENTERED: &[&str] = &[".git", "node_modules", ".lore"];

/// Whether a folder of this name is never entered.
pub fn never_entered(name: &str) -> bool {
    NEVER_ENTERED.contains(&name)
}

/// A walker of `root` with lore's ignore rules; the caller adds its own `filter_entry` (which
/// must leave out [`never_entered`] folders) and builds it.
pub fn repository_walker(root: &Path) -> ignore::WalkBuilder {
    let mut builder = ignore::WalkBuilder::new(root);
    builder
        .standard_filters(false)
        .hidden(false)
        .git_ignore(true)
        .git_exclude(true)
        .git_global(false)
        .ignore(true)
        .parents(true)
        .require_git(false)
        .follow_links(false)
        .add_custom_ignore_filename(IGNORE_FILE_NAME);
    builder
}
