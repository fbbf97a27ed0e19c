//! Every file a whole ingest reads, listed once: lore's own patterns in the knowledge dir and
//! other agents' rule files in the repository, less the rule files the knowledge dir already
//! holds (the same file, or one of the same name: lore's own pattern wins, with a warning).
//! A hook's freshness check and the refresh after it share one listing.

use std::collections::BTreeSet;
use std::path::Path;

use crate::core::config::Config;

use super::rule_files::scan_rule_files;
use super::scan::{KnowledgeScan, SourceFile, scan_knowledge};
use super::{IngestError, IngestIssue};

/// The files of one whole ingest, each list sorted by source.
#[derive(Debug, Clone, Default)]
pub struct SourceListing {
    /// lore's own patterns, with what the knowledge dir's scan passed over.
    pub knowledge: KnowledgeScan,
    /// Other agents' rule files (sources relative to the repository root).
    pub rules: Vec<SourceFile>,
    /// What the search for rule files passed over.
    pub rule_warnings: Vec<IngestIssue>,
}

impl SourceListing {
    /// List the knowledge dir and the repository's rule files. Fails only when the knowledge
    /// dir itself cannot be listed.
    pub fn list(config: &Config) -> Result<Self, IngestError> {
        let knowledge =
            scan_knowledge(&config.knowledge_dir).map_err(|source| IngestError::Scan {
                dir: config.knowledge_dir.clone(),
                source,
            })?;
        Ok(Self::with_rules(config, knowledge))
    }

    /// Complete a listing of the knowledge dir with the repository's rule files.
    pub fn with_rules(config: &Config, knowledge: KnowledgeScan) -> Self {
        let mut listing = Self {
            knowledge,
            ..Self::default()
        };
        listing.add_rule_files(config);
        listing
    }

    /// Every file listed, sorted by source (sources are unique across both lists).
    pub fn sorted_files(&self) -> Vec<&SourceFile> {
        let mut files: Vec<&SourceFile> = self.knowledge.files.iter().chain(&self.rules).collect();
        files.sort_unstable_by(|a, b| a.source.cmp(&b.source));
        files
    }

    fn add_rule_files(&mut self, config: &Config) {
        let Some(root) = config.repository_root() else {
            return;
        };
        let scan = scan_rule_files(root, &config.knowledge_dir, &config.sources);
        self.rule_warnings.extend(scan.warnings);
        let knowledge = &self.knowledge.files;
        let names: BTreeSet<&str> = knowledge.iter().map(|f| f.source.as_str()).collect();
        // A set, not a scan of every pattern per rule file: thousands of each stay linear.
        let paths: BTreeSet<&Path> = knowledge.iter().map(|f| f.path.as_path()).collect();
        for (file, _) in scan.files {
            if paths.contains(file.path.as_path()) {
                continue;
            }
            if names.contains(file.source.as_str()) {
                self.rule_warnings.push(IngestIssue {
                    source: file.source.clone(),
                    line: 1,
                    message: format!(
                        "the knowledge dir has a pattern of the same name ({}): the knowledge \
                         dir's is indexed and this file is not; rename one of them",
                        config.knowledge_dir.join(&file.source).display()
                    ),
                });
                continue;
            }
            self.rules.push(file);
        }
    }
}
