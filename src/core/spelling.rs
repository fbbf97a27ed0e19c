//! Near misses of a known name: a frontmatter key one or two keystrokes from one lore or an
//! agent reads (`pahts`, `glob`, `applyto`) is almost always that key mistyped, and ignoring
//! it quietly drops the scope its author wrote.

/// The known name `written` most likely means, if it is a near miss of one: the same name in
/// another case, or (ignoring case) one edit away, two for names of five letters or more.
/// A name that is itself known is no miss.
pub fn meant<'a>(written: &str, known: &[&'a str]) -> Option<&'a str> {
    if known.contains(&written) {
        return None;
    }
    let lower = written.to_lowercase();
    let mut best: Option<(usize, &'a str)> = None;
    for name in known {
        let distance = edits(&lower, &name.to_lowercase());
        let allowed = if name.chars().count() >= 5 { 2 } else { 1 };
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, name));
        }
    }
    best.map(|(_, name)| name)
}

/// Edits (insert, delete, replace, swap two neighbours) turning `a` into `b`.
fn edits(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Keys are short; a full table is the clearest.
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::meant;

    const KEYS: &[&str] = &["tags", "paths", "language", "languages", "applyTo", "globs"];

    #[test]
    fn a_mistyped_key_is_taken_for_the_one_it_nearly_is() {
        assert_eq!(meant("pahts", KEYS), Some("paths"));
        assert_eq!(meant("tgas", KEYS), Some("tags"));
        assert_eq!(meant("lanugage", KEYS), Some("language"));
        assert_eq!(meant("applyto", KEYS), Some("applyTo"));
        assert_eq!(meant("glob", KEYS), Some("globs"));
        assert_eq!(meant("tag", KEYS), Some("tags"));
    }

    #[test]
    fn a_known_key_or_a_key_of_its_own_is_no_miss() {
        assert_eq!(meant("paths", KEYS), None);
        assert_eq!(meant("owner", KEYS), None);
        assert_eq!(meant("title", KEYS), None);
        assert_eq!(meant("name", KEYS), None);
        assert_eq!(meant("status", KEYS), None);
        assert_eq!(meant("type", KEYS), None);
    }
}
