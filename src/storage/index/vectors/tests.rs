//! Unit tests for vector storage: blob codec, cosine, gated vector search, cache.

use super::*;
use crate::core::pattern::parse_pattern;
use crate::storage::index::{PatternRecord, WriteBatch};

const SPACE: VectorSpace<'static> = VectorSpace {
    model: "m",
    document_prefix: "",
};

#[test]
fn blobs_round_trip_little_endian_and_check_their_length() {
    let v = vec![1.0f32, -0.5, 3.25e-3, f32::MIN_POSITIVE];
    let blob = encode_vector(&v);
    assert_eq!(&blob[..4], &1.0f32.to_le_bytes());
    assert_eq!(decode_vector(&blob, 4).unwrap(), v);
    assert!(matches!(
        decode_vector(&blob, 3),
        Err(IndexError::Corrupt(_))
    ));
}

#[test]
fn cosine_and_dot_match_hand_computed_values() {
    let a: Vec<f32> = (1..=11).map(|i| i as f32).collect();
    assert_eq!(dot(&a, &a), 506.0); // 1² + ... + 11²
    assert!((cosine(&[1.0, 0.0], &[1.0, 1.0]) - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-6);
    assert_eq!(cosine(&[3.0, 4.0], &[-3.0, -4.0]), -1.0);
    assert_eq!(cosine(&[0.0, 0.0], &[1.0, 1.0]), 0.0);
}

/// Three patterns: declared rust, undeclared naming Python in its text, undeclared plain.
fn index_with_vectors(dir: &std::path::Path) -> (Index, BTreeMap<String, i64>) {
    let mut index = Index::open(&dir.join("i.db")).unwrap();
    let files = [
        (
            "rust.md",
            "---\nlanguage: rust\n---\n# Rust errors\nUse thiserror.\n",
        ),
        (
            "values.md",
            "# Value errors\nRaise ValueError in Python code.\n",
        ),
        ("plain.md", "# Commits\nSmall commits.\n"),
    ];
    let patterns: Vec<_> = files
        .iter()
        .map(|(s, t)| (parse_pattern(s, t).unwrap(), t.to_string()))
        .collect();
    let upserts = patterns
        .iter()
        .map(|(p, _)| PatternRecord {
            pattern: p,
            content_hash: "h".into(),
            technologies: Vec::new(),
            origin: None,
        })
        .collect();
    index
        .write(&WriteBatch {
            upserts,
            ..WriteBatch::default()
        })
        .unwrap();
    let pending = index.chunks_missing_embeddings().unwrap();
    assert_eq!(pending.len(), 3);
    // Vectors: plain.md closest to the query [1, 0], then values.md, then rust.md.
    let vector_of = |source: &str| match source {
        "plain.md" => vec![1.0, 0.0],
        "values.md" => vec![0.8, 0.6],
        _ => vec![0.6, 0.8],
    };
    let vectors: Vec<_> = pending
        .iter()
        .map(|c| NewEmbedding {
            text_hash: c.source.clone(),
            vector: vector_of(&c.source),
        })
        .collect();
    let links: Vec<_> = pending
        .iter()
        .map(|c| (c.chunk_id, c.source.clone()))
        .collect();
    index.store_embeddings(&SPACE, 2, &vectors, &links).unwrap();
    let ids = pending
        .iter()
        .map(|c| (c.source.clone(), c.chunk_id))
        .collect();
    (index, ids)
}

fn ranked(index: &Index, languages: &[&str]) -> Vec<(i64, usize)> {
    let gate = LanguageGate {
        languages: languages.iter().map(|s| s.to_string()).collect(),
        open: false,
    };
    let hits = index.search_vectors(&[1.0, 0.0], &gate, 10, &[]).unwrap();
    hits.iter().map(|h| (h.chunk_id, h.rank)).collect()
}

#[test]
fn vector_search_ranks_by_cosine_under_the_language_gate() {
    let dir = tempfile::tempdir().unwrap();
    let (index, ids) = index_with_vectors(dir.path());
    let (rust, py, plain) = (ids["rust.md"], ids["values.md"], ids["plain.md"]);
    // No inferred language: only undeclared patterns.
    assert_eq!(ranked(&index, &[]), [(plain, 1), (py, 2)]);
    // Rust inferred: the declared-rust pattern and both undeclared ones (a language their
    // text names is no scope).
    assert_eq!(ranked(&index, &["rust"]), [(plain, 1), (py, 2), (rust, 3)]);
    assert_eq!(ranked(&index, &["python"]), [(plain, 1), (py, 2)]);
    let meta = index.embedding_meta().unwrap();
    assert_eq!(
        (meta.model.as_deref(), meta.dimension, meta.embedded_chunks),
        (Some("m"), Some(2), 3)
    );
    let gate = LanguageGate::default();
    // `also` reports a chunk beyond the limit with its true rank.
    let hits = index.search_vectors(&[1.0, 0.0], &gate, 1, &[py]).unwrap();
    assert_eq!(
        hits.iter()
            .map(|h| (h.chunk_id, h.rank))
            .collect::<Vec<_>>(),
        [(plain, 1), (py, 2)]
    );
    assert!((hits[1].similarity - 0.8).abs() < 1e-6);
    // A query of another size is refused, not silently mis-scored.
    assert!(
        index
            .search_vectors(&[1.0, 0.0, 0.0], &gate, 10, &[])
            .is_err()
    );
}

#[test]
fn deleting_chunks_unlinks_vectors_and_prune_drops_unused_ones() {
    let dir = tempfile::tempdir().unwrap();
    let (mut index, _) = index_with_vectors(dir.path());
    index
        .write(&WriteBatch {
            removals: vec!["values.md".into()],
            ..WriteBatch::default()
        })
        .unwrap();
    assert_eq!(index.embedding_meta().unwrap().embedded_chunks, 2);
    assert_eq!(index.prune_embeddings().unwrap(), 1);
    let stats = index.embedding_stats().unwrap();
    assert_eq!((stats.embedded_chunks, stats.total_chunks), (2, 2));
    index.reset_embeddings().unwrap();
    assert_eq!(index.embedding_meta().unwrap(), EmbeddingMeta::default());
}

#[test]
fn query_cache_works_through_a_read_only_handle() {
    let dir = tempfile::tempdir().unwrap();
    let (index, _) = index_with_vectors(dir.path());
    drop(index);
    let ro = Index::open_read_only(&dir.path().join("i.db"), Duration::from_secs(1))
        .unwrap()
        .unwrap();
    assert_eq!(ro.cached_query_vector("m", "q").unwrap(), None);
    ro.cache_query_vector("m", "q", &[0.5, 0.25]).unwrap();
    assert_eq!(
        ro.cached_query_vector("m", "q").unwrap(),
        Some(vec![0.5, 0.25])
    );
    assert_eq!(ro.cached_query_vector("other", "q").unwrap(), None);
}

fn ranked_sources(index: &Index) -> Vec<(String, usize)> {
    let hits = index
        .search_vectors(&[1.0, 0.0], &LanguageGate::default(), 10, &[])
        .unwrap();
    let ids: Vec<i64> = hits.iter().map(|h| h.chunk_id).collect();
    let refs = index.chunk_refs(&ids).unwrap();
    hits.iter()
        .map(|h| (refs[&h.chunk_id].source.clone(), h.rank))
        .collect()
}

fn upsert(index: &mut Index, source: &str, text: &str) {
    let pattern = parse_pattern(source, text).unwrap();
    index
        .write(&WriteBatch {
            upserts: vec![PatternRecord {
                pattern: &pattern,
                content_hash: text.into(),
                technologies: Vec::new(),
                origin: None,
            }],
            ..WriteBatch::default()
        })
        .unwrap();
}

#[test]
fn vector_search_follows_rewritten_relinked_and_removed_sections() {
    let dir = tempfile::tempdir().unwrap();
    let (mut index, _) = index_with_vectors(dir.path());
    assert_eq!(
        ranked_sources(&index),
        [("plain.md".to_string(), 1), ("values.md".to_string(), 2)]
    );
    // A rewritten pattern has no vectors until its new sections are linked.
    upsert(
        &mut index,
        "values.md",
        "# Value errors\nRaise ValueError in Python code.\n## More\nAnd log it.\n",
    );
    assert_eq!(ranked_sources(&index), [("plain.md".to_string(), 1)]);
    let pending = index.chunks_missing_embeddings().unwrap();
    assert_eq!(pending.len(), 2);
    // The first section's text is unchanged: linked to its old vector, no new one. The
    // second gets a new vector, just short of plain.md's.
    let links: Vec<(i64, String)> = vec![
        (pending[0].chunk_id, "values.md".into()),
        (pending[1].chunk_id, "more".into()),
    ];
    let more = NewEmbedding {
        text_hash: "more".into(),
        vector: vec![0.99, 0.1],
    };
    index.store_embeddings(&SPACE, 2, &[more], &links).unwrap();
    assert_eq!(
        ranked_sources(&index),
        [
            ("plain.md".to_string(), 1),
            ("values.md".to_string(), 2),
            ("values.md".to_string(), 3)
        ]
    );
    index
        .write(&WriteBatch {
            removals: vec!["plain.md".into()],
            ..WriteBatch::default()
        })
        .unwrap();
    assert_eq!(
        ranked_sources(&index),
        [("values.md".to_string(), 1), ("values.md".to_string(), 2)]
    );
    index.reset_embeddings().unwrap();
    assert_eq!(ranked_sources(&index), []);
}

#[test]
fn migration_8_gathers_the_vectors_of_a_schema_7_index() {
    let dir = tempfile::tempdir().unwrap();
    let (index, _) = index_with_vectors(dir.path());
    let gate = LanguageGate::default();
    let before = index.search_vectors(&[1.0, 0.0], &gate, 10, &[]).unwrap();
    assert_eq!(before.len(), 2);
    drop(index);
    {
        // Schema 7 is schema 8 without the per-pattern rows (and without the later
        // migrations: schema 9's technologies, schema 10's `pattern_sources`, schema 11's
        // file stamps, schema 12's gate index).
        let conn = rusqlite::Connection::open(dir.path().join("i.db")).unwrap();
        conn.execute_batch(
            "DROP TABLE pattern_technologies; ALTER TABLE patterns DROP COLUMN technologies;
             DROP TRIGGER chunks_drop_pattern_vectors; DROP TABLE pattern_vectors;
             DROP TABLE pattern_sources; DROP TABLE source_files; DROP INDEX patterns_gate_rows;
             PRAGMA user_version = 7;",
        )
        .unwrap();
    }
    let migrated = Index::open(&dir.path().join("i.db")).unwrap();
    assert_eq!(
        migrated
            .search_vectors(&[1.0, 0.0], &gate, 10, &[])
            .unwrap(),
        before
    );
}

#[test]
fn a_cosine_read_in_place_equals_decoding_first() {
    let query: Vec<f32> = (0..19).map(|i| (i as f32 * 0.37).sin()).collect();
    let stored: Vec<f32> = (0..19).map(|i| (i as f32 * 0.11).cos() - 0.2).collect();
    let norm = dot(&query, &query).sqrt();
    let in_place = cosine_le(&query, norm, &encode_vector(&stored));
    assert_eq!(in_place.to_bits(), cosine(&query, &stored).to_bits());
    assert_eq!(cosine_le(&query, norm, &encode_vector(&[0.0; 19])), 0.0);
}

#[test]
fn a_damaged_vector_row_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let (index, _) = index_with_vectors(dir.path());
    let gate = LanguageGate::default();
    for damage in [
        "UPDATE pattern_vectors SET vectors = x'0000803f'",
        "UPDATE pattern_vectors SET chunk_ids = x'01020304'",
    ] {
        index.conn.execute_batch(damage).unwrap();
        assert!(matches!(
            index.search_vectors(&[1.0, 0.0], &gate, 10, &[]),
            Err(IndexError::Corrupt(_))
        ));
    }
}

#[test]
fn vectors_stored_before_prefixes_were_recorded_read_as_made_without_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut index = Index::open(&dir.path().join("i.db")).unwrap();
    assert_eq!(index.embedding_meta().unwrap().document_prefix, None);
    let nomic = VectorSpace {
        model: "nomic-embed-text",
        document_prefix: "search_document: ",
    };
    index.store_embeddings(&nomic, 2, &[], &[]).unwrap();
    let meta = index.embedding_meta().unwrap();
    assert_eq!(meta.document_prefix.as_deref(), Some("search_document: "));
    // What an older lore left: the model recorded, no prefix.
    index
        .conn
        .execute(
            "DELETE FROM meta WHERE key = 'embedding_document_prefix'",
            [],
        )
        .unwrap();
    assert_eq!(
        index.embedding_meta().unwrap().document_prefix.as_deref(),
        Some("")
    );
    index.reset_embeddings().unwrap();
    assert_eq!(index.embedding_meta().unwrap().document_prefix, None);
}
