//! The review inbox's contents and rules, apart from where they are stored: items waiting
//! for a person, merged when the same correction comes again (in this session or another:
//! the item is raised, its evidence kept, newest first), a rejected correction refused for
//! good (only hashes of what it named are kept), snoozes, and expiry of items nobody saw
//! again. Deterministic: the same offers in the same order give the same inbox.

use std::hash::Hasher;

use serde::{Deserialize, Serialize};

use super::exchange::Action;
use super::feedback::Relation;
use super::scope::Scope;
use super::{Capture, CaptureKind, Named, word_stems};

/// The layout version written with the state.
pub const STATE_VERSION: u32 = 1;
/// Evidence kept per item.
pub const MAX_EVIDENCE: usize = 5;
/// Items kept; past this the least raised, oldest ones go.
pub const MAX_ITEMS: usize = 300;
/// Distinct sessions remembered per item.
const MAX_SESSIONS: usize = 20;
/// Rejections remembered.
const MAX_REJECTED: usize = 5_000;
/// Ids of calls and messages already read, remembered.
const MAX_SEEN: usize = 2_000;
/// Days an item stays after it was last seen.
pub const EXPIRE_DAYS: i64 = 180;
/// Share of a note's word stems that make two notes the same, or a note a rejected one.
const SAME_NOTE: f64 = 0.6;

/// What an item asks the reviewer to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    /// A new convention: accept writes it as a pattern.
    Convention,
    /// An existing pattern says this, was shown in the session, and was not followed: its
    /// text needs sharpening.
    Sharpen,
    /// An existing pattern says this but was not shown for the corrected call: its words or
    /// paths need widening (see `advice`).
    Miss,
    /// An existing pattern says the opposite: update or retire it.
    Stale,
}

impl ItemKind {
    pub fn label(self) -> &'static str {
        match self {
            ItemKind::Convention => "convention",
            ItemKind::Sharpen => "sharpen",
            ItemKind::Miss => "miss",
            ItemKind::Stale => "stale",
        }
    }
}

/// Where a piece of evidence came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// A prompt, captured by the prompt hook.
    Prompt,
    /// The reason given for a refused tool call, read from the transcript.
    Rejection,
    /// A saved transcript read by `lore learn scan`.
    Scan,
    /// The agent proposed it (MCP `propose_pattern`).
    Agent,
}

/// One sighting of a correction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    pub origin: Origin,
    /// The user's words (redacted).
    pub words: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Action>,
    /// Day number (days since 1970-01-01).
    pub day: i64,
}

/// An existing pattern a candidate may duplicate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duplicate {
    pub source: String,
    pub title: String,
    pub relation: Relation,
}

/// A candidate offered to the inbox: one capture with everything found about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub capture: Capture,
    pub kind: ItemKind,
    pub scope: Scope,
    /// The pattern a feedback item is about.
    pub pattern: Option<String>,
    pub advice: Option<String>,
    pub duplicates: Vec<Duplicate>,
    pub evidence: Evidence,
    /// A hash of the session it came from (for counting sessions).
    pub session: Option<String>,
}

/// One inbox item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub id: String,
    pub kind: ItemKind,
    pub capture: CaptureKind,
    pub key: String,
    pub title: String,
    pub rule: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prefer: Vec<Named>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub avoid: Vec<Named>,
    #[serde(default)]
    pub scope: Scope,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advice: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub duplicates: Vec<Duplicate>,
    pub evidence: Vec<Evidence>,
    /// Times seen.
    pub count: u32,
    /// Hashes of the sessions it was seen in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sessions: Vec<String>,
    pub first_seen: i64,
    pub last_seen: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snoozed_until: Option<i64>,
}

impl Item {
    /// Distinct sessions it was seen in (at least one).
    pub fn session_count(&self) -> usize {
        self.sessions.len().max(1)
    }

    /// Whether it waits for review on `today` (not snoozed past it).
    pub fn waiting(&self, today: i64) -> bool {
        self.snoozed_until.is_none_or(|until| until <= today)
    }
}

/// A rejection, kept as hashes only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    pub key: String,
    #[serde(default)]
    pub names: Vec<String>,
    /// Whether `names` are a note's word stems (compared by share) or referents (by subset).
    #[serde(default)]
    pub words: bool,
}

/// What offering a candidate did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Offered {
    New(String),
    Raised(String),
    /// It matches a rejected correction.
    Refused,
}

/// The whole inbox.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InboxState {
    #[serde(default)]
    pub version: u32,
    #[serde(default)]
    pub items: Vec<Item>,
    #[serde(default)]
    pub rejected: Vec<Rejected>,
    /// Hashes of refused calls and scanned messages already read.
    #[serde(default)]
    pub seen: Vec<String>,
}

/// A short hex hash.
pub fn short_hash(text: &str) -> String {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(text.as_bytes());
    format!("{:016x}", hasher.finish())
}

/// The tokens a capture is compared by: its referents, or a note's word stems.
fn tokens(kind: CaptureKind, prefer: &[Named], avoid: &[Named], rule: &str) -> (Vec<String>, bool) {
    match kind {
        CaptureKind::Note | CaptureKind::Correction => (word_stems(rule), true),
        _ => {
            let mut names: Vec<String> = prefer
                .iter()
                .map(|n| format!("use:{}", n.key()))
                .chain(avoid.iter().map(|n| format!("not:{}", n.key())))
                .collect();
            names.sort();
            names.dedup();
            (names, false)
        }
    }
}

fn share(mine: &[String], theirs: &[String]) -> f64 {
    if mine.is_empty() {
        return 0.0;
    }
    let held = mine.iter().filter(|m| theirs.contains(m)).count();
    held as f64 / mine.len() as f64
}

fn keys(list: &[Named]) -> Vec<String> {
    list.iter().map(Named::key).collect()
}

/// Whether two lists name a thing in common: the same referent, or one that ends the other
/// (`logging` and `stdlib logging`, `exports` and `default exports`).
fn overlap(a: &[Named], b: &[Named]) -> bool {
    let b = keys(b);
    a.iter().map(Named::key).any(|a| {
        b.iter()
            .any(|b| a == *b || ends_with_words(&a, b) || ends_with_words(b, &a))
    })
}

/// Whether `long`'s last words are all of `short`'s words.
fn ends_with_words(long: &str, short: &str) -> bool {
    let long: Vec<&str> = long.split_whitespace().collect();
    let short: Vec<&str> = short.split_whitespace().collect();
    !short.is_empty() && short.len() < long.len() && long.ends_with(&short)
}

/// Whether an item and a capture are the same correction.
fn same(item: &Item, capture: &Capture) -> bool {
    if item.key == capture.key() {
        return true;
    }
    let words = |k: CaptureKind| matches!(k, CaptureKind::Note | CaptureKind::Correction);
    if words(item.capture) || words(capture.kind) {
        if !(words(item.capture) && words(capture.kind)) {
            return false;
        }
        let mine = word_stems(&capture.rule);
        let theirs = word_stems(&item.rule);
        return share(&mine, &theirs) >= SAME_NOTE && share(&theirs, &mine) >= SAME_NOTE;
    }
    let avoid_both = !item.avoid.is_empty() && !capture.avoid.is_empty();
    let prefer_fits = item.prefer.is_empty()
        || capture.prefer.is_empty()
        || overlap(&item.prefer, &capture.prefer);
    if avoid_both {
        return overlap(&item.avoid, &capture.avoid) && prefer_fits;
    }
    // One side names only what to use: the same when both name it (and the other's avoid,
    // if any, is not what this one prefers).
    overlap(&item.prefer, &capture.prefer)
        && !overlap(&item.avoid, &capture.prefer)
        && !overlap(&capture.avoid, &item.prefer)
}

fn push_unique(list: &mut Vec<Named>, more: &[Named]) {
    for n in more {
        if !list.iter().any(|m| m.key() == n.key()) {
            list.push(n.clone());
        }
    }
}

impl InboxState {
    /// Offer a candidate: refused when it matches a rejection; merged into (and raising) an
    /// item of the same correction; else a new item.
    pub fn offer(&mut self, c: Candidate) -> Offered {
        if self.is_rejected(&c.capture) {
            return Offered::Refused;
        }
        let day = c.evidence.day;
        if let Some(item) = self.items.iter_mut().find(|i| same(i, &c.capture)) {
            item.count += 1;
            item.last_seen = item.last_seen.max(day);
            if let Some(session) = &c.session
                && !item.sessions.contains(session)
                && item.sessions.len() < MAX_SESSIONS
            {
                item.sessions.push(session.clone());
            }
            if !item.evidence.iter().any(|e| e.words == c.evidence.words) {
                item.evidence.insert(0, c.evidence);
                item.evidence.truncate(MAX_EVIDENCE);
            }
            // A contrast says more than either half: it takes over the rule.
            let upgrade =
                c.capture.kind == CaptureKind::Contrast && item.capture != CaptureKind::Contrast;
            push_unique(&mut item.prefer, &c.capture.prefer);
            push_unique(&mut item.avoid, &c.capture.avoid);
            if upgrade {
                item.capture = CaptureKind::Contrast;
                item.rule = c.capture.rule.clone();
                item.title = c.capture.title();
            }
            for path in c.scope.paths {
                if !item.scope.paths.contains(&path) && item.scope.paths.len() < 8 {
                    item.scope.paths.push(path);
                }
            }
            for language in c.scope.languages {
                if !item.scope.languages.contains(&language) {
                    item.scope.languages.push(language);
                }
            }
            // Feedback on a written pattern outranks a new convention: once a sighting found
            // the pattern covering it, the item stays about that pattern.
            if c.kind != ItemKind::Convention {
                item.kind = c.kind;
                item.pattern = c.pattern;
                item.advice = c.advice;
            }
            if !c.duplicates.is_empty() {
                item.duplicates = c.duplicates;
            }
            return Offered::Raised(item.id.clone());
        }
        let key = c.capture.key();
        let mut id: String = short_hash(&key)[..8].to_string();
        while self.items.iter().any(|i| i.id == id) {
            id = short_hash(&id)[..8].to_string();
        }
        self.items.push(Item {
            id: id.clone(),
            kind: c.kind,
            capture: c.capture.kind,
            key,
            title: c.capture.title(),
            rule: c.capture.rule.clone(),
            prefer: c.capture.prefer.clone(),
            avoid: c.capture.avoid.clone(),
            scope: c.scope,
            pattern: c.pattern,
            advice: c.advice,
            duplicates: c.duplicates,
            evidence: vec![c.evidence],
            count: 1,
            sessions: c.session.into_iter().collect(),
            first_seen: day,
            last_seen: day,
            snoozed_until: None,
        });
        if self.items.len() > MAX_ITEMS {
            self.items.sort_by_key(|i| {
                (
                    std::cmp::Reverse(i.session_count()),
                    std::cmp::Reverse(i.last_seen),
                )
            });
            self.items.truncate(MAX_ITEMS);
        }
        Offered::New(id)
    }

    /// Whether a capture matches a rejected correction.
    pub fn is_rejected(&self, capture: &Capture) -> bool {
        let key = short_hash(&capture.key());
        let (names, words) = tokens(capture.kind, &capture.prefer, &capture.avoid, &capture.rule);
        let hashed: Vec<String> = names.iter().map(|n| short_hash(n)).collect();
        self.rejected.iter().any(|r| {
            r.key == key
                || !hashed.is_empty()
                    && r.words == words
                    && if words {
                        share(&hashed, &r.names) >= SAME_NOTE
                    } else {
                        hashed.iter().all(|h| r.names.contains(h))
                    }
        })
    }

    /// The item whose id is `id` or starts with it (when only one does).
    pub fn find(&self, id: &str) -> Option<&Item> {
        let id = id.trim();
        if id.is_empty() {
            return None;
        }
        let mut found = self.items.iter().filter(|i| i.id.starts_with(id));
        match (found.next(), found.next()) {
            (Some(one), None) => Some(one),
            _ => self.items.iter().find(|i| i.id == id),
        }
    }

    /// Remove an item (accepted), returning it.
    pub fn take(&mut self, id: &str) -> Option<Item> {
        let id = self.find(id)?.id.clone();
        let at = self.items.iter().position(|i| i.id == id)?;
        Some(self.items.remove(at))
    }

    /// Reject an item: it is removed, and only hashes of what it named are kept, so the same
    /// correction is refused when it comes again.
    pub fn reject(&mut self, id: &str) -> Option<Item> {
        let item = self.take(id)?;
        let (names, words) = tokens(item.capture, &item.prefer, &item.avoid, &item.rule);
        self.rejected.push(Rejected {
            key: short_hash(&item.key),
            names: names.iter().map(|n| short_hash(n)).collect(),
            words,
        });
        if self.rejected.len() > MAX_REJECTED {
            self.rejected.remove(0);
        }
        Some(item)
    }

    /// Hide an item until `until` (a day number). False when there is no such item.
    pub fn snooze(&mut self, id: &str, until: i64) -> bool {
        let Some(id) = self.find(id).map(|i| i.id.clone()) else {
            return false;
        };
        match self.items.iter_mut().find(|i| i.id == id) {
            Some(item) => {
                item.snoozed_until = Some(until);
                true
            }
            None => false,
        }
    }

    /// The items waiting on `today`, most raised first (sessions, then sightings, then the
    /// most recent), ties by id.
    pub fn waiting(&self, today: i64) -> Vec<&Item> {
        let mut items: Vec<&Item> = self.items.iter().filter(|i| i.waiting(today)).collect();
        items.sort_by(|a, b| {
            b.session_count()
                .cmp(&a.session_count())
                .then(b.count.cmp(&a.count))
                .then(b.last_seen.cmp(&a.last_seen))
                .then(a.id.cmp(&b.id))
        });
        items
    }

    /// Drop items not seen for [`EXPIRE_DAYS`].
    pub fn expire(&mut self, today: i64) {
        self.items.retain(|i| today - i.last_seen <= EXPIRE_DAYS);
    }

    /// Record that a call or message (by hash) was read; false when it already was.
    pub fn mark_seen(&mut self, id: &str) -> bool {
        let hash = short_hash(id);
        if self.seen.contains(&hash) {
            return false;
        }
        self.seen.push(hash);
        if self.seen.len() > MAX_SEEN {
            self.seen.remove(0);
        }
        true
    }
}
