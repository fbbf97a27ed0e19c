//! Cursor rules (`.cursor/rules/**/*.mdc`): `alwaysApply: true` is always on; `globs` attach
//! the rule to matching files; a `description` alone lets the agent ask for it (found by its
//! words here); none of them: a manual rule, used only when someone names it.

use super::fields::Reader;
use super::{Scope, Scoping};

pub(super) fn scoping(r: &mut Reader) -> Scoping {
    let description = r.text("description");
    if r.flag("alwaysApply") == Some(true) {
        return Scoping::new(Scope::Always).described(description);
    }
    if !r.list("globs").is_empty() {
        return Scoping::globs(r.globs("globs")).described(description);
    }
    let scope = if description.is_some() {
        Scope::Described
    } else {
        Scope::Manual
    };
    Scoping::new(scope).described(description)
}

#[cfg(test)]
mod tests {
    use super::super::{Scope, read_rule};

    fn rule(frontmatter: &str) -> super::super::NativeRule {
        read_rule(
            ".cursor/rules/api.mdc",
            &format!("---\n{frontmatter}\n---\n# API\nUse the client.\n"),
        )
        .unwrap()
    }

    #[test]
    fn the_four_rule_types() {
        let always = rule("description:\nglobs:\nalwaysApply: true");
        assert_eq!(always.origin.scope, Scope::Always);
        assert!(always.pattern.frontmatter.universal);

        let attached = rule("description:\nglobs: src/api/**, *.http\nalwaysApply: false");
        assert_eq!(attached.origin.scope, Scope::Globs);
        assert_eq!(
            attached.pattern.frontmatter.paths,
            ["src/api/**", "**/*.http"]
        );
        assert!(!attached.pattern.frontmatter.universal);

        let requested =
            rule("description: How to call the billing API\nglobs:\nalwaysApply: false");
        assert_eq!(requested.origin.scope, Scope::Described);
        assert_eq!(
            requested.pattern.frontmatter.description.as_deref(),
            Some("How to call the billing API")
        );

        let manual = rule("description:\nglobs:\nalwaysApply: false");
        assert_eq!(manual.origin.scope, Scope::Manual);
        assert!(manual.warnings.is_empty());
    }

    #[test]
    fn unquoted_star_globs_that_are_not_yaml_still_work() {
        let r = rule("globs: *.tsx");
        assert_eq!(r.pattern.frontmatter.paths, ["**/*.tsx"]);
        assert!(r.warnings.is_empty());
    }

    #[test]
    fn a_bad_always_apply_is_a_warning_and_the_globs_still_scope() {
        let r = rule("alwaysApply: sometimes\nglobs: [\"db/**\"]");
        assert_eq!(r.origin.scope, Scope::Globs);
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(r.warnings[0].line, 2);
        assert!(r.warnings[0].message.contains("alwaysApply"));
    }
}
