//! `lore why`'s text form: the call as the hook read it, one line per candidate with its
//! outcome and reason, and what was injected; for a session start, the text it primes.

use super::{MAX_SOURCE_COLUMN, Outcome, WhyReport};
use crate::core::sources::Harness;
use crate::services::hybrid::RetrievalMode;

pub(super) fn harness_name(harness: Harness) -> &'static str {
    match harness {
        Harness::ClaudeCode => "Claude Code",
        Harness::Codex => "the Codex CLI",
        Harness::Gemini => "the Gemini CLI",
        Harness::Copilot => "the Copilot CLI",
        Harness::Qwen => "Qwen Code",
        Harness::Cline => "Cline",
        Harness::OpenCode => "OpenCode",
    }
}

/// The report for a person: the call, then one line per candidate.
pub(in crate::adapters::cli) fn print_text(report: &WhyReport) {
    println!(
        "{} {}{} ({})",
        report.event,
        report.tool_name.as_deref().unwrap_or(""),
        report
            .path
            .as_deref()
            .map_or(String::new(), |p| format!(" {p}")),
        harness_name(report.harness)
    );
    if let Some(why) = &report.skipped {
        println!("  the hook searches nothing: {why}");
        return;
    }
    if report.primes {
        print_primed(report);
        return;
    }
    println!("  languages: {}", report.languages.join(" "));
    if !report.technologies.is_empty() || !report.project_technologies.is_empty() {
        let mut all = report.technologies.clone();
        all.extend(report.project_technologies.iter().cloned());
        println!("  tech:      {}", all.join(" "));
    }
    println!("  terms:     {}", report.terms.join(" "));
    println!(
        "  fts:       {}",
        report.fts.as_deref().unwrap_or("(no terms)")
    );
    for note in &report.notes {
        println!("  note:      {note}");
    }
    let session = match &report.session_id {
        Some(id) => format!("session {id} (dedup on)"),
        None => "no session (dedup off)".to_string(),
    };
    let retrieval = match report.retrieval {
        Some(RetrievalMode::Hybrid) => "hybrid",
        _ => "full text",
    };
    println!(
        "  budget:    {} chars; {retrieval}; {session}",
        report.budget.unwrap_or(0)
    );
    println!();
    if report.candidates.is_empty() {
        println!("  no candidate: no pattern holds the call's words, globs or technologies");
    }
    let width = report
        .candidates
        .iter()
        .map(|c| c.candidate.source.chars().count())
        .max()
        .unwrap_or(0)
        .min(MAX_SOURCE_COLUMN);
    for c in &report.candidates {
        println!(
            "  {:<14} {:<width$}  {}",
            c.outcome.label(),
            c.candidate.source,
            c.reason
        );
    }
    println!();
    print_sent("injected", report);
    let shown_before = report
        .candidates
        .iter()
        .filter(|c| c.outcome == Outcome::AlreadyShown)
        .count();
    if shown_before > 0
        && let Some(id) = &report.session_id
    {
        // Explaining a call that already ran: its own answer is in the session's record, so
        // what it injected reads as "shown before".
        println!(
            "note: {shown_before} kept pattern{} {} shown to session {id} before, by an \
             earlier call or by this one if it already ran; `lore why --session '' ...` \
             explains the call as a session's first",
            if shown_before == 1 { "" } else { "s" },
            if shown_before == 1 { "was" } else { "were" },
        );
    }
}

/// The closing line: what was sent, and how much of the budget it took.
fn print_sent(label: &str, report: &WhyReport) {
    println!(
        "{label}: {} ({} of {} chars)",
        if report.injected.is_empty() {
            "nothing".to_string()
        } else {
            report.injected.join(", ")
        },
        report.chars,
        report.budget.unwrap_or(0)
    );
}

/// A session start: no search, so its text, with which patterns it shows in full or part.
fn print_primed(report: &WhyReport) {
    let session = match &report.session_id {
        Some(id) => format!("session {id} (what it was shown is left out)"),
        None => "no session".to_string(),
    };
    println!(
        "  the hook primes the session, searching nothing: the project's patterns by title, then \
         those that always apply; {} chars; {session}",
        report.budget.unwrap_or(0)
    );
    println!();
    match &report.primed {
        Some(text) => {
            for line in text.lines() {
                if line.is_empty() {
                    println!();
                } else {
                    println!("    {line}");
                }
            }
        }
        None => println!("    (nothing: no pattern to list or show)"),
    }
    println!();
    print_sent("shown in full or part", report);
}
