//! The technologies a detector found: ids in order of first evidence, each once.

/// Ids of technologies found (built-in table positions, then team entries), in order of first
/// evidence. At most one id per technology, so a long input cannot grow it past the table.
#[derive(Debug, Default)]
pub(super) struct Found {
    ids: Vec<usize>,
}

impl Found {
    pub(super) fn add(&mut self, id: usize) {
        if !self.ids.contains(&id) {
            self.ids.push(id);
        }
    }

    pub(super) fn extend(&mut self, ids: impl IntoIterator<Item = usize>) {
        for id in ids {
            self.add(id);
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Ids found, in order.
    pub(super) fn ids(&self) -> &[usize] {
        &self.ids
    }

    pub(super) fn into_ids(self) -> Vec<usize> {
        self.ids
    }
}
