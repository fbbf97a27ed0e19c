//! What a `paths` glob says about a touched file: nothing (`**/*`), only its language
//! (`**/*.ts`), or a part of the project the team wrote the pattern for (`src/storage/**`).
//! And a cheap test that rules out globs that cannot match a path before compiling any.

use globset::Glob;

use crate::core::query::LANGUAGES;

/// What a `paths` glob tells about a touched file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GlobKind {
    /// Matches everything (`**/*`): says nothing.
    CatchAll,
    /// Only restates a language or a generic source tree (`**/*.ts`, `src/**/*.rs`): a boost
    /// for patterns that also match by words, not a reason on its own.
    Broad,
    /// Names a directory or file of the project (`src/storage/**`, `**/Dockerfile`): the
    /// team wrote this pattern for such files, and a call on one that its words bear on at all
    /// gets it (see `bar::judge`).
    Specific,
}

fn has_wildcard(segment: &str) -> bool {
    segment.contains(['*', '?', '[', '{'])
}

/// Classify a glob by what it selects. It restates a language when all it asks of a file is
/// an extension, anywhere or under one top folder (`**/*.ts`, `src/**/*.rs`, `app/**/*.tsx`:
/// the code of a language). It names a part of the project when it asks more: a file name
/// (`Dockerfile`, `**/*.spec.ts`), a folder's contents (`tests/**`, `**/scripts/**`), or a
/// folder below the top one (`src/components/**/*.tsx`, `.github/workflows/*.yml`).
pub fn classify_glob(glob: &str) -> GlobKind {
    let glob = glob.trim().trim_start_matches("./").trim_start_matches('/');
    let segments: Vec<&str> = glob.split('/').collect();
    if segments
        .iter()
        .all(|s| matches!(*s, "**" | "*" | "**.*" | "*.*"))
    {
        return GlobKind::CatchAll;
    }
    let (last, dirs) = segments.split_last().unwrap_or((&"", &[]));
    if !has_wildcard(last) || names_more_than_an_extension(last) {
        return GlobKind::Specific;
    }
    let literal: Vec<usize> = dirs
        .iter()
        .enumerate()
        .filter(|(_, s)| !has_wildcard(s))
        .map(|(i, _)| i)
        .collect();
    let by_extension = last.starts_with("*.") || *last == "*" || *last == "**";
    let anything = matches!(*last, "*" | "**" | "*.*");
    match literal.as_slice() {
        [] => GlobKind::Broad,
        // The code under one top folder, by extension: a language's files.
        [0] if by_extension && !anything => GlobKind::Broad,
        _ => GlobKind::Specific,
    }
}

/// Whether a glob selects files anywhere in the repository, with no literal folder to narrow
/// it (`**/*.py`, `*.{java,kt}`; not `src/**/*.ts`): a scope of a whole language, not of a
/// part of the project.
pub fn spans_repository(glob: &str) -> bool {
    let glob = glob.trim().trim_start_matches("./").trim_start_matches('/');
    let segments: Vec<&str> = glob.split('/').collect();
    segments
        .split_last()
        .is_some_and(|(_, dirs)| dirs.iter().all(|d| has_wildcard(d)))
}

/// Whether a glob selects a language's everyday source files anywhere in the repository
/// (`**/*.py`, `*.ts`, `**/*.{java,kt}`): the scope of a whole language, as wide in a project
/// written in it as an always-on rule. A rarer kind of the language's files (`**/*.pyx`,
/// `**/*.pyi`) or its files under a folder pick out a part of the project. A language's
/// everyday files are those of its first extension in the language table.
pub fn covers_a_language(glob: &str) -> bool {
    if classify_glob(glob) != GlobKind::Broad || !spans_repository(glob) {
        return false;
    }
    let glob = anchored(glob);
    let last = glob.rsplit('/').next().unwrap_or(&glob);
    let Some(extensions) = last.trim_start_matches('*').strip_prefix('.') else {
        return false;
    };
    let extensions = extensions.trim_start_matches('{').trim_end_matches('}');
    extensions.split(',').any(|extension| {
        let extension = extension.trim().to_ascii_lowercase();
        LANGUAGES
            .iter()
            .any(|language| language.extensions.first() == Some(&extension.as_str()))
    })
}

/// Whether a glob names one file by its literal name (`Makefile`, `**/package.json`,
/// `CMakeLists.txt`). Beside globs that restate a language (`**/*.f90`, `Makefile`), such a
/// name is the language's build or config file, a companion of the pattern's subject rather
/// than its subject: the Fortran rules are not the Makefile rules.
pub fn names_one_file(glob: &str) -> bool {
    let glob = anchored(glob);
    let last = glob.rsplit('/').next().unwrap_or(&glob);
    !last.is_empty() && !has_wildcard(last) && !last.contains('\\')
}

/// Whether a file-name glob asks for more than an extension: literal characters besides
/// `*.ext` (`*.spec.ts`, `*Test.java`, `*_test.go`, `+page.*`).
fn names_more_than_an_extension(last: &str) -> bool {
    let Some(rest) = last.strip_prefix('*') else {
        // `+page.svelte`, `Dockerfile.*`: a literal start.
        return true;
    };
    let rest = rest.trim_start_matches('*');
    match rest.strip_prefix('.') {
        // `*.ts`, `*.{ts,tsx}`: an extension alone.
        Some(ext) => ext.contains('.') && !ext.starts_with('{'),
        // `*Test.java`, `*_test.go`: a literal part of the name.
        None => !rest.is_empty(),
    }
}

/// Whether every file a glob selects is of one kind the author spelled out: its last segment
/// names an extension (`**/migrations/*.sql`, `*.{ts,tsx}`, `*_test.go`) or a whole file
/// name (`Dockerfile`), in each of its brace alternatives. `src/routes/**/*` and
/// `**/{*mcp*,*agent*}` select files of any kind.
pub fn names_file_kind(glob: &str) -> bool {
    let glob = glob.trim();
    let alternatives = match spell_out_braces(glob) {
        Some(alternatives) => alternatives,
        None if glob.contains(['{', '}']) => return false,
        None => vec![glob.to_owned()],
    };
    alternatives.iter().all(|alternative| {
        let last = alternative.rsplit('/').next().unwrap_or(alternative);
        if last.is_empty() || last.contains(['[', ']', '\\']) {
            return false;
        }
        match last.rsplit_once('.') {
            Some((_, extension)) => !extension.is_empty() && !has_wildcard(extension),
            None => !has_wildcard(last),
        }
    })
}

/// Whether a glob names a folder of the project (`src/db/**`, `**/migrations/*.sql`): a
/// segment before its last one holds no wildcard. `**/*.ts` and `**/{*mcp*,*agent*}` select
/// files by kind or name anywhere.
pub fn names_folder(glob: &str) -> bool {
    let glob = glob.trim().trim_start_matches("./").trim_start_matches('/');
    let segments: Vec<&str> = glob.split('/').collect();
    segments
        .split_last()
        .is_some_and(|(_, folders)| folders.iter().any(|s| !s.is_empty() && !has_wildcard(s)))
}

/// A cheap necessary condition for `glob` to match `path`: the file extension (for `*.ts`,
/// `*.{ts,tsx}`), the file name (for a literal last segment) and a literal leading directory
/// must fit. Lets a hook skip compiling the globs that cannot match the touched file.
pub fn could_match(glob: &str, path: &str) -> bool {
    let glob = with_folder_contents(glob.trim().trim_start_matches("./").trim_start_matches('/'));
    let glob = glob.as_str();
    // `{a,b}` matches when one alternative does: test each spelled out, so the literals
    // inside the braces rule globs out too (`**/{*mcp*,*agent*}` cannot match `error.rs`).
    if let Some(alternatives) = spell_out_braces(glob) {
        return alternatives
            .iter()
            .any(|alternative| could_match_plain(alternative, path));
    }
    could_match_plain(glob, path)
}

/// Most alternatives of one brace group that [`could_match`] spells out; beyond it the
/// glob is kept (compiled) rather than tested cheaply.
const MAX_ALTERNATIVES: usize = 32;

/// `glob` with its one brace group spelled out (`a/{b,c}.rs` → `a/b.rs`, `a/c.rs`), or None
/// when it has no group, several, nested ones, escapes or classes.
pub(crate) fn spell_out_braces(glob: &str) -> Option<Vec<String>> {
    let open = glob.find('{')?;
    let close = open + glob[open..].find('}')?;
    let inner = &glob[open + 1..close];
    let (before, after) = (&glob[..open], &glob[close + 1..]);
    if glob.contains(['\\', '[', ']'])
        || inner.contains('{')
        || after.contains(['{', '}'])
        || before.contains('}')
    {
        return None;
    }
    let alternatives: Vec<String> = inner
        .split(',')
        .map(|alternative| format!("{before}{alternative}{after}"))
        .collect();
    (alternatives.len() <= MAX_ALTERNATIVES).then_some(alternatives)
}

fn could_match_plain(glob: &str, path: &str) -> bool {
    let file_name = path.rsplit('/').next().unwrap_or(path);
    let last = glob.rsplit('/').next().unwrap_or(glob);
    if !has_wildcard(last) && !file_name.eq_ignore_ascii_case(last) {
        return false;
    }
    if let Some(ext) = last.strip_prefix("*.") {
        let extensions: Vec<&str> = match ext.strip_prefix('{').and_then(|e| e.strip_suffix('}')) {
            Some(list) => list.split(',').collect(),
            None if !has_wildcard(ext) => vec![ext],
            None => Vec::new(),
        };
        let ends = |e: &&str| {
            !has_wildcard(e)
                && file_name.len() > e.len()
                && file_name
                    .to_ascii_lowercase()
                    .ends_with(&format!(".{}", e.to_ascii_lowercase()))
        };
        if !extensions.is_empty() && !extensions.iter().any(ends) {
            return false;
        }
    }
    // Every literal run of the glob appears verbatim in any path it matches.
    if !literal_runs(glob).all(|run| path.contains(run)) {
        return false;
    }
    let literal_dir: Vec<&str> = glob.split('/').take_while(|s| !has_wildcard(s)).collect();
    if literal_dir.len() > 1 || (literal_dir.len() == 1 && glob.contains('/')) {
        let prefix = literal_dir.join("/");
        let dirs_only = if glob.split('/').count() == literal_dir.len() {
            literal_dir[..literal_dir.len() - 1].join("/")
        } else {
            prefix
        };
        if !dirs_only.is_empty() && !path.starts_with(&format!("{dirs_only}/")) {
            return false;
        }
    }
    true
}

/// The literal stretches of a glob between wildcards, alternations and classes (slashes at
/// their ends trimmed, since `**/` may match nothing). Backslash escapes end a stretch.
fn literal_runs(glob: &str) -> impl Iterator<Item = &str> {
    let mut depth = 0usize;
    glob.split(move |c: char| {
        let special = matches!(c, '*' | '?' | '[' | ']' | '{' | '}' | '\\') || depth > 0;
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        special
    })
    .map(|run| run.trim_matches('/'))
    .filter(|run| !run.is_empty())
}

/// How lore reads a glob, as docs/authoring.md documents it and the agents whose rule files
/// lore reads treat it: `*` matches within one path segment, `**` across directories, and a
/// glob without a `/` matches the file name at any depth (`*.tsx` is `**/*.tsx`). Leading
/// `./` and `/` are dropped: globs are relative to the project. A glob ending in `/` names a
/// folder, and means the files in it, as in `.gitignore` (`sdk/*/generated/`).
pub fn anchored(glob: &str) -> String {
    let glob = with_folder_contents(glob.trim().trim_start_matches("./").trim_start_matches('/'));
    if glob.contains('/') {
        glob.to_string()
    } else {
        format!("**/{glob}")
    }
}

/// A folder glob (`docs/`, `sdk/*/generated/`) as the files below it (`docs/**`); any other
/// glob as it is. A path never ends in `/`, so read literally such a glob matches nothing.
fn with_folder_contents(glob: &str) -> String {
    if glob.ends_with('/') && glob.len() > 1 {
        format!("{glob}**")
    } else {
        glob.to_string()
    }
}

/// The matcher for `glob` as lore reads it (see [`anchored`]).
pub fn glob_matcher(glob: &str) -> Result<globset::Glob, globset::Error> {
    globset::GlobBuilder::new(&anchored(glob))
        .literal_separator(true)
        .build()
}

/// A glob of one of the shapes almost every `paths` list uses, matched without compiling:
/// an optional literal directory prefix, then `*.ext` / `*.{a,b}` (any file with one of those
/// extensions), a literal file name, or `*`/`**` (anything below it). Matches exactly as
/// [`glob_matcher`] does (`*` within one segment, case-sensitive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimpleGlob {
    /// Literal leading directories, joined with `/` (empty: from the project root).
    prefix: String,
    /// A `**` segment stands before the last one: a file name may be at any depth below.
    any_depth: bool,
    last: LastSegment,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum LastSegment {
    Extensions(Vec<String>),
    FileName(String),
    /// `*` (the folder's own files) or `**` (anything below it).
    Anything {
        deep: bool,
    },
}

impl SimpleGlob {
    /// The simple form of `glob`, or None when it needs a real glob matcher.
    pub fn parse(glob: &str) -> Option<Self> {
        let glob = anchored(glob);
        let mut segments: Vec<&str> = glob.split('/').collect();
        let last = segments.pop()?;
        let mut prefix = Vec::new();
        let mut rest = segments.into_iter().peekable();
        while let Some(s) = rest.next_if(|s| !has_wildcard(s)) {
            if s.is_empty() || s == "." || s == ".." {
                return None;
            }
            prefix.push(s);
        }
        // Between the prefix and the last segment only `**` may stand.
        let between: Vec<&str> = rest.collect();
        if between.iter().any(|s| *s != "**") {
            return None;
        }
        // A `**` inside a segment (`**.py`) is a plain `*` to globset.
        let last = match last.strip_prefix('*') {
            Some(rest) if rest.starts_with("*.") => rest,
            _ => last,
        };
        let last = if last == "*" || last == "**" {
            if prefix.is_empty() {
                return None;
            }
            LastSegment::Anything { deep: last == "**" }
        } else if let Some(ext) = last.strip_prefix("*.") {
            let list: Vec<&str> = match ext.strip_prefix('{').and_then(|e| e.strip_suffix('}')) {
                Some(inner) => inner.split(',').collect(),
                None => vec![ext],
            };
            let plain = |e: &&str| {
                !e.is_empty()
                    && e.chars()
                        .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_'))
            };
            if !list.iter().all(plain) {
                return None;
            }
            LastSegment::Extensions(list.iter().map(|e| format!(".{e}")).collect())
        } else if !has_wildcard(last) && !last.is_empty() && !last.contains('\\') {
            LastSegment::FileName(last.to_string())
        } else {
            return None;
        };
        Some(Self {
            prefix: prefix.join("/"),
            any_depth: !between.is_empty(),
            last,
        })
    }

    pub fn matches(&self, path: &str) -> bool {
        let below = if self.prefix.is_empty() {
            Some(path)
        } else {
            path.strip_prefix(self.prefix.as_str())
                .and_then(|rest| rest.strip_prefix('/'))
        };
        let Some(below) = below else {
            return false;
        };
        // Without a `**` before it, the last segment is the file itself, directly below.
        let placed = self.any_depth || !below.contains('/');
        let file_name = below.rsplit('/').next().unwrap_or(below);
        match &self.last {
            LastSegment::Extensions(extensions) => {
                placed && extensions.iter().any(|e| file_name.ends_with(e.as_str()))
            }
            LastSegment::FileName(name) => placed && file_name == name,
            LastSegment::Anything { deep } => !below.is_empty() && (*deep || placed),
        }
    }
}

/// What a touched file must have for a glob to match it, as index keys: `ext:rs` (one per
/// extension of `*.rs`, `*.{ts,tsx}`), `name:Dockerfile` (a literal file name), `dir:src`
/// (a literal first directory, as in `src/storage/**`), or `""` when the glob may match any
/// file. A hook loads only the globs whose key the file has.
pub fn glob_file_keys(glob: &str) -> Vec<String> {
    match SimpleGlob::parse(glob).map(|g| g.last) {
        // An extension with more dots than a touched file's keys cover is loaded for any file.
        Some(LastSegment::Extensions(extensions))
            if extensions
                .iter()
                .all(|e| e.matches('.').count() <= MAX_EXTENSION_KEYS) =>
        {
            extensions
                .iter()
                .map(|e| format!("ext:{}", e.trim_start_matches('.')))
                .collect()
        }
        Some(LastSegment::Extensions(_)) => vec![String::new()],
        Some(LastSegment::FileName(name)) => vec![format!("name:{name}")],
        _ => vec![if let Some(ext) = literal_extension(glob) {
            format!("ext:{ext}")
        } else if let Some(dir) = first_directory(glob) {
            format!("dir:{dir}")
        } else {
            String::new()
        }],
    }
}

/// The extension every path `glob` matches ends with, when the glob ends in a literal
/// that holds one (`java` for `**/*Test.java`, `ts` for `**.ts`).
fn literal_extension(glob: &str) -> Option<&str> {
    let glob = glob.trim();
    let tail = &glob[glob.rfind(['*', '?', ']', '}', '/', '\\'])? + 1..];
    let ext = &tail[tail.rfind('.')? + 1..];
    (!ext.is_empty() && !ext.contains(['[', '{', ','])).then_some(ext)
}

/// The literal first directory every path `glob` matches starts with, if it names one
/// (`src` for `src/**/*.sql`; none for `**/x` or `*/x`). globset matches whole paths, so
/// such a glob matches only paths that begin with that directory.
fn first_directory(glob: &str) -> Option<&str> {
    let (first, _) = glob.trim().split_once('/')?;
    let literal = !first.is_empty()
        && first != "."
        && first != ".."
        && !has_wildcard(first)
        && !first.contains(['\\', ']', '}']);
    literal.then_some(first)
}

/// Most dotted suffixes of a file name that are keys (`a.test.ts` has two): an extension of
/// a glob with more dots than this is keyed as any file (see [`glob_file_keys`]).
const MAX_EXTENSION_KEYS: usize = 8;

/// The keys of a touched file (see [`glob_file_keys`]): `""`, its name, the dotted suffixes
/// of its name after each of its last [`MAX_EXTENSION_KEYS`] dots (`a.test.ts` →
/// `ext:test.ts`, `ext:ts`) and its first directory. Linear in the path, however many dots
/// its name holds.
pub fn path_file_keys(path: &str) -> Vec<String> {
    let file_name = path.rsplit('/').next().unwrap_or(path);
    let mut keys = vec![String::new(), format!("name:{file_name}")];
    let mut suffixes: Vec<String> = file_name
        .rmatch_indices('.')
        .filter_map(|(i, _)| file_name.get(i + 1..).filter(|e| !e.is_empty()))
        .take(MAX_EXTENSION_KEYS)
        .map(|ext| format!("ext:{ext}"))
        .collect();
    // Longest first, as the name reads.
    suffixes.reverse();
    keys.extend(suffixes);
    let first_segment = path.split('/').next().unwrap_or(path);
    keys.push(format!("dir:{first_segment}"));
    keys
}

/// `glob`, written from the repository root, as seen from `folder` (a path below the root,
/// `/`-separated): what it selects inside that folder, relative to it (`src/web/**/*.tsx`
/// from `src/web` is `**/*.tsx`, `**/*.cs` stays itself, `src/*/Pages/**` from `src/web` is
/// `Pages/**`); None when it selects nothing there (`src/api/**` from `src/web`, or a file
/// above it). A glob without a `/` names files at any depth (`*.tsx`, `Makefile`), so it
/// is the same from every folder.
pub fn glob_from_folder(glob: &str, folder: &str) -> Option<String> {
    let glob = glob.trim().trim_start_matches("./");
    if !glob.contains('/') {
        return Some(glob.to_string());
    }
    let segments: Vec<&str> = glob.split('/').collect();
    let folder_segments: Vec<&str> = folder.split('/').filter(|s| !s.is_empty()).collect();
    for (i, name) in folder_segments.iter().enumerate() {
        let segment = segments.get(i)?;
        if *segment == "**" {
            return Some(segments[i..].join("/"));
        }
        let matches = if has_wildcard(segment) {
            Glob::new(segment).is_ok_and(|g| g.compile_matcher().is_match(name))
        } else {
            segment == name
        };
        if !matches {
            return None;
        }
    }
    let rest = &segments[folder_segments.len().min(segments.len())..];
    (!rest.is_empty()).then(|| rest.join("/"))
}

#[cfg(test)]
mod tests;
