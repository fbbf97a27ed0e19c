//! Tests for the stamp check of delta ingest: edits are always found (same size, restored
//! modification time, inside the racy window), touched files are read but not parsed again,
//! added and removed files are found, `--force` reads everything, a refresh that finds
//! nothing writes nothing (but does record a pattern that stopped parsing), the read-only
//! check agrees with what an ingest would do and covers other agents' rule files, an index
//! from before stamps upgrades without a re-parse, and a refresh cut by its deadline writes
//! nothing.

use std::path::PathBuf;

use super::super::{
    IngestOptions, IngestReport, NoProgress, Run, SourceListing, derivation_fingerprint, run_ingest,
};
use super::*;
use crate::core::config::{Config, parse_config};
use crate::core::file_stamp::{FileStamp, RACY_WINDOW_NS, RecordedFile};
use crate::services::deadline::Deadline;
use crate::storage::index::{Index, IndexError, WriteBatch};

const SECOND: i64 = 1_000_000_000;

struct Kb {
    _dir: tempfile::TempDir,
    config: Config,
}

impl Kb {
    fn new(files: &[(&str, &str)]) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let config = parse_config(
            &dir.path().join("lore.toml"),
            "knowledge_dir = \"patterns\"\n",
        )
        .unwrap();
        std::fs::create_dir_all(&config.knowledge_dir).unwrap();
        let kb = Self { _dir: dir, config };
        for (rel, text) in files {
            kb.write(rel, text);
        }
        kb
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.config.knowledge_dir.join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn index(&self) -> Index {
        Index::open(&self.config.database).unwrap()
    }

    /// An ingest whose check happens at `checked_at_ns`.
    fn ingest_at(&self, options: &IngestOptions, checked_at_ns: i64) -> IngestReport {
        let run = Run {
            listing: None,
            write_only_changes: false,
            checked_at_ns,
        };
        run_ingest(
            &self.config,
            &mut self.index(),
            options,
            run,
            &mut NoProgress,
        )
        .unwrap()
    }

    /// An ingest checked well after the files now on disk were written, so the stamps it
    /// records are trusted by the next one (as they are for files older than a few seconds).
    fn settled_ingest(&self) -> IngestReport {
        self.ingest_at(&IngestOptions::default(), now_ns() + 10 * SECOND)
    }

    fn body(&self, source: &str) -> String {
        let index = self.index();
        let id = self.id(source);
        index.pattern(id).unwrap().unwrap().body
    }

    fn id(&self, source: &str) -> i64 {
        let summaries = self.index().pattern_summaries().unwrap();
        summaries.iter().find(|s| s.source == source).unwrap().id
    }

    fn stamp(&self, rel: &str) -> FileStamp {
        stamp_of(&std::fs::symlink_metadata(self.path(rel)).unwrap())
    }

    /// Overwrite a file with text of the same length and put its modification time back.
    fn rewrite_keeping_size_and_mtime(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        let before = std::fs::symlink_metadata(&path).unwrap();
        assert_eq!(
            before.len(),
            text.len() as u64,
            "the test rewrites same-size text"
        );
        std::fs::write(&path, text).unwrap();
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(before.modified().unwrap()).unwrap();
        let after = std::fs::symlink_metadata(&path).unwrap();
        assert_eq!(
            (after.len(), after.modified().unwrap()),
            (before.len(), before.modified().unwrap())
        );
    }
}

#[test]
fn unchanged_files_are_not_read_again() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n"), ("team/b.md", "# B\nbeta\n")]);
    let first = kb.settled_ingest();
    assert_eq!((first.added.len(), first.files_read), (2, 2));
    let second = kb.settled_ingest();
    assert_eq!((second.unchanged, second.files_read), (2, 0));
}

#[test]
fn an_edit_that_keeps_the_size_and_restores_the_mtime_is_picked_up() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n"), ("b.md", "# B\nbeta\n")]);
    kb.settled_ingest();
    kb.rewrite_keeping_size_and_mtime("a.md", "# A\nomega\n");
    // The change time moved, which no program can set back.
    let report = kb.settled_ingest();
    assert_eq!(report.updated, ["a.md"]);
    assert_eq!((report.unchanged, report.files_read), (1, 1));
    assert!(kb.body("a.md").contains("omega"), "{}", kb.body("a.md"));
}

#[test]
fn an_edit_inside_the_racy_window_is_picked_up_even_when_its_stamp_did_not_move() {
    // On a file system with coarse timestamps an edit right after a read can leave size,
    // times and inode as they were: simulated by recording the edited file's stamp against
    // the text that was read.
    let kb = Kb::new(&[("a.md", "# A\nalpha\n")]);
    kb.settled_ingest();
    let indexed_hash = kb.index().content_hashes().unwrap()["a.md"].clone();
    kb.rewrite_keeping_size_and_mtime("a.md", "# A\nomega\n");
    let edited = kb.stamp("a.md");
    let record_stale_stamp = |seen_at_ns: i64| {
        kb.index()
            .write(&WriteBatch {
                recorded_files: vec![(
                    "a.md".to_string(),
                    RecordedFile {
                        stamp: edited,
                        content_hash: indexed_hash.clone(),
                        seen_at_ns,
                    },
                )],
                ..WriteBatch::default()
            })
            .unwrap();
    };
    let changed_at = edited.mtime_ns.max(edited.ctime_ns);

    // Taken long after the change, such a stamp would be trusted: the premise of the test.
    record_stale_stamp(changed_at + RACY_WINDOW_NS + SECOND);
    let fooled = kb.ingest_at(&IngestOptions::default(), now_ns());
    assert_eq!((fooled.unchanged, fooled.files_read), (1, 0));

    // Taken within the window, as it would be when the edit follows the read that closely.
    record_stale_stamp(changed_at + RACY_WINDOW_NS / 2);
    let report = kb.ingest_at(&IngestOptions::default(), now_ns());
    assert_eq!(report.updated, ["a.md"]);
    assert!(kb.body("a.md").contains("omega"));
}

#[test]
fn files_changed_just_before_the_check_are_read_until_their_stamps_settle() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n")]);
    let now = now_ns();
    kb.ingest_at(&IngestOptions::default(), now);
    // Recorded within the window of the file's change: read again, and not rewritten.
    let again = kb.ingest_at(&IngestOptions::default(), now);
    assert_eq!((again.unchanged, again.files_read), (1, 1));
    // Read once after the window, the stamp is recorded as settled and then trusted.
    let later = kb.settled_ingest();
    assert_eq!(later.files_read, 1);
    assert_eq!(kb.settled_ingest().files_read, 0);
}

#[test]
fn a_touched_file_with_the_same_text_is_read_but_not_parsed_again() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n"), ("b.md", "# B\nbeta\n")]);
    kb.settled_ingest();
    let id = kb.id("a.md");
    let file = std::fs::File::options()
        .write(true)
        .open(kb.path("a.md"))
        .unwrap();
    file.set_modified(std::time::SystemTime::now()).unwrap();
    let report = kb.settled_ingest();
    assert!(report.updated.is_empty() && report.added.is_empty());
    assert_eq!((report.unchanged, report.files_read), (2, 1));
    // Not rewritten (a rewrite gives the pattern a new id), and its new stamp is recorded.
    assert_eq!(kb.id("a.md"), id);
    assert_eq!(kb.settled_ingest().files_read, 0);
}

#[test]
fn added_and_removed_files_are_found_while_the_others_are_not_read() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n"), ("team/b.md", "# B\nbeta\n")]);
    kb.settled_ingest();
    std::fs::remove_file(kb.path("team/b.md")).unwrap();
    kb.write("team/c.md", "# C\ngamma\n");
    let report = kb.settled_ingest();
    assert_eq!(report.added, ["team/c.md"]);
    assert_eq!(report.removed, ["team/b.md"]);
    assert_eq!((report.unchanged, report.files_read), (1, 1));
    // A file put back with the text it had is read (it has no stamp) and indexed again.
    kb.write("team/b.md", "# B\nbeta\n");
    let back = kb.settled_ingest();
    assert_eq!(
        (back.added.as_slice(), back.files_read),
        (&["team/b.md".to_string()][..], 1)
    );
}

#[test]
fn force_reads_every_file_whatever_the_stamps_say() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n"), ("b.md", "# B\nbeta\n")]);
    kb.settled_ingest();
    let forced = kb.ingest_at(
        &IngestOptions {
            force: true,
            ..IngestOptions::default()
        },
        now_ns() + 10 * SECOND,
    );
    assert_eq!((forced.added.len(), forced.files_read), (2, 2));
    // The rebuild records the stamps again.
    assert_eq!(kb.settled_ingest().files_read, 0);
}

#[test]
fn an_invalid_file_is_reported_on_every_run() {
    // Its stamp is never recorded, so the check never passes over it.
    let kb = Kb::new(&[("a.md", "# A\nalpha\n")]);
    std::fs::write(kb.path("bad.md"), b"# Bad\n\xff\n").unwrap();
    assert_eq!(kb.settled_ingest().errors.len(), 1);
    let again = kb.settled_ingest();
    assert_eq!(again.errors.len(), 1);
    assert_eq!(again.files_read, 1);
}

#[test]
fn a_refresh_that_finds_nothing_changed_writes_nothing() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n")]);
    kb.settled_ingest();
    let last_ingest = || kb.index().stats().unwrap().last_ingest;
    let recorded = last_ingest();
    let refresh = || {
        let listing = SourceListing::list(&kb.config).unwrap();
        super::super::ingest_listed(&kb.config, &mut kb.index(), listing, Deadline::none()).unwrap()
    };
    let report = refresh();
    assert_eq!((report.unchanged, report.files_read), (1, 0));
    assert_eq!(last_ingest(), recorded, "the refresh wrote the index");
    // What changed is written as by `lore ingest`.
    kb.write("b.md", "# B\nbeta\n");
    assert_eq!(refresh().added, ["b.md"]);
    assert_eq!(kb.index().content_hashes().unwrap().len(), 2);
    // An explicit ingest records that it ran, changes or not.
    super::super::ingest(
        &kb.config,
        &mut kb.index(),
        &IngestOptions::default(),
        &mut NoProgress,
    )
    .unwrap();
    assert_ne!(last_ingest(), recorded);
}

#[test]
fn the_read_only_check_says_current_only_when_an_ingest_would_change_nothing() {
    // Names whose order differs by case or past ASCII: the index and the listing agree on it.
    let kb = Kb::new(&[
        ("a.md", "# A\nalpha\n"),
        ("team/b.md", "# B\nbeta\n"),
        ("Zeta.md", "# Zeta\nzeta\n"),
        ("équipe/d.md", "# D\ndelta\n"),
    ]);
    let current = || {
        let listing = SourceListing::list(&kb.config).unwrap();
        unchanged_since_last_ingest(&kb.index(), &listing, &derivation_fingerprint(&kb.config))
            .unwrap()
    };
    assert!(!current(), "nothing indexed yet");
    kb.ingest_at(&IngestOptions::default(), now_ns());
    assert!(
        !current(),
        "stamps taken just after the files changed prove nothing"
    );
    kb.settled_ingest();
    assert!(current());

    kb.rewrite_keeping_size_and_mtime("a.md", "# A\nomega\n");
    assert!(!current(), "edited");
    kb.settled_ingest();
    assert!(current());
    kb.write("c.md", "# C\ngamma\n");
    assert!(!current(), "added");
    kb.settled_ingest();
    std::fs::remove_file(kb.path("team/b.md")).unwrap();
    assert!(!current(), "removed");
    kb.settled_ingest();
    assert!(current());
    // An invalid file is never indexed, so the ingest that reports it always runs.
    std::fs::write(kb.path("bad.md"), b"# Bad\n\xff\n").unwrap();
    kb.settled_ingest();
    assert!(!current(), "invalid");
}

#[test]
fn an_index_of_schema_10_is_upgraded_and_read_once_without_a_reparse() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n"), ("b.md", "# B\nbeta\n")]);
    kb.settled_ingest();
    let id = kb.id("a.md");
    // What the schema before stamps (10) looks like: the same tables, without the stamps.
    {
        let conn = rusqlite::Connection::open(&kb.config.database).unwrap();
        conn.execute_batch(
            "DROP INDEX patterns_gate_rows; DROP TABLE source_files;
             ALTER TABLE pattern_sources DROP COLUMN regexes;
             ALTER TABLE pattern_sources DROP COLUMN imports;
             ALTER TABLE pattern_sources DROP COLUMN text_hash;
             ALTER TABLE pattern_sources DROP COLUMN unopened; PRAGMA user_version = 10;",
        )
        .unwrap();
    }
    let upgraded = kb.settled_ingest();
    assert_eq!((upgraded.unchanged, upgraded.files_read), (2, 2));
    assert!(upgraded.updated.is_empty());
    assert_eq!(kb.id("a.md"), id);
    assert_eq!(kb.settled_ingest().files_read, 0);
    kb.rewrite_keeping_size_and_mtime("a.md", "# A\nomega\n");
    assert_eq!(kb.settled_ingest().updated, ["a.md"]);
}

#[test]
fn other_agents_rule_files_are_checked_by_stamp_like_patterns() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n")]);
    let agents = kb.config.repository_root().unwrap().join("AGENTS.md");
    std::fs::write(&agents, "# Agents\nRun the tests before committing.\n").unwrap();
    let current = || {
        let listing = SourceListing::list(&kb.config).unwrap();
        unchanged_since_last_ingest(&kb.index(), &listing, &derivation_fingerprint(&kb.config))
            .unwrap()
    };
    let first = kb.settled_ingest();
    assert_eq!(first.added, ["a.md", "AGENTS.md"]);
    assert!(current(), "both files are stamped");
    std::fs::write(&agents, "# Agents\nRun the linter before committing.\n").unwrap();
    assert!(!current(), "an edited rule file is found");
    let refresh = super::super::ingest_listed(
        &kb.config,
        &mut kb.index(),
        SourceListing::list(&kb.config).unwrap(),
        Deadline::none(),
    )
    .unwrap();
    assert_eq!(
        (refresh.updated.as_slice(), refresh.files_read),
        (["AGENTS.md".to_string()].as_slice(), 1)
    );
    std::fs::remove_file(&agents).unwrap();
    assert!(!current(), "a removed rule file is found");
}

#[test]
fn a_refresh_records_a_pattern_that_stopped_parsing_as_stale() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n")]);
    kb.settled_ingest();
    std::fs::write(kb.path("a.md"), b"# A\n\xff\n").unwrap();
    let refresh = || {
        let listing = SourceListing::list(&kb.config).unwrap();
        super::super::ingest_listed(&kb.config, &mut kb.index(), listing, Deadline::none()).unwrap()
    };
    let report = refresh();
    assert_eq!(report.stale, ["a.md"]);
    // Nothing else changed, yet the stale record is written: status and the trace read it.
    assert_eq!(kb.index().stale_sources().unwrap(), ["a.md"]);
    std::fs::write(kb.path("a.md"), "# A\nalpha again\n").unwrap();
    assert!(refresh().stale.is_empty());
    assert!(kb.index().stale_sources().unwrap().is_empty());
}

#[test]
fn a_refresh_past_its_deadline_writes_nothing_and_the_next_one_catches_up() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n")]);
    kb.settled_ingest();
    kb.write("a.md", "# A\nalpha, edited\n");
    kb.write("b.md", "# B\nbeta\n");
    let refresh = |deadline| {
        let listing = SourceListing::list(&kb.config).unwrap();
        super::super::ingest_listed(&kb.config, &mut kb.index(), listing, deadline)
    };
    let passed = Deadline::after(std::time::Instant::now(), std::time::Duration::ZERO);
    let err = refresh(passed).unwrap_err();
    assert!(
        matches!(err, IngestError::Index(IndexError::Deadline { .. })),
        "{err}"
    );
    // The index as it was: nothing of the cut refresh was written.
    assert!(!kb.body("a.md").contains("edited"));
    let sources: Vec<String> = kb
        .index()
        .pattern_summaries()
        .unwrap()
        .into_iter()
        .map(|s| s.source)
        .collect();
    assert_eq!(sources, ["a.md"]);
    let report = refresh(Deadline::none()).unwrap();
    assert_eq!(
        (report.updated.as_slice(), report.added.as_slice()),
        (
            ["a.md".to_string()].as_slice(),
            ["b.md".to_string()].as_slice()
        )
    );
    assert!(kb.body("a.md").contains("alpha, edited"));
}

#[test]
fn an_index_read_with_another_technology_table_is_not_current() {
    let kb = Kb::new(&[("a.md", "# A\nalpha\n")]);
    kb.settled_ingest();
    let listing = SourceListing::list(&kb.config).unwrap();
    let now = derivation_fingerprint(&kb.config);
    assert!(unchanged_since_last_ingest(&kb.index(), &listing, &now).unwrap());
    // A new lore or a changed `[[technologies]]`: the session start must refresh.
    assert!(!unchanged_since_last_ingest(&kb.index(), &listing, "0000000000000000").unwrap());
}
