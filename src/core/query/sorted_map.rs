//! Lookup maps and sets compiled into the binary: entries sorted by key and found by binary
//! search, so a process pays nothing to build them (`lore hook` starts afresh before every
//! tool call). The generated lookup files hold them; their generators write keys in order,
//! each once, and a test keeps the files in step with the tables (see `generated`).

use std::cmp::Ordering;

/// A map from keys to values, sorted by key.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SortedMap<K: 'static, V: 'static> {
    entries: &'static [(K, V)],
}

impl<K, V: Copy> SortedMap<K, V> {
    /// A map over `entries`, which must be sorted by key with each key once.
    pub(crate) const fn new(entries: &'static [(K, V)]) -> Self {
        Self { entries }
    }

    /// The value of the key `compare` finds: it orders a key against the one looked for.
    pub(crate) fn get_by(&self, mut compare: impl FnMut(&K) -> Ordering) -> Option<V> {
        let at = self
            .entries
            .binary_search_by(|(key, _)| compare(key))
            .ok()?;
        self.entries.get(at).map(|(_, value)| *value)
    }

    /// Whether each key comes after the one before, as binary search needs.
    #[cfg(test)]
    pub(crate) fn is_sorted(&self) -> bool
    where
        K: Ord,
    {
        self.entries.windows(2).all(|w| w[0].0 < w[1].0)
    }
}

impl<V: Copy> SortedMap<&'static str, V> {
    pub(crate) fn get(&self, key: &str) -> Option<V> {
        self.get_by(|probe| (*probe).cmp(key))
    }

    pub(crate) fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }
}

/// A set of words, sorted.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SortedSet {
    keys: &'static [&'static str],
}

impl SortedSet {
    /// A set of `keys`, which must be sorted, each once.
    pub(crate) const fn new(keys: &'static [&'static str]) -> Self {
        Self { keys }
    }

    pub(crate) fn contains(&self, key: &str) -> bool {
        self.keys
            .binary_search_by(|probe| (*probe).cmp(key))
            .is_ok()
    }

    /// Whether each key comes after the one before, as binary search needs.
    #[cfg(test)]
    pub(crate) fn is_sorted(&self) -> bool {
        self.keys.windows(2).all(|w| w[0] < w[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static MAP: SortedMap<&str, u8> = SortedMap::new(&[("go", 1), ("next.js", 2), ("react", 3)]);

    #[test]
    fn a_map_finds_each_key_and_nothing_else() {
        assert_eq!(MAP.get("go"), Some(1));
        assert_eq!(MAP.get("next.js"), Some(2));
        assert_eq!(MAP.get("react"), Some(3));
        assert_eq!(MAP.get("nextjs"), None);
        assert_eq!(MAP.get(""), None);
        assert_eq!(MAP.get("Go"), None);
        assert!(MAP.is_sorted());
        assert!(!SortedMap::new(&[("b", 1), ("a", 2)]).is_sorted());
    }

    #[test]
    fn a_set_holds_its_keys_only() {
        let set = SortedSet::new(&["apache", "spring"]);
        assert!(set.contains("apache") && set.contains("spring"));
        assert!(!set.contains("spark") && !set.contains(""));
        assert!(set.is_sorted() && !SortedSet::new(&["b", "b"]).is_sorted());
    }
}
