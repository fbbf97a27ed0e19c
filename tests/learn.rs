//! Learning from corrections through the binary: the prompt hook keeps a correction without
//! changing its answer, Stop settles it with the corrected call from the transcript and
//! prints nothing, `lore inbox` accepts it as a committed, learned pattern that the
//! corrected call then gets, a rejected one never comes back, session start tells the user,
//! `lore learn scan` backfills, and nothing secret is ever written to the inbox.

// Test helpers panic on purpose: a failed set-up step should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use common::{Workspace, stderr, stdout};
use serde_json::{Value, json};

const SESSION: &str = "learn-session-1";

/// A git repository with lore set up, one pattern about something else, an app file.
fn repository() -> Workspace {
    let ws = Workspace::new();
    ws.pattern(
        "errors.md",
        "# Error handling\n\nWrap errors with context.\n",
    )
    .write(
        "app/services/payments.py",
        "def charge(amount):\n    return amount\n",
    )
    .write(".gitignore", ".lore/\n.env/\n");
    git(&ws, &["init", "-q", "-b", "main"]);
    git(&ws, &["add", "-A"]);
    git(&ws, &["commit", "-qm", "initial"]);
    let out = ws.lore().arg("ingest").output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    ws
}

fn git(ws: &Workspace, args: &[&str]) -> String {
    common::git(ws.root(), args)
}

/// A transcript as Claude Code writes it: the agent edited the payment service with the
/// stdlib logger, said it was done, and the user typed `correction`.
fn transcript(ws: &Workspace, name: &str, correction: &str, secret_line: &str) -> PathBuf {
    let file = ws.path("app/services/payments.py").display().to_string();
    let lines = [
        json!({"type":"user","cwd": ws.root().display().to_string(),"message":{"role":"user","content":"Add logging to the payment service."}}),
        json!({"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_1","name":"Edit","input":{
            "file_path": file,
            "old_string":"def charge(amount):",
            "new_string": format!("import logging\n{secret_line}\nlog = logging.getLogger(__name__)\n\ndef charge(amount):")}}]}}),
        json!({"type":"user","message":{"content":[{"tool_use_id":"toolu_1","type":"tool_result","content":"The file has been updated successfully."}]}}),
        json!({"type":"assistant","message":{"content":[{"type":"text","text":"Done: the service logs each charge."}]}}),
        json!({"type":"user","message":{"role":"user","content": correction}}),
    ];
    let text: Vec<String> = lines.iter().map(Value::to_string).collect();
    let path = ws.path(&format!(".env/home/.claude/projects/p/{name}.jsonl"));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text.join("\n")).unwrap();
    path
}

fn prompt(ws: &Workspace, session: &str, transcript: &Path, text: &str) -> std::process::Output {
    ws.hook(
        &json!({"hook_event_name":"UserPromptSubmit","session_id":session,"cwd":ws.root(),
                "transcript_path":transcript,"prompt":text})
        .to_string(),
    )
}

fn stop(ws: &Workspace, session: &str, transcript: &Path) -> std::process::Output {
    ws.hook(
        &json!({"hook_event_name":"Stop","session_id":session,"cwd":ws.root(),
                "transcript_path":transcript,"stop_hook_active":false})
        .to_string(),
    )
}

fn inbox_json(ws: &Workspace) -> Value {
    let out = ws.lore().args(["inbox", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Every file lore keeps for the review inbox, with its text.
fn inbox_files(ws: &Workspace) -> Vec<(PathBuf, String)> {
    walkdir::WalkDir::new(ws.path(".env/state"))
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let text = std::fs::read_to_string(e.path()).unwrap_or_default();
            (e.path().to_path_buf(), text)
        })
        .collect()
}

const CORRECTION: &str = "no, we use structlog here, not logging";

#[test]
fn a_correction_becomes_an_accepted_learned_pattern_the_corrected_call_then_gets() {
    let ws = repository();
    let t = transcript(&ws, "s1", CORRECTION, "");
    // The prompt hook keeps the correction; Stop settles it and says nothing.
    let out = prompt(&ws, SESSION, &t, CORRECTION);
    assert!(out.status.success());
    assert_eq!(stderr(&out), "");
    let out = stop(&ws, SESSION, &t);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "", "Stop never answers");
    assert_eq!(stderr(&out), "");

    let items = inbox_json(&ws);
    assert_eq!(items.as_array().unwrap().len(), 1, "{items:#}");
    let item = &items[0];
    assert_eq!(item["kind"], "convention");
    assert_eq!(item["rule"], "Use structlog here, not logging.");
    assert_eq!(item["scope"]["languages"], json!(["python"]));
    assert_eq!(item["scope"]["paths"], json!(["app/services/**/*.py"]));
    let action = &item["evidence"][0]["action"];
    assert_eq!(action["tool"], "Edit");
    assert_eq!(action["paths"], json!(["app/services/payments.py"]));
    assert_eq!(action["lines"][0], "import logging");

    // Accepted: an ordinary pattern, marked learned, indexed and committed.
    let id = item["id"].as_str().unwrap();
    let out = ws.lore().args(["inbox", "accept", id]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stdout(&out);
    assert!(
        said.contains("and indexed it") && said.contains("Committed"),
        "{said}"
    );
    let file = ws.path("patterns/use-structlog-here-not-logging.md");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("---\ntags: [\"learned\"]\nlanguage: [\"python\"]\npaths: [\"app/services/**/*.py\"]\nlearned: \""), "{text}");
    assert!(
        text.contains("\n# Use structlog here, not logging\n"),
        "{text}"
    );
    let log = git(&ws, &["log", "--format=%s%n%b", "-1"]);
    assert!(
        log.starts_with("lore: add pattern \"Use structlog here, not logging\""),
        "{log}"
    );
    assert!(log.contains("lore inbox accept"), "{log}");
    assert_eq!(git(&ws, &["status", "--porcelain"]), "");
    assert_eq!(inbox_json(&ws), json!([]));

    // Replaying the corrected call in a new session injects it.
    let replay = json!({"hook_event_name":"PreToolUse","session_id":"next","cwd":ws.root(),
        "tool_name":"Edit","tool_input":{"file_path": ws.path("app/services/payments.py"),
        "old_string":"def charge(amount):","new_string":"import logging\ndef charge(amount):"}});
    let out = ws.hook(&replay.to_string());
    assert!(
        stdout(&out).contains("use-structlog-here-not-logging.md"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn capture_never_changes_the_prompt_hooks_answer() {
    let on = repository();
    let off = repository();
    off.write(
        "lore.toml",
        &format!("{}\n[learn]\ncapture = false\n", common::FTS_CONFIG),
    );
    let prompt_text = "no, we never wrap errors with context in the payment service, use `PaymentError` instead of anyhow";
    let t_on = transcript(&on, "s", prompt_text, "");
    let t_off = transcript(&off, "s", prompt_text, "");
    let a = prompt(&on, SESSION, &t_on, prompt_text);
    let b = prompt(&off, SESSION, &t_off, prompt_text);
    assert!(a.status.success() && b.status.success());
    let strip = |ws: &Workspace, out: &std::process::Output| ws.filter(&stdout(out));
    assert_eq!(strip(&on, &a), strip(&off, &b));
    assert!(!strip(&on, &a).is_empty(), "the prompt gets its patterns");
    assert!(!inbox_files(&on).is_empty(), "captured with capture on");
    assert!(
        inbox_files(&off).is_empty(),
        "nothing kept with capture off"
    );
}

#[test]
fn generated_prompts_and_junk_are_never_kept() {
    let ws = repository();
    let t = transcript(&ws, "s", "x", "");
    for text in [
        "<task-notification><task-id>b1</task-id><status>completed</status><summary>use pnpm, not npm</summary></task-notification>",
        "<command-message>review</command-message> we don't use default exports",
        "/review use pnpm instead of npm",
        "no worries",
        "why not use pathlib instead of os.path?",
        "Add a settings page. Don't use any external libraries.",
        "```\nERROR: use retries instead of sleep\n```\nwhat does this mean",
    ] {
        let out = prompt(&ws, SESSION, &t, text);
        assert!(out.status.success());
    }
    // A subagent's prompt is the parent agent's words, not the user's.
    ws.hook(
        &json!({"hook_event_name":"UserPromptSubmit","session_id":SESSION,"agent_id":"a1",
                "cwd":ws.root(),"prompt":"we don't use default exports"})
        .to_string(),
    );
    assert!(inbox_files(&ws).is_empty(), "{:?}", inbox_files(&ws));
    let out = stop(&ws, SESSION, &t);
    assert_eq!(stdout(&out), "");
    // A Stop with nothing to settle leaves no trace on disk.
    assert!(inbox_files(&ws).is_empty(), "{:?}", inbox_files(&ws));
    assert_eq!(inbox_json(&ws), json!([]));
}

#[test]
fn a_refused_call_with_a_reason_is_settled_once() {
    let ws = repository();
    let t = transcript(&ws, "s", "thanks", "");
    let mut text = std::fs::read_to_string(&t).unwrap();
    text.push('\n');
    text.push_str(&json!({"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_9","name":"Write","input":{
        "file_path": ws.path("web/src/Button.tsx"), "content":"export default function Button() {}"}}]}}).to_string());
    text.push('\n');
    text.push_str(&json!({"type":"user","message":{"content":[{"tool_use_id":"toolu_9","type":"tool_result","is_error":true,
        "content":"The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nnamed exports only, we don't use default exports"}]}}).to_string());
    std::fs::write(&t, text).unwrap();
    for _ in 0..2 {
        let out = stop(&ws, SESSION, &t);
        assert_eq!(stdout(&out), "");
    }
    let items = inbox_json(&ws);
    assert_eq!(items.as_array().unwrap().len(), 1, "{items:#}");
    assert_eq!(items[0]["count"], 1, "read once: {items:#}");
    assert_eq!(items[0]["evidence"][0]["origin"], "rejection");
    assert_eq!(items[0]["avoid"][0]["text"], "default exports");
    assert_eq!(
        items[0]["evidence"][0]["action"]["paths"],
        json!(["web/src/Button.tsx"])
    );
}

#[test]
fn repeats_raise_an_item_and_a_rejected_one_never_comes_back() {
    let ws = repository();
    for (n, text) in ["we don't use moment", "no, prefer date-fns over moment"]
        .iter()
        .enumerate()
    {
        let session = format!("s{n}");
        let t = transcript(&ws, &session, text, "");
        prompt(&ws, &session, &t, text);
        stop(&ws, &session, &t);
    }
    let items = inbox_json(&ws);
    assert_eq!(items.as_array().unwrap().len(), 1, "merged: {items:#}");
    assert_eq!(items[0]["count"], 2);
    assert_eq!(items[0]["sessions"].as_array().unwrap().len(), 2);
    let id = items[0]["id"].as_str().unwrap().to_string();
    let out = ws
        .lore()
        .args(["inbox", "reject", &id[..5]])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let t = transcript(&ws, "s9", "use date-fns instead of moment", "");
    prompt(&ws, "s9", &t, "use date-fns instead of moment");
    stop(&ws, "s9", &t);
    assert_eq!(inbox_json(&ws), json!([]));
    for (path, text) in inbox_files(&ws) {
        assert!(
            !text.contains("moment"),
            "{} keeps the rejected words",
            path.display()
        );
    }
}

#[test]
fn session_start_tells_the_user_and_never_the_model() {
    let ws = repository();
    let payload = json!({"hook_event_name":"SessionStart","source":"startup","session_id":"s0","cwd":ws.root()}).to_string();
    let quiet = ws.hook(&payload);
    assert!(
        !stdout(&quiet).contains("systemMessage"),
        "{}",
        stdout(&quiet)
    );
    let t = transcript(&ws, "s", CORRECTION, "");
    prompt(&ws, SESSION, &t, CORRECTION);
    let out = ws.hook(&payload.replace("s0", "s2"));
    let answer: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        answer["systemMessage"],
        "lore: 1 correction from your sessions waits for review: run `lore inbox`"
    );
    let context = answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap();
    assert!(!context.contains("lore inbox"), "{context}");
    assert_eq!(
        answer["hookSpecificOutput"]["hookEventName"],
        "SessionStart"
    );
}

#[test]
fn no_secret_reaches_the_inbox() {
    let ws = repository();
    let token = "ghp_R8xQ2mVb7Lk4Tz9Wc1Ys5Nd3Hf6Jp0Ae2Gu4";
    let aws = "AKIAIOSFODNN7EXAMPLE";
    let secret_line = format!("API_TOKEN = \"{token}\"  # {aws}");
    let said = format!(
        "remember: deploys read the token from vault, never inline it like {token}\nno, use `structlog` with password={token}, not logging"
    );
    let t = transcript(&ws, "s", &said, &secret_line);
    prompt(&ws, SESSION, &t, &said);
    stop(&ws, SESSION, &t);
    let files = inbox_files(&ws);
    assert!(
        files.iter().any(|(p, _)| p.ends_with("state.json")),
        "{files:?}"
    );
    let kept: usize = files
        .iter()
        .map(|(_, t)| t.matches("[REDACTED]").count())
        .sum();
    assert!(kept >= 2, "{files:#?}");
    for (path, text) in &files {
        for secret in [token, aws] {
            assert!(
                !text.contains(secret),
                "{} holds a secret:\n{text}",
                path.display()
            );
        }
    }
    let show = ws.lore().args(["inbox", "--json"]).output().unwrap();
    assert!(!stdout(&show).contains(token));
}

#[test]
fn scan_backfills_from_saved_sessions_once() {
    let ws = repository();
    transcript(&ws, "saved", "no, use `httpx` instead of requests", "");
    let dir = ws.path(".env/home/.claude/projects");
    for _ in 0..2 {
        let out = ws
            .lore()
            .args(["learn", "scan", "--json"])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let items = inbox_json(&ws);
    assert_eq!(items.as_array().unwrap().len(), 1, "{items:#}");
    assert_eq!(items[0]["count"], 1, "each session is read once");
    assert_eq!(items[0]["evidence"][0]["origin"], "scan");
    assert_eq!(items[0]["prefer"][0]["text"], "httpx");
    // A session of another project is left alone.
    let other = Workspace::new();
    let out = other
        .lore()
        .args(["learn", "scan", "--json"])
        .arg(&dir)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["sessions_read"], 0, "{report}");
    assert_eq!(report["other_projects"], 1, "{report}");
}

#[test]
fn a_scan_does_not_bring_back_what_the_hook_read_from_the_same_session() {
    let ws = repository();
    let t = transcript(&ws, "s1", CORRECTION, "");
    assert!(prompt(&ws, SESSION, &t, CORRECTION).status.success());
    assert!(stop(&ws, SESSION, &t).status.success());
    let id = inbox_json(&ws)[0]["id"].as_str().unwrap().to_string();
    let out = ws.lore().args(["inbox", "accept", &id]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let scan = || -> Value {
        let out = ws
            .lore()
            .args(["learn", "scan", "--json"])
            .arg(ws.path(".env/home/.claude/projects"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // The saved session still holds the correction the hook read while it ran; accepted,
    // it is not offered again, as feedback on the pattern it became or otherwise.
    let report = scan();
    assert_eq!(report["sessions_read"], 1, "{report}");
    assert_eq!(report["new"], 0, "{report}");
    assert_eq!(inbox_json(&ws), json!([]));
    // A session the hook never saw is still read.
    transcript(&ws, "s2", "no, use `httpx` instead of requests", "");
    assert_eq!(scan()["new"], 1);
}

#[test]
fn inbox_commands_show_snooze_and_refuse_unknown_ids() {
    let ws = repository();
    let t = transcript(&ws, "s", CORRECTION, "");
    prompt(&ws, SESSION, &t, CORRECTION);
    let list = ws.lore().arg("inbox").output().unwrap();
    let text = ws.filter(&stdout(&list));
    let id = inbox_json(&ws)[0]["id"].as_str().unwrap().to_string();
    insta::assert_snapshot!("inbox_list", text.replace(&id, "[ID]"));
    let show = ws.lore().args(["inbox", "show", &id]).output().unwrap();
    let shown = stdout(&show);
    assert!(
        shown.contains("Accepting writes use-structlog-here-not-logging.md"),
        "{shown}"
    );
    assert!(
        shown.contains("corrected call: Edit app/services/payments.py"),
        "{shown}"
    );
    let out = ws
        .lore()
        .args(["inbox", "snooze", &id, "--days", "3"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(inbox_json(&ws), json!([]));
    let all = ws.lore().args(["inbox", "--all"]).output().unwrap();
    assert!(stdout(&all).contains("snoozed until"), "{}", stdout(&all));
    let out = ws
        .lore()
        .args(["inbox", "accept", "ffffffff"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no inbox item `ffffffff`; `lore inbox` lists"),
        "{}",
        stderr(&out)
    );
}
