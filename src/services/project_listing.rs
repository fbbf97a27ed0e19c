//! The listing a session starts with: the patterns that fit the project (see
//! `core::select::project_fit`), one line each (`- Title: path`), from the most specific
//! evidence to the least, then how many other patterns there are and how to find them. The
//! text is factual and names where the patterns come from; it never exceeds its budget: lines
//! that do not fit are counted on one closing line instead.

use std::collections::{BTreeMap, BTreeSet};

use crate::core::query::ManifestFindings;
use crate::core::select::globs::glob_from_folder;
use crate::core::select::project_fit::{
    Fit, FitEntry, ListingPlan, PatternScope, fit, fitting_globs, folder_fit, folder_of,
    language_label, plan_listing,
};
use crate::core::sources::RuleOrigin;
use crate::services::inject::InjectContext;
use crate::services::project_survey::{ProjectSurvey, survey_project};
use crate::services::render::chars;
use crate::storage::index::{IndexError, PatternScopeRow};

/// Most technologies named after the project's languages.
const MAX_NAMED_TECHNOLOGIES: usize = 5;
/// Longest title shown on a line.
const MAX_TITLE_CHARS: usize = 80;
/// Most groups named on the line that counts what did not fit.
const MAX_GROUPS: usize = 4;

/// The folder the session works in, relative to the repository root (`""` at the root, or
/// when either is unknown).
fn session_folder_below_root(ctx: &InjectContext<'_>) -> String {
    let (Some(dir), Some(root)) = (ctx.project_dir, ctx.config.repository_root()) else {
        return String::new();
    };
    dir.strip_prefix(root)
        .ok()
        .and_then(|p| p.to_str())
        .map(|p| p.replace('\\', "/"))
        .unwrap_or_default()
}

/// The listing for the project of `ctx` and the patterns in `rows` (universal ones and rules
/// no hook may inject already left out), within `budget` characters. `manifest` is what the
/// project's root files showed.
pub(crate) fn project_listing(
    ctx: &mut InjectContext<'_>,
    rows: &[&PatternScopeRow],
    natives: &BTreeMap<i64, RuleOrigin>,
    manifest: &ManifestFindings,
    budget: usize,
) -> Result<String, IndexError> {
    let table = crate::core::query::TechnologyTable::with_team(&ctx.config.technologies);
    // Globs are written from the repository root; a session started in a folder below it
    // (`cd src/web && agent`) is surveyed there, so each glob is read as that folder sees it,
    // and one that selects nothing there (a sibling's `src/api/**`) fits nothing.
    let below = session_folder_below_root(ctx);
    let row_paths: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            r.paths
                .iter()
                .map(|g| glob_from_folder(g, &below).unwrap_or_else(|| g.clone()))
                .collect()
        })
        .collect();
    let not_here: BTreeSet<&String> = rows
        .iter()
        .flat_map(|r| r.paths.iter())
        .filter(|g| glob_from_folder(g, &below).is_none())
        .collect();
    let globs = row_paths.iter().flat_map(|p| p.iter().map(String::as_str));
    let survey = survey_project(ctx.project_dir, manifest, &table, globs);
    ctx.trace.note(format!(
        "project: languages {:?} technologies {:?}; root paths found for globs {:?}",
        survey.profile.languages, survey.profile.technologies, survey.tree.existing
    ));
    let mut fitting = fitting_globs(
        row_paths.iter().flat_map(|p| p.iter().map(String::as_str)),
        &survey.tree,
    );
    fitting.retain(|g| !not_here.contains(g));
    let folders = ctx.index.knowledge_facts()?.project_folders;
    let project_name = ctx
        .project_dir
        .and_then(|d| d.file_name())
        .and_then(|n| n.to_str());
    let entries: Vec<FitEntry<'_>> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let scope = PatternScope {
                languages: &row.languages,
                technologies: &row.technologies,
                paths: &row_paths[i],
                project_folder: folders
                    .scope_of(&row.source)
                    .map(|scope| scope.applies(project_name, None)),
            };
            FitEntry {
                fit: match (
                    folder_fit(&row.paths, &below),
                    fit(&scope, &survey.profile, &fitting),
                ) {
                    (Some(here), found) if found != Fit::Elsewhere => here,
                    (_, found) => found,
                },
                title: &row.title,
                source: &row.source,
            }
        })
        .collect();
    let plan = plan_listing(&entries);
    ctx.trace.note(format!(
        "listing: {} fit the project, {} for elsewhere, {} general",
        plan.listed.len(),
        plan.elsewhere,
        plan.general.len()
    ));
    let label = ctx.knowledge_label();
    let hint = ctx.search_hint.phrase();
    let path_of = |i: usize| ctx.pattern_path(&rows[i].source, natives.contains_key(&rows[i].id));
    let paths: Vec<String> = plan.listed.iter().map(|&i| path_of(i)).collect();
    let general_paths: Vec<String> = plan.general.iter().map(|&i| path_of(i)).collect();
    Ok(render_listing(
        &ListingText {
            label: &label,
            hint,
            project: &project_phrase(&survey, &matched_technologies(&entries, &plan)),
            survey: &survey,
            entries: &entries,
            plan: &plan,
            paths: &paths,
            general_paths: &general_paths,
        },
        budget,
    ))
}

/// Everything the listing's text is made of.
struct ListingText<'a> {
    label: &'a str,
    hint: &'a str,
    project: &'a str,
    survey: &'a ProjectSurvey,
    entries: &'a [FitEntry<'a>],
    plan: &'a ListingPlan,
    /// The display path of each listed pattern, in listing order.
    paths: &'a [String],
    /// The display path of each general pattern, in the plan's order.
    general_paths: &'a [String],
}

/// The listing within `budget`: the patterns that fit the project, a line each; then the
/// general ones, when all of them fit: a line each if they can, else by title, grouped by
/// folder (a team's own rule files); else they are counted on the closing line (a large
/// collection).
fn render_listing(listing: &ListingText<'_>, budget: usize) -> String {
    let general = listing.plan.general.len();
    if general > 0 {
        let closing = closing_text(listing, 0);
        for block in [general_lines(listing), general_block(listing)] {
            let room = budget.saturating_sub(chars(&block));
            let (specific, all_listed) = specific_lines(listing, &closing, room);
            let text = format!("{specific}{block}\n{closing}");
            // The patterns that fit the project come first: general ones never take their room.
            if all_listed && chars(&text) <= budget {
                return text;
            }
        }
    }
    let closing = closing_text(listing, general);
    format!("{}{closing}", specific_lines(listing, &closing, budget).0)
}

/// The general patterns a line each: `- Logging: .cursor/rules/logging.mdc`.
fn general_lines(listing: &ListingText<'_>) -> String {
    let ListingText {
        entries,
        plan,
        general_paths,
        ..
    } = listing;
    let mut text = general_lead(listing);
    for (&i, path) in plan.general.iter().zip(general_paths.iter()) {
        text.push_str(&format!("- {}: {path}\n", short_title(entries[i].title)));
    }
    text
}

/// The line that leads the general patterns.
fn general_lead(listing: &ListingText<'_>) -> String {
    if listing.plan.listed.is_empty() {
        format!("Conventions in {}:\n", listing.label)
    } else {
        "Other conventions:\n".to_string()
    }
}

/// The patterns that fit the project, a line each, within `budget` with `closing` after them
/// (a line counting those that do not fit instead of them), and whether every one was listed.
fn specific_lines(listing: &ListingText<'_>, closing: &str, budget: usize) -> (String, bool) {
    let ListingText {
        label,
        project,
        entries,
        plan,
        paths,
        ..
    } = listing;
    let mut text = String::new();
    if !plan.listed.is_empty() {
        text.push_str(&format!(
            "Conventions from {label} that apply to {project}:\n"
        ));
        let more_line = |more: &[usize]| {
            format!(
                "- and {} more that apply ({})\n",
                more.len(),
                groups(more.iter().map(|&i| &entries[i].fit))
            )
        };
        // Room for the line counting what does not fit, however many that is.
        let reserve = chars(&more_line(&plan.listed)) + chars(closing) + 2;
        let mut shown = 0;
        for (&i, path) in plan.listed.iter().zip(paths.iter()) {
            let line = format!("- {}: {path}\n", short_title(entries[i].title));
            let last = shown + 1 == plan.listed.len();
            let needs = if last { chars(closing) + 2 } else { reserve };
            if chars(&text) + chars(&line) + needs > budget {
                break;
            }
            text.push_str(&line);
            shown += 1;
        }
        let more = &plan.listed[shown..];
        if !more.is_empty() {
            text.push_str(&more_line(more));
        }
        text.push('\n');
        return (text, more.is_empty());
    }
    (text, true)
}

/// The general patterns by title, a line per folder: `- .cursor/rules/: Logging; Prisma`.
fn general_block(listing: &ListingText<'_>) -> String {
    let ListingText {
        entries,
        plan,
        general_paths,
        ..
    } = listing;
    let mut text = general_lead(listing);
    let mut folder: Option<&str> = None;
    for (&i, path) in plan.general.iter().zip(general_paths.iter()) {
        let here = folder_of(path);
        let title = short_title(entries[i].title);
        if folder == Some(here) {
            text.push_str(&format!("; {title}"));
        } else {
            if folder.is_some() {
                text.push('\n');
            }
            let shown = if here.is_empty() { "." } else { here };
            text.push_str(&format!("- {shown}/: {title}"));
            folder = Some(here);
        }
    }
    text.push('\n');
    text
}

/// The closing lines: what lore found to choose by, how many patterns were not listed
/// (`general` of them general) and why, and how the agent finds them.
fn closing_text(listing: &ListingText<'_>, general: usize) -> String {
    let ListingText {
        label,
        hint,
        survey,
        plan,
        ..
    } = listing;
    let mut closing = String::new();
    if survey.profile.is_empty() && survey.tree.existing.is_empty() {
        closing.push_str(
            "lore found no manifest (package.json, go.mod, pyproject.toml, Cargo.toml, ...) at this project's root to choose patterns by. ",
        );
    }
    if plan.elsewhere + general > 0 {
        closing.push_str(&others_sentence(
            label,
            !plan.listed.is_empty() || general < plan.general.len(),
            plan.elsewhere,
            general,
        ));
        closing.push(' ');
    }
    closing.push_str(&format!(
        "lore adds the ones that apply as you work, and {hint} finds any of them."
    ));
    closing
}

/// How the project is named: `this Go project (gin, gorm)`, `this project (docker)`. The
/// technologies that patterns were listed for come first; a language that is also one of the
/// named technologies (React, Docker) is named once, as a technology.
fn project_phrase(survey: &ProjectSurvey, matched: &[&str]) -> String {
    let technologies = &survey.named_technologies;
    let languages: Vec<String> = survey
        .named_languages
        .iter()
        .filter(|l| !technologies.contains(l))
        .map(|l| language_label(l))
        .collect();
    let mut phrase = if languages.is_empty() {
        "this project".to_string()
    } else {
        format!("this {} project", join_and(&languages))
    };
    if !technologies.is_empty() {
        let mut ordered: Vec<&String> = technologies
            .iter()
            .filter(|t| matched.contains(&t.as_str()))
            .collect();
        ordered.extend(
            technologies
                .iter()
                .filter(|t| !matched.contains(&t.as_str())),
        );
        let mut named: Vec<String> = ordered
            .iter()
            .take(MAX_NAMED_TECHNOLOGIES)
            .map(|t| t.to_string())
            .collect();
        if technologies.len() > MAX_NAMED_TECHNOLOGIES {
            named.push(format!(
                "{} more",
                technologies.len() - MAX_NAMED_TECHNOLOGIES
            ));
        }
        phrase.push_str(&format!(" ({})", named.join(", ")));
    }
    phrase
}

/// The technologies listed patterns were chosen by, in listing order, each once.
fn matched_technologies<'a>(entries: &'a [FitEntry<'_>], plan: &ListingPlan) -> Vec<&'a str> {
    let mut matched: Vec<&str> = Vec::new();
    for &i in &plan.listed {
        if let Fit::Technology(t) = &entries[i].fit
            && !matched.contains(&t.as_str())
        {
            matched.push(t);
        }
    }
    matched
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What the patterns that did not fit are about, by count: `react 20, TypeScript 12`.
fn groups<'a>(fits: impl Iterator<Item = &'a Fit>) -> String {
    let mut counted: Vec<(String, usize)> = Vec::new();
    for fit in fits {
        let name = match fit {
            Fit::Project => "this project's own".to_string(),
            Fit::Technology(t) => t.clone(),
            Fit::Language(l) => language_label(l),
            Fit::Glob(_) => "by paths".to_string(),
            Fit::General | Fit::Elsewhere => "general".to_string(),
        };
        match counted.iter_mut().find(|(n, _)| *n == name) {
            Some((_, n)) => *n += 1,
            None => counted.push((name, 1)),
        }
    }
    let mut parts: Vec<String> = counted
        .iter()
        .take(MAX_GROUPS)
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
    if counted.len() > MAX_GROUPS {
        parts.push("...".to_string());
    }
    parts.join(", ")
}

/// How many patterns were not listed and why: `12 other patterns in patterns/: 9 for other
/// languages, tools, files or projects, 3 general.`
fn others_sentence(label: &str, listed_any: bool, elsewhere: usize, general: usize) -> String {
    let total = elsewhere + general;
    let verb = if total == 1 { "is" } else { "are" };
    let subject = if listed_any {
        format!("{total} other {} in {label}", plural(total, "pattern"))
    } else {
        format!("{label} holds {}", count(total, "pattern"))
    };
    const ELSEWHERE: &str = "for other languages, tools, files or projects";
    match (elsewhere > 0, general > 0) {
        (true, true) => format!("{subject}: {elsewhere} {ELSEWHERE}, {general} general."),
        (true, false) if listed_any => format!("{subject} {verb} {ELSEWHERE}."),
        (true, false) => format!("{subject}, all {ELSEWHERE}."),
        (false, _) if listed_any => format!("{subject} {verb} general."),
        (false, _) => format!("{subject}, all general."),
    }
}

fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}

fn count(n: usize, noun: &str) -> String {
    format!("{n} {}", plural(n, noun))
}

/// A title cut to [`MAX_TITLE_CHARS`] at a word.
fn short_title(title: &str) -> String {
    let title = title.trim();
    if chars(title) <= MAX_TITLE_CHARS {
        return title.to_string();
    }
    let cut: String = title.chars().take(MAX_TITLE_CHARS).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}...", cut.trim_end())
}

#[cfg(test)]
mod tests;
