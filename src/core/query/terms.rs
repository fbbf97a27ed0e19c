//! Term cleaning: splitting identifiers, dropping stop words, short tokens and hex-like ids.

/// Split, clean and deduplicate raw words into search terms, keeping first-seen order.
pub fn clean_terms<'a>(_words: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    Vec::new()
}
