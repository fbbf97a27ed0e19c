//! What a session's project root files showed, remembered beside the session ledger so they
//! are read once per session rather than on every hook: one small JSON file per session in
//! the same private directory, written atomically, read only when it is for the same folder.

use std::hash::Hasher;
use std::path::{Path, PathBuf};

use crate::core::query::ManifestFindings;

use super::atomic_file::write_atomically;
use super::bounded_read::read_bounded;

/// A cache file larger than this is not one lore wrote.
const MAX_CACHE_BYTES: u64 = 256 * 1024;

#[derive(serde::Serialize, serde::Deserialize)]
struct Stored {
    cwd: String,
    facts: ManifestFindings,
}

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

    /// The facts remembered for `cwd`, if any (another folder's are not these).
    pub fn load(&self, cwd: &str) -> Option<ManifestFindings> {
        let bytes = read_bounded(&self.path, MAX_CACHE_BYTES, false).ok()?;
        let stored: Stored = serde_json::from_slice(&bytes).ok()?;
        (stored.cwd == cwd).then_some(stored.facts)
    }

    /// Remember the facts for `cwd`. A cache that cannot be written only costs a re-read.
    pub fn store(&self, cwd: &str, facts: &ManifestFindings) {
        let stored = Stored {
            cwd: cwd.to_string(),
            facts: facts.clone(),
        };
        if let Ok(json) = serde_json::to_vec(&stored) {
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
        assert_eq!(cache.load("/p"), None);
        let facts = ManifestFindings {
            technologies: vec!["nestjs".into()],
            languages: vec!["typescript".into()],
        };
        cache.store("/p", &facts);
        assert_eq!(cache.load("/p"), Some(facts));
        assert_eq!(cache.load("/other"), None);
        assert_eq!(ProjectCache::new(dir.path(), "s2").load("/p"), None);
    }
}
