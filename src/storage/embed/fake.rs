//! Deterministic embedders for tests, compiled in so integration tests and plain `cargo test`
//! need no Ollama.
//!
//! [`FakeEmbedder`] hashes a bag of words into a normalised vector: texts sharing words are
//! similar, texts sharing none are orthogonal (up to hash collisions). A synonym table maps
//! words onto one concept first, so a test can show "semantic" recall, a query that finds a
//! pattern without sharing a word with it. [`FailingEmbedder`] always fails, as an absent
//! Ollama does.

use std::collections::BTreeMap;
use std::hash::Hasher;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{EmbedError, Embedder};
use crate::core::embedding_prompt::EmbeddingPrompts;

/// Hashed bag-of-words embedder with a synonym table.
#[derive(Debug)]
pub struct FakeEmbedder {
    model: String,
    prompts: EmbeddingPrompts,
    dim: usize,
    synonyms: BTreeMap<String, String>,
    texts_embedded: AtomicUsize,
    calls: AtomicUsize,
    /// Every text embedded, in order (tests check what a model was sent).
    seen: std::sync::Mutex<Vec<String>>,
}

impl FakeEmbedder {
    /// Vectors of `dim` dimensions (at least 1) reported as coming from `model`.
    pub fn new(model: &str, dim: usize) -> Self {
        Self {
            model: model.to_string(),
            prompts: EmbeddingPrompts::default(),
            dim: dim.max(1),
            synonyms: BTreeMap::new(),
            texts_embedded: AtomicUsize::new(0),
            calls: AtomicUsize::new(0),
            seen: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// Every text embedded so far, in order.
    pub fn texts_seen(&self) -> Vec<String> {
        self.seen.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Treat every word of each group as the same concept (lower-case words).
    pub fn with_synonyms(mut self, groups: &[&[&str]]) -> Self {
        for group in groups {
            if let Some(first) = group.first() {
                for word in *group {
                    self.synonyms
                        .insert(word.to_lowercase(), first.to_lowercase());
                }
            }
        }
        self
    }

    /// Ask callers for these prefixes, as a model that expects them would.
    pub fn with_prompts(mut self, prompts: EmbeddingPrompts) -> Self {
        self.prompts = prompts;
        self
    }

    /// How many texts this embedder has embedded so far.
    pub fn texts_embedded(&self) -> usize {
        self.texts_embedded.load(Ordering::Relaxed)
    }

    /// How many non-empty `embed` calls (round-trips) it has answered.
    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::Relaxed)
    }

    /// The vector of one text: each word (after synonyms) adds ±1 to a hashed bucket.
    pub fn vector(&self, text: &str) -> Vec<f32> {
        let mut v = vec![0f32; self.dim];
        let lower = text.to_lowercase();
        for word in lower
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.len() > 1)
        {
            let concept = self.synonyms.get(word).map_or(word, String::as_str);
            let mut hasher = fnv::FnvHasher::default();
            hasher.write(concept.as_bytes());
            let h = hasher.finish();
            let bucket = (h % self.dim as u64) as usize;
            let sign = if (h >> 63) == 0 { 1.0 } else { -1.0 };
            v[bucket] += sign;
        }
        let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        if norm > 0.0 {
            v.iter_mut().for_each(|x| *x /= norm);
        }
        v
    }
}

impl Embedder for FakeEmbedder {
    fn model(&self) -> &str {
        &self.model
    }

    fn prompts(&self) -> EmbeddingPrompts {
        self.prompts.clone()
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.texts_embedded
            .fetch_add(texts.len(), Ordering::Relaxed);
        if let Ok(mut seen) = self.seen.lock() {
            seen.extend_from_slice(texts);
        }
        Ok(texts.iter().map(|t| self.vector(t)).collect())
    }
}

/// An embedder whose service is never there.
#[derive(Debug)]
pub struct FailingEmbedder {
    model: String,
    calls: AtomicUsize,
}

impl FailingEmbedder {
    pub fn new(model: &str) -> Self {
        Self {
            model: model.to_string(),
            calls: AtomicUsize::new(0),
        }
    }

    /// How many times it was asked.
    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::Relaxed)
    }
}

impl Embedder for FailingEmbedder {
    fn model(&self) -> &str {
        &self.model
    }

    fn embed(&self, _texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        Err(EmbedError::Unreachable {
            host: "fake".to_string(),
            detail: "connection refused".to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dot(a: &[f32], b: &[f32]) -> f32 {
        a.iter().zip(b).map(|(x, y)| x * y).sum()
    }

    #[test]
    fn same_text_same_vector_and_unit_length() {
        let e = FakeEmbedder::new("fake", 64);
        let a = e.embed(&["Handle errors with thiserror".into()]).unwrap();
        let b = e.embed(&["Handle errors with thiserror".into()]).unwrap();
        assert_eq!(a, b);
        assert!((dot(&a[0], &a[0]) - 1.0).abs() < 1e-5);
        assert_eq!(e.texts_embedded(), 2);
        assert_eq!(e.calls(), 2);
        assert_eq!(e.model(), "fake");
    }

    #[test]
    fn synonyms_make_disjoint_words_similar() {
        let plain = FakeEmbedder::new("fake", 256);
        let syn = FakeEmbedder::new("fake", 256).with_synonyms(&[&["failure", "error"]]);
        let (q, d) = ("error", "failure");
        assert!(dot(&plain.vector(q), &plain.vector(d)).abs() < 1e-6);
        assert!((dot(&syn.vector(q), &syn.vector(d)) - 1.0).abs() < 1e-5);
    }

    #[test]
    fn empty_text_is_the_zero_vector_and_empty_batch_costs_nothing() {
        let e = FakeEmbedder::new("fake", 8);
        assert_eq!(e.vector("!"), vec![0.0; 8]);
        assert!(e.embed(&[]).unwrap().is_empty());
        assert_eq!(e.calls(), 0);
    }

    #[test]
    fn failing_embedder_reports_unavailable() {
        let e = FailingEmbedder::new("m");
        let err = e.embed(&["x".into()]).unwrap_err();
        assert!(err.is_unavailable());
        assert_eq!(e.calls(), 1);
    }
}
