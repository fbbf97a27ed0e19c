//! The one shared language table: file extensions, marker files and command keywords.

/// Languages implied by a file path (extension or marker file name).
pub fn languages_for_path(_path: &str) -> Vec<String> {
    Vec::new()
}

/// Languages implied by a shell command (cargo → rust, npm → javascript, ...).
pub fn languages_for_command(_command: &str) -> Vec<String> {
    Vec::new()
}

/// Languages whose name or alias appears as a word in free text (pattern bodies, prompts).
pub fn mentioned_languages(_text: &str) -> Vec<String> {
    Vec::new()
}
