//! Continue rules (`.continue/rules/*.md`): `alwaysApply: true` is always on; `globs` attach
//! the rule to matching files; a rule with neither (and `alwaysApply` unset) is always on, and
//! with `alwaysApply: false` the agent decides from its `description` (found by its words
//! here). `regex` makes a rule depend on the file's content, which lore does not test: such
//! a rule is found by its words, whatever its globs.

use super::fields::Reader;
use super::{Scope, Scoping};

pub(super) fn scoping(r: &mut Reader) -> Scoping {
    let description = r.text("description");
    let always = r.flag("alwaysApply");
    let scoping = if always == Some(true) {
        Scoping::new(Scope::Always)
    } else if !r.list("regex").is_empty() {
        Scoping::new(Scope::Described)
    } else if !r.list("globs").is_empty() {
        Scoping::globs(r.globs("globs"))
    } else if always == Some(false) {
        Scoping::new(Scope::Described)
    } else {
        Scoping::new(Scope::Always)
    };
    scoping.described(description)
}

#[cfg(test)]
mod tests {
    use super::super::{NativeRule, Scope, read_rule};

    fn rule(frontmatter: &str) -> NativeRule {
        read_rule(
            ".continue/rules/tests.md",
            &format!("---\nname: Tests\n{frontmatter}\n---\nUse table tests.\n"),
        )
        .unwrap()
    }

    #[test]
    fn always_apply_and_globs() {
        assert_eq!(rule("alwaysApply: true").origin.scope, Scope::Always);
        assert_eq!(rule("description: x").origin.scope, Scope::Always);
        let globbed = rule("globs: \"**/*_test.go\"");
        assert_eq!(globbed.origin.scope, Scope::Globs);
        assert_eq!(globbed.pattern.frontmatter.paths, ["**/*_test.go"]);
        let listed = rule("globs:\n  - \"src/**/*.ts\"\n  - \"*.tsx\"");
        assert_eq!(
            listed.pattern.frontmatter.paths,
            ["src/**/*.ts", "**/*.tsx"]
        );
        let decided = rule("alwaysApply: false\ndescription: Go test style");
        assert_eq!(decided.origin.scope, Scope::Described);
    }

    #[test]
    fn a_content_regex_leaves_the_rule_to_its_words() {
        let r = rule("globs: \"**/*.go\"\nregex: \"func Test\\\\w+\"");
        assert_eq!(r.origin.scope, Scope::Described);
        assert!(r.pattern.frontmatter.paths.is_empty());
        assert!(r.warnings.is_empty());
    }

    #[test]
    fn a_bad_always_apply_is_a_warning() {
        let r = rule("alwaysApply: 3");
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(r.warnings[0].line, 3);
        assert_eq!(r.origin.scope, Scope::Always);
    }
}
