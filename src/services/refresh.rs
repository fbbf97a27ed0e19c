//! Keeping the index current from inside an agent session: a missing index is built, an index
//! an older lore wrote is upgraded, and edited patterns are picked up by a delta ingest, all
//! bounded (skipped on knowledge dirs larger than `hook.session_start_ingest_limit`, or when
//! another writer holds the index, and abandoned, writing nothing, once the hook's deadline
//! passes) so a hook stays within its time budget. Any harness adapter calls these.

use std::time::Duration;

use crate::core::config::Config;
use crate::services::deadline::Deadline;
use crate::services::ingest::{IngestOptions, NoProgress, ingest, scan_knowledge_dir};
use crate::services::inject::Trace;
use crate::services::workspace::build_index_if_missing_by;
use crate::storage::index::{Index, SCHEMA_VERSION};

/// How long a refresh waits for another writer before giving up.
const WRITE_BUSY: Duration = Duration::from_millis(300);

/// Build a missing index (atomically: readers never see it half-built), unless the knowledge
/// dir is too large to do so inside a hook or `deadline` passes first.
pub fn build_first_index(config: &Config, trace: &mut Trace, deadline: Deadline) {
    if !within_hook_limit(config, trace, deadline) {
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

/// Bounded delta ingest, so patterns edited since the last `lore ingest` are picked up:
/// skipped when the knowledge dir holds more files than `hook.session_start_ingest_limit`
/// or another ingest holds the index, and abandoned (the index as it was) once `deadline`
/// passes.
pub fn refresh_index(config: &Config, trace: &mut Trace, deadline: Deadline) {
    if !config.database.exists() {
        build_first_index(config, trace, deadline);
        return;
    }
    if !within_hook_limit(config, trace, deadline) {
        return;
    }
    let result = Index::open_with_busy_timeout(&config.database, WRITE_BUSY)
        .map_err(anyhow::Error::from)
        .and_then(|mut index| {
            Ok(ingest(
                config,
                &mut index,
                &IngestOptions {
                    deadline,
                    ..IngestOptions::default()
                },
                &mut NoProgress,
            )?)
        });
    match result {
        Ok(report) => trace.note(format!(
            "refreshed index: {}, {} invalid, {} skipped",
            report.summary(),
            report.errors.len(),
            report.warnings.len()
        )),
        Err(e) => trace.note(format!("index refresh skipped: {e:#}")),
    }
}

/// Bring an index that an older lore wrote up to this lore's schema (see
/// `storage::index::schema`), so hooks keep injecting after an upgrade mid-session instead of
/// waiting for the next session start or `lore ingest`. Bounded as a refresh is.
pub fn upgrade_index(config: &Config, trace: &mut Trace, deadline: Deadline) {
    if !within_hook_limit(config, trace, deadline) {
        return;
    }
    match Index::open_with_busy_timeout(&config.database, WRITE_BUSY) {
        Ok(_) => trace.note(format!("upgraded the index to schema {SCHEMA_VERSION}")),
        Err(e) => trace.note(format!("index upgrade skipped: {e}")),
    }
}

/// Is the knowledge dir small enough to index (or migrate) inside a hook's time budget, and
/// is there time left after listing it?
fn within_hook_limit(config: &Config, trace: &mut Trace, deadline: Deadline) -> bool {
    let scanned = scan_knowledge_dir(&config.knowledge_dir);
    if deadline.passed() {
        trace.note("the hook's deadline passed while listing the knowledge dir: no refresh");
        return false;
    }
    match scanned {
        Ok(files) if files.len() > config.hook.session_start_ingest_limit => {
            trace.note(format!(
                "{} pattern files exceed hook.session_start_ingest_limit; run `lore ingest`",
                files.len()
            ));
            false
        }
        Err(e) => {
            trace.note(format!("cannot list the knowledge dir: {e}"));
            false
        }
        Ok(_) => true,
    }
}
