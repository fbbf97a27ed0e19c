//! Cline rules (`.clinerules/*.md`, or a single `.clinerules` file): a rule with `paths`
//! applies to the files they match; one without applies always.

use super::fields::Reader;
use super::{Scope, Scoping};

pub(super) fn scoping(r: &mut Reader) -> Scoping {
    let description = r.text("description");
    let scoping = if r.list("paths").is_empty() {
        Scoping::new(Scope::Always)
    } else {
        Scoping::globs(r.globs("paths"))
    };
    scoping.described(description)
}

#[cfg(test)]
mod tests {
    use super::super::{Scope, SourceKind, read_rule};

    #[test]
    fn a_single_file_and_a_folder_of_rules() {
        let file = read_rule(".clinerules", "# Project rules\nNo TODOs.\n").unwrap();
        assert_eq!(file.origin.kind, SourceKind::Cline);
        assert_eq!(file.origin.scope, Scope::Always);
        assert_eq!(file.pattern.title, "Project rules");
        let scoped = read_rule(
            ".clinerules/react.md",
            "---\npaths:\n  - \"src/components/**\"\n---\nFunction components.\n",
        )
        .unwrap();
        assert_eq!(scoped.origin.scope, Scope::Globs);
        assert_eq!(scoped.pattern.frontmatter.paths, ["src/components/**"]);
    }

    #[test]
    fn a_key_line_that_is_not_yaml_is_a_warning_and_the_rule_stays() {
        let r = read_rule(".clinerules/x.md", "---\npaths src/**\n---\nBody\n").unwrap();
        assert_eq!(r.origin.scope, Scope::Always);
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(r.warnings[0].line, 2);
    }
}
