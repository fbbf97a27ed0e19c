//! Learning from corrections, composed: the prompt hook's capture (the cue grammar of
//! `core::learn` over the prompt, then one locked append to the project's inbox, nothing
//! else), settling at Stop (each pending capture placed in its session: the agent's question
//! before it, the call it corrected, refused calls and their reasons; then compared with the
//! patterns already written), the review inbox (list, accept through the author service,
//! reject, snooze), and backfill from saved sessions. Everything written to the inbox is
//! redacted first; nothing here ever reaches the model.

mod capture;
mod classify;
mod review;
mod settle;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::core::config::Config;
use crate::core::learn::inbox::{InboxState, STATE_VERSION};
use crate::core::learn::{Capture, NoteCues};
use crate::services::author::AuthorError;
use crate::storage::inbox::{
    InboxError, InboxFiles, InboxText, default_inbox_root, existing_inbox_root,
};

pub use capture::{PromptOrigin, capture_prompt};
pub use classify::{Classifier, review_index};
pub use review::{
    Acceptance, Accepted, accept, list_waiting, propose, reject, render_learned, snooze,
    waiting_count,
};
pub use settle::{SessionReader, SettleReport, Stopping, offer_found, settle};

/// How long a hook or command waits for another to release the inbox.
const LOCK_WAIT: Duration = Duration::from_millis(500);

#[derive(Debug, Error)]
pub enum LearnError {
    #[error(transparent)]
    Inbox(#[from] InboxError),
    #[error("review inbox {path}: {message}; remove the file to start an empty inbox")]
    Corrupt { path: PathBuf, message: String },
    #[error("no inbox item `{0}`; `lore inbox` lists the waiting ones")]
    NoItem(String),
    #[error(transparent)]
    Author(#[from] AuthorError),
    #[error("{0}")]
    Invalid(String),
}

/// One project's review inbox.
#[derive(Debug, Clone)]
pub struct Inbox {
    files: InboxFiles,
    /// What names the project: its `lore.toml`, else its knowledge dir.
    project: String,
}

impl Inbox {
    /// The inbox of `config`'s project in lore's private state directory.
    pub fn open(config: &Config) -> Result<Self, LearnError> {
        Ok(Self::in_root(&default_inbox_root()?, config))
    }

    /// The inbox of `config`'s project if one was ever made (nothing is created).
    pub fn existing(config: &Config) -> Option<Self> {
        let inbox = Self::in_root(&existing_inbox_root()?, config);
        inbox.files.exists().then_some(inbox)
    }

    /// The inbox of `config`'s project under `root`.
    pub fn in_root(root: &Path, config: &Config) -> Self {
        let project = config
            .path
            .as_deref()
            .unwrap_or(&config.knowledge_dir)
            .display()
            .to_string();
        Self {
            files: InboxFiles::for_project(root, &project, LOCK_WAIT),
            project,
        }
    }

    /// The folder the inbox lives in.
    pub fn dir(&self) -> &Path {
        self.files.dir()
    }

    /// The reviewed inbox as it is (pending captures not yet settled into it).
    pub fn state(&self) -> Result<InboxState, LearnError> {
        if !self.files.exists() {
            return Ok(InboxState::default());
        }
        let text = self.files.read()?;
        self.parse(&text)
    }

    /// The captures waiting to be settled.
    pub fn pending(&self) -> Result<Vec<Pending>, LearnError> {
        if !self.files.exists() {
            return Ok(Vec::new());
        }
        Ok(parse_pending(&self.files.read()?.pending))
    }

    fn parse(&self, text: &InboxText) -> Result<InboxState, LearnError> {
        match &text.state {
            None => Ok(InboxState::default()),
            Some(json) => serde_json::from_str::<StateFile>(json)
                .map(|f| f.inbox)
                .map_err(|e| LearnError::Corrupt {
                    path: self.dir().join("state.json"),
                    message: e.to_string(),
                }),
        }
    }

    /// Change the reviewed inbox under the lock; it is written only when it changed.
    fn change<T>(
        &self,
        change: impl FnOnce(&mut InboxState, &mut Vec<String>) -> T,
    ) -> Result<T, LearnError> {
        self.files.update(|text| {
            let mut state = self.parse(text)?;
            let before = state.clone();
            let out = change(&mut state, &mut text.pending);
            if state == before && text.state.is_some() {
                // Nothing changed: the file is left as it is.
                return Ok(out);
            }
            state.version = STATE_VERSION;
            let file = StateFile {
                project: self.project.clone(),
                inbox: state,
            };
            text.state =
                Some(
                    serde_json::to_string_pretty(&file).map_err(|e| LearnError::Corrupt {
                        path: self.dir().join("state.json"),
                        message: e.to_string(),
                    })?,
                );
            Ok(out)
        })?
    }
}

/// `state.json`: the project it belongs to, and the inbox.
#[derive(Debug, Serialize, Deserialize)]
struct StateFile {
    project: String,
    #[serde(flatten)]
    inbox: InboxState,
}

/// One prompt's captures, waiting for Stop to place them in their session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
    /// The harness whose transcript `transcript` is (`claude-code`, `codex`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harness: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    pub day: i64,
    /// The prompt, redacted.
    pub prompt: String,
    pub captures: Vec<Capture>,
    /// The patterns the session had been shown when the prompt came (their sources).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<String>,
}

fn parse_pending(lines: &[String]) -> Vec<Pending> {
    lines
        .iter()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// The note cues of a configuration.
pub fn note_cues(config: &Config) -> NoteCues {
    NoteCues::new(&config.learn.note_cues)
}
