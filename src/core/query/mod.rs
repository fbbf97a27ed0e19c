//! Query extraction: turning a tool call, prompt or error into search terms, inferred
//! languages and the exact FTS5 expression the index runs.
//!
//! This is the one code path shared by the hook and `lore extract-queries`, so a coverage
//! audit sees byte for byte what the hook would search for.

mod command;
mod command_concepts;
mod command_target;
mod concepts;
mod diff;
mod extract;
mod failure;
mod focus;
mod fts;
mod generated;
mod index;
// Written by `index_generator.rs`, laid out as the generator writes it.
#[rustfmt::skip]
mod index_generated;
mod index_generator;
mod inspection;
mod language;
mod mention;
mod named;
mod patch;
mod path;
mod path_words;
mod project_languages;
mod prompt;
mod sorted_map;
mod stem;
mod stem_match;
mod technology;
mod terms;
#[cfg(test)]
mod tests;
mod tokenize;

pub use command::{languages_for_command, leading_directory};
pub use command_concepts::command_concepts;
pub use command_target::{CommandTarget, command_place, command_target, folder_of_package};
pub use concepts::{
    Change, ConstructChange, EditWords, MAX_CONCEPT_WORDS, concept_rows, edit_words,
};
pub use diff::{EditDiff, MAX_DIFF_BYTES, MAX_DIFF_LINES, diff_edit};
pub use extract::{
    MAX_COMMAND_BYTES, MAX_CONTENT_TERMS, MAX_TERMS, command_head, extract_query,
    extract_query_with, repository_path,
};
pub use failure::failure_focus;
pub use focus::{Dropped, FocusedTerms, focus_terms};
pub use fts::fts_expression;
pub use generated::{GeneratedFile, generated_lookup_files};
pub use inspection::is_inspection_command;
pub use language::{LANGUAGES, Language, Word, canonical_language, is_prose_language};
pub use mention::mentioned_languages;
pub use named::named_languages;
pub use patch::{
    MAX_PATCH_BYTES, MAX_PATCH_FILES, MAX_SIDE_BYTES, Patch, PatchAction, PatchedFile, parse_patch,
};
pub use path::languages_for_path;
pub use path_words::{MAX_DIRS, is_layout_dir, path_in_repository, relative_path};
pub use project_languages::{manifest_languages, project_languages};
pub use prompt::user_words;
pub use stem::porter_stem;
pub use stem_match::{STEM_REWRITE, StemSet};
pub use technology::{
    Ecosystem, ManifestFindings, Package, Technology, TechnologyTable, canonical_technology,
    check_file_sign, technologies,
};
pub use terms::{clean_terms, split_case_words, without_url_address};
pub use tokenize::{StemCache, index_stems, term_stem};

/// What the agent is doing, in harness-neutral terms. Adapters fill this from their wire format.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct QueryInput {
    /// Tool name as the harness reports it (`Edit`, `Write`, `Bash`, ...).
    pub tool_name: Option<String>,
    /// The agent's own name of the tool when `tool_name` is Claude Code's for it (Gemini's
    /// `replace` read as `Edit`): what the model is told the conventions apply to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_tool_name: Option<String>,
    /// The file the tool touches (absolute or relative).
    pub file_path: Option<String>,
    /// The project directory, to make `file_path` relative for `paths` globs.
    pub cwd: Option<String>,
    /// The repository root (the git repository holding `lore.toml`), when known: a touched
    /// file inside it is named from it, as `paths` globs and rule files' globs are written,
    /// wherever in it the session started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
    /// Bash `command`.
    pub command: Option<String>,
    /// Bash `description`.
    pub description: Option<String>,
    /// Edit `new_string` / Write `content`: may add identifiers.
    pub content: Option<String>,
    /// Edit `old_string` (MultiEdit: every edit's, joined): what the edit replaces, so the
    /// query can weigh what changed above unchanged context.
    pub old_content: Option<String>,
    /// Further files the call touches besides `file_path` (a Codex `apply_patch` may edit
    /// several), in the order the tool names them.
    pub other_paths: Vec<String>,
    /// Each file of a call that edits several, with its own lines (`file_path` first), so
    /// every file is judged on what is done to it (see [`QueryInput::per_file`]); empty for a
    /// call that edits one file.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub file_edits: Vec<FileEdit>,
    /// A user prompt (UserPromptSubmit).
    pub prompt: Option<String>,
    /// The last user message from the transcript tail (secondary context for tool calls).
    pub last_user_message: Option<String>,
    /// Error text of a failed tool call (PostToolUseFailure).
    pub error: Option<String>,
    /// What the project's root files show (`package.json` dependencies, `go.mod`, ...),
    /// read once per session by the caller.
    #[serde(skip_serializing_if = "is_empty_project")]
    pub project: ManifestFindings,
}

/// One file of a call that edits several: its path and what the call adds and removes there.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct FileEdit {
    pub path: String,
    pub content: Option<String>,
    pub old_content: Option<String>,
}

/// Most files of one call judged one by one; a patch over more is judged on its first ones
/// (each judgement is a whole selection, and a hook runs before every call).
pub const MAX_FILES_JUDGED: usize = 8;

impl QueryInput {
    /// One input per file when the call edits several (its first [`MAX_FILES_JUDGED`]), each
    /// with that file's path and lines and nothing of the others': a rule scoped to the
    /// tests folder applies to the patch's test file, whatever its first file is. None for a
    /// call that edits one file.
    pub fn per_file(&self) -> Option<Vec<QueryInput>> {
        if self.file_edits.len() < 2 {
            return None;
        }
        let inputs = self
            .file_edits
            .iter()
            .take(MAX_FILES_JUDGED)
            .map(|edit| QueryInput {
                file_path: Some(edit.path.clone()),
                content: edit.content.clone(),
                old_content: edit.old_content.clone(),
                other_paths: Vec::new(),
                file_edits: Vec::new(),
                ..self.clone()
            })
            .collect();
        Some(inputs)
    }
}

fn is_empty_project(project: &ManifestFindings) -> bool {
    project.technologies.is_empty() && project.languages.is_empty()
}

/// The search a hook runs for one event.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Query {
    /// Inferred languages, lower-case canonical names (`rust`, `typescript`, ...), in order found.
    pub languages: Vec<String>,
    /// Those of `languages` the call is in only by relation, not by its own signs: JavaScript
    /// for a TypeScript file, a project's other languages for a command in one of them. They
    /// widen the language gate, but a pattern only they admit needs more than the call's
    /// words to be kept (see `core::select::bar`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related_languages: Vec<String>,
    /// Cleaned, deduplicated search terms in order of importance.
    pub terms: Vec<String>,
    /// The terms only the user's last message gave, not the call itself: context for what
    /// the call is for, never the only evidence that a pattern applies to it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub message_terms: Vec<String>,
    /// The terms only where the call happens gave: the directories of the touched file
    /// (`agents` of `src/agents/run.py`), and the words of its stack's names of several words
    /// (`testing`, `library` of `testing-library`, `router` of `react-router`). Where the
    /// file sits, or what the project is built with, says little of what a pattern is about.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub location_terms: Vec<String>,
    /// The concept words of a whole file being written (a Write) that nothing else of the
    /// call gave: a new file holds every construct it uses, so these say less about what the
    /// file is about than an edit's changes do, and cannot name a pattern's subject alone.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub written_terms: Vec<String>,
    /// What the call writes, in the words conventions use for it (`git commit`: a commit
    /// message; `gh pr create`: a pull request's description): the topic a convention about
    /// the call is written under, searched however common its words are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub topic_terms: Vec<String>,
    /// Technologies the call itself shows (its files, the code it writes, its command, its
    /// prose), with the ones they imply, in order found.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub technologies: Vec<String>,
    /// The project's technologies that bear on this call (code in a language the call is in).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub project_technologies: Vec<String>,
    /// The project's other technologies: used from any language (a database, CI, a cloud),
    /// they say nothing of a call on their own, but a pattern its author scoped to the touched
    /// file's part of the project may be for one (a `postgres` pattern for `src/db/**`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub project_wide_technologies: Vec<String>,
    /// Technologies only the user's last message names.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub message_technologies: Vec<String>,
    /// Every name of the call's stack (its languages, its technologies and its project's),
    /// each as lower-case words joined by one space: a technology by its canonical name and
    /// its aliases (`spring-boot`: `spring boot`, `springboot`, `spring`, ...). A name of
    /// several words names the stack only whole: a file named for `testing` or `router` is
    /// not named for `testing-library` or `react-router`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stack_names: Vec<String>,
    /// The touched file relative to `cwd` (with `/`), for `paths` globs.
    pub relative_path: Option<String>,
    /// The project's name: the working directory's last component (`/home/dev/uv` → `uv`),
    /// for patterns that belong to one project (see `core::select::project_scope`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project: Option<String>,
    /// When no language was inferred, let patterns that declare one through. Off for hook
    /// queries (a `git commit` should not bring Rust rules); on for explicit searches, where a
    /// person or agent asked and every convention is a candidate.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub open_language_gate: bool,
    /// The call reports a failed command's output: what tests and runs are about.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub failure: bool,
    /// The call is an edit that changes only comments and spacing (see
    /// `concepts::EditWords::comments_only`): a file's globs say nothing of it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub comments_only: bool,
}
