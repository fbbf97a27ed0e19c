//! Vector search benchmark: one hybrid hook's vector search (open the index read-only, score
//! every eligible section, rank them all, as the hook does) over knowledge bases built from
//! the real corpus, with synthetic 768-dimension vectors (nomic-embed-text's size) in place of
//! an embedding server. Prints medians.
//! Run: `cargo bench --bench vectors`. The issue asks for exact search that stays fine up to
//! ~100k sections; the figures and what bounds them are in docs/benchmarks.md.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::time::{Duration, Instant};

use lore::services::ingest::{IngestOptions, NoProgress, ingest};
use lore::services::workspace::load_config;
use lore::storage::index::{Index, LanguageGate, NewEmbedding, VectorSpace};

const DIMENSION: usize = 768;

/// A deterministic pseudo-random unit vector (xorshift), different for every seed.
fn vector(seed: u64) -> Vec<f32> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut v: Vec<f32> = (0..DIMENSION)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 24) as f32 - 0.5
        })
        .collect();
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    v.iter_mut().for_each(|x| *x /= norm);
    v
}

fn main() {
    println!("| patterns | sections with vectors | vector search (median) | runs |");
    println!("| ---: | ---: | ---: | ---: |");
    let sizes: &[(usize, usize)] = if support::full_run() {
        &[(1_000, 30), (9_000, 15)]
    } else {
        &[(20, 2)]
    };
    for &(n, runs) in sizes {
        let dir = tempfile::tempdir().unwrap();
        let config = load_config(&support::knowledge_base(dir.path(), n)).unwrap();
        let mut index = Index::open(&config.database).unwrap();
        ingest(
            &config,
            &mut index,
            &IngestOptions::default(),
            &mut NoProgress,
        )
        .unwrap();
        let pending = index.chunks_missing_embeddings().unwrap();
        for batch in pending.chunks(2_000) {
            let vectors: Vec<NewEmbedding> = batch
                .iter()
                .map(|c| NewEmbedding {
                    text_hash: format!("h{}", c.chunk_id),
                    vector: vector(c.chunk_id as u64),
                })
                .collect();
            let links: Vec<(i64, String)> = batch
                .iter()
                .map(|c| (c.chunk_id, format!("h{}", c.chunk_id)))
                .collect();
            index
                .store_embeddings(
                    &VectorSpace {
                        model: "bench",
                        document_prefix: "",
                    },
                    DIMENSION,
                    &vectors,
                    &links,
                )
                .unwrap();
        }
        drop(index);
        let query = vector(u64::MAX);
        let mut times = Vec::new();
        let mut scored = 0;
        for _ in 0..runs {
            let start = Instant::now();
            let reader = Index::open_read_only(&config.database, Duration::from_secs(1))
                .unwrap()
                .unwrap();
            let hits = reader
                .search_vectors(&query, &LanguageGate::default(), usize::MAX, &[])
                .unwrap();
            times.push(start.elapsed().as_secs_f64() * 1e3);
            scored = hits.len();
        }
        assert!(scored > 0 && scored <= pending.len());
        println!(
            "| {n} | {} ({scored} eligible) | {:.1} ms | {runs} |",
            pending.len(),
            support::median(&mut times)
        );
    }
}
