//! `search_patterns`: the CLI's ranking (`services::search`), then the language and tag
//! filters on the matched patterns, rendered as text an agent can read: the ranked sections
//! with source and heading, then each distinct pattern's body once, best first, within
//! [`BODY_BUDGET`] characters, saying what was cut. The query is redacted before it is searched
//! or echoed.

use std::borrow::Cow;
use std::collections::BTreeSet;

use crate::core::redact::redact;
use crate::services::hybrid::hybrid_search;
use crate::services::search::{RankedChunk, query_for_text};
use crate::storage::embed::Embedder;
use crate::storage::index::{Index, IndexError, StoredPattern};

/// Characters of pattern text one search returns.
pub const BODY_BUDGET: usize = 8_000;
/// Most sections one search ranks.
pub const MAX_TOP_K: usize = 50;

/// How the line before each pattern's body begins: `---- Title (source)`, then its facts.
const BODY_MARK: &str = "---- ";

/// A search request after argument checks.
#[derive(Debug, Clone, Default)]
pub struct SearchRequest {
    pub query: String,
    pub top_k: usize,
    pub language: Option<String>,
    pub tags: Vec<String>,
    pub include_metadata: bool,
}

fn keeps(request: &SearchRequest, pattern: &StoredPattern) -> bool {
    let summary = &pattern.summary;
    let language_ok = request.language.as_ref().is_none_or(|lang| {
        summary.languages.is_empty() || summary.languages.iter().any(|l| l == lang)
    });
    let tags_ok = request.tags.is_empty()
        || summary
            .tags
            .iter()
            .any(|t| request.tags.iter().any(|want| want.eq_ignore_ascii_case(t)));
    language_ok && tags_ok
}

/// Run the search and render the answer.
pub fn search_text(
    index: &Index,
    request: &SearchRequest,
    embedder: Option<&dyn Embedder>,
    min_relevance: f64,
) -> Result<String, IndexError> {
    // MCP clients log what tools are sent and return: the query is redacted before anything
    // is made of it (its terms, the embedded text, the echo).
    let text = redact(&request.query);
    let mut query = query_for_text(&text);
    if let Some(lang) = &request.language
        && !query.languages.contains(lang)
    {
        query.languages.push(lang.clone());
    }
    let filtered = request.language.is_some() || !request.tags.is_empty();
    // Filters drop results after ranking, so rank more to still fill top_k.
    let limit = if filtered {
        (request.top_k * 4).min(MAX_TOP_K * 4)
    } else {
        request.top_k
    };
    let outcome =
        hybrid_search(index, embedder, &query, &text, limit, min_relevance)?.to_search_outcome();
    let mut hits: Vec<&RankedChunk> = Vec::new();
    let mut patterns: Vec<StoredPattern> = Vec::new();
    let mut rejected = BTreeSet::new();
    for hit in &outcome.results {
        if hits.len() == request.top_k {
            break;
        }
        if rejected.contains(&hit.pattern_id) {
            continue;
        }
        if !patterns.iter().any(|p| p.summary.id == hit.pattern_id) {
            match index.pattern(hit.pattern_id)? {
                Some(p) if keeps(request, &p) => patterns.push(p),
                _ => {
                    rejected.insert(hit.pattern_id);
                    continue;
                }
            }
        }
        hits.push(hit);
    }
    Ok(render(request, &query.terms, &hits, &patterns))
}

/// The sources of the patterns whose whole body an answer of [`search_text`] holds (read back
/// from the answer an agent received, so what it was shown can be recorded for its session);
/// a body cut to the budget is not whole. The caller checks each source against the index.
pub fn sources_shown_whole(answer: &str) -> Vec<String> {
    let mut sources = Vec::new();
    for line in answer.lines() {
        let Some(header) = line.strip_prefix(BODY_MARK) else {
            continue;
        };
        // `Title (source)` or `Title (source); tags: a, b; language: go`: the source is the
        // last parenthesis closing the line or followed by the facts.
        let end = header
            .rfind("); ")
            .filter(|&i| {
                header[i + 1..].starts_with("; tags: ")
                    || header[i + 1..].starts_with("; language: ")
            })
            .or_else(|| header.ends_with(')').then(|| header.len() - 1));
        let Some(end) = end else { continue };
        let Some(start) = header[..end].rfind(" (") else {
            continue;
        };
        let source = &header[start + 2..end];
        let cut = format!("characters of {source}; read the file for the rest]");
        if !source.is_empty() && !answer.contains(&cut) && !sources.iter().any(|s| s == source) {
            sources.push(source.to_string());
        }
    }
    sources
}

fn heading_of(hit: &RankedChunk) -> String {
    let path = match hit.heading_path.split_first() {
        Some((first, rest)) if *first == hit.title => rest,
        _ => &hit.heading_path[..],
    };
    if path.is_empty() {
        hit.title.clone()
    } else {
        format!("{} › {}", hit.title, path.join(" › "))
    }
}

fn render(
    request: &SearchRequest,
    terms: &[String],
    hits: &[&RankedChunk],
    patterns: &[StoredPattern],
) -> String {
    // The query is echoed back, and MCP clients log what tools return: secrets in it stay out.
    let query = redact(&request.query);
    let terms: Vec<Cow<'_, str>> = terms.iter().map(|t| redact(t)).collect();
    let mut out = String::new();
    if hits.is_empty() {
        out.push_str(&format!(
            "No patterns match {:?} (search terms: {}).{}\nTry other words, fewer filters, or add the convention with add_pattern.\n",
            query,
            if terms.is_empty() {
                "none".to_string()
            } else {
                terms.join(", ")
            },
            if request.language.is_some() || !request.tags.is_empty() {
                " Filters were applied."
            } else {
                ""
            }
        ));
        return out;
    }
    out.push_str(&format!(
        "{} matching sections in {} patterns for {:?}:\n\n",
        hits.len(),
        patterns.len(),
        query
    ));
    // Numbered as listed: a filter may have left out higher-ranked sections.
    for (shown, hit) in hits.iter().enumerate() {
        out.push_str(&format!(
            "{}. {} ({}:{})",
            shown + 1,
            heading_of(hit),
            hit.source,
            hit.line
        ));
        if request.include_metadata {
            out.push_str(&format!(" [score {:.3}", hit.score));
            if let Some(bm25) = hit.bm25 {
                out.push_str(&format!(", bm25 {bm25:.3}"));
            }
            if let Some(fts_rank) = hit.fts_rank {
                out.push_str(&format!(", fts rank {fts_rank}"));
            }
            out.push(']');
        }
        out.push('\n');
    }
    let mut used = 0;
    let mut cut = Vec::new();
    for p in patterns {
        let s = &p.summary;
        let mut facts = Vec::new();
        if !s.tags.is_empty() {
            facts.push(format!("tags: {}", s.tags.join(", ")));
        }
        if !s.languages.is_empty() {
            facts.push(format!("language: {}", s.languages.join(", ")));
        }
        let header = format!(
            "\n{BODY_MARK}{} ({}){}\n\n",
            s.title,
            s.source,
            if facts.is_empty() {
                String::new()
            } else {
                format!("; {}", facts.join("; "))
            }
        );
        let body = p.body.trim();
        let size = header.chars().count() + body.chars().count() + 1;
        if used + size <= BODY_BUDGET {
            used += size;
            out.push_str(&header);
            out.push_str(body);
            out.push('\n');
        } else if used == 0 {
            // The best pattern alone is over budget: show its beginning.
            let room = BODY_BUDGET.saturating_sub(header.chars().count());
            let shown: String = body.chars().take(room).collect();
            used = BODY_BUDGET;
            out.push_str(&header);
            out.push_str(&shown);
            out.push_str(&format!(
                "\n[… cut: {} more characters of {}; read the file for the rest]\n",
                body.chars().count() - shown.chars().count(),
                s.source
            ));
        } else {
            cut.push(s.source.as_str());
        }
    }
    if !cut.is_empty() {
        out.push_str(&format!(
            "\n[cut to stay within {BODY_BUDGET} characters: the text of {} (listed above); read those files, or search more narrowly]\n",
            cut.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::index::PatternSummary;

    fn pattern(tags: &[&str], languages: &[&str]) -> StoredPattern {
        StoredPattern {
            summary: PatternSummary {
                id: 1,
                source: "p.md".into(),
                title: "P".into(),
                tags: tags.iter().map(|s| s.to_string()).collect(),
                languages: languages.iter().map(|s| s.to_string()).collect(),
                universal: false,
                applies_when: Default::default(),
                paths: Vec::new(),
                description: None,
            },
            body: String::new(),
        }
    }

    #[test]
    fn the_echoed_query_and_terms_are_redacted() {
        let request = SearchRequest {
            query: "deploy with AKIAIOSFODNN7EXAMPLE and password=hunter2".into(),
            top_k: 5,
            ..SearchRequest::default()
        };
        let terms = ["deploy".to_string(), "akiaiosfodnn7example".to_string()];
        let text = render(&request, &terms, &[], &[]);
        assert!(!text.contains("AKIAIOSFODNN7EXAMPLE"), "{text}");
        assert!(!text.contains("akiaiosfodnn7example"), "{text}");
        assert!(!text.contains("hunter2"), "{text}");
        assert!(
            text.starts_with(
                "No patterns match \"deploy with [REDACTED] and password=[REDACTED]\" (search terms: deploy, [REDACTED])."
            ),
            "{text}"
        );
    }

    fn hit(source: &str, title: &str) -> RankedChunk {
        RankedChunk {
            rank: 1,
            score: 1.0,
            fts_rank: Some(1),
            bm25: Some(-1.0),
            chunk_id: 1,
            pattern_id: 1,
            source: source.into(),
            title: title.into(),
            heading_path: vec![title.into()],
            line: 1,
        }
    }

    fn stored(source: &str, title: &str, body: &str, tags: &[&str]) -> StoredPattern {
        let mut p = pattern(tags, &[]);
        p.summary.source = source.into();
        p.summary.title = title.into();
        p.body = body.into();
        p
    }

    #[test]
    fn sections_are_numbered_as_listed_when_a_filter_left_some_out() {
        let request = SearchRequest {
            query: "retries".into(),
            top_k: 5,
            tags: vec!["http".into()],
            ..SearchRequest::default()
        };
        // Ranked 3rd and 5th before the filter dropped the others.
        let mut first = hit("http/retries.md", "Retries");
        first.rank = 3;
        let mut second = hit("http/retries.md", "Retries");
        second.rank = 5;
        let patterns = [stored("http/retries.md", "Retries", "Back off.", &["http"])];
        let answer = render(&request, &[], &[&first, &second], &patterns);
        assert!(answer.contains("\n1. "), "{answer}");
        assert!(answer.contains("\n2. "), "{answer}");
        assert!(!answer.contains("\n3. "), "{answer}");
    }

    #[test]
    fn an_answer_tells_which_patterns_it_showed_whole() {
        let request = SearchRequest {
            query: "retries".into(),
            top_k: 5,
            ..SearchRequest::default()
        };
        let hits = [
            hit("http/retries.md", "Retries (and timeouts)"),
            hit("errors.md", "Errors"),
        ];
        let patterns = [
            stored(
                "http/retries.md",
                "Retries (and timeouts)",
                "Back off.",
                &["http"],
            ),
            stored("errors.md", "Errors", "Wrap them.", &[]),
        ];
        let answer = render(&request, &[], &[&hits[0], &hits[1]], &patterns);
        assert_eq!(
            sources_shown_whole(&answer),
            ["http/retries.md", "errors.md"]
        );

        // The best pattern alone over the budget is shown cut: not whole.
        let long = "x".repeat(BODY_BUDGET + 10);
        let patterns = [stored("long.md", "Long", &long, &[])];
        let answer = render(&request, &[], &[&hit("long.md", "Long")], &patterns);
        assert!(answer.contains("read the file for the rest"), "{answer}");
        assert!(sources_shown_whole(&answer).is_empty());

        assert!(sources_shown_whole("No patterns match \"x\".").is_empty());
    }

    #[test]
    fn filters_keep_matching_languages_and_any_tag() {
        let req = |language: Option<&str>, tags: &[&str]| SearchRequest {
            language: language.map(String::from),
            tags: tags.iter().map(|s| s.to_string()).collect(),
            ..SearchRequest::default()
        };
        let cases = [
            (req(None, &[]), pattern(&[], &["go"]), true),
            (req(Some("rust"), &[]), pattern(&[], &["rust", "sql"]), true),
            (req(Some("rust"), &[]), pattern(&[], &["go"]), false),
            (req(Some("rust"), &[]), pattern(&[], &[]), true),
            (req(None, &["SQL", "x"]), pattern(&["sql"], &[]), true),
            (req(None, &["x"]), pattern(&["sql"], &[]), false),
            (
                req(Some("rust"), &["sql"]),
                pattern(&["sql"], &["go"]),
                false,
            ),
        ];
        for (i, (request, p, want)) in cases.iter().enumerate() {
            assert_eq!(keeps(request, p), *want, "case {i}");
        }
    }
}
