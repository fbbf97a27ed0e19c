//! Dependency names: each registry's equivalence rules, and the lookup from a dependency a
//! manifest or an install command names to the technologies that list it.

use super::found::Found;
use super::index::PACKAGES;
use super::{Ecosystem, TechnologyTable};

/// A dependency name in the form its registry compares: lower case where the registry
/// ignores case, PyPI's `-`/`_`/`.` runs as one `-`, crates' `_` as `-`, an image without its
/// tag, digest or default registry.
pub(super) fn normalize_package(ecosystem: Ecosystem, name: &str) -> String {
    let name = name.trim();
    match ecosystem {
        Ecosystem::Go => name.to_owned(),
        Ecosystem::PyPI => {
            let mut out = String::with_capacity(name.len());
            for c in name.chars() {
                if matches!(c, '-' | '_' | '.') {
                    if !out.ends_with('-') {
                        out.push('-');
                    }
                } else {
                    out.push(c.to_ascii_lowercase());
                }
            }
            out
        }
        Ecosystem::Crates => name.to_ascii_lowercase().replace('_', "-"),
        Ecosystem::Docker => {
            let name = name.split('@').next().unwrap_or(name);
            // A `:` after the last `/` starts the tag (`postgres:16`); one before it is a
            // registry port (`localhost:5000/app`).
            let last_slash = name.rfind('/').map_or(0, |i| i + 1);
            let name = match name[last_slash..].find(':') {
                Some(colon) => &name[..last_slash + colon],
                None => name,
            };
            let name = name.strip_prefix("docker.io/").unwrap_or(name);
            let name = name.strip_prefix("library/").unwrap_or(name);
            name.to_ascii_lowercase()
        }
        _ => name.to_ascii_lowercase(),
    }
}

/// Add the technologies that list `name` as a package of `ecosystem`.
pub(super) fn lookup(table: &TechnologyTable, ecosystem: Ecosystem, name: &str, found: &mut Found) {
    let normal = normalize_package(ecosystem, name);
    if normal.is_empty() {
        return;
    }
    let index = &PACKAGES;
    let packages_of = |name: &str| {
        index
            .packages
            .get_by(|(e, n)| e.cmp(&ecosystem).then_with(|| (*n).cmp(name)))
    };
    if let Some(ids) = packages_of(&normal) {
        found.extend(ids.iter().copied());
    }
    if ecosystem == Ecosystem::Go {
        // A module also stands for its sub-modules and major versions (`.../echo/v4`).
        let mut path = normal.as_str();
        while let Some((parent, _)) = path.rsplit_once('/') {
            if let Some(ids) = packages_of(parent) {
                found.extend(ids.iter().copied());
            }
            path = parent;
        }
    }
    for (prefix_ecosystem, prefix, id) in index.package_prefixes {
        if *prefix_ecosystem == ecosystem && normal.starts_with(prefix) {
            found.add(*id);
        }
    }
    for entry in &table.team {
        if entry
            .packages
            .iter()
            .any(|sign| team_package_matches(ecosystem, sign, &normal))
        {
            found.add(entry.id);
        }
    }
}

/// A team's package sign, compared under the rules of whichever ecosystem the dependency
/// comes from (team packages name no ecosystem: in-house names rarely collide).
fn team_package_matches(ecosystem: Ecosystem, sign: &str, normal: &str) -> bool {
    match sign.strip_suffix('*') {
        Some(prefix) => normal.starts_with(&normalize_package(ecosystem, prefix)),
        None => {
            let sign = normalize_package(ecosystem, sign);
            normal == sign
                || (ecosystem == Ecosystem::Go
                    && normal
                        .strip_prefix(sign.as_str())
                        .is_some_and(|rest| rest.starts_with('/')))
        }
    }
}
