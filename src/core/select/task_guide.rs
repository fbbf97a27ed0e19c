//! Task guides: patterns written for one task rather than for everyday work in a stack.
//! `springboot-4-migration.md`, `convert-jpa-to-spring-data-cosmos.md` and `dotnet-upgrade.md`
//! are full of the stack's words, so every edit in that stack finds them, yet they apply only
//! while someone upgrades, converts or migrates. Their file name says so, and a call asks for
//! them when one of its words names that task.

/// A pattern whose file name says it guides one task, and whether the call names the task.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TaskGuide {
    /// The word of the file name that names the task (`migration`, `upgrade`).
    pub task: String,
    /// A word of the call or the user's message names the same task.
    pub asked: bool,
}

/// The tasks a file name can name, each by the beginnings of its words (`upgrade`,
/// `upgrading`; `convert`, `conversion`), and whether the word alone makes a task guide.
/// `migration` alone does not: `database-migrations.md` is how a team writes schema
/// migrations, an everyday convention. With a version (`springboot-4-migration`) or a
/// destination (`vue-2-to-3-migration`, `migrating-to-esm`) it is a one-off move.
const TASKS: &[(&[&str], bool)] = &[
    (&["upgrad"], true),
    (&["convert", "conversion"], true),
    (&["migrat"], false),
];

/// The task guide a pattern's file name makes of it, judged against the call's `terms` (the
/// user's message included: "upgrade us to Java 21" is asking).
pub fn task_guide(source: &str, terms: &[String]) -> Option<TaskGuide> {
    let file = source.rsplit('/').next().unwrap_or(source);
    let stem = file.split('.').next().unwrap_or(file);
    let words: Vec<String> = stem
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let moves = words
        .iter()
        .any(|w| w == "to" || w.chars().all(|c| c.is_ascii_digit()));
    for (beginnings, alone) in TASKS {
        let names = |w: &String| beginnings.iter().any(|b| w.starts_with(b));
        if let Some(task) = words.iter().find(|w| names(w))
            && (*alone || moves)
        {
            return Some(TaskGuide {
                task: task.clone(),
                asked: terms.iter().any(names),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn upgrade_and_conversion_guides_wait_until_the_call_names_the_task() {
        let edit = terms(&["controller", "spring", "boot", "java"]);
        let guide = task_guide("team/java-17-to-java-21-upgrade.md", &edit).unwrap();
        assert_eq!(guide.task, "upgrade");
        assert!(!guide.asked);
        let asked = terms(&["upgrading", "java", "21"]);
        assert!(
            task_guide("team/java-17-to-java-21-upgrade.md", &asked)
                .unwrap()
                .asked
        );
        let convert = task_guide("convert-jpa-to-cosmos.instructions.md", &edit).unwrap();
        assert_eq!(convert.task, "convert");
        assert!(
            task_guide("convert-jpa-to-cosmos.md", &terms(&["conversion"]))
                .unwrap()
                .asked
        );
    }

    #[test]
    fn a_migration_is_a_task_only_with_a_version_or_a_destination() {
        let edit = terms(&["service", "repository"]);
        assert!(task_guide("springboot-4-migration.instructions.md", &edit).is_some());
        assert!(task_guide("migrating-to-esm.md", &edit).is_some());
        // How a team writes schema migrations is an everyday convention.
        assert_eq!(task_guide("database-migrations.md", &edit), None);
        assert_eq!(task_guide("patterns/error-handling.md", &edit), None);
    }
}
