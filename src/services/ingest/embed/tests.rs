//! Tests for the embedding step: only new text is embedded, model and dimension changes are
//! refused with the remedy, an absent embedder leaves one warning and a later run fills in.

use super::*;
use crate::core::config::parse_config;
use crate::services::ingest::NoProgress;
use crate::storage::embed::{FailingEmbedder, FakeEmbedder};

struct Kb {
    _dir: tempfile::TempDir,
    config: Config,
    index: Index,
}

impl Kb {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let config = parse_config(
            &dir.path().join("lore.toml"),
            "knowledge_dir = \"patterns\"\n[search]\nhybrid = true\n",
        )
        .unwrap();
        std::fs::create_dir_all(&config.knowledge_dir).unwrap();
        let index = Index::open(&config.database).unwrap();
        Self {
            _dir: dir,
            config,
            index,
        }
    }

    fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.config.knowledge_dir.join(rel), text).unwrap();
    }

    fn ingest(
        &mut self,
        embedder: &dyn Embedder,
        force: bool,
    ) -> Result<IngestReport, IngestError> {
        let options = IngestOptions {
            force,
            ..IngestOptions::default()
        };
        ingest_with_embeddings(
            &self.config,
            &mut self.index,
            &options,
            Some(embedder),
            &mut NoProgress,
        )
    }
}

const TWO_SECTIONS: &str =
    "---\ntags: [errors]\n---\n# Errors\n## Wrap\nWrap with context.\n## Report\nReport once.\n";

#[test]
fn only_new_text_is_embedded() {
    let mut kb = Kb::new();
    let fake = FakeEmbedder::new("fake", 16);
    kb.write("a.md", TWO_SECTIONS);
    kb.write("b.md", "# B\nbeta\n");
    let first = kb.ingest(&fake, false).unwrap().embeddings.unwrap();
    let chunks = kb.index.stats().unwrap().chunks as usize;
    assert_eq!(
        (first.embedded, first.missing, first.dimension),
        (chunks, 0, Some(16))
    );
    assert_eq!(first.warning, None);

    // Nothing changed: nothing is embedded.
    let again = kb.ingest(&fake, false).unwrap().embeddings.unwrap();
    assert_eq!((again.embedded, again.reused), (0, 0));
    assert_eq!(fake.texts_embedded(), chunks);

    // One section of a.md changes: its chunk rows are replaced, but only the changed text
    // goes to the embedder; the other sections reuse their vectors, the old one is pruned.
    kb.write(
        "a.md",
        &TWO_SECTIONS.replace("Report once.", "Report exactly once."),
    );
    let edit = kb.ingest(&fake, false).unwrap().embeddings.unwrap();
    assert_eq!((edit.embedded, edit.pruned, edit.missing), (1, 1, 0));
    assert_eq!(edit.reused, 2, "{edit:?}");
    assert_eq!(fake.texts_embedded(), chunks + 1);
}

#[test]
fn embedding_text_has_title_tags_description_and_body() {
    let chunk = PendingChunk {
        chunk_id: 1,
        source: "a.md".into(),
        ordinal: 0,
        title: "Errors".into(),
        tags: vec!["error".into(), "rust".into()],
        description: Some("How to fail".into()),
        body: "## Wrap\nWrap it.".into(),
    };
    assert_eq!(
        embedding_text(&chunk),
        "Errors\nerror, rust\nHow to fail\n## Wrap\nWrap it."
    );
}

#[test]
fn another_model_is_refused_until_a_forced_rebuild() {
    let mut kb = Kb::new();
    kb.write("a.md", TWO_SECTIONS);
    kb.ingest(&FakeEmbedder::new("model-a", 8), false).unwrap();
    let other = FakeEmbedder::new("model-b", 8);
    let err = kb.ingest(&other, false).unwrap_err().to_string();
    assert!(err.contains("model-a") && err.contains("model-b"), "{err}");
    assert!(err.contains("lore ingest --force"), "{err}");
    assert_eq!(other.texts_embedded(), 0);

    let rebuilt = kb.ingest(&other, true).unwrap().embeddings.unwrap();
    assert_eq!((rebuilt.model.as_str(), rebuilt.missing), ("model-b", 0));
    let meta = kb.index.embedding_meta().unwrap();
    assert_eq!(meta.model.as_deref(), Some("model-b"));
}

fn nomic_prompts() -> crate::core::embedding_prompt::EmbeddingPrompts {
    crate::core::embedding_prompt::EmbeddingPrompts::for_model("nomic-embed-text", None, None)
}

#[test]
fn sections_are_sent_with_the_document_prefix_the_model_expects() {
    let mut kb = Kb::new();
    kb.write("a.md", TWO_SECTIONS);
    let nomic = FakeEmbedder::new("nomic-embed-text", 8).with_prompts(nomic_prompts());
    kb.ingest(&nomic, false).unwrap();
    let sent = nomic.texts_seen();
    assert!(!sent.is_empty());
    assert!(
        sent.iter()
            .all(|t| t.starts_with("search_document: Errors\n")),
        "{sent:?}"
    );
    let meta = kb.index.embedding_meta().unwrap();
    assert_eq!(meta.document_prefix.as_deref(), Some("search_document: "));
}

#[test]
fn vectors_made_with_another_prefix_are_refused_until_a_forced_rebuild() {
    // An index embedded before lore sent nomic-embed-text its prefixes holds vectors of bare
    // texts; mixing them with prefixed ones would rank by two different meanings.
    let mut kb = Kb::new();
    kb.write("a.md", TWO_SECTIONS);
    kb.ingest(&FakeEmbedder::new("nomic-embed-text", 8), false)
        .unwrap();
    kb.write("b.md", "# B\nbeta\n");
    let nomic = FakeEmbedder::new("nomic-embed-text", 8).with_prompts(nomic_prompts());
    let err = kb.ingest(&nomic, false).unwrap_err().to_string();
    assert!(err.contains("search_document: "), "{err}");
    assert!(err.contains("lore ingest --force"), "{err}");
    assert_eq!(nomic.texts_embedded(), 0);

    let rebuilt = kb.ingest(&nomic, true).unwrap().embeddings.unwrap();
    assert_eq!(rebuilt.missing, 0);
    let meta = kb.index.embedding_meta().unwrap();
    assert_eq!(meta.document_prefix.as_deref(), Some("search_document: "));
}

#[test]
fn another_dimension_is_refused() {
    let mut kb = Kb::new();
    kb.write("a.md", TWO_SECTIONS);
    kb.ingest(&FakeEmbedder::new("m", 8), false).unwrap();
    kb.write("b.md", "# B\nbeta\n");
    let err = kb
        .ingest(&FakeEmbedder::new("m", 12), false)
        .unwrap_err()
        .to_string();
    assert!(err.contains("8-dimension") && err.contains("12"), "{err}");
    assert!(err.contains("lore ingest --force"), "{err}");
}

#[test]
fn an_absent_embedder_leaves_one_warning_and_a_later_run_fills_in() {
    let mut kb = Kb::new();
    kb.write("a.md", TWO_SECTIONS);
    kb.write("b.md", "# B\nbeta\n");
    let failing = FailingEmbedder::new("m");
    let report = kb.ingest(&failing, false).unwrap();
    assert_eq!(report.added, ["a.md", "b.md"], "full-text ingest completed");
    let embeddings = report.embeddings.unwrap();
    assert_eq!(failing.calls(), 1, "stops at the first failure");
    assert!(
        embeddings
            .warning
            .unwrap()
            .contains("found by full text alone until the next `lore ingest`")
    );
    assert_eq!(
        embeddings.missing,
        kb.index.stats().unwrap().chunks as usize
    );

    let fake = FakeEmbedder::new("m", 8);
    let filled = kb.ingest(&fake, false).unwrap().embeddings.unwrap();
    assert_eq!((filled.missing, filled.warning), (0, None));
    assert_eq!(filled.embedded, fake.texts_embedded());
}

#[test]
fn hybrid_off_or_no_embedder_skips_the_step() {
    let mut kb = Kb::new();
    kb.write("a.md", TWO_SECTIONS);
    kb.config.search.hybrid = false;
    let fake = FakeEmbedder::new("m", 8);
    assert_eq!(kb.ingest(&fake, false).unwrap().embeddings, None);
    assert_eq!(fake.calls(), 0);
}

#[test]
fn batches_report_progress() {
    struct Count(Vec<usize>);
    impl IngestProgress for Count {
        fn advance(&mut self, done: usize) {
            self.0.push(done);
        }
    }
    let mut kb = Kb::new();
    for i in 0..(EMBED_BATCH + 3) {
        kb.write(&format!("p{i:02}.md"), &format!("# P{i}\nword{i}\n"));
    }
    ingest(
        &kb.config,
        &mut kb.index,
        &IngestOptions::default(),
        &mut NoProgress,
    )
    .unwrap();
    let fake = FakeEmbedder::new("m", 8);
    let mut progress = Count(Vec::new());
    let report = embed_missing(&mut kb.index, &fake, &mut progress).unwrap();
    assert_eq!(progress.0, [EMBED_BATCH, EMBED_BATCH + 3]);
    assert_eq!((fake.calls(), report.embedded), (2, EMBED_BATCH + 3));
}

#[test]
fn a_forced_rebuild_with_a_silent_embedder_keeps_every_stored_vector() {
    let mut kb = Kb::new();
    kb.write("a.md", TWO_SECTIONS);
    kb.write("b.md", "# B\nbeta\n");
    kb.ingest(&FakeEmbedder::new("m", 8), false).unwrap();
    let chunks = kb.index.stats().unwrap().chunks as usize;

    let silent = FailingEmbedder::new("m");
    let report = kb.ingest(&silent, true).unwrap();
    assert_eq!(report.added.len(), 2, "the full-text rebuild completed");
    let embeddings = report.embeddings.unwrap();
    assert_eq!(
        (embeddings.reused, embeddings.missing, embeddings.embedded),
        (chunks, 0, 0),
        "{embeddings:?}"
    );
    assert_eq!(silent.calls(), 0, "nothing left to embed");
    let stats = kb.index.embedding_stats().unwrap();
    assert_eq!(stats.embedded_chunks as usize, chunks);

    // One section changed before a rebuild the embedder cannot answer: the unchanged ones
    // keep their vectors, and the warning says what was kept and what is missing.
    kb.write(
        "a.md",
        &TWO_SECTIONS.replace("Report once.", "Report exactly once."),
    );
    let report = kb.ingest(&silent, true).unwrap();
    let embeddings = report.embeddings.unwrap();
    assert_eq!((embeddings.reused, embeddings.missing), (chunks - 1, 1));
    let warning = embeddings.warning.unwrap();
    assert!(
        warning.contains(&format!(
            "{} sections whose text is unchanged kept their stored vectors",
            chunks - 1
        )),
        "{warning}"
    );
}

#[test]
fn a_forced_rebuild_without_an_embedder_keeps_stored_vectors() {
    let mut kb = Kb::new();
    kb.write("a.md", TWO_SECTIONS);
    kb.ingest(&FakeEmbedder::new("m", 8), false).unwrap();
    kb.config.ollama.model = "m".into();
    let chunks = kb.index.stats().unwrap().chunks as usize;
    let report = ingest_with_embeddings(
        &kb.config,
        &mut kb.index,
        &IngestOptions {
            force: true,
            ..IngestOptions::default()
        },
        None,
        &mut NoProgress,
    )
    .unwrap();
    let embeddings = report.embeddings.unwrap();
    assert_eq!((embeddings.reused, embeddings.missing), (chunks, 0));
    assert_eq!(
        kb.index.embedding_stats().unwrap().embedded_chunks as usize,
        chunks
    );
}

#[test]
fn a_forced_rebuild_embeds_again_when_the_model_changed_its_dimension() {
    let mut kb = Kb::new();
    kb.write("a.md", TWO_SECTIONS);
    kb.ingest(&FakeEmbedder::new("m", 8), false).unwrap();
    kb.write("b.md", "# B\nbeta\n");
    let wider = FakeEmbedder::new("m", 12);
    let rebuilt = kb.ingest(&wider, true).unwrap().embeddings.unwrap();
    assert_eq!((rebuilt.dimension, rebuilt.missing), (Some(12), 0));
    let stats = kb.index.embedding_stats().unwrap();
    assert_eq!(stats.dimension, Some(12));
    assert_eq!(stats.embedded_chunks, stats.total_chunks);
    assert!(
        wider.texts_embedded() >= stats.total_chunks as usize,
        "every section embedded again with the new dimension"
    );
}

#[test]
fn a_forced_rebuild_commits_its_sections_already_linked_to_their_vectors() {
    let mut kb = Kb::new();
    kb.config.ollama.model = "m".into();
    kb.write("a.md", TWO_SECTIONS);
    kb.write("b.md", "# B\n## One\nbeta\n");
    kb.ingest(&FakeEmbedder::new("m", 8), false).unwrap();
    kb.write("b.md", "# B\n## One\nbeta, edited\n");
    // The full-text write alone, as a reader or a crash after its commit sees the index: the
    // sections whose text is unchanged have their vectors already; the edited one does not.
    let options = IngestOptions {
        force: true,
        ..IngestOptions::default()
    };
    let report = ingest(&kb.config, &mut kb.index, &options, &mut NoProgress).unwrap();
    let stats = kb.index.embedding_stats().unwrap();
    assert_eq!(stats.embedded_chunks + 1, stats.total_chunks, "{stats:?}");
    assert_eq!(report.relinked as u64, stats.embedded_chunks);
    // And vector search reads them: each pattern's row was written again in the same write.
    let query = vec![1.0; 8];
    let gate = crate::storage::index::LanguageGate::default();
    let hits = kb.index.search_vectors(&query, &gate, 10, &[]).unwrap();
    assert_eq!(hits.len() as u64, stats.embedded_chunks);
}
