//! Technology awareness: one shared table of frameworks, libraries, platforms and tools, and the
//! detectors that find them in a path, code, a command, prose, a project's root files and a
//! pattern's own metadata.
//!
//! Same shape as the language table: the data is compiled in (`table/`), the lookups over it
//! are compiled in too (`index.rs`, generated from the table), and every detector is a single linear pass over
//! bounded input with hash lookups, so a hook can run them all on every tool call. A team adds
//! or extends entries in `lore.toml` (`[[technologies]]`); those few are checked linearly.
//!
//! Every detector returns canonical names (`nextjs`, `scikit-learn`) in order of first
//! evidence, deduplicated. A language is not a technology: `go` or `rust` never comes back.

mod code;
mod command;
mod found;
mod index;
// Written by `index_generator.rs`, laid out as the generator writes it.
#[rustfmt::skip]
mod index_generated;
mod index_generator;
mod manifest;
mod package;
mod path;
mod pattern;
mod table;
mod team;
#[cfg(test)]
mod tests;
mod words;

pub use code::imported_modules;
pub(super) use index_generator::index_file;
pub use manifest::ManifestFindings;
pub use path::check_file_sign;

use super::index::word_text;
use super::language::Word;
use found::Found;
use index::INDEX;
use team::TeamEntry;

use crate::core::config::TechnologyConfig;

/// Where a dependency name comes from: the registry whose naming rules apply to it. Ordered
/// as declared, which is how the generated package lookup sorts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ecosystem {
    /// npm (`package.json`); names compared lower-case.
    Npm,
    /// PyPI (`pyproject.toml`, `requirements*.txt`, `Pipfile`); case-insensitive, and runs of
    /// `-`, `_`, `.` are equivalent (PEP 503).
    PyPI,
    /// Go modules (`go.mod`); a module path also matches its sub-paths (`/v4`).
    Go,
    /// crates.io (`Cargo.toml`); `-` and `_` are equivalent.
    Crates,
    /// Packagist (`composer.json`).
    Packagist,
    /// RubyGems (`Gemfile`).
    RubyGems,
    /// NuGet (`*.csproj`, MSBuild SDK names too); case-insensitive.
    NuGet,
    /// Maven coordinates `group:artifact` (`pom.xml`, Gradle; a plugin id `p` reads as
    /// `p:p.gradle.plugin`, the plugin marker artifact).
    Maven,
    /// pub.dev (`pubspec.yaml`).
    Pub,
    /// Hex (`mix.exs`).
    Hex,
    /// Container images (`FROM` in a Dockerfile, `image:` in a compose file), without tag or
    /// the `docker.io/library/` prefix.
    Docker,
}

/// A dependency name as a manifest lists it. A name ending in `*` matches every name that
/// starts with the part before it (`@nestjs/*`, `Microsoft.EntityFrameworkCore*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Package {
    Npm(&'static str),
    PyPI(&'static str),
    Go(&'static str),
    Crate(&'static str),
    Composer(&'static str),
    Gem(&'static str),
    NuGet(&'static str),
    Maven(&'static str),
    Pub(&'static str),
    Hex(&'static str),
    Docker(&'static str),
}

impl Package {
    pub fn ecosystem(self) -> Ecosystem {
        match self {
            Package::Npm(_) => Ecosystem::Npm,
            Package::PyPI(_) => Ecosystem::PyPI,
            Package::Go(_) => Ecosystem::Go,
            Package::Crate(_) => Ecosystem::Crates,
            Package::Composer(_) => Ecosystem::Packagist,
            Package::Gem(_) => Ecosystem::RubyGems,
            Package::NuGet(_) => Ecosystem::NuGet,
            Package::Maven(_) => Ecosystem::Maven,
            Package::Pub(_) => Ecosystem::Pub,
            Package::Hex(_) => Ecosystem::Hex,
            Package::Docker(_) => Ecosystem::Docker,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Package::Npm(n)
            | Package::PyPI(n)
            | Package::Go(n)
            | Package::Crate(n)
            | Package::Composer(n)
            | Package::Gem(n)
            | Package::NuGet(n)
            | Package::Maven(n)
            | Package::Pub(n)
            | Package::Hex(n)
            | Package::Docker(n) => n,
        }
    }
}

/// One technology: everything that identifies it.
#[derive(Debug)]
pub struct Technology {
    /// Canonical lower-case kebab name (`nextjs`, `spring-boot`).
    pub name: &'static str,
    /// How prose, titles and file names name it. `Any` words may hold several words
    /// (`"model context protocol"`) and dots (`"next.js"`); `-` and `_` count as spaces.
    /// A file name's word also matches with a version glued on (`nextjs15`, `vue3`).
    pub words: &'static [Word],
    /// The languages (from the language table) code using it is written in, any of; empty
    /// when it is used from any language (databases, cloud platforms, CI systems).
    pub languages: &'static [&'static str],
    /// Technologies it implies (`nextjs` → `react`).
    pub implies: &'static [&'static str],
    /// Path signs: globs over the project-relative path, matched at any depth (`*` within a
    /// segment, `**` across segments, one `{a,b}` group), case-sensitive.
    pub files: &'static [&'static str],
    /// Module names as import statements name them; a name also matches its sub-modules
    /// (`django` matches `django.db`, `next` matches `next/server`); a trailing `*` matches
    /// any continuation (`aws_sdk_*`).
    pub imports: &'static [&'static str],
    /// Code tokens only this technology uses: exact (`useEffect`, `@SpringBootApplication`)
    /// or a qualifier ending in `.` or `::` (`pd.`, `torch.`).
    pub identifiers: &'static [&'static str],
    /// A program (`nest`), or a program and its first arguments (`php artisan`,
    /// `dotnet ef`); a trailing `*` on a one-word sign matches a program prefix (`ansible-*`).
    pub commands: &'static [&'static str],
    /// Dependency names in project manifests.
    pub packages: &'static [Package],
}

/// The built-in table, in table order.
pub fn technologies() -> impl Iterator<Item = &'static Technology> {
    INDEX.entries()
}

/// The canonical name of a built-in technology from its name or an alias as a person writes it
/// (`"Next.js"`, `"spring boot"`, `"sklearn"`, `"vue3"`), if the table knows it.
pub fn canonical_technology(name: &str) -> Option<&'static str> {
    INDEX.canonical(name).and_then(|id| INDEX.name_of(id))
}

/// The built-in table plus a team's own entries from `lore.toml`.
#[derive(Debug, Clone, Default)]
pub struct TechnologyTable {
    team: Vec<TeamEntry>,
}

impl TechnologyTable {
    /// The built-in table alone.
    pub fn builtin() -> Self {
        Self::default()
    }

    /// The built-in table with a team's entries. An entry whose name (or alias) is a built-in
    /// technology extends it; the others are new technologies. Entries are expected to be
    /// validated by config parsing; odd values are skipped, never a panic.
    pub fn with_team(entries: &[TechnologyConfig]) -> Self {
        Self {
            team: team::compile(entries),
        }
    }

    /// Identifies what this table can find: this version of lore, its built-in table, which
    /// root files it reads, and the team's entries. Facts found with another table are found again, not reused.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::Hasher;
        let mut hasher = fnv::FnvHasher::default();
        hasher.write(env!("CARGO_PKG_VERSION").as_bytes());
        hasher.write(&index_generated::TABLE_FINGERPRINT.to_le_bytes());
        hasher.write(&manifest::ROOT_FILE_RULES.to_le_bytes());
        hasher.write(format!("{:?}", self.team).as_bytes());
        hasher.finish()
    }

    /// The canonical name for a technology name or alias (team entries included).
    pub fn canonical(&self, name: &str) -> Option<String> {
        let normal = words::normalize_phrase(name);
        if let Some(entry) = self.team.iter().find(|e| e.names(&normal)) {
            return Some(entry.name.clone());
        }
        canonical_technology(name).map(str::to_owned)
    }

    /// Technologies a touched file shows by its path alone (`next.config.ts` → nextjs,
    /// `infra/main.bicep` → bicep, `Assets/Scripts/Player.cs` → unity). Table order.
    pub fn for_path(&self, relative_path: &str) -> Vec<String> {
        let mut found = Found::default();
        path::for_path(self, relative_path, &mut found);
        self.names(found)
    }

    /// Technologies that import statements and unambiguous identifiers in code show
    /// (`import torch`, `from django.db import models`, `using Microsoft.AspNetCore.Mvc;`).
    /// `languages` are the file's languages: when given, only technologies written in one of
    /// them (or in any language) count. At most the first 64 KiB are read.
    pub fn in_code(&self, content: &str, languages: &[String]) -> Vec<String> {
        let mut found = Found::default();
        code::in_code(self, content, languages, &mut found);
        self.names(found)
    }

    /// Technologies a shell command runs or installs (`npx shadcn@latest add`, `php artisan
    /// migrate`, `uv run alembic upgrade`, `npm install express`).
    pub fn for_command(&self, command: &str) -> Vec<String> {
        let mut found = Found::default();
        command::for_command(self, command, &mut found);
        self.names(found)
    }

    /// Technologies named in prose (a prompt, a message): words with the case rules of the
    /// language table, so "react to", "express", "next" and "spark joy" name nothing while
    /// `React`, `Express.js`, `Next.js` and `Apache Spark` do.
    pub fn in_text(&self, text: &str) -> Vec<String> {
        let mut found = Found::default();
        words::scan(self, text, words::Mode::Prose, &mut found);
        self.names(found)
    }

    /// What a project root file shows: technologies from its dependencies and from the file
    /// being a marker, and the languages it implies. Malformed files give what can be read.
    pub fn in_manifest(&self, file_name: &str, text: &str) -> ManifestFindings {
        manifest::in_manifest(self, file_name, text)
    }

    /// The root files worth reading to learn a project's technologies: exact names, `*`
    /// patterns (`requirements*.txt`, `*.csproj`, `next.config.*`) and one path below the root
    /// (`gradle/libs.versions.toml`), team marker files included. A caller stats the exact
    /// names, matches a root listing against the patterns, and caps the bytes it reads.
    pub fn root_file_names(&self) -> Vec<String> {
        manifest::root_file_names(self)
    }

    /// Whether a file in a project root is worth reading (see [`Self::root_file_names`]).
    pub fn is_root_file(&self, file_name: &str) -> bool {
        manifest::is_root_file(self, file_name)
    }

    /// A pattern's technologies: those declared in frontmatter, when it declares them (an
    /// empty list says none); else, strongest first, those named by a tag, recognised in its
    /// path (file stem and directories), its title, and only when none of those names one,
    /// the first two its description names.
    pub fn of_pattern(
        &self,
        source: &str,
        title: &str,
        description: Option<&str>,
        tags: &[String],
        declared: Option<&[String]>,
    ) -> Vec<String> {
        pattern::of_pattern(self, source, title, description, tags, declared)
    }

    /// `names` followed by every technology they imply, transitively, breadth first.
    /// Names the table does not know are kept as they are.
    pub fn with_implied(&self, names: &[String]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for name in names {
            push_unique(&mut out, name);
        }
        let mut k = 0;
        while let Some(name) = out.get(k).cloned() {
            for implied in self.implies_of(&name) {
                push_unique(&mut out, &implied);
            }
            k += 1;
        }
        out
    }

    /// What names a technology, each as lower-case words joined by one space: its canonical
    /// name, then its aliases, the team's included (`spring-boot` → `spring boot`,
    /// `springboot`, `spring framework`, ..., `spring`; `next.js` reads `next js`). A name of
    /// several words names the technology only whole: `testing-library` is named by `testing
    /// library`, never by `testing`, because a file named for testing is not named for it. A
    /// name the table does not know names itself.
    pub fn names_of(&self, name: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut add = |text: &str| {
            let phrase = name_phrase(text);
            if !phrase.is_empty() && !out.contains(&phrase) {
                out.push(phrase);
            }
        };
        add(name);
        let Some(id) = self.id_of(name) else {
            return out;
        };
        if let Some(technology) = INDEX.entry(id) {
            for word in technology.words {
                add(word_text(*word));
            }
        }
        for entry in self.team.iter().filter(|e| e.id == id) {
            for word in &entry.words {
                add(word);
            }
        }
        out
    }

    /// The languages of `names` (see [`Technology::languages`]), in order, deduplicated.
    pub fn languages_of(&self, names: &[String]) -> Vec<String> {
        let mut out = Vec::new();
        for name in names {
            if let Some(id) = self.id_of(name) {
                for language in self.languages_of_id(id) {
                    push_unique(&mut out, &language);
                }
            }
        }
        out
    }

    /// The id of a canonical name (built-in or team).
    fn id_of(&self, name: &str) -> Option<usize> {
        if let Some(entry) = self.team.iter().find(|e| e.name == name) {
            return Some(entry.id);
        }
        INDEX.by_name.get(name)
    }

    fn name_of(&self, id: usize) -> Option<&str> {
        INDEX.name_of(id).or_else(|| {
            self.team
                .iter()
                .find(|e| e.id == id)
                .map(|e| e.name.as_str())
        })
    }

    fn implies_of(&self, name: &str) -> Vec<String> {
        let Some(id) = self.id_of(name) else {
            return Vec::new();
        };
        let mut out: Vec<String> = INDEX
            .entry(id)
            .map(|t| t.implies.iter().map(|s| (*s).to_owned()).collect())
            .unwrap_or_default();
        for entry in self.team.iter().filter(|e| e.id == id) {
            for implied in &entry.implies {
                push_unique(&mut out, implied);
            }
        }
        out
    }

    fn languages_of_id(&self, id: usize) -> Vec<String> {
        let mut out: Vec<String> = INDEX
            .entry(id)
            .map(|t| t.languages.iter().map(|s| (*s).to_owned()).collect())
            .unwrap_or_default();
        for entry in self.team.iter().filter(|e| e.id == id) {
            for language in &entry.languages {
                push_unique(&mut out, language);
            }
        }
        out
    }

    /// Canonical names for the ids found, in order.
    fn names(&self, found: Found) -> Vec<String> {
        found
            .into_ids()
            .into_iter()
            .filter_map(|id| self.name_of(id).map(str::to_owned))
            .collect()
    }
}

/// A name as the words the index's tokenizer reads in it (runs of letters and digits),
/// lower case, joined by one space: `Next.js` → `next js`, `spring-boot` → `spring boot`.
fn name_phrase(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    words.join(" ")
}

fn push_unique(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|x| x == item) {
        list.push(item.to_owned());
    }
}
