//! Bounds on frontmatter YAML, checked on the parser's event stream before anything is
//! built from it: a size cap, a nesting cap, and no anchors or aliases. yaml-rust2 expands
//! every alias by copying what it names, so a few hundred bytes of nested aliases (an
//! "alias bomb") would grow into gigabytes; lore's keys never need either, so both are
//! refused with the line they are on. The check is linear in the text.

use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, ScanError};

/// Most bytes of frontmatter lore reads (its keys fit in a few hundred).
pub const MAX_FRONTMATTER_BYTES: usize = 64 * 1024;
/// Deepest nesting of lists and mappings (lore's deepest key, `applies_when.tools`, is 3).
pub const MAX_DEPTH: usize = 16;

/// Why frontmatter YAML is refused before it is loaded.
#[derive(Debug)]
pub enum OutOfBounds {
    TooLarge {
        bytes: usize,
    },
    /// 1-based line inside the YAML text.
    Alias {
        line: usize,
    },
    Anchor {
        line: usize,
    },
    TooDeep {
        line: usize,
    },
    Syntax(ScanError),
}

/// Check `yaml` against the bounds; the first problem wins.
pub fn check_bounds(yaml: &str) -> Result<(), OutOfBounds> {
    if yaml.len() > MAX_FRONTMATTER_BYTES {
        return Err(OutOfBounds::TooLarge { bytes: yaml.len() });
    }
    let mut parser = Parser::new_from_str(yaml);
    let mut depth = 0usize;
    loop {
        let (event, mark) = parser.next_token().map_err(OutOfBounds::Syntax)?;
        let line = line_of(mark);
        match event {
            Event::StreamEnd => return Ok(()),
            Event::Alias(_) => return Err(OutOfBounds::Alias { line }),
            Event::Scalar(_, _, anchor, _) if anchor > 0 => {
                return Err(OutOfBounds::Anchor { line });
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if anchor > 0 {
                    return Err(OutOfBounds::Anchor { line });
                }
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(OutOfBounds::TooDeep { line });
                }
            }
            Event::SequenceEnd | Event::MappingEnd => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
}

/// Markers count lines from 1.
fn line_of(mark: Marker) -> usize {
    mark.line().max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nine levels of nine aliases each: 9^9 copies of a list once expanded.
    fn alias_bomb() -> String {
        let mut yaml = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
        for level in 1..9 {
            let prev = format!("*a{}", level - 1);
            let items = [prev.as_str(); 9].join(", ");
            yaml.push_str(&format!("a{level}: &a{level} [{items}]\n"));
        }
        yaml
    }

    #[test]
    fn an_alias_bomb_is_refused_at_its_first_anchor() {
        let bomb = alias_bomb();
        assert!(bomb.len() < 700, "{}", bomb.len());
        assert!(matches!(
            check_bounds(&bomb),
            Err(OutOfBounds::Anchor { line: 1 })
        ));
    }

    #[test]
    fn aliases_anchors_depth_and_size_are_bounded() {
        assert!(matches!(
            check_bounds("tags: [a]\nb: *x\n"),
            Err(OutOfBounds::Alias { line: 2 }) | Err(OutOfBounds::Syntax(_))
        ));
        assert!(matches!(
            check_bounds("tags: &t [a]\n"),
            Err(OutOfBounds::Anchor { line: 1 })
        ));
        assert!(matches!(
            check_bounds("tags: &t a\n"),
            Err(OutOfBounds::Anchor { line: 1 })
        ));
        let deep = format!("tags: {}x{}\n", "[".repeat(40), "]".repeat(40));
        assert!(matches!(
            check_bounds(&deep),
            Err(OutOfBounds::TooDeep { line: 1 })
        ));
        let large = format!("description: {}\n", "x".repeat(MAX_FRONTMATTER_BYTES));
        assert!(matches!(
            check_bounds(&large),
            Err(OutOfBounds::TooLarge { .. })
        ));
    }

    #[test]
    fn ordinary_frontmatter_is_within_bounds() {
        for yaml in [
            "",
            "tags: [errors, rust]\n",
            "applies_when:\n  tools: [Edit]\n  commands:\n    - git commit\n",
            "description: \"a & b * c\"\nglobs: \"**/*.ts\"\n",
        ] {
            assert!(check_bounds(yaml).is_ok(), "{yaml:?}");
        }
    }
}
