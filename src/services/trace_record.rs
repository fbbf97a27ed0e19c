//! One hook call as a `LORE_TRACE` line: when, which harness, event and tool, the query
//! terms, every candidate with its evidence and verdict (the form `lore extract-queries
//! --json` prints), what each chosen pattern got of the budget, what dedup skipped, what was
//! injected (and which of it in a stale version), how long it took and whether the deadline
//! cut it.
//!
//! The line is redacted string by string (every text in it passes `core::redact`, so it stays
//! valid JSON) and never longer than its cap: candidates are left out from the weakest first,
//! then the rest is dropped, before anything else is.

use serde_json::Value;

use crate::core::redact::redact;
use crate::core::sources::Harness;
use crate::services::budget_share::PatternShare;
use crate::services::select::Candidate;

/// What one hook call decided, gathered as it runs.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct TraceRecord {
    /// When the call ended, UTC (`2026-11-22T00:19:27.123Z`).
    pub time: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harness: Option<Harness>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    pub duration_us: u64,
    /// Where the call stopped because `hook.deadline_ms` passed; None: it ran to its end.
    pub deadline_cut: Option<&'static str>,
    /// The sources injected, in order, and the characters of the injected text.
    pub injected: Vec<String>,
    pub chars: usize,
    /// Injected patterns served in their last valid version: their file changed and no
    /// longer parses (`lore ingest` says why).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stale: Vec<String>,
    /// Patterns chosen but not shown because the session had already been shown them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dedup_skipped: Vec<String>,
    /// Each chosen pattern's share of the budget.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub budget: Vec<PatternShare>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Candidate>,
    /// Candidates left out to keep the line under its cap.
    #[serde(skip_serializing_if = "is_zero")]
    pub candidates_left_out: usize,
    /// Why the call answered nothing, when it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Longest error text kept in a record.
const MAX_ERROR_CHARS: usize = 2_000;

impl TraceRecord {
    /// The record as one redacted JSON line (no newline) of at most `max_bytes` bytes.
    pub fn to_line(&self, max_bytes: usize) -> String {
        let mut record = self.clone();
        if let Some(error) = &mut record.error {
            *error = error.chars().take(MAX_ERROR_CHARS).collect();
        }
        let candidates = std::mem::take(&mut record.candidates);
        let base = redacted(&record);
        // Each candidate's share of the line, so the kept prefix is found in one pass.
        let sizes: Vec<usize> = candidates
            .iter()
            .map(|c| redacted(c).to_string().len() + 1)
            .collect();
        let room = max_bytes.saturating_sub(base.to_string().len() + RESERVE);
        let mut used = 0;
        let kept = sizes
            .iter()
            .take_while(|size| {
                used += **size;
                used <= room
            })
            .count();
        record.candidates_left_out = candidates.len() - kept;
        record.candidates = candidates.into_iter().take(kept).collect();
        let line = redacted(&record).to_string();
        if line.len() <= max_bytes {
            return line;
        }
        // Only a record far beyond any real call gets here: keep what identifies it.
        let left_out = record.candidates.len() + record.candidates_left_out;
        let minimal = TraceRecord {
            time: record.time,
            harness: record.harness,
            event: record.event,
            duration_us: record.duration_us,
            deadline_cut: record.deadline_cut,
            chars: record.chars,
            candidates_left_out: left_out,
            error: Some("the record was too large for one trace line".to_string()),
            ..TraceRecord::default()
        };
        redacted(&minimal).to_string()
    }
}

/// Bytes kept free for the `candidates` brackets and `candidates_left_out`.
const RESERVE: usize = 64;

/// `value` as JSON with every string (keys too) passed through the redaction filter.
fn redacted(value: &impl serde::Serialize) -> Value {
    let mut json = serde_json::to_value(value).unwrap_or(Value::Null);
    redact_strings(&mut json);
    json
}

fn redact_strings(value: &mut Value) {
    match value {
        Value::String(s) => {
            if let std::borrow::Cow::Owned(clean) = redact(s) {
                *s = clean;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact_strings),
        Value::Object(map) => {
            let entries = std::mem::take(map);
            for (key, mut item) in entries {
                redact_strings(&mut item);
                map.insert(redact(&key).into_owned(), item);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::select::bar::{Shortfall, Verdict};
    use crate::core::select::evidence::Evidence;

    fn candidate(i: usize) -> Candidate {
        Candidate {
            pattern_id: i as i64,
            source: format!("team/pattern-{i:04}.md"),
            title: format!("Pattern {i} about a long subject that fills the line"),
            evidence: Evidence::default(),
            score: 1.0,
            verdict: Verdict::Dropped(Shortfall::WeakWords {
                score: 1.0,
                bar: 6.0,
            }),
        }
    }

    fn record() -> TraceRecord {
        TraceRecord {
            time: "2026-11-22T00:19:27.123Z".into(),
            harness: Some(Harness::ClaudeCode),
            event: Some("PreToolUse".into()),
            tool: Some("Bash".into()),
            terms: vec![
                "deploy".into(),
                "ghp_abcdefghijklmnopqrstuvwxyz0123456789".into(),
            ],
            error: Some(
                "curl -H 'Authorization: Bearer abc.def.ghi' failed\npassword=hunter2".into(),
            ),
            ..TraceRecord::default()
        }
    }

    #[test]
    fn every_string_is_redacted_and_the_line_stays_json() {
        let line = record().to_line(64 * 1024);
        assert!(!line.contains('\n'), "{line}");
        assert!(!line.contains("ghp_abcdef"), "{line}");
        assert!(!line.contains("hunter2"), "{line}");
        let value: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["event"], "PreToolUse");
        assert_eq!(value["terms"][0], "deploy");
        assert!(value["deadline_cut"].is_null());
    }

    #[test]
    fn a_long_candidate_list_is_cut_first_and_the_line_stays_under_its_cap() {
        let mut full = record();
        full.candidates = (0..2_000).map(candidate).collect();
        let cap = 16 * 1024;
        let line = full.to_line(cap);
        assert!(line.len() <= cap, "{}", line.len());
        let value: Value = serde_json::from_str(&line).unwrap();
        let kept = value["candidates"].as_array().unwrap().len();
        assert!(kept > 10, "{kept}");
        assert_eq!(
            kept + value["candidates_left_out"].as_u64().unwrap() as usize,
            2_000
        );
        // The strongest candidates come first and stay.
        assert_eq!(value["candidates"][0]["source"], "team/pattern-0000.md");
        assert_eq!(value["terms"][0], "deploy");
    }

    #[test]
    fn a_record_too_large_even_without_candidates_keeps_what_identifies_the_call() {
        let mut huge = record();
        huge.terms = (0..5_000).map(|i| format!("term{i}")).collect();
        let line = huge.to_line(4 * 1024);
        assert!(line.len() <= 4 * 1024, "{}", line.len());
        let value: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["event"], "PreToolUse");
        assert!(value["error"].as_str().unwrap().contains("too large"));
    }
}
