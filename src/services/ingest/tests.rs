//! Tests for ingest: deltas, removals, `.loreignore`, invalid files and `--file`.

use super::*;
use crate::core::config::parse_config;

struct Kb {
    dir: tempfile::TempDir,
    config: Config,
}

impl Kb {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let config = parse_config(
            &dir.path().join("lore.toml"),
            "knowledge_dir = \"patterns\"\n",
        )
        .unwrap();
        std::fs::create_dir_all(&config.knowledge_dir).unwrap();
        Self { dir, config }
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.config.knowledge_dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn remove(&self, rel: &str) {
        std::fs::remove_file(self.config.knowledge_dir.join(rel)).unwrap();
    }

    fn ingest(&self, options: IngestOptions) -> IngestReport {
        let mut index = Index::open(&self.config.database).unwrap();
        ingest(&self.config, &mut index, &options, &mut NoProgress).unwrap()
    }

    fn sources(&self) -> Vec<String> {
        let index = Index::open(&self.config.database).unwrap();
        index
            .pattern_summaries()
            .unwrap()
            .into_iter()
            .map(|s| s.source)
            .collect()
    }
}

#[test]
fn delta_reports_added_updated_removed_and_unchanged() {
    let kb = Kb::new();
    kb.write("a.md", "# A\nalpha\n");
    kb.write("b.md", "# B\nbeta\n");
    kb.write("nested/c.mdc", "# C\ngamma\n");
    let first = kb.ingest(IngestOptions::default());
    assert_eq!(first.added, ["a.md", "b.md", "nested/c.mdc"]);
    assert!(first.is_clean());

    kb.write("b.md", "# B\nbeta changed\n");
    kb.remove("a.md");
    kb.write("d.markdown", "# D\ndelta\n");
    let second = kb.ingest(IngestOptions::default());
    assert_eq!(second.added, ["d.markdown"]);
    assert_eq!(second.updated, ["b.md"]);
    assert_eq!(second.removed, ["a.md"]);
    assert_eq!(second.unchanged, 1);
    assert_eq!(kb.sources(), ["b.md", "d.markdown", "nested/c.mdc"]);

    let third = kb.ingest(IngestOptions::default());
    assert_eq!(third.unchanged, 3);
    assert!(third.added.is_empty() && third.updated.is_empty() && third.removed.is_empty());
}

#[test]
fn loreignore_and_non_pattern_files_are_skipped() {
    let kb = Kb::new();
    kb.write(".loreignore", "SOURCES.md\ndrafts/\n");
    kb.write("SOURCES.md", "# Sources\n");
    kb.write("drafts/wip.md", "# WIP\n");
    kb.write("notes.txt", "not markdown");
    kb.write("keep.md", "# Keep\n");
    kb.write(".hidden/secret.md", "# Hidden\n");
    kb.ingest(IngestOptions::default());
    assert_eq!(kb.sources(), ["keep.md"]);
}

#[test]
fn invalid_utf8_is_reported_with_line_and_valid_files_still_indexed() {
    let kb = Kb::new();
    kb.write("good.md", "# Good\n");
    let path = kb.config.knowledge_dir.join("bad.md");
    std::fs::write(&path, b"# Bad\nline two\n\xff\xfe\n").unwrap();
    let report = kb.ingest(IngestOptions::default());
    assert_eq!(report.errors.len(), 1);
    assert_eq!(
        report.errors[0].to_string(),
        "bad.md:3: not valid UTF-8; save the file as UTF-8"
    );
    assert_eq!(kb.sources(), ["good.md"]);
}

#[test]
fn a_pattern_with_no_text_is_indexed_with_a_warning() {
    let kb = Kb::new();
    kb.write("empty.md", "");
    kb.write("tagged.md", "---\ntags: [db]\n---\n\n");
    kb.write("titled.md", "# Use pnpm\n");
    let report = kb.ingest(IngestOptions::default());
    assert!(report.errors.is_empty());
    let warned: Vec<&str> = report.warnings.iter().map(|w| w.path.as_str()).collect();
    assert_eq!(warned, ["empty.md", "tagged.md"], "a title alone is a rule");
    assert_eq!(kb.sources().len(), 3);
}

#[test]
fn a_file_that_turns_invalid_keeps_its_indexed_version() {
    let kb = Kb::new();
    kb.write("p.md", "# P\nfine\n");
    kb.ingest(IngestOptions::default());
    std::fs::write(kb.config.knowledge_dir.join("p.md"), b"\xff").unwrap();
    let report = kb.ingest(IngestOptions::default());
    assert_eq!(report.errors.len(), 1);
    assert!(report.removed.is_empty());
    assert_eq!(kb.sources(), ["p.md"]);
}

#[test]
fn force_rebuilds_everything() {
    let kb = Kb::new();
    kb.write("a.md", "# A\n");
    kb.ingest(IngestOptions::default());
    let report = kb.ingest(IngestOptions {
        force: true,
        ..IngestOptions::default()
    });
    assert_eq!(report.added, ["a.md"]);
    assert_eq!(report.unchanged, 0);
}

#[test]
fn single_file_ingest_adds_updates_and_removes_only_that_file() {
    let kb = Kb::new();
    kb.write("a.md", "# A\n");
    kb.write("b.md", "# B\n");
    let one = |rel: &str| IngestOptions {
        file: Some(kb.config.knowledge_dir.join(rel)),
        ..IngestOptions::default()
    };
    let report = kb.ingest(one("a.md"));
    assert_eq!(report.added, ["a.md"]);
    assert_eq!(kb.sources(), ["a.md"]);
    kb.remove("a.md");
    let report = kb.ingest(one("a.md"));
    assert_eq!(report.removed, ["a.md"]);
    assert!(kb.sources().is_empty());
}

#[test]
fn single_file_outside_the_knowledge_dir_is_refused() {
    let kb = Kb::new();
    let outside = kb.dir.path().join("elsewhere.md");
    std::fs::write(&outside, "# X\n").unwrap();
    let mut index = Index::open(&kb.config.database).unwrap();
    let err = ingest(
        &kb.config,
        &mut index,
        &IngestOptions {
            file: Some(outside),
            ..IngestOptions::default()
        },
        &mut NoProgress,
    )
    .unwrap_err();
    assert!(
        matches!(err, IngestError::OutsideKnowledgeDir { .. }),
        "{err}"
    );
}

#[test]
fn missing_knowledge_dir_is_an_error_with_a_remedy() {
    let kb = Kb::new();
    std::fs::remove_dir_all(&kb.config.knowledge_dir).unwrap();
    let mut index = Index::open(&kb.config.database).unwrap();
    let err = ingest(
        &kb.config,
        &mut index,
        &IngestOptions::default(),
        &mut NoProgress,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("knowledge_dir"), "{err}");
}

#[test]
fn an_alias_bomb_is_an_error_naming_file_and_line_and_the_rest_still_indexes() {
    let kb = Kb::new();
    kb.write("good.md", "# Good\nfine\n");
    let mut bomb = String::from("---\ntags: [x]\na0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for level in 1..9 {
        let items = vec![format!("*a{}", level - 1); 9].join(", ");
        bomb.push_str(&format!("a{level}: &a{level} [{items}]\n"));
    }
    bomb.push_str("---\n# Bomb\n");
    kb.write("bomb.md", &bomb);
    let report = kb.ingest(IngestOptions::default());
    assert_eq!(report.added, ["good.md"]);
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    let error = report.errors[0].to_string();
    assert!(error.starts_with("bomb.md:3: "), "{error}");
    assert!(error.contains("aliases"), "{error}");
}

#[test]
fn oversized_and_non_regular_pattern_files_are_errors_naming_them_unread() {
    let dir = tempfile::tempdir().unwrap();
    let config = parse_config(
        &dir.path().join("lore.toml"),
        "knowledge_dir = \"patterns\"\n[ingest]\nmax_pattern_bytes = 64\n",
    )
    .unwrap();
    let kb = Kb { dir, config };
    std::fs::create_dir_all(&kb.config.knowledge_dir).unwrap();
    kb.write("small.md", "# Small\nfine\n");
    kb.write("big.md", &format!("# Big\n{}\n", "x".repeat(100)));
    let fifo = kb.config.knowledge_dir.join("pipe.md");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    // A FIFO without a writer would block a plain read forever.
    let report = kb.ingest(IngestOptions::default());
    assert_eq!(report.added, ["small.md"]);
    let errors: Vec<String> = report.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].starts_with("big.md:1: ") && errors[0].contains("max_pattern_bytes"),
        "{errors:?}"
    );
    assert!(
        errors[1].starts_with("pipe.md:1: ") && errors[1].contains("FIFO"),
        "{errors:?}"
    );
}

#[test]
fn a_symlinked_pattern_is_a_warning_not_silence() {
    let kb = Kb::new();
    kb.write("a.md", "# A\nalpha\n");
    let elsewhere = kb.dir.path().join("elsewhere.md");
    std::fs::write(&elsewhere, "# Elsewhere\n").unwrap();
    std::os::unix::fs::symlink(&elsewhere, kb.config.knowledge_dir.join("linked.md")).unwrap();
    let report = kb.ingest(IngestOptions::default());
    assert_eq!(report.added, ["a.md"]);
    assert!(report.is_clean());
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    assert!(
        report.warnings[0]
            .to_string()
            .starts_with("linked.md: is a symbolic link"),
        "{}",
        report.warnings[0]
    );
}

mod rule_files;

#[test]
fn stale_patterns_are_recorded_until_fixed_or_removed() {
    let kb = Kb::new();
    kb.write("p.md", "# P\nfine\n");
    kb.write("q.md", "# Q\nfine\n");
    kb.write("new.md", "---\ntags: [\n---\n# New\n");
    let first = kb.ingest(IngestOptions::default());
    // A file that was never valid is an error, not stale: nothing of it is served.
    assert!(first.stale.is_empty(), "{first:?}");

    kb.write("p.md", "---\nuniversal: maybe\n---\n# P\n");
    kb.write("q.md", "---\ntags: [\n---\n# Q\n");
    let broken = kb.ingest(IngestOptions::default());
    assert_eq!(broken.stale, ["p.md", "q.md"]);
    let index = Index::open(&kb.config.database).unwrap();
    assert_eq!(index.stale_sources().unwrap(), ["p.md", "q.md"]);

    // `--file` on one of them keeps the other listed.
    kb.write("p.md", "# P\nfixed\n");
    let one = kb.ingest(IngestOptions {
        file: Some(kb.config.knowledge_dir.join("p.md")),
        ..IngestOptions::default()
    });
    assert_eq!(one.stale, ["q.md"]);
    assert_eq!(index.stale_sources().unwrap(), ["q.md"]);

    kb.remove("q.md");
    let removed = kb.ingest(IngestOptions::default());
    assert_eq!(removed.removed, ["q.md"]);
    assert!(removed.stale.is_empty());
    assert!(index.stale_sources().unwrap().is_empty());
}

#[test]
fn only_an_ingest_of_the_whole_knowledge_dir_completes_an_index() {
    let kb = Kb::new();
    kb.write("a.md", "# A\n");
    kb.write("b.md", "# B\n");
    let index = Index::open(&kb.config.database).unwrap();
    assert!(!index.ingest_completed().unwrap(), "a new index is empty");
    kb.ingest(IngestOptions {
        file: Some(kb.config.knowledge_dir.join("a.md")),
        ..IngestOptions::default()
    });
    assert!(
        !index.ingest_completed().unwrap(),
        "one file is not the knowledge dir"
    );
    kb.ingest(IngestOptions::default());
    assert!(index.ingest_completed().unwrap());
    kb.ingest(IngestOptions {
        file: Some(kb.config.knowledge_dir.join("b.md")),
        ..IngestOptions::default()
    });
    assert!(index.ingest_completed().unwrap());
}

#[test]
fn an_ingest_past_its_deadline_writes_nothing_and_keeps_the_index_as_it_was() {
    let kb = Kb::new();
    kb.write("a.md", "# A\nalpha\n");
    kb.ingest(IngestOptions::default());
    kb.write("b.md", "# B\nbeta\n");
    let mut index = Index::open(&kb.config.database).unwrap();
    let passed = IngestOptions {
        deadline: Deadline::after(Instant::now(), Duration::ZERO),
        ..IngestOptions::default()
    };
    let err = ingest(&kb.config, &mut index, &passed, &mut NoProgress).unwrap_err();
    assert!(
        matches!(err, IngestError::Index(IndexError::Deadline { .. })),
        "{err}"
    );
    drop(index);
    assert_eq!(kb.sources(), ["a.md"]);
    assert_eq!(kb.ingest(IngestOptions::default()).added, ["b.md"]);
}

#[test]
fn a_new_technology_table_reads_every_pattern_again_once() {
    let mut kb = Kb::new();
    kb.write(
        "acme-ui-buttons.md",
        "# Buttons\nUse the kit's Button; never style raw buttons.\n",
    );
    kb.write("naming.md", "# Naming\nName things for what they are.\n");
    let technologies = |kb: &Kb| {
        let index = Index::open(&kb.config.database).unwrap();
        let ids = index
            .patterns_of_technologies(&["acme-ui".to_string()])
            .unwrap();
        index.pattern_technologies(&ids).unwrap().len()
    };
    let first = kb.ingest(IngestOptions::default());
    assert!(!first.rederived, "a first ingest reads everything anyway");
    assert_eq!(technologies(&kb), 0);

    // The team declares its in-house framework: the pattern named for it must be found
    // specific to it without anyone touching the file or forcing a rebuild.
    kb.config = parse_config(
        &kb.dir.path().join("lore.toml"),
        "knowledge_dir = \"patterns\"\n\n[[technologies]]\nname = \"acme-ui\"\naliases = [\"Acme UI\"]\n",
    )
    .unwrap();
    let second = kb.ingest(IngestOptions::default());
    assert!(second.rederived);
    assert_eq!(second.updated, ["acme-ui-buttons.md", "naming.md"]);
    assert_eq!(technologies(&kb), 1);

    // Once read with this table, the next ingest reads nothing again.
    let third = kb.ingest(IngestOptions::default());
    assert!(!third.rederived);
    assert!(third.updated.is_empty());
    assert_eq!(third.unchanged, 2);
}
