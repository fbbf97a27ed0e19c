//! What names a technology: whole names and aliases, never one part of a longer name, and a
//! dependency that shows a technology only by its whole name.

use super::*;

#[test]
fn a_technology_is_named_by_its_whole_name_and_aliases() {
    let t = table();
    let boot = t.names_of("spring-boot");
    assert_eq!(boot.first().map(String::as_str), Some("spring boot"));
    for alias in ["springboot", "spring"] {
        assert!(boot.contains(&alias.to_owned()), "{alias}: {boot:?}");
    }
    // Dots and hyphens read as the index reads them: word breaks.
    assert!(t.names_of("nextjs").contains(&"next js".to_owned()));
    assert_eq!(
        t.names_of("SvelteKit").first().map(String::as_str),
        Some("sveltekit")
    );
}

#[test]
fn no_part_of_a_longer_name_names_the_technology() {
    let t = table();
    // Each of these technologies has a generic word in its name; alone, that word names a
    // topic every team writes about, not the technology.
    for (technology, part) in [
        ("testing-library", "testing"),
        ("testing-library", "library"),
        ("react-router", "router"),
        ("tanstack-query", "query"),
        ("styled-components", "components"),
        ("github-actions", "actions"),
        ("azure-functions", "functions"),
        ("django-rest-framework", "rest"),
        ("google-cloud", "cloud"),
        ("jetpack-compose", "compose"),
        ("react-native", "native"),
    ] {
        let names = t.names_of(technology);
        assert!(!names.is_empty(), "{technology}");
        assert!(!names.contains(&part.to_owned()), "{technology}: {names:?}");
    }
}

#[test]
fn a_team_alias_names_its_technology_and_an_unknown_name_names_itself() {
    let t = TechnologyTable::with_team(&[crate::core::config::TechnologyConfig {
        name: "acme-billing".into(),
        aliases: vec!["ledgerkit".into(), "Acme Ledger".into()],
        ..Default::default()
    }]);
    assert_eq!(
        t.names_of("acme-billing"),
        strings(&["acme billing", "ledgerkit", "acme ledger"])
    );
    assert_eq!(t.names_of("pond-sim"), strings(&["pond sim"]));
    assert!(t.names_of("").is_empty());
}

#[test]
fn a_scoped_or_hyphenated_package_shows_only_what_its_whole_name_maps_to() {
    let text = r#"{
  "dependencies": { "@testing-library/jest-dom": "^6", "@testing-library/react": "^16" },
  "devDependencies": { "eslint-plugin-react-hooks": "^5", "vue-tsc": "^2" }
}"#;
    let found = table().in_manifest("package.json", text);
    // `@testing-library/react` is the testing library's React binding: it does not make the
    // project a React one, and no package named `react-*` or `*-react-*` does by its parts.
    assert!(
        !found
            .technologies
            .iter()
            .any(|t| t == "react" || t == "vue"),
        "{:?}",
        found.technologies
    );
    assert!(found.technologies.contains(&"testing-library".to_owned()));
}
