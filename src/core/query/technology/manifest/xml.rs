//! XML manifests, read by a tag scanner rather than an XML parser: MSBuild projects
//! (`*.csproj`, `Directory.Packages.props`, `packages.config`) and Maven's `pom.xml`.

use super::{Ecosystem, Evidence, push_package};

/// Package references (`<PackageReference Include="X">`, `<PackageVersion Include="X">`,
/// `<package id="X">`), MSBuild SDKs (`Sdk="Microsoft.NET.Sdk.Web"`) as NuGet names, and the
/// `UseMaui` / `UseWPF` switches.
pub(super) fn msbuild(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    for (tag, attributes) in [
        ("<PackageReference", &["Include", "Update"][..]),
        ("<PackageVersion", &["Include", "Update"][..]),
        ("<package ", &["id"][..]),
    ] {
        for (at, _) in text.match_indices(tag) {
            let element = element_text(&text[at..]);
            if let Some(name) = attributes.iter().find_map(|a| attribute(element, a)) {
                push_package(&mut out, Ecosystem::NuGet, name);
            }
        }
    }
    for (at, _) in text.match_indices("Sdk=") {
        if let Some(sdk) = attribute(&text[at..], "Sdk") {
            let name = sdk.split('/').next().unwrap_or(sdk);
            push_package(&mut out, Ecosystem::NuGet, name);
        }
    }
    if switched_on(text, "UseMaui") {
        push_package(&mut out, Ecosystem::NuGet, "Microsoft.Maui.Controls");
    }
    if switched_on(text, "UseWPF") {
        out.push(Evidence::Technology("wpf"));
    }
    out
}

/// `group:artifact` of every `<dependency>`, `<parent>` and `<plugin>`.
pub(super) fn pom(text: &str) -> Vec<Evidence> {
    let mut out = Vec::new();
    let mut blocks: Vec<(usize, &str)> = Vec::new();
    for tag in ["dependency", "parent", "plugin"] {
        let open = format!("<{tag}>");
        let close = format!("</{tag}>");
        for (at, _) in text.match_indices(open.as_str()) {
            let body = &text[at + open.len()..];
            let end = body.find(close.as_str()).unwrap_or(body.len());
            blocks.push((at, &body[..end]));
        }
    }
    blocks.sort_by_key(|(at, _)| *at);
    for (_, block) in blocks {
        let artifact = element_value(block, "artifactId");
        // A plugin without a group is one of Maven's own.
        let group = element_value(block, "groupId").or(Some("org.apache.maven.plugins"));
        if let (Some(group), Some(artifact)) = (group, artifact) {
            push_package(&mut out, Ecosystem::Maven, &format!("{group}:{artifact}"));
        }
    }
    out
}

/// The text of an element's opening tag, up to its `>`.
fn element_text(text: &str) -> &str {
    let end = text.find('>').unwrap_or(text.len());
    &text[..end]
}

/// The value of `name="..."` (or `'...'`) in a tag's text.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let mut search = 0;
    while let Some(at) = tag[search..].find(name).map(|i| i + search) {
        search = at + name.len();
        let before = tag[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric()) {
            continue;
        }
        let rest = tag[search..].trim_start();
        let Some(rest) = rest.strip_prefix('=') else {
            continue;
        };
        let rest = rest.trim_start();
        let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
        let body = &rest[1..];
        return body.find(quote).map(|end| body[..end].trim());
    }
    None
}

/// The text of the first `<name>...</name>` in a block.
fn element_value<'a>(block: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("<{name}>");
    let start = block.find(open.as_str())? + open.len();
    let end = block[start..].find('<')? + start;
    let value = block[start..end].trim();
    (!value.is_empty()).then_some(value)
}

/// `<name>true</name>`.
fn switched_on(text: &str, name: &str) -> bool {
    element_value(text, name).is_some_and(|v| v.eq_ignore_ascii_case("true"))
}
