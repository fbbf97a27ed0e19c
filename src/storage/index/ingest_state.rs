//! What the index records about the ingests written into it, in `meta`, in the same
//! transaction as the patterns: whether an ingest of the whole knowledge dir ever completed
//! (an index without one was left by an interrupted first ingest, or is being built, and is
//! not an empty knowledge base), and which patterns are served in a stale version (their file
//! changed and no longer parses, so the last valid version stays; see `services::ingest`),
//! and what the patterns' derived facts (their technologies) were found with.

use rusqlite::{OptionalExtension, Transaction, params};

use super::write::set_meta;
use super::{Index, IndexError};

/// Seconds since the Unix epoch of the last write; present only once an ingest of the whole
/// knowledge dir completed (see [`record_ingest`]).
const LAST_INGEST_KEY: &str = "last_ingest";
/// The sources served in a stale version, as a JSON array (absent: none).
const STALE_SOURCES_KEY: &str = "stale_sources";
/// What the patterns' technologies were found with (`TechnologyTable::fingerprint`, as
/// text); absent in an index an older lore wrote.
const DERIVED_WITH_KEY: &str = "derived_with";

/// Record a write: its time, and the stale sources when the batch gives them. A write of only
/// some files (`partial`) into an index that no ingest of the whole knowledge dir completed
/// leaves it incomplete: it holds those files, not the knowledge dir.
pub(super) fn record_ingest(
    tx: &Transaction<'_>,
    ingested_at: u64,
    partial: bool,
    stale: Option<&[String]>,
) -> Result<(), IndexError> {
    let at = ingested_at.to_string();
    if partial {
        tx.prepare_cached("UPDATE meta SET value = ?2 WHERE key = ?1")?
            .execute(params![LAST_INGEST_KEY, at])?;
    } else {
        set_meta(tx, LAST_INGEST_KEY, &at)?;
    }
    match stale {
        None => {}
        Some([]) => {
            tx.prepare_cached("DELETE FROM meta WHERE key = ?1")?
                .execute(params![STALE_SOURCES_KEY])?;
        }
        Some(sources) => {
            let json =
                serde_json::to_string(sources).map_err(|e| IndexError::Corrupt(e.to_string()))?;
            set_meta(tx, STALE_SOURCES_KEY, &json)?;
        }
    }
    Ok(())
}

impl Index {
    /// Whether an ingest of the whole knowledge dir ever completed in this index. One that
    /// did not holds nothing a reader may take for the knowledge base: a first ingest was
    /// killed before it committed, or is still running.
    pub fn ingest_completed(&self) -> Result<bool, IndexError> {
        Ok(self
            .conn
            .prepare_cached("SELECT 1 FROM meta WHERE key = ?1")?
            .exists(params![LAST_INGEST_KEY])?)
    }

    /// What the indexed patterns' technologies were found with, if recorded (see
    /// [`Index::record_derived_with`]).
    pub fn derived_with(&self) -> Result<Option<String>, IndexError> {
        Ok(self
            .conn
            .prepare_cached("SELECT value FROM meta WHERE key = ?1")?
            .query_row(params![DERIVED_WITH_KEY], |r| r.get(0))
            .optional()?)
    }

    /// Record that every indexed pattern's technologies were found with `fingerprint`: an
    /// ingest that read them all writes it after its batch, so an ingest with another table
    /// (a new lore, a change to the team's `[[technologies]]`) knows to read them all again.
    pub fn record_derived_with(&mut self, fingerprint: &str) -> Result<(), IndexError> {
        let tx = self.write_transaction()?;
        set_meta(&tx, DERIVED_WITH_KEY, fingerprint)?;
        tx.commit()?;
        Ok(())
    }

    /// The patterns served in their last valid version because their file changed and no
    /// longer parses, sorted by source.
    pub fn stale_sources(&self) -> Result<Vec<String>, IndexError> {
        let json: Option<String> = self
            .conn
            .prepare_cached("SELECT value FROM meta WHERE key = ?1")?
            .query_row(params![STALE_SOURCES_KEY], |r| r.get(0))
            .optional()?;
        match json {
            None => Ok(Vec::new()),
            Some(json) => serde_json::from_str(&json)
                .map_err(|e| IndexError::Corrupt(format!("{STALE_SOURCES_KEY}: {e}"))),
        }
    }
}
