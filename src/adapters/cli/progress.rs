//! A progress line on stderr for long ingests, drawn only when stderr is a terminal.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::services::ingest::IngestProgress;

/// Below this many files an ingest is quick enough not to need a bar.
const MIN_FILES: usize = 200;
const REDRAW_EVERY: Duration = Duration::from_millis(80);

pub struct TerminalProgress {
    label: &'static str,
    enabled: bool,
    total: usize,
    last_draw: Option<Instant>,
    drawn: bool,
}

impl TerminalProgress {
    pub fn new(label: &'static str) -> Self {
        Self {
            label,
            enabled: std::io::stderr().is_terminal(),
            total: 0,
            last_draw: None,
            drawn: false,
        }
    }
}

impl IngestProgress for TerminalProgress {
    fn start(&mut self, total: usize) {
        self.total = total;
        self.enabled &= total >= MIN_FILES;
    }

    fn advance(&mut self, done: usize) {
        if !self.enabled || self.last_draw.is_some_and(|t| t.elapsed() < REDRAW_EVERY) {
            return;
        }
        self.last_draw = Some(Instant::now());
        let width = 30;
        let filled = done * width / self.total.max(1);
        eprint!(
            "\r{} [{}{}] {done}/{}",
            self.label,
            "#".repeat(filled),
            "-".repeat(width - filled),
            self.total
        );
        let _ = std::io::stderr().flush();
        self.drawn = true;
    }

    fn finish(&mut self) {
        if self.drawn {
            eprint!("\r\x1b[2K");
            let _ = std::io::stderr().flush();
        }
    }
}
