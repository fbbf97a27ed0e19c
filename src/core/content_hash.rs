//! The hash lore keeps of a text to tell it apart from another: a file's bytes (ingest),
//! a rule's text without its frontmatter (one rule kept for two agents), a section's
//! embedding input.

use std::hash::Hasher;

/// Hex FNV-1a 64 of `bytes`: cheap, stable across platforms and releases.
pub fn content_hash(bytes: &[u8]) -> String {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(bytes);
    format!("{:016x}", hasher.finish())
}
