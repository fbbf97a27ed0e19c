//! Tests for selection over a real index: name coverage, project scope and instructions, the
//! bar in small and large knowledge bases, and hybrid fusion.

use super::*;
use crate::core::config::{Config, parse_config};
use crate::core::query::{QueryInput, extract_query};
use crate::services::ingest::{IngestOptions, NoProgress, ingest_with_embeddings};
use crate::storage::embed::{FailingEmbedder, FakeEmbedder};

struct Kb {
    _dir: tempfile::TempDir,
    index: Index,
}

fn kb(files: &[(&str, &str)], embedder: Option<&FakeEmbedder>) -> Kb {
    let dir = tempfile::tempdir().unwrap();
    let config: Config = parse_config(
        &dir.path().join("lore.toml"),
        "knowledge_dir = \"p\"\n[search]\nhybrid = true\n",
    )
    .unwrap();
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

/// A Bash call that says what it does: words of the call with no file and no language.
fn described(cwd: &str, description: &str) -> Query {
    extract_query(&QueryInput {
        tool_name: Some("Bash".into()),
        command: Some("true".into()),
        description: Some(description.into()),
        cwd: Some(cwd.into()),
        ..QueryInput::default()
    })
}

fn run(kb: &Kb, query: &Query, embedder: Option<&dyn Embedder>, explain: bool) -> Selection {
    let facts = kb.index.knowledge_facts().unwrap();
    select(
        &kb.index,
        &facts,
        &SelectRequest {
            query,
            terms: &query.terms,
            tool_name: Some("Edit"),
            command: None,
            include_universal: true,
            max_patterns: 5,
            embedder,
            query_text: &query.terms.join(" "),
            min_relevance: 0.6,
            explain,
            site: &CallSite::default(),
            edit_texts: &[],
            loaded_before: None,
            deadline: Default::default(),
        },
    )
    .unwrap()
}

fn kept(selection: &Selection) -> Vec<&str> {
    selection.kept().map(|c| c.source.as_str()).collect()
}

fn candidate<'s>(selection: &'s Selection, source: &str) -> &'s Candidate {
    selection
        .candidates
        .iter()
        .find(|c| c.source == source)
        .unwrap_or_else(|| panic!("{source} is not a candidate: {selection:?}"))
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
    let selection = run(
        &kb,
        &edit("/w/app", "src/error.rs", "fn errors() {}"),
        None,
        true,
    );
    assert_eq!(kept(&selection)[0], "rust.md", "{selection:?}");
    let covered = |source: &str| candidate(&selection, source).evidence.words.name_coverage;
    assert_eq!(covered("rust.md"), Some(1.0));
    assert!((covered("rust-mcp-server.md").unwrap() - 1.0 / 3.0).abs() < 1e-9);
    assert!(
        candidate(&selection, "rust.md").score > candidate(&selection, "rust-mcp-server.md").score
    );
}

#[test]
fn another_projects_patterns_never_come_and_its_instructions_join_inside_it() {
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
    let selection = run(&kb, &outside, None, true);
    assert_eq!(kept(&selection), ["typescript.md"]);
    assert_eq!(
        candidate(&selection, "acme__web/STYLE.md").verdict,
        Verdict::Dropped(Shortfall::OtherProject)
    );

    let inside = edit(
        "/home/dev/web",
        "src/a.ts",
        "export default function lint() {}",
    );
    let selection = run(&kb, &inside, None, true);
    let picked = kept(&selection);
    assert_eq!(picked[0], "acme__web/AGENTS.md", "{selection:?}");
    assert_eq!(
        candidate(&selection, "acme__web/AGENTS.md").verdict,
        Verdict::Kept(Grounds::Project)
    );
    // Inside its project, the project's other files are judged on their words like any.
    assert_ne!(
        candidate(&selection, "acme__web/STYLE.md").verdict,
        Verdict::Dropped(Shortfall::OtherProject)
    );
    // The general file of the language the call is in comes by its name.
    assert_eq!(
        candidate(&selection, "typescript.md").verdict,
        Verdict::Kept(Grounds::Stack)
    );
}

#[test]
fn words_shared_by_many_patterns_are_no_evidence_in_a_large_knowledge_base() {
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
    let selection = run(
        &kb,
        &described("/w/app", "wrap errors with context"),
        None,
        false,
    );
    assert_eq!(kept(&selection), ["errors.md"]);
    // A word every note shares is no evidence. Ranking by full text alone does not even name
    // the notes it matched, since none could be injected.
    let weekly = crate::core::query::term_stem("weekly");
    assert_eq!(kb.index.term_postings(&[weekly]).unwrap()[0].len(), 60);
    let weak = run(&kb, &described("/w/app", "weekly"), None, false);
    assert!(weak.candidates.is_empty(), "{:?}", weak.candidates);
}

#[test]
fn common_words_are_no_evidence_in_a_small_knowledge_base_either() {
    let kb = kb(
        &[
            (
                "components.md",
                "# React components\nKeep the user list component small; one component per file.\n",
            ),
            (
                "commits.md",
                "# Commit messages\nWrite commit subjects in the imperative; say why.\n",
            ),
            (
                "errors.md",
                "# Errors\nRust errors are typed: wrap them with thiserror.\n",
            ),
        ],
        None,
    );
    // "user" and "list" are in nearly every convention file: matching them is chance.
    let weak = run(&kb, &described("/w/app", "fix user list"), None, true);
    assert!(kept(&weak).is_empty(), "{:?}", weak.candidates);
    // A distinctive word is evidence even in three files.
    let strong = run(
        &kb,
        &edit("/w/app", "src/lib.rs", "#[derive(thiserror::Error)]"),
        None,
        false,
    );
    assert_eq!(kept(&strong), ["errors.md"]);
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
    // "crash" shares no word with failures.md: vectors find it and rank it first, but
    // similarity alone never injects a pattern no word of the call backs.
    let query = described("/w/app", "crash");
    let hybrid = run(&kb, &query, Some(&fake), true);
    assert_eq!(hybrid.mode, RetrievalMode::Hybrid);
    assert!(kept(&hybrid).is_empty(), "{:?}", kept(&hybrid));
    let top = candidate(&hybrid, "failures.md");
    assert_eq!(top.score, 0.0);
    let vector = top.evidence.vector.unwrap();
    assert_eq!(vector.rank, 1);
    assert!(vector.fused >= 0.6);

    // A query not embedded before (so not cached) with an embedder that fails.
    let failing = FailingEmbedder::new("m");
    let fallback = run(&kb, &described("/w/app", "crashes"), Some(&failing), false);
    assert_eq!(fallback.mode, RetrievalMode::FtsOnly);
    assert!(
        fallback
            .notes
            .iter()
            .any(|n| n.starts_with("full-text only"))
    );
    assert!(kept(&fallback).is_empty());
}

#[test]
fn globs_match_with_the_most_specific_one_reported() {
    use crate::core::select::globs::classify_glob;
    let glob = |id: i64, glob: &str| (id, glob.to_string(), classify_glob(glob) == GlobKind::Broad);
    let all = [
        glob(2, "**/*.rs"),
        glob(2, "src/storage/**"),
        glob(3, "**/*.ts"),
        glob(4, "[bad"),
        glob(5, "src/*/index/r?ad.rs"),
    ];
    assert_eq!(
        matching_globs(&all, "src/storage/index/read.rs"),
        [
            (2, "src/storage/**".to_string(), GlobKind::Specific),
            (5, "src/*/index/r?ad.rs".to_string(), GlobKind::Specific)
        ]
    );
    assert_eq!(
        matching_globs(&all, "web/a.ts"),
        [(3, "**/*.ts".to_string(), GlobKind::Broad)]
    );
    assert!(matching_globs(&all, "README").is_empty());
}

#[test]
fn paths_scope_a_pattern_to_their_files_and_a_build_file_beside_a_language_is_no_scope() {
    let kb = kb(
        &[
            (
                "testing.md",
                "---\npaths: [\"tests/**\"]\n---\n# Testing\nIn Rust tests every fixture is built with a builder; assert one behaviour per test.\n",
            ),
            (
                "cobol.md",
                "---\npaths: [\"**/*.cbl\", \"Makefile\"]\n---\n# COBOL\nDeclare every working-storage item with a level number.\n",
            ),
            (
                "make.md",
                "---\npaths: [\"Makefile\", \"**/*.mk\"]\n---\n# Makefiles\nDeclare phony targets.\n",
            ),
        ],
        None,
    );
    // The team scoped the testing rules to tests/: its words alone do not bring it elsewhere.
    let inside = run(
        &kb,
        &edit("/w/app", "tests/builder.rs", "fixture builder"),
        None,
        true,
    );
    assert_eq!(kept(&inside), ["testing.md"]);
    let outside = run(
        &kb,
        &edit("/w/app", "src/builder.rs", "fixture builder"),
        None,
        true,
    );
    assert!(kept(&outside).is_empty(), "{:?}", outside.candidates);
    assert_eq!(
        candidate(&outside, "testing.md").verdict,
        Verdict::Dropped(Shortfall::OutsidePaths)
    );
    // The Makefile rules come for a Makefile; the COBOL rules, which list the Makefile
    // beside COBOL's files, do not come for it alone.
    let makefile = run(&kb, &edit("/w/app", "Makefile", "build: all"), None, true);
    assert_eq!(kept(&makefile), ["make.md"]);
    assert_eq!(
        candidate(&makefile, "cobol.md").evidence.glob,
        Some(GlobMatch {
            glob: "Makefile".into(),
            kind: GlobKind::Broad
        })
    );
}

mod borrowed_languages;
mod files;
mod own_globs;
mod rule_repo;
mod rule_scoping;
mod same_text;
mod test_guides;

#[test]
fn a_selection_past_its_deadline_stops_instead_of_answering() {
    let kb = kb(
        &[(
            "errors.md",
            "---\npaths: [\"src/errors.rs\"]\n---\n# Errors\n\nWrap errors with context.\n",
        )],
        None,
    );
    let query = edit("/w/app", "src/errors.rs", "fn wrap_errors() {}");
    let facts = kb.index.knowledge_facts().unwrap();
    let request = SelectRequest {
        query: &query,
        terms: &query.terms,
        tool_name: Some("Edit"),
        command: None,
        include_universal: true,
        max_patterns: 5,
        embedder: None,
        query_text: "errors",
        min_relevance: 0.6,
        explain: false,
        site: &CallSite::default(),
        edit_texts: &[],
        loaded_before: None,
        deadline: Deadline::after(std::time::Instant::now(), std::time::Duration::ZERO),
    };
    match select(&kb.index, &facts, &request) {
        Err(IndexError::Deadline { step }) => assert_eq!(step, "after gathering the candidates"),
        other => panic!("expected the deadline to stop selection, got {other:?}"),
    }
    let unbounded = SelectRequest {
        deadline: Deadline::none(),
        ..request
    };
    assert_eq!(
        kept(&select(&kb.index, &facts, &unbounded).unwrap()),
        ["errors.md"]
    );
}

#[test]
fn reading_only_candidates_that_can_be_kept_keeps_the_same_patterns() {
    // Far more word candidates than a gate batch, most of them far below the best: the hook
    // skips reading those, and must keep exactly what a full read (explaining) keeps.
    let mut files: Vec<(String, String)> = Vec::new();
    for i in 0..150 {
        let strong = i % 30 == 0;
        let body = if strong {
            "Wrap every error with context. Return wrapped errors; never panic on a \
             returned error. Errors name the operation."
        } else {
            "Keep functions short. An error here and there is logged once."
        };
        files.push((
            format!("team/p{i:03}.md"),
            if strong {
                format!("# Wrap returned errors with context {i}\n\n## Errors\n\n{body}\n")
            } else {
                format!("# Rule {i}\n\n## Errors\n\n{body}\n")
            },
        ));
    }
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let kb = kb(&refs, None);
    let query = described("/repo", "wrap the returned error with context");
    let hook = run(&kb, &query, None, false);
    let full = run(&kb, &query, None, true);
    assert!(!kept(&hook).is_empty(), "{:?}", hook.candidates);
    assert_eq!(kept(&hook), kept(&full));
    // The weak ones were never read by the hook, while explaining shows them.
    assert!(hook.candidates.len() < full.candidates.len());
}

#[test]
fn a_hook_leaving_out_unkeepable_glob_and_technology_candidates_keeps_the_same_patterns() {
    // Many files a broad glob matches and a technology's files, most sharing no or few words
    // with the edit: the hook reads them only as word candidates, except a file named for
    // the stack, which a name can keep without a word.
    let mut files: Vec<(String, String)> = vec![(
        "react.md".into(),
        "---\ntechnologies: [react]\n---\n# React\n\n## Components\n\nKeep components pure.\n"
            .into(),
    )];
    for i in 0..120 {
        let body = match i % 40 {
            0 => {
                "Keep useState calls at the top; name a count state setCount, as `const [count, setCount] = useState(0)`."
            }
            _ if i % 2 == 0 => "Lay out markup with semantic elements.",
            _ => "Prefer small files.",
        };
        let front = if i % 3 == 0 {
            "---\ntechnologies: [react]\n---\n"
        } else {
            "---\npaths: [\"**/*.tsx\"]\n---\n"
        };
        files.push((
            format!("team/p{i:03}.md"),
            format!("{front}# Rule {i}\n\n## Rules\n\n{body}\n"),
        ));
    }
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let kb = kb(&refs, None);
    let query = edit(
        "/repo",
        "web/Card.tsx",
        "import { useState } from 'react';\nconst [count, setCount] = useState(0);",
    );
    let hook = run(&kb, &query, None, false);
    let full = run(&kb, &query, None, true);
    assert!(kept(&hook).contains(&"react.md"), "{:?}", kept(&hook));
    assert!(
        kept(&hook).len() > 1,
        "{:?}",
        full.candidates
            .iter()
            .take(8)
            .map(|c| (&c.source, c.score, &c.verdict))
            .collect::<Vec<_>>()
    );
    assert_eq!(kept(&hook), kept(&full));
    assert!(hook.candidates.len() < full.candidates.len());
}

#[test]
fn what_breadth_alone_let_in_comes_after_every_stronger_ground() {
    let kept = |grounds: Grounds| {
        let mut candidate = Candidate::new(1, "a.md".into(), "A".into());
        candidate.verdict = Verdict::Kept(grounds);
        candidate
    };
    let breadth = order_key(&kept(Grounds::Breadth { words: 4 }));
    for stronger in [
        Grounds::Glob {
            glob: "src/**".into(),
        },
        Grounds::Stack,
        Grounds::Topic,
        Grounds::Words { score: 1.0 },
    ] {
        assert!(order_key(&kept(stronger)) < breadth);
    }
    let mut dropped = kept(Grounds::Stack);
    dropped.verdict = Verdict::Dropped(Shortfall::NoCallEvidence);
    assert!(breadth < order_key(&dropped));
}

#[test]
fn a_javascript_style_rule_needs_more_than_words_for_a_typescript_edit() {
    let arrays = "---\nlanguage: javascript\n---\n# Arrays\n\nUse `Array.from` over spread for \
                  iterables; prefer `flatMap` to `map` then `flat`; use array destructuring.\n";
    let express = "---\nlanguage: javascript\ntechnologies: [express]\n---\n# Express routes\n\n\
                   Register routers with `app.use`; validate request bodies; use flatMap sparingly.\n";
    let kb = kb(
        &[
            ("javascript/arrays.md", arrays),
            ("javascript/express-routes.md", express),
            ("commits.md", "# Commits\nExplain why in the message.\n"),
        ],
        None,
    );
    let code = "const ids = Array.from(rows).flatMap((r) => r.ids); app.use(express.json());";
    for explain in [true, false] {
        let script = run(&kb, &edit("/w/app", "src/ids.js", code), None, explain);
        assert!(
            kept(&script).contains(&"javascript/arrays.md"),
            "{script:?}"
        );
        let typed = run(&kb, &edit("/w/app", "src/ids.ts", code), None, explain);
        assert!(!kept(&typed).contains(&"javascript/arrays.md"), "{typed:?}");
        // Express is the call's own technology: its rules still apply to TypeScript.
        assert!(
            kept(&typed).contains(&"javascript/express-routes.md"),
            "{typed:?}"
        );
        if explain {
            assert_eq!(
                candidate(&typed, "javascript/arrays.md").verdict,
                Verdict::Dropped(Shortfall::RelatedLanguageOnly)
            );
        }
    }
}
