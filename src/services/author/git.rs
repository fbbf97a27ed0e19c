//! Committing an agent's write when the knowledge dir is inside a git repository, through
//! the `git` command line. Only the written file is committed; other staged or unstaged
//! changes are left alone. With a branch prefix (`LORE_MCP_BRANCH_PREFIX`, else `[mcp]
//! branch_prefix` in lore.toml), the commit goes on a new branch
//! per write, built with plumbing so the user's checkout, branch and index are untouched.
//! A failed commit never fails the write: the outcome says why nothing was committed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Environment variable naming the branch prefix for per-write branches (e.g. `lore/`).
pub const BRANCH_PREFIX_ENV: &str = "LORE_MCP_BRANCH_PREFIX";

/// Whether and where a write was committed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CommitOutcome {
    Committed {
        /// Full commit id.
        commit: String,
        /// The branch the commit is on.
        branch: String,
        /// True when the commit is on a new per-write branch, not the checked-out one.
        new_branch: bool,
    },
    NotCommitted {
        reason: String,
    },
}

fn not_committed(reason: impl Into<String>) -> CommitOutcome {
    CommitOutcome::NotCommitted {
        reason: reason.into(),
    }
}

/// A `git -C dir` invocation with the fallback identity when none is configured.
struct Git {
    dir: PathBuf,
    identity: Vec<String>,
}

impl Git {
    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new("git");
        cmd.arg("-C").arg(&self.dir).args(&self.identity).args(args);
        cmd.env_remove("GIT_INDEX_FILE");
        cmd
    }

    fn output(&self, cmd: &mut Command) -> Result<String, String> {
        match cmd.output() {
            Ok(Output { status, stdout, .. }) if status.success() => {
                Ok(String::from_utf8_lossy(&stdout).trim().to_string())
            }
            Ok(Output { stderr, .. }) => Err(String::from_utf8_lossy(&stderr).trim().to_string()),
            Err(e) => Err(format!("cannot run git: {e}")),
        }
    }

    fn run(&self, args: &[&str]) -> Result<String, String> {
        self.output(&mut self.command(args))
    }
}

/// Commit `file` (inside `dir`) with `message`; on a per-write branch named from `slug` when
/// a prefix is given ([`BRANCH_PREFIX_ENV`], else `[mcp] branch_prefix`).
pub fn commit_file(
    dir: &Path,
    file: &Path,
    message: &str,
    slug: &str,
    configured_prefix: Option<&str>,
) -> CommitOutcome {
    let mut git = Git {
        dir: dir.to_path_buf(),
        identity: Vec::new(),
    };
    let top = match git.run(&["rev-parse", "--show-toplevel"]) {
        Ok(top) => PathBuf::from(top),
        Err(_) => {
            return not_committed(
                "the knowledge dir is not inside a git repository (or git is not installed)",
            );
        }
    };
    for (key, fallback) in [("user.name", "lore"), ("user.email", "lore@localhost")] {
        if git.run(&["config", key]).is_err() {
            git.identity.push("-c".into());
            git.identity.push(format!("{key}={fallback}"));
        }
    }
    let top = top.canonicalize().unwrap_or(top);
    let Some(rel) = file
        .strip_prefix(&top)
        .ok()
        .and_then(|r| r.to_str())
        .map(|r| r.replace('\\', "/"))
    else {
        return not_committed(format!(
            "{} is outside the repository {}",
            file.display(),
            top.display()
        ));
    };
    let prefix = std::env::var(BRANCH_PREFIX_ENV)
        .ok()
        .or_else(|| configured_prefix.map(String::from))
        .unwrap_or_default();
    let result = if prefix.trim().is_empty() {
        commit_on_current_branch(&git, &rel, message)
    } else {
        commit_on_new_branch(&git, &rel, message, &format!("{}{slug}", prefix.trim()))
    };
    result.unwrap_or_else(|e| not_committed(format!("git failed: {e}")))
}

fn commit_on_current_branch(git: &Git, rel: &str, message: &str) -> Result<CommitOutcome, String> {
    let top = git.run(&["rev-parse", "--show-toplevel"])?;
    let top_git = Git {
        dir: PathBuf::from(top),
        identity: git.identity.clone(),
    };
    top_git.run(&["add", "--", rel])?;
    // Naming the path commits only it, whatever else is staged.
    top_git.run(&["commit", "--quiet", "-m", message, "--", rel])?;
    let commit = top_git.run(&["rev-parse", "HEAD"])?;
    let branch = top_git
        .run(&["symbolic-ref", "--short", "-q", "HEAD"])
        .unwrap_or_else(|_| "HEAD (detached)".into());
    Ok(CommitOutcome::Committed {
        commit,
        branch,
        new_branch: false,
    })
}

/// Commit on `refs/heads/<branch>[-N]` from HEAD without touching the checkout: a private
/// index file, `commit-tree`, and `update-ref` that refuses to move an existing branch.
fn commit_on_new_branch(
    git: &Git,
    rel: &str,
    message: &str,
    branch: &str,
) -> Result<CommitOutcome, String> {
    let top = PathBuf::from(git.run(&["rev-parse", "--show-toplevel"])?);
    let git = Git {
        dir: top,
        identity: git.identity.clone(),
    };
    git.run(&["check-ref-format", "--branch", branch])
        .map_err(|_| format!("{branch:?} is not a valid branch name; check {BRANCH_PREFIX_ENV}"))?;
    let git_dir = PathBuf::from(git.run(&["rev-parse", "--absolute-git-dir"])?);
    let index = git_dir.join(format!("lore-mcp-index-{}", std::process::id()));
    let head = git.run(&["rev-parse", "--verify", "-q", "HEAD"]).ok();
    let with_index = |args: &[&str]| {
        let mut cmd = git.command(args);
        cmd.env("GIT_INDEX_FILE", &index);
        git.output(&mut cmd)
    };
    let result = (|| {
        match &head {
            Some(head) => with_index(&["read-tree", head])?,
            None => with_index(&["read-tree", "--empty"])?,
        };
        let blob = git.run(&["hash-object", "-w", "--", rel])?;
        with_index(&[
            "update-index",
            "--add",
            "--cacheinfo",
            &format!("100644,{blob},{rel}"),
        ])?;
        let tree = with_index(&["write-tree"])?;
        let mut args = vec!["commit-tree", tree.as_str(), "-m", message];
        if let Some(head) = &head {
            args.extend(["-p", head.as_str()]);
        }
        let commit = git.run(&args)?;
        for n in 1..100 {
            let name = if n == 1 {
                branch.to_string()
            } else {
                format!("{branch}-{n}")
            };
            let refname = format!("refs/heads/{name}");
            if git.run(&["update-ref", &refname, &commit, ""]).is_ok() {
                return Ok(CommitOutcome::Committed {
                    commit,
                    branch: name,
                    new_branch: true,
                });
            }
        }
        Err(format!("branches {branch} to {branch}-99 all exist"))
    })();
    let _ = std::fs::remove_file(&index);
    result
}
