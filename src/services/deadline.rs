//! A hook call's deadline (`[hook] deadline_ms` after the process started): the hook path
//! checks it at its step boundaries and, once it has passed, stops with
//! [`IndexError::Deadline`] so the hook answers nothing instead of keeping the agent waiting;
//! an index it opens also interrupts a statement still running then. A check costs one clock
//! read; a call without a deadline (the CLI, MCP) never stops.

use std::time::{Duration, Instant};

use crate::storage::index::{Index, IndexError};

/// When a call must have answered by; `Deadline::default()` has none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deadline {
    at: Option<Instant>,
}

impl Deadline {
    /// No deadline: every check passes.
    pub fn none() -> Self {
        Self::default()
    }

    /// `budget` after `started`.
    pub fn after(started: Instant, budget: Duration) -> Self {
        Self {
            at: started.checked_add(budget),
        }
    }

    /// When the deadline falls, if there is one.
    pub fn at(&self) -> Option<Instant> {
        self.at
    }

    /// Have `index` interrupt a statement still running when the deadline passes (see
    /// [`Index::interrupt_at`]); nothing without a deadline.
    pub fn bound(&self, mut index: Index) -> Result<Index, IndexError> {
        if let Some(at) = self.at {
            index.interrupt_at(at)?;
        }
        Ok(index)
    }

    /// Whether the deadline has passed (one clock read; never without a deadline).
    pub fn passed(&self) -> bool {
        self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// Stop with [`IndexError::Deadline`] naming `step` (where the call was) once the deadline
    /// has passed.
    pub fn check(&self, step: &'static str) -> Result<(), IndexError> {
        if self.passed() {
            Err(IndexError::Deadline { step })
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_deadline_stops_and_names_the_step() {
        let started = Instant::now();
        let passed = Deadline::after(started, Duration::ZERO);
        assert!(passed.passed());
        match passed.check("after the candidates") {
            Err(IndexError::Deadline { step }) => assert_eq!(step, "after the candidates"),
            other => panic!("expected the deadline error, got {other:?}"),
        }
        let ahead = Deadline::after(started, Duration::from_secs(3600));
        assert!(!ahead.passed());
        assert!(ahead.check("anywhere").is_ok());
    }

    #[test]
    fn no_deadline_never_passes() {
        assert!(!Deadline::none().passed());
        assert!(Deadline::none().check("anywhere").is_ok());
        // A budget too large for the clock is no deadline rather than a panic.
        assert!(!Deadline::after(Instant::now(), Duration::MAX).passed());
    }
}
