//! Path signs: small globs over a project-relative path (`next.config.*`, `app/**/page.tsx`,
//! `*.bicep`), matched at any depth without a glob engine, and found through maps keyed by the
//! touched file's name, extension, stem and directories, so a call only checks signs that fit.

use std::borrow::Cow;

use super::super::sorted_map::SortedMap;
use super::TechnologyTable;
use super::found::Found;
use super::index::FILES;

/// One segment of a sign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Segment {
    /// `**`: any number of directories.
    AnyDepth,
    /// A name, possibly with `*` (any run of characters) and `?` (one character).
    Name(Cow<'static, str>),
}

/// A parsed path sign. It floats: it matches when it matches the path's last segments, as if
/// written after `**/`, so `config/routes.rb` also fits `backend/config/routes.rb`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct FileSign {
    pub(super) segments: Cow<'static, [Segment]>,
}

impl FileSign {
    /// The signs one written sign stands for (its `{a,b}` group spelled out), or why the text
    /// is not a sign.
    pub(super) fn parse(text: &str) -> Result<Vec<FileSign>, String> {
        spell_out_braces(trimmed(text)?)?
            .iter()
            .map(|spelled| Self::from_segments(spelled, |part| Cow::Owned(part.to_owned())))
            .collect()
    }

    /// [`Self::parse`] for a sign of the built-in table: its segments borrow the table's text.
    pub(super) fn parse_static(text: &'static str) -> Result<Vec<FileSign>, String> {
        let text = trimmed(text)?;
        if text.contains(['{', '}']) {
            return Self::parse(text);
        }
        Ok(vec![Self::from_segments(text, Cow::Borrowed)?])
    }

    fn from_segments<'a>(
        spelled: &'a str,
        segment: impl Fn(&'a str) -> Cow<'static, str>,
    ) -> Result<FileSign, String> {
        let mut segments = Vec::new();
        for part in spelled.split('/') {
            match part {
                "" | "." | ".." => {
                    return Err("a file sign has no empty, `.` or `..` segments".into());
                }
                "**" => segments.push(Segment::AnyDepth),
                _ if part.contains("**") => {
                    return Err("`**` must be a whole segment, e.g. `app/**/page.tsx`".into());
                }
                _ => segments.push(Segment::Name(segment(part))),
            }
        }
        Ok(FileSign {
            segments: Cow::Owned(segments),
        })
    }

    /// A sign of the built-in table, as the generated index spells it.
    pub(super) const fn fixed(segments: &'static [Segment]) -> Self {
        FileSign {
            segments: Cow::Borrowed(segments),
        }
    }

    /// Whether the sign matches the path's segments (at any depth).
    pub(super) fn matches(&self, path: &[&str]) -> bool {
        (0..=path.len())
            .any(|start| match_segments(&self.segments, path.get(start..).unwrap_or(&[])))
    }

    /// The sign is one file name (no directory), as a project root can hold.
    pub(super) fn root_name(&self) -> Option<&str> {
        match &*self.segments {
            [Segment::Name(name)] => Some(name),
            _ => None,
        }
    }

    /// Where [`FileIndex`] files the sign.
    pub(super) fn key(&self) -> Key {
        let Some(Segment::Name(last)) = self.segments.last() else {
            // Ends in `**`: keyed by the nearest literal directory before it.
            return self
                .segments
                .iter()
                .rev()
                .find_map(|s| match s {
                    Segment::Name(n) if !has_wildcard(n) => Some(Key::Dir(n.clone())),
                    _ => None,
                })
                .unwrap_or(Key::Rest);
        };
        if !has_wildcard(last) {
            return Key::Exact(last.clone());
        }
        if last == "*" {
            return self
                .segments
                .iter()
                .rev()
                .skip(1)
                .find_map(|s| match s {
                    Segment::Name(n) if !has_wildcard(n) => Some(Key::Dir(n.clone())),
                    _ => None,
                })
                .unwrap_or(Key::Rest);
        }
        let first_wild = last.find(['*', '?']).unwrap_or(last.len());
        if let Some(dot) = stem_end(last)
            && dot < first_wild
        {
            return Key::Stem(part(last, 0..dot));
        }
        match last.rfind('.') {
            Some(dot) if dot + 1 < last.len() && !has_wildcard(&last[dot + 1..]) => {
                Key::Extension(part(last, dot + 1..last.len()))
            }
            _ => Key::Rest,
        }
    }
}

pub(super) enum Key {
    Exact(Cow<'static, str>),
    Extension(Cow<'static, str>),
    Stem(Cow<'static, str>),
    Dir(Cow<'static, str>),
    Rest,
}

/// The built-in signs and the maps that find the few that can match a path, by position in
/// `signs` (see [`FileSign::key`]).
#[derive(Debug)]
pub(super) struct FileIndex {
    /// Every sign with the technology it shows.
    pub(super) signs: &'static [(FileSign, usize)],
    /// Signs whose last segment is a literal name.
    pub(super) exact: SortedMap<&'static str, &'static [usize]>,
    /// Signs for any file of an extension (`*.bicep`).
    pub(super) extension: SortedMap<&'static str, &'static [usize]>,
    /// Signs for a file stem with any extension (`next.config.*`).
    pub(super) stem: SortedMap<&'static str, &'static [usize]>,
    /// Signs for what lies under a literal directory (`.husky/*`, `convex/_generated/**`).
    pub(super) dir: SortedMap<&'static str, &'static [usize]>,
    /// Signs checked against every path.
    pub(super) rest: &'static [usize],
}

impl FileIndex {
    /// Ids of technologies whose signs match, in table order.
    fn matching(&self, segments: &[&str]) -> Vec<usize> {
        let Some(name) = segments.last() else {
            return Vec::new();
        };
        let mut candidates: Vec<usize> = Vec::new();
        let mut take = |found: Option<&[usize]>| {
            if let Some(found) = found {
                candidates.extend(found);
            }
        };
        take(self.exact.get(name));
        if let Some((_, ext)) = name.rsplit_once('.') {
            take(self.extension.get(ext));
        }
        if let Some(end) = stem_end(name) {
            take(self.stem.get(&name[..end]));
        }
        for dir in &segments[..segments.len() - 1] {
            take(self.dir.get(dir));
        }
        candidates.extend(self.rest);
        let mut ids: Vec<usize> = candidates
            .into_iter()
            .filter_map(|k| self.signs.get(k))
            .filter(|(sign, _)| sign.matches(segments))
            .map(|(_, id)| *id)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// The one-name signs, as a project root can hold them.
    pub(super) fn root_names(&self) -> impl Iterator<Item = &str> {
        self.signs.iter().filter_map(|(sign, _)| sign.root_name())
    }
}

/// Add the technologies a path shows: built-in ones in table order, then team ones.
pub(super) fn for_path(table: &TechnologyTable, path: &str, found: &mut Found) {
    let path = path.replace('\\', "/");
    let segments: Vec<&str> = path
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    if segments.is_empty() {
        return;
    }
    found.extend(FILES.matching(&segments));
    for entry in &table.team {
        if entry.files.iter().any(|sign| sign.matches(&segments)) {
            found.add(entry.id);
        }
    }
}

/// Check a file sign written by a person (`lore.toml`): Ok, or what is wrong with it.
pub fn check_file_sign(sign: &str) -> Result<(), String> {
    FileSign::parse(sign).map(|_| ())
}

/// A part of a segment, borrowed when the segment is.
// The `Cow` itself is the point: it says whether the part can borrow the table's text.
#[allow(clippy::ptr_arg)]
fn part(segment: &Cow<'static, str>, range: std::ops::Range<usize>) -> Cow<'static, str> {
    match segment {
        Cow::Borrowed(text) => Cow::Borrowed(&text[range]),
        Cow::Owned(text) => Cow::Owned(text[range].to_owned()),
    }
}

/// A sign without a leading `./` or `**/`, or why it is not one.
fn trimmed(text: &str) -> Result<&str, String> {
    let mut text = text.trim();
    text = text.strip_prefix("./").unwrap_or(text);
    while let Some(rest) = text.strip_prefix("**/") {
        text = rest;
    }
    if text.is_empty() || text.starts_with('/') {
        return Err("a file sign is a relative path or file name, e.g. `next.config.*`".into());
    }
    if text.contains(['[', ']', '\\']) {
        return Err("file signs take `*`, `**`, `?` and one `{a,b}` group only".into());
    }
    Ok(text)
}

/// `{a,b}` spelled out (one group); without a group, the text itself.
fn spell_out_braces(text: &str) -> Result<Vec<String>, String> {
    let Some(open) = text.find('{') else {
        return if text.contains('}') {
            Err("a `}` without its `{`".into())
        } else {
            Ok(vec![text.to_owned()])
        };
    };
    let close = text[open..]
        .find('}')
        .map(|i| open + i)
        .ok_or("a `{` without its `}`")?;
    let (before, inner, after) = (&text[..open], &text[open + 1..close], &text[close + 1..]);
    if inner.contains('{') || after.contains(['{', '}']) || inner.contains('/') {
        return Err("one `{a,b}` group of names, without `/`, e.g. `page.{tsx,jsx}`".into());
    }
    Ok(inner
        .split(',')
        .map(|alternative| format!("{before}{alternative}{after}"))
        .collect())
}

fn match_segments(sign: &[Segment], path: &[&str]) -> bool {
    match sign.split_first() {
        None => path.is_empty(),
        // A trailing `**` stands for the files below a directory: at least one segment.
        Some((Segment::AnyDepth, [])) => !path.is_empty(),
        Some((Segment::AnyDepth, rest)) => {
            (0..=path.len()).any(|skip| match_segments(rest, path.get(skip..).unwrap_or(&[])))
        }
        Some((Segment::Name(pattern), rest)) => match path.split_first() {
            Some((first, tail)) => glob_name(pattern, first) && match_segments(rest, tail),
            None => false,
        },
    }
}

/// `*` and `?` within one name, byte-wise, with the usual backtrack to the last `*`.
fn glob_name(pattern: &str, name: &str) -> bool {
    let (p, n) = (pattern.as_bytes(), name.as_bytes());
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        match p.get(i) {
            Some(b'*') => {
                star = Some((i, j));
                i += 1;
            }
            Some(&c) if c == b'?' || c == n[j] => {
                i += 1;
                j += 1;
            }
            _ => match star {
                Some((si, sj)) => {
                    i = si + 1;
                    j = sj + 1;
                    star = Some((si, sj + 1));
                }
                None => return false,
            },
        }
    }
    p[i.min(p.len())..].iter().all(|&c| c == b'*')
}

/// End of a file name's stem: its first `.` after the first character (`next.config.js` →
/// `next`, `.eslintrc.json` → `.eslintrc`), if any.
fn stem_end(name: &str) -> Option<usize> {
    name.get(1..)?.find('.').map(|i| i + 1)
}

fn has_wildcard(text: &str) -> bool {
    text.contains(['*', '?'])
}
