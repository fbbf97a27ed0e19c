//! `applies_when`: whether a universal pattern's tool and command predicate names a call.

use crate::core::pattern::AppliesWhen;
use crate::core::query::command_head;

/// Does a universal pattern apply to this tool call? Empty predicate: always. A command is
/// read as far as query extraction reads it (its head): a megabyte-long one costs no more
/// per pattern than a short one.
pub fn applies(when: &AppliesWhen, tool_name: Option<&str>, command: Option<&str>) -> bool {
    if when.is_empty() {
        return true;
    }
    let command = command.map(command_head);
    let tool_ok = when.tools.is_empty()
        || tool_name.is_some_and(|t| when.tools.iter().any(|w| w.eq_ignore_ascii_case(t)));
    let command_ok = when.commands.is_empty()
        || command.is_some_and(|c| {
            when.commands.iter().any(|prefix| {
                c.split(['&', '|', ';', '\n'])
                    .map(str::trim)
                    .any(|part| starts_with_words(part, prefix.trim()))
            })
        });
    // `commands` alone implies Bash; with both lists, either a listed tool or command applies.
    match (when.tools.is_empty(), when.commands.is_empty()) {
        (false, false) => {
            (tool_ok && !tool_name.is_some_and(|t| t.eq_ignore_ascii_case("bash"))) || command_ok
        }
        (true, false) => command_ok,
        _ => tool_ok,
    }
}

/// `git commit -m x` starts with the words `git commit`; `git committed` does not.
fn starts_with_words(command: &str, prefix: &str) -> bool {
    command
        .strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::query::MAX_COMMAND_BYTES;

    fn when(tools: &[&str], commands: &[&str]) -> AppliesWhen {
        AppliesWhen {
            tools: tools.iter().map(|s| s.to_string()).collect(),
            commands: commands.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn applies_when_matches_tools_and_command_prefixes_on_word_boundaries() {
        assert!(applies(&when(&[], &[]), Some("Read"), None));
        assert!(applies(&when(&["Edit", "Write"], &[]), Some("edit"), None));
        assert!(!applies(&when(&["Edit"], &[]), Some("Bash"), Some("ls")));
        let commit = when(&[], &["git commit"]);
        assert!(applies(&commit, Some("Bash"), Some("git commit -m x")));
        assert!(applies(
            &commit,
            Some("Bash"),
            Some("cargo fmt && git commit")
        ));
        assert!(!applies(&commit, Some("Bash"), Some("git committed")));
        assert!(!applies(&commit, Some("Edit"), None));
        let both = when(&["Edit", "Bash"], &["git commit"]);
        assert!(applies(&both, Some("Edit"), None));
        assert!(applies(&both, Some("Bash"), Some("git commit")));
        assert!(!applies(&both, Some("Bash"), Some("ls")));
    }

    #[test]
    fn only_the_head_of_a_command_is_read() {
        let commit = when(&[], &["git commit"]);
        let filler = "x ".repeat(MAX_COMMAND_BYTES / 4);
        let early = format!("{filler}&& git commit -m x");
        assert!(applies(&commit, Some("Bash"), Some(&early)));
        let late = format!("{filler}{filler}{filler}&& git commit -m x");
        assert!(!applies(&commit, Some("Bash"), Some(&late)));
    }
}
