//! Ingest benchmark: full (forced) and no-change delta ingest of 100, 1,000 and 5,000 pattern
//! files built from the real corpus, in-process, FTS only. Prints medians.
//! Run: `cargo bench --bench ingest`. Targets (2 cores): delta of 1,000 files < 100 ms;
//! full ingest of 5,000 files < 5 s.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::time::Instant;

use lore::services::ingest::{IngestOptions, NoProgress, ingest};
use lore::services::workspace::load_config;
use lore::storage::index::Index;

fn main() {
    println!("| patterns | full ingest (median) | no-change delta (median) | runs |");
    println!("| ---: | ---: | ---: | ---: |");
    let sizes: &[(usize, usize)] = if support::full_run() {
        &[(100, 9), (1_000, 7), (5_000, 3)]
    } else {
        &[(20, 1)]
    };
    for &(n, runs) in sizes {
        let dir = tempfile::tempdir().unwrap();
        let config = load_config(&support::knowledge_base(dir.path(), n)).unwrap();
        let mut index = Index::open(&config.database).unwrap();
        let mut full = Vec::new();
        let mut delta = Vec::new();
        for _ in 0..runs {
            let start = Instant::now();
            let report = ingest(
                &config,
                &mut index,
                &IngestOptions {
                    force: true,
                    ..IngestOptions::default()
                },
                &mut NoProgress,
            )
            .unwrap();
            full.push(start.elapsed().as_secs_f64() * 1e3);
            assert_eq!(report.added.len() + report.errors.len(), n);
            let start = Instant::now();
            let report = ingest(
                &config,
                &mut index,
                &IngestOptions::default(),
                &mut NoProgress,
            )
            .unwrap();
            delta.push(start.elapsed().as_secs_f64() * 1e3);
            assert_eq!(report.unchanged, n - report.errors.len());
        }
        println!(
            "| {n} | {:.0} ms | {:.1} ms | {runs} |",
            support::median(&mut full),
            support::median(&mut delta)
        );
    }
}
