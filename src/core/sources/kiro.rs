//! Kiro steering files (`.kiro/steering/*.md`): `inclusion` is `always` (also when absent),
//! `fileMatch` with `fileMatchPattern` (a glob or a list), `manual`, or `auto` (the agent
//! decides from `name` and `description`: found by its words here).

use super::fields::Reader;
use super::{Scope, Scoping};

pub(super) fn scoping(r: &mut Reader) -> Scoping {
    let description = r.text("description").or_else(|| r.text("name"));
    let scoping = match r.word("inclusion").as_deref() {
        Some("always") | None => Scoping::new(Scope::Always),
        Some("filematch") => {
            if r.list("fileMatchPattern").is_empty() {
                let line = r.line_of("inclusion");
                r.warn(
                    line,
                    "`inclusion: fileMatch` needs `fileMatchPattern` (e.g. `fileMatchPattern: \
                     \"components/**/*.tsx\"`); the file is found by its words instead"
                        .to_string(),
                );
            }
            Scoping::globs(r.globs("fileMatchPattern"))
        }
        Some("manual") => Scoping::new(Scope::Manual),
        Some("auto") => Scoping::new(Scope::Described),
        Some(other) => {
            let line = r.line_of("inclusion");
            r.warn(
                line,
                format!(
                    "`inclusion: {other}` is not one of `always`, `fileMatch`, `manual`, `auto`; \
                     the file is found by its words"
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

    fn steering(frontmatter: &str) -> NativeRule {
        read_rule(
            ".kiro/steering/api-standards.md",
            &format!("---\n{frontmatter}\n---\n# API standards\nVersion every route.\n"),
        )
        .unwrap()
    }

    #[test]
    fn inclusion_modes() {
        let plain = read_rule(".kiro/steering/tech.md", "# Tech\nPostgres 16.\n").unwrap();
        assert_eq!(plain.origin.scope, Scope::Always);
        assert_eq!(steering("inclusion: always").origin.scope, Scope::Always);
        let matched = steering("inclusion: fileMatch\nfileMatchPattern: \"app/api/**/*\"");
        assert_eq!(matched.origin.scope, Scope::Globs);
        assert_eq!(matched.pattern.frontmatter.paths, ["app/api/**/*"]);
        let listed =
            steering("inclusion: fileMatch\nfileMatchPattern: [\"**/*.ts\", \"**/*.tsx\"]");
        assert_eq!(listed.pattern.frontmatter.paths, ["**/*.ts", "**/*.tsx"]);
        assert_eq!(steering("inclusion: manual").origin.scope, Scope::Manual);
        let auto =
            steering("inclusion: auto\nname: api-design\ndescription: REST API design rules");
        assert_eq!(auto.origin.scope, Scope::Described);
        assert_eq!(
            auto.pattern.frontmatter.description.as_deref(),
            Some("REST API design rules")
        );
        let named = steering("inclusion: auto\nname: api-design");
        assert_eq!(
            named.pattern.frontmatter.description.as_deref(),
            Some("api-design")
        );
    }

    #[test]
    fn a_file_match_without_pattern_and_an_unknown_mode_are_warnings() {
        let missing = steering("inclusion: fileMatch");
        assert_eq!(missing.origin.scope, Scope::Described);
        assert_eq!(missing.warnings.len(), 1);
        let unknown = steering("inclusion: often");
        assert_eq!(unknown.origin.scope, Scope::Described);
        assert_eq!(unknown.warnings[0].line, 2);
    }
}
