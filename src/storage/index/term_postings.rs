//! Whole-pattern postings: for each stem, the patterns holding it with its counts per field
//! (one blob per stem), every pattern's token counts (one blob for the whole index), and
//! each pattern's list of stem ids so removing a pattern touches only its own stems. A hook
//! reads one row per query word and one row of sizes instead of asking FTS5, whose per-row
//! size lookups made ranking a large knowledge base slow.
//!
//! Both lists are sequences of LEB128 varints. A posting list holds, for each pattern in id
//! order, the id's distance from the previous one, then its five field counts (see
//! `core::select::pattern_terms`); the size list, for each pattern in id order, the id's distance,
//! then its content and subject token counts.

use std::collections::BTreeMap;

use fnv::FnvHashMap;
use rusqlite::{OptionalExtension, Transaction, params};

use super::{Index, IndexError};
use crate::core::select::bm25::{Collection, Posting};
use crate::core::select::pattern_terms::{FIELD_COUNT, PatternTerms};

/// Each pattern's token counts and the collection totals, as BM25 needs them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PatternLengths {
    /// (pattern id, (content tokens, subject tokens)), in id order.
    pub by_pattern: SizeRows,
    pub content: Collection,
    pub subject: Collection,
}

impl PatternLengths {
    /// (content tokens, subject tokens) of one pattern.
    pub fn of(&self, pattern_id: i64) -> Option<(u32, u32)> {
        let at = self
            .by_pattern
            .binary_search_by_key(&pattern_id, |(id, _)| *id)
            .ok()?;
        Some(self.by_pattern[at].1)
    }
}

impl Index {
    /// The posting list of each stem, in the order given (empty for stems no pattern holds).
    pub fn term_postings(&self, stems: &[String]) -> Result<Vec<Vec<Posting>>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT postings FROM pattern_terms WHERE term = ?1")?;
        let mut lists = Vec::with_capacity(stems.len());
        for stem in stems {
            let blob: Option<Vec<u8>> = stmt.query_row(params![stem], |r| r.get(0)).optional()?;
            lists.push(match blob {
                Some(blob) => decode_postings(&blob)?,
                None => Vec::new(),
            });
        }
        Ok(lists)
    }

    /// Every pattern's token counts, and the totals.
    pub fn pattern_lengths(&self) -> Result<PatternLengths, IndexError> {
        let mut lengths = PatternLengths {
            by_pattern: read_sizes(&self.conn)?,
            ..PatternLengths::default()
        };
        for &(_, (content, subject)) in &lengths.by_pattern {
            lengths.content.tokens += u64::from(content);
            lengths.subject.tokens += u64::from(subject);
        }
        let documents = lengths.by_pattern.len() as u64;
        lengths.content.documents = documents;
        lengths.subject.documents = documents;
        Ok(lengths)
    }
}

/// pattern id → (content tokens, subject tokens), as a write changes them.
type Sizes = BTreeMap<i64, (u32, u32)>;

/// (pattern id, (content tokens, subject tokens)) in id order, as the index stores them.
type SizeRows = Vec<(i64, (u32, u32))>;

/// The index's one size list.
fn read_sizes(conn: &rusqlite::Connection) -> Result<SizeRows, IndexError> {
    let blob: Option<Vec<u8>> = conn
        .prepare_cached("SELECT sizes FROM pattern_size_list WHERE id = 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    decode_sizes(&blob.unwrap_or_default())
}

/// Store the size list (a migration builds it from the per-pattern rows of schema 5).
pub(super) fn write_sizes(tx: &Transaction<'_>, sizes: &Sizes) -> Result<(), IndexError> {
    tx.prepare_cached("INSERT OR REPLACE INTO pattern_size_list (id, sizes) VALUES (1, ?1)")?
        .execute(params![encode_sizes(sizes)])?;
    Ok(())
}

/// Changes to the size list in one write, stored by [`SizeList::store`].
pub(super) struct SizeList {
    sizes: Sizes,
    changed: bool,
}

impl SizeList {
    /// The stored list, or an empty one when every pattern is being replaced.
    pub(super) fn load(tx: &Transaction<'_>, fresh: bool) -> Result<Self, IndexError> {
        Ok(Self {
            sizes: if fresh {
                Sizes::new()
            } else {
                read_sizes(tx)?.into_iter().collect()
            },
            changed: fresh,
        })
    }

    pub(super) fn remove(&mut self, pattern_id: i64) {
        self.changed |= self.sizes.remove(&pattern_id).is_some();
    }

    pub(super) fn set(&mut self, pattern_id: i64, terms: &PatternTerms) {
        self.sizes
            .insert(pattern_id, (terms.content_tokens, terms.subject_tokens));
        self.changed = true;
    }

    pub(super) fn store(self, tx: &Transaction<'_>) -> Result<(), IndexError> {
        if self.changed {
            write_sizes(tx, &self.sizes)?;
        }
        Ok(())
    }
}

/// Changes to the postings of one write, applied by [`PostingsWriter::finish`].
pub(super) struct PostingsWriter {
    /// Every table was emptied first: no stored stem needs looking up.
    fresh: bool,
    /// Stems seen in this write: their id, and whether a row already holds them.
    stem_ids: FnvHashMap<String, (i64, bool)>,
    next_stem_id: i64,
    /// New postings per stem id, in pattern id order (patterns are inserted in id order).
    added: FnvHashMap<i64, Vec<Posting>>,
    /// Removed patterns per stem id.
    removed: FnvHashMap<i64, Vec<i64>>,
    /// The text of each stem id this write created.
    new_stems: FnvHashMap<i64, String>,
}

impl PostingsWriter {
    /// Start a write; `fresh` when every postings table was just emptied.
    pub(super) fn new(tx: &Transaction<'_>, fresh: bool) -> Result<Self, IndexError> {
        if fresh {
            tx.execute_batch("DELETE FROM pattern_terms; DELETE FROM pattern_term_lists;")?;
        }
        let max: i64 = tx.query_row("SELECT coalesce(max(id), 0) FROM pattern_terms", [], |r| {
            r.get(0)
        })?;
        Ok(Self {
            fresh,
            stem_ids: FnvHashMap::default(),
            next_stem_id: max + 1,
            added: FnvHashMap::default(),
            removed: FnvHashMap::default(),
            new_stems: FnvHashMap::default(),
        })
    }

    /// Take a pattern's postings out (it is being removed or replaced).
    pub(super) fn remove(
        &mut self,
        tx: &Transaction<'_>,
        pattern_id: i64,
    ) -> Result<(), IndexError> {
        let list: Option<Vec<u8>> = tx
            .prepare_cached("SELECT term_ids FROM pattern_term_lists WHERE pattern_id = ?1")?
            .query_row(params![pattern_id], |r| r.get(0))
            .optional()?;
        for stem_id in decode_ids(&list.unwrap_or_default())? {
            self.removed.entry(stem_id).or_default().push(pattern_id);
        }
        tx.prepare_cached("DELETE FROM pattern_term_lists WHERE pattern_id = ?1")?
            .execute(params![pattern_id])?;
        Ok(())
    }

    /// Add a newly inserted pattern's postings. Patterns must come in increasing id order.
    pub(super) fn add(
        &mut self,
        tx: &Transaction<'_>,
        pattern_id: i64,
        terms: &PatternTerms,
    ) -> Result<(), IndexError> {
        let mut ids = Vec::with_capacity(terms.terms.len());
        for (stem, counts) in &terms.terms {
            let stem_id = self.stem_id(tx, stem)?;
            ids.push(stem_id);
            self.added.entry(stem_id).or_default().push(Posting {
                pattern_id,
                counts: *counts,
            });
        }
        ids.sort_unstable();
        tx.prepare_cached("INSERT INTO pattern_term_lists (pattern_id, term_ids) VALUES (?1, ?2)")?
            .execute(params![pattern_id, encode_ids(&ids)])?;
        Ok(())
    }

    fn stem_id(&mut self, tx: &Transaction<'_>, stem: &str) -> Result<i64, IndexError> {
        if let Some(&(id, _)) = self.stem_ids.get(stem) {
            return Ok(id);
        }
        let stored: Option<i64> = if self.fresh {
            None
        } else {
            tx.prepare_cached("SELECT id FROM pattern_terms WHERE term = ?1")?
                .query_row(params![stem], |r| r.get(0))
                .optional()?
        };
        let id = match stored {
            Some(id) => id,
            None => {
                let id = self.next_stem_id;
                self.next_stem_id += 1;
                self.new_stems.insert(id, stem.to_string());
                id
            }
        };
        self.stem_ids
            .insert(stem.to_string(), (id, stored.is_some()));
        Ok(id)
    }

    /// Write every changed posting list.
    pub(super) fn finish(mut self, tx: &Transaction<'_>) -> Result<(), IndexError> {
        let mut touched: Vec<i64> = self
            .added
            .keys()
            .chain(self.removed.keys())
            .copied()
            .collect();
        touched.sort_unstable();
        touched.dedup();
        let mut read = tx.prepare_cached("SELECT postings FROM pattern_terms WHERE id = ?1")?;
        let mut insert = tx.prepare_cached(
            "INSERT INTO pattern_terms (id, term, docs, postings) VALUES (?1, ?2, ?3, ?4)",
        )?;
        let mut update =
            tx.prepare_cached("UPDATE pattern_terms SET docs = ?2, postings = ?3 WHERE id = ?1")?;
        let mut delete = tx.prepare_cached("DELETE FROM pattern_terms WHERE id = ?1")?;
        for stem_id in touched {
            let added = self.added.remove(&stem_id).unwrap_or_default();
            if let Some(stem) = self.new_stems.remove(&stem_id) {
                insert.execute(params![
                    stem_id,
                    stem,
                    added.len() as i64,
                    encode_postings(&added)
                ])?;
                continue;
            }
            let stored: Option<Vec<u8>> =
                read.query_row(params![stem_id], |r| r.get(0)).optional()?;
            let Some(stored) = stored else { continue };
            let mut removed = self.removed.remove(&stem_id).unwrap_or_default();
            removed.sort_unstable();
            let mut postings: Vec<Posting> = decode_postings(&stored)?
                .into_iter()
                .filter(|p| removed.binary_search(&p.pattern_id).is_err())
                .collect();
            postings.extend(added);
            postings.sort_by_key(|p| p.pattern_id);
            if postings.is_empty() {
                delete.execute(params![stem_id])?;
            } else {
                update.execute(params![
                    stem_id,
                    postings.len() as i64,
                    encode_postings(&postings)
                ])?;
            }
        }
        Ok(())
    }
}

fn push_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// One varint of a stored list; `list` names the list in the error a damaged one gives.
fn read_varint(bytes: &[u8], at: &mut usize, list: &str) -> Result<u64, IndexError> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let Some(&byte) = bytes.get(*at) else {
            return Err(IndexError::Corrupt(format!("{list} ends mid-number")));
        };
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err(IndexError::Corrupt(format!(
        "{list} holds an overlong number"
    )))
}

/// Encode rows sorted by id: each id's distance from the previous one, then its `N` counts.
/// Postings, the size list and stem id lists all use this one layout.
fn encode_rows<const N: usize>(rows: impl ExactSizeIterator<Item = (i64, [u32; N])>) -> Vec<u8> {
    let mut out = Vec::with_capacity(rows.len() * (N + 2));
    let mut previous = 0i64;
    for (id, counts) in rows {
        push_varint(&mut out, (id - previous) as u64);
        previous = id;
        for count in counts {
            push_varint(&mut out, u64::from(count));
        }
    }
    out
}

/// Decode what [`encode_rows`] wrote, handing each row to `row` in order.
fn decode_rows<const N: usize>(
    bytes: &[u8],
    list: &str,
    mut row: impl FnMut(i64, [u32; N]),
) -> Result<(), IndexError> {
    let mut at = 0;
    let mut id = 0i64;
    while at < bytes.len() {
        id = id
            .checked_add_unsigned(read_varint(bytes, &mut at, list)?)
            .ok_or_else(|| IndexError::Corrupt(format!("{list} holds an id out of range")))?;
        let mut counts = [0u32; N];
        for count in &mut counts {
            *count = u32::try_from(read_varint(bytes, &mut at, list)?)
                .map_err(|_| IndexError::Corrupt(format!("{list} holds a count out of range")))?;
        }
        row(id, counts);
    }
    Ok(())
}

const POSTINGS: &str = "a posting list";
const SIZE_LIST: &str = "the size list";
const STEM_IDS: &str = "a stem id list";

/// Encode postings sorted by pattern id.
pub(super) fn encode_postings(postings: &[Posting]) -> Vec<u8> {
    encode_rows(postings.iter().map(|p| (p.pattern_id, p.counts)))
}

pub(super) fn decode_postings(bytes: &[u8]) -> Result<Vec<Posting>, IndexError> {
    let mut postings = Vec::with_capacity(bytes.len() / (FIELD_COUNT + 1));
    decode_rows(bytes, POSTINGS, |pattern_id, counts| {
        postings.push(Posting { pattern_id, counts })
    })?;
    Ok(postings)
}

fn encode_sizes(sizes: &Sizes) -> Vec<u8> {
    encode_rows(
        sizes
            .iter()
            .map(|(&id, &(content, subject))| (id, [content, subject])),
    )
}

fn decode_sizes(bytes: &[u8]) -> Result<SizeRows, IndexError> {
    let mut sizes = Vec::with_capacity(bytes.len() / 4);
    decode_rows(bytes, SIZE_LIST, |id, [content, subject]| {
        sizes.push((id, (content, subject)))
    })?;
    Ok(sizes)
}

/// Encode sorted stem ids as distances.
fn encode_ids(ids: &[i64]) -> Vec<u8> {
    encode_rows(ids.iter().map(|&id| (id, [])))
}

fn decode_ids(bytes: &[u8]) -> Result<Vec<i64>, IndexError> {
    let mut ids = Vec::new();
    decode_rows::<0>(bytes, STEM_IDS, |id, _| ids.push(id))?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postings_round_trip() {
        let postings = vec![
            Posting {
                pattern_id: 3,
                counts: [0, 1, 0, 200, 0],
            },
            Posting {
                pattern_id: 70_000,
                counts: [1, 0, 0, 0, u32::MAX],
            },
        ];
        assert_eq!(
            decode_postings(&encode_postings(&postings)).unwrap(),
            postings
        );
        let ids = vec![1, 2, 300, 1 << 40];
        assert_eq!(decode_ids(&encode_ids(&ids)).unwrap(), ids);
        let sizes = Sizes::from([(1, (0, 7)), (90, (u32::MAX, 1)), (1 << 40, (300, 2))]);
        let decoded: Sizes = decode_sizes(&encode_sizes(&sizes))
            .unwrap()
            .into_iter()
            .collect();
        assert_eq!(decoded, sizes);
    }

    #[test]
    fn a_truncated_list_is_corrupt_not_a_panic() {
        let bytes = encode_postings(&[Posting {
            pattern_id: 1,
            counts: [300, 0, 0, 0, 0],
        }]);
        for end in 1..bytes.len() {
            assert!(matches!(
                decode_postings(&bytes[..end]),
                Err(IndexError::Corrupt(_))
            ));
        }
        assert!(decode_ids(&[0x80]).is_err());
        let sizes = encode_sizes(&Sizes::from([(3, (500, 20))]));
        for end in 1..sizes.len() {
            assert!(matches!(
                decode_sizes(&sizes[..end]),
                Err(IndexError::Corrupt(_))
            ));
        }
        assert!(decode_postings(&[0xff; 12]).is_err());
    }
}
