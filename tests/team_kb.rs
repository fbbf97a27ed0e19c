//! A knowledge base written the way teams write theirs (`tests/fixtures/team_kb`: fourteen
//! one-topic files with a `# Title` and bullet rules, no frontmatter; a root `AGENTS.md` that
//! `CLAUDE.md` imports; nested guides for the web app, the API and the worker; a Cursor rule
//! without frontmatter) and tool calls judged by reading those files
//! (`tests/fixtures/team_kb_calls.json`): what each call needs, what may come, and that
//! everything else is noise. The hook runs as Claude Code calls it, session by session.
//!
//! What the harness loads and the folder a guide belongs to are rules, checked on every call.
//! How many needed files arrive and how much noise comes are measured over the set against a
//! floor that guards against accidental loss; the misses are printed when it fails.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use common::{Workspace, stderr, stdout};
use serde_json::{Value, json};

/// The share of needed files that must reach the agent over the set.
const RECALL_FLOOR: f64 = 0.75;
/// The most noise (files neither needed nor acceptable) among the blocks shown.
const NOISE_CEILING: f64 = 0.10;

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

/// One judged call.
struct Judged {
    id: String,
    payload: Value,
    /// The call's working directory, relative to the repository.
    cwd: PathBuf,
    needs: BTreeSet<String>,
    may: BTreeSet<String>,
}

fn judged_calls(root: &Path) -> Vec<Judged> {
    let set: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("team_kb_calls.json")).unwrap())
            .unwrap();
    let names = |v: &Value| -> BTreeSet<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    set["calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|call| {
            let cwd = PathBuf::from(call["cwd"].as_str().unwrap_or(""));
            let mut input = call["input"].clone();
            if let Some(file) = call["file"].as_str() {
                input["file_path"] = json!(root.join(file));
            }
            Judged {
                id: call["id"].as_str().unwrap().to_string(),
                payload: json!({
                    "session_id": format!("team-kb-{}", call["session"].as_str().unwrap()),
                    "transcript_path": "/nonexistent/transcript.jsonl",
                    "cwd": root.join(&cwd),
                    "hook_event_name": "PreToolUse",
                    "tool_name": call["tool"],
                    "tool_input": input,
                }),
                cwd,
                needs: names(&call["needs"]),
                may: names(&call["may"]),
            }
        })
        .collect()
}

/// The repository-relative files whose blocks an injected text holds (a block starts with
/// `## <path>`, the path relative to the call's working directory or absolute).
fn shown_files(text: &str, root: &Path, cwd: &Path) -> BTreeSet<String> {
    text.lines()
        .filter_map(|line| line.strip_prefix("## "))
        .filter(|path| path.ends_with(".md") || path.ends_with(".mdc"))
        .map(|path| {
            let path = Path::new(path);
            let full = if path.is_absolute() {
                path.to_path_buf()
            } else {
                root.join(cwd).join(path)
            };
            let mut parts: Vec<String> = Vec::new();
            for part in full.strip_prefix(root).unwrap_or(&full).components() {
                match part {
                    Component::ParentDir => {
                        parts.pop();
                    }
                    Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
                    _ => {}
                }
            }
            parts.join("/")
        })
        .collect()
}

#[test]
fn a_teams_own_rule_files_reach_the_calls_that_need_them() {
    let ws = Workspace::copy_of(&fixture("team_kb"));
    ws.write(
        "lore.toml",
        "knowledge_dir = \"docs/conventions\"\n\n[search]\nhybrid = false\n",
    );
    let ingest = ws.lore().arg("ingest").output().unwrap();
    assert!(ingest.status.success(), "{}", stderr(&ingest));
    let root = ws.root().canonicalize().unwrap();

    let mut needed = 0;
    let mut arrived = 0;
    let mut blocks = 0;
    let mut noise = 0;
    let mut report = Vec::new();
    for call in judged_calls(&root) {
        let out = ws.hook(&call.payload.to_string());
        assert_eq!(out.status.code(), Some(0), "{}: {}", call.id, stderr(&out));
        let line = stdout(&out);
        let text = if line.trim().is_empty() {
            String::new()
        } else {
            let reply: Value = serde_json::from_str(line.trim()).unwrap();
            reply["hookSpecificOutput"]["additionalContext"]
                .as_str()
                .unwrap()
                .to_string()
        };
        let shown = shown_files(&text, &root, &call.cwd);

        // Claude Code loads CLAUDE.md and the AGENTS.md it imports itself.
        for loaded in ["CLAUDE.md", "AGENTS.md"] {
            assert!(
                !shown.contains(loaded),
                "{}: {loaded} is loaded by Claude Code, yet sent again:\n{text}",
                call.id
            );
        }
        // A nested guide belongs to its folder.
        for guide in shown.iter().filter(|f| f.ends_with("/AGENTS.md")) {
            let folder = guide.trim_end_matches("AGENTS.md");
            let file = call.payload["tool_input"]["file_path"]
                .as_str()
                .map(|f| Path::new(f).strip_prefix(&root).unwrap().to_path_buf())
                .unwrap_or_else(|| call.cwd.join("x"));
            assert!(
                file.starts_with(folder),
                "{}: {guide} came for {} outside its folder",
                call.id,
                file.display()
            );
        }

        needed += call.needs.len();
        let hits = call.needs.intersection(&shown).count();
        arrived += hits;
        let extra: Vec<&String> = shown
            .iter()
            .filter(|f| !call.needs.contains(*f) && !call.may.contains(*f))
            .collect();
        blocks += shown.len();
        noise += extra.len();
        report.push(format!(
            "{:<14} needs {}/{}  shown {:?}  noise {:?}",
            call.id,
            hits,
            call.needs.len(),
            shown,
            extra
        ));
    }
    let recall = arrived as f64 / needed as f64;
    let noise_share = noise as f64 / blocks.max(1) as f64;
    let report = report.join("\n");
    assert!(
        recall >= RECALL_FLOOR,
        "needed files that arrived: {recall:.2} < {RECALL_FLOOR}\n{report}"
    );
    assert!(
        noise_share <= NOISE_CEILING,
        "noise share {noise_share:.2} > {NOISE_CEILING}\n{report}"
    );
}

#[test]
fn calls_that_need_no_convention_get_none() {
    let ws = Workspace::copy_of(&fixture("team_kb"));
    ws.write(
        "lore.toml",
        "knowledge_dir = \"docs/conventions\"\n\n[search]\nhybrid = false\n",
    );
    let root = ws.root().canonicalize().unwrap();
    for call in judged_calls(&root)
        .into_iter()
        .filter(|c| c.needs.is_empty())
    {
        let out = ws.hook(&call.payload.to_string());
        let line = stdout(&out);
        let shown = if line.trim().is_empty() {
            BTreeSet::new()
        } else {
            let reply: Value = serde_json::from_str(line.trim()).unwrap();
            shown_files(
                reply["hookSpecificOutput"]["additionalContext"]
                    .as_str()
                    .unwrap(),
                &root,
                &call.cwd,
            )
        };
        assert!(
            shown.is_subset(&call.may),
            "{}: {shown:?} for a call that needs nothing",
            call.id
        );
    }
}
