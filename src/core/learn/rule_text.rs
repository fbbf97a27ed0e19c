//! A clause turned into a rule a pattern can state: the team's subject dropped (`we don't
//! use X` → `Do not use X`, `we validate X with Y` → `Validate X with Y`), contractions spelled
//! out, filler at the end dropped, the first letter upper-case. Pure text in, text out.

use super::referent::strip_prefix_ci;

/// The clause as a rule: the team's subject dropped (`we don't use` → `Do not use`), a
/// contraction spelled out, the first letter upper-case, trailing filler and period off.
pub fn as_rule(clause: &str) -> String {
    let mut text = clause
        .trim()
        .trim_end_matches(['.', '!', ','])
        .trim()
        .to_string();
    for (from, to) in [
        ("please ", ""),
        ("just ", ""),
        ("actually ", ""),
        ("and ", ""),
        ("but ", ""),
        ("also ", ""),
        ("so ", ""),
        ("we don't ", "do not "),
        ("we do not ", "do not "),
        ("we dont ", "do not "),
        ("we never ", "never "),
        ("we avoid ", "avoid "),
        ("we always ", "always "),
        ("we only ", "only "),
        ("we prefer ", "prefer "),
        ("we use ", "use "),
        ("we no longer use ", "do not use "),
        ("we stopped using ", "do not use "),
        ("we're using ", "use "),
        ("we are using ", "use "),
        ("i prefer ", "prefer "),
        ("don't ", "do not "),
        ("dont ", "do not "),
        ("it should be ", "use "),
        ("it's ", "use "),
        ("it is ", "use "),
        ("that should be ", "use "),
        ("this should be ", "use "),
        ("should be ", "use "),
        ("switch to ", "use "),
        ("stick with ", "use "),
        ("stick to ", "use "),
        ("go with ", "use "),
    ] {
        if let Some(rest) = strip_prefix_ci(&text, from) {
            text = format!("{to}{rest}");
        }
    }
    // `we validate X with Y` → `Validate X with Y`.
    if let Some(rest) = strip_prefix_ci(&text, "we ")
        && rest
            .split_whitespace()
            .next()
            .is_some_and(|w| w.len() > 2 && w.chars().all(|c| c.is_ascii_alphabetic()))
    {
        text = rest.to_string();
    }
    for tail in [" please", " thanks", " thank you", " here", " ok", " okay"] {
        if text.len() > tail.len()
            && text.is_char_boundary(text.len() - tail.len())
            && text[text.len() - tail.len()..].eq_ignore_ascii_case(tail)
        {
            text.truncate(text.len() - tail.len());
        }
    }
    let text = text.trim().trim_end_matches([',', '.']);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
