//! Windsurf rules (`.windsurf/rules/*.md`): `trigger` says when a rule applies: `always_on`,
//! `glob` (with `globs`), `model_decision` (the agent decides from `description`: found by
//! its words here) or `manual`. A rule without a trigger is found by its words.

use super::fields::Reader;
use super::{Scope, Scoping};

pub(super) fn scoping(r: &mut Reader) -> Scoping {
    let description = r.text("description");
    let scoping = match r.word("trigger").as_deref() {
        Some("always_on") => Scoping::new(Scope::Always),
        Some("glob") => {
            if r.list("globs").is_empty() {
                let line = r.line_of("trigger");
                r.warn(
                    line,
                    "`trigger: glob` needs `globs` (e.g. `globs: src/**/*.ts`); the rule is \
                     found by its words instead"
                        .to_string(),
                );
            }
            Scoping::globs(r.globs("globs"))
        }
        Some("model_decision") | None => Scoping::new(Scope::Described),
        Some("manual") => Scoping::new(Scope::Manual),
        Some(other) => {
            let line = r.line_of("trigger");
            r.warn(
                line,
                format!(
                    "`trigger: {other}` is not one of `always_on`, `glob`, `model_decision`, \
                     `manual`; the rule is found by its words"
                ),
            );
            Scoping::new(Scope::Described)
        }
    };
    scoping.described(description)
}

#[cfg(test)]
mod tests {
    use super::super::{NativeRule, Scope, read_rule};

    fn rule(frontmatter: &str) -> NativeRule {
        read_rule(
            ".windsurf/rules/style.md",
            &format!("---\n{frontmatter}\n---\nPrefer early returns.\n"),
        )
        .unwrap()
    }

    #[test]
    fn each_trigger_has_its_scope() {
        assert_eq!(rule("trigger: always_on").origin.scope, Scope::Always);
        let glob = rule("trigger: glob\nglobs: \"*.go, internal/**\"");
        assert_eq!(glob.origin.scope, Scope::Globs);
        assert_eq!(glob.pattern.frontmatter.paths, ["**/*.go", "internal/**"]);
        let decided = rule("trigger: model_decision\ndescription: When writing Go handlers");
        assert_eq!(decided.origin.scope, Scope::Described);
        assert_eq!(
            decided.pattern.frontmatter.description.as_deref(),
            Some("When writing Go handlers")
        );
        assert_eq!(rule("trigger: manual").origin.scope, Scope::Manual);
        assert_eq!(rule("description: x").origin.scope, Scope::Described);
    }

    #[test]
    fn a_glob_trigger_without_globs_and_an_unknown_trigger_are_warnings() {
        let no_globs = rule("trigger: glob");
        assert_eq!(no_globs.origin.scope, Scope::Described);
        assert_eq!(no_globs.warnings[0].line, 2);
        let unknown = rule("description: d\ntrigger: sometimes");
        assert_eq!(unknown.origin.scope, Scope::Described);
        assert_eq!(unknown.warnings.len(), 1);
        assert_eq!(unknown.warnings[0].line, 3);
        assert!(unknown.warnings[0].message.contains("sometimes"));
    }
}
