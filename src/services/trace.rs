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
