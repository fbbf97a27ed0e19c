//! Unit tests for reading lore's keys from frontmatter YAML.

use super::*;

#[test]
fn empty_or_null_frontmatter_is_default() {
    for yaml in ["", "  \n\n", "~\n", "null", "# only a comment\n"] {
        assert_eq!(fm(yaml), Frontmatter::default(), "{yaml:?}");
    }
}

#[test]
fn tags_from_list_or_comma_string_trimmed_deduped_stringified() {
    assert_eq!(
        fm("tags: [ errors , rust, errors, '', 42, true]").tags,
        strings(&["errors", "rust", "42", "true"])
    );
    assert_eq!(
        fm("tags: errors, rust ,,errors").tags,
        strings(&["errors", "rust"])
    );
    assert_eq!(fm("tags:\n  - a\n  - b\n").tags, strings(&["a", "b"]));
    assert_eq!(fm("tags:\n").tags, Vec::<String>::new());
}

/// The most tags the frontmatter cap lets one pattern repeat beside `rest` bytes of other
/// keys: the shortest distinct names (`a`..`z`, `aa`..), all once and then all again, in one
/// `tags:` line; with the names in first-seen order.
fn largest_repeated_tags(rest: usize) -> (String, Vec<String>) {
    let name = |mut i: usize| {
        let mut letters = Vec::new();
        loop {
            letters.push(b'a' + (i % 26) as u8);
            if i < 26 {
                break;
            }
            i = i / 26 - 1;
        }
        letters.reverse();
        String::from_utf8(letters).unwrap_or_default()
    };
    let budget = MAX_FRONTMATTER_BYTES - rest - "tags: \"\"\n".len();
    let (mut names, mut used) = (Vec::new(), 0);
    loop {
        let next = name(names.len());
        // Listed twice, each time with a comma.
        let cost = 2 * (next.len() + 1);
        if used + cost > budget {
            break;
        }
        used += cost;
        names.push(next);
    }
    let listed: Vec<&str> = names.iter().chain(&names).map(String::as_str).collect();
    (format!("tags: \"{}\"\n", listed.join(",")), names)
}

#[test]
fn the_most_repeated_tags_the_cap_allows_keep_first_seen_order_once_each() {
    let applies_when = format!(
        "applies_when: [{}]",
        "Edit, Bash(git commit), Edit, ".repeat(50)
    );
    let (tags, names) = largest_repeated_tags(applies_when.len());
    assert!(names.len() > 5_000, "{} tags", names.len());
    let yaml = format!("{tags}{applies_when}");
    // The largest: one more tag would pass the cap.
    assert!(yaml.len() <= MAX_FRONTMATTER_BYTES, "{}", yaml.len());
    assert!(yaml.len() + 16 > MAX_FRONTMATTER_BYTES, "{}", yaml.len());
    let fm = fm(&yaml);
    assert_eq!(fm.tags, names);
    assert_eq!(fm.applies_when.tools, strings(&["Edit"]));
    assert_eq!(fm.applies_when.commands, strings(&["git commit"]));
}

/// A tag that counts every equality comparison made on it.
#[derive(Clone, Debug)]
struct CountedTag {
    name: String,
    comparisons: std::rc::Rc<std::cell::Cell<usize>>,
}

impl PartialEq for CountedTag {
    fn eq(&self, other: &Self) -> bool {
        self.comparisons.set(self.comparisons.get() + 1);
        self.name == other.name
    }
}

impl Eq for CountedTag {}

impl std::hash::Hash for CountedTag {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

#[test]
fn tag_dedup_compares_each_tag_a_bounded_number_of_times() {
    // Deduplication that scanned the tags kept so far would compare each tag with every
    // earlier one: tens of millions of comparisons here. Counting them, not timing them,
    // tells the two apart on any machine.
    let (_, names) = largest_repeated_tags(0);
    let comparisons = std::rc::Rc::new(std::cell::Cell::new(0));
    let tags: Vec<CountedTag> = names
        .iter()
        .chain(&names)
        .map(|name| CountedTag {
            name: name.clone(),
            comparisons: comparisons.clone(),
        })
        .collect();
    let count = tags.len();
    let mut kept = Vec::new();
    super::super::values::extend_unique(&mut kept, tags);
    assert_eq!(kept.len(), names.len());
    assert!(
        comparisons.get() <= 2 * count,
        "{} comparisons for {count} tags: more than a few per tag",
        comparisons.get()
    );
}

#[test]
fn tag_universal_in_any_case_sets_universal() {
    let fm = fm("tags: [Universal, git]");
    assert!(fm.universal);
    assert_eq!(fm.tags, strings(&["Universal", "git"]));
}

#[test]
fn universal_accepts_bools_and_yes_no_strings() {
    assert!(fm("universal: true").universal);
    assert!(fm("universal: 'yes'").universal);
    assert!(fm("universal: \"TRUE\"").universal);
    assert!(!fm("universal: false").universal);
    assert!(!fm("universal: 'no'").universal);
    let e = fm_err("tags: [a]\nuniversal: maybe\n");
    assert_eq!((e.line, e.key.as_deref()), (3, Some("universal")));
    assert!(
        e.message.contains("must be `true` or `false`"),
        "{}",
        e.message
    );
}

#[test]
fn languages_lowercased_deduped_from_both_keys() {
    assert_eq!(fm("language: Rust").languages, strings(&["rust"]));
    assert_eq!(
        fm("languages: [Go, go, ' Python ']").languages,
        strings(&["go", "python"])
    );
    assert_eq!(
        fm("language: TypeScript, JavaScript\nlanguages: [typescript, c]").languages,
        strings(&["typescript", "javascript", "c"])
    );
}

#[test]
fn cursor_rule_frontmatter() {
    let fm = fm("description: \"Cursor rules for Rust.\"\nglobs: \"**/*\"\nalwaysApply: false\n");
    assert_eq!(fm.description.as_deref(), Some("Cursor rules for Rust."));
    assert_eq!(fm.paths, strings(&["**/*"]));
    assert!(!fm.universal);
}

#[test]
fn cursor_globs_as_unquoted_string_and_list() {
    assert_eq!(
        fm("globs: programs/**/*.rs, src/**/*.rs, tests/**/*.ts").paths,
        strings(&["programs/**/*.rs", "src/**/*.rs", "tests/**/*.ts"])
    );
    assert_eq!(
        fm("globs: [\"**/*.rs\", \"Cargo.toml\"]").paths,
        strings(&["**/*.rs", "Cargo.toml"])
    );
    assert_eq!(
        fm("globs: \"**/*.ts, **/*.tsx\"").paths,
        strings(&["**/*.ts", "**/*.tsx"])
    );
}

#[test]
fn always_apply_true_is_universal() {
    assert!(fm("alwaysApply: true\nglobs:\n").universal);
}

#[test]
fn copilot_apply_to_keeps_brace_globs_whole_and_merges_with_paths() {
    let fm = fm("applyTo: '**/*.{ts,tsx}, **/*.cs'\npaths: [src/**, '**/*.cs']\nglobs: '*'\n");
    assert_eq!(
        fm.paths,
        strings(&["**/*.{ts,tsx}", "**/*.cs", "src/**", "*"])
    );
}

#[test]
fn unknown_keys_are_ignored() {
    let yaml = "name: X\ntitle: Y\nmode: agent\nmodel: gpt\ntools: [a, {b: c}]\nauthor: {n: 1}\nexcludeAgent: [\"coding-agent\"]\ntags: [t]\n";
    assert_eq!(
        fm(yaml),
        Frontmatter {
            tags: strings(&["t"]),
            ..Frontmatter::default()
        }
    );
}

#[test]
fn a_list_left_open_is_named_on_its_own_line() {
    // The parser stumbles only on the next key; the mistake is the line before.
    let e = fm_err("description: d\ntags: [react, hooks\nlanguage: typescript\n");
    assert_eq!((e.line, e.key.as_deref()), (3, Some("tags")), "{e:?}");
    assert!(e.message.contains("never closed"), "{e:?}");
    // A flow list closed on a later line is YAML; a later error is still its own.
    let fm = fm("tags: [react,\n  hooks]\ndescription: d\n");
    assert_eq!(fm.tags, strings(&["react", "hooks"]));
    let e = fm_err("tags: [react,\n  hooks]\ndescription: d\nbad: : x\n");
    assert!(!e.message.contains("never closed"), "{e:?}");
}

#[test]
fn cursors_unquoted_globs_are_read_as_globs() {
    // Cursor's own form: to YAML, a leading `*` is an alias.
    let fm = fm("description: React\nglobs: *.tsx, src/components/**/*.tsx\nalwaysApply: false\n");
    assert_eq!(fm.paths, strings(&["*.tsx", "src/components/**/*.tsx"]));
    assert_eq!(fm.description.as_deref(), Some("React"));
    // Elsewhere a leading `*` is still YAML's, and its error names the line.
    let e = fm_err("description: d\ntags: *a\n");
    assert_eq!(e.line, 3);
}

#[test]
fn a_near_miss_of_a_key_lore_reads_names_the_key_meant() {
    // Ignored, it would drop the scope it sets without a word.
    for (yaml, line, written, meant) in [
        ("tags: [db]\npahts: [\"src/db/**\"]\n", 3, "pahts", "paths"),
        ("lanugage: typescript\n", 2, "lanugage", "language"),
        ("description: d\ntag: [db]\n", 3, "tag", "tags"),
    ] {
        let e = fm_err(yaml);
        assert_eq!((e.line, e.key.as_deref()), (line, Some(written)), "{yaml}");
        assert!(
            e.message.contains(&format!("did you mean `{meant}`")),
            "{e:?}"
        );
    }
}

#[test]
fn description_trimmed_and_scalars_stringified() {
    assert_eq!(
        fm("description: '  How we log  '").description.as_deref(),
        Some("How we log")
    );
    assert_eq!(fm("description: 3.5").description.as_deref(), Some("3.5"));
    assert_eq!(fm("description: ''").description, None);
    let e = fm_err("description: [a, b]");
    assert_eq!((e.line, e.key.as_deref()), (2, Some("description")));
}

#[test]
fn applies_when_mapping_form() {
    let fm = fm("applies_when:\n  tools: [Edit, Write]\n  commands: git commit, cargo  publish\n");
    assert_eq!(fm.applies_when.tools, strings(&["Edit", "Write"]));
    assert_eq!(
        fm.applies_when.commands,
        strings(&["git commit", "cargo publish"])
    );
    let flow = self::fm("applies_when: {tools: Bash, commands: ['Bash(git push:*)']}");
    assert_eq!(
        flow.applies_when,
        AppliesWhen {
            tools: strings(&["Bash"]),
            commands: strings(&["git push"])
        }
    );
}

#[test]
fn applies_when_shorthand_with_permission_style_commands() {
    let fm = fm(
        "applies_when: [Edit, Bash(git commit:*), 'Bash(cargo test)', Bash(git commit), Bash()]",
    );
    assert_eq!(fm.applies_when.tools, strings(&["Edit", "Bash"]));
    assert_eq!(
        fm.applies_when.commands,
        strings(&["git commit", "cargo test"])
    );
    let single = self::fm("applies_when: Bash(npm run *), MultiEdit");
    assert_eq!(
        single.applies_when,
        AppliesWhen {
            tools: strings(&["MultiEdit"]),
            commands: strings(&["npm run"])
        }
    );
    assert!(self::fm("applies_when: []").applies_when.is_empty());
    assert!(self::fm("applies_when:").applies_when.is_empty());
}

#[test]
fn applies_when_errors_name_the_line() {
    let e = fm_err("tags: [a]\napplies_when:\n  tools: [Edit]\n  when: always\n");
    assert_eq!((e.line, e.key.as_deref()), (5, Some("applies_when.when")));
    assert!(e.message.contains("unknown key `when`"), "{}", e.message);

    let e = fm_err("a: 1\napplies_when: {tools: Edit, when: always}\n");
    assert_eq!((e.line, e.key.as_deref()), (3, Some("applies_when.when")));

    let e = fm_err("applies_when: git commit");
    assert_eq!((e.line, e.key.as_deref()), (2, Some("applies_when")));
    assert!(
        e.message.contains("write `Bash(git commit)`"),
        "{}",
        e.message
    );

    let e = fm_err("applies_when: ['Edit(src/**)']");
    assert!(
        e.message
            .contains("only `Bash(<command prefix>)` takes an argument"),
        "{}",
        e.message
    );

    let e = fm_err("x: 1\napplies_when:\n  tools:\n    nested: map\n");
    assert_eq!((e.line, e.key.as_deref()), (4, Some("applies_when.tools")));
}

#[test]
fn bad_tags_type_names_key_and_file_line() {
    let e = fm_err("description: d\n\ntags:\n  errors: true\n");
    assert_eq!(
        e,
        PatternError {
            source_path: "p.md".into(),
            line: 4,
            key: Some("tags".into()),
            message:
                "`tags` must be a list of strings, e.g. `tags: [errors, rust]`, but it is a mapping"
                    .into(),
        }
    );
    let e = fm_err("tags: [a, [b, c]]");
    assert_eq!((e.line, e.key.as_deref()), (2, Some("tags")));
    assert!(
        e.message.ends_with("but it is a list containing a list"),
        "{}",
        e.message
    );
}

#[test]
fn bad_language_and_globs_types() {
    let e = fm_err("a: 1\nlanguage: {rust: 1}\n");
    assert_eq!((e.line, e.key.as_deref()), (3, Some("language")));
    let e = fm_err("a: 1\nb: 2\npaths: '[unclosed'\n");
    assert_eq!((e.line, e.key.as_deref()), (4, Some("paths")));
    assert!(
        e.message.contains("invalid glob `[unclosed`"),
        "{}",
        e.message
    );
    let e = fm_err("applyTo: '**/*.{ts,tsx'");
    assert_eq!((e.line, e.key.as_deref()), (2, Some("applyTo")));
}

#[test]
fn yaml_syntax_error_points_at_file_line_with_remedy() {
    // (An unquoted glob is read as Cursor means it: see cursors_unquoted_globs_are_read_as_globs.)
    let e = fm_err("description: x\ntags: *errors\n");
    assert_eq!((e.line, e.key.as_deref()), (3, Some("tags")));
    assert!(
        e.message.starts_with("the frontmatter is not valid YAML: "),
        "{}",
        e.message
    );
    assert!(
        e.message.contains("quote values that start with `*`"),
        "{}",
        e.message
    );

    let e = fm_err("tags: [a\n");
    assert_eq!(e.line, 2);

    let e = fm_err("tags: [a]\ntags: [b]\n");
    assert_eq!((e.line, e.key.as_deref()), (3, Some("tags")));
    assert!(e.message.contains("given more than once"), "{}", e.message);
}

#[test]
fn root_must_be_a_mapping() {
    for yaml in ["- a\n- b\n", "just some text\n"] {
        let e = fm_err(yaml);
        assert_eq!((e.line, e.key.as_deref()), (2, None), "{yaml:?}");
        assert!(
            e.message.contains("must be a YAML mapping"),
            "{}",
            e.message
        );
    }
}

#[test]
fn crlf_frontmatter_parses() {
    let p = parse(
        "p.md",
        "---\r\ntags: [a, b]\r\nglobs: '**/*.rs'\r\n---\r\n# T\r\n\r\nbody\r\n",
    );
    assert_eq!(p.frontmatter.tags, strings(&["a", "b"]));
    assert_eq!(p.frontmatter.paths, strings(&["**/*.rs"]));
    assert_eq!(p.title, "T");
    assert_eq!(p.chunks.len(), 1);
    assert_eq!(
        (p.chunks[0].line, p.chunks[0].body.as_str()),
        (5, "# T\n\nbody")
    );
}

#[test]
fn an_alias_bomb_is_an_error_on_its_line_not_a_blow_up() {
    // Nine levels of nine aliases: 9^9 copies once expanded, about 600 bytes written.
    let mut yaml = String::from("tags: [bomb]\na0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for level in 1..9 {
        let items = vec![format!("*a{}", level - 1); 9].join(", ");
        yaml.push_str(&format!("a{level}: &a{level} [{items}]\n"));
    }
    assert!(yaml.len() < 700);
    let e = fm_err(&yaml);
    // Line 1 is the opening `---`, so the first anchor (YAML line 2) is file line 3.
    assert_eq!(e.line, 3, "{e:?}");
    assert_eq!(e.key.as_deref(), Some("a0"));
    assert!(e.message.contains("aliases"), "{}", e.message);
}

#[test]
fn oversized_and_deeply_nested_frontmatter_are_errors() {
    let large = format!("description: {}\n", "x".repeat(70_000));
    let e = fm_err(&large);
    assert_eq!(e.line, 1);
    assert!(e.message.contains("bytes"), "{}", e.message);
    let deep = format!("tags: [a]\npaths: {}x{}\n", "[".repeat(20), "]".repeat(20));
    let e = fm_err(&deep);
    assert_eq!(e.line, 3, "{e:?}");
    assert!(e.message.contains("deep"), "{}", e.message);
}

#[test]
fn technologies_canonical_when_known_lowercased_otherwise() {
    assert_eq!(
        fm("technologies: Next.js").technologies,
        strings(&["nextjs"])
    );
    assert_eq!(
        fm("technologies: [FastAPI, Spring Boot, Acme-UI, fastapi]").technologies,
        strings(&["fastapi", "spring-boot", "acme-ui"])
    );
    assert_eq!(
        fm("technology: sklearn\ntechnologies: [pandas]").technologies,
        strings(&["scikit-learn", "pandas"])
    );
    assert_eq!(fm("tags: [react]").technologies, Vec::<String>::new());
    // Declaring none is a declaration: the list is then the whole answer.
    assert!(!fm("tags: [react]").technologies_declared);
    for declared in [
        "technologies: []",
        "technologies:",
        "technologies: [android]",
    ] {
        assert!(fm(declared).technologies_declared, "{declared}");
    }
}

#[test]
fn technologies_of_the_wrong_shape_name_key_and_line() {
    let e = fm_err("tags: [a]\ntechnologies: {nextjs: true}\n");
    assert_eq!((e.line, e.key.as_deref()), (3, Some("technologies")));
    assert!(
        e.message.contains("must be a list of strings"),
        "{}",
        e.message
    );
    let e = fm_err("technologies: [\"next/js!\"]\n");
    assert_eq!((e.line, e.key.as_deref()), (2, Some("technologies")));
    assert!(e.message.contains("not a technology name"), "{}", e.message);
}
