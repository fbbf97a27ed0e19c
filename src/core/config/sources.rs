//! `[sources]` in `lore.toml`: which other agents' rule files lore reads in place (see
//! `core::sources`). Each key turns one format on (`true`) or off (`false`); an unset key is
//! on, which reads the format's files where the repository has them.

use serde::Deserialize;

use crate::core::sources::SourceKind;

/// The `[sources]` table as written: `None` is unset.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct SourcesConfig {
    pub cursor: Option<bool>,
    pub copilot: Option<bool>,
    pub claude: Option<bool>,
    pub agents_md: Option<bool>,
    pub windsurf: Option<bool>,
    pub kiro: Option<bool>,
    pub r#continue: Option<bool>,
    pub cline: Option<bool>,
    pub junie: Option<bool>,
}

impl SourcesConfig {
    /// What the file says about `kind` (None: unset).
    pub fn setting(&self, kind: SourceKind) -> Option<bool> {
        match kind {
            SourceKind::Cursor => self.cursor,
            SourceKind::Copilot => self.copilot,
            SourceKind::Claude => self.claude,
            SourceKind::AgentsMd => self.agents_md,
            SourceKind::Windsurf => self.windsurf,
            SourceKind::Kiro => self.kiro,
            SourceKind::Continue => self.r#continue,
            SourceKind::Cline => self.cline,
            SourceKind::Junie => self.junie,
        }
    }

    /// Whether lore reads `kind`'s files: unless the file turns it off.
    pub fn enabled(&self, kind: SourceKind) -> bool {
        self.setting(kind) != Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unset_is_on_and_each_key_turns_its_format_off() {
        let all: SourcesConfig = toml::from_str("").unwrap();
        assert!(SourceKind::ALL.iter().all(|k| all.enabled(*k)));
        let some: SourcesConfig =
            toml::from_str("cursor = false\ncontinue = false\nagents_md = true\n").unwrap();
        assert!(!some.enabled(SourceKind::Cursor));
        assert!(!some.enabled(SourceKind::Continue));
        assert_eq!(some.setting(SourceKind::AgentsMd), Some(true));
        assert_eq!(some.setting(SourceKind::Kiro), None);
        for kind in SourceKind::ALL {
            let text = format!("{} = false\n", kind.key());
            let one: SourcesConfig = toml::from_str(&text).unwrap();
            assert!(!one.enabled(kind), "{text}");
        }
    }
}
