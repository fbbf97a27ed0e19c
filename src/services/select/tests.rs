//! Tests for whole-pattern ranking and the selection built on it: name coverage, project
//! scope and instructions, the noise floor of a large knowledge base, and hybrid fusion.

use super::*;
use crate::core::config::{Config, parse_config};
use crate::core::query::{QueryInput, extract_query};
use crate::services::ingest::{IngestOptions, NoProgress, ingest_with_embeddings};
use crate::services::selection::{Reason, SelectionRequest, select_patterns};
use crate::storage::embed::{FailingEmbedder, FakeEmbedder};

struct Kb {
    _dir: tempfile::TempDir,
    index: Index,
}

fn kb(files: &[(&str, &str)], embedder: Option<&FakeEmbedder>) -> Kb {
    let dir = tempfile::tempdir().unwrap();
    let config: Config =
        parse_config(&dir.path().join("lore.toml"), "knowledge_dir = \"p\"\n").unwrap();
    for (name, text) in files {
        let path = config.knowledge_dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let mut index = Index::open(&config.database).unwrap();
    let embedder = embedder.map(|e| e as &dyn Embedder);
    ingest_with_embeddings(
        &config,
        &mut index,
        &IngestOptions::default(),
        embedder,
        &mut NoProgress,
    )
    .unwrap();
    Kb { _dir: dir, index }
}

fn edit(cwd: &str, file: &str, content: &str) -> Query {
    extract_query(&QueryInput {
        tool_name: Some("Edit".into()),
        file_path: Some(format!("{cwd}/{file}")),
        cwd: Some(cwd.into()),
        content: Some(content.into()),
        ..QueryInput::default()
    })
}

fn rank(kb: &Kb, query: &Query, embedder: Option<&dyn Embedder>) -> PatternRanking {
    let facts = kb.index.knowledge_facts().unwrap();
    rank_patterns(
        &kb.index,
        &facts,
        &RankingRequest {
            query,
            terms: &query.terms,
            embedder,
            query_text: &query.terms.join(" "),
            min_relevance: 0.6,
            broad_globs: &[],
        },
    )
    .unwrap()
}

fn eligible(ranking: &PatternRanking) -> Vec<&str> {
    ranking.eligible().map(|p| p.source.as_str()).collect()
}

const RUST_BODY: &str = "Return Result for errors; map errors with context; never unwrap.\n";

#[test]
fn a_file_name_the_query_covers_outranks_one_it_covers_a_third_of() {
    let kb = kb(
        &[
            ("rust-mcp-server.md", &format!("# Servers\n{RUST_BODY}")),
            ("rust.md", &format!("# Rust\n{RUST_BODY}")),
            ("commits.md", "# Commits\nExplain why in the message.\n"),
            ("reviews.md", "# Reviews\nReview small changes quickly.\n"),
        ],
        None,
    );
    let ranking = rank(&kb, &edit("/w/app", "src/error.rs", "fn errors() {}"), None);
    assert_eq!(eligible(&ranking), ["rust.md", "rust-mcp-server.md"]);
    let covered = |source: &str| {
        ranking
            .patterns
            .iter()
            .find(|p| p.source == source)
            .unwrap()
            .evidence
            .name_coverage
    };
    assert_eq!(covered("rust.md"), Some(1.0));
    assert!((covered("rust-mcp-server.md").unwrap() - 1.0 / 3.0).abs() < 1e-9);
}

#[test]
fn another_projects_patterns_never_rank_and_its_instructions_join_inside_it() {
    let kb = kb(
        &[
            (
                "acme__web/AGENTS.md",
                "# Web\nRun pnpm lint before committing TypeScript.\n",
            ),
            (
                "acme__web/STYLE.md",
                "# Style\nTypeScript components use named exports.\n",
            ),
            (
                "typescript.md",
                "# TypeScript\nPrefer named exports in TypeScript modules.\n",
            ),
        ],
        None,
    );
    let outside = edit(
        "/home/dev/api",
        "src/a.ts",
        "export default function lint() {}",
    );
    assert_eq!(eligible(&rank(&kb, &outside, None)), ["typescript.md"]);

    let inside = edit(
        "/home/dev/web",
        "src/a.ts",
        "export default function lint() {}",
    );
    let facts = kb.index.knowledge_facts().unwrap();
    let selection = select_patterns(
        &kb.index,
        &facts,
        &SelectionRequest {
            query: &inside,
            terms: &inside.terms,
            tool_name: Some("Edit"),
            command: None,
            include_universal: true,
            max_patterns: 5,
            embedder: None,
            query_text: "",
            min_relevance: 0.6,
        },
    )
    .unwrap();
    let picked: Vec<(&str, &Reason)> = selection
        .candidates
        .iter()
        .map(|c| (c.source.as_str(), &c.reason))
        .collect();
    assert_eq!(picked[0], ("acme__web/AGENTS.md", &Reason::Project));
    let rest: Vec<&str> = picked[1..].iter().map(|(s, _)| *s).collect();
    assert!(rest.contains(&"acme__web/STYLE.md"), "{picked:?}");
    assert!(rest.contains(&"typescript.md"), "{picked:?}");
}

#[test]
fn a_large_knowledge_base_needs_evidence_above_the_noise_floor() {
    let mut files: Vec<(String, String)> = (0..60)
        .map(|i| {
            (
                format!("team/note-{i}.md"),
                format!("# Note {i}\nMeeting notes about topic {i} and the weekly plan.\n"),
            )
        })
        .collect();
    files.push((
        "errors.md".into(),
        "# Errors\nWrap errors with context; errors carry their source error.\n".into(),
    ));
    files.push((
        "plan.md".into(),
        "# Planning\nKeep one plan per week.\n".into(),
    ));
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let kb = kb(&refs, None);
    let ranking = rank(
        &kb,
        &edit("/w/app", "notes.txt", "wrap errors with context"),
        None,
    );
    assert!(ranking.floor > 0.0);
    assert_eq!(eligible(&ranking), ["errors.md"]);
    // A word every note shares is no evidence: nothing passes the floor. Ranking by full text
    // alone does not even name the notes it matched, since none could be injected.
    let weekly = crate::core::query::term_stem("weekly");
    assert_eq!(kb.index.term_postings(&[weekly]).unwrap()[0].len(), 60);
    let weak = rank(&kb, &edit("/w/app", "notes.txt", "weekly"), None);
    assert!(eligible(&weak).is_empty(), "{:?}", weak.patterns);
    assert!(weak.patterns.is_empty(), "{:?}", weak.patterns);
}

#[test]
fn vectors_fuse_with_words_and_a_failing_embedder_leaves_full_text() {
    let fake = FakeEmbedder::new("m", 256)
        .with_synonyms(&[&["failure", "failures", "error", "errors", "crash"]]);
    let kb = kb(
        &[
            (
                "failures.md",
                "# Handling failures\nRecover from a failure and report it.\n",
            ),
            (
                "commits.md",
                "# Commit messages\nExplain why in the message.\n",
            ),
        ],
        Some(&fake),
    );
    // "crash" shares no word with failures.md; vectors find it in this small index.
    let query = edit("/w/app", "notes.txt", "crash");
    let hybrid = rank(&kb, &query, Some(&fake));
    assert_eq!(hybrid.mode, RetrievalMode::Hybrid);
    assert_eq!(eligible(&hybrid), ["failures.md"]);
    let top = &hybrid.patterns[0];
    assert_eq!(top.text_score, 0.0);
    assert_eq!(top.vector_rank, Some(1));
    assert!(top.fused.unwrap() >= 0.6);

    // A query not embedded before (so not cached) with an embedder that fails.
    let failing = FailingEmbedder::new("m");
    let fallback = rank(&kb, &edit("/w/app", "notes.txt", "crashes"), Some(&failing));
    assert_eq!(fallback.mode, RetrievalMode::FtsOnly);
    assert!(
        fallback
            .notes
            .iter()
            .any(|n| n.starts_with("full-text only"))
    );
    assert!(eligible(&fallback).is_empty());
}
