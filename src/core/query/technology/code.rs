//! Technologies in code: the modules that import statements name (Python, JavaScript and
//! TypeScript, Go, Rust, Java and Kotlin, C#, PHP, Ruby, Dart, Swift, C and C++, CSS) and a
//! few identifiers only one technology uses, in one pass over the first 64 KiB, line by line.

use super::TechnologyTable;
use super::found::Found;
use super::index::{CODE, import_root};
use super::words::head;

/// Code beyond this many bytes is not read: imports come first, and a generated file adds
/// nothing a hook needs.
const MAX_CODE_BYTES: usize = 64 * 1024;

/// Add the technologies `content` imports or uses, in order of first evidence, keeping only
/// those written in one of `languages` (or in any language) when `languages` is not empty.
pub(super) fn in_code(
    table: &TechnologyTable,
    content: &str,
    languages: &[String],
    found: &mut Found,
) {
    let mut seen = Found::default();
    read_code(content, true, |read| match read {
        CodeRead::Module(module) => module_hits(table, module, &mut seen),
        CodeRead::Line(line) => identifier_hits(line, &mut seen),
    });
    for &id in seen.ids() {
        if written_in(table, id, languages) {
            found.add(id);
        }
    }
}

/// The modules `content`'s import statements name, in order, each once: relative ones
/// (`./prisma/enums`) too, without their leading dots.
pub fn imported_modules(content: &str) -> Vec<String> {
    let mut modules: Vec<String> = Vec::new();
    read_code(content, false, |read| {
        if let CodeRead::Module(module) = read {
            let module = module.trim_start_matches(['.', '/', '~', '@']);
            if !module.is_empty() && !modules.iter().any(|m| m == module) {
                modules.push(module.to_string());
            }
        }
    });
    modules
}

/// What [`read_code`] reads.
enum CodeRead<'a> {
    /// A module an import statement names.
    Module(&'a str),
    /// A line of code outside a Go import block (trimmed at its start).
    Line(&'a str),
}

/// Read the first [`MAX_CODE_BYTES`] of `content` line by line: each module its imports name
/// (Go's `import ( ... )` blocks included; `named_only`: relative specifiers, which name no
/// technology, left out), then each line itself.
fn read_code(content: &str, named_only: bool, mut each: impl FnMut(CodeRead<'_>)) {
    let content = head(content, MAX_CODE_BYTES);
    let mut in_go_block = false;
    for line in content.lines() {
        let line = line.trim_start();
        if in_go_block {
            if line.starts_with(')') {
                in_go_block = false;
            } else if let Some(module) = first_quoted(line) {
                each(CodeRead::Module(module));
            }
            continue;
        }
        if line.starts_with("import (") || line.trim_end() == "import(" {
            in_go_block = true;
            continue;
        }
        statement_modules(line, named_only, |module| each(CodeRead::Module(module)));
        each(CodeRead::Line(line));
    }
}

/// The modules one line's import statement names, if it is one; with `named_only`, not the
/// relative ones (which name no technology).
fn statement_modules(line: &str, named_only: bool, mut each: impl FnMut(&str)) {
    if let Some(rest) = line.strip_prefix("from ")
        && !rest.starts_with(['\'', '"'])
    {
        // Python `from x.y import z`.
        if let Some(module) = rest.split_whitespace().next() {
            each(module);
        }
        return;
    }
    if let Some(rest) = line.strip_prefix("import ")
        && !line.contains(['\'', '"', '`'])
    {
        // Python, Java, Kotlin, Scala, Swift: `import a.b as c, d`, `import static a.B;`.
        let rest = rest.strip_prefix("static ").unwrap_or(rest);
        for part in rest.split(',') {
            if let Some(module) = part.split_whitespace().next() {
                each(module.trim_end_matches(';'));
            }
        }
        return;
    }
    if let Some(rest) = ["use ", "pub use ", "pub(crate) use ", "extern crate "]
        .iter()
        .find_map(|p| line.strip_prefix(p))
    {
        // Rust, PHP, Elixir: up to `;`, `{`, `,` or a space.
        let end = rest.find([';', '{', ',', ' ', '(']).unwrap_or(rest.len());
        each(&rest[..end]);
        return;
    }
    if let Some(rest) = line
        .strip_prefix("using ")
        .or_else(|| line.strip_prefix("global using "))
    {
        // C#: `using A.B;`, `using static A.B;`, `using X = A.B;`, not `using (var x = ...)`.
        let Some(statement) = rest.split(';').next().filter(|_| rest.contains(';')) else {
            return;
        };
        let statement = statement.strip_prefix("static ").unwrap_or(statement);
        let module = statement.rsplit('=').next().unwrap_or(statement).trim();
        if !module.contains(['(', ' ']) {
            each(module);
        }
        return;
    }
    if line.contains(['\'', '"', '`', '<']) {
        quoted_modules(line, named_only, each);
    }
}

/// Modules quoted after `from`, `require`, `import`, `include` (`import x from 'y'`,
/// `require("y")`, `import("y")`, `import 'package:y/z.dart'`, `import _ "y"`,
/// `@import "y"`, `#include <y/z.h>`).
fn quoted_modules(line: &str, named_only: bool, mut each: impl FnMut(&str)) {
    for keyword in ["from", "require", "import", "include"] {
        let mut search = 0;
        while let Some(at) = line[search..].find(keyword).map(|i| i + search) {
            search = at + keyword.len();
            let before = line[..at].chars().next_back();
            let after = line[search..].chars().next();
            let word_start = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let word_end = after.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            if !word_start || !word_end {
                continue;
            }
            let mut rest = line[search..]
                .trim_start()
                .trim_start_matches('(')
                .trim_start();
            // Go `import alias "x"` and `import _ "x"`: one name before the string.
            if keyword == "import"
                && let Some(space) = rest.find(char::is_whitespace)
                && rest[..space]
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
                && rest[space..].trim_start().starts_with('"')
            {
                rest = rest[space..].trim_start();
            }
            if let Some(module) = quoted(rest, keyword == "include") {
                each(if named_only {
                    clean_module(module)
                } else {
                    module
                });
            }
        }
    }
}

/// The string at the start of `text` (`'x'`, `"x"`, `` `x` ``, or `<x>` when `angle`).
fn quoted(text: &str, angle: bool) -> Option<&str> {
    let open = text.chars().next()?;
    let close = match open {
        '\'' | '"' | '`' => open,
        '<' if angle => '>',
        _ => return None,
    };
    let inner = &text[1..];
    inner.find(close).map(|end| &inner[..end])
}

/// The first string literal on a line (a Go import block's entries).
fn first_quoted(line: &str) -> Option<&str> {
    let start = line.find('"')?;
    quoted(&line[start..], false)
}

/// A module specifier without the decorations some ecosystems add: Dart `package:`, Deno
/// `npm:`; relative specifiers name no technology.
fn clean_module(module: &str) -> &str {
    let module = module.trim();
    let module = module
        .strip_prefix("package:")
        .or_else(|| module.strip_prefix("npm:"))
        .unwrap_or(module);
    if module.starts_with(['.', '/', '~']) {
        ""
    } else {
        module
    }
}

/// Add the technologies whose import signs match `module`.
fn module_hits(table: &TechnologyTable, module: &str, found: &mut Found) {
    if module.is_empty() {
        return;
    }
    let index = &CODE;
    if let Some(signs) = index.imports.get(import_root(module)) {
        for (sign, id) in signs {
            if import_matches(sign, module) {
                found.add(*id);
            }
        }
    }
    for (prefix, id) in index.import_prefixes {
        if module.starts_with(prefix) {
            found.add(*id);
        }
    }
    for entry in &table.team {
        if entry
            .imports
            .iter()
            .any(|sign| import_matches(sign, module))
        {
            found.add(entry.id);
        }
    }
}

/// A sign matches the module itself and its sub-modules (`django` → `django.db`,
/// `next` → `next/server`, `Illuminate` → `Illuminate\Support`); a trailing `*` matches
/// any continuation.
pub(super) fn import_matches(sign: &str, module: &str) -> bool {
    if let Some(prefix) = sign.strip_suffix('*') {
        return module.starts_with(prefix);
    }
    match module.strip_prefix(sign) {
        Some("") => true,
        Some(rest) => rest.starts_with(['.', '/', ':', '\\']),
        None => false,
    }
}

/// Add the technologies whose identifier signs appear among the line's code tokens.
fn identifier_hits(line: &str, found: &mut Found) {
    let index = &CODE;
    let is_token_char = |c: char| c.is_alphanumeric() || matches!(c, '_' | '$' | '@' | '.' | ':');
    for token in line.split(|c: char| !is_token_char(c)) {
        let token = token.trim_matches(['.', ':']);
        if token.len() < 2 {
            continue;
        }
        if let Some(ids) = index.identifiers.get(token) {
            found.extend(ids.iter().copied());
        }
        // A method or field reached through a chain (`Article.objects.select_related`).
        if token.contains(['.', ':']) {
            for segment in token.split(['.', ':']).skip(1) {
                if segment.len() >= 2
                    && let Some(ids) = index.identifiers.get(segment)
                {
                    found.extend(ids.iter().copied());
                }
            }
        }
        if let Some(qualifier) = qualifier(token) {
            if let Some(ids) = index.identifiers.get(qualifier) {
                found.extend(ids.iter().copied());
            }
            if let Some(ids) = qualifier
                .strip_prefix('@')
                .and_then(|q| index.identifiers.get(q))
            {
                found.extend(ids.iter().copied());
            }
        }
    }
}

/// The token up to and including its first `.` or `::` (`pd.read_csv` → `pd.`), when more
/// follows it.
fn qualifier(token: &str) -> Option<&str> {
    let dot = token.find('.');
    let colons = token.find("::");
    let end = match (dot, colons) {
        (Some(d), Some(c)) if c < d => c + 2,
        (Some(d), _) => d + 1,
        (None, Some(c)) => c + 2,
        (None, None) => return None,
    };
    (end < token.len()).then(|| &token[..end])
}

/// Whether technology `id` is written in one of `languages` (always, when either is empty).
fn written_in(table: &TechnologyTable, id: usize, languages: &[String]) -> bool {
    if languages.is_empty() {
        return true;
    }
    let own = table.languages_of_id(id);
    own.is_empty() || own.iter().any(|l| languages.contains(l))
}
