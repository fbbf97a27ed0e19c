//! `lore init --agent opencode`: write lore's OpenCode plugin (`integrations/opencode/lore.js`,
//! compiled into lore) into the repository's `.opencode/plugins/lore.js` (or, with `--user`,
//! the user's `~/.config/opencode/plugins/lore.js`). The same text already there changes
//! nothing; an older lore plugin is replaced; any other file of that name is left untouched
//! and reported.

use std::path::{Path, PathBuf};

use crate::adapters::hook_registration::{InstallError, InstallOutcome};
use crate::storage::bounded_read::{BoundedReadError, read_bounded};

/// The plugin, as shipped under `integrations/opencode/`.
pub const PLUGIN: &str = include_str!("../../../integrations/opencode/lore.js");
/// The first line of every version of lore's plugin.
pub const PLUGIN_MARK: &str = "// lore for OpenCode";
/// The plugin's file name in a plugins folder.
pub const PLUGIN_FILE: &str = "lore.js";

/// Largest existing plugin file read.
const MAX_PLUGIN_BYTES: u64 = 1024 * 1024;

/// The plugin's path: the repository's, or the user's under `config_home`
/// (`$XDG_CONFIG_HOME`, else `~/.config`).
pub fn plugin_file(repo: &Path, config_home: Option<&Path>) -> PathBuf {
    match config_home {
        Some(config) => config.join("opencode").join("plugins").join(PLUGIN_FILE),
        None => repo.join(".opencode").join("plugins").join(PLUGIN_FILE),
    }
}

/// Write lore's plugin.
pub fn install(
    repo: &Path,
    config_home: Option<&Path>,
) -> Result<(PathBuf, InstallOutcome), InstallError> {
    let path = plugin_file(repo, config_home);
    let flag = if config_home.is_some() {
        "--agent opencode --user"
    } else {
        "--agent opencode"
    };
    let outcome = match read_bounded(&path, MAX_PLUGIN_BYTES, true) {
        Ok(bytes) if bytes == PLUGIN.as_bytes() => return Ok((path, InstallOutcome::Unchanged)),
        Ok(bytes) if String::from_utf8_lossy(&bytes).starts_with(PLUGIN_MARK) => {
            InstallOutcome::Updated {
                events: vec!["plugin"],
            }
        }
        Ok(_) => {
            return Err(InstallError::Shape {
                path,
                problem: "this file is not lore's plugin; move it aside (lore left it unchanged)"
                    .into(),
                flag,
            });
        }
        Err(BoundedReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            InstallOutcome::Created
        }
        Err(source) => return Err(InstallError::Read { path, source, flag }),
    };
    let write_error = |source| InstallError::Write {
        path: path.clone(),
        source,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(write_error)?;
    }
    crate::storage::atomic_file::write_atomically(&path, PLUGIN.as_bytes()).map_err(write_error)?;
    Ok((path, outcome))
}
