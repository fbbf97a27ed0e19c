//! Each pattern's section vectors in one row (`pattern_vectors`), in section order: what
//! vector search reads. The record stays `embeddings` (one vector per distinct embedded text)
//! and `chunk_embeddings` (which section uses which); this table is derived from them, rebuilt
//! for a pattern whenever its links change, and dropped by a trigger when its sections go.
//!
//! Why a copy: read through the links, every section cost two index lookups (one of them by
//! a text hash), which made vector search most of a hybrid hook. One row per pattern is read
//! in one piece.

use std::collections::BTreeSet;

use rusqlite::{OptionalExtension, Transaction, params};

use super::IndexError;

/// A pattern's sections that have a vector, in section order, with their vectors end to end.
struct PatternVectors {
    chunk_ids: Vec<i64>,
    /// Little-endian f32s, `chunk_ids.len()` vectors of one dimension.
    vectors: Vec<u8>,
}

fn encode_ids(ids: &[i64]) -> Vec<u8> {
    ids.iter().flat_map(|id| id.to_le_bytes()).collect()
}

pub(super) fn decode_ids(blob: &[u8]) -> Result<Vec<i64>, IndexError> {
    if blob.len() % 8 != 0 {
        return Err(IndexError::Corrupt(format!(
            "a list of section ids of {} bytes",
            blob.len()
        )));
    }
    Ok(blob
        .chunks_exact(8)
        .map(|b| i64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
        .collect())
}

/// A pattern's linked sections and their vectors, read through the links.
fn linked_vectors(tx: &Transaction<'_>, pattern_id: i64) -> Result<PatternVectors, IndexError> {
    let mut stmt = tx.prepare_cached(
        "SELECT c.id, e.vector
         FROM chunks c
         JOIN chunk_embeddings ce ON ce.chunk_id = c.id
         JOIN embeddings e ON e.text_hash = ce.text_hash
         WHERE c.pattern_id = ?1
         ORDER BY c.ordinal",
    )?;
    let mut rows = stmt.query([pattern_id])?;
    let mut found = PatternVectors {
        chunk_ids: Vec::new(),
        vectors: Vec::new(),
    };
    while let Some(row) = rows.next()? {
        found.chunk_ids.push(row.get(0)?);
        let blob = row
            .get_ref(1)?
            .as_blob()
            .map_err(|e| IndexError::Corrupt(e.to_string()))?;
        found.vectors.extend_from_slice(blob);
    }
    Ok(found)
}

/// Write the rows of `pattern_ids` again from the links (no row for a pattern without any).
pub(super) fn rebuild_pattern_vectors(
    tx: &Transaction<'_>,
    pattern_ids: &BTreeSet<i64>,
) -> Result<(), IndexError> {
    for &id in pattern_ids {
        tx.prepare_cached("DELETE FROM pattern_vectors WHERE pattern_id = ?1")?
            .execute([id])?;
        let found = linked_vectors(tx, id)?;
        if found.chunk_ids.is_empty() {
            continue;
        }
        tx.prepare_cached(
            "INSERT INTO pattern_vectors (pattern_id, chunk_ids, vectors) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![id, encode_ids(&found.chunk_ids), found.vectors])?;
    }
    Ok(())
}

/// The patterns of these sections, and of every section using one of these vectors.
pub(super) fn patterns_linked(
    tx: &Transaction<'_>,
    chunk_ids: impl IntoIterator<Item = i64>,
    text_hashes: impl IntoIterator<Item = impl AsRef<str>>,
) -> Result<BTreeSet<i64>, IndexError> {
    let mut patterns = BTreeSet::new();
    let mut of_chunk = tx.prepare_cached("SELECT pattern_id FROM chunks WHERE id = ?1")?;
    for id in chunk_ids {
        if let Some(pattern) = of_chunk.query_row([id], |r| r.get(0)).optional()? {
            patterns.insert(pattern);
        }
    }
    let mut of_hash = tx.prepare_cached(
        "SELECT c.pattern_id FROM chunk_embeddings ce JOIN chunks c ON c.id = ce.chunk_id
         WHERE ce.text_hash = ?1",
    )?;
    for hash in text_hashes {
        let rows = of_hash.query_map([hash.as_ref()], |r| r.get(0))?;
        for pattern in rows {
            patterns.insert(pattern?);
        }
    }
    Ok(patterns)
}

/// Migration 8: a row for every pattern that has a linked vector.
pub(super) fn backfill_pattern_vectors(tx: &Transaction<'_>) -> Result<(), IndexError> {
    let ids: BTreeSet<i64> = tx
        .prepare(
            "SELECT DISTINCT c.pattern_id FROM chunk_embeddings ce
             JOIN chunks c ON c.id = ce.chunk_id",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    rebuild_pattern_vectors(tx, &ids)
}
