//! GitHub Copilot instructions: `.github/copilot-instructions.md` always applies; an
//! `.instructions.md` file applies to the files its `applyTo` globs match (`**` means every
//! file), and without `applyTo` (Copilot attaches it by hand or by its description) it is
//! found by its words. `excludeAgent: coding-agent`
//! keeps a file from coding agents (so from lore's hooks); `code-review` concerns only
//! Copilot's reviews.

use super::fields::Reader;
use super::{Scope, Scoping};

const AGENTS: &[&str] = &["coding-agent", "code-review"];

pub(super) fn scoping(r: &mut Reader, source: &str) -> Scoping {
    let description = r.text("description");
    let mut scoping = if source.ends_with("copilot-instructions.md") {
        Scoping::new(Scope::Always)
    } else if !r.list("applyTo").is_empty() {
        Scoping::globs(r.globs("applyTo"))
    } else {
        // Copilot attaches such a file only by hand or by its description; lore finds it by
        // its words, as the team's rule.
        Scoping::new(Scope::Described)
    };
    let line = r.line_of("excludeAgent");
    for agent in r.list("excludeAgent") {
        let agent = agent.to_ascii_lowercase();
        if agent == "coding-agent" {
            scoping.for_hooks = false;
        } else if !AGENTS.contains(&agent.as_str()) {
            r.warn(
                line,
                format!(
                    "`excludeAgent` names `{agent}`, which is neither `coding-agent` nor \
                     `code-review`; ignored"
                ),
            );
        }
    }
    scoping.described(description)
}

#[cfg(test)]
mod tests {
    use super::super::{NativeRule, Scope, read_rule};

    fn instructions(frontmatter: &str) -> NativeRule {
        read_rule(
            ".github/instructions/python.instructions.md",
            &format!("---\n{frontmatter}\n---\nUse type hints.\n"),
        )
        .unwrap()
    }

    #[test]
    fn the_repository_file_is_always_on() {
        let r = read_rule(".github/copilot-instructions.md", "Be brief.\n").unwrap();
        assert_eq!(r.origin.scope, Scope::Always);
        assert!(r.origin.for_hooks);
    }

    #[test]
    fn apply_to_scopes_and_double_star_is_everything() {
        let py = instructions("applyTo: \"**/*.py\"");
        assert_eq!(py.origin.scope, Scope::Globs);
        assert_eq!(py.pattern.frontmatter.paths, ["**/*.py"]);
        let several = instructions("applyTo: \"src/**/*.ts,src/**/*.tsx\"");
        assert_eq!(
            several.pattern.frontmatter.paths,
            ["src/**/*.ts", "src/**/*.tsx"]
        );
        let all = instructions("applyTo: \"**\"");
        assert_eq!(all.origin.scope, Scope::Always);
        assert!(all.pattern.frontmatter.universal);
    }

    #[test]
    fn a_mistyped_key_is_named_with_the_one_meant() {
        let r = instructions("applyto: \"**/*.py\"");
        assert_eq!(
            r.origin.scope,
            Scope::Described,
            "the key is still not read"
        );
        let warning = &r.warnings[0];
        assert_eq!(warning.line, 2);
        assert!(
            warning.message.contains("did you mean `applyTo`"),
            "{warning:?}"
        );
        // A key of the team's own draws nothing.
        assert!(
            instructions("owner: web-team\napplyTo: \"**/*.py\"")
                .warnings
                .is_empty()
        );
    }

    #[test]
    fn without_apply_to_it_is_found_by_its_words() {
        let r = instructions("description: Django notes");
        assert_eq!(r.origin.scope, Scope::Described);
        assert_eq!(
            r.pattern.frontmatter.description.as_deref(),
            Some("Django notes")
        );
        let bare = read_rule(
            ".github/instructions/docs.instructions.md",
            "# Documentation\nKeep docs/ current.\n",
        )
        .unwrap();
        assert_eq!(bare.origin.scope, Scope::Described);
    }

    #[test]
    fn apply_to_without_its_opening_line_still_scopes() {
        let r = read_rule(
            ".github/instructions/go.instructions.md",
            "applyTo:\n  - \"**/*.go\"\n---\n# Go\nWrap errors.\n",
        )
        .unwrap();
        assert_eq!(r.origin.scope, Scope::Globs);
        assert_eq!(r.pattern.frontmatter.paths, ["**/*.go"]);
        assert!(r.pattern.body.starts_with("# Go"));
        assert_eq!(r.pattern.chunks[0].line, 4);
        assert_eq!(r.warnings.len(), 1);
        assert!(r.warnings[0].message.contains("opening `---`"));
        // Copilot CLI itself reads no frontmatter there: the rule is recorded as such, and
        // the warning says what that does.
        assert!(r.origin.unopened_frontmatter);
        assert!(r.warnings[0].message.contains("every request"));
        // Prose that happens to start with a word and a colon, and no closing line, is text.
        let prose = read_rule(
            ".github/instructions/notes.instructions.md",
            "Note: keep it short.\n\nMore text.\n",
        )
        .unwrap();
        assert_eq!(prose.origin.scope, Scope::Described);
        assert!(prose.warnings.is_empty());
    }

    #[test]
    fn exclude_agent_coding_agent_keeps_it_from_hooks() {
        let excluded = instructions("applyTo: \"**\"\nexcludeAgent: \"coding-agent\"");
        assert!(!excluded.origin.for_hooks);
        assert!(!excluded.pattern.frontmatter.universal);
        let review = instructions("applyTo: \"**/*.py\"\nexcludeAgent: code-review");
        assert!(review.origin.for_hooks);
        let unknown = instructions("applyTo: \"**/*.py\"\nexcludeAgent: reviewer-bot");
        assert!(unknown.origin.for_hooks);
        assert_eq!(unknown.warnings.len(), 1);
        assert_eq!(unknown.warnings[0].line, 3);
    }
}
