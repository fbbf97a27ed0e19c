//! Embeddings in the index: little-endian f32 blobs stored once per distinct embedded text,
//! linked to chunks, with the model and dimension recorded in `meta`; exact cosine search
//! over them under the same language gate as full-text search; and the query-vector cache.
//!
//! Vector search reads each eligible pattern's vectors as one contiguous row (see
//! `pattern_vectors`) and scores them in place; exact and deterministic (ties keep source
//! path then chunk order).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};

use super::pattern_vectors::decode_ids;
use super::read::LanguageGate;
use super::relink::link_chunks;
use super::{Index, IndexError};

const META_MODEL: &str = "embedding_model";
const META_DIMENSION: &str = "embedding_dimension";
/// The prefix every stored section was embedded with (see `core::embedding_prompt`). Absent
/// in indexes embedded before lore sent prefixes: those were embedded with none.
const META_DOCUMENT_PREFIX: &str = "embedding_document_prefix";
/// Query vectors kept in the cache; older ones are dropped first.
const QUERY_CACHE_ROWS: i64 = 2_000;
/// How long a read-only handle waits to write the query cache before giving up.
const CACHE_WRITE_BUSY: Duration = Duration::from_millis(50);

/// Which model made the stored vectors, and their size.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmbeddingMeta {
    pub model: Option<String>,
    pub dimension: Option<usize>,
    /// The prefix the stored vectors' texts were embedded with (None: no vectors).
    pub document_prefix: Option<String>,
    /// Chunks that have a vector.
    pub embedded_chunks: u64,
}

/// Embedding facts for `lore status`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct EmbeddingStats {
    pub model: Option<String>,
    pub dimension: Option<usize>,
    pub document_prefix: Option<String>,
    pub embedded_chunks: u64,
    pub total_chunks: u64,
}

/// A chunk without a vector, with what its embedding text is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingChunk {
    pub chunk_id: i64,
    pub source: String,
    pub ordinal: usize,
    pub title: String,
    pub tags: Vec<String>,
    pub description: Option<String>,
    pub body: String,
}

/// What stored vectors mean: the model that made them and the prefix their texts carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VectorSpace<'a> {
    pub model: &'a str,
    pub document_prefix: &'a str,
}

/// A vector to store and the chunks whose text it embeds.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEmbedding {
    pub text_hash: String,
    pub vector: Vec<f32>,
}

/// One chunk's place in the vector ranking.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VectorHit {
    pub chunk_id: i64,
    pub pattern_id: i64,
    /// 1-based rank among every eligible chunk.
    pub rank: usize,
    /// Cosine similarity to the query.
    pub similarity: f32,
    /// Standard deviations above the mean similarity of every eligible chunk: how much this
    /// chunk stands out for this query, whatever the model's similarity scale.
    pub z: f32,
}

/// Where a chunk is, for results the FTS list did not describe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChunkRef {
    pub chunk_id: i64,
    pub pattern_id: i64,
    pub source: String,
    pub title: String,
    pub heading_path: Vec<String>,
    pub ordinal: usize,
    pub line: usize,
}

/// Little-endian f32s.
pub fn encode_vector(vector: &[f32]) -> Vec<u8> {
    vector.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// The inverse of [`encode_vector`], checking the length against `dimension`.
pub fn decode_vector(blob: &[u8], dimension: usize) -> Result<Vec<f32>, IndexError> {
    let mut out = Vec::with_capacity(dimension);
    append_vector(blob, dimension, &mut out)?;
    Ok(out)
}

fn append_vector(blob: &[u8], dimension: usize, out: &mut Vec<f32>) -> Result<(), IndexError> {
    check_length(blob, dimension, 1)?;
    out.extend(
        blob.chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
    );
    Ok(())
}

/// Refuse a blob that does not hold exactly `count` vectors of `dimension`.
fn check_length(blob: &[u8], dimension: usize, count: usize) -> Result<(), IndexError> {
    if blob.len() == count * dimension * 4 {
        return Ok(());
    }
    Err(IndexError::Corrupt(format!(
        "{count} stored vector(s) take {} bytes, expected {} for dimension {dimension}",
        blob.len(),
        count * dimension * 4
    )))
}

/// Dot product with eight independent accumulators, so the loop vectorises.
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ra, rb) = (a8.remainder(), b8.remainder());
    for (x, y) in a8.zip(b8) {
        for i in 0..8 {
            acc[i] += x[i] * y[i];
        }
    }
    let tail: f32 = ra.iter().zip(rb).map(|(x, y)| x * y).sum();
    acc.iter().sum::<f32>() + tail
}

/// Cosine similarity of `query` (of norm `query_norm`) to a vector stored as little-endian
/// f32 bytes, read in place. The sums are [`dot`]'s, in the same order, so the result is the
/// one decoding the vector first would give.
fn cosine_le(query: &[f32], query_norm: f32, stored: &[u8]) -> f32 {
    let mut products = [0f32; 8];
    let mut squares = [0f32; 8];
    let (q8, s8) = (query.chunks_exact(8), stored.chunks_exact(32));
    let (rq, rs) = (q8.remainder(), s8.remainder());
    for (x, y) in q8.zip(s8) {
        for i in 0..8 {
            let v = f32::from_le_bytes([y[4 * i], y[4 * i + 1], y[4 * i + 2], y[4 * i + 3]]);
            products[i] += x[i] * v;
            squares[i] += v * v;
        }
    }
    let (mut product_tail, mut square_tail) = (0f32, 0f32);
    for (x, y) in rq.iter().zip(rs.chunks_exact(4)) {
        let v = f32::from_le_bytes([y[0], y[1], y[2], y[3]]);
        product_tail += x * v;
        square_tail += v * v;
    }
    let product = products.iter().sum::<f32>() + product_tail;
    let denom = query_norm * (squares.iter().sum::<f32>() + square_tail).sqrt();
    if denom > 0.0 { product / denom } else { 0.0 }
}

/// Cosine similarity; 0 when either vector is zero.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let denom = (dot(a, a) * dot(b, b)).sqrt();
    if denom > 0.0 { dot(a, b) / denom } else { 0.0 }
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, IndexError> {
    serde_json::from_str(text).map_err(|e| IndexError::Corrupt(e.to_string()))
}

fn meta_value(conn: &Connection, key: &str) -> Result<Option<String>, IndexError> {
    Ok(conn
        .prepare_cached("SELECT value FROM meta WHERE key = ?1")?
        .query_row(params![key], |r| r.get(0))
        .optional()?)
}

impl Index {
    /// The recorded model and dimension, and how many chunks have a vector.
    pub fn embedding_meta(&self) -> Result<EmbeddingMeta, IndexError> {
        let dimension = match meta_value(&self.conn, META_DIMENSION)? {
            Some(d) => Some(
                d.parse::<usize>()
                    .map_err(|e| IndexError::Corrupt(format!("{META_DIMENSION} = {d:?}: {e}")))?,
            ),
            None => None,
        };
        let embedded: i64 =
            self.conn
                .query_row("SELECT count(*) FROM chunk_embeddings", [], |r| r.get(0))?;
        let model = meta_value(&self.conn, META_MODEL)?;
        let document_prefix = match meta_value(&self.conn, META_DOCUMENT_PREFIX)? {
            Some(prefix) => Some(prefix),
            None => model.as_ref().map(|_| String::new()),
        };
        Ok(EmbeddingMeta {
            model,
            dimension,
            document_prefix,
            embedded_chunks: embedded as u64,
        })
    }

    /// Model, dimension and coverage, for `lore status`.
    pub fn embedding_stats(&self) -> Result<EmbeddingStats, IndexError> {
        let meta = self.embedding_meta()?;
        let total: i64 = self
            .conn
            .query_row("SELECT count(*) FROM chunks", [], |r| r.get(0))?;
        Ok(EmbeddingStats {
            model: meta.model,
            dimension: meta.dimension,
            document_prefix: meta.document_prefix,
            embedded_chunks: meta.embedded_chunks,
            total_chunks: total as u64,
        })
    }

    /// Chunks that have no vector yet, by source path then chunk order.
    pub fn chunks_missing_embeddings(&self) -> Result<Vec<PendingChunk>, IndexError> {
        chunks_without_vectors(&self.conn)
    }

    /// Which of `hashes` already have a stored vector.
    pub fn stored_text_hashes(&self, hashes: &[String]) -> Result<BTreeSet<String>, IndexError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT 1 FROM embeddings WHERE text_hash = ?1")?;
        let mut found = BTreeSet::new();
        for hash in hashes {
            if stmt.exists(params![hash])? {
                found.insert(hash.clone());
            }
        }
        Ok(found)
    }

    /// In one transaction: store new vectors, link chunks to vectors by text hash, and record
    /// the model and dimension. Links to chunks that no longer exist are skipped.
    pub fn store_embeddings(
        &mut self,
        space: &VectorSpace<'_>,
        dimension: usize,
        vectors: &[NewEmbedding],
        links: &[(i64, String)],
    ) -> Result<(), IndexError> {
        let tx = self.write_transaction()?;
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO embeddings (text_hash, vector) VALUES (?1, ?2)
                 ON CONFLICT (text_hash) DO UPDATE SET vector = excluded.vector",
            )?;
            for v in vectors {
                if v.vector.len() != dimension {
                    return Err(IndexError::Corrupt(format!(
                        "a vector of {} dimensions among {dimension}-dimension ones",
                        v.vector.len()
                    )));
                }
                insert.execute(params![v.text_hash, encode_vector(&v.vector)])?;
            }
            link_chunks(&tx, links, vectors.iter().map(|v| v.text_hash.as_str()))?;
            let mut meta = tx.prepare_cached(
                "INSERT INTO meta (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            )?;
            meta.execute(params![META_MODEL, space.model])?;
            meta.execute(params![META_DIMENSION, dimension.to_string()])?;
            meta.execute(params![META_DOCUMENT_PREFIX, space.document_prefix])?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Forget every chunk vector and the recorded model (a rebuild with another model).
    /// The query cache is keyed by model and stays.
    pub fn reset_embeddings(&mut self) -> Result<(), IndexError> {
        let tx = self.write_transaction()?;
        tx.execute("DELETE FROM chunk_embeddings", [])?;
        tx.execute("DELETE FROM embeddings", [])?;
        tx.execute("DELETE FROM pattern_vectors", [])?;
        tx.execute(
            "DELETE FROM meta WHERE key IN (?1, ?2, ?3)",
            params![META_MODEL, META_DIMENSION, META_DOCUMENT_PREFIX],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Drop vectors no chunk uses any more; returns how many went.
    pub fn prune_embeddings(&mut self) -> Result<usize, IndexError> {
        Ok(self.conn.execute(
            "DELETE FROM embeddings
             WHERE text_hash NOT IN (SELECT text_hash FROM chunk_embeddings)",
            [],
        )?)
    }

    /// Rank every chunk that passes `gate` and has a vector by cosine similarity to `query`
    /// (ties by source path then chunk order). Returns the first `limit` and, wherever they
    /// rank, the chunks in `also` (so fusion knows the vector rank of every FTS hit), best
    /// first. Stored vectors of another size than `query` are an error.
    pub fn search_vectors(
        &self,
        query: &[f32],
        gate: &LanguageGate,
        limit: usize,
        also: &[i64],
    ) -> Result<Vec<VectorHit>, IndexError> {
        let dimension = query.len();
        if dimension == 0 {
            return Ok(Vec::new());
        }
        // The gate is decided once per pattern; each pattern's vectors are one row, scored in
        // place as it is read; and the scores are put in source order afterwards. (Reading
        // every section through its links, and copying the vectors into one buffer to score,
        // were most of a hybrid hook.)
        let admitted = self.patterns_admitted(gate)?;
        let query_norm = dot(query, query).sqrt();
        let mut stmt = self
            .conn
            .prepare_cached("SELECT pattern_id, chunk_ids, vectors FROM pattern_vectors")?;
        let mut rows = stmt.query([])?;
        // (source, pattern id, its sections in `read_ids` and `read_similarities`)
        let mut found: Vec<(&str, i64, std::ops::Range<usize>)> = Vec::new();
        let mut read_ids: Vec<i64> = Vec::new();
        let mut read_similarities: Vec<f32> = Vec::new();
        while let Some(row) = rows.next()? {
            let pattern_id: i64 = row.get(0)?;
            let Some(source) = admitted.get(&pattern_id) else {
                continue;
            };
            let blob = |i| {
                row.get_ref(i)?
                    .as_blob()
                    .map_err(|e| IndexError::Corrupt(e.to_string()))
            };
            let first = read_ids.len();
            read_ids.extend(decode_ids(blob(1)?)?);
            let vectors = blob(2)?;
            check_length(vectors, dimension, read_ids.len() - first)?;
            read_similarities.extend(
                vectors
                    .chunks_exact(dimension * 4)
                    .map(|v| cosine_le(query, query_norm, v)),
            );
            found.push((source, pattern_id, first..read_ids.len()));
        }
        found.sort_unstable_by(|a, b| a.0.cmp(b.0));
        let mut ids = Vec::with_capacity(read_ids.len());
        let mut patterns = Vec::with_capacity(read_ids.len());
        let mut similarities = Vec::with_capacity(read_ids.len());
        for (_, pattern_id, sections) in found {
            patterns.extend(std::iter::repeat_n(pattern_id, sections.len()));
            ids.extend_from_slice(&read_ids[sections.clone()]);
            similarities.extend_from_slice(&read_similarities[sections]);
        }
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let n = similarities.len() as f32;
        let mean = similarities.iter().sum::<f32>() / n;
        let variance = similarities.iter().map(|s| (s - mean).powi(2)).sum::<f32>() / n;
        let spread = variance.sqrt().max(1e-6);
        let mut order: Vec<usize> = (0..ids.len()).collect();
        // Stable: equal similarities keep the SQL order (source path, chunk order).
        order.sort_by(|&a, &b| similarities[b].total_cmp(&similarities[a]));
        let also: BTreeSet<i64> = also.iter().copied().collect();
        Ok(order
            .into_iter()
            .enumerate()
            .filter(|(position, i)| *position < limit || also.contains(&ids[*i]))
            .map(|(position, i)| VectorHit {
                chunk_id: ids[i],
                pattern_id: patterns[i],
                rank: position + 1,
                similarity: similarities[i],
                z: (similarities[i] - mean) / spread,
            })
            .collect())
    }

    /// Where each of `ids` is (missing ids are left out).
    pub fn chunk_refs(&self, ids: &[i64]) -> Result<BTreeMap<i64, ChunkRef>, IndexError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT c.id, c.pattern_id, p.source, p.title, c.heading_path, c.ordinal, c.line
             FROM chunks c JOIN patterns p ON p.id = c.pattern_id
             WHERE c.id = ?1",
        )?;
        let mut out = BTreeMap::new();
        for id in ids {
            let row = stmt
                .query_row(params![id], |r| {
                    Ok((
                        r.get::<_, i64>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, i64>(5)?,
                        r.get::<_, i64>(6)?,
                    ))
                })
                .optional()?;
            if let Some((pattern_id, source, title, heading_path, ordinal, line)) = row {
                out.insert(
                    *id,
                    ChunkRef {
                        chunk_id: *id,
                        pattern_id,
                        source,
                        title,
                        heading_path: from_json(&heading_path)?,
                        ordinal: ordinal as usize,
                        line: line as usize,
                    },
                );
            }
        }
        Ok(out)
    }

    /// A cached query vector for `model` and the query text's hash.
    pub fn cached_query_vector(
        &self,
        model: &str,
        text_hash: &str,
    ) -> Result<Option<Vec<f32>>, IndexError> {
        let blob: Option<Vec<u8>> = self
            .conn
            .prepare_cached(
                "SELECT vector FROM query_embeddings WHERE model = ?1 AND text_hash = ?2",
            )?
            .query_row(params![model, text_hash], |r| r.get(0))
            .optional()?;
        blob.map(|b| {
            if b.len() % 4 != 0 {
                return Err(IndexError::Corrupt(
                    "a cached query vector is not a whole number of f32s".into(),
                ));
            }
            decode_vector(&b, b.len() / 4)
        })
        .transpose()
    }

    /// Cache a query vector. On a read-only handle (the hook's) this opens a short-lived
    /// read-write connection that waits at most 50 ms for a lock; callers treat any error as
    /// "not cached" and carry on.
    pub fn cache_query_vector(
        &self,
        model: &str,
        text_hash: &str,
        vector: &[f32],
    ) -> Result<(), IndexError> {
        if self.conn.is_readonly(rusqlite::MAIN_DB)? {
            let conn = Connection::open_with_flags(
                &self.path,
                OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            )?;
            conn.busy_timeout(CACHE_WRITE_BUSY)?;
            write_query_vector(&conn, model, text_hash, vector)
        } else {
            write_query_vector(&self.conn, model, text_hash, vector)
        }
    }
}

fn write_query_vector(
    conn: &Connection,
    model: &str,
    text_hash: &str,
    vector: &[f32],
) -> Result<(), IndexError> {
    conn.prepare_cached(
        "INSERT INTO query_embeddings (model, text_hash, vector) VALUES (?1, ?2, ?3)
         ON CONFLICT (model, text_hash) DO UPDATE SET vector = excluded.vector",
    )?
    .execute(params![model, text_hash, encode_vector(vector)])?;
    conn.prepare_cached(
        "DELETE FROM query_embeddings WHERE id <= (SELECT max(id) FROM query_embeddings) - ?1",
    )?
    .execute(params![QUERY_CACHE_ROWS])?;
    Ok(())
}

/// Chunks that have no vector yet, by source path then chunk order.
pub(super) fn chunks_without_vectors(conn: &Connection) -> Result<Vec<PendingChunk>, IndexError> {
    let mut stmt = conn.prepare_cached(
        "SELECT c.id, p.source, c.ordinal, p.title, p.tags, p.description, c.body
         FROM chunks c
         JOIN patterns p ON p.id = c.pattern_id
         LEFT JOIN chunk_embeddings ce ON ce.chunk_id = c.id
         WHERE ce.chunk_id IS NULL
         ORDER BY p.source, c.ordinal",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, String>(4)?,
            r.get::<_, Option<String>>(5)?,
            r.get::<_, String>(6)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (chunk_id, source, ordinal, title, tags, description, body) = row?;
        out.push(PendingChunk {
            chunk_id,
            source,
            ordinal: ordinal as usize,
            title,
            tags: from_json(&tags)?,
            description,
            body,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
