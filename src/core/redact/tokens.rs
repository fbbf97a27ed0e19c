//! Credentials known by their shape alone: a token that names its issuer in its first
//! characters (`ghp_`, `npm_`, `hvs.`, `SG.`, ...), an AWS key id, a Slack token, a JWT.
//! The prefixes are the ones the issuers document and that gitleaks' default rule set keys
//! on (its rule ids are named in `forms`); the lengths are the shortest each issuer makes,
//! so a word that merely starts like one (`ghp_ is a prefix`) is left alone.
//!
//! Two linear passes: one over each maximal run of `[A-Za-z0-9_-]`, one over each run that
//! also holds `.` and `~` (the dotted kinds), each run read once.

use std::ops::Range;

/// The characters a token's body may hold after its prefix.
#[derive(Clone, Copy)]
enum Body {
    /// `[A-Za-z0-9]`.
    Alnum,
    /// `[A-Za-z0-9_-]`: anything a run holds.
    Word,
    /// `[0-9A-Fa-f]`.
    Hex,
    /// `[A-Z0-9]`.
    Upper,
    /// `[A-Z0-9-]`.
    UpperDash,
    /// `[A-Za-z]`.
    Letters,
}

impl Body {
    fn allows(self, b: u8) -> bool {
        match self {
            Body::Alnum => b.is_ascii_alphanumeric(),
            Body::Word => is_token_byte(b),
            Body::Hex => b.is_ascii_hexdigit(),
            Body::Upper => b.is_ascii_uppercase() || b.is_ascii_digit(),
            Body::UpperDash => b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'-',
            Body::Letters => b.is_ascii_alphabetic(),
        }
    }
}

/// A token that starts with `prefix`, then between `min` and `max` characters of `body`.
struct Prefixed {
    prefix: &'static str,
    min: usize,
    max: usize,
    body: Body,
}

const fn rule(prefix: &'static str, min: usize, body: Body) -> Prefixed {
    Prefixed {
        prefix,
        min,
        max: 1024,
        body,
    }
}

const fn exact(prefix: &'static str, len: usize, body: Body) -> Prefixed {
    Prefixed {
        prefix,
        min: len,
        max: len,
        body,
    }
}

/// Tokens whose prefix and body are all run characters (see [`Body::Word`]).
const PREFIXED: &[Prefixed] = &[
    // GitHub, GitLab.
    rule("ghp_", 30, Body::Alnum),
    rule("gho_", 30, Body::Alnum),
    rule("ghu_", 30, Body::Alnum),
    rule("ghs_", 30, Body::Alnum),
    rule("ghr_", 30, Body::Alnum),
    rule("github_pat_", 30, Body::Word),
    rule("glpat-", 20, Body::Word),
    rule("glcbt-", 20, Body::Word),
    rule("gldt-", 20, Body::Word),
    rule("glffct-", 20, Body::Word),
    rule("glft-", 20, Body::Word),
    rule("glimt-", 25, Body::Word),
    rule("glagent-", 50, Body::Word),
    rule("gloas-", 64, Body::Word),
    rule("glptt-", 40, Body::Hex),
    rule("glrt-", 20, Body::Word),
    rule("glsoat-", 20, Body::Word),
    rule("GR1348941", 20, Body::Word),
    // Payments.
    rule("sk_live_", 10, Body::Alnum),
    rule("rk_live_", 10, Body::Alnum),
    rule("sk_test_", 10, Body::Alnum),
    rule("rk_test_", 10, Body::Alnum),
    rule("sk_prod_", 10, Body::Alnum),
    rule("rk_prod_", 10, Body::Alnum),
    rule("sq0atp-", 22, Body::Word),
    rule("sq0csp-", 22, Body::Word),
    rule("EAAA", 22, Body::Word),
    rule("FLWSECK_TEST-", 12, Body::Alnum),
    rule("shpat_", 32, Body::Hex),
    rule("shpca_", 32, Body::Hex),
    rule("shppa_", 32, Body::Hex),
    rule("shpss_", 32, Body::Hex),
    rule("shippo_live_", 40, Body::Hex),
    rule("shippo_test_", 40, Body::Hex),
    rule("duffel_live_", 43, Body::Word),
    rule("duffel_test_", 43, Body::Word),
    rule("EZAK", 54, Body::Alnum),
    rule("EZTK", 54, Body::Alnum),
    // Cloud and hosting.
    rule("AIza", 35, Body::Word),
    rule("LTAI", 20, Body::Alnum),
    rule("dop_v1_", 64, Body::Hex),
    rule("doo_v1_", 64, Body::Hex),
    rule("dor_v1_", 64, Body::Hex),
    rule("HRKU-AA", 58, Body::Word),
    rule("fo1_", 43, Body::Word),
    rule("fm1r_", 60, Body::Word),
    rule("fm1a_", 60, Body::Word),
    rule("fm2_", 60, Body::Word),
    rule("tk-us-", 48, Body::Word),
    rule("pscale_tkn_", 32, Body::Word),
    rule("pscale_oauth_", 32, Body::Word),
    rule("pscale_pw_", 32, Body::Word),
    rule("dapi", 32, Body::Hex),
    rule("pul-", 40, Body::Hex),
    rule("ico-", 32, Body::Alnum),
    rule("AKCp", 69, Body::Alnum),
    rule("cmVmd", 59, Body::Alnum),
    exact("API-", 26, Body::Upper),
    // Package registries.
    rule("npm_", 36, Body::Alnum),
    rule("pypi-AgEIcHlwaS5vcmc", 50, Body::Word),
    rule("rubygems_", 48, Body::Hex),
    rule("CLOJARS_", 60, Body::Alnum),
    // Messaging, e-mail, collaboration.
    rule("xapp-", 20, Body::Word),
    rule("xkeysib-", 64, Body::Word),
    rule("ATATT3", 150, Body::Word),
    rule("lin_api_", 40, Body::Alnum),
    rule("ntn_", 46, Body::Alnum),
    rule("fio-u-", 64, Body::Word),
    rule("tfp_", 59, Body::Word),
    rule("rdme_", 70, Body::Alnum),
    rule("EAAM", 100, Body::Alnum),
    rule("EAAC", 100, Body::Alnum),
    exact("SK", 32, Body::Hex),
    // Observability.
    rule("glc_", 32, Body::Word),
    rule("glsa_", 32, Body::Word),
    rule("eyJrIjoi", 70, Body::Alnum),
    rule("NRAK-", 27, Body::Upper),
    rule("NRII-", 32, Body::Word),
    rule("NRJS-", 19, Body::Hex),
    rule("sntryu_", 64, Body::Hex),
    rule("sntrys_", 50, Body::Word),
    rule("PMAK-", 59, Body::Word),
    // AI services.
    rule("pplx-", 48, Body::Alnum),
    exact("hf_", 34, Body::Letters),
    exact("api_org_", 34, Body::Letters),
    // Developer tools and secret stores.
    rule("pnu_", 36, Body::Alnum),
    rule("sgp_", 40, Body::Word),
    rule("s-s4t2ud-", 64, Body::Hex),
    rule("s-s4t2af-", 64, Body::Hex),
    rule("sm_aat_", 16, Body::Alnum),
    rule("sm_pat_", 16, Body::Alnum),
    rule("sm_sat_", 16, Body::Alnum),
    rule("p8e-", 32, Body::Alnum),
    rule("AGE-SECRET-KEY-1", 58, Body::Upper),
    rule("A3-", 30, Body::UpperDash),
];

pub(super) fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// The shortest token of any shape below (an AWS key id fragment: a prefix and 8 more).
const MIN_TOKEN_LEN: usize = 12;

/// Each maximal run of bytes `inside` holds, in order: every byte is read once.
fn runs(text: &str, inside: fn(u8) -> bool) -> impl Iterator<Item = Range<usize>> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && !inside(bytes[i]) {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && inside(bytes[i]) {
            i += 1;
        }
        (i > start).then_some(start..i)
    })
}

/// Each maximal run of `[A-Za-z0-9_-]` is read once and matched against the token shapes.
pub(super) fn tokens(text: &str, spans: &mut Vec<Range<usize>>) {
    spans.extend(runs(text, is_token_byte).filter(|run| is_token(&text[run.clone()])));
}

/// Whether a whole run has the shape of a credential.
fn is_token(run: &str) -> bool {
    if run.len() < MIN_TOKEN_LEN {
        return false;
    }
    let first = run.as_bytes()[0];
    aws_key(run)
        || slack_token(run)
        || ai_service_key(run)
        || PREFIXED.iter().any(|r| {
            r.prefix.as_bytes()[0] == first
                && run.strip_prefix(r.prefix).is_some_and(|rest| {
                    (r.min..=r.max).contains(&rest.len()) && rest.bytes().all(|b| r.body.allows(b))
                })
        })
}

/// OpenAI and Anthropic keys: `sk-` and at least 20 more, with a digit among them (a word
/// like `sk-learn-everything-about-it` has none).
fn ai_service_key(run: &str) -> bool {
    run.strip_prefix("sk-")
        .is_some_and(|rest| rest.len() >= 20 && rest.bytes().any(|b| b.is_ascii_digit()))
}

/// An AWS key id (`AKIA` and its kin, then 16 upper-case letters and digits), also
/// lower-cased and as the 8-to-15-character fragment with a digit that splitting it at a
/// digit leaves (query terms are lower-cased words): one case throughout.
fn aws_key(run: &str) -> bool {
    const AWS: [&str; 12] = [
        "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "APKA", "AROA",
        "A3T",
    ];
    AWS.iter().any(|prefix| {
        let (Some(head), Some(rest)) = (run.get(..prefix.len()), run.get(prefix.len()..)) else {
            return false;
        };
        let one_case = !(run.bytes().any(|b| b.is_ascii_uppercase())
            && run.bytes().any(|b| b.is_ascii_lowercase()));
        // `A3T` is followed by one more letter or digit, then the 16.
        let rest = match (prefix.len(), rest.get(1..)) {
            (3, Some(after)) => after,
            _ => rest,
        };
        prefix.eq_ignore_ascii_case(head)
            && one_case
            && (8..=16).contains(&rest.len())
            && rest.bytes().all(|b| b.is_ascii_alphanumeric())
            && (rest.len() == 16 || rest.bytes().any(|b| b.is_ascii_digit()))
    })
}

/// `xoxb-…`, `xoxp-…` and the other Slack token kinds.
fn slack_token(run: &str) -> bool {
    let b = run.as_bytes();
    b.len() >= 15
        && run.starts_with("xox")
        && matches!(b[3], b'a' | b'b' | b'e' | b'o' | b'p' | b'r' | b's')
        && b[4] == b'-'
        && b[5..]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'-')
}

fn is_dotted_byte(b: u8) -> bool {
    is_token_byte(b) || b == b'.' || b == b'~'
}

/// Each maximal run of `[A-Za-z0-9_.~-]` (a sentence's closing dot trimmed) is read once
/// and matched against the dotted shapes: HashiCorp Vault tokens (`hvs.`, `hvb.`), SendGrid
/// (`SG.x.y`), Doppler (`dp.pt.`), Dynatrace (`dt0c01.`), Terraform Cloud (`.atlasv1.`),
/// Harness (`pat.`), OpenShift (`sha256~`) and Azure AD client secrets (`…Q~…`).
pub(super) fn dotted_tokens(text: &str, spans: &mut Vec<Range<usize>>) {
    for range in runs(text, is_dotted_byte) {
        let run = text[range.clone()].trim_end_matches('.');
        if run.len() >= 20 && is_dotted_token(run) {
            spans.push(range.start..range.start + run.len());
        }
    }
}

fn is_dotted_token(run: &str) -> bool {
    let word = |s: &str| s.bytes().all(is_token_byte);
    let alnum = |s: &str| s.bytes().all(|b| b.is_ascii_alphanumeric());
    let segments = |s: &str| s.split('.').map(str::len).collect::<Vec<_>>();
    if let Some(rest) = run.strip_prefix("hvs.") {
        return (90..=200).contains(&rest.len()) && word(rest);
    }
    if let Some(rest) = run.strip_prefix("hvb.") {
        return (138..=400).contains(&rest.len()) && word(rest);
    }
    if let Some(rest) = run.strip_prefix("SG.") {
        return segments(rest).len() == 2 && rest.len() >= 60 && rest.bytes().all(is_dotted_byte);
    }
    if let Some(rest) = [
        "dp.pt.",
        "dp.st.",
        "dp.ct.",
        "dp.sa.",
        "dp.scim.",
        "dp.audit.",
    ]
    .iter()
    .find_map(|p| run.strip_prefix(p))
    {
        return rest.len() >= 40 && alnum(rest);
    }
    if let Some(rest) = run.strip_prefix("dt0c01.") {
        return segments(rest) == [24, 64] && rest.bytes().all(|b| b != b'~');
    }
    if let Some(rest) = ["pat.", "sat."].iter().find_map(|p| run.strip_prefix(p)) {
        return segments(rest) == [22, 24, 20] && rest.bytes().all(|b| b != b'~');
    }
    if let Some(rest) = run.strip_prefix("sha256~") {
        return rest.len() >= 43 && word(rest);
    }
    if let Some(at) = run.find(".atlasv1.") {
        let tail = &run[at + ".atlasv1.".len()..];
        return at == 14 && alnum(&run[..at]) && (60..=70).contains(&tail.len()) && word(tail);
    }
    azure_client_secret(run)
}

/// An Azure AD client secret: three characters, a digit, `Q~`, then 31 to 34 more.
fn azure_client_secret(run: &str) -> bool {
    let b = run.as_bytes();
    (37..=40).contains(&b.len()) && b[3].is_ascii_digit() && &b[4..6] == b"Q~"
}

fn is_jwt_byte(b: u8) -> bool {
    is_token_byte(b) || b == b'.'
}

/// Three base64url segments separated by dots, the first (a JSON header) starting `eyJ`.
pub(super) fn jwts(text: &str, spans: &mut Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find("eyJ") {
        let start = from + i;
        let mut end = start;
        while end < bytes.len() && is_jwt_byte(bytes[end]) {
            end += 1;
        }
        from = end.max(start + 1);
        if start > 0 && is_jwt_byte(bytes[start - 1]) {
            continue;
        }
        // A sentence may end right after the token.
        let run = text[start..end].trim_end_matches('.');
        let segments: Vec<&str> = run.split('.').collect();
        if segments.len() == 3 && segments.iter().all(|s| s.len() >= 8) {
            spans.push(start..start + run.len());
        }
    }
}
