//! A pattern's technologies from its frontmatter, tags, path, title and (conservatively) its
//! description.

use super::*;

fn of(source: &str, title: &str, description: Option<&str>) -> Vec<String> {
    table().of_pattern(source, title, description, &[], None)
}

#[test]
fn paths_and_titles_name_technologies() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "awesome-cursorrules/nextjs15-supabase-cursorrules-prompt-file.md",
            "Next.js 15 + Supabase",
            &["nextjs", "supabase"],
        ),
        (
            "dataverse-python-error-handling.instructions.md",
            "Dataverse SDK for Python: error handling",
            &["dataverse"],
        ),
        (
            "python-mcp-server.instructions.md",
            "Python MCP Server Development",
            &["mcp"],
        ),
        ("go.instructions.md", "Go Development Instructions", &[]),
        ("rust-general.md", "Rust", &[]),
        ("vue3-composition-api.md", "Composition API", &["vue"]),
        (
            "react-native-expo.md",
            "Mobile apps",
            &["react-native", "expo"],
        ),
        (
            "backend/spring-boot-testing.md",
            "Testing",
            &["spring-boot"],
        ),
        (
            "frameworks/django/models.md",
            "Model conventions",
            &["django"],
        ),
        (
            "azure-functions-csharp.instructions.md",
            "Azure Functions in C#",
            &["azure-functions"],
        ),
        ("pcf-events.instructions.md", "Events", &["power-apps-pcf"]),
        (
            "tailwind-v4-vite.instructions.md",
            "Tailwind v4 with Vite",
            &["tailwind", "vite"],
        ),
        ("notes/review.md", "How to react to review comments", &[]),
        ("process/next-steps.md", "Next steps", &[]),
        ("guides/expressive-names.md", "Expressive names", &[]),
    ];
    for (source, title, expected) in cases {
        assert_eq!(of(source, title, None), strings(expected), "{source}");
    }
}

#[test]
fn the_description_counts_only_when_nothing_stronger_names_one_and_only_its_first_two() {
    let description = "Conventions for Vue, Pinia, Vite, Vitest, Tailwind and Storybook";
    assert_eq!(
        of("frontend-guide.md", "Frontend guide", Some(description)),
        strings(&["vue", "pinia"])
    );
    assert_eq!(
        of("frontend-guide.md", "Svelte components", Some(description)),
        strings(&["svelte"])
    );
    assert_eq!(
        of(
            "svelte.md",
            "Components",
            Some("Works with React and Vue too")
        ),
        strings(&["svelte"])
    );
}

#[test]
fn declared_technologies_are_the_whole_list_and_tags_come_first() {
    let t = table();
    let declared = strings(&["Next.js", "acme-ui"]);
    let tags = strings(&["react", "hooks", "errors"]);
    // What the author declared overrides what the name and tags suggest.
    assert_eq!(
        t.of_pattern("web/supabase-auth.md", "Auth", None, &tags, Some(&declared)),
        strings(&["nextjs", "acme-ui"])
    );
    // An empty declaration says the pattern is for no technology in particular.
    assert!(
        t.of_pattern(
            "web/supabase-auth.md",
            "Auth for Android",
            None,
            &tags,
            Some(&[])
        )
        .is_empty()
    );
    assert_eq!(
        t.of_pattern("web/supabase-auth.md", "Auth", None, &tags, None),
        strings(&["react", "supabase"])
    );
    assert_eq!(
        t.of_pattern(
            "guide.md",
            "Guide",
            None,
            &strings(&["express", "go"]),
            None
        ),
        strings(&["express"])
    );
}
