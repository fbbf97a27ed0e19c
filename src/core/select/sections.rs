//! How much each section of a pattern holds the call's words: the weights of the call's terms
//! it holds, a term in its own heading counting more and one in the headings above it less,
//! so an excerpt shows the rule that fits (the `HTTPException` section of a FastAPI guide)
//! rather than the file's first sections.

use crate::core::query::StemSet;

/// A term in the section's own heading counts this much more than one in its text.
const OWN_HEADING: f64 = 2.0;
/// A term in a heading above the section (its chapter) counts this much.
const PARENT_HEADING: f64 = 0.5;

/// The call's terms with their weights (how distinctive each is in the index).
#[derive(Debug, Default)]
pub struct WeightedTerms {
    stems: StemSet,
    /// Weight per stem position of `stems`.
    weights: Vec<f64>,
}

impl WeightedTerms {
    /// `terms` with their weights; a stem given twice keeps its larger weight.
    pub fn new(terms: &[(String, f64)]) -> Self {
        let words: Vec<String> = terms.iter().map(|(t, _)| t.clone()).collect();
        let stems = StemSet::of_terms(&words);
        let mut weights = vec![0.0; terms.len()];
        for (term, weight) in terms {
            if let Some(at) = stems.position_of(term)
                && let Some(slot) = weights.get_mut(at)
            {
                *slot = f64::max(*slot, *weight);
            }
        }
        Self { stems, weights }
    }

    /// How strongly a section (its heading path, its own heading last, and its text) holds
    /// the terms; 0 when it holds none.
    pub fn relevance(&self, heading_path: &[String], text: &str) -> f64 {
        if self.stems.is_empty() {
            return 0.0;
        }
        let mut score = self.weighted(&self.stems.presence_in(text), 1.0);
        if let Some((own, above)) = heading_path.split_last() {
            score += self.weighted(&self.stems.presence_in(own), OWN_HEADING);
            for heading in above {
                score += self.weighted(&self.stems.presence_in(heading), PARENT_HEADING);
            }
        }
        score
    }

    fn weighted(&self, present: &[bool], factor: f64) -> f64 {
        present
            .iter()
            .zip(&self.weights)
            .filter(|(p, _)| **p)
            .map(|(_, w)| w * factor)
            .sum()
    }
}

/// How many of the call's distinctive words the section holding most of them holds, its
/// count divided by how many times longer than the index's mean pattern it is (a section that
/// long or shorter counts in full). `length_ratio` is the whole pattern's length over that
/// mean, so a section's is its share of the pattern's words times it. A long guide holds many
/// of a call's words spread over sections about other things; a section that holds them
/// together speaks of what the call does, whatever the length of the file around it.
pub fn concentrated_breadth<'a>(
    words: &StemSet,
    sections: impl IntoIterator<Item = (&'a [String], &'a str)>,
    length_ratio: f64,
) -> f64 {
    let counted: Vec<(usize, usize)> = sections
        .into_iter()
        .map(|(heading_path, text)| {
            let mut texts = vec![text];
            texts.extend(heading_path.iter().map(String::as_str));
            words.held_by(&texts)
        })
        .collect();
    let total: usize = counted.iter().map(|(_, length)| length).sum();
    counted
        .iter()
        .map(|&(held, length)| {
            let longer = if total > 0 {
                (length as f64 / total as f64 * length_ratio).max(1.0)
            } else {
                1.0
            };
            held as f64 / longer
        })
        .fold(0.0, f64::max)
}

/// A section that is only its heading line (a chapter title with its content in the
/// sections below): nothing to read on its own.
pub fn is_heading_only(text: &str) -> bool {
    let mut lines = text.lines().skip_while(|l| l.trim().is_empty());
    let first_is_heading = lines
        .next()
        .is_some_and(|l| l.trim_start().starts_with('#'));
    first_is_heading && lines.all(|l| l.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(list: &[(&str, f64)]) -> WeightedTerms {
        WeightedTerms::new(
            &list
                .iter()
                .map(|(t, w)| (t.to_string(), *w))
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn headings_weigh_more_than_text_and_distinctive_terms_more_than_common_ones() {
        let t = terms(&[("httpexception", 5.0), ("error", 0.5)]);
        let path = |h: &[&str]| h.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let in_text = t.relevance(
            &path(&["Guide", "Routers"]),
            "Raise HTTPException on errors.",
        );
        assert!((in_text - 5.5).abs() < 1e-9, "{in_text}");
        let in_heading = t.relevance(
            &path(&["Guide", "HTTPException"]),
            "## HTTPException\nRaise it.",
        );
        assert!((in_heading - 15.0).abs() < 1e-9, "{in_heading}");
        let in_chapter = t.relevance(&path(&["Errors", "Retries"]), "Back off.");
        assert!((in_chapter - 0.25).abs() < 1e-9, "{in_chapter}");
        assert_eq!(t.relevance(&path(&["Style"]), "Name things well."), 0.0);
    }

    #[test]
    fn breadth_counts_the_words_one_section_holds_together() {
        let words = StemSet::of_terms(&["webhook", "token", "verify", "secret"].map(String::from));
        let path = |h: &str| vec!["Security".to_string(), h.to_string()];
        let (webhooks, sessions) = (path("Webhooks"), path("Sessions"));
        let spread = [
            (webhooks.as_slice(), "Check the webhook origin."),
            (sessions.as_slice(), "Rotate the session token."),
        ];
        assert_eq!(concentrated_breadth(&words, spread, 1.0), 1.0);
        let together = [
            (
                webhooks.as_slice(),
                "Verify each webhook token against the shared secret.",
            ),
            (sessions.as_slice(), "Rotate the session cookie."),
        ];
        // A pattern as long as the index's mean: the section counts in full.
        assert_eq!(concentrated_breadth(&words, together, 1.0), 4.0);
        // In a pattern eight times the mean, that section (8 of its 12 words) is over five
        // times the mean, and its four words count for less than one.
        let held = concentrated_breadth(&words, together, 8.0);
        assert!((held - 4.0 / (8.0 / 12.0 * 8.0)).abs() < 1e-9, "{held}");
        assert_eq!(concentrated_breadth(&words, [], 2.0), 0.0);
    }

    #[test]
    fn a_heading_alone_is_recognised() {
        assert!(is_heading_only("## Errors\n\n"));
        assert!(!is_heading_only("## Errors\nWrap them.\n"));
        assert!(!is_heading_only("Lead paragraph without a heading."));
        assert!(!is_heading_only(""));
    }
}
