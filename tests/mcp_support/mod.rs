//! Shared set-up for the MCP tests: a temp workspace (lore.toml, two patterns, optional git)
//! and a `lore serve` child spoken to in raw newline-delimited JSON-RPC.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

pub const ERRORS_MD: &str =
    "---\ntags: [errors, rust]\n---\n# Errors\n\nUse thiserror enums; never unwrap at runtime.\n";
pub const TESTING_MD: &str = "# Testing\n\nSnapshot what agents read with insta.\n";

/// A temp directory holding `lore.toml` and `patterns/`, and a private state directory
/// beside it (where the review inbox lives).
pub struct Workspace {
    dir: tempfile::TempDir,
    state: tempfile::TempDir,
}

impl Workspace {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::write(
            root.join("lore.toml"),
            "knowledge_dir = \"patterns\"\n\n[search]\nhybrid = false\n",
        )
        .unwrap();
        std::fs::create_dir_all(root.join("patterns")).unwrap();
        std::fs::write(root.join("patterns/errors.md"), ERRORS_MD).unwrap();
        std::fs::write(root.join("patterns/testing.md"), TESTING_MD).unwrap();
        let state = tempfile::tempdir().unwrap();
        Self { dir, state }
    }

    /// The review inbox's state directory (`XDG_STATE_HOME` of every `lore` run here).
    pub fn state_dir(&self) -> PathBuf {
        self.state.path().to_path_buf()
    }

    /// Make the workspace a git repository with everything committed (the index ignored).
    pub fn git(self) -> Self {
        std::fs::write(self.root().join(".gitignore"), ".lore/\n").unwrap();
        for args in [
            &["init", "-q", "-b", "main"][..],
            &["add", "."],
            &[
                "-c",
                "user.name=test",
                "-c",
                "user.email=test@localhost",
                "commit",
                "-qm",
                "initial",
            ],
        ] {
            self.git_cmd(args);
        }
        self
    }

    pub fn git_cmd(&self, args: &[&str]) -> String {
        let out = Command::new("git")
            .arg("-C")
            .arg(self.root())
            .args(args)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    }

    pub fn git_log(&self) -> String {
        self.git_cmd(&["log", "--format=%s"])
    }

    pub fn git_status(&self) -> String {
        self.git_cmd(&["status", "--porcelain"])
    }

    pub fn root(&self) -> PathBuf {
        self.dir.path().canonicalize().unwrap()
    }

    pub fn patterns(&self) -> PathBuf {
        self.root().join("patterns")
    }

    pub fn read(&self, source: &str) -> String {
        std::fs::read_to_string(self.patterns().join(source)).unwrap()
    }

    /// Pattern files on disk, relative to the knowledge dir, sorted.
    pub fn pattern_files(&self) -> Vec<String> {
        let mut files = Vec::new();
        collect(&self.patterns(), &self.patterns(), &mut files);
        files.sort();
        files
    }

    /// Every file in the workspace is lore's own or inside `patterns/`.
    pub fn assert_nothing_outside(&self) {
        for entry in std::fs::read_dir(self.root()).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            assert!(
                [
                    "lore.toml",
                    "patterns",
                    ".lore",
                    ".git",
                    ".gitignore",
                    "outside"
                ]
                .contains(&name.as_str()),
                "unexpected {name} in the workspace"
            );
        }
        let parent = self.root().parent().unwrap().to_path_buf();
        assert!(!parent.join("outside").exists());
    }

    /// `lore` in the workspace, without lore's own environment variables (a developer's
    /// `LORE_CONFIG` would outrank the workspace's lore.toml; `LORE_DEBUG` and `LORE_TRACE`
    /// change what it prints; `LORE_MCP_BRANCH_PREFIX` where it commits).
    pub fn lore(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_lore"));
        cmd.current_dir(self.root())
            .env_remove("LORE_CONFIG")
            .env_remove("LORE_DEBUG")
            .env_remove("LORE_TRACE")
            .env_remove("LORE_MCP_BRANCH_PREFIX")
            .env("XDG_STATE_HOME", self.state.path())
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1");
        cmd
    }

    pub fn status_json(&self) -> Value {
        let out = self.lore().args(["status", "--json"]).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        serde_json::from_slice(&out.stdout).unwrap()
    }
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let meta = std::fs::symlink_metadata(&path).unwrap();
        if meta.is_dir() {
            collect(root, &path, files);
        } else if meta.is_file() {
            let rel = path.strip_prefix(root).unwrap().to_string_lossy();
            files.push(rel.replace('\\', "/"));
        }
    }
}

/// A running `lore serve`, initialised.
pub struct Server {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    next_id: u64,
    /// Replies read while waiting for another id.
    pending: Vec<Value>,
}

impl Server {
    pub fn start(ws: &Workspace) -> Self {
        Self::start_with(ws.lore().arg("serve"))
    }

    pub fn start_with(cmd: &mut Command) -> Self {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut server = Self {
            child,
            stdin,
            lines,
            next_id: 0,
            pending: Vec::new(),
        };
        let init = server.request(
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "lore-tests", "version": "0"}
            }),
        );
        assert!(init["result"]["serverInfo"]["name"] == "lore", "{init}");
        server.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        server
    }

    /// The server's process id (some names lore used to derive from it).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn send_raw(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// One line of raw bytes (a newline is added), valid UTF-8 or not.
    pub fn send_bytes(&mut self, line: &[u8]) {
        self.stdin.write_all(line).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line the server prints, as JSON (panics after 60 s of silence).
    pub fn read_reply(&mut self) -> Value {
        let line = self
            .lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the server answered within 60 s");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"))
    }

    pub fn send(&mut self, method: &str, params: Value) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        let msg = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send_raw(&msg.to_string());
        id
    }

    pub fn send_tool(&mut self, name: &str, arguments: Value) -> u64 {
        self.send("tools/call", json!({"name": name, "arguments": arguments}))
    }

    /// The replies to `ids`, in the order of `ids`.
    pub fn replies_for(&mut self, ids: &[u64]) -> Vec<Value> {
        let wanted = |v: &Value, id: u64| v["id"] == json!(id);
        while !ids
            .iter()
            .all(|id| self.pending.iter().any(|v| wanted(v, *id)))
        {
            let reply = self.read_reply();
            self.pending.push(reply);
        }
        ids.iter()
            .map(|id| {
                let at = self.pending.iter().position(|v| wanted(v, *id)).unwrap();
                self.pending.remove(at)
            })
            .collect()
    }

    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send(method, params);
        self.replies_for(&[id]).remove(0)
    }

    pub fn call_tool(&mut self, name: &str, arguments: Value) -> Value {
        let id = self.send_tool(name, arguments);
        self.replies_for(&[id]).remove(0)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The JSON-RPC error code of a reply, if it is an error.
pub fn error_code(reply: &Value) -> Option<i64> {
    reply["error"]["code"].as_i64()
}

pub fn error_message(reply: &Value) -> String {
    reply["error"]["message"].as_str().unwrap_or("").to_string()
}

/// The text of a tool result's first content block.
pub fn tool_text(reply: &Value) -> String {
    reply["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("not a tool result: {reply}"))
        .to_string()
}
