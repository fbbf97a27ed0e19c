//! A capture compared with the patterns already written: the ones that may duplicate it
//! (searched by its rule and what it names, read whole from the index), and what it says
//! about them. A pattern that already covers the correction makes it feedback, not a new
//! convention: shown in the session and not followed (sharpen its text), or not shown (a
//! retrieval miss: the corrected call is replayed as `lore why` would, and the advice names
//! why the pattern was left out and which words or paths it lacks). A pattern saying the
//! opposite is stale. Nothing here changes ranking: the items only advise a person.

use std::path::Path;

use crate::core::config::Config;
use crate::core::learn::Capture;
use crate::core::learn::exchange::Action;
use crate::core::learn::feedback::{Relation, relation};
use crate::core::learn::inbox::{Candidate, Duplicate, Evidence, ItemKind};
use crate::core::learn::scope::{Scope, scope_of};
use crate::core::query::QueryInput;
use crate::core::select::bar::{Shortfall, Verdict};
use crate::services::inject::{MomentOptions, select_for_moment_by};
use crate::services::query_plan::Moment;
use crate::services::search::{query_for_text, search};
use crate::storage::index::Index;

/// Patterns read whole per capture.
const MAX_COMPARED: usize = 5;
/// Possible duplicates kept per capture.
const MAX_DUPLICATES: usize = 3;

/// Compares captures with the written patterns (none, without an index).
pub struct Classifier<'a> {
    pub config: &'a Config,
    pub index: Option<&'a Index>,
    /// The project the corrected calls ran in (their paths are relative to it).
    pub project_dir: Option<&'a Path>,
}

/// One written pattern a capture touches.
struct Compared {
    duplicate: Duplicate,
    pattern_paths: Vec<String>,
    body: String,
}

/// The index to compare captures with, read-only, when there is one (None: captures are
/// offered without comparing them).
pub fn review_index(config: &Config, busy: std::time::Duration) -> Option<Index> {
    Index::open_read_only(&config.database, busy).ok().flatten()
}

impl<'a> Classifier<'a> {
    /// A classifier over `index` for calls made in `config`'s repository.
    pub fn new(config: &'a Config, index: Option<&'a Index>) -> Self {
        Self {
            config,
            index,
            project_dir: config.repository_root(),
        }
    }
}

impl Classifier<'_> {
    /// The inbox candidate for a capture: its scope, possible duplicates, and whether it is
    /// a new convention or feedback on a written pattern. `shown`: the sources the session
    /// was shown before the correction.
    pub fn candidate(
        &self,
        capture: &Capture,
        action: Option<Action>,
        mut evidence: Evidence,
        session: Option<String>,
        shown: &[String],
    ) -> Candidate {
        let scope = scope_of(action.as_ref());
        let compared = self.compare(capture);
        let mut candidate = Candidate {
            capture: capture.clone(),
            kind: ItemKind::Convention,
            scope,
            pattern: None,
            advice: None,
            duplicates: compared.iter().map(|c| c.duplicate.clone()).collect(),
            evidence: Evidence {
                action: None,
                ..evidence.clone()
            },
            session,
        };
        let covering = compared
            .iter()
            .find(|c| c.duplicate.relation == Relation::Covers);
        let contradicting = compared
            .iter()
            .find(|c| c.duplicate.relation == Relation::Contradicts);
        if let Some(c) = contradicting {
            candidate.kind = ItemKind::Stale;
            candidate.pattern = Some(c.duplicate.source.clone());
            candidate.advice = Some(format!(
                "{} says the opposite of this correction: update it to the rule below, or retire it",
                c.duplicate.source
            ));
        } else if let Some(c) = covering {
            let source = &c.duplicate.source;
            candidate.pattern = Some(source.clone());
            if shown.iter().any(|s| s == source) {
                candidate.kind = ItemKind::Sharpen;
                candidate.advice = Some(format!(
                    "{source} was shown in this session before the correction and not followed: state its rule more plainly, first in the pattern, with the corrected case as an example"
                ));
            } else {
                candidate.kind = ItemKind::Miss;
                candidate.advice =
                    Some(self.miss_advice(c, capture, action.as_ref(), &candidate.scope));
            }
        }
        evidence.action = action;
        candidate.evidence = evidence;
        candidate
    }

    /// The written patterns the capture's words find, read whole, with their relation to it.
    fn compare(&self, capture: &Capture) -> Vec<Compared> {
        let Some(index) = self.index else {
            return Vec::new();
        };
        let names: Vec<&str> = capture
            .prefer
            .iter()
            .chain(&capture.avoid)
            .map(|n| n.text.as_str())
            .collect();
        let query = query_for_text(&format!("{} {}", capture.rule, names.join(" ")));
        let Ok(found) = search(index, &query, 40) else {
            return Vec::new();
        };
        let mut ids: Vec<(i64, String, String)> = Vec::new();
        for hit in found.results {
            if !ids.iter().any(|(id, _, _)| *id == hit.pattern_id) {
                ids.push((hit.pattern_id, hit.source, hit.title));
            }
            if ids.len() == MAX_COMPARED {
                break;
            }
        }
        let mut compared: Vec<Compared> = ids
            .into_iter()
            .filter_map(|(id, source, title)| {
                let stored = index.pattern(id).ok().flatten()?;
                let relation = relation(capture, &stored.body)?;
                Some(Compared {
                    duplicate: Duplicate {
                        source,
                        title,
                        relation,
                    },
                    pattern_paths: stored.summary.paths,
                    body: stored.body,
                })
            })
            .collect();
        // Covering and contradicting patterns first, then search order (stable).
        compared.sort_by_key(|c| c.duplicate.relation);
        compared.truncate(MAX_DUPLICATES);
        compared
    }

    /// Why a covering pattern was not shown for the corrected call, and what would bring it.
    fn miss_advice(
        &self,
        covering: &Compared,
        capture: &Capture,
        action: Option<&Action>,
        scope: &Scope,
    ) -> String {
        let source = &covering.duplicate.source;
        let lower = covering.body.to_lowercase();
        let missing: Vec<String> = capture
            .prefer
            .iter()
            .chain(&capture.avoid)
            .filter(|n| !lower.contains(&n.key()))
            .map(|n| format!("`{}`", n.text))
            .collect();
        let mut advice = format!("{source} says this but was not shown in the session");
        match action.and_then(|a| self.replay(a, source)) {
            Some(why) => advice.push_str(&format!("; for the corrected call it was {why}")),
            None if action.is_some() => {
                advice.push_str("; the corrected call does not even make it a candidate")
            }
            None => {}
        }
        if !missing.is_empty() {
            advice.push_str(&format!("; add the words {}", missing.join(", ")));
        }
        if covering.pattern_paths.is_empty() && !scope.paths.is_empty() {
            let globs: Vec<String> = scope.paths.iter().map(|p| format!("\"{p}\"")).collect();
            advice.push_str(&format!(
                "; or scope it with `paths: [{}]`",
                globs.join(", ")
            ));
        }
        advice.push_str(" (`lore why` on the call shows every step)");
        advice
    }

    /// The corrected call replayed through selection, as `lore why` runs it: the verdict on
    /// `source`, or None when it was not a candidate.
    fn replay(&self, action: &Action, source: &str) -> Option<String> {
        let index = self.index?;
        let input = QueryInput {
            tool_name: Some(action.tool.clone()),
            file_path: action.paths.first().cloned(),
            other_paths: action.paths.iter().skip(1).cloned().collect(),
            cwd: self.project_dir.and_then(Path::to_str).map(String::from),
            command: action.command.clone(),
            content: (!action.lines.is_empty()).then(|| action.lines.join("\n")),
            ..QueryInput::default()
        };
        let options = MomentOptions {
            explain: true,
            ..MomentOptions::default()
        };
        let selected =
            select_for_moment_by(index, self.config, Moment::ToolCall, &input, &options).ok()?;
        let candidate = selected
            .selection?
            .candidates
            .into_iter()
            .find(|c| c.source == source)?;
        Some(describe(&candidate.verdict))
    }
}

/// A verdict in words.
fn describe(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Kept(_) => "kept: it would be injected now".to_string(),
        Verdict::Dropped(why) => format!(
            "dropped: {}",
            match why {
                Shortfall::OutsidePaths => "its `paths` do not match the file".to_string(),
                Shortfall::Language => "it declares another language".to_string(),
                Shortfall::WeakWords { score, bar } => {
                    format!("its words matched too weakly ({score:.1} of {bar:.1})")
                }
                Shortfall::NoCallEvidence => "no distinctive word of the call matched".to_string(),
                Shortfall::FarBelowBest { score, best } => {
                    format!("far below the best candidate ({score:.1} against {best:.1})")
                }
                Shortfall::OverLimit { max } => format!("more than {max} patterns cleared the bar"),
                other => format!("{other:?}"),
            }
        ),
    }
}
