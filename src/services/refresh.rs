//! Keeping the index current from inside an agent session: a missing index is built, an index
//! an older lore wrote is upgraded, and edited patterns are picked up by a delta ingest, all
//! bounded (skipped on knowledge dirs larger than `hook.session_start_ingest_limit`, or when
//! another writer holds the index) so a hook stays within its time budget. The delta reads
//! only files whose stamps (size, times, inode) changed, and writes nothing when nothing did.
//! Any harness adapter calls these.

use std::time::Duration;

use crate::core::config::Config;
use crate::services::ingest::{
    KnowledgeScan, NoProgress, ingest_scanned, scan_knowledge, unchanged_since_last_ingest,
};
use crate::services::inject::Trace;
use crate::services::workspace::build_index_if_missing;
use crate::storage::index::{Index, SCHEMA_VERSION};

/// How long a refresh waits for another writer before giving up.
const WRITE_BUSY: Duration = Duration::from_millis(300);

/// Build a missing index (atomically: readers never see it half-built), unless the knowledge
/// dir is too large to do so inside a hook.
pub fn build_first_index(config: &Config, trace: &mut Trace) {
    if listing_within_hook_limit(config, trace).is_none() {
        return;
    }
    match build_index_if_missing(config, &mut NoProgress) {
        Ok(Some(report)) => trace.note(format!(
            "built the index: {} patterns, {} invalid, {} skipped",
            report.added.len(),
            report.errors.len(),
            report.warnings.len()
        )),
        Ok(None) => trace.note("another process built the index"),
        Err(e) => trace.note(format!("cannot build the index: {e}")),
    }
}

/// Bounded delta ingest, so patterns edited since the last `lore ingest` are picked up:
/// skipped when the knowledge dir holds more files than `hook.session_start_ingest_limit`
/// or another ingest holds the index. The knowledge dir is listed once, for the limit and
/// the delta both. Most sessions start with nothing changed: that is found on a read-only
/// snapshot of the index, which is returned for the caller to read (one connection, one
/// state of the index); the index is opened for writing only when something did change,
/// and then None is returned.
pub fn refresh_index(config: &Config, trace: &mut Trace) -> Option<Index> {
    if !config.database.exists() {
        build_first_index(config, trace);
        return None;
    }
    let scan = listing_within_hook_limit(config, trace)?;
    trace.note(format!("listed {} pattern files", scan.files.len()));
    if let Some(snapshot) = current_snapshot(config, &scan) {
        trace.note(format!(
            "index is current: {} pattern files, none changed",
            scan.files.len()
        ));
        return Some(snapshot);
    }
    let result = Index::open_with_busy_timeout(&config.database, WRITE_BUSY)
        .map_err(anyhow::Error::from)
        .and_then(|mut index| Ok(ingest_scanned(config, &mut index, scan)?));
    match result {
        Ok(report) => trace.note(format!(
            "refreshed index: {} ({} files read), {} invalid, {} skipped",
            report.summary(),
            report.files_read,
            report.errors.len(),
            report.warnings.len()
        )),
        Err(e) => trace.note(format!("index refresh skipped: {e:#}")),
    }
    None
}

/// A snapshot of the index when it holds exactly what `scan` listed, as proven by file
/// stamps alone. None when it does not, or cannot tell (an older schema, a busy or
/// unreadable index): the delta ingest that follows then decides, and reports any trouble.
fn current_snapshot(config: &Config, scan: &KnowledgeScan) -> Option<Index> {
    let index = Index::open_snapshot(&config.database, WRITE_BUSY).ok()??;
    unchanged_since_last_ingest(&index, scan)
        .unwrap_or(false)
        .then_some(index)
}

/// Bring an index that an older lore wrote up to this lore's schema (see
/// `storage::index::schema`), so hooks keep injecting after an upgrade mid-session instead of
/// waiting for the next session start or `lore ingest`. Bounded as a refresh is.
pub fn upgrade_index(config: &Config, trace: &mut Trace) {
    if listing_within_hook_limit(config, trace).is_none() {
        return;
    }
    match Index::open_with_busy_timeout(&config.database, WRITE_BUSY) {
        Ok(_) => trace.note(format!("upgraded the index to schema {SCHEMA_VERSION}")),
        Err(e) => trace.note(format!("index upgrade skipped: {e}")),
    }
}

/// The knowledge dir's listing when it is small enough to index (or migrate) inside a hook's
/// time budget; None when it is not, or cannot be listed.
fn listing_within_hook_limit(config: &Config, trace: &mut Trace) -> Option<KnowledgeScan> {
    match scan_knowledge(&config.knowledge_dir) {
        Ok(scan) if scan.files.len() > config.hook.session_start_ingest_limit => {
            trace.note(format!(
                "{} pattern files exceed hook.session_start_ingest_limit; run `lore ingest`",
                scan.files.len()
            ));
            None
        }
        Err(e) => {
            trace.note(format!("cannot list the knowledge dir: {e}"));
            None
        }
        Ok(scan) => Some(scan),
    }
}
