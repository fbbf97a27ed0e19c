//! Tests for agent writes: paths stay inside the knowledge dir, and no planted link can
//! redirect a write or be left in place of a pattern.

use std::path::{Path, PathBuf};

use super::*;
use crate::core::config::parse_config;

#[test]
fn relative_inside_rejects_escapes() {
    let root = Path::new("/k");
    for bad in [
        "../x.md",
        "/etc/x.md",
        "a/../../x.md",
        "a\\..\\x.md",
        "team\nnotes",
        "team\rnotes",
        "team\u{202E}dm.exe",
        "zero\u{200B}width",
    ] {
        assert!(relative_inside(root, bad).is_err(), "{bad}");
    }
    assert_eq!(
        relative_inside(root, "./a/b.md").unwrap(),
        PathBuf::from("a/b.md")
    );
}

/// A repository with an FTS-only lore.toml, an empty patterns/ and a directory outside it.
struct Repo {
    dir: tempfile::TempDir,
    outside: tempfile::TempDir,
    config: Config,
}

impl Repo {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("patterns")).unwrap();
        let config = parse_config(
            &dir.path().join("lore.toml"),
            "knowledge_dir = \"patterns\"\n[search]\nhybrid = false\n",
        )
        .unwrap();
        Self {
            dir,
            outside: tempfile::tempdir().unwrap(),
            config,
        }
    }

    fn patterns(&self) -> PathBuf {
        self.config.knowledge_dir.canonicalize().unwrap()
    }

    /// A file outside the knowledge dir that must stay as it is.
    fn victim(&self) -> PathBuf {
        let path = self.outside.path().join("victim.txt");
        std::fs::write(&path, "untouched").unwrap();
        path
    }

    fn assert_victim_untouched(&self, victim: &Path) {
        assert_eq!(std::fs::read_to_string(victim).unwrap(), "untouched");
        let outside: Vec<_> = std::fs::read_dir(self.outside.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(outside, ["victim.txt"], "files appeared outside");
    }
}

fn assert_regular(path: &Path) {
    let meta = std::fs::symlink_metadata(path).unwrap();
    assert!(meta.file_type().is_file(), "{} is {meta:?}", path.display());
}

fn new_pattern(title: &str) -> NewPattern {
    NewPattern {
        title: title.into(),
        body: "Say what you mean.\n".into(),
        ..NewPattern::default()
    }
}

#[test]
fn add_pattern_ignores_a_link_planted_at_the_old_temp_name() {
    let repo = Repo::new();
    let victim = repo.victim();
    // The name the temp file used to have: `.<file>.<pid>.tmp`, beside the target.
    let guessable = repo
        .patterns()
        .join(format!(".naming.md.{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&victim, &guessable).unwrap();
    let outcome = add_pattern(&repo.config, &new_pattern("Naming")).unwrap();
    assert_eq!(outcome.source, "naming.md");
    repo.assert_victim_untouched(&victim);
    assert_regular(&repo.patterns().join("naming.md"));
    assert!(
        std::fs::read_to_string(repo.patterns().join("naming.md"))
            .unwrap()
            .contains("Say what you mean.")
    );
}

#[test]
fn update_pattern_ignores_a_link_at_the_old_temp_name_and_refuses_a_linked_target() {
    let repo = Repo::new();
    let victim = repo.victim();
    add_pattern(&repo.config, &new_pattern("Naming")).unwrap();
    let guessable = repo
        .patterns()
        .join(format!(".naming.md.{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&victim, &guessable).unwrap();
    let update = PatternUpdate {
        source: "naming.md".into(),
        body: "Name things after what they are.\n".into(),
        ..PatternUpdate::default()
    };
    update_pattern(&repo.config, &update).unwrap();
    repo.assert_victim_untouched(&victim);
    let target = repo.patterns().join("naming.md");
    assert_regular(&target);
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .contains("after what they are")
    );

    // The pattern itself replaced by a link: refused, the link and its target left alone.
    std::fs::remove_file(&target).unwrap();
    std::os::unix::fs::symlink(&victim, &target).unwrap();
    let err = update_pattern(&repo.config, &update).unwrap_err();
    assert!(err.to_string().contains("symlink"), "{err}");
    repo.assert_victim_untouched(&victim);
    let append = PatternAppend {
        source: "naming.md".into(),
        heading: "More".into(),
        body: "text".into(),
    };
    assert!(append_to_pattern(&repo.config, &append).is_err());
    repo.assert_victim_untouched(&victim);
}

#[test]
fn a_link_planted_at_the_write_lock_is_not_followed() {
    let repo = Repo::new();
    let dangling = repo.outside.path().join("created-by-lore");
    let lock = repo.dir.path().join(".lore/index.db.write.lock");
    std::fs::create_dir_all(lock.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&dangling, &lock).unwrap();
    let err = add_pattern(&repo.config, &new_pattern("Naming")).unwrap_err();
    assert!(err.to_string().contains("write.lock"), "{err}");
    assert!(!dangling.exists(), "the lock followed the link");
}
