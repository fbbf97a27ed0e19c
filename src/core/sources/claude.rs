//! Claude Code rules (`.claude/rules/**/*.md`): a rule with `paths` applies to the files they
//! match; one without applies always.

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
    use super::super::{Scope, read_rule};

    #[test]
    fn paths_scope_the_rule_and_none_make_it_always_on() {
        let scoped = read_rule(
            ".claude/rules/api.md",
            "---\npaths:\n  - \"src/api/**/*.ts\"\n  - \"tests/api/**\"\n---\n# API\n",
        )
        .unwrap();
        assert_eq!(scoped.origin.scope, Scope::Globs);
        assert_eq!(
            scoped.pattern.frontmatter.paths,
            ["src/api/**/*.ts", "tests/api/**"]
        );
        let always = read_rule(".claude/rules/style.md", "# Style\nShort functions.\n").unwrap();
        assert_eq!(always.origin.scope, Scope::Always);
        assert!(always.pattern.frontmatter.universal);
    }

    #[test]
    fn an_invalid_path_glob_is_a_warning_on_its_key() {
        let r = read_rule(
            ".claude/rules/x.md",
            "---\ntitle: x\npaths: [\"src/{a\", \"lib/**\"]\n---\nBody\n",
        )
        .unwrap();
        assert_eq!(r.pattern.frontmatter.paths, ["lib/**"]);
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(r.warnings[0].line, 3);
    }
}
