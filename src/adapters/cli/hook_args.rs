//! The arguments of `lore [--config PATH] hook`, read by hand instead of by clap: clap ends
//! a usage error with exit status 2, which Claude Code reads as "block this tool". Whatever
//! the arguments, the hook path ends with status 0; a problem with them is a line on stderr
//! and nothing on stdout, and `--help` prints help instead of waiting on stdin.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::core::sources::Harness;

/// What the hook path was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookArgs {
    /// Answer one event from stdin, for `harness`; `mcp`: lore's MCP server is configured
    /// for the session.
    Run {
        config: Option<PathBuf>,
        harness: Harness,
        mcp: bool,
    },
    /// `-h` / `--help` anywhere: print the hook's help.
    Help,
    /// Arguments lore does not know: say so, answer nothing.
    Refused { problems: Vec<String> },
}

/// `Some` when the command is `hook`: the first argument that is not a flag (nor the value of
/// `--config`, nor the word after an unknown flag) is `hook`. Unknown flags before or after it
/// make [`HookArgs::Refused`]. `--config hook` with no later `hook` is a registration whose
/// config path came out empty (an unset, unquoted `$VAR`): the hook path, refused, since a
/// usage error there would exit 2, which the agent reads as "block this tool".
pub fn parse_hook_args(args: &[OsString]) -> Option<HookArgs> {
    parse_hook_words(args).or_else(|| {
        let at = args
            .windows(2)
            .position(|pair| pair[0] == "--config" && pair[1] == "hook")?;
        // Only flags follow (`lore --config hook search x` names a file `hook`).
        let mut after = args[at + 2..].iter();
        while let Some(arg) = after.next() {
            if arg == "--harness" || arg == "--config" {
                after.next();
            } else if !arg.to_string_lossy().starts_with('-') {
                return None;
            }
        }
        let mut rest = args.to_vec();
        rest.remove(at);
        let problem =
            "`--config` has no path before `hook` (an unset variable in the hook's registration?)"
                .to_string();
        Some(match parse_hook_words(&rest)? {
            HookArgs::Help => HookArgs::Help,
            HookArgs::Run { .. } => HookArgs::Refused {
                problems: vec![problem],
            },
            HookArgs::Refused { mut problems } => {
                problems.insert(0, problem);
                HookArgs::Refused { problems }
            }
        })
    })
}

fn parse_hook_words(args: &[OsString]) -> Option<HookArgs> {
    let mut config = None;
    let mut harness = Harness::ClaudeCode;
    let mut mcp = false;
    let mut help = false;
    let mut problems = Vec::new();
    let mut found = false;
    // An unknown flag before the command may take a value (`--harness zzz hook`): the word
    // after it is that value, not the command.
    let mut after_unknown_flag = false;
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        let text = arg.to_string_lossy();
        let follows_unknown_flag = std::mem::take(&mut after_unknown_flag);
        match text.as_ref() {
            "--config" => match rest.next() {
                Some(value) => config = Some(PathBuf::from(value)),
                None => problems.push("`--config` needs a path".to_string()),
            },
            "-h" | "--help" => help = true,
            "hook" if !found => found = true,
            "--codex" if found => harness = Harness::Codex,
            "--mcp" if found => mcp = true,
            "--harness" if found => match rest.next().map(|v| v.to_string_lossy()) {
                Some(name) => match Harness::named(&name) {
                    Some(named) => harness = named,
                    None => problems.push(unknown_harness(&name)),
                },
                None => problems.push("`--harness` needs a name".to_string()),
            },
            other => {
                if let Some(value) = other.strip_prefix("--config=") {
                    config = Some(PathBuf::from(value));
                } else if let Some(name) = other.strip_prefix("--harness=").filter(|_| found) {
                    match Harness::named(name) {
                        Some(named) => harness = named,
                        None => problems.push(unknown_harness(name)),
                    }
                } else if other.starts_with('-') || found {
                    problems.push(format!("unknown argument `{other}`"));
                    after_unknown_flag = !found && other.starts_with("--") && !other.contains('=');
                } else if follows_unknown_flag {
                    // Taken as the unknown flag's value; already refused with the flag.
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
        HookArgs::Run {
            config,
            harness,
            mcp,
        }
    } else {
        HookArgs::Refused { problems }
    })
}

fn unknown_harness(name: &str) -> String {
    let names: Vec<&str> = Harness::ALL.iter().map(|h| h.name()).collect();
    format!(
        "unknown harness `{name}` (`--harness` takes one of {})",
        names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(list: &[&str]) -> Option<HookArgs> {
        let args: Vec<OsString> = list.iter().map(OsString::from).collect();
        parse_hook_args(&args)
    }

    fn run(config: Option<&str>, harness: Harness, mcp: bool) -> Option<HookArgs> {
        Some(HookArgs::Run {
            config: config.map(PathBuf::from),
            harness,
            mcp,
        })
    }

    #[test]
    fn hook_is_recognised_with_config_before_or_after_it() {
        assert_eq!(
            parse(&["lore", "hook"]),
            run(None, Harness::ClaudeCode, false)
        );
        for list in [
            &["lore", "--config", "x.toml", "hook"][..],
            &["lore", "--config=x.toml", "hook"],
            &["lore", "hook", "--config", "x.toml"],
        ] {
            assert_eq!(
                parse(list),
                run(Some("x.toml"), Harness::ClaudeCode, false),
                "{list:?}"
            );
        }
    }

    #[test]
    fn the_harness_and_the_mcp_server_are_named_after_hook() {
        assert_eq!(
            parse(&["lore", "hook", "--codex"]),
            run(None, Harness::Codex, false)
        );
        assert_eq!(
            parse(&["lore", "hook", "--harness", "codex", "--mcp"]),
            run(None, Harness::Codex, true)
        );
        assert_eq!(
            parse(&["lore", "hook", "--harness=claude"]),
            run(None, Harness::ClaudeCode, false)
        );
        for harness in Harness::ALL {
            let name = harness.name();
            assert_eq!(
                parse(&["lore", "hook", "--harness", name]),
                run(None, harness, false),
                "{name}"
            );
        }
        assert!(matches!(
            parse(&["lore", "hook", "--harness", "cursor"]),
            Some(HookArgs::Refused { .. })
        ));
        // Before `hook` they are unknown global flags.
        assert!(matches!(
            parse(&["lore", "--codex", "hook"]),
            Some(HookArgs::Refused { .. })
        ));
    }

    #[test]
    fn other_commands_are_not_the_hook_path() {
        assert_eq!(parse(&["lore", "search", "hook"]), None);
        assert_eq!(parse(&["lore"]), None);
        // The word after an unknown flag is its value; a command after that is no hook.
        assert_eq!(parse(&["lore", "--bogus", "value", "search", "hook"]), None);
    }

    #[test]
    fn a_config_flag_whose_path_came_out_empty_is_the_hook_path_refused() {
        // `lore --config $UNSET hook [--codex|--mcp]`, as a shell expands it.
        for list in [
            &["lore", "--config", "hook"][..],
            &["lore", "--config", "hook", "--codex"],
            &["lore", "--config", "hook", "--mcp"],
            &["lore", "--config", "hook", "--harness", "codex"],
        ] {
            match parse(list) {
                Some(HookArgs::Refused { problems }) => {
                    assert!(problems[0].contains("`--config` has no path"), "{list:?}")
                }
                other => panic!("{list:?}: {other:?}"),
            }
        }
        // A file named `hook`, then a command: not the hook path, or the hook path with it.
        assert_eq!(parse(&["lore", "--config", "hook", "search", "x"]), None);
        assert_eq!(
            parse(&["lore", "--config", "hook", "hook"]),
            run(Some("hook"), Harness::ClaudeCode, false)
        );
        assert_eq!(
            parse(&["lore", "--config", "hook", "--help"]),
            Some(HookArgs::Help)
        );
    }

    #[test]
    fn unknown_flags_anywhere_are_refused_and_help_wins() {
        let refused = |list: &[&str]| matches!(parse(list), Some(HookArgs::Refused { .. }));
        assert!(refused(&["lore", "--bogus-global", "hook"]));
        // A flag of the hook given before it, with its value: still the hook path.
        assert!(refused(&["lore", "--harness", "zzz", "hook"]));
        assert!(refused(&["lore", "--bogus", "value", "hook", "--codex"]));
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
