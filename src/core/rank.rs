//! Ranking: reciprocal rank fusion of result lists and normalisation to 0..1.
