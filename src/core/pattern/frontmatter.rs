//! YAML frontmatter: splitting it from the body and reading lore's keys from it.

use super::{Frontmatter, PatternError};

/// Split `---` frontmatter from the body. Returns (yaml, body, 1-based line where body starts).
pub fn split_frontmatter<'a>(
    _source: &str,
    text: &'a str,
) -> Result<(Option<&'a str>, &'a str, usize), PatternError> {
    Ok((None, text, 1))
}

/// Read lore's keys from frontmatter YAML; unknown keys are kept out and ignored.
pub fn parse_frontmatter(_source: &str, _yaml: &str) -> Result<Frontmatter, PatternError> {
    Ok(Frontmatter::default())
}
