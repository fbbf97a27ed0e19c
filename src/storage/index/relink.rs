//! Linking sections to stored vectors by the hash of the text they are embedded as, inside
//! the transaction that writes them. An ingest that rewrites a pattern (a forced rebuild
//! rewrites them all) drops the links of its old sections with them; linking the new ones
//! in the same transaction means no reader, and no crash, ever sees the index with its
//! vectors unlinked. Only vectors already stored are linked: embedding new texts is the
//! embedding step's work, after the commit.

use rusqlite::{Transaction, params};

use super::IndexError;
use super::pattern_vectors::{patterns_linked, rebuild_pattern_vectors};
use super::vectors::{PendingChunk, chunks_without_vectors};

/// The hash of the text a section is embedded as (the embedding step's key for it).
pub type TextHashOf<'a> = &'a (dyn Fn(&PendingChunk) -> String + Sync);

/// Link `links` (section id, text hash) where the section and the vector exist, and write
/// the pattern rows of the sections and of every section using one of `new_hashes` again.
pub(super) fn link_chunks<'h>(
    tx: &Transaction<'_>,
    links: &[(i64, String)],
    new_hashes: impl IntoIterator<Item = &'h str>,
) -> Result<(), IndexError> {
    let mut link = tx.prepare_cached(
        "INSERT INTO chunk_embeddings (chunk_id, text_hash)
         SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM chunks WHERE id = ?1)
           AND EXISTS (SELECT 1 FROM embeddings WHERE text_hash = ?2)
         ON CONFLICT (chunk_id) DO UPDATE SET text_hash = excluded.text_hash",
    )?;
    for (chunk_id, hash) in links {
        link.execute(params![chunk_id, hash])?;
    }
    let touched = patterns_linked(tx, links.iter().map(|(id, _)| *id), new_hashes)?;
    rebuild_pattern_vectors(tx, &touched)
}

/// Link every section without a vector to the stored vector of its text, if one is stored.
/// Returns how many were linked. Nothing to read when the index holds no vector.
pub(super) fn relink_stored(
    tx: &Transaction<'_>,
    text_hash: TextHashOf<'_>,
) -> Result<usize, IndexError> {
    let any: bool = tx.query_row("SELECT EXISTS (SELECT 1 FROM embeddings)", [], |r| r.get(0))?;
    if !any {
        return Ok(0);
    }
    let mut stored = tx.prepare_cached("SELECT 1 FROM embeddings WHERE text_hash = ?1")?;
    let mut links = Vec::new();
    for chunk in chunks_without_vectors(tx)? {
        let hash = text_hash(&chunk);
        if stored.exists(params![hash])? {
            links.push((chunk.chunk_id, hash));
        }
    }
    link_chunks(tx, &links, std::iter::empty::<&str>())?;
    Ok(links.len())
}
