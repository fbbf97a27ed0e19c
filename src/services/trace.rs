//! The diagnostics a hook collects: for `LORE_DEBUG=1`, notes stamped with the time since the
//! trace began; for `LORE_TRACE`, one structured record of the call (see `trace_record`).
//! Each is kept only when asked for.

use crate::core::sources::Harness;
use crate::services::trace_record::TraceRecord;

/// Collected diagnostics for `LORE_DEBUG=1`, each stamped with the time since the trace
/// began, so a slow step shows itself, and the call's record when `LORE_TRACE` asks for one.
/// A trace that is off (the default) keeps nothing, and callers skip building long notes for
/// it.
#[derive(Debug)]
pub struct Trace {
    pub lines: Vec<String>,
    /// The call's record for `LORE_TRACE`, when it is kept.
    pub record: Option<TraceRecord>,
    started: std::time::Instant,
    enabled: bool,
}

impl Default for Trace {
    fn default() -> Self {
        Self::new(false)
    }
}

impl Trace {
    pub fn new(enabled: bool) -> Self {
        Self {
            lines: Vec::new(),
            record: None,
            started: std::time::Instant::now(),
            enabled,
        }
    }

    /// The same trace, also keeping the call's structured record.
    pub fn recording(mut self) -> Self {
        self.record = Some(TraceRecord::default());
        self
    }

    /// Whether notes are kept.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Whether anything reads the candidates a selection passed over (notes or the record),
    /// so selection keeps them all.
    pub fn explains(&self) -> bool {
        self.enabled || self.record.is_some()
    }

    /// Name the call in its record (when one is kept): the harness, event and tool.
    pub fn record_call(&mut self, harness: Harness, event: Option<&str>, tool: Option<&str>) {
        if let Some(record) = &mut self.record {
            record.harness = Some(harness);
            record.event = event.map(String::from);
            record.tool = tool.map(String::from);
        }
    }

    /// A trace on the same clock for work done apart (on another thread, or tried and
    /// perhaps discarded); its lines join this one through [`Trace::absorb`]. It keeps no
    /// record: only this trace keeps the call's.
    pub fn child(&self) -> Self {
        Self {
            lines: Vec::new(),
            record: None,
            started: self.started,
            enabled: self.enabled,
        }
    }

    /// A [`Trace::child`] for an attempt at the call's answer that may be discarded: it
    /// works on a copy of this trace's record, which [`Trace::absorb`] keeps only if the
    /// attempt is kept.
    pub fn trial(&self) -> Self {
        Self {
            record: self.record.clone(),
            ..self.child()
        }
    }

    /// Add the lines of a [`Trace::child`] and, from a [`Trace::trial`], its record in place
    /// of this one's.
    pub fn absorb(&mut self, child: Trace) {
        self.lines.extend(child.lines);
        if child.record.is_some() {
            self.record = child.record;
        }
    }

    pub fn note(&mut self, line: impl Into<String>) {
        if self.enabled {
            let at = self.started.elapsed().as_micros();
            self.lines.push(format!("[{at:>6} µs] {}", line.into()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recorded(trace: &Trace) -> Vec<String> {
        trace
            .record
            .as_ref()
            .map(|r| r.injected.clone())
            .unwrap_or_default()
    }

    #[test]
    fn a_child_keeps_no_record_and_its_lines_join_the_parent() {
        let mut parent = Trace::new(true).recording();
        parent.record_call(Harness::ClaudeCode, Some("SessionStart"), None);
        let mut child = parent.child();
        assert!(child.record.is_none(), "only the parent keeps the record");
        assert!(child.enabled());
        child.note("listed 3 pattern files");
        parent.absorb(child);
        assert_eq!(parent.lines.len(), 1);
        assert!(parent.lines[0].ends_with("listed 3 pattern files"));
        let record = parent.record.as_ref().unwrap();
        assert_eq!(record.event.as_deref(), Some("SessionStart"));
    }

    #[test]
    fn a_kept_trial_brings_its_record_and_a_dropped_one_leaves_none() {
        let mut parent = Trace::new(false).recording();
        parent.record_call(Harness::Codex, Some("SessionStart"), None);
        let mut dropped = parent.trial();
        dropped.record.as_mut().unwrap().injected = vec!["old.md".to_string()];
        drop(dropped);
        assert!(recorded(&parent).is_empty());

        let mut kept = parent.trial();
        assert!(kept.explains(), "a trial explains as its parent does");
        kept.record.as_mut().unwrap().injected = vec!["new.md".to_string()];
        parent.absorb(kept);
        assert_eq!(recorded(&parent), ["new.md"]);
        let record = parent.record.as_ref().unwrap();
        assert_eq!(record.harness, Some(Harness::Codex));
        // Notes stay off when the parent's are.
        assert!(parent.lines.is_empty());
    }

    #[test]
    fn without_a_record_a_trial_has_none_either() {
        let parent = Trace::new(false);
        assert!(parent.trial().record.is_none());
        assert!(!parent.trial().explains());
    }
}
