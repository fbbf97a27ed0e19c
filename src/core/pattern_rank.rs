//! Pattern ranking: from ranked chunks to ranked whole patterns, how much a `paths` glob says
//! about a file, and the score below which full-text matches are noise.

use std::collections::BTreeMap;

/// What a `paths` glob tells about a touched file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlobKind {
    /// Matches everything (`**/*`): says nothing.
    CatchAll,
    /// Only restates a language or a generic source tree (`**/*.ts`, `src/**/*.rs`): a boost
    /// for patterns that also match by words, not a reason on its own.
    Broad,
    /// Names a directory or file of the project (`src/storage/**`, `**/Dockerfile`): the
    /// team asked for this pattern whenever such a file is touched.
    Specific,
}

/// Directory names that every project has; a glob naming only these is not specific.
const GENERIC_DIRS: &[&str] = &[
    "src",
    "lib",
    "app",
    "apps",
    "packages",
    "pkg",
    "source",
    "sources",
    "test",
    "tests",
    "spec",
    "internal",
    "cmd",
    "components",
    "",
];

fn has_wildcard(segment: &str) -> bool {
    segment.contains(['*', '?', '[', '{'])
}

/// Classify a glob by how specific it is.
pub fn classify_glob(glob: &str) -> GlobKind {
    let glob = glob.trim().trim_start_matches("./").trim_start_matches('/');
    let segments: Vec<&str> = glob.split('/').collect();
    if segments
        .iter()
        .all(|s| matches!(*s, "**" | "*" | "**.*" | "*.*"))
    {
        return GlobKind::CatchAll;
    }
    let last = segments.last().copied().unwrap_or("");
    let names_a_file = !has_wildcard(last);
    let names_a_dir = segments[..segments.len().saturating_sub(1)]
        .iter()
        .any(|s| !has_wildcard(s) && !GENERIC_DIRS.contains(&s.to_ascii_lowercase().as_str()));
    if names_a_file || names_a_dir {
        GlobKind::Specific
    } else {
        GlobKind::Broad
    }
}

/// A cheap necessary condition for `glob` to match `path`: the file extension (for `*.ts`,
/// `*.{ts,tsx}`), the file name (for a literal last segment) and a literal leading directory
/// must fit. Lets a hook skip compiling the globs that cannot match the touched file.
pub fn could_match(glob: &str, path: &str) -> bool {
    let glob = glob.trim().trim_start_matches("./").trim_start_matches('/');
    let file_name = path.rsplit('/').next().unwrap_or(path);
    let last = glob.rsplit('/').next().unwrap_or(glob);
    if !has_wildcard(last) && !file_name.eq_ignore_ascii_case(last) {
        return false;
    }
    if let Some(ext) = last.strip_prefix("*.") {
        let extensions: Vec<&str> = match ext.strip_prefix('{').and_then(|e| e.strip_suffix('}')) {
            Some(list) => list.split(',').collect(),
            None if !has_wildcard(ext) => vec![ext],
            None => Vec::new(),
        };
        let ends = |e: &&str| {
            !has_wildcard(e)
                && file_name.len() > e.len()
                && file_name
                    .to_ascii_lowercase()
                    .ends_with(&format!(".{}", e.to_ascii_lowercase()))
        };
        if !extensions.is_empty() && !extensions.iter().any(ends) {
            return false;
        }
    }
    let literal_dir: Vec<&str> = glob.split('/').take_while(|s| !has_wildcard(s)).collect();
    if literal_dir.len() > 1 || (literal_dir.len() == 1 && glob.contains('/')) {
        let prefix = literal_dir.join("/");
        let dirs_only = if glob.split('/').count() == literal_dir.len() {
            literal_dir[..literal_dir.len() - 1].join("/")
        } else {
            prefix
        };
        if !dirs_only.is_empty() && !path.starts_with(&format!("{dirs_only}/")) {
            return false;
        }
    }
    true
}

/// A pattern's rank from its matching chunks.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternScore {
    pub pattern_id: i64,
    /// Aggregated score (higher is better).
    pub score: f64,
    /// Indexes into the chunk list of this pattern's matching chunks, best first.
    pub chunks: Vec<usize>,
}

/// Weights of a pattern's best, second and third chunk: a pattern whose several sections
/// match is a better match than one with a single lucky section, with diminishing returns.
const CHUNK_WEIGHTS: [f64; 3] = [1.0, 0.35, 0.15];

/// Group ranked chunks (pattern id, score; best first) into patterns, best first. Ties keep
/// the order of each pattern's best chunk, so the result is deterministic.
pub fn rank_patterns(chunks: &[(i64, f64)]) -> Vec<PatternScore> {
    let mut by_pattern: BTreeMap<i64, (usize, Vec<usize>)> = BTreeMap::new();
    for (i, (pattern, _)) in chunks.iter().enumerate() {
        by_pattern
            .entry(*pattern)
            .or_insert((i, Vec::new()))
            .1
            .push(i);
    }
    let mut ranked: Vec<(usize, PatternScore)> = by_pattern
        .into_iter()
        .map(|(pattern_id, (first, idx))| {
            let score = idx
                .iter()
                .zip(CHUNK_WEIGHTS)
                .map(|(i, w)| chunks[*i].1 * w)
                .sum();
            (
                first,
                PatternScore {
                    pattern_id,
                    score,
                    chunks: idx,
                },
            )
        })
        .collect();
    ranked.sort_by(|(fa, a), (fb, b)| b.score.total_cmp(&a.score).then(fa.cmp(fb)));
    ranked.into_iter().map(|(_, p)| p).collect()
}

/// Below this many chunks an index is a team's own small knowledge base, where every pattern
/// was written for this project and no noise floor is needed.
const FLOOR_FREE_CHUNKS: f64 = 400.0;
/// How fast the floor rises with the index size (BM25's IDF grows with its logarithm, and so
/// do the scores of chance matches on common words).
const FLOOR_SLOPE: f64 = 6.0;

/// The lowest full-text score worth injecting in an index of `chunk_count` chunks.
pub fn noise_floor(chunk_count: u64) -> f64 {
    let ratio = chunk_count as f64 / FLOOR_FREE_CHUNKS;
    if ratio <= 1.0 {
        0.0
    } else {
        FLOOR_SLOPE * ratio.ln()
    }
}

/// In a large index, a pattern found only by vector similarity must stand out this many
/// standard deviations above the query's mean similarity. Measured on the shared eval set
/// (6,929 sections): no relevant pattern was found by vectors alone, while irrelevant
/// vector-only hits for tool calls that deserve nothing reached 5.6.
const VECTOR_ONLY_MIN_Z: f32 = 6.0;

/// May a pattern that no word matched be injected on vector similarity alone? Always in a
/// small, team-written index; in a large one only when it stands far out from the rest.
pub fn vector_only_allowed(chunk_count: u64, best_z: f32) -> bool {
    chunk_count as f64 <= FLOOR_FREE_CHUNKS || best_z >= VECTOR_ONLY_MIN_Z
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_are_classified_by_what_they_name() {
        for (glob, kind) in [
            ("**/*", GlobKind::CatchAll),
            ("*", GlobKind::CatchAll),
            ("**", GlobKind::CatchAll),
            ("**/*.ts", GlobKind::Broad),
            ("src/**/*.rs", GlobKind::Broad),
            ("**/*.{ts,tsx}", GlobKind::Broad),
            ("app/**/*.tsx", GlobKind::Broad),
            ("src/storage/**", GlobKind::Specific),
            ("**/Dockerfile", GlobKind::Specific),
            (".github/workflows/*.yml", GlobKind::Specific),
            ("Cargo.toml", GlobKind::Specific),
        ] {
            assert_eq!(classify_glob(glob), kind, "{glob}");
        }
    }

    #[test]
    fn could_match_rules_out_only_impossible_globs() {
        for (glob, path, possible) in [
            ("**/*.ts", "web/a.ts", true),
            ("**/*.ts", "src/a.rs", false),
            ("**/*.{ts,tsx}", "web/a.tsx", true),
            ("**/*.{ts,tsx}", "src/a.rs", false),
            ("src/storage/**", "src/storage/index/read.rs", true),
            ("src/storage/**", "src/services/a.rs", false),
            ("**/Dockerfile", "deploy/Dockerfile", true),
            ("**/Dockerfile", "deploy/compose.yml", false),
            ("Cargo.toml", "Cargo.toml", true),
            (".github/workflows/*.yml", ".github/workflows/ci.yml", true),
            (".github/workflows/*.yml", "ci.yml", false),
            ("**/*.test.*", "a.test.ts", true),
            ("app/**/page.tsx", "app/x/page.tsx", true),
        ] {
            assert_eq!(could_match(glob, path), possible, "{glob} vs {path}");
        }
    }

    #[test]
    fn patterns_rank_by_weighted_best_chunks() {
        // Pattern 1: one chunk of 10. Pattern 2: chunks of 9 and 8 → 9 + 0.35 * 8 = 11.8.
        let ranked = rank_patterns(&[(1, 10.0), (2, 9.0), (2, 8.0), (3, 1.0)]);
        let order: Vec<i64> = ranked.iter().map(|p| p.pattern_id).collect();
        assert_eq!(order, [2, 1, 3]);
        assert!((ranked[0].score - 11.8).abs() < 1e-9);
        assert_eq!(ranked[0].chunks, [1, 2]);
    }

    #[test]
    fn equal_scores_keep_first_seen_order() {
        let ranked = rank_patterns(&[(7, 5.0), (3, 5.0)]);
        assert_eq!(ranked[0].pattern_id, 7);
    }

    #[test]
    fn vector_only_matches_need_to_stand_out_in_large_indexes() {
        assert!(vector_only_allowed(50, 0.5));
        assert!(!vector_only_allowed(7_000, 5.6));
        assert!(vector_only_allowed(7_000, 6.5));
    }

    #[test]
    fn small_indexes_have_no_floor_and_large_ones_a_growing_one() {
        assert_eq!(noise_floor(0), 0.0);
        assert_eq!(noise_floor(400), 0.0);
        assert!(noise_floor(1_000) > 0.0);
        assert!(noise_floor(7_000) > noise_floor(1_000));
    }
}
