//! The arguments of `lore [--config PATH] hook`, read by hand instead of by clap: clap ends
//! a usage error with exit status 2, which Claude Code reads as "block this tool". Whatever
//! the arguments, the hook path ends with status 0; a problem with them is a line on stderr
//! and nothing on stdout, and `--help` prints help instead of waiting on stdin.

use std::ffi::OsString;
use std::path::PathBuf;

/// What the hook path was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookArgs {
    /// Answer one event from stdin.
    Run { config: Option<PathBuf> },
    /// `-h` / `--help` anywhere: print the hook's help.
    Help,
    /// Arguments lore does not know: say so, answer nothing.
    Refused { problems: Vec<String> },
}

/// `Some` when the command is `hook`: the first argument that is not a flag (nor the value of
/// `--config`) is `hook`. Unknown flags before or after it make [`HookArgs::Refused`].
pub fn parse_hook_args(args: &[OsString]) -> Option<HookArgs> {
    let mut config = None;
    let mut help = false;
    let mut problems = Vec::new();
    let mut found = false;
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        let text = arg.to_string_lossy();
        match text.as_ref() {
            "--config" => match rest.next() {
                Some(value) => config = Some(PathBuf::from(value)),
                None => problems.push("`--config` needs a path".to_string()),
            },
            "-h" | "--help" => help = true,
            "hook" if !found => found = true,
            other => {
                if let Some(value) = other.strip_prefix("--config=") {
                    config = Some(PathBuf::from(value));
                } else if other.starts_with('-') || found {
                    problems.push(format!("unknown argument `{other}`"));
                } else {
                    // Another command (`lore search hook`): not the hook path.
                    return None;
                }
            }
        }
    }
    if !found {
        return None;
    }
    Some(if help {
        HookArgs::Help
    } else if problems.is_empty() {
        HookArgs::Run { config }
    } else {
        HookArgs::Refused { problems }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(list: &[&str]) -> Option<HookArgs> {
        let args: Vec<OsString> = list.iter().map(OsString::from).collect();
        parse_hook_args(&args)
    }

    #[test]
    fn hook_is_recognised_with_config_before_or_after_it() {
        assert_eq!(
            parse(&["lore", "hook"]),
            Some(HookArgs::Run { config: None })
        );
        for list in [
            &["lore", "--config", "x.toml", "hook"][..],
            &["lore", "--config=x.toml", "hook"],
            &["lore", "hook", "--config", "x.toml"],
        ] {
            assert_eq!(
                parse(list),
                Some(HookArgs::Run {
                    config: Some(PathBuf::from("x.toml"))
                }),
                "{list:?}"
            );
        }
    }

    #[test]
    fn other_commands_are_not_the_hook_path() {
        assert_eq!(parse(&["lore", "search", "hook"]), None);
        assert_eq!(parse(&["lore"]), None);
        assert_eq!(parse(&["lore", "--config", "hook"]), None);
    }

    #[test]
    fn unknown_flags_anywhere_are_refused_and_help_wins() {
        let refused = |list: &[&str]| matches!(parse(list), Some(HookArgs::Refused { .. }));
        assert!(refused(&["lore", "--bogus-global", "hook"]));
        assert!(refused(&["lore", "hook", "--bogus", "-x"]));
        assert!(refused(&["lore", "hook", "extra"]));
        assert!(refused(&["lore", "hook", "--config"]));
        assert_eq!(parse(&["lore", "hook", "--help"]), Some(HookArgs::Help));
        assert_eq!(parse(&["lore", "-h", "hook"]), Some(HookArgs::Help));
        assert_eq!(
            parse(&["lore", "hook", "--bogus", "--help"]),
            Some(HookArgs::Help)
        );
    }
}
