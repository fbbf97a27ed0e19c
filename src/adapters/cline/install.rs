//! `lore init --agent cline`: write the executables Cline runs as hooks, one per event, named
//! after it, in the repository's `.clinerules/hooks/` (or, with `--user`, `~/.cline/hooks/`).
//! Each runs `lore hook --harness cline` and always exits 0, so a `lore` missing from PATH
//! never stops Cline. A file that already runs lore's Cline hook is left as it is (a second
//! run changes nothing); any other file of that name is the user's own hook: lore reports it
//! and leaves it untouched.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::adapters::hook_registration::{InstallError, InstallOutcome, runs_harness};
use crate::storage::bounded_read::read_bounded;

/// The command each executable runs.
pub const HOOK_COMMAND: &str = "lore hook --harness cline || true";

/// The events lore installs an executable for: the tool results (the only event whose
/// context Cline passes on that lore answers) and compaction (to forget what was shown).
pub const EVENTS: &[&str] = &["PostToolUse", "PreCompact"];

/// Largest hook file read when checking what an existing one runs.
const MAX_HOOK_BYTES: u64 = 64 * 1024;

/// The executable's text.
pub fn script() -> String {
    format!(
        "#!/bin/sh\n# lore: the team's conventions for Cline (written by `lore init --agent cline`; delete this file to stop).\n# Always exits 0: a missing `lore` never stops Cline.\n{HOOK_COMMAND}\n"
    )
}

/// The hooks folder: the repository's, or the user's under `home`.
pub fn hooks_dir(repo: &Path, home: Option<&Path>) -> PathBuf {
    match home {
        Some(home) => home.join(".cline").join("hooks"),
        None => repo.join(".clinerules").join("hooks"),
    }
}

/// Whether a hook file's text runs lore's Cline hook.
pub fn runs_lore(text: &str) -> bool {
    text.lines().any(|line| runs_harness(line.trim(), "cline"))
}

/// Write lore's executables into the hooks folder.
pub fn install(
    repo: &Path,
    home: Option<&Path>,
) -> Result<(PathBuf, InstallOutcome), InstallError> {
    let dir = hooks_dir(repo, home);
    let flag = if home.is_some() {
        "--agent cline --user"
    } else {
        "--agent cline"
    };
    let mut written = Vec::new();
    let mut existed = false;
    for event in EVENTS {
        let path = dir.join(event);
        match read_bounded(&path, MAX_HOOK_BYTES, true) {
            Ok(bytes) if runs_lore(&String::from_utf8_lossy(&bytes)) => {
                existed = true;
                continue;
            }
            Ok(_) => {
                return Err(InstallError::Shape {
                    path,
                    problem: "Cline already runs this hook file, which does not run lore; add the line `lore hook --harness cline || true` to it yourself".into(),
                    flag,
                });
            }
            Err(crate::storage::bounded_read::BoundedReadError::Io(e))
                if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => {
                return Err(InstallError::Read { path, source, flag });
            }
        }
        let write_error = |source| InstallError::Write {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(&dir).map_err(write_error)?;
        crate::storage::atomic_file::write_atomically(&path, script().as_bytes())
            .map_err(write_error)?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .map_err(write_error)?;
        written.push(*event);
    }
    let outcome = match (written.is_empty(), existed) {
        (true, _) => InstallOutcome::Unchanged,
        (false, false) => InstallOutcome::Created,
        (false, true) => InstallOutcome::Updated { events: written },
    };
    Ok((dir, outcome))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_runs_lores_cline_hook_and_cannot_fail() {
        let text = script();
        assert!(text.starts_with("#!/bin/sh\n"));
        assert!(runs_lore(&text));
        assert!(text.contains("|| true"));
        assert!(!runs_lore("#!/bin/sh\nlore hook\n"));
    }
}
