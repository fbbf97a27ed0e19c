//! The cue grammar: the fixed forms a correction or a note takes in what a user typed. Each
//! clause of prose (see `prose`) is matched against, in order: a preference (`prefer X over
//! Y`), a substitution (`X instead of Y`, `instead of Y, use X`), a contrast (`use X, not Y`,
//! `it's X, not Y`), a team's negative (`we don't use X`, `we never mock X`; the bare
//! imperative `don't use X` only when the message asks for no task), and, in a correction
//! (after an opening "no", or in a rejected call's reason), a positive (`use X`, `it should be
//! X`). A message opening with "no" whose clause fits none of these is still a correction
//! when it names code. What the forms capture are referents (see `referent`).

use super::junk::{is_acknowledgement, is_one_off, is_question, is_task};
use super::openers::{ALWAYS_OPENERS, AVOID_OPENERS, CORRECTING_OPENERS, TEAM_VERBS, USE_OPENERS};
use super::referent::{Referent, referent, referent_within, strip_prefix_ci};
pub use super::rule_text::as_rule;

/// Most words of a habit a team's negative names (`we never mock …`).
const PHRASE_WORDS: usize = 8;

/// Which form a clause matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `prefer X over Y`, `X instead of Y`, `use X, not Y`: both sides named.
    Contrast,
    /// `we don't use X`, `never use X`.
    Avoid,
    /// `always use X`.
    Prefer,
    /// `use X`, `it should be X`: a preference only in a correction.
    Use,
    /// A correction that fits no form but names code.
    Loose,
}

/// One clause's match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClauseCue {
    pub form: Form,
    pub prefer: Vec<Referent>,
    pub avoid: Vec<Referent>,
    /// The clause as a rule (subject dropped, `don't` spelled out), without final period.
    pub rule: String,
    /// The clause as typed.
    pub words: String,
}

/// Where a clause sits, which decides the forms it may take.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClauseSetting {
    /// The clause corrects the agent: the message opened with "no", or it is a rejected
    /// call's reason.
    pub correcting: bool,
    /// Another clause of the message asks for a task, so a bare `don't …` is its constraint.
    pub task_in_message: bool,
}

/// Match one clause. None: it holds no cue, or it is a question, a task, an
/// acknowledgement or a one-off.
pub fn clause_cue(clause: &str, setting: ClauseSetting) -> Option<ClauseCue> {
    let clause = clause.trim();
    if clause.is_empty() || is_question(clause) || is_one_off(clause) {
        return None;
    }
    let contrastive = find_word(clause, " instead of ").is_some()
        || find_word(clause, "instead of ") == Some(0)
        || find_word(clause, ", not ").is_some()
        || find_word(clause, " rather than ").is_some();
    if is_task(clause) && !(contrastive && opens_with_use(clause)) {
        return None;
    }
    let cue = preference(clause)
        .or_else(|| substitution(clause))
        .or_else(|| contrast(clause))
        .or_else(|| avoidance(clause, setting))
        .or_else(|| positive(clause, setting))?;
    Some(ClauseCue {
        words: clause.to_string(),
        ..cue
    })
}

/// How a message's first clause opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening<'a> {
    /// "no worries", "no, that's fine": closing a topic, correcting nothing.
    Acknowledged,
    /// "no, …", "nope", "wrong": a correction, with what follows in the clause (maybe empty).
    Correcting(&'a str),
}

/// How a clause opening with "no" (or "nope", "wrong", "not like that") opens, or None when
/// it does not open so.
pub fn after_no(clause: &str) -> Option<Opening<'_>> {
    let t = clause.trim_start();
    for opener in [
        "no no",
        "nope",
        "nah",
        "not like that",
        "that's wrong",
        "thats wrong",
        "wrong",
        "no",
    ] {
        if let Some(rest) = strip_prefix_ci(t, opener)
            && rest
                .chars()
                .next()
                .is_none_or(|c| matches!(c, ',' | '.' | '!' | ':' | ' ' | '-' | '\u{2014}'))
        {
            let rest = rest.trim_start_matches(|c: char| {
                c.is_whitespace() || matches!(c, ',' | '.' | '!' | ':' | '-' | '\u{2014}')
            });
            if !rest.is_empty() && is_acknowledgement(rest) {
                return Some(Opening::Acknowledged);
            }
            return Some(Opening::Correcting(rest));
        }
    }
    None
}

/// A correction clause that fits no form but names code: it is the rule as typed.
pub fn loose_correction(clause: &str) -> Option<ClauseCue> {
    let clause = clause.trim();
    let words = clause.split_whitespace().count();
    if clause.is_empty() || words > 30 || is_question(clause) || is_one_off(clause) {
        return None;
    }
    if is_task(clause) && !opens_with_use(clause) {
        return None;
    }
    let named: Vec<Referent> = code_spans(clause);
    if named.is_empty() {
        return None;
    }
    Some(ClauseCue {
        form: Form::Loose,
        prefer: named,
        avoid: Vec::new(),
        rule: as_rule(clause),
        words: clause.to_string(),
    })
}

/// `prefer X over Y`, `prefer X to Y`, `we prefer X`.
fn preference(clause: &str) -> Option<ClauseCue> {
    let at = find_word(clause, "prefer ")?;
    let before = clause[..at].trim().to_lowercase();
    if !(before.is_empty()
        || ["we", "i", "we'd", "i'd", "we always", "always"].contains(&before.as_str()))
    {
        return None;
    }
    let mut rest = &clause[at + "prefer ".len()..];
    for skip in ["to use ", "using ", "to "] {
        if let Some(r) = strip_prefix_ci(rest, skip) {
            rest = r;
            break;
        }
    }
    let split = find_word(rest, " over ")
        .map(|i| (i, " over ".len()))
        .or_else(|| find_word(rest, " to ").map(|i| (i, " to ".len())))
        .or_else(|| find_word(rest, " rather than ").map(|i| (i, " rather than ".len())));
    match split {
        Some((i, len)) => {
            let x = referent(&rest[..i])?;
            let y = referent(&rest[i + len..])?;
            contrast_cue(
                x,
                y,
                format!(
                    "Prefer {} over {}",
                    x_shown(&rest[..i]),
                    x_shown(&rest[i + len..])
                ),
            )
        }
        None => {
            let x = referent(rest).filter(|x| x.code || x.words() <= 3)?;
            Some(cue(Form::Prefer, vec![x], vec![], as_rule(clause)))
        }
    }
}

/// `X instead of Y`, `instead of Y, use X`.
fn substitution(clause: &str) -> Option<ClauseCue> {
    if let Some(rest) = strip_prefix_ci(clause, "instead of ") {
        let (y, x) = rest.split_once(',')?;
        let x = strip_opener(x.trim(), USE_OPENERS)?;
        let (xr, yr) = (referent(x)?, referent(y)?);
        return contrast_cue(xr, yr, as_rule(clause));
    }
    let at = find_word(clause, " instead of ")?;
    let before = last_part(&clause[..at]);
    let x = strip_opener(before, USE_OPENERS)
        .or_else(|| after_inner_use(before))
        .unwrap_or(before);
    let y = &clause[at + " instead of ".len()..];
    let (xr, yr) = (referent(x)?, referent(y)?);
    if !xr.code && !yr.code && !opens_with_use(before) && (xr.words() > 2 || yr.words() > 2) {
        return None;
    }
    // The user's words make the rule when they say more than the two names (`always wrap
    // with X instead of Y`); bare names get a verb (`pathlib instead of os.path`).
    let rule = if opens_with_use(before) || x.split_whitespace().count() > xr.words() + 1 {
        as_rule(clause)
    } else {
        format!("Use {} instead of {}", xr.shown(), yr.shown())
    };
    contrast_cue(xr, yr, rule)
}

/// `use X, not Y`, `it's X, not Y`, `X, not Y`, `use X rather than Y`.
fn contrast(clause: &str) -> Option<ClauseCue> {
    let (at, len) = [
        ", and not ",
        ", not ",
        ", never ",
        ", no ",
        " and not ",
        " rather than ",
        " not ",
    ]
    .iter()
    .find_map(|sep| find_word(clause, sep).map(|i| (i, sep.len())))?;
    let before = last_part(&clause[..at]);
    let after = &clause[at + len..];
    // `do not`, `is not`, `why not`: a negation, not a contrast.
    let word_before = before.rsplit(' ').next().unwrap_or("").to_lowercase();
    if len == " not ".len()
        && [
            "do", "does", "did", "is", "are", "was", "were", "should", "must", "can", "could",
            "would", "will", "why", "if", "or", "whether", "have", "has", "had", "am", "may",
        ]
        .contains(&word_before.as_str())
    {
        return None;
    }
    let opened = strip_opener(before, USE_OPENERS)
        .or_else(|| after_inner_use(before))
        .or_else(|| team_means(before));
    let x = opened.unwrap_or(before);
    let y = strip_opener(after, &["use ", "using ", "with "]).unwrap_or(after);
    let (xr, yr) = (referent(x)?, referent(y)?);
    let named = xr.code || yr.code || xr.words() <= 2 && yr.words() <= 2;
    // Without a verb, two names of code, or two of one kind (`named exports, no default
    // exports`) make the contrast.
    let parallel = xr.words() <= 3 && yr.words() <= 3 && same_head(&xr, &yr);
    if opened.is_none() && !(xr.code && yr.code) && !parallel || !named {
        return None;
    }
    let rule = if opened.is_some() {
        as_rule(clause)
    } else {
        format!("Use {}, not {}", xr.shown(), yr.shown())
    };
    contrast_cue(xr, yr, rule)
}

/// `we don't use X`, `never use X`, `we don't mock X`, and the bare `don't use X` outside a
/// task.
fn avoidance(clause: &str, setting: ClauseSetting) -> Option<ClauseCue> {
    let body = strip_opener(clause, &["please ", "and ", "but ", "also ", "so "]).unwrap_or(clause);
    let (rest, team, opener) = AVOID_OPENERS.iter().find_map(|(opener, team)| {
        strip_prefix_ci(body, opener).map(|rest| (rest, *team, *opener))
    })?;
    if !team && setting.task_in_message && !setting.correcting {
        return None;
    }
    // `no X` names a thing; an acknowledgement (`no worries`) is not one, and `no, …` is read
    // as an opening, never here.
    if opener == "no "
        && (is_acknowledgement(rest)
            || rest.starts_with(|c: char| !c.is_alphanumeric() && c != '`'))
    {
        return None;
    }
    // `we don't <verb> X`: only verbs a convention is about (`we don't need that` is not).
    let generic = matches!(
        opener,
        "we don't " | "we do not " | "we never " | "never " | "don't " | "do not " | "dont "
    );
    let r = if generic {
        let verb = rest.split_whitespace().next()?.to_lowercase();
        if !TEAM_VERBS.contains(&verb.as_str())
            || ["need", "want", "like", "let", "keep", "check"].contains(&verb.as_str())
        {
            return None;
        }
        // A team's habit is a verb phrase (`mock the database in integration tests`); with
        // `do` or `use` the thing itself is named (`we don't do default exports`).
        let named = strip_opener(rest, &["do ", "use "]).unwrap_or(rest);
        referent_within(named, PHRASE_WORDS)?
    } else {
        referent(rest)?
    };
    let acceptable = generic
        || if team {
            r.code || r.words() <= 4
        } else {
            r.code || r.words() <= 2
        };
    if !acceptable {
        return None;
    }
    Some(cue(Form::Avoid, vec![], vec![r], as_rule(body)))
}

/// `always use X`, `we only use X`; in a correction also `use X`, `it should be X`.
fn positive(clause: &str, setting: ClauseSetting) -> Option<ClauseCue> {
    let body = strip_opener(
        clause,
        &["please ", "and ", "but ", "also ", "actually ", "just "],
    )
    .unwrap_or(clause);
    if let Some(rest) = strip_opener(body, ALWAYS_OPENERS) {
        let r = referent(rest).filter(|r| r.code || r.words() <= 4)?;
        return Some(cue(Form::Prefer, vec![r], vec![], as_rule(body)));
    }
    if !setting.correcting {
        return None;
    }
    let rest = strip_opener(body, CORRECTING_OPENERS)?;
    let r = referent(rest).filter(|r| r.code)?;
    Some(cue(Form::Use, vec![r], vec![], as_rule(body)))
}

fn cue(form: Form, prefer: Vec<Referent>, avoid: Vec<Referent>, rule: String) -> ClauseCue {
    ClauseCue {
        form,
        prefer,
        avoid,
        rule,
        words: String::new(),
    }
}

fn contrast_cue(x: Referent, y: Referent, rule: String) -> Option<ClauseCue> {
    if x.key() == y.key() {
        return None;
    }
    Some(cue(Form::Contrast, vec![x], vec![y], rule))
}

/// A side of a preference as the user wrote it, trimmed of its reason.
fn x_shown(side: &str) -> String {
    referent(side).map_or_else(|| side.trim().to_string(), |r| r.shown())
}

/// Code spans and code-shaped words of a clause, as referents, in order, each once.
pub fn code_spans(clause: &str) -> Vec<Referent> {
    let mut out: Vec<Referent> = Vec::new();
    let mut push = |r: Option<Referent>| {
        if let Some(r) = r.filter(|r| r.code)
            && !out.iter().any(|o| o.key() == r.key())
        {
            out.push(r);
        }
    };
    let mut rest = clause;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('`') else { break };
        push(referent(&format!("`{}`", &after[..close])));
        rest = &after[close + 1..];
    }
    let outside: String = clause.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    for word in outside.split_whitespace() {
        if super::referent::code_word(word) {
            push(referent(word));
        }
    }
    out
}

/// Where `needle` (lower-case) starts in `hay`, ASCII case ignored, at a word start.
fn find_word(hay: &str, needle: &str) -> Option<usize> {
    let lower = hay.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find(needle) {
        let at = from + i;
        let boundary = at == 0
            || needle.starts_with([' ', ','])
            || !lower.as_bytes()[at - 1].is_ascii_alphanumeric();
        if boundary {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The last comma-separated part of `text` (what a contrast's first half is).
fn last_part(text: &str) -> &str {
    let mut depth = 0;
    let mut cut = 0;
    for (i, c) in text.char_indices() {
        match c {
            '`' => depth ^= 1,
            ',' if depth == 0 => cut = i + 1,
            _ => {}
        }
    }
    text[cut..].trim()
}

/// `text` after the first of `openers` it starts with (ASCII case ignored).
fn strip_opener<'a>(text: &'a str, openers: &[&str]) -> Option<&'a str> {
    let t = text.trim_start();
    openers.iter().find_map(|o| strip_prefix_ci(t, o))
}

/// What a team's statement of its way names (`we validate responses with zod schemas` →
/// `zod schemas`): the words after its means (`with`, `through`, `via`, `using`, `in`), else
/// after its verb. None for a clause that is not `we <verb> …`, or a negation.
fn team_means(text: &str) -> Option<&str> {
    let rest = strip_opener(text, &["we always ", "we ", "here we "])?;
    let verb = rest.split_whitespace().next()?;
    let not_a_way = [
        "don't", "do", "are", "were", "have", "had", "can", "could", "should", "will", "would",
        "need", "want", "think",
    ];
    if !verb.chars().all(|c| c.is_ascii_alphabetic())
        || not_a_way.contains(&verb.to_ascii_lowercase().as_str())
    {
        return None;
    }
    let after_verb = rest[verb.len()..].trim_start();
    let means = [" with ", " through ", " via ", " using ", " in "]
        .iter()
        .filter_map(|m| find_word(after_verb, m).map(|i| i + m.len()))
        .max();
    Some(match means {
        Some(at) => &after_verb[at..],
        None => after_verb,
    })
}

/// Whether two referents end in the same word naming a kind of thing (`named exports`,
/// `default exports`; not `the red one`, `the blue one`).
fn same_head(a: &Referent, b: &Referent) -> bool {
    let last = |r: &Referent| r.text.split_whitespace().last().map(str::to_lowercase);
    a.words() + b.words() > 2
        && last(a) == last(b)
        && last(a).is_some_and(|w| !super::referent::DEICTIC.contains(&w.as_str()))
}

fn opens_with_use(text: &str) -> bool {
    strip_opener(text, USE_OPENERS).is_some() || after_inner_use(text).is_some()
}

/// What follows a modal "use" inside a clause (`the handlers should use X`, `tests must use
/// X`), or None.
fn after_inner_use(text: &str) -> Option<&str> {
    [
        " should use ",
        " must use ",
        " should be using ",
        " need to use ",
        " needs to use ",
        " always use ",
        " only use ",
        " should always be ",
        " should be ",
        " must be ",
    ]
    .iter()
    .find_map(|m| find_word(text, m).map(|i| &text[i + m.len()..]))
}
