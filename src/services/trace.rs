//! The diagnostics a hook collects for `LORE_DEBUG=1`: each note stamped with the time since
//! the trace began, kept only when tracing is on.

/// Collected diagnostics for `LORE_DEBUG=1`, each stamped with the time since the trace
/// began, so a slow step shows itself. A trace that is off (the default) keeps nothing, and
/// callers skip building long notes for it.
#[derive(Debug)]
pub struct Trace {
    pub lines: Vec<String>,
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
            started: std::time::Instant::now(),
            enabled,
        }
    }

    /// Whether notes are kept.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// A trace on the same clock for work done apart (on another thread, or tried and
    /// perhaps discarded); its lines join this one through [`Trace::absorb`].
    pub fn child(&self) -> Self {
        Self {
            lines: Vec::new(),
            started: self.started,
            enabled: self.enabled,
        }
    }

    /// Add the lines of a [`Trace::child`].
    pub fn absorb(&mut self, child: Trace) {
        self.lines.extend(child.lines);
    }

    pub fn note(&mut self, line: impl Into<String>) {
        if self.enabled {
            let at = self.started.elapsed().as_micros();
            self.lines.push(format!("[{at:>6} µs] {}", line.into()));
        }
    }
}
