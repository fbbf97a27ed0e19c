//! Invariants of the built-in table: names, references, aliases and signs that resolve and do
//! not collide, and the lookups built from it.

use std::collections::BTreeMap;

use super::super::super::index::word_text;
use super::super::super::language::LANGUAGES;
use super::super::path::FileSign;
use super::super::words::normalize_phrase;
use super::*;

/// Technologies that are also entries of the language table, because that table treats a few
/// frameworks and tools as languages of their own.
const ALSO_LANGUAGES: &[&str] = &[
    "react",
    "vue",
    "svelte",
    "angular",
    "terraform",
    "docker",
    "kubernetes",
    "github-actions",
    "graphql",
    "solidity",
];

#[test]
fn the_table_is_broad() {
    assert!(technologies().count() >= 150, "{}", technologies().count());
}

#[test]
fn names_are_unique_lower_case_kebab_and_not_plain_languages() {
    let mut seen = BTreeMap::new();
    for technology in technologies() {
        let name = technology.name;
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{name:?} is not kebab case"
        );
        assert!(seen.insert(name, ()).is_none(), "{name} twice");
        let is_language = LANGUAGES.iter().any(|l| l.name == name);
        assert!(
            !is_language || ALSO_LANGUAGES.contains(&name),
            "{name} is a language, not a technology"
        );
    }
}

#[test]
fn implies_and_languages_resolve() {
    for technology in technologies() {
        for implied in technology.implies {
            assert!(
                technologies().any(|t| t.name == *implied),
                "{} implies unknown {implied}",
                technology.name
            );
            assert_ne!(
                *implied, technology.name,
                "{} implies itself",
                technology.name
            );
        }
        for language in technology.languages {
            assert!(
                LANGUAGES.iter().any(|l| l.name == *language),
                "{}: unknown language {language}",
                technology.name
            );
        }
    }
}

#[test]
fn every_technology_is_named_by_a_word_that_resolves_to_it() {
    for technology in technologies() {
        assert!(
            !technology.words.is_empty(),
            "{} has no words",
            technology.name
        );
        assert_eq!(canonical_technology(technology.name), Some(technology.name));
        for word in technology.words {
            assert_eq!(
                canonical_technology(word_text(*word)),
                Some(technology.name),
                "{:?}",
                word
            );
        }
    }
}

#[test]
fn no_alias_is_shared_by_two_technologies() {
    let mut owner: BTreeMap<String, &str> = BTreeMap::new();
    for technology in technologies() {
        for word in technology.words {
            let phrase = normalize_phrase(word_text(*word));
            if let Some(other) = owner.insert(phrase.clone(), technology.name) {
                assert_eq!(
                    other, technology.name,
                    "`{phrase}` names {other} and {}",
                    technology.name
                );
            }
        }
    }
}

/// Identifiers two technologies share on purpose: each is told apart by the file's language
/// (`@Component` is Angular in TypeScript and Spring in Java).
const SHARED_IDENTIFIERS: &[&str] = &["@Component"];

#[test]
fn signs_are_well_formed_and_not_shared() {
    let mut imports: BTreeMap<&str, &str> = BTreeMap::new();
    let mut identifiers: BTreeMap<&str, &str> = BTreeMap::new();
    let mut commands: BTreeMap<&str, &str> = BTreeMap::new();
    let mut packages: BTreeMap<String, &str> = BTreeMap::new();
    for t in technologies() {
        for sign in t.files {
            assert!(
                FileSign::parse(sign).is_ok(),
                "{}: file sign {sign}",
                t.name
            );
        }
        for sign in t.imports {
            assert!(
                !sign.trim().is_empty() && sign.trim() == *sign,
                "{}: import {sign:?}",
                t.name
            );
            let other = imports.insert(sign, t.name);
            assert!(
                other.is_none(),
                "import {sign} in {} and {}",
                other.unwrap_or(""),
                t.name
            );
        }
        for sign in t
            .identifiers
            .iter()
            .filter(|s| !SHARED_IDENTIFIERS.contains(s))
        {
            let other = identifiers.insert(sign, t.name);
            assert!(
                other.is_none(),
                "identifier {sign} in {} and {}",
                other.unwrap_or(""),
                t.name
            );
        }
        for sign in t.commands {
            assert!(!sign.trim().is_empty(), "{}: empty command", t.name);
            let other = commands.insert(sign, t.name);
            assert!(
                other.is_none(),
                "command {sign} in {} and {}",
                other.unwrap_or(""),
                t.name
            );
        }
        for package in t.packages {
            let key = format!("{:?}:{}", package.ecosystem(), package.name());
            let other = packages.insert(key.clone(), t.name);
            assert!(
                other.is_none(),
                "package {key} in {} and {}",
                other.unwrap_or(""),
                t.name
            );
        }
    }
}

#[test]
fn canonical_names_from_what_people_write() {
    let cases: &[(&str, Option<&str>)] = &[
        ("Next.js", Some("nextjs")),
        ("next js", Some("nextjs")),
        ("NEXTJS", Some("nextjs")),
        ("nextjs15", Some("nextjs")),
        ("vue3", Some("vue")),
        ("Spring Boot", Some("spring-boot")),
        ("spring-boot", Some("spring-boot")),
        ("sklearn", Some("scikit-learn")),
        ("scikit_learn", Some("scikit-learn")),
        ("Model Context Protocol", Some("mcp")),
        ("ASP.NET Core", Some("aspnet-core")),
        ("react", Some("react")),
        ("express", Some("express")),
        ("go", None),
        ("python", None),
        ("rust", None),
        ("next", None),
        ("", None),
        ("   ", None),
    ];
    for (written, expected) in cases {
        assert_eq!(canonical_technology(written), *expected, "{written:?}");
    }
}

#[test]
fn implied_technologies_close_transitively_in_order() {
    let t = table();
    assert_eq!(
        t.with_implied(&strings(&["expo"])),
        strings(&["expo", "react-native", "react"])
    );
    assert_eq!(
        t.with_implied(&strings(&["nextjs", "react"])),
        strings(&["nextjs", "react"])
    );
    assert_eq!(
        t.with_implied(&strings(&["sveltekit"])),
        strings(&["sveltekit", "svelte"])
    );
    assert_eq!(
        t.with_implied(&strings(&["riverpod"])),
        strings(&["riverpod", "flutter"])
    );
    assert_eq!(
        t.with_implied(&strings(&["foundry"])),
        strings(&["foundry", "solidity"])
    );
    assert_eq!(
        t.with_implied(&strings(&["nuxt", "acme"])),
        strings(&["nuxt", "acme", "vue"])
    );
    assert_eq!(t.with_implied(&[]), Vec::<String>::new());
}

#[test]
fn languages_of_technologies() {
    let t = table();
    assert_eq!(t.languages_of(&strings(&["fastapi"])), strings(&["python"]));
    assert_eq!(
        t.languages_of(&strings(&["nextjs", "fastapi"])),
        strings(&["javascript", "typescript", "react", "python"])
    );
    assert_eq!(
        t.languages_of(&strings(&["postgresql"])),
        Vec::<String>::new()
    );
    assert_eq!(t.languages_of(&strings(&["unknown"])), Vec::<String>::new());
}

#[test]
fn compiled_in_lookups_are_sorted_for_binary_search() {
    use super::super::index::{CODE, COMMANDS, FILES, INDEX, PACKAGES, WORDS};
    assert!(INDEX.by_name.is_sorted());
    assert!(WORDS.words.is_sorted() && WORDS.phrase_heads.is_sorted());
    assert!(FILES.exact.is_sorted() && FILES.extension.is_sorted());
    assert!(FILES.stem.is_sorted() && FILES.dir.is_sorted());
    assert!(CODE.imports.is_sorted() && CODE.identifiers.is_sorted());
    assert!(COMMANDS.commands.is_sorted());
    assert!(PACKAGES.packages.is_sorted());
}

#[test]
fn ids_are_positions_in_table_order() {
    use super::super::index::INDEX;
    let all: Vec<&Technology> = technologies().collect();
    assert_eq!(INDEX.len(), all.len());
    for (id, technology) in all.iter().enumerate() {
        assert!(std::ptr::eq(INDEX.entry(id).unwrap(), *technology));
        assert_eq!(INDEX.by_name.get(technology.name), Some(id));
    }
    assert!(INDEX.entry(all.len()).is_none());
}
