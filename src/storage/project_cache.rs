//! What the root files of a session's project folders showed, remembered beside the session
//! ledger so each folder is read once per session rather than on every hook: one small JSON
//! file per session in the same private directory, written atomically.

use std::collections::BTreeMap;
use std::hash::Hasher;
use std::path::{Path, PathBuf};

use crate::core::query::ManifestFindings;

use super::atomic_file::write_atomically;
use super::bounded_read::read_bounded;

/// A cache file larger than this is not one lore wrote.
const MAX_CACHE_BYTES: u64 = 256 * 1024;
/// Most folders remembered per session.
const MAX_FOLDERS: usize = 256;

/// What each folder's root files show, by folder path.
pub type FolderFacts = BTreeMap<String, ManifestFindings>;

/// The project facts of one session.
#[derive(Debug, Clone)]
pub struct ProjectCache {
    path: PathBuf,
}

impl ProjectCache {
    /// The cache of `session_id` in the ledger directory `dir`.
    pub fn new(dir: &Path, session_id: &str) -> Self {
        let mut hasher = fnv::FnvHasher::default();
        hasher.write(session_id.as_bytes());
        Self {
            path: dir.join(format!("{:016x}.project", hasher.finish())),
        }
    }

    /// What the session's folders showed, as far as they were read.
    pub fn load(&self) -> FolderFacts {
        read_bounded(&self.path, MAX_CACHE_BYTES, false)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    /// Remember what the folders showed. A cache that cannot be written only costs a re-read.
    pub fn store(&self, folders: &FolderFacts) {
        if folders.len() > MAX_FOLDERS {
            return;
        }
        if let Ok(json) = serde_json::to_vec(folders) {
            let _ = write_atomically(&self.path, &json);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_are_remembered_per_session_and_folder() {
        let dir = tempfile::tempdir().unwrap();
        let cache = ProjectCache::new(dir.path(), "s1");
        assert!(cache.load().is_empty());
        let facts = ManifestFindings {
            technologies: vec!["nestjs".into()],
            languages: vec!["typescript".into()],
        };
        let folders: FolderFacts = [("/p".to_string(), facts.clone())].into();
        cache.store(&folders);
        assert_eq!(cache.load().get("/p"), Some(&facts));
        assert!(ProjectCache::new(dir.path(), "s2").load().is_empty());
    }
}
