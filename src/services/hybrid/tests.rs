//! Tests for hybrid search with the fake embedder: semantic recall, the threshold, fallback
//! to full text, the query cache and determinism.

use super::*;
use crate::core::config::{Config, parse_config};
use crate::services::ingest::{IngestOptions, NoProgress, ingest_with_embeddings};
use crate::services::search::query_for_text;
use crate::storage::embed::{FailingEmbedder, FakeEmbedder};

const FAILURES: &str =
    "# Handling failures\nWhen a step fails, recover and retry; report the failure with context.\n";
const COMMITS: &str =
    "# Commit messages\nSmall commits whose message explains why the error was fixed.\n";
const SQL: &str = "# SQL hygiene\nBind parameters; never format values into statements.\n";

fn embedder(model: &str) -> FakeEmbedder {
    FakeEmbedder::new(model, 256)
        .with_synonyms(&[&["failure", "error", "errors", "failures", "fails"]])
}

struct Kb {
    _dir: tempfile::TempDir,
    config: Config,
}

fn kb(with: &FakeEmbedder) -> (Kb, Index) {
    let dir = tempfile::tempdir().unwrap();
    let config = parse_config(
        &dir.path().join("lore.toml"),
        "knowledge_dir = \"p\"\n[search]\nhybrid = true\n",
    )
    .unwrap();
    std::fs::create_dir_all(&config.knowledge_dir).unwrap();
    for (name, text) in [
        ("failures.md", FAILURES),
        ("commits.md", COMMITS),
        ("sql.md", SQL),
    ] {
        std::fs::write(config.knowledge_dir.join(name), text).unwrap();
    }
    let mut index = Index::open(&config.database).unwrap();
    let report = ingest_with_embeddings(
        &config,
        &mut index,
        &IngestOptions::default(),
        Some(with),
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!(report.embeddings.unwrap().missing, 0);
    (Kb { _dir: dir, config }, index)
}

#[test]
fn a_query_without_shared_words_finds_its_pattern_only_through_vectors() {
    let fake = embedder("m");
    let (kb, index) = kb(&fake);
    let query = query_for_text("an error");
    let fts = search(&index, &query, 10).unwrap();
    assert!(
        fts.results.iter().all(|r| r.source != "failures.md"),
        "{fts:?}"
    );

    let min = kb.config.search.min_relevance;
    let hybrid = hybrid_search(&index, Some(&fake), &query, "an error", 10, min).unwrap();
    assert_eq!(hybrid.mode, RetrievalMode::Hybrid, "{:?}", hybrid.notes);
    let top = &hybrid.results[0];
    assert_eq!(top.chunk.source, "failures.md", "{hybrid:#?}");
    // Found by the vector list alone, first, and still above the default threshold.
    assert_eq!((top.chunk.fts_rank, top.vector_rank), (None, Some(1)));
    assert!(
        top.chunk.score >= 0.75 && top.chunk.score >= min,
        "{}",
        top.chunk.score
    );
    assert!(top.similarity.unwrap() > 0.0 && top.rrf.is_some());
    // Scores are best first and every kept one passes the threshold.
    assert!(
        hybrid
            .results
            .windows(2)
            .all(|w| w[0].chunk.score >= w[1].chunk.score)
    );
    assert!(hybrid.results.iter().all(|r| r.chunk.score >= min));
    assert_eq!(hybrid.to_search_outcome().results[0].source, "failures.md");
}

#[test]
fn the_lexical_hit_keeps_its_bm25_and_ranks_in_both_lists() {
    let fake = embedder("m");
    let (_kb, index) = kb(&fake);
    let query = query_for_text("commit message");
    let out = hybrid_search(&index, Some(&fake), &query, "commit message", 10, 0.6).unwrap();
    let commits = out
        .results
        .iter()
        .find(|r| r.chunk.source == "commits.md")
        .unwrap();
    assert_eq!(commits.chunk.fts_rank, Some(1));
    assert!(commits.chunk.bm25.unwrap() < 0.0);
    assert_eq!(commits.vector_rank, Some(1));
    assert!(
        (commits.chunk.score - 1.0).abs() < 1e-9,
        "{}",
        commits.chunk.score
    );
    assert!(
        out.below_threshold > 0,
        "distant chunks are dropped: {out:#?}"
    );
}

#[test]
fn without_a_usable_embedder_the_outcome_is_plain_full_text() {
    let fake = embedder("m");
    let (_kb, index) = kb(&fake);
    let query = query_for_text("commit message");
    let fts = search(&index, &query, 10).unwrap();
    let failing = FailingEmbedder::new("m");
    let other_model = embedder("other");
    // The same model, now told it reads documents: the stored vectors are of bare texts.
    let other_prefix =
        embedder("m").with_prompts(crate::core::embedding_prompt::EmbeddingPrompts {
            query: "search_query: ".to_string(),
            document: "search_document: ".to_string(),
        });
    let cases: [(&str, Option<&dyn Embedder>, &str); 4] = [
        ("none", None, "hybrid search is off"),
        ("failing", Some(&failing), "does not answer"),
        ("other model", Some(&other_model), "lore ingest --force"),
        ("other prefix", Some(&other_prefix), "lore ingest --force"),
    ];
    for (label, e, note) in cases {
        let out = hybrid_search(&index, e, &query, "commit message", 10, 0.99).unwrap();
        assert_eq!(out.mode, RetrievalMode::FtsOnly, "{label}");
        assert_eq!(out.to_search_outcome(), fts, "{label}");
        assert!(out.notes[0].contains(note), "{label}: {:?}", out.notes);
    }
    assert_eq!(
        other_model.calls() + other_prefix.calls(),
        0,
        "a model or prefix mismatch is caught before any round-trip"
    );
}

#[test]
fn a_repeated_query_uses_the_cached_vector_even_on_a_read_only_index() {
    let fake = embedder("m");
    let (kb, index) = kb(&fake);
    drop(index);
    let ro = Index::open_read_only(&kb.config.database, std::time::Duration::from_secs(1))
        .unwrap()
        .unwrap();
    let query = query_for_text("an error");
    let calls = fake.calls();
    let first = hybrid_search(&ro, Some(&fake), &query, "an error", 5, 0.6).unwrap();
    assert!(
        !first.cached_query_vector && first.notes.is_empty(),
        "{:?}",
        first.notes
    );
    assert_eq!(fake.calls(), calls + 1);
    let second = hybrid_search(&ro, Some(&fake), &query, "an error", 5, 0.6).unwrap();
    assert!(second.cached_query_vector);
    assert_eq!(fake.calls(), calls + 1, "no round-trip for a cached query");
    assert_eq!(first.results, second.results, "same inputs, same results");
}

#[test]
fn missing_embeddings_fall_back_to_full_text_until_filled() {
    let fake = embedder("m");
    let (kb, mut index) = kb(&fake);
    std::fs::write(
        kb.config.knowledge_dir.join("new.md"),
        "# New\nfresh text\n",
    )
    .unwrap();
    let failing = FailingEmbedder::new("m");
    ingest_with_embeddings(
        &kb.config,
        &mut index,
        &IngestOptions::default(),
        Some(&failing),
        &mut NoProgress,
    )
    .unwrap();
    let query = query_for_text("an error");
    let out = hybrid_search(&index, Some(&fake), &query, "an error", 5, 0.6).unwrap();
    // The vectors that exist keep working; the gap is reported.
    assert_eq!(out.mode, RetrievalMode::Hybrid);
    assert!(out.notes[0].contains("cover 3 of 4"), "{:?}", out.notes);
}

#[test]
fn query_text_of_joins_terms() {
    assert_eq!(
        query_text_of(&query_for_text("handle an error")),
        "handle error"
    );
}

#[test]
fn queries_are_sent_with_the_query_prefix_and_cached_with_it() {
    let prompts = crate::core::embedding_prompt::EmbeddingPrompts {
        query: "search_query: ".to_string(),
        document: "search_document: ".to_string(),
    };
    let fake = embedder("m").with_prompts(prompts);
    let (_kb, index) = kb(&fake);
    let query = query_for_text("an error");
    let out = hybrid_search(&index, Some(&fake), &query, "an error", 5, 0.6).unwrap();
    assert_eq!(out.mode, RetrievalMode::Hybrid, "{:?}", out.notes);
    assert_eq!(
        fake.texts_seen().last().map(String::as_str),
        Some("search_query: an error")
    );
    // The same words with another query prefix are another query: no cached vector.
    let bare = embedder("m").with_prompts(crate::core::embedding_prompt::EmbeddingPrompts {
        query: String::new(),
        document: "search_document: ".to_string(),
    });
    let again = hybrid_search(&index, Some(&bare), &query, "an error", 5, 0.6).unwrap();
    assert!(!again.cached_query_vector);
    assert_eq!(bare.texts_seen(), ["an error"]);
}
