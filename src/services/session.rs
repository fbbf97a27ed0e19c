//! Session de-duplication: a section of a pattern shown once in a session is not shown again
//! until the session is cleared or compacted, while the pattern's other sections still can be
//! when a later call needs them. Subagents get their own ledger, because they do not see what
//! was injected into their parent. A hook claims what it will show before it answers (under
//! the ledger's lock, so of parallel calls of one session only one shows a section, and the
//! others choose again), and releases the claim when its answer could not be written, so an
//! answer that never reached the agent is not counted as shown.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

pub use crate::storage::ledger::Claim;
use crate::storage::ledger::{LedgerError, LedgerFile};

/// How long a hook waits for another hook of the same session to release the ledger.
const LOCK_WAIT: Duration = Duration::from_millis(500);

/// The ledger of one session (or of one subagent in it); `None` when the harness gave no id.
pub struct SessionLedger {
    file: Option<LedgerFile>,
}

impl SessionLedger {
    /// The ledger for a session id and optional agent id, in `dir`.
    pub fn open_in(dir: &Path, session_id: Option<&str>, agent_id: Option<&str>) -> Self {
        let file = session_id.filter(|s| !s.is_empty()).map(|session| {
            let key = match agent_id.filter(|a| !a.is_empty()) {
                Some(agent) => format!("{session}\0{agent}"),
                None => session.to_string(),
            };
            LedgerFile::new(dir, &key, LOCK_WAIT)
        });
        Self { file }
    }

    /// Forget what this session was shown.
    pub fn reset(&self) -> Result<(), LedgerError> {
        match &self.file {
            Some(file) => file.reset(),
            None => Ok(()),
        }
    }

    /// What this session was shown (section keys, see [`section_key`]); nothing without a
    /// session id.
    pub fn shown(&self) -> Result<BTreeSet<String>, LedgerError> {
        match &self.file {
            Some(file) => file.read(),
            None => Ok(BTreeSet::new()),
        }
    }

    /// Record section keys as shown. Without a session id nothing is kept.
    pub fn record(&self, keys: &[String]) -> Result<(), LedgerError> {
        match &self.file {
            Some(file) => file.append(keys),
            None => Ok(()),
        }
    }

    /// Record section keys as shown by this call, unless another call of the session
    /// recorded one of them since this one read the ledger ([`Claim::Taken`]: nothing is
    /// recorded, and the call chooses again). Without a session id every claim is granted.
    pub fn claim(&self, keys: &[String]) -> Result<Claim, LedgerError> {
        match &self.file {
            Some(file) => file.claim(keys),
            None => Ok(Claim::Granted),
        }
    }

    /// Forget claimed keys whose answer never reached the agent.
    pub fn release(&self, keys: &[String]) -> Result<(), LedgerError> {
        match &self.file {
            Some(file) => file.release(keys),
            None => Ok(()),
        }
    }
}

/// The ledger key of one section of a pattern: the pattern's key (its source, or a separate
/// key when it is shown again for another reason) and the section's position.
pub fn section_key(pattern_key: &str, section: usize) -> String {
    format!("{pattern_key}#{section}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn shown(ledger: &SessionLedger) -> Vec<String> {
        ledger.shown().unwrap().into_iter().collect()
    }

    #[test]
    fn shown_sections_are_remembered_until_reset() {
        let dir = tempfile::tempdir().unwrap();
        let ledger = SessionLedger::open_in(&dir.path().join("l"), Some("s1"), None);
        ledger.record(&keys(&["a.md#0", "b.md#2"])).unwrap();
        assert_eq!(shown(&ledger), ["a.md#0", "b.md#2"]);
        ledger.reset().unwrap();
        assert!(shown(&ledger).is_empty());
        assert_eq!(section_key("a.md", 3), "a.md#3");
    }

    #[test]
    fn subagents_and_other_sessions_have_their_own_ledgers() {
        let dir = tempfile::tempdir().unwrap();
        let main = SessionLedger::open_in(&dir.path().join("l"), Some("s1"), None);
        let sub = SessionLedger::open_in(&dir.path().join("l"), Some("s1"), Some("agent-7"));
        let other = SessionLedger::open_in(&dir.path().join("l"), Some("s2"), None);
        main.record(&keys(&["a.md#0"])).unwrap();
        assert!(shown(&sub).is_empty());
        assert!(shown(&other).is_empty());
    }

    #[test]
    fn without_a_session_id_nothing_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let ledger = SessionLedger::open_in(&dir.path().join("l"), None, None);
        ledger.record(&keys(&["a.md#0"])).unwrap();
        assert!(shown(&ledger).is_empty());
    }
}
