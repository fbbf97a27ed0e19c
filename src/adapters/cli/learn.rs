//! `lore learn scan`: backfill the review inbox from saved sessions. Reads Claude Code's
//! transcripts (`$CLAUDE_CONFIG_DIR/projects`, else `~/.claude/projects`) and Codex's
//! rollouts (`$CODEX_HOME/sessions`, else `~/.codex/sessions`), or the files and folders
//! given, keeps the sessions run inside this repository, and offers the corrections they
//! hold; each is read once however often the scan runs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::json;

use super::args::{LearnAction, LearnArgs, ScanArgs};
use super::timestamp::today;
use crate::adapters::claude::session_entries as claude_entries;
use crate::adapters::codex::session_entries as codex_entries;
use crate::core::config::Config;
use crate::core::learn::exchange::corrections;
use crate::services::learn::{
    Classifier, Inbox, SettleReport, note_cues, offer_found, review_index,
};

/// Most session files read in one scan.
const MAX_FILES: usize = 5_000;

pub fn run(config: &Config, args: &LearnArgs) -> anyhow::Result<i32> {
    match &args.action {
        LearnAction::Scan(scan) => run_scan(config, scan),
    }
}

fn run_scan(config: &Config, args: &ScanArgs) -> anyhow::Result<i32> {
    let roots: Vec<PathBuf> = if args.paths.is_empty() {
        default_session_dirs()
    } else {
        args.paths.clone()
    };
    let files = session_files(&roots);
    let inbox = Inbox::open(config)?;
    let index = review_index(config, Duration::from_secs(2));
    let classifier = Classifier::new(config, index.as_ref());
    let repository = config
        .repository_root()
        .map(|r| r.canonicalize().unwrap_or_else(|_| r.to_path_buf()));
    let cues = note_cues(config);
    let today = today();
    let (mut read, mut other_projects) = (0usize, 0usize);
    let mut total = SettleReport::default();
    for file in &files {
        let codex = is_codex_rollout(file);
        let cwd = if codex {
            codex_entries::session_cwd(file)
        } else {
            claude_entries::session_cwd(file)
        };
        let inside = match (&repository, &cwd) {
            (Some(repo), Some(cwd)) => Path::new(cwd).starts_with(repo),
            _ => false,
        };
        if !inside && !args.any_project {
            other_projects += 1;
            continue;
        }
        let entries = if codex {
            codex_entries::read_entries(file, claude_entries::SCAN_BYTES)
        } else {
            claude_entries::read_entries(file, claude_entries::SCAN_BYTES)
        };
        let Some(entries) = entries else { continue };
        read += 1;
        let found = corrections(&entries, &cues);
        if found.is_empty() {
            continue;
        }
        let report = offer_found(
            &inbox,
            &classifier,
            &file.display().to_string(),
            cwd.as_deref(),
            &found,
            today,
        )?;
        total.new += report.new;
        total.raised += report.raised;
        total.refused += report.refused;
    }
    if args.json {
        println!(
            "{}",
            json!({
                "sessions_read": read,
                "other_projects": other_projects,
                "new": total.new,
                "raised": total.raised,
                "refused": total.refused,
            })
        );
    } else {
        println!(
            "Read {read} saved {} of this repository ({other_projects} of other projects left alone): {} new {}, {} raised, {} refused as rejected before.",
            if read == 1 { "session" } else { "sessions" },
            total.new,
            if total.new == 1 { "item" } else { "items" },
            total.raised,
            total.refused
        );
        if total.new + total.raised > 0 {
            println!("Review them with `lore inbox`.");
        }
    }
    Ok(0)
}

/// Where Claude Code and Codex keep saved sessions.
fn default_session_dirs() -> Vec<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let home = var("HOME");
    let claude = var("CLAUDE_CONFIG_DIR").or_else(|| home.as_ref().map(|h| h.join(".claude")));
    let codex = var("CODEX_HOME").or_else(|| home.as_ref().map(|h| h.join(".codex")));
    claude
        .map(|c| c.join("projects"))
        .into_iter()
        .chain(codex.map(|c| c.join("sessions")))
        .collect()
}

/// The `.jsonl` files in `roots` (files as given, folders walked without following links),
/// sorted, at most [`MAX_FILES`].
fn session_files(roots: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for root in roots {
        for entry in walkdir::WalkDir::new(root)
            .max_depth(8)
            .into_iter()
            .flatten()
        {
            let path = entry.path();
            if entry.file_type().is_file() && path.extension().is_some_and(|e| e == "jsonl") {
                files.push(path.to_path_buf());
            }
        }
    }
    files.sort();
    files.dedup();
    files.truncate(MAX_FILES);
    files
}

/// Whether a session file is a Codex rollout (its first line is `session_meta`).
fn is_codex_rollout(path: &Path) -> bool {
    use std::io::{BufRead, BufReader, Read};
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut first = String::new();
    let _ = BufReader::new(file.take(64 * 1024)).read_line(&mut first);
    first.contains("\"session_meta\"")
}
