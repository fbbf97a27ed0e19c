//! `lore inbox`: review the corrections captured from agent sessions. Lists the waiting
//! items (most raised first), shows one with the pattern accepting it would write, and
//! accepts (through the author service: indexed, committed or put on a review branch),
//! rejects or snoozes one. Captures whose session never reached Stop are settled first.
//! Text for people, `--json` for tools; both from the same values.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};
use serde_json::json;

use super::args::{AcceptArgs, InboxAction, InboxArgs};
use super::timestamp::today;
use crate::adapters::hook_learn::read_session;
use crate::core::calendar::iso_date;
use crate::core::config::Config;
use crate::core::learn::inbox::{Item, ItemKind, Origin};
use crate::services::author::{CommitOutcome, WriteOutcome, render_new_pattern, slugify};
use crate::services::learn::{
    Acceptance, Classifier, Inbox, accept, list_waiting, note_cues, reject, render_learned,
    review_index, settle, snooze,
};
use crate::storage::atomic_file::create_exclusive;

/// How long the inbox waits for an index another process is writing.
const INDEX_BUSY: Duration = Duration::from_secs(2);

pub fn run(config: &Config, args: &InboxArgs) -> anyhow::Result<i32> {
    let inbox = Inbox::open(config)?;
    let today = today();
    let index = review_index(config, INDEX_BUSY);
    let classifier = Classifier::new(config, index.as_ref());
    settle(
        &inbox,
        &classifier,
        &note_cues(config),
        &read_session,
        None,
        today,
    )?;
    drop(index);
    match &args.action {
        None => list(&inbox, args, today),
        Some(InboxAction::Show { id }) => show(&inbox, id, args.json, today),
        Some(InboxAction::Accept(accept_args)) => {
            accept_item(config, &inbox, accept_args, args.json, today)
        }
        Some(InboxAction::Reject { id }) => {
            let item = reject(&inbox, id)?;
            if args.json {
                println!("{}", json!({"rejected": item.id}));
            } else {
                // An agent's proposal is refused again by its words; what a person types is
                // read by its own referents, so a correction saying the same may still come.
                let proposed = item
                    .evidence
                    .iter()
                    .all(|e| e.origin == crate::core::learn::inbox::Origin::Agent);
                let again = if proposed {
                    "The same proposal will not be offered again"
                } else {
                    "The same correction will not be offered again"
                };
                println!("Rejected {}: {}. {again}.", item.id, item.title);
            }
            Ok(0)
        }
        Some(InboxAction::Snooze { id, days }) => {
            let until = today + i64::from(*days);
            let item = snooze(&inbox, id, until)?;
            if args.json {
                println!("{}", json!({"snoozed": item.id, "until": iso_date(until)}));
            } else {
                println!(
                    "Snoozed {} until {}: {}",
                    item.id,
                    iso_date(until),
                    item.title
                );
            }
            Ok(0)
        }
    }
}

fn list(inbox: &Inbox, args: &InboxArgs, today: i64) -> anyhow::Result<i32> {
    let mut items = list_waiting(inbox, today)?;
    if args.all {
        let state = inbox.state()?;
        items.extend(state.items.iter().filter(|i| !i.waiting(today)).cloned());
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&items)?);
        return Ok(0);
    }
    let mut out = std::io::stdout().lock();
    if items.is_empty() {
        writeln!(out, "No corrections wait for review.")?;
        return Ok(0);
    }
    writeln!(
        out,
        "{} {} for review (`lore inbox show ID`, `accept ID`, `reject ID`, `snooze ID`):",
        items.len(),
        if items.len() == 1 {
            "item waits"
        } else {
            "items wait"
        }
    )?;
    for item in &items {
        writeln!(out)?;
        writeln!(
            out,
            "{}  {:<10}  {}  {}",
            item.id,
            item.kind.label(),
            seen(item),
            item.title
        )?;
        let scope = scope_line(item);
        if !scope.is_empty() {
            writeln!(out, "          {scope}")?;
        }
        if let Some(e) = item.evidence.first() {
            writeln!(out, "          > {}", one_line(&e.words, 100))?;
        }
        if let Some(advice) = &item.advice {
            writeln!(out, "          {}", one_line(advice, 160))?;
        } else if !item.duplicates.is_empty() {
            let names: Vec<String> = item
                .duplicates
                .iter()
                .map(|d| format!("{} ({:?})", d.source, d.relation).to_lowercase())
                .collect();
            writeln!(out, "          may duplicate: {}", names.join(", "))?;
        }
        if let Some(until) = item.snoozed_until.filter(|u| *u > today) {
            writeln!(out, "          snoozed until {}", iso_date(until))?;
        }
    }
    Ok(0)
}

fn show(inbox: &Inbox, id: &str, json: bool, today: i64) -> anyhow::Result<i32> {
    let state = inbox.state()?;
    let Some(item) = state.find(id) else {
        bail!("no inbox item `{id}`; `lore inbox` lists the waiting ones");
    };
    let proposed = render_learned(item, today);
    let file = format!("{}.md", slugify(&proposed.title));
    let text = render_new_pattern(&proposed);
    if json {
        let value = json!({"item": item, "proposed": {"file": file, "text": text}});
        println!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(0);
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: {}, {} (first {}, last {})",
        item.id,
        item.kind.label(),
        seen(item),
        iso_date(item.first_seen),
        iso_date(item.last_seen)
    )?;
    writeln!(out, "Rule: {}", item.rule)?;
    let scope = scope_line(item);
    if !scope.is_empty() {
        writeln!(out, "Scope: {scope}")?;
    }
    writeln!(out, "Said:")?;
    for e in &item.evidence {
        let origin = match e.origin {
            Origin::Prompt => "prompt",
            Origin::Rejection => "refused call",
            Origin::Scan => "saved session",
            Origin::Agent => "proposed by the agent",
        };
        writeln!(
            out,
            "  {} ({origin}): {}",
            iso_date(e.day),
            one_line(&e.words, 300)
        )?;
        if let Some(action) = &e.action {
            let target = action.paths.join(", ");
            writeln!(out, "    corrected call: {} {target}", action.tool)?;
            for line in action.command.iter().chain(&action.lines) {
                writeln!(out, "      {line}")?;
            }
        }
    }
    for d in &item.duplicates {
        writeln!(
            out,
            "May duplicate: {} \"{}\" ({:?})",
            d.source, d.title, d.relation
        )?;
    }
    if let Some(advice) = &item.advice {
        writeln!(out, "Advice: {advice}")?;
    }
    writeln!(out)?;
    match (item.kind, &item.pattern) {
        (ItemKind::Convention, _) | (_, None) => {
            writeln!(out, "Accepting writes {file}:\n\n{text}")?
        }
        (_, Some(pattern)) => writeln!(
            out,
            "Accepting adds a section \"{}\" to {pattern} (or pass --into another file).",
            proposed.title
        )?,
    }
    Ok(0)
}

fn accept_item(
    config: &Config,
    inbox: &Inbox,
    args: &AcceptArgs,
    json: bool,
    today: i64,
) -> anyhow::Result<i32> {
    let mut acceptance = Acceptance {
        title: args.title.clone(),
        rule: args.rule.clone(),
        paths: if args.no_paths {
            Some(Vec::new())
        } else {
            args.paths.clone()
        },
        languages: args.language.clone(),
        into: args.into.clone(),
        branch: args.branch.as_ref().map(|p| {
            if p.trim().is_empty() {
                config.learn.branch_prefix.clone()
            } else {
                p.clone()
            }
        }),
        text: None,
    };
    if args.edit {
        let state = inbox.state()?;
        let Some(item) = state.find(&args.id) else {
            bail!(
                "no inbox item `{}`; `lore inbox` lists the waiting ones",
                args.id
            );
        };
        acceptance.text = Some(edit(
            inbox.dir(),
            &render_new_pattern(&render_learned(item, today)),
        )?);
    }
    let accepted = accept(config, inbox, &args.id, &acceptance, today)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&accepted)?);
    } else {
        print!("{}", summary(&accepted.write));
    }
    Ok(0)
}

/// The proposed text edited in the user's editor.
fn edit(dir: &Path, text: &str) -> anyhow::Result<String> {
    let editor = ["VISUAL", "EDITOR"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|e| !e.trim().is_empty()))
        .unwrap_or_else(|| "vi".to_string());
    let (mut file, path) = create_exclusive(dir, std::ffi::OsStr::new("accept-"), ".md", 0o600)
        .context("cannot make a file to edit in the inbox folder")?;
    file.write_all(text.as_bytes())?;
    drop(file);
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$1\""))
        .arg("sh")
        .arg(&path)
        .status();
    let edited = std::fs::read_to_string(&path);
    let _ = std::fs::remove_file(&path);
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => bail!("the editor `{editor}` exited with {s}; nothing was written"),
        Err(e) => bail!("cannot run the editor `{editor}` ({e}); set VISUAL or EDITOR"),
    }
    Ok(edited?)
}

/// What a write did, for people.
fn summary(outcome: &WriteOutcome) -> String {
    let verb = match outcome.action {
        crate::services::author::WriteAction::Added => "Added",
        crate::services::author::WriteAction::Updated => "Updated",
        crate::services::author::WriteAction::Appended => "Added a section to",
    };
    let mut text = format!("{verb} {} and indexed it.\n", outcome.source);
    for issue in &outcome.ingest.errors {
        text.push_str(&format!("  indexing reported: {issue}\n"));
    }
    match &outcome.commit {
        CommitOutcome::Committed {
            commit,
            branch,
            new_branch,
        } => {
            let short: String = commit.chars().take(12).collect();
            text.push_str(&format!(
                "Committed {short} on {}branch {branch}.\n",
                if *new_branch { "the new review " } else { "" }
            ));
            if *new_branch {
                text.push_str(&format!(
                    "Push it and open a pull request: git push -u origin {branch}\n"
                ));
            }
        }
        CommitOutcome::NotCommitted { reason } => {
            text.push_str(&format!("Not committed: {reason}.\n"))
        }
    }
    text
}

fn seen(item: &Item) -> String {
    let sessions = item.session_count();
    if sessions > 1 {
        format!("seen {}× in {sessions} sessions", item.count)
    } else {
        format!("seen {}×", item.count)
    }
}

fn scope_line(item: &Item) -> String {
    let mut parts = Vec::new();
    if !item.scope.languages.is_empty() {
        parts.push(item.scope.languages.join(", "));
    }
    if !item.scope.paths.is_empty() {
        parts.push(item.scope.paths.join(", "));
    }
    parts.join(" · ")
}

fn one_line(text: &str, max: usize) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max {
        flat
    } else {
        format!("{}…", flat.chars().take(max).collect::<String>())
    }
}
