//! `extract_query`: the fields of a tool call, prompt or error turned into languages,
//! technologies, ordered search terms and the project-relative path.
//!
//! Every field is windowed before any work (the head of a prompt, the distinctive lines of
//! an error's tail, at most 64 KiB of edit content, the end of a path past `PATH_MAX`) and every step is linear in what is left,
//! so a megabyte-sized field costs a hook no more than a short one. Each window is then
//! redacted (`core::redact`) before a word of it is read: a secret known only by its context
//! (`password=…`, a URL's password, a `.env` value) is no longer recognisable once the text is
//! split into lower-cased words, and every later output (debug lines, the trace, `lore
//! extract-queries`, the query embedding, MCP replies) is made of these terms.

use std::borrow::Cow;
use std::collections::BTreeSet;

use super::concepts::edit_words;
use super::failure::failure_focus;
use super::path_words::{
    command_path, folders_and_name, is_file_argument, located_paths, path_in_repository,
    path_terms, relative_path, without_checkout_location,
};
use super::prompt::user_words;
use super::{
    Query, QueryInput, TechnologyTable, canonical_language, clean_terms, command_concepts,
    languages_for_command, languages_for_path, mentioned_languages,
};
use crate::core::redact::redact_with;
use crate::core::text_window::{floor_boundary, head, path_window};

/// Most terms in one query, language names included.
pub const MAX_TERMS: usize = 40;
/// Most terms taken from edit content (`new_string` / `content`): code is noisy.
pub const MAX_CONTENT_TERMS: usize = 12;
/// Most terms one prose field (a prompt, a message, a description) adds.
const MAX_FIELD_TERMS: usize = 24;
/// Edit content beyond this many bytes is not scanned (a whole generated file adds nothing).
const MAX_CONTENT_BYTES: usize = 64 * 1024;
/// The head of a prompt, a message or a description that is read.
const MAX_PROSE_BYTES: usize = 8 * 1024;
/// The head of a shell command that is read (for its terms, and for the `applies_when`
/// prefixes it starts with); a longer one is never judged read-only.
pub const MAX_COMMAND_BYTES: usize = 8 * 1024;
/// Words of unchanged context an edit adds at most.
const MAX_CONTEXT_TERMS: usize = 4;
/// Bytes past a window's edge that are redacted with it, so a secret the edge cuts is still
/// seen whole (a key block, a JWT or a URL is shorter than this).
const SECRET_MARGIN: usize = 4 * 1024;
/// What a secret becomes in a field: a space, so it leaves no word to search for.
const SECRET_GAP: &str = " ";

/// The call's fields, windowed and redacted: what extraction reads of each.
struct Fields<'a> {
    command: Option<Cow<'a, str>>,
    description: Option<Cow<'a, str>>,
    /// The user's own words of a prompt (harness wrappers removed).
    prompt: Option<String>,
    message: Option<String>,
    /// The lines of a failure's output that say what failed.
    error: Option<String>,
    content: Option<Cow<'a, str>>,
    old_content: Option<Cow<'a, str>>,
}

impl<'a> Fields<'a> {
    fn window(input: &'a QueryInput) -> Self {
        let field =
            |text: &'a Option<String>, max: usize| text.as_deref().map(|t| redacted_head(t, max));
        // Commands and their output write paths from where the checkout sits on this machine.
        let checkout = input.root.as_deref().or(input.cwd.as_deref());
        Self {
            command: field(&input.command, MAX_COMMAND_BYTES).map(|c| relocated(c, checkout)),
            description: field(&input.description, MAX_PROSE_BYTES),
            prompt: field(&input.prompt, MAX_PROSE_BYTES).and_then(|p| user_words(&p)),
            message: field(&input.last_user_message, MAX_PROSE_BYTES).and_then(|m| user_words(&m)),
            // The focus is whole lines of the output's ends, so a one-line secret is whole
            // in it.
            error: input
                .error
                .as_deref()
                .map(|e| redact_with(&failure_focus(&strip_exit_code(e)), SECRET_GAP).into_owned())
                .map(|e| relocated(Cow::Owned(e), checkout).into_owned()),
            content: field(&input.content, MAX_CONTENT_BYTES),
            old_content: field(&input.old_content, MAX_CONTENT_BYTES),
        }
    }

    fn command(&self) -> Option<&str> {
        self.command.as_deref()
    }

    fn content(&self) -> Option<&str> {
        self.content.as_deref()
    }

    /// The call's own prose: what it says about itself, not the user's message.
    fn call_prose(&self) -> [Option<&str>; 3] {
        [
            self.description.as_deref(),
            self.prompt.as_deref(),
            self.error.as_deref(),
        ]
    }
}

/// `text` with the checkout's absolute location left out of its paths (see
/// [`without_checkout_location`]).
fn relocated<'a>(text: Cow<'a, str>, checkout: Option<&str>) -> Cow<'a, str> {
    let owned = match without_checkout_location(&text, checkout) {
        Cow::Owned(owned) => Some(owned),
        Cow::Borrowed(_) => None,
    };
    owned.map(Cow::Owned).unwrap_or(text)
}

/// Terms in order of importance, each once, with the set kept beside the list so adding is
/// linear in the words added.
#[derive(Default)]
struct Terms {
    list: Vec<String>,
    seen: BTreeSet<String>,
}

impl Terms {
    fn add(&mut self, terms: impl IntoIterator<Item = String>, max: usize) {
        let mut added = 0;
        for term in terms {
            if added == max {
                break;
            }
            if self.seen.insert(term.clone()) {
                self.list.push(term);
                added += 1;
            }
        }
    }
}

/// Turn a tool call / prompt / error into a query with the built-in technology table.
pub fn extract_query(input: &QueryInput) -> Query {
    extract_query_with(input, &TechnologyTable::builtin())
}

/// Turn a tool call / prompt / error into a query, recognising technologies with `table`.
///
/// Languages: file path (marker, extension, tool directory), then Bash command programs, then
/// languages mentioned in the description, prompt, error and last user message, then those the
/// call's technologies are (Next.js is React); deduplicated in that order. Technologies: what
/// the touched files, the edit's code, the command and the call's prose show (with what they
/// imply), the project's technologies whose languages the call is in, and those only the
/// user's message names. Terms, by priority: file stem; up to three parent directories, nearest
/// first, skipping layout directories; the words of what an edit changes (its constructs, as
/// conventions name them); the Bash command; description; prompt; the failing lines of an
/// error; the words of the lines an edit changes; the last user message; a few words of
/// unchanged context (for written content, the words of the modules it imports past its first
/// lines); then the languages' and technologies' names. At most [`MAX_TERMS`], language names
/// always kept.
pub fn extract_query_with(input: &QueryInput, table: &TechnologyTable) -> Query {
    let fields = Fields::window(input);
    let other_paths: Vec<String> = input
        .other_paths
        .iter()
        .map(|p| repository_path(path_window(p), input))
        .filter(|p| !p.is_empty())
        .collect();
    let relative_path = input
        .file_path
        .as_deref()
        .map(|path| repository_path(path_window(path), input))
        .filter(|path| !path.is_empty());

    let mut languages: Vec<String> = Vec::new();
    if let Some(path) = &relative_path {
        extend_unique(&mut languages, languages_for_path(path));
    }
    if let Some(command) = fields.command() {
        extend_unique(&mut languages, languages_for_command(command));
        // The files a command works on (`pytest tests/test_x.py`, `hadolint Dockerfile`),
        // not the values of its long options (`--body-file /tmp/pr.md`).
        let words: Vec<&str> = command.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            let option_value =
                i > 0 && words[i - 1].starts_with("--") && !words[i - 1].contains('=');
            if !option_value && is_file_argument(word) {
                extend_unique(&mut languages, languages_for_path(word));
            }
        }
    }
    // A failure names the files it failed on (`internal/billing.go:71:19: Error return ...`):
    // a `make lint` is in the language of what it reports.
    if let Some(error) = &fields.error {
        for path in located_paths(error) {
            extend_unique(&mut languages, languages_for_path(path));
        }
    }
    for text in fields.call_prose().into_iter().flatten() {
        extend_unique(&mut languages, mentioned_languages(text));
    }
    if let Some(message) = &fields.message {
        extend_unique(&mut languages, mentioned_languages(message));
    }
    // A prompt that names no language is in the project's languages: in a Go project a Go
    // convention applies to the request, as it will to the edits that follow. They open the
    // language gate; they do not make a file named for the language the request's subject.
    let mut project_only: Vec<String> = Vec::new();
    if languages.is_empty() && relative_path.is_none() && input.prompt.is_some() {
        extend_unique(&mut project_only, input.project.languages.iter().cloned());
        extend_unique(&mut languages, project_only.iter().cloned());
    }

    let technologies = call_technologies(
        table,
        &fields,
        relative_path.as_deref(),
        &other_paths,
        &languages,
    );
    let message_technologies: Vec<String> = fields
        .message
        .as_deref()
        .map(|m| table.with_implied(&table.in_text(m)))
        .unwrap_or_default()
        .into_iter()
        .filter(|t| !technologies.contains(t))
        .collect();
    let (project_technologies, project_wide_technologies): (Vec<String>, Vec<String>) = table
        .with_implied(&input.project.technologies)
        .into_iter()
        .filter(|t| !technologies.contains(t))
        .partition(|t| applies_to(table, t, &languages));
    // A technology that is also a language of the table (React, Vue, Docker) is one. One a
    // prompt has only from its project's root files is borrowed like the project's languages.
    for technology in &technologies {
        if let Some(language) = canonical_language(technology) {
            extend_unique(&mut languages, [language.to_string()]);
        }
    }
    for technology in &project_technologies {
        if let Some(language) = canonical_language(technology)
            && !languages.iter().any(|l| l == language)
        {
            if input.prompt.is_some() {
                extend_unique(&mut project_only, [language.to_string()]);
            }
            extend_unique(&mut languages, [language.to_string()]);
        }
    }

    let edit = fields.content().map(|content| {
        let old = match input.tool_name.as_deref() {
            Some("Write") => None,
            _ => fields.old_content.as_deref(),
        };
        edit_words(&languages, old, content)
    });
    // A file in no language (settings, notes, fixtures, `.env`) holds values, not code: its
    // words say what the data is, not which convention applies, so only its path and the
    // call's own prose are searched.
    let edit = edit.filter(|_| !languages.is_empty() || relative_path.is_none());

    // A command run in a folder below the repository root works there, as one that changes
    // into that folder from the root does (`cd sdk/store && cargo test`).
    let run_in = input
        .cwd
        .as_deref()
        .filter(|_| relative_path.is_none() && fields.command().is_some())
        .and_then(|cwd| path_in_repository(cwd, input.root.as_deref(), None));
    let mut terms = Terms::default();
    if let Some(path) = &relative_path {
        terms.add(path_terms(path), usize::MAX);
    }
    if let Some(edit) = &edit {
        // Concept words are not cleaned: `var`, `const`, `nil` are what such an edit is about.
        terms.add(edit.concepts.iter().cloned(), usize::MAX);
    }
    // What the command writes (`git commit`: a commit message), as conventions name it.
    let topic: Vec<String> = fields
        .command()
        .map(|command| {
            command_concepts(command)
                .into_iter()
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    if let Some(command) = fields.command() {
        terms.add(clean_terms(command.split_whitespace()), MAX_FIELD_TERMS);
        terms.add(topic.iter().cloned(), usize::MAX);
    }
    if let Some(folder) = &run_in {
        terms.add(folders_and_name(folder, false).0, MAX_FIELD_TERMS);
    }
    for text in fields.call_prose().into_iter().flatten() {
        terms.add(clean_terms(text.split_whitespace()), MAX_FIELD_TERMS);
    }
    if let Some(edit) = &edit {
        terms.add(edit.changed.iter().cloned(), MAX_CONTENT_TERMS);
    }
    if let Some(message) = &fields.message {
        terms.add(clean_terms(message.split_whitespace()), MAX_FIELD_TERMS);
    }
    if let Some(edit) = &edit {
        terms.add(edit.context.iter().cloned(), MAX_CONTEXT_TERMS);
        // What a new file imports beyond its first lines fills what room is left.
        terms.add(edit.imported.iter().cloned(), MAX_CONTENT_TERMS);
    }
    // A prompt's languages borrowed from its project open the gates; they are not the user's
    // words (a file named for one would win on its name alone).
    terms.add(
        languages
            .iter()
            .filter(|l| !project_only.contains(l))
            .cloned(),
        usize::MAX,
    );
    let stack: Vec<&String> = technologies.iter().chain(&project_technologies).collect();
    // A prompt is the user's words: the project's stack says where the request is (it opens
    // the gates) but is no word of it, or every prompt, "thanks" included, would find the
    // stack's guides. A tool call's stack is what its file and code are written in.
    let searched_stack: Vec<&String> = if input.prompt.is_some() {
        technologies.iter().collect()
    } else {
        stack.clone()
    };
    terms.add(
        clean_terms(searched_stack.iter().flat_map(|t| t.split('-'))),
        usize::MAX,
    );
    let mut terms = terms.list;
    while terms.len() > MAX_TERMS {
        match terms.iter().rposition(|t| !languages.contains(t)) {
            Some(last) => {
                terms.remove(last);
            }
            None => terms.truncate(MAX_TERMS),
        }
    }

    let whole_file = input.tool_name.as_deref() == Some("Write");
    let (location_terms, message_terms, written_terms) = weak_terms(
        &fields,
        edit.as_ref(),
        relative_path.as_deref(),
        run_in.as_deref(),
        &languages,
        &name_parts(&stack),
        whole_file,
    );
    // Languages the call is in by relation rather than by its own signs widen the language
    // gate without being searched for: JavaScript's conventions apply to TypeScript, and a
    // command in one of the project's languages (`npm install` in a TypeScript project) is
    // in the project's others.
    let mut related: Vec<String> = Vec::new();
    if languages.iter().any(|l| l == "typescript") {
        related.push("javascript".to_string());
    }
    if relative_path.is_none()
        && languages
            .iter()
            .any(|l| input.project.languages.contains(l))
    {
        related.extend(input.project.languages.iter().cloned());
    }
    let mut related_only = Vec::new();
    extend_unique(
        &mut related_only,
        related.into_iter().filter(|l| !languages.contains(l)),
    );
    extend_unique(&mut languages, related_only.iter().cloned());
    let kept = |weak: Vec<String>| weak.into_iter().filter(|t| terms.contains(t)).collect();
    let mut stack_names: Vec<String> = Vec::new();
    // A language the call is in only by relation (the project's others, for a command) names
    // no file the call's own stack: `protobuf.md` is not a `cargo clippy` call's general file.
    for name in languages
        .iter()
        .filter(|l| !project_only.contains(l) && !related_only.contains(l))
        .chain(&technologies)
        .chain(&project_technologies)
    {
        extend_unique(&mut stack_names, table.names_of(name));
    }
    Query {
        languages,
        related_languages: related_only,
        message_terms: kept(message_terms),
        location_terms: kept(location_terms),
        written_terms: kept(written_terms),
        topic_terms: kept(topic),
        terms,
        technologies,
        project_technologies,
        project_wide_technologies,
        message_technologies,
        stack_names,
        relative_path,
        project: input.cwd.as_deref().and_then(project_name),
        open_language_gate: false,
        failure: fields.error.is_some(),
        comments_only: edit.as_ref().is_some_and(|e| e.comments_only),
    }
}

/// The words of the stack's names of several words that are no name of its own
/// (`testing-library`: `testing`, `library`; but not `react` of `react-router` when React is
/// in the stack): searched for, since text writes those names as words ("React Router"), but
/// alone they name a topic every team writes about, not the technology.
fn name_parts(stack: &[&String]) -> Vec<String> {
    let own: BTreeSet<&str> = stack
        .iter()
        .filter(|t| !t.contains('-'))
        .map(|t| t.as_str())
        .collect();
    let parts = stack
        .iter()
        .filter(|t| t.contains('-'))
        .flat_map(|t| t.split('-'))
        .filter(|part| !own.contains(part));
    clean_terms(parts)
}

/// The technologies the call itself shows, with what they imply: its files' paths, the code
/// it writes or replaces, its command, and its own prose.
fn call_technologies(
    table: &TechnologyTable,
    fields: &Fields<'_>,
    path: Option<&str>,
    other_paths: &[String],
    languages: &[String],
) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for path in path
        .into_iter()
        .chain(other_paths.iter().map(String::as_str))
    {
        extend_unique(&mut found, table.for_path(path));
    }
    for code in [fields.content(), fields.old_content.as_deref()]
        .into_iter()
        .flatten()
    {
        extend_unique(&mut found, table.in_code(code, languages));
    }
    if let Some(command) = fields.command() {
        extend_unique(&mut found, table.for_command(command));
    }
    for text in fields.call_prose().into_iter().flatten() {
        extend_unique(&mut found, table.in_text(text));
    }
    table.with_implied(&found)
}

/// Whether a project technology bears on a call in `languages`: code in one of the languages
/// it is written in. One used from any language (a database, CI, a cloud) says nothing of a
/// call until the call itself shows it.
fn applies_to(table: &TechnologyTable, technology: &str, languages: &[String]) -> bool {
    table
        .languages_of(&[technology.to_string()])
        .iter()
        .any(|l| languages.contains(l))
}

/// A touched file's path as the query names it: from the repository root when the file is
/// inside it (a session started in `apps/web` names `apps/web/src/page.ts` as one started at
/// the root does), else from the working directory.
pub fn repository_path(path: &str, input: &QueryInput) -> String {
    path_in_repository(path, input.root.as_deref(), input.cwd.as_deref())
        .unwrap_or_else(|| relative_path(path, input.cwd.as_deref()))
}

/// The last meaningful component of a working directory.
fn project_name(cwd: &str) -> Option<String> {
    cwd.split(['/', '\\'])
        .rfind(|s| !s.is_empty() && *s != "." && *s != "..")
        .map(str::to_string)
}

/// The terms that only where the call happens gave (the touched file's directories, the
/// folder below the root a command runs in, the `name_parts` of its stack), those only the user's last message gave, and those only the
/// constructs of a whole file written gave: weaker evidence than the call's own words (see
/// `Query`).
fn weak_terms(
    fields: &Fields<'_>,
    edit: Option<&super::concepts::EditWords>,
    relative_path: Option<&str>,
    run_in: Option<&str>,
    languages: &[String],
    name_parts: &[String],
    whole_file: bool,
) -> (Vec<String>, Vec<String>, Vec<String>) {
    let mut strong: BTreeSet<String> = languages.iter().cloned().collect();
    let mut directories = Vec::new();
    if let Some(path) = relative_path {
        let (folders, name) = folders_and_name(path, true);
        directories = folders;
        strong.extend(name);
    }
    if let Some(folder) = run_in {
        directories.extend(folders_and_name(folder, false).0);
    }
    // The folders a command works on are where it happens, as a touched file's are: `ddtrace`
    // and `appsec` of `lint ddtrace/appsec/subscribers.py` say where the files lie, not what
    // the command does; a file's own name stays the command's word.
    if let Some(command) = fields.command() {
        let mut words = Vec::new();
        for word in command.split_whitespace() {
            match command_path(word) {
                Some((folders, name)) => {
                    directories.extend(folders);
                    strong.extend(name);
                }
                None => words.push(word),
            }
        }
        strong.extend(clean_terms(words));
    }
    let texts = [fields.content()].into_iter().chain(fields.call_prose());
    for text in texts.flatten() {
        strong.extend(clean_terms(text.split_whitespace()));
    }
    let mut written = Vec::new();
    if let Some(edit) = edit {
        if whole_file {
            written = edit
                .concepts
                .iter()
                .filter(|c| !strong.contains(*c))
                .cloned()
                .collect();
        }
        strong.extend(edit.concepts.iter().cloned());
    }
    let mut location: Vec<String> = Vec::new();
    for term in directories.iter().chain(name_parts) {
        if !strong.contains(term) && !location.contains(term) {
            location.push(term.clone());
        }
    }
    strong.extend(directories);
    strong.extend(name_parts.iter().cloned());
    let message = fields
        .message
        .as_deref()
        .map(|m| clean_terms(m.split_whitespace()))
        .unwrap_or_default()
        .into_iter()
        .filter(|t| !strong.contains(t))
        .collect();
    (location, message, written)
}

/// Error text without Claude Code's `Exit code N` line.
fn strip_exit_code(error: &str) -> String {
    error
        .lines()
        .filter(|line| {
            let line = line.trim();
            !line
                .strip_prefix("Exit code ")
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The head of a shell command that is read: at most [`MAX_COMMAND_BYTES`].
pub fn command_head(command: &str) -> &str {
    head(command, MAX_COMMAND_BYTES)
}

/// At most about `max` bytes of the start of `text`, with every secret in it replaced by
/// [`SECRET_GAP`]. The window is redacted with a margin past its edge and cut after, so a
/// secret the edge would cut is still recognised; redaction is linear, so this costs a few
/// passes over the window, never over the whole field.
fn redacted_head(text: &str, max: usize) -> Cow<'_, str> {
    match redact_with(head(text, max.saturating_add(SECRET_MARGIN)), SECRET_GAP) {
        Cow::Borrowed(clean) => Cow::Borrowed(head(clean, max)),
        Cow::Owned(mut clean) => {
            clean.truncate(floor_boundary(&clean, max));
            Cow::Owned(clean)
        }
    }
}

fn extend_unique(into: &mut Vec<String>, items: impl IntoIterator<Item = String>) {
    for item in items {
        if !into.contains(&item) {
            into.push(item);
        }
    }
}
