//! A team's own entries: a new technology found by every detector, and an entry that extends
//! a built-in one.

use super::*;
use crate::core::config::TechnologyConfig;

fn acme() -> TechnologyConfig {
    TechnologyConfig {
        name: "acme-ui".into(),
        aliases: strings(&["Acme UI", "acmeui"]),
        languages: strings(&["typescript"]),
        implies: strings(&["react"]),
        files: strings(&["acme.config.*", "src/widgets/**/*.tsx"]),
        imports: strings(&["@acme/ui"]),
        commands: strings(&["acme", "npx acme-cli"]),
        packages: strings(&["@acme/ui", "acme-core-*"]),
    }
}

#[test]
fn a_new_technology_is_found_by_every_detector() {
    let t = TechnologyTable::with_team(&[acme()]);
    assert_eq!(t.for_path("acme.config.ts"), strings(&["acme-ui"]));
    assert_eq!(
        t.for_path("web/src/widgets/Button.tsx"),
        strings(&["acme-ui"])
    );
    assert_eq!(t.for_path("web/src/pages/Home.tsx"), Vec::<String>::new());
    assert_eq!(
        t.in_code(
            "import { Button } from '@acme/ui/button'\n",
            &strings(&["typescript"])
        ),
        strings(&["acme-ui"])
    );
    assert_eq!(t.for_command("acme build --prod"), strings(&["acme-ui"]));
    assert_eq!(t.for_command("npx acme-cli deploy"), strings(&["acme-ui"]));
    assert_eq!(t.for_command("npx other-cli"), Vec::<String>::new());
    assert_eq!(
        t.in_text("style it with Acme UI tokens"),
        strings(&["acme-ui"])
    );
    assert_eq!(t.in_text("acme ui"), strings(&["acme-ui"]));
    let package_json = r#"{"dependencies": {"@acme/ui": "1.0.0", "react": "18"}}"#;
    assert_eq!(
        t.in_manifest("package.json", package_json).technologies,
        strings(&["acme-ui", "react"])
    );
    let requirements = "acme_core_client==2.0\n";
    assert_eq!(
        t.in_manifest("requirements.txt", requirements).technologies,
        strings(&["acme-ui"])
    );
    assert_eq!(
        t.of_pattern("acme-ui-buttons.md", "Buttons", None, &[], None),
        strings(&["acme-ui"])
    );
    assert_eq!(t.canonical("Acme UI").as_deref(), Some("acme-ui"));
    assert_eq!(
        t.with_implied(&strings(&["acme-ui"])),
        strings(&["acme-ui", "react"])
    );
    assert_eq!(
        t.languages_of(&strings(&["acme-ui"])),
        strings(&["typescript"])
    );
    assert!(t.root_file_names().iter().any(|n| n == "acme.config.*"));
    assert!(t.is_root_file("acme.config.json"));
}

#[test]
fn the_built_in_table_alone_knows_nothing_of_it() {
    let t = table();
    assert_eq!(t.for_path("acme.config.ts"), Vec::<String>::new());
    assert_eq!(
        t.in_text("style it with Acme UI tokens"),
        Vec::<String>::new()
    );
    assert_eq!(t.canonical("Acme UI"), None);
}

#[test]
fn an_entry_with_a_built_in_name_extends_it() {
    let extension = TechnologyConfig {
        name: "Next.js".into(),
        files: strings(&["web/**/*.page.tsx"]),
        implies: strings(&["acme-ui"]),
        ..TechnologyConfig::default()
    };
    let t = TechnologyTable::with_team(&[acme(), extension]);
    assert_eq!(t.for_path("web/shop/home.page.tsx"), strings(&["nextjs"]));
    assert_eq!(t.for_path("next.config.js"), strings(&["nextjs"]));
    assert_eq!(
        t.with_implied(&strings(&["nextjs"])),
        strings(&["nextjs", "react", "acme-ui"])
    );
}

#[test]
fn the_documented_example_works_as_documented() {
    let docs = include_str!("../../../../../docs/configuration.md");
    let section = docs
        .split("## A team's own technologies")
        .nth(1)
        .expect("docs/configuration.md has the section");
    let example = section
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the section has a toml example");
    let text = format!("knowledge_dir = \"patterns\"\n{example}");
    let config = crate::core::config::parse_config(std::path::Path::new("/repo/lore.toml"), &text)
        .expect("the documented example parses");
    let t = TechnologyTable::with_team(&config.technologies);
    assert_eq!(t.for_path("src/widgets/Button.tsx"), strings(&["acme-ui"]));
    assert_eq!(
        t.in_code("import { Button } from '@acme/ui/button'\n", &[]),
        strings(&["acme-ui"])
    );
    assert_eq!(t.for_command("acme build"), strings(&["acme-ui"]));
    assert_eq!(
        t.in_text("a prompt that says Acme UI"),
        strings(&["acme-ui"])
    );
    let package_json = r#"{"dependencies": {"@acme/ui": "^1"}}"#;
    assert_eq!(
        t.in_manifest("package.json", package_json).technologies,
        strings(&["acme-ui"])
    );
    assert_eq!(t.for_path("web/shop/home.page.tsx"), strings(&["nextjs"]));
}
