//! A pattern's own `paths` globs against the languages lore reads from its name: the author's
//! glob says which files it is for, a language the author declared still rules one out.

use super::{edit, kb, kept, run};

const MIGRATIONS: &str =
    "paths: [\"src/main/java/**/repository/**\", \"src/main/resources/db/migration/**\"]";

#[test]
fn a_glob_the_author_wrote_outweighs_the_language_its_folder_names() {
    let body = "# Persistence\nEvery migration is additive; never edit one that shipped.\n";
    let kb = kb(
        &[
            (
                "java/persistence.md",
                &format!("---\n{MIGRATIONS}\n---\n{body}"),
            ),
            (
                "java/declared.md",
                &format!("---\nlanguage: java\n{MIGRATIONS}\n---\n{body}"),
            ),
            ("commits.md", "# Commits\nExplain why in the message.\n"),
        ],
        None,
    );
    let migration = edit(
        "/w/app",
        "src/main/resources/db/migration/V7__orders.sql",
        "ALTER TABLE orders ADD COLUMN note text;",
    );
    // `java/` names Java, but the author scoped the file to the migrations folder too; the
    // one that declares Java in its frontmatter keeps to Java.
    assert_eq!(
        kept(&run(&kb, &migration, None, false)),
        ["java/persistence.md"]
    );
    // Where the glob does not match, the folder's language still gates it.
    let script = edit(
        "/w/app",
        "scripts/seed.py",
        "rows = [] # migration never edited",
    );
    assert!(kept(&run(&kb, &script, None, false)).is_empty());
}
