//! Joining the selections of a call's files: each file's best first, within the limit.

use super::*;

fn judged(source: &str, verdict: Verdict) -> Candidate {
    Candidate {
        verdict,
        ..Candidate::new(0, source.to_string(), source.to_string())
    }
}

fn selection_of(candidates: Vec<Candidate>) -> Selection {
    Selection {
        expression: None,
        mode: RetrievalMode::FtsOnly,
        notes: Vec::new(),
        candidates,
    }
}

#[test]
fn a_call_over_several_files_gets_each_file_s_best_first_within_the_limit() {
    let glob = |g: &str| Verdict::Kept(Grounds::Glob { glob: g.into() });
    let words = Verdict::Kept(Grounds::Words { score: 3.0 });
    let outside = Verdict::Dropped(Shortfall::OutsidePaths);
    let universal = Verdict::Kept(Grounds::Universal);
    let controller = selection_of(vec![
        judged("house.md", universal.clone()),
        judged("api.md", glob("src/api/**")),
        judged("errors.md", words.clone()),
        judged("logging.md", words.clone()),
        judged("tests.md", outside.clone()),
    ]);
    let test = selection_of(vec![
        judged("house.md", universal.clone()),
        judged("tests.md", glob("tests/**")),
        judged("api.md", outside.clone()),
        judged("fixtures.md", words.clone()),
    ]);
    let migration = selection_of(vec![
        judged("migrations.md", glob("db/**")),
        judged("ci.md", outside.clone()),
    ]);
    let joined = Selection::of_files(vec![controller, test, migration], 4).unwrap();
    let verdicts: Vec<(&str, &Verdict)> = joined
        .candidates
        .iter()
        .map(|c| (c.source.as_str(), &c.verdict))
        .collect();
    assert_eq!(
        verdicts,
        [
            // Universal, not counted; then each file's best, then each file's second.
            ("house.md", &universal),
            ("api.md", &glob("src/api/**")),
            ("tests.md", &glob("tests/**")),
            ("migrations.md", &glob("db/**")),
            ("errors.md", &words),
            // Kept by its file, but the call's limit is reached.
            (
                "fixtures.md",
                &Verdict::Dropped(Shortfall::OverLimit { max: 4 })
            ),
            (
                "logging.md",
                &Verdict::Dropped(Shortfall::OverLimit { max: 4 })
            ),
            ("ci.md", &outside),
        ]
    );
    assert!(Selection::of_files(Vec::new(), 4).is_none());
}
