//! Workspace: finding `lore.toml`, loading it, and opening the index it names (building the
//! index on first use so a fresh clone answers searches without a separate `lore ingest`).

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::core::config::{Config, ConfigError, MAX_CONFIG_BYTES, parse_config};
use crate::services::deadline::Deadline;
use crate::storage::bounded_read::{BoundedReadError, read_bounded};
use crate::storage::index::{BuildFile, Index, IndexError};

pub const CONFIG_FILE_NAME: &str = "lore.toml";

/// The longest path the system opens (`PATH_MAX`, the terminating NUL included).
const MAX_PATH_BYTES: usize = libc::PATH_MAX as usize;

/// Where to look for the configuration, in DESIGN's order of precedence.
#[derive(Debug, Clone, Default)]
pub struct ConfigSearch {
    /// `--config PATH`.
    pub explicit: Option<PathBuf>,
    /// `LORE_CONFIG`.
    pub env: Option<PathBuf>,
    /// Directory to walk up from (the working directory, or a hook payload's `cwd`).
    pub start_dir: PathBuf,
    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`.
    pub user_config_dir: Option<PathBuf>,
}

impl ConfigSearch {
    /// The usual search from `start_dir`, reading `LORE_CONFIG`, `XDG_CONFIG_HOME` and `HOME`.
    pub fn from_env(explicit: Option<PathBuf>, start_dir: PathBuf) -> Self {
        let non_empty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let user_config_dir = non_empty("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| non_empty("HOME").map(|h| PathBuf::from(h).join(".config")));
        Self {
            explicit,
            env: non_empty("LORE_CONFIG").map(PathBuf::from),
            start_dir,
            user_config_dir,
        }
    }
}

#[derive(Debug, Error)]
pub enum WorkspaceError {
    #[error(
        "no {CONFIG_FILE_NAME} found in {start} or any parent directory, nor in {user}; run `lore init` to create one, or pass --config"
    )]
    NotFound { start: PathBuf, user: String },
    #[error("{origin} names {path}, which does not exist; fix the path or run `lore init`")]
    Missing { origin: &'static str, path: PathBuf },
    // The reason is part of the message, and so is not also the error's `source`: printed
    // with its causes (`{:#}`, as the CLI and the hook do), it would be said twice.
    #[error("cannot read {path}: {reason}")]
    Read {
        path: PathBuf,
        reason: std::io::Error,
    },
    #[error(
        "cannot read the configuration {path}: {reason}; make it a regular lore.toml of at most {MAX_CONFIG_BYTES} bytes, or name another with --config or LORE_CONFIG"
    )]
    ConfigFile {
        path: PathBuf,
        reason: BoundedReadError,
    },
    #[error("the configuration {path} is not valid UTF-8; save it as UTF-8")]
    ConfigEncoding { path: PathBuf },
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Index(#[from] IndexError),
    #[error(transparent)]
    Ingest(#[from] super::ingest::IngestError),
}

/// Find the configuration file to use.
pub fn locate_config(search: &ConfigSearch) -> Result<PathBuf, WorkspaceError> {
    for (origin, candidate) in [("--config", &search.explicit), ("LORE_CONFIG", &search.env)] {
        if let Some(path) = candidate {
            let path = absolute(&search.start_dir, path);
            // Anything that exists is handed to `load_config`, which says what is wrong with
            // a FIFO or a directory instead of calling it missing.
            return if path.exists() {
                Ok(path)
            } else {
                Err(WorkspaceError::Missing { origin, path })
            };
        }
    }
    let start = absolute(
        &std::env::current_dir().unwrap_or_default(),
        &search.start_dir,
    );
    for dir in start.ancestors() {
        // No file has a longer path; skipping them keeps a runaway `cwd` linear to walk.
        if dir.as_os_str().len() + CONFIG_FILE_NAME.len() >= MAX_PATH_BYTES {
            continue;
        }
        let candidate = dir.join(CONFIG_FILE_NAME);
        if is_there(&candidate) {
            return Ok(candidate);
        }
    }
    if let Some(user) = &search.user_config_dir {
        let candidate = user.join("lore").join(CONFIG_FILE_NAME);
        if is_there(&candidate) {
            return Ok(candidate);
        }
    }
    Err(WorkspaceError::NotFound {
        start,
        user: search.user_config_dir.as_ref().map_or_else(
            || "the user config directory".to_string(),
            |d| d.join("lore").join(CONFIG_FILE_NAME).display().to_string(),
        ),
    })
}

/// Whether something is at `path`: a regular file to load, or a FIFO, a device, a folder,
/// a link that leads nowhere or in a loop, that `load_config` names as not one, rather than
/// passing it over for a configuration further up that the user did not mean.
fn is_there(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

fn absolute(base: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        base.join(path)
    }
}

/// Read and parse a configuration file: a regular file of at most [`MAX_CONFIG_BYTES`],
/// read without blocking whatever the path names.
pub fn load_config(path: &Path) -> Result<Config, WorkspaceError> {
    let bytes = read_bounded(path, MAX_CONFIG_BYTES, true).map_err(|reason| {
        WorkspaceError::ConfigFile {
            path: path.to_path_buf(),
            reason,
        }
    })?;
    let text = String::from_utf8(bytes).map_err(|_| WorkspaceError::ConfigEncoding {
        path: path.to_path_buf(),
    })?;
    Ok(parse_config(path, &text)?)
}

/// Locate and load in one step.
pub fn find_config(search: &ConfigSearch) -> Result<Config, WorkspaceError> {
    load_config(&locate_config(search)?)
}

/// State of the knowledge directory, for `lore status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum KnowledgeDirState {
    Populated,
    Empty,
    Missing,
}

/// Is the knowledge dir there, and does it hold at least one pattern file?
pub fn knowledge_dir_state(config: &Config) -> KnowledgeDirState {
    if !config.knowledge_dir.is_dir() {
        return KnowledgeDirState::Missing;
    }
    match super::ingest::scan_knowledge_dir(&config.knowledge_dir) {
        Ok(files) if !files.is_empty() => KnowledgeDirState::Populated,
        _ => KnowledgeDirState::Empty,
    }
}

/// Build the index when it does not exist yet. The first build happens in a build file (see
/// `storage::index::BuildFile`: unpredictable name, locked, leftovers of killed builds
/// removed) that is renamed into place once complete, so a concurrent reader (another hook of
/// the same session, say) finds either no index or a whole one, never a half-built one.
/// Returns the ingest report when this call built it.
pub fn build_index_if_missing(
    config: &Config,
    progress: &mut dyn super::ingest::IngestProgress,
) -> Result<Option<super::ingest::IngestReport>, WorkspaceError> {
    build_index_if_missing_by(config, progress, Deadline::none())
}

/// As [`build_index_if_missing`], giving up (the build file discarded, no index installed)
/// once `deadline` passes.
pub fn build_index_if_missing_by(
    config: &Config,
    progress: &mut dyn super::ingest::IngestProgress,
    deadline: Deadline,
) -> Result<Option<super::ingest::IngestReport>, WorkspaceError> {
    if config.database.exists() {
        return Ok(None);
    }
    let build = BuildFile::create(&config.database).map_err(|reason| WorkspaceError::Read {
        path: config.database.clone(),
        reason,
    })?;
    let built = (|| {
        let mut index = deadline.bound(Index::open(build.path())?)?;
        let report = super::ingest::ingest(
            config,
            &mut index,
            &super::ingest::IngestOptions {
                deadline,
                ..super::ingest::IngestOptions::default()
            },
            progress,
        )?;
        // Closing checkpoints the WAL into the file, so the rename moves the whole index.
        drop(index);
        Ok::<_, WorkspaceError>(report)
    })();
    let report = match built {
        Ok(report) => report,
        Err(e) => {
            build.discard();
            return Err(e);
        }
    };
    // Another process may have finished first; its index is as good as ours.
    let installed = build
        .install(&config.database)
        .map_err(|reason| WorkspaceError::Read {
            path: config.database.clone(),
            reason,
        })?;
    Ok(installed.then_some(report))
}

/// An index this call built or completed, and how.
#[derive(Debug, Clone)]
pub struct BuiltIndex {
    pub report: super::ingest::IngestReport,
    /// The index existed but no ingest had completed in it (the first one was interrupted,
    /// or is still running): the knowledge dir was indexed into it.
    pub was_incomplete: bool,
}

/// Open the index for reading and writing, building it first when it does not exist yet, and
/// indexing the knowledge dir into it when no ingest completed in it: an interrupted first
/// ingest leaves an empty index, which must not answer as an empty knowledge base would.
pub fn open_index_building_if_missing(
    config: &Config,
    progress: &mut dyn super::ingest::IngestProgress,
) -> Result<(Index, Option<BuiltIndex>), WorkspaceError> {
    if let Some(report) = build_index_if_missing(config, progress)? {
        let built = BuiltIndex {
            report,
            was_incomplete: false,
        };
        return Ok((Index::open(&config.database)?, Some(built)));
    }
    let mut index = Index::open(&config.database)?;
    if index.ingest_completed()? {
        return Ok((index, None));
    }
    let report = super::ingest::ingest(
        config,
        &mut index,
        &super::ingest::IngestOptions::default(),
        progress,
    )?;
    let built = BuiltIndex {
        report,
        was_incomplete: true,
    };
    Ok((index, Some(built)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn nearest_config_walking_up_wins_over_user_config() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(&root.join("repo/lore.toml"), "knowledge_dir = \"p\"\n");
        write(&root.join("xdg/lore/lore.toml"), "knowledge_dir = \"q\"\n");
        std::fs::create_dir_all(root.join("repo/a/b")).unwrap();
        let search = ConfigSearch {
            start_dir: root.join("repo/a/b"),
            user_config_dir: Some(root.join("xdg")),
            ..ConfigSearch::default()
        };
        assert_eq!(locate_config(&search).unwrap(), root.join("repo/lore.toml"));
        let elsewhere = ConfigSearch {
            start_dir: root.to_path_buf(),
            ..search
        };
        assert_eq!(
            locate_config(&elsewhere).unwrap(),
            root.join("xdg/lore/lore.toml")
        );
    }

    #[test]
    fn explicit_beats_env_beats_walk_and_missing_explicit_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(&root.join("lore.toml"), "knowledge_dir = \"p\"\n");
        write(&root.join("a.toml"), "knowledge_dir = \"p\"\n");
        write(&root.join("b.toml"), "knowledge_dir = \"p\"\n");
        let search = ConfigSearch {
            explicit: Some("a.toml".into()),
            env: Some(root.join("b.toml")),
            start_dir: root.to_path_buf(),
            user_config_dir: None,
        };
        assert_eq!(locate_config(&search).unwrap(), root.join("a.toml"));
        let env_only = ConfigSearch {
            explicit: None,
            ..search.clone()
        };
        assert_eq!(locate_config(&env_only).unwrap(), root.join("b.toml"));
        let missing = ConfigSearch {
            explicit: Some("nope.toml".into()),
            ..search
        };
        let err = locate_config(&missing).unwrap_err().to_string();
        assert!(
            err.contains("--config") && err.contains("nope.toml"),
            "{err}"
        );
    }

    #[test]
    fn an_oversized_or_fifo_config_is_refused_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.toml");
        let mut text = "knowledge_dir = \"p\"\n".to_string();
        text.push_str(&"# padding\n".repeat(MAX_CONFIG_BYTES as usize / 10 + 1));
        write(&big, &text);
        let err = load_config(&big).unwrap_err().to_string();
        assert!(err.contains("big.toml") && err.contains("limit"), "{err}");
        let fifo = dir.path().join("fifo.toml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let err = load_config(&fifo).unwrap_err().to_string();
        assert!(err.contains("fifo.toml") && err.contains("FIFO"), "{err}");
    }

    #[test]
    fn an_oversized_config_says_its_size_once_with_its_causes() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("lore.toml");
        std::fs::File::create(&big)
            .unwrap()
            .set_len(MAX_CONFIG_BYTES + 1)
            .unwrap();
        // As the CLI and the hook print an error: the message, then each cause.
        let printed = format!("{:#}", anyhow::Error::from(load_config(&big).unwrap_err()));
        assert_eq!(
            printed.matches("more than the limit").count(),
            1,
            "{printed}"
        );
        assert!(printed.contains(&big.display().to_string()), "{printed}");
    }

    #[test]
    fn a_fifo_named_lore_toml_on_the_way_up_is_named_not_passed_over() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("repo/lore.toml");
        std::fs::create_dir_all(dir.path().join("repo/src")).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        write(
            &dir.path().join("xdg/lore/lore.toml"),
            "knowledge_dir = \"q\"\n",
        );
        let search = ConfigSearch {
            start_dir: dir.path().join("repo/src"),
            user_config_dir: Some(dir.path().join("xdg")),
            ..ConfigSearch::default()
        };
        let err = format!(
            "{:#}",
            anyhow::Error::from(find_config(&search).unwrap_err())
        );
        assert!(
            err.contains(&fifo.display().to_string()) && err.contains("not a regular file"),
            "{err}"
        );
        assert!(!err.contains("no lore.toml found"), "{err}");
    }

    #[test]
    fn nothing_found_says_to_run_init() {
        let dir = tempfile::tempdir().unwrap();
        let search = ConfigSearch {
            start_dir: dir.path().to_path_buf(),
            ..ConfigSearch::default()
        };
        let err = locate_config(&search).unwrap_err().to_string();
        assert!(err.contains("lore init"), "{err}");
    }
}
