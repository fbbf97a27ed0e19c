//! What capture adds to the prompt hook: `services::learn::capture_prompt` (the cue grammar,
//! and for a prompt with a cue one locked append to the inbox in a private folder), timed in
//! process on every prompt of the judged learning set (`eval/learn/sessions.json`: typed
//! prompts, corrections and hard negatives) and on pastes of 20 KB and 200 KB. Prints p50,
//! p99 and the largest time for prompts without a cue (nothing is written) and with one.
//! Run: `cargo bench --bench capture`. Target: p99 at most 0.2 ms in both rows.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::Path;
use std::time::Instant;

use lore::core::config::Config;
use lore::core::learn::NoteCues;
use lore::services::learn::{Inbox, PromptOrigin, capture_prompt};

/// Appends between two resets of the pending file (untimed), so it never nears its cap.
const RESET_EVERY: usize = 500;

fn prompts() -> Vec<String> {
    let set = Path::new(env!("CARGO_MANIFEST_DIR")).join("eval/learn/sessions.json");
    let judged: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(set).unwrap()).unwrap();
    let mut prompts: Vec<String> = judged["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| [s["task"].as_str(), s["said"].as_str()])
        .flatten()
        .map(String::from)
        .collect();
    let log_line = "2026-11-28T10:00:01Z INFO request served path=/api/items status=200 ms=12\n";
    prompts.push(format!(
        "the server logs this, why?\n```\n{}```",
        log_line.repeat(20_000 / log_line.len())
    ));
    prompts.push(format!(
        "no, use `structlog` not logging. here is the whole file:\n{}",
        "    logger.info(\"charging %s\", customer_id)\n".repeat(200_000 / 44)
    ));
    prompts
}

fn main() {
    let rounds = if support::full_run() { 400 } else { 2 };
    let dir = tempfile::tempdir().unwrap();
    let config: Config = lore::core::config::parse_config(
        &dir.path().join("lore.toml"),
        "knowledge_dir = \"patterns\"\n",
    )
    .unwrap();
    let inbox = Inbox::in_root(&dir.path().join("state"), &config);
    let cues = NoteCues::default();
    let origin = PromptOrigin {
        session_id: Some("bench"),
        transcript_path: Some("/nonexistent/transcript.jsonl"),
        cwd: Some("/home/dev/app"),
        harness: Some("claude-code"),
    };
    let (mut quiet, mut cued) = (Vec::new(), Vec::new());
    let mut appended = 0;
    let prompts = prompts();
    for _ in 0..rounds {
        for prompt in &prompts {
            let start = Instant::now();
            let n = capture_prompt(
                || Ok(inbox.clone()),
                &cues,
                prompt,
                &origin,
                Vec::new,
                20_000,
            )
            .unwrap();
            let ms = start.elapsed().as_secs_f64() * 1e3;
            if n == 0 {
                quiet.push(ms);
            } else {
                cued.push(ms);
                appended += 1;
                if appended % RESET_EVERY == 0 {
                    std::fs::remove_file(inbox.dir().join("pending.jsonl")).unwrap();
                }
            }
        }
    }
    println!("| prompts | captured | p50 | p99 | max |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (label, times) in [("without a cue", &mut quiet), ("with a cue", &mut cued)] {
        let max = times.iter().copied().fold(0.0, f64::max);
        let p50 = support::percentile(times, 0.5);
        let p99 = support::percentile(times, 0.99);
        println!(
            "| {label} | {} calls | {:.3} ms | {:.3} ms | {:.3} ms |",
            times.len(),
            p50,
            p99,
            max
        );
    }
}
