//! Session de-duplication: a pattern shown once in a session is not shown again until the
//! session is cleared or compacted. Subagents get their own ledger, because they do not see
//! what was injected into their parent.

use std::path::Path;
use std::time::Duration;

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

    /// Atomically: drop already-shown sources from `candidates`, let `render` decide which of
    /// the rest it used, and record those. Without a session id nothing is filtered or kept.
    pub fn claim<T>(
        &self,
        candidates: &[String],
        render: impl FnOnce(&[String]) -> (Vec<String>, T),
    ) -> Result<(Vec<String>, T), LedgerError> {
        let Some(file) = &self.file else {
            let (used, result) = render(candidates);
            return Ok((used, result));
        };
        file.update(|seen| {
            let fresh: Vec<String> = candidates
                .iter()
                .filter(|c| !seen.contains(*c))
                .cloned()
                .collect();
            let (used, result) = render(&fresh);
            (used.clone(), (used, result))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(ledger: &SessionLedger, list: &[&str]) -> Vec<String> {
        let list: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        ledger.claim(&list, |fresh| (fresh.to_vec(), ())).unwrap().0
    }

    #[test]
    fn shown_patterns_are_not_shown_again_until_reset() {
        let dir = tempfile::tempdir().unwrap();
        let ledger = SessionLedger::open_in(&dir.path().join("l"), Some("s1"), None);
        assert_eq!(claim(&ledger, &["a", "b"]), ["a", "b"]);
        assert_eq!(claim(&ledger, &["b", "c"]), ["c"]);
        ledger.reset().unwrap();
        assert_eq!(claim(&ledger, &["a"]), ["a"]);
    }

    #[test]
    fn subagents_and_other_sessions_have_their_own_ledgers() {
        let dir = tempfile::tempdir().unwrap();
        let main = SessionLedger::open_in(&dir.path().join("l"), Some("s1"), None);
        let sub = SessionLedger::open_in(&dir.path().join("l"), Some("s1"), Some("agent-7"));
        let other = SessionLedger::open_in(&dir.path().join("l"), Some("s2"), None);
        assert_eq!(claim(&main, &["a"]), ["a"]);
        assert_eq!(claim(&sub, &["a"]), ["a"]);
        assert_eq!(claim(&other, &["a"]), ["a"]);
    }

    #[test]
    fn without_a_session_id_nothing_is_filtered() {
        let dir = tempfile::tempdir().unwrap();
        let ledger = SessionLedger::open_in(&dir.path().join("l"), None, None);
        assert_eq!(claim(&ledger, &["a"]), ["a"]);
        assert_eq!(claim(&ledger, &["a"]), ["a"]);
    }

    #[test]
    fn only_what_render_used_is_recorded() {
        let dir = tempfile::tempdir().unwrap();
        let ledger = SessionLedger::open_in(&dir.path().join("l"), Some("s"), None);
        let list = vec!["a".to_string(), "b".to_string()];
        ledger
            .claim(&list, |fresh| (fresh[..1].to_vec(), ()))
            .unwrap();
        assert_eq!(claim(&ledger, &["a", "b"]), ["b"]);
    }
}
