//! Parsing the files an ingest has read into what the index stores: lore's own patterns
//! (invalid ones become an issue naming file, line and remedy) and other agents' rule files
//! (read in place by `core::sources`; what is not understood becomes a warning), on every
//! core, results in input order, with the languages each one's text names.

use crate::core::file_stamp::RecordedFile;
use crate::core::pattern::{Pattern, parse_pattern};
use crate::core::sources::{RuleOrigin, read_rule};

use super::{IngestIssue, SourceFile};

/// A file read and hashed, to be parsed: one of lore's patterns, or (`native`) another
/// agent's rule file.
pub(super) struct Pending<'a> {
    pub file: &'a SourceFile,
    pub bytes: Vec<u8>,
    /// The stamp and hash of the file as read.
    pub record: RecordedFile,
    pub native: bool,
}

/// A pattern file ready to be written to the index.
pub(super) struct ParsedFile {
    pub pattern: Pattern,
    /// The stamp and hash of the file as read.
    pub record: RecordedFile,
    /// Where another agent's rule file came from (None for lore's own patterns).
    pub origin: Option<RuleOrigin>,
    /// What was not understood in another agent's rule file.
    pub warnings: Vec<IngestIssue>,
}

/// Parse files (and find the languages they name) on every core; results keep input order:
/// (source, native, parsed).
pub(super) fn parse_in_parallel(
    files: Vec<Pending<'_>>,
) -> Vec<(String, bool, Result<ParsedFile, IngestIssue>)> {
    let parse = |pending: Pending<'_>| {
        let Pending {
            file,
            bytes,
            record,
            native,
        } = pending;
        let parsed = if native {
            load_rule(file, bytes, record)
        } else {
            load_file(file, bytes).map(|pattern| ParsedFile {
                warnings: empty_pattern(&file.source, &pattern).into_iter().collect(),
                pattern,
                record,
                origin: None,
            })
        };
        (file.source.clone(), native, parsed)
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if threads <= 1 || files.len() < 16 {
        return files.into_iter().map(parse).collect();
    }
    let per_thread = files.len().div_ceil(threads);
    let mut chunks: Vec<Vec<_>> = Vec::new();
    let mut rest = files.into_iter().peekable();
    while rest.peek().is_some() {
        chunks.push(rest.by_ref().take(per_thread).collect());
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| scope.spawn(move || chunk.into_iter().map(parse).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| match h.join() {
                Ok(results) => results,
                // A panic in the parser is a bug; resume it rather than lose files silently.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    })
}

/// A pattern with no text (an empty file, frontmatter alone): indexed, so a search finds its
/// name, but a hook has nothing of it to show, and no error would say so.
fn empty_pattern(source: &str, pattern: &Pattern) -> Option<IngestIssue> {
    pattern.body.trim().is_empty().then(|| IngestIssue {
        source: source.to_string(),
        line: 1,
        message: "holds no text below its frontmatter, so a hook has nothing of it to show; \
                  write the convention, or remove the file"
            .to_string(),
    })
}

/// Read and parse one file: the pattern, or the issue that stops it.
fn load_file(file: &SourceFile, bytes: Vec<u8>) -> Result<Pattern, IngestIssue> {
    let issue = |line, message: String| IngestIssue {
        source: file.source.clone(),
        line,
        message,
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        let line = e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1;
        issue(line, "not valid UTF-8; save the file as UTF-8".to_string())
    })?;
    parse_pattern(&file.source, &text).map_err(|e| issue(e.line, e.message))
}

/// Read one of another agent's rule files: the pattern and where it came from, with what was
/// not understood in it as warnings; the issue when it cannot be read at all.
fn load_rule(
    file: &SourceFile,
    bytes: Vec<u8>,
    record: RecordedFile,
) -> Result<ParsedFile, IngestIssue> {
    let issue = |line, message: String| IngestIssue {
        source: file.source.clone(),
        line,
        message,
    };
    let text = String::from_utf8(bytes)
        .map_err(|_| issue(1, "not valid UTF-8: not read; save it as UTF-8".to_string()))?;
    let rule = read_rule(&file.source, &text)
        .ok_or_else(|| issue(1, "not a rule file lore knows: not read".to_string()))?;
    let warnings = rule
        .warnings
        .into_iter()
        .map(|w| issue(w.line, w.message))
        .collect();
    Ok(ParsedFile {
        pattern: rule.pattern,
        record,
        origin: Some(rule.origin),
        warnings,
    })
}
