//! What the root files of a project's folders showed, remembered beside the session ledgers
//! so a hook reads a folder again only when its stamps say it changed: one small JSON file per
//! working directory in the same private directory, written atomically, shared by the
//! sessions that run there.

use std::collections::BTreeMap;
use std::hash::Hasher;
use std::path::{Path, PathBuf};

use crate::core::query::ManifestFindings;

use super::atomic_file::write_cache_atomically;
use super::bounded_read::read_bounded;
use super::project_files::FolderStamps;

/// A cache file larger than this is not one lore wrote.
const MAX_CACHE_BYTES: u64 = 256 * 1024;
/// Most folders remembered per working directory.
const MAX_FOLDERS: usize = 256;

/// What one folder's root files showed, and the stamps that prove it still holds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CachedFolder {
    pub stamps: FolderStamps,
    pub facts: ManifestFindings,
}

/// Each folder's cached facts, by folder path.
pub type FolderFacts = BTreeMap<String, CachedFolder>;

#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
struct CacheFile {
    /// The technology table the facts were found with (see `TechnologyTable::fingerprint`).
    table: u64,
    folders: FolderFacts,
}

/// The project facts remembered for one working directory.
#[derive(Debug, Clone)]
pub struct ProjectCache {
    path: PathBuf,
    table: u64,
}

impl ProjectCache {
    /// The cache of hooks run in `project_dir`, kept in the ledger directory `dir`, for facts
    /// found with the technology table whose fingerprint is `table`.
    pub fn new(dir: &Path, project_dir: &Path, table: u64) -> Self {
        let mut hasher = fnv::FnvHasher::default();
        hasher.write(project_dir.as_os_str().as_encoded_bytes());
        Self {
            path: dir.join(format!("{:016x}.project", hasher.finish())),
            table,
        }
    }

    /// What the folders showed when last read with this table (nothing when the cache is
    /// missing, unreadable or from another table). Callers check each folder's stamps.
    pub fn load(&self) -> FolderFacts {
        read_bounded(&self.path, MAX_CACHE_BYTES, false)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<CacheFile>(&bytes).ok())
            .filter(|file| file.table == self.table)
            .map(|file| file.folders)
            .unwrap_or_default()
    }

    /// Remember what the folders showed. A cache that cannot be written only costs a re-read.
    pub fn store(&self, folders: &FolderFacts) {
        if folders.len() > MAX_FOLDERS {
            return;
        }
        let file = CacheFile {
            table: self.table,
            folders: folders.clone(),
        };
        if let Ok(json) = serde_json::to_vec(&file) {
            let _ = write_cache_atomically(&self.path, &json);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cached(technology: &str) -> CachedFolder {
        CachedFolder {
            stamps: FolderStamps::default(),
            facts: ManifestFindings {
                technologies: vec![technology.into()],
                languages: vec!["typescript".into()],
            },
        }
    }

    #[test]
    fn facts_are_remembered_per_working_directory_and_table() {
        let dir = tempfile::tempdir().unwrap();
        let cache = ProjectCache::new(dir.path(), Path::new("/p"), 1);
        assert!(cache.load().is_empty());
        let folders: FolderFacts = [("/p".to_string(), cached("nestjs"))].into();
        cache.store(&folders);
        assert_eq!(cache.load(), folders);
        // Another session in the same directory shares them.
        assert_eq!(
            ProjectCache::new(dir.path(), Path::new("/p"), 1).load(),
            folders
        );
        assert!(
            ProjectCache::new(dir.path(), Path::new("/q"), 1)
                .load()
                .is_empty()
        );
        // Facts another table found are not reused.
        assert!(
            ProjectCache::new(dir.path(), Path::new("/p"), 2)
                .load()
                .is_empty()
        );
    }
}
