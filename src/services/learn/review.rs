//! Reviewing the inbox: the waiting items, and a person's decision on each. Accept writes an
//! ordinary pattern (frontmatter `learned:` with the day, the rule, the user's words and the
//! corrected call as its example) or a section of an existing one, through the author
//! service: the same checks, lock, atomic write, re-index and git commit (or review branch)
//! as the MCP server's writes. Reject removes an item and keeps only hashes, so it never
//! comes back; snooze hides it for a while. An agent may only propose.

use crate::core::calendar::iso_date;
use crate::core::config::Config;
use crate::core::learn::exchange::Action;
use crate::core::learn::inbox::{Candidate, Evidence, Item, ItemKind, Offered, Origin};
use crate::core::learn::scope::Scope;
use crate::core::learn::{Capture, CaptureKind, Named};
use crate::core::pattern::{parse_frontmatter, split_frontmatter};
use crate::core::redact::redact;
use crate::services::author::{
    NewPattern, PatternAppend, WriteOutcome, add_learned_pattern, append_learned,
};

use super::{Inbox, LearnError};

/// The items waiting for review on `today`, most raised first.
pub fn list_waiting(inbox: &Inbox, today: i64) -> Result<Vec<Item>, LearnError> {
    Ok(inbox.state()?.waiting(today).into_iter().cloned().collect())
}

/// How many items wait (pending captures not yet settled count too): what session start
/// tells the user.
pub fn waiting_count(inbox: &Inbox, today: i64) -> Result<usize, LearnError> {
    let state = inbox.state()?;
    let pending = inbox
        .pending()?
        .iter()
        .map(|p| p.captures.len())
        .sum::<usize>();
    Ok(state.waiting(today).len() + pending)
}

/// Reject an item for good.
pub fn reject(inbox: &Inbox, id: &str) -> Result<Item, LearnError> {
    inbox
        .change(|state, _| state.reject(id))?
        .ok_or_else(|| LearnError::NoItem(id.to_string()))
}

/// Hide an item until the day `until`.
pub fn snooze(inbox: &Inbox, id: &str, until: i64) -> Result<Item, LearnError> {
    inbox
        .change(|state, _| {
            state
                .snooze(id, until)
                .then(|| state.find(id).cloned())
                .flatten()
        })?
        .ok_or_else(|| LearnError::NoItem(id.to_string()))
}

/// A reviewer's changes to an item before it is written.
#[derive(Debug, Clone, Default)]
pub struct Acceptance {
    pub title: Option<String>,
    /// The rule text instead of the proposed one.
    pub rule: Option<String>,
    /// The whole pattern file as the reviewer edited it (frontmatter, `# Title`, body).
    pub text: Option<String>,
    pub paths: Option<Vec<String>>,
    pub languages: Option<Vec<String>>,
    /// Add it as a section of this existing pattern instead of a new file.
    pub into: Option<String>,
    /// Commit on a new branch with this prefix instead of the current one.
    pub branch: Option<String>,
}

/// What accepting did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Accepted {
    pub item: Item,
    pub write: WriteOutcome,
}

/// Accept an item: write it (a new pattern, or a section of `into`, which defaults to the
/// pattern a feedback item is about), index it, commit it; then remove it from the inbox.
/// When the write fails the item stays.
pub fn accept(
    config: &Config,
    inbox: &Inbox,
    id: &str,
    acceptance: &Acceptance,
    today: i64,
) -> Result<Accepted, LearnError> {
    let state = inbox.state()?;
    let item = state
        .find(id)
        .cloned()
        .ok_or_else(|| LearnError::NoItem(id.to_string()))?;
    let mut config = config.clone();
    if let Some(prefix) = &acceptance.branch {
        config.mcp.branch_prefix = Some(prefix.clone());
    }
    let into = acceptance.into.clone().or_else(|| match item.kind {
        ItemKind::Convention => None,
        _ => item.pattern.clone(),
    });
    let write = match into {
        Some(source) => {
            let new = learned_pattern(&item, acceptance, today)?;
            append_learned(
                &config,
                &PatternAppend {
                    source,
                    heading: new.title.clone(),
                    body: format!("{}\n\n_Learned {}._", new.body.trim_end(), iso_date(today)),
                },
            )?
        }
        None => add_learned_pattern(&config, &learned_pattern(&item, acceptance, today)?)?,
    };
    inbox.change(|state, _| state.take(&item.id))?;
    Ok(Accepted { item, write })
}

/// The pattern an item proposes, with the reviewer's changes.
fn learned_pattern(
    item: &Item,
    acceptance: &Acceptance,
    today: i64,
) -> Result<NewPattern, LearnError> {
    if let Some(text) = &acceptance.text {
        let mut edited = pattern_from_text(text)?;
        edited.learned = Some(iso_date(today));
        return Ok(edited);
    }
    let mut new = render_learned(item, today);
    if let Some(title) = acceptance.title.as_ref().filter(|t| !t.trim().is_empty()) {
        new.title = title.trim().to_string();
    }
    if let Some(rule) = acceptance.rule.as_ref().filter(|r| !r.trim().is_empty()) {
        new.body = learned_body(item, rule.trim());
    }
    if let Some(paths) = &acceptance.paths {
        new.paths = paths
            .iter()
            .filter(|p| !p.trim().is_empty())
            .cloned()
            .collect();
    }
    if let Some(languages) = &acceptance.languages {
        new.languages = languages.clone();
    }
    Ok(new)
}

/// The pattern an item proposes as it is.
pub fn render_learned(item: &Item, today: i64) -> NewPattern {
    NewPattern {
        title: item.title.clone(),
        body: learned_body(item, &item.rule),
        tags: vec!["learned".to_string()],
        languages: item.scope.languages.clone(),
        paths: item.scope.paths.clone(),
        directory: None,
        learned: Some(iso_date(today)),
    }
}

/// A learned pattern's body: the rule, the user's words, and the call it corrected.
fn learned_body(item: &Item, rule: &str) -> String {
    let mut body = format!("{rule}\n");
    let sessions = item.session_count();
    // A user's words; an agent's proposal (MCP `propose_pattern`) is the rule itself, and
    // quoting it again as a correction would say what no one said.
    let said: Vec<&Evidence> = item
        .evidence
        .iter()
        .filter(|e| e.origin != Origin::Agent)
        .take(2)
        .collect();
    if !said.is_empty() {
        body.push_str(&format!(
            "\nLearned from a correction{}:\n",
            if sessions > 1 {
                format!(" made in {sessions} sessions")
            } else {
                String::new()
            }
        ));
        for e in &said {
            body.push_str(&format!("\n> {}\n", e.words.replace('\n', " ")));
        }
    }
    if let Some(action) = item.evidence.iter().find_map(|e| e.action.as_ref()) {
        body.push_str(&corrected_call(action, &item.scope));
    }
    body
}

/// The corrected call as an example: its tool and file, then its lines or command.
fn corrected_call(action: &Action, scope: &Scope) -> String {
    let target = action
        .paths
        .first()
        .map(|p| format!(" `{p}`"))
        .unwrap_or_default();
    let (fence, lines) = match (&action.command, action.lines.is_empty()) {
        (Some(command), _) => ("sh".to_string(), command.clone()),
        (None, false) => (
            scope.languages.first().cloned().unwrap_or_default(),
            action.lines.join("\n"),
        ),
        (None, true) => return format!("\nThe call it corrected: {}{target}.\n", action.tool),
    };
    format!(
        "\nThe call it corrected ({}{target}):\n\n```{fence}\n{}\n```\n",
        action.tool,
        lines.replace("```", "` ` `")
    )
}

/// A pattern file as a reviewer edited it: frontmatter lists, the `# Title` line, the body.
fn pattern_from_text(text: &str) -> Result<NewPattern, LearnError> {
    let invalid = |e: String| LearnError::Invalid(format!("the edited pattern: {e}"));
    let (yaml, body, _) =
        split_frontmatter("edited pattern", text).map_err(|e| invalid(e.to_string()))?;
    let front = match yaml {
        Some(yaml) => {
            parse_frontmatter("edited pattern", yaml).map_err(|e| invalid(e.to_string()))?
        }
        None => Default::default(),
    };
    let mut lines = body.lines();
    let title = lines
        .by_ref()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| l.strip_prefix("# "))
        .map(|t| t.trim().to_string())
        .ok_or_else(|| invalid("it must start with a `# Title` line".to_string()))?;
    let rest: Vec<&str> = lines.collect();
    Ok(NewPattern {
        title,
        body: rest.join("\n").trim().to_string(),
        tags: front.tags,
        languages: front.languages,
        paths: front.paths,
        directory: None,
        learned: None,
    })
}

/// An agent's proposal (MCP `propose_pattern`): into the inbox only, never written; a person
/// accepts or rejects it like any capture.
pub fn propose(
    inbox: &Inbox,
    classifier: &super::Classifier<'_>,
    title: &str,
    rule: &str,
    scope: Scope,
    today: i64,
) -> Result<(Offered, Option<Item>), LearnError> {
    let rule = redact(rule.trim()).into_owned();
    let title = redact(title.trim()).into_owned();
    if rule.is_empty() || title.is_empty() {
        return Err(LearnError::Invalid(
            "title and rule must not be empty".to_string(),
        ));
    }
    let mut capture = Capture {
        kind: CaptureKind::Note,
        words: format!("{title}: {rule}"),
        rule: rule.clone(),
        prefer: crate::core::learn::cue::code_spans(&rule)
            .iter()
            .map(Named::from)
            .collect(),
        avoid: Vec::new(),
        only_no: false,
    };
    capture.prefer.truncate(6);
    let mut candidate: Candidate = classifier.candidate(
        &capture,
        None,
        Evidence {
            origin: Origin::Agent,
            words: capture.words.clone(),
            action: None,
            day: today,
        },
        None,
        &[],
    );
    candidate.scope = scope;
    inbox.change(|state, _| {
        let offered = state.offer(candidate);
        if let Offered::New(id) = &offered
            && let Some(stored) = state.items.iter_mut().find(|i| &i.id == id)
        {
            stored.title = title.clone();
        }
        let item = match &offered {
            Offered::New(id) | Offered::Raised(id) => state.find(id).cloned(),
            Offered::Refused => None,
        };
        (offered, item)
    })
}
