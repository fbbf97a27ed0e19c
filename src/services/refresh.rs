//! Keeping the index current from inside an agent session: a missing index is built, an index
//! an older lore wrote is upgraded, and edited patterns are picked up by a delta ingest, all
//! bounded (skipped on knowledge dirs larger than `hook.session_start_ingest_limit`, or when
//! another writer holds the index, and abandoned, writing nothing, once the hook's deadline
//! passes) so a hook stays within its time budget. Whether anything changed is decided by
//! file stamps (size, times, inode) against what the index recorded; the delta reads only
//! files whose stamps changed, and writes nothing when none did. Any harness adapter calls
//! these.

use std::time::Duration;

use crate::core::config::Config;
use crate::services::deadline::Deadline;
use crate::services::ingest::{
    KnowledgeScan, NoProgress, RecordedState, SourceListing, derivation_fingerprint, ingest_listed,
    scan_knowledge_until,
};
use crate::services::inject::Trace;
use crate::services::workspace::build_index_if_missing_by;
use crate::storage::index::{Index, SCHEMA_VERSION};

/// How long a refresh waits for another writer before giving up.
const WRITE_BUSY: Duration = Duration::from_millis(300);

/// Build a missing index (atomically: readers never see it half-built), unless the knowledge
/// dir is too large to do so inside a hook or `deadline` passes first.
pub fn build_first_index(config: &Config, trace: &mut Trace, deadline: Deadline) {
    if knowledge_within_hook_limit(config, trace, deadline).is_none() {
        return;
    }
    match build_index_if_missing_by(config, &mut NoProgress, deadline) {
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

/// Bounded delta ingest, so patterns edited since the last `lore ingest` are picked up (a
/// missing index is built): skipped when the knowledge dir holds more files than
/// `hook.session_start_ingest_limit` or another ingest holds the index, and abandoned (the
/// index as it was) once `deadline` passes.
pub fn refresh_index(config: &Config, trace: &mut Trace, deadline: Deadline) {
    if !config.database.exists() {
        build_first_index(config, trace, deadline);
        return;
    }
    if let Some(listing) = listing_within_hook_limit(config, trace, deadline) {
        refresh_changed(config, listing, trace, deadline);
    }
}

/// What a session start's look at the knowledge dir found.
pub enum Freshness {
    /// Use the index as it is: it holds exactly the files listed, as their stamps prove, or
    /// the check was skipped (more files than `hook.session_start_ingest_limit`, a
    /// knowledge dir that cannot be listed, or the deadline passed while listing it; the
    /// trace says which).
    AsIs,
    /// Files were added, removed or changed, or could not be proven unchanged (changed just
    /// now, invalid, an index without stamps or that could not be read): [`refresh_changed`]
    /// with this listing.
    Changed(SourceListing),
}

/// List the knowledge dir and the repository's rule files (once, for the size limit and the
/// check both) and compare them with what the index recorded by file stamps alone: one
/// `lstat` a file; no pattern file is read and nothing is written. `recorded` gives the
/// index's state, read by the caller from the snapshot it answers from (it is called once
/// the listing is done, so the caller can read it meanwhile); None when the index could not
/// be read. Most sessions start with nothing changed. A listing that ends past `deadline`
/// leaves the index as it is.
pub fn check_freshness(
    config: &Config,
    deadline: Deadline,
    recorded: impl FnOnce() -> Option<RecordedState>,
    trace: &mut Trace,
) -> Freshness {
    let Some(listing) = listing_within_hook_limit(config, trace, deadline) else {
        return Freshness::AsIs;
    };
    trace.note(format!(
        "listed {} pattern files and {} rule files",
        listing.knowledge.files.len(),
        listing.rules.len()
    ));
    let derived_with = derivation_fingerprint(config);
    if recorded().is_some_and(|state| state.is_current(&listing, &derived_with)) {
        trace.note("index is current: no file changed");
        Freshness::AsIs
    } else {
        Freshness::Changed(listing)
    }
}

/// Bounded delta ingest of a listing [`check_freshness`] found changed, so patterns edited
/// since the last `lore ingest` are picked up: only files whose stamps changed are read, and
/// nothing is written when none of them did. Skipped when another ingest holds the index
/// (it waits [`WRITE_BUSY`]) or `deadline` has passed, and abandoned, writing nothing, when
/// it passes midway. Returns whether patterns were added, updated or removed.
pub fn refresh_changed(
    config: &Config,
    listing: SourceListing,
    trace: &mut Trace,
    deadline: Deadline,
) -> bool {
    // Waiting for the write lock could outlast the deadline on its own.
    if deadline.passed() {
        trace.note("the hook's deadline passed before the refresh: no refresh");
        return false;
    }
    let result = Index::open_with_busy_timeout(&config.database, WRITE_BUSY)
        .and_then(|index| deadline.bound(index))
        .map_err(anyhow::Error::from)
        .and_then(|mut index| Ok(ingest_listed(config, &mut index, listing, deadline)?));
    match result {
        Ok(report) => {
            trace.note(format!(
                "refreshed index: {} ({} files read), {} invalid, {} skipped",
                report.summary(),
                report.files_read,
                report.errors.len(),
                report.warnings.len()
            ));
            !(report.added.is_empty() && report.updated.is_empty() && report.removed.is_empty())
        }
        Err(e) => {
            trace.note(format!("index refresh skipped: {e:#}"));
            false
        }
    }
}

/// Bring an index that an older lore wrote up to this lore's schema (see
/// `storage::index::schema`), so hooks keep injecting after an upgrade mid-session instead of
/// waiting for the next session start or `lore ingest`. Bounded as a refresh is.
pub fn upgrade_index(config: &Config, trace: &mut Trace, deadline: Deadline) {
    if knowledge_within_hook_limit(config, trace, deadline).is_none() {
        return;
    }
    match Index::open_with_busy_timeout(&config.database, WRITE_BUSY) {
        Ok(_) => trace.note(format!("upgraded the index to schema {SCHEMA_VERSION}")),
        Err(e) => trace.note(format!("index upgrade skipped: {e}")),
    }
}

/// Everything a whole ingest reads, when the knowledge dir is small enough to index inside
/// a hook's time budget and there is time left after listing it; None when it is not, or
/// cannot be listed.
fn listing_within_hook_limit(
    config: &Config,
    trace: &mut Trace,
    deadline: Deadline,
) -> Option<SourceListing> {
    let knowledge = knowledge_within_hook_limit(config, trace, deadline)?;
    let listing = SourceListing::with_rules(config, knowledge);
    if deadline.passed() {
        trace.note("the hook's deadline passed while listing the rule files: no refresh");
        return None;
    }
    Some(listing)
}

/// The knowledge dir's listing when it is small enough to index (or migrate) inside a hook's
/// time budget and there is time left after listing it; None when it is not, or cannot be
/// listed.
fn knowledge_within_hook_limit(
    config: &Config,
    trace: &mut Trace,
    deadline: Deadline,
) -> Option<KnowledgeScan> {
    // No knowledge dir: the rule files alone may be indexed (see `ingest`).
    if !config.knowledge_dir.exists() {
        return Some(KnowledgeScan::default());
    }
    // The walk stops at the deadline: a knowledge dir of the whole disk takes seconds.
    let scan = match scan_knowledge_until(&config.knowledge_dir, deadline) {
        Ok(Some(scan)) if !deadline.passed() => scan,
        Ok(_) => {
            trace.note("the hook's deadline passed while listing the knowledge dir: no refresh");
            return None;
        }
        Err(e) => {
            trace.note(format!("cannot list the knowledge dir: {e}"));
            return None;
        }
    };
    if scan.files.len() > config.hook.session_start_ingest_limit {
        trace.note(format!(
            "{} pattern files exceed hook.session_start_ingest_limit; run `lore ingest`",
            scan.files.len()
        ));
        return None;
    }
    Some(scan)
}
