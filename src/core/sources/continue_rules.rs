//! Continue rules (`.continue/rules/*.md`): `alwaysApply: true` is always on; `regex` (a
//! string or a list) makes the rule apply when what a call writes or replaces matches one of
//! them, and, with `globs` too, only for files those match; `globs` alone attach the rule to
//! matching files; a rule with none of them (and `alwaysApply` unset) is always on, and with
//! `alwaysApply: false` the agent decides from its `description` (found by its words here).
//! A regex lore cannot use is a warning naming its line (see `super::content`); a rule left
//! with none, or whose globs are all invalid, is found by its words.

use super::content::{MAX_REGEXES, compile};
use super::fields::Reader;
use super::{Scope, Scoping};

pub(super) fn scoping(r: &mut Reader) -> Scoping {
    let description = r.text("description");
    let always = r.flag("alwaysApply");
    let written_globs = !r.list("globs").is_empty();
    let scoping = if always == Some(true) {
        Scoping::new(Scope::Always)
    } else if r.has("regex") {
        let regexes = regexes(r);
        let globs = r.globs("globs");
        if regexes.is_empty() || (written_globs && globs.is_empty()) {
            Scoping::new(Scope::Described)
        } else {
            Scoping::content(regexes, globs)
        }
    } else if written_globs {
        Scoping::globs(r.globs("globs"))
    } else if always == Some(false) {
        Scoping::new(Scope::Described)
    } else {
        Scoping::new(Scope::Always)
    };
    scoping.described(description)
}

/// The `regex` values lore can test, each checked as the hook will compile it; the others
/// are warnings on the key's line.
fn regexes(r: &mut Reader) -> Vec<String> {
    let line = r.line_of("regex");
    let written = r.items("regex");
    if written.len() > MAX_REGEXES {
        r.warn(
            line,
            format!(
                "`regex` gives {} regexes; only the first {MAX_REGEXES} are used",
                written.len()
            ),
        );
    }
    let mut kept = Vec::new();
    for regex in written.into_iter().take(MAX_REGEXES) {
        match compile(&regex) {
            Ok(_) if !kept.contains(&regex) => kept.push(regex),
            Ok(_) => {}
            Err(why) => r.warn(
                line,
                format!("`regex` `{regex}` cannot be used ({why}); it is left out"),
            ),
        }
    }
    kept
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
    fn a_regex_scopes_the_rule_to_content_within_its_globs() {
        let both = rule("globs: \"**/*.go\"\nregex: \"func Test\\\\w+\"");
        assert_eq!(both.origin.scope, Scope::Content);
        assert_eq!(both.origin.regexes, [r"func Test\w+"]);
        assert_eq!(both.pattern.frontmatter.paths, ["**/*.go"]);
        assert!(!both.pattern.frontmatter.universal);
        assert!(both.warnings.is_empty());
        let alone = rule("regex:\n  - '^import .* from'\n  - \"useState\\\\(\"");
        assert_eq!(alone.origin.scope, Scope::Content);
        assert_eq!(alone.origin.regexes, ["^import .* from", r"useState\("]);
        assert!(alone.pattern.frontmatter.paths.is_empty());
        // A regex is one item: its commas are not separators.
        let counted = rule("regex: 'x{1,3}, y'");
        assert_eq!(counted.origin.regexes, ["x{1,3}, y"]);
        // alwaysApply wins; `alwaysApply: false` still tests the content.
        assert_eq!(
            rule("alwaysApply: true\nregex: x").origin.scope,
            Scope::Always
        );
        let asked = rule("alwaysApply: false\nregex: TODO");
        assert_eq!(asked.origin.scope, Scope::Content);
        // A catch-all glob says nothing about the file: the content alone decides.
        let any = rule("globs: \"**/*\"\nregex: TODO");
        assert_eq!(any.origin.scope, Scope::Content);
        assert!(any.pattern.frontmatter.paths.is_empty());
    }

    #[test]
    fn a_regex_lore_cannot_use_is_a_warning_on_its_line() {
        let r = rule("description: d\nregex:\n  - 'foo(?=bar)'\n  - ok");
        assert_eq!(r.origin.scope, Scope::Content);
        assert_eq!(r.origin.regexes, ["ok"]);
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(r.warnings[0].line, 4);
        assert!(
            r.warnings[0].message.contains("foo(?=bar)"),
            "{:?}",
            r.warnings
        );
        // None left, or globs none of which is valid: found by its words, not on any file.
        let none = rule("regex: \"(\"");
        assert_eq!(none.origin.scope, Scope::Described);
        assert!(none.origin.regexes.is_empty());
        assert_eq!(none.warnings.len(), 1);
        let bad_globs = rule("globs: \"src/[\"\nregex: TODO");
        assert_eq!(bad_globs.origin.scope, Scope::Described);
        assert!(bad_globs.origin.regexes.is_empty());
        let many = (0..20)
            .map(|i| format!("  - r{i}"))
            .collect::<Vec<_>>()
            .join("\n");
        let capped = rule(&format!("regex:\n{many}"));
        assert_eq!(capped.origin.regexes.len(), super::MAX_REGEXES);
        assert!(capped.warnings[0].message.contains("only the first 16"));
    }

    #[test]
    fn a_nested_content_rule_applies_under_its_folder() {
        let nested = read_rule(
            "web/.continue/rules/hooks.md",
            "---\nregex: useEffect\n---\nClean up effects.\n",
        )
        .unwrap();
        assert_eq!(nested.origin.scope, Scope::Content);
        assert_eq!(nested.pattern.frontmatter.paths, ["web/**"]);
        let globbed = read_rule(
            "web/.continue/rules/hooks.md",
            "---\nglobs: \"*.tsx\"\nregex: useEffect\n---\nClean up effects.\n",
        )
        .unwrap();
        assert_eq!(globbed.pattern.frontmatter.paths, ["web/**/*.tsx"]);
    }

    #[test]
    fn a_bad_always_apply_is_a_warning() {
        let r = rule("alwaysApply: 3");
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(r.warnings[0].line, 3);
        assert_eq!(r.origin.scope, Scope::Always);
    }
}
