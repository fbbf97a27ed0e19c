//! Cursor rules (`.cursor/rules/**/*.mdc`; the older single `.cursorrules` file is always on):
//! `alwaysApply: true` is always on; `globs` attach the rule to matching files; otherwise the
//! agent asks for it by its `description`, or a person names it: found by its words here,
//! whether it has a description or not.

use super::fields::Reader;
use super::{Scope, Scoping};

pub(super) fn scoping(r: &mut Reader, source: &str) -> Scoping {
    // A plain `.md` file in the rules folder, with none of the keys, is a rule Cursor applies
    // only when it is mentioned by name (and often no rule at all: notes, wireframes): it is
    // searchable, never injected. With the keys it is read as an `.mdc` file is.
    if source.ends_with(".md")
        && !["description", "globs", "alwaysApply"]
            .iter()
            .any(|k| r.has(k))
    {
        return Scoping::new(Scope::Manual);
    }
    let description = r.text("description");
    if r.flag("alwaysApply") == Some(true) {
        return Scoping::new(Scope::Always).described(description);
    }
    if !r.list("globs").is_empty() {
        return Scoping::globs(r.globs("globs")).described(description);
    }
    // Cursor has no marker for a rule left to be asked for by name: its editor writes the
    // same empty template for every new rule, and teams commit it as it is. A rule with
    // neither a description nor globs is the team's rule all the same, found by its words.
    Scoping::new(Scope::Described).described(description)
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
    fn a_markdown_rule_is_read_by_its_keys_and_without_them_only_on_request() {
        let scoped = read_rule(
            ".cursor/rules/api.md",
            "---\nglobs: src/api/**\nalwaysApply: false\n---\n# API\nUse the client.\n",
        )
        .unwrap();
        assert_eq!(scoped.origin.scope, Scope::Globs);
        assert_eq!(scoped.pattern.frontmatter.paths, ["src/api/**"]);
        let plain = read_rule(
            ".cursor/rules/wireframes/settings.md",
            "# Settings page\n\nA wireframe.\n",
        )
        .unwrap();
        assert_eq!(plain.origin.scope, Scope::Manual);
        // An `.mdc` file without keys is still the team's rule, found by its words.
        let mdc = read_rule(".cursor/rules/api.mdc", "# API\nUse the client.\n").unwrap();
        assert_eq!(mdc.origin.scope, Scope::Described);
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

        // The editor's empty template: the team's rule, found by its words.
        let template = rule("description:\nglobs:\nalwaysApply: false");
        assert_eq!(template.origin.scope, Scope::Described);
        assert!(template.warnings.is_empty());
    }

    #[test]
    fn a_second_block_fills_an_empty_template_and_no_frontmatter_is_a_rule() {
        let r = read_rule(
            ".cursor/rules/flags.mdc",
            "---\ndescription:\nglobs:\nalwaysApply: false\n---\n---\ndescription: Feature \
             flags\nglobs: src/flags/**\n---\n# Flags\nName flags in kebab case.\n",
        )
        .unwrap();
        assert_eq!(r.origin.scope, Scope::Globs);
        assert_eq!(r.pattern.frontmatter.paths, ["src/flags/**"]);
        assert_eq!(
            r.pattern.frontmatter.description.as_deref(),
            Some("Feature flags")
        );
        assert!(r.pattern.body.starts_with("# Flags"));
        assert_eq!(r.pattern.chunks[0].line, 10);
        let bare = read_rule(
            ".cursor/rules/enums.mdc",
            "# Enums\nImport enums from one place.\n",
        )
        .unwrap();
        assert_eq!(bare.origin.scope, Scope::Described);
        assert_eq!(bare.pattern.title, "Enums");
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
