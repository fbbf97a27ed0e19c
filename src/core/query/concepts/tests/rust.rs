//! Rust rows: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("rust", "rust-unwrap", "let depth = readings.last().unwrap();"),
    ("rust", "rust-unwrap", "let port = args.next().expect(\"a serial port\");"),
    ("rust", "rust-error-propagation", "let raw = serial.read_line(&mut line)?;"),
    ("rust", "rust-panic", "unreachable!(\"tide below datum\");"),
    ("rust", "rust-error-types", "fn replay(log: &Path) -> Result<usize, Box<dyn std::error::Error + Send>> {"),
    ("rust", "rust-error-types", "#[derive(thiserror::Error, Debug)]"),
    ("rust", "rust-conversion-traits", "impl TryFrom<u16> for GaugeId {"),
    ("rust", "rust-conversion-traits", "impl<S: AsRef<str>> From<S> for Station {"),
    ("rust", "rust-serde", "#[serde(rename_all = \"camelCase\")]"),
    ("rust", "rust-debug", "#[derive(Copy, Debug, Eq)]"),
    ("rust", "rust-debug", "impl fmt::Debug for ApiToken {"),
    ("rust", "rust-constructor", "fn new(capacity: usize) -> Self {"),
    ("rust", "rust-builder", "fn baud(mut self, rate: u32) -> Self {"),
    ("rust", "rust-display", "impl Display for Level {"),
    ("rust", "rust-unsafe", "unsafe impl Send for RingBuffer {}"),
    ("rust", "rust-tests", "#[should_panic(expected = \"below datum\")]"),
    ("rust", "rust-tests", "#[sqlx::test]"),
    ("rust", "rust-println", "eprintln!(\"gauge offline\");"),
    ("rust", "rust-macros", "macro_rules! reading {"),
    ("rust", "rust-async", "let tides = fetch_tides(station).await;"),
    ("rust", "rust-locks", "let latest = RwLock::new(None);"),
    ("rust", "rust-send-sync", "type Callback = Box<dyn Fn(Level) + Send + Sync>;"),
    ("rust", "rust-numeric-casts", "let millis = elapsed.as_millis() as u64;"),
    ("rust", "rust-lint-attributes", "#[expect(clippy::too_many_arguments)]"),
    ("rust", "rust-global-state", "static STATIONS: OnceLock<Vec<Station>> = OnceLock::new();"),
    ("rust", "rust-non-exhaustive", "#[non_exhaustive]"),
    ("rust", "rust-inline", "#[inline(always)]"),
    ("rust", "rust-result", "fn calibrate(raw: u16) -> Result<Level, GaugeError> {"),
    ("rust", "rust-derive", "#[derive(Copy, Debug, Eq)]"),
    ("rust", "rust-doc-comments", "//! Tide gauge readings over a serial line."),
    ("rust", "rust-clone", "let station = self.station.to_owned();"),
    ("rust", "rust-assertions", "assert_ne!(low, high);"),
    ("rust", "rust-lifetimes", "fn label<'s>(station: &'s Station) -> &'s str {"),
    ("rust", "rust-mut-self", "fn record(&mut self, level: Level) {"),
    ("rust", "rust-logging", "log::warn!(\"gauge drift\");"),
    ("rust", "rust-shared-ownership", "let history = Rc::new(RefCell::new(Vec::new()));"),
    ("rust", "rust-iterators", "let highs = levels.into_iter().filter_map(peak);"),
    ("rust", "rust-strings", "let key = String::from(\"harbour\");"),
    ("rust", "rust-trait-objects", "fn attach(sink: Arc<dyn Sink>) {"),
    ("rust", "rust-generic-bounds", "where S: Sink + 'static,"),
    ("rust", "rust-visibility", "pub(super) fn checksum(frame: &[u8]) -> u8 {"),
    ("rust", "rust-imports", "use std::time::Duration;"),
    ("rust", "rust-traits", "trait Sink {"),
];

#[test]
fn rust_rows_are_found() {
    assert_found(FOUND);
}

#[test]
#[rustfmt::skip]
fn rust_near_misses_are_not() {
    assert_not_found(&[
        // `unwrap_or` and friends do not panic.
        ("rust", "rust-unwrap", "let depth = latest.unwrap_or(0.0);"),
        ("rust", "rust-unwrap", "let depth = latest.unwrap_or_else(calibrated);"),
        ("rust", "rust-unwrap", "// .unwrap() is fine in this example"),
        ("rust", "rust-unwrap", "let hint = \"then .unwrap() it\";"),
        ("rust", "rust-unwrap", "/* no .unwrap() below */ let n = 2;"),
        ("rust", "rust-panic", "let may_panic = false;"),
        ("rust", "rust-error-propagation", "fn show<S: ?Sized + Sink>(s: &S) {}"),
        ("rust", "rust-constructor", "fn newest(levels: &[Level]) {}"),
        ("rust", "rust-doc-comments", "// an ordinary remark"),
        ("rust", "rust-numeric-casts", "use gauge as u16_gauge;"),
        // A character literal is not a lifetime.
        ("rust", "rust-lifetimes", "if ch == 's' || ch == '\\t' { skip(); }"),
    ]);
}
