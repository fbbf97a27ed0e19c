//! Rust rows: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("rust", "rust-unwrap", "let v = map.get(k).unwrap();"),
    ("rust", "rust-unwrap", "let f = File::open(p).expect(\"config file\");"),
    ("rust", "rust-error-propagation", "let body = fs::read_to_string(path)?;"),
    ("rust", "rust-panic", "panic!(\"bad state\");"),
    ("rust", "rust-error-types", "fn run() -> Result<(), Box<dyn Error>> {"),
    ("rust", "rust-error-types", "#[derive(Debug, thiserror::Error)]"),
    ("rust", "rust-conversion-traits", "impl From<io::Error> for AppError {"),
    ("rust", "rust-conversion-traits", "impl<T: Into<String>> From<T> for Name {"),
    ("rust", "rust-serde", "#[derive(Debug, Serialize, Deserialize)]"),
    ("rust", "rust-debug", "#[derive(Debug, Clone, PartialEq)]"),
    ("rust", "rust-debug", "impl fmt::Debug for Secret {"),
    ("rust", "rust-constructor", "pub fn new(name: String) -> Self {"),
    ("rust", "rust-builder", "pub fn timeout(mut self, t: Duration) -> Self {"),
    ("rust", "rust-display", "impl fmt::Display for Token {"),
    ("rust", "rust-unsafe", "let p = unsafe { &*ptr };"),
    ("rust", "rust-tests", "#[cfg(test)]"),
    ("rust", "rust-tests", "#[async_std::test]"),
    ("rust", "rust-println", "println!(\"done\");"),
    ("rust", "rust-macros", "macro_rules! point {"),
    ("rust", "rust-async", "let body = client.get(url).send().await?;"),
    ("rust", "rust-locks", "let cache = Mutex::new(HashMap::new());"),
    ("rust", "rust-send-sync", "fn spawn<F: FnOnce() + Send + Sync + 'static>(f: F) {"),
    ("rust", "rust-numeric-casts", "let n = len as u32;"),
    ("rust", "rust-lint-attributes", "#[allow(dead_code)]"),
    ("rust", "rust-global-state", "static mut COUNTER: u32 = 0;"),
    ("rust", "rust-non-exhaustive", "#[non_exhaustive]"),
    ("rust", "rust-inline", "#[inline]"),
    ("rust", "rust-result", "fn parse(s: &str) -> Result<Config, ParseError> {"),
    ("rust", "rust-derive", "#[derive(Debug, Clone, PartialEq)]"),
    ("rust", "rust-doc-comments", "/// Returns the parsed value."),
    ("rust", "rust-clone", "let name = self.name.clone();"),
    ("rust", "rust-assertions", "assert_eq!(total, 3);"),
    ("rust", "rust-lifetimes", "struct Parser<'a> {"),
    ("rust", "rust-mut-self", "fn push(&mut self, item: T) {"),
    ("rust", "rust-logging", "tracing::info!(\"started\");"),
    ("rust", "rust-shared-ownership", "let shared = Arc::new(state);"),
    ("rust", "rust-iterators", "let names: Vec<_> = users.iter().map(|u| &u.name).collect();"),
    ("rust", "rust-strings", "let s = format!(\"{a}-{b}\");"),
    ("rust", "rust-trait-objects", "fn draw(shape: &dyn Shape) {"),
    ("rust", "rust-generic-bounds", "where T: Clone,"),
    ("rust", "rust-visibility", "pub(crate) fn parse_header() {}"),
    ("rust", "rust-imports", "use std::collections::HashMap;"),
    ("rust", "rust-traits", "pub trait Store {"),
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
        ("rust", "rust-unwrap", "let v = opt.unwrap_or(0);"),
        ("rust", "rust-unwrap", "let v = opt.unwrap_or_default();"),
        ("rust", "rust-unwrap", "// never call .unwrap() here"),
        ("rust", "rust-unwrap", "let msg = \"call .unwrap() later\";"),
        ("rust", "rust-unwrap", "/* a block comment about .unwrap() */ let x = 1;"),
        ("rust", "rust-panic", "let should_panic = true;"),
        ("rust", "rust-error-propagation", "fn f<T: ?Sized>(t: &T) {}"),
        ("rust", "rust-constructor", "fn newer(x: u32) {}"),
        ("rust", "rust-doc-comments", "// a plain comment"),
        ("rust", "rust-numeric-casts", "use codec as u32_codec;"),
        // A character literal is not a lifetime.
        ("rust", "rust-lifetimes", "if c == 'a' || c == '\\n' { return; }"),
    ]);
}
