//! Registering lore's hooks in a project's `.claude/settings.json`.

use std::path::Path;

pub fn install_project_hooks(_repo: &Path) -> anyhow::Result<()> {
    anyhow::bail!("--claude is not yet available")
}
