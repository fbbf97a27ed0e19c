//! A repository of other agents' rule files, ingested as lore does, and selections of tool
//! calls in it: what the rule-file selection tests share.

use crate::core::config::{Config, parse_config};
use crate::core::query::QueryInput;
use crate::core::select::bar::Verdict;
use crate::core::sources::Harness;
use crate::services::ingest::{IngestOptions, NoProgress, ingest};
use crate::services::inject::{Moment, select_for_moment};
use crate::services::select::Selection;
use crate::storage::index::Index;

pub(super) struct Repo {
    pub(super) dir: tempfile::TempDir,
    pub(super) config: Config,
    pub(super) index: Index,
}

pub(super) fn repo(files: &[(&str, &str)]) -> Repo {
    let dir = tempfile::tempdir().unwrap();
    let config = parse_config(
        &dir.path().join("lore.toml"),
        "knowledge_dir = \"patterns\"\n[search]\nhybrid = false\n",
    )
    .unwrap();
    std::fs::create_dir_all(&config.knowledge_dir).unwrap();
    for (rel, text) in files {
        let path = dir.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let mut index = Index::open(&config.database).unwrap();
    let report = ingest(
        &config,
        &mut index,
        &IngestOptions::default(),
        &mut NoProgress,
    )
    .unwrap();
    assert!(
        report.rule_warnings.is_empty(),
        "{:?}",
        report.rule_warnings
    );
    Repo { dir, config, index }
}

impl Repo {
    /// An Edit of `file` (relative to the repository) from the working directory `cwd`.
    pub(super) fn edit(
        &self,
        cwd: &str,
        file: &str,
        content: &str,
        harness: Option<Harness>,
    ) -> Selection {
        let root = self.dir.path();
        let input = QueryInput {
            tool_name: Some("Edit".into()),
            file_path: Some(root.join(file).display().to_string()),
            cwd: Some(root.join(cwd).display().to_string()),
            content: Some(content.into()),
            ..QueryInput::default()
        };
        self.select(&input, true, harness)
    }

    /// An Edit of `file` at the repository root replacing `old` with `new`, selected as the
    /// hook does (`explain` off: the lean path) or as an audit does.
    pub(super) fn replace(&self, file: &str, old: &str, new: &str, explain: bool) -> Selection {
        let root = self.dir.path();
        let input = QueryInput {
            tool_name: Some("Edit".into()),
            file_path: Some(root.join(file).display().to_string()),
            cwd: Some(root.display().to_string()),
            content: Some(new.into()),
            old_content: Some(old.into()),
            ..QueryInput::default()
        };
        self.select(&input, explain, Some(Harness::ClaudeCode))
    }

    /// A command run at the repository root.
    pub(super) fn command(&self, command: &str) -> Selection {
        let input = QueryInput {
            tool_name: Some("Bash".into()),
            command: Some(command.into()),
            cwd: Some(self.dir.path().display().to_string()),
            ..QueryInput::default()
        };
        self.select(&input, true, Some(Harness::ClaudeCode))
    }

    fn select(&self, input: &QueryInput, explain: bool, harness: Option<Harness>) -> Selection {
        select_for_moment(
            &self.index,
            &self.config,
            Moment::ToolCall,
            input,
            None,
            explain,
            harness,
        )
        .unwrap()
        .selection
        .unwrap()
    }
}

pub(super) fn kept(selection: &Selection) -> Vec<&str> {
    selection.kept().map(|c| c.source.as_str()).collect()
}

pub(super) fn verdict<'s>(selection: &'s Selection, source: &str) -> Option<&'s Verdict> {
    selection
        .candidates
        .iter()
        .find(|c| c.source == source)
        .map(|c| &c.verdict)
}
