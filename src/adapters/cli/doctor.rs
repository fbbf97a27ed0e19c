//! `lore doctor [--json]`: diagnose lore's registration with every agent in this repository
//! and the user's configuration (see `adapters::doctor`), print the report as text for a
//! person or as one JSON object, and exit 1 when it holds a problem the user must fix.

use std::path::PathBuf;

use super::args::DoctorArgs;
use crate::adapters::doctor::{Check, ConfigTrouble, DoctorReport, Inputs, Status, diagnose};
use crate::services::workspace::{ConfigSearch, WorkspaceError, find_config};

pub fn run(config_flag: Option<PathBuf>, args: &DoctorArgs) -> anyhow::Result<i32> {
    let cwd = std::env::current_dir()?;
    let (config, config_error) =
        match find_config(&ConfigSearch::from_env(config_flag, cwd.clone())) {
            Ok(config) => (Some(config), None),
            Err(e @ WorkspaceError::NotFound { .. }) => {
                (None, Some(ConfigTrouble::NotFound(e.to_string())))
            }
            Err(e) => (None, Some(ConfigTrouble::Unusable(e.to_string()))),
        };
    let repo = config
        .as_ref()
        .and_then(|c| c.repository_root())
        .map(PathBuf::from)
        .unwrap_or(cwd);
    let inputs = Inputs {
        repo,
        home: std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(PathBuf::from),
        path: std::env::var_os("PATH"),
        config,
        config_error,
    };
    let report = diagnose(&inputs);
    // The hooks it ran are done: a closed stdout may now end the process as it ends other
    // commands (until then a hook that exits before reading its payload would have).
    super::end_quietly_when_stdout_closes();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_text(&report);
    }
    Ok(if report.problems > 0 { 1 } else { 0 })
}

fn print_check(check: &Check) {
    let mark = match check.status {
        Status::Ok => "ok     ",
        Status::Warning => "warning",
        Status::Problem => "PROBLEM",
    };
    println!("  {mark}  {}: {}", check.check, check.message);
    if let Some(fix) = &check.fix {
        println!("           fix: {fix}");
    }
}

fn print_text(report: &DoctorReport) {
    println!("lore doctor: {}", report.repository.display());
    for check in &report.checks {
        print_check(check);
    }
    let (registered, absent): (Vec<_>, Vec<_>) = report.agents.iter().partition(|a| a.registered);
    for agent in registered {
        let mut files: Vec<String> = agent
            .registrations
            .iter()
            .map(|r| {
                let shown = r.file.strip_prefix(&report.repository).unwrap_or(&r.file);
                format!("{}{}", shown.display(), if r.user { " (user)" } else { "" })
            })
            .collect();
        files.dedup();
        println!();
        println!("{} ({})", agent.label, files.join(", "));
        for check in &agent.checks {
            print_check(check);
        }
    }
    if !absent.is_empty() {
        let names: Vec<&str> = absent.iter().map(|a| a.label).collect();
        println!();
        println!(
            "not registered: {} (`lore init --agent NAME`)",
            names.join(", ")
        );
    }
    println!();
    println!(
        "{} problem{}, {} warning{}",
        report.problems,
        if report.problems == 1 { "" } else { "s" },
        report.warnings,
        if report.warnings == 1 { "" } else { "s" }
    );
}
