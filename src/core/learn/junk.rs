//! What is known to be junk among cue-bearing clauses: questions ("why not use X?"), task
//! requests ("add a login page, don't use any library"), acknowledgements ("no worries",
//! "no, looks good") and one-off instructions ("just this once", "for now"). A clause that is
//! any of these gives no capture, whatever cue it holds.

use super::referent::strip_prefix_ci;

/// Words a question opens with.
const INTERROGATIVES: &[&str] = &[
    "why",
    "what",
    "how",
    "should",
    "shouldn't",
    "could",
    "couldn't",
    "can",
    "can't",
    "would",
    "wouldn't",
    "will",
    "won't",
    "is",
    "isn't",
    "are",
    "aren't",
    "do",
    "does",
    "doesn't",
    "did",
    "didn't",
    "shall",
    "may",
    "might",
    "which",
    "who",
    "whose",
    "wasn't",
    "was",
    "were",
    "has",
    "hasn't",
    "thoughts",
    "maybe",
    "wdyt",
];

/// Verbs a task request opens with (after "please", "now", "also", "then", "ok").
const TASK_VERBS: &[&str] = &[
    "add",
    "create",
    "implement",
    "write",
    "build",
    "make",
    "fix",
    "update",
    "refactor",
    "rewrite",
    "change",
    "rename",
    "move",
    "delete",
    "remove",
    "generate",
    "set",
    "setup",
    "install",
    "run",
    "test",
    "deploy",
    "migrate",
    "convert",
    "replace",
    "switch",
    "port",
    "extract",
    "split",
    "merge",
    "document",
    "explain",
    "show",
    "find",
    "look",
    "check",
    "review",
    "help",
    "let's",
    "lets",
    "go",
    "try",
    "start",
    "continue",
    "finish",
    "commit",
    "push",
    "open",
    "read",
    "list",
    "debug",
    "optimize",
    "optimise",
    "clean",
    "bump",
    "upgrade",
    "downgrade",
    "give",
    "tell",
    "send",
    "revert",
    "undo",
    "redo",
    "wire",
    "hook",
    "connect",
    "scaffold",
    "bootstrap",
    "port",
    "translate",
    "summarize",
    "summarise",
    "investigate",
    "profile",
    "benchmark",
    "inline",
    "rerun",
    "re-run",
    "retry",
    "handle",
    "support",
    "allow",
    "enable",
    "disable",
    "expose",
    "have",
    "i'd",
    "i'm",
    "we'll",
    "we're",
    "we've",
    "you",
    "you're",
    "let",
    "get",
    "paste",
    "copy",
    "apply",
    "include",
    "drop",
    "wrap",
    "cover",
    "fill",
    "sort",
];

/// Opening words that soften a request without changing it.
const SOFTENERS: &[&str] = &[
    "please", "pls", "now", "also", "then", "and", "ok", "okay", "great", "thanks", "cool", "next",
    "first", "so", "alright", "right", "perfect", "nice", "good",
];

/// Replies after "no" that close a topic instead of correcting anything.
const ACKNOWLEDGEMENTS: &[&str] = &[
    "worries",
    "problem",
    "problems",
    "thanks",
    "thank",
    "need",
    "rush",
    "biggie",
    "prob",
    "probs",
    "more",
    "questions",
    "idea",
    "clue",
    "way",
    "that's all",
    "thats all",
    "that's it",
    "that's fine",
    "that's good",
    "that's great",
    "that's everything",
    "that's perfect",
    "that is fine",
    "that works",
    "looks good",
    "looks great",
    "lgtm",
    "go ahead",
    "continue",
    "carry on",
    "proceed",
    "all good",
    "it's fine",
    "its fine",
    "it's ok",
    "its ok",
    "it's okay",
    "not now",
    "not yet",
    "nothing else",
    "nothing",
    "we're done",
    "im good",
    "i'm good",
    "i'm fine",
    "leave it",
    "keep it",
    "that's right",
    "you're right",
    "good point",
    "sounds good",
    "just checking",
];

/// Phrases that make an instruction a one-off.
const ONE_OFF: &[&str] = &[
    "this time",
    "for now",
    "just this once",
    "for this one",
    "in this case",
    "right now",
    "temporarily",
    "for the moment",
    "for this test",
    "for this pr",
    "for this task",
    "until ",
    "today",
    "while you ",
    "when you ",
    "before you ",
    "after you ",
];

/// The clause's first word, lower-cased, without punctuation, after the softeners.
fn first_word(clause: &str) -> String {
    let mut rest = clause.trim();
    loop {
        let word = rest
            .split(|c: char| c.is_whitespace() || c == ',')
            .next()
            .unwrap_or("");
        let lower = word.to_lowercase();
        if SOFTENERS.contains(&lower.trim_matches(|c: char| !c.is_alphanumeric()))
            && word.len() < rest.len()
        {
            rest = rest[word.len()..].trim_start_matches([' ', ',']);
            continue;
        }
        return lower
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_string();
    }
}

/// A question: ends with `?`, or opens with an interrogative (`do not …` is not one).
pub fn is_question(clause: &str) -> bool {
    let t = clause.trim_end_matches(|c: char| c.is_whitespace() || c == ')' || c == '"');
    let first = first_word(clause);
    let negation = ["do not", "does not", "did not", "don't", "doesn't"]
        .iter()
        .any(|n| strip_prefix_ci(clause.trim(), n).is_some());
    t.ends_with('?') || INTERROGATIVES.contains(&first.as_str()) && !negation
}

/// A task request: opens (after softeners) with a task verb or a request form.
pub fn is_task(clause: &str) -> bool {
    let first = first_word(clause);
    TASK_VERBS.contains(&first.as_str())
        || [
            "could you",
            "can you",
            "would you",
            "i want",
            "i need",
            "we need",
            "we want",
            "i'd like",
            "i would like",
            "i think",
        ]
        .iter()
        .any(|p| strip_prefix_ci(clause.trim(), p).is_some())
        || relays_a_request(clause)
}

/// Someone's request passed on (`marketing wants the title to read X instead of Y`, `the
/// client asked for CSV exports`): a task for now, not how the team writes code. A group
/// that wants *to* do something (`the team wants to use X instead of Y`) states a practice,
/// and a thing that needs something (`logging needs fields instead of format strings`) is one.
fn relays_a_request(clause: &str) -> bool {
    let words: Vec<String> = clause
        .split_whitespace()
        .take(5)
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    // The subject: one word, or two after an article or a possessive (`the client`).
    let verb_at = match words.first().map(String::as_str) {
        Some("the" | "our" | "my" | "their" | "your") => 2,
        Some(_) => 1,
        None => return false,
    };
    let (Some(verb), next) = (words.get(verb_at), words.get(verb_at + 1)) else {
        return false;
    };
    matches!(
        verb.as_str(),
        "wants" | "asked" | "asks" | "requested" | "requests"
    ) && next.is_some_and(|n| n != "to")
}

/// An acknowledgement after an opening "no" (`rest` is what follows it).
pub fn is_acknowledgement(rest: &str) -> bool {
    let lower = rest
        .trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | '!' | '-'))
        .to_lowercase();
    lower.is_empty()
        || ACKNOWLEDGEMENTS.iter().any(|a| {
            lower.starts_with(a)
                && lower[a.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric())
        })
}

/// An instruction meant for now only.
pub fn is_one_off(clause: &str) -> bool {
    let lower = format!(" {} ", clause.to_lowercase());
    ONE_OFF.iter().any(|p| lower.contains(&format!(" {p}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_tasks_acknowledgements_and_one_offs_are_recognised() {
        for q in [
            "why not use X?",
            "Should we use pnpm instead of npm",
            "can you use os.path instead",
        ] {
            assert!(is_question(q), "{q}");
        }
        for t in [
            "Add a login page, don't use any library",
            "please refactor this instead of that",
            "Now run the tests",
            "I want X instead of Y",
        ] {
            assert!(is_task(t), "{t}");
        }
        for relayed in [
            "marketing wants the API title to read Ledgerly instead of Invoicer",
            "the client asked for CSV exports instead of PDF",
        ] {
            assert!(is_task(relayed), "{relayed}");
        }
        assert!(!is_task("the team wants to use pnpm instead of npm"));
        assert!(!is_task("everyone needs to use pnpm instead of npm"));
        assert!(!is_task("logging needs fields instead of format strings"));
        assert!(!is_task("use structlog, not logging"));
        assert!(!is_task("we don't use default exports"));
        for a in [
            "worries",
            " problem!",
            ", that's fine",
            "looks good to me",
            "",
        ] {
            assert!(is_acknowledgement(a), "{a:?}");
        }
        assert!(!is_acknowledgement(", use structlog"));
        assert!(!is_acknowledgement("needless to say, use X"));
        assert!(is_one_off("use print for now"));
        assert!(is_one_off("skip the hook this time"));
        assert!(!is_one_off("we don't use moment"));
    }
}
