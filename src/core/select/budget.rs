//! Budget allocation: how a moment's characters are spent on the patterns that cleared the bar.
//!
//! The budget is a cap, not a target. Patterns are served in order: the best one gets the room
//! it needs (the whole pattern when it is short, else its sections that hold the call's words,
//! best first, up to [`Budget::pattern_room`]) before the next one is considered, and a pattern
//! is only started when a useful share of the budget is left. Sections are never cut mid-rule:
//! an excerpt is made of whole sections, and only the best section, when it alone is too long
//! for the room, is cut: around the call's words, at paragraph or list-item boundaries (see
//! `excerpt`). Sections the session was already shown are not
//! shown again, and heading-only sections (a title with nothing under it) are never shown alone.

/// What allocation knows about one section of a pattern.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SectionInfo {
    /// Characters of the section's text.
    pub chars: usize,
    /// How strongly the section holds the call's words (0: not at all).
    pub relevance: f64,
    /// Only a heading: nothing to read on its own.
    pub heading_only: bool,
    /// Already shown to this session.
    pub shown: bool,
    /// Already shown to this session cut to its room: not cut again, but it may still be
    /// shown whole.
    pub shown_cut: bool,
}

/// The limits of one moment's injection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Characters for every pattern together (the event's budget less framing).
    pub total: usize,
    /// Most characters one pattern gets unless it is shown whole.
    pub pattern_room: usize,
    /// A pattern this short (and not shown before) is shown whole.
    pub whole_max: usize,
    /// A pattern is only started when at least this much room is left.
    pub min_useful: usize,
}

impl Budget {
    /// A moment's limits when `total` characters are left for patterns: one pattern gets
    /// [`PATTERN_ROOM`] at most unless it is shorter than [`WHOLE_MAX`], and a pattern is
    /// only started with [`MIN_USEFUL`] characters left.
    pub fn for_total(total: usize) -> Self {
        Self {
            total,
            pattern_room: PATTERN_ROOM,
            whole_max: WHOLE_MAX,
            min_useful: MIN_USEFUL,
        }
    }
}

/// Most characters one pattern gets in one moment unless it is shown whole: enough for the
/// few sections that apply to a call.
pub const PATTERN_ROOM: usize = 1_200;
/// A pattern up to this long is shown whole.
pub const WHOLE_MAX: usize = 1_500;
/// Less room than this is not worth starting a pattern in.
pub const MIN_USEFUL: usize = 500;

/// What to show of one pattern: section positions in file order, and where to cut the last
/// one when it alone is longer than the room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternPlan {
    /// Every section: the pattern is shown whole.
    pub whole: bool,
    /// Positions of the sections to show, in file order.
    pub sections: Vec<usize>,
    /// Show only this many characters of the one section (a section longer than any room).
    pub cut: Option<usize>,
    /// Characters the plan takes, framing included.
    pub chars: usize,
}

/// On a pattern the session was already shown part of, a section holding the call's words
/// less than this share of the pattern's best section for the call is not shown: it compares
/// sections of one file for one call, so it means the same in any index.
pub const SECTION_SHARE: f64 = 0.5;

/// Most characters a pattern shown briefly gets: one or two sections that hold the call's words.
pub const BRIEF_ROOM: usize = 600;

/// Plan each pattern in order (`None`: nothing of it is shown). `framing` gives the characters
/// a pattern's heading and notes take, by its position; `brief` says which patterns were let
/// in far below the call's best (see `bar::Grounds::Topic` and `bar::Grounds::Breadth`): they
/// get at most [`BRIEF_ROOM`],
/// so the strongest matches keep the room they need and the others point to their files.
pub fn allocate(
    budget: &Budget,
    patterns: &[Vec<SectionInfo>],
    brief: impl Fn(usize) -> bool,
    framing: impl Fn(usize) -> usize,
) -> Vec<Option<PatternPlan>> {
    let mut left = budget.total;
    let mut plans = Vec::with_capacity(patterns.len());
    for (i, sections) in patterns.iter().enumerate() {
        let frame = framing(i);
        if left < budget.min_useful + frame {
            plans.push(None);
            continue;
        }
        let own = if brief(i) {
            Budget {
                pattern_room: budget.pattern_room.min(BRIEF_ROOM),
                whole_max: budget.whole_max.min(BRIEF_ROOM),
                ..*budget
            }
        } else {
            *budget
        };
        let plan = plan_pattern(&own, sections, left - frame).map(|mut plan| {
            plan.chars += frame;
            plan
        });
        if let Some(plan) = &plan {
            left = left.saturating_sub(plan.chars);
        }
        plans.push(plan);
    }
    plans
}

/// The least relevance a section needs to be shown: once the session was shown part of the
/// pattern, a later call gets only the sections that hold its words about as well as the
/// pattern's best for it ([`SECTION_SHARE`]). When that best was shown already, the session
/// has what the file says about this call, and the rest (its layout, its configuration, on a
/// test failure) speaks of something else.
fn section_floor(sections: &[SectionInfo]) -> f64 {
    if !sections.iter().any(|s| s.shown || s.shown_cut) {
        return 0.0;
    }
    let best = sections
        .iter()
        .filter(|s| !s.heading_only)
        .map(|s| s.relevance)
        .fold(0.0, f64::max);
    best * SECTION_SHARE
}

/// Whether the session was already shown every section of a pattern that a call could get:
/// some of it was shown, and no section left unshown holds the call's words well enough (see
/// [`section_floor`]). A pattern nothing of which was shown is never "all seen".
pub fn all_seen(sections: &[SectionInfo]) -> bool {
    let floor = section_floor(sections);
    sections.iter().any(|s| s.shown || s.shown_cut)
        && sections.iter().all(|s| {
            s.shown
                || s.shown_cut
                || s.heading_only
                || s.chars == 0
                || s.relevance <= 0.0
                || s.relevance < floor
        })
}

/// What to show of one pattern within `room` characters.
fn plan_pattern(budget: &Budget, sections: &[SectionInfo], room: usize) -> Option<PatternPlan> {
    let total: usize = sections.iter().map(|s| s.chars).sum();
    let untouched = sections.iter().all(|s| !s.shown);
    if untouched && total <= budget.whole_max.min(room) {
        return Some(PatternPlan {
            whole: true,
            sections: (0..sections.len()).collect(),
            cut: None,
            chars: total,
        });
    }
    let room = room.min(budget.pattern_room.max(budget.min_useful));
    let readable = |s: &SectionInfo| !s.shown && !s.heading_only && s.chars > 0;
    let opened = sections.iter().any(|s| s.shown || s.shown_cut);
    let floor = section_floor(sections);
    let mut order: Vec<usize> = (0..sections.len())
        .filter(|&i| {
            readable(&sections[i]) && sections[i].relevance > 0.0 && sections[i].relevance >= floor
        })
        .collect();
    order.sort_by(|&a, &b| {
        sections[b]
            .relevance
            .total_cmp(&sections[a].relevance)
            .then(a.cmp(&b))
    });
    // Nothing holds the call's words (a pattern found by its globs, project or name): its
    // opening sections, in order, say what it is about, once a session; an opening already
    // shown, if only cut, is not sent again.
    let opening = order.is_empty() && !opened;
    if opening {
        order = (0..sections.len())
            .filter(|&i| readable(&sections[i]))
            .collect();
    }
    // The section that holds the call's words best carries the rule the call needs: when it
    // alone is too long for the room, it is cut around those words (see `excerpt`) rather
    // than passed over for a smaller, weaker one.
    if !opening {
        // A section already shown cut is not cut again: the session has its best part.
        order.retain(|&i| !(sections[i].shown_cut && sections[i].chars > room));
    }
    if !opening
        && let Some(&best) = order.first()
        && sections[best].chars > room
    {
        return (room >= budget.min_useful).then(|| PatternPlan {
            whole: false,
            sections: vec![best],
            cut: Some(room),
            chars: room,
        });
    }
    let mut chosen = Vec::new();
    let mut used = 0;
    for &i in &order {
        if used + sections[i].chars <= room {
            chosen.push(i);
            used += sections[i].chars;
        } else if opening {
            break;
        }
    }
    if chosen.is_empty() {
        // The opening section alone is longer than the room: show its start.
        let &first = order.first()?;
        return (room >= budget.min_useful).then(|| PatternPlan {
            whole: false,
            sections: vec![first],
            cut: Some(room),
            chars: room,
        });
    }
    chosen.sort_unstable();
    Some(PatternPlan {
        whole: false,
        sections: chosen,
        cut: None,
        chars: used,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(chars: usize, relevance: f64) -> SectionInfo {
        SectionInfo {
            chars,
            relevance,
            heading_only: false,
            shown: false,
            shown_cut: false,
        }
    }

    const BUDGET: Budget = Budget {
        total: 6_000,
        pattern_room: 2_500,
        whole_max: 2_000,
        min_useful: 500,
    };

    #[test]
    fn a_short_pattern_is_shown_whole_and_the_budget_is_not_filled() {
        let plans = allocate(
            &BUDGET,
            &[vec![section(600, 0.0), section(700, 2.0)]],
            |_| false,
            |_| 50,
        );
        let plan = plans[0].as_ref().unwrap();
        assert!(plan.whole);
        assert_eq!(plan.chars, 1_350);
    }

    #[test]
    fn a_long_pattern_shows_its_relevant_sections_in_file_order() {
        let long = vec![
            section(800, 0.0),
            section(900, 1.0),
            section(1_500, 0.0),
            section(700, 3.0),
            section(1_200, 2.0),
        ];
        let plans = allocate(&BUDGET, &[long], |_| false, |_| 0);
        let plan = plans[0].as_ref().unwrap();
        assert!(!plan.whole);
        // Best first (3.0, 2.0) fill 1,900 of 2,500; 1.0 (900) no longer fits.
        assert_eq!(plan.sections, [3, 4]);
        assert_eq!(plan.chars, 1_900);
    }

    #[test]
    fn the_best_pattern_gets_its_room_before_the_next_is_started() {
        let big = || vec![section(2_400, 1.0), section(2_400, 1.0)];
        let budget = Budget {
            total: 3_000,
            ..BUDGET
        };
        let plans = allocate(&budget, &[big(), big()], |_| false, |_| 0);
        assert_eq!(plans[0].as_ref().unwrap().chars, 2_400);
        // 600 left is more than the useful minimum, but no whole section of the second fits:
        // its first section is cut at the room left.
        assert_eq!(plans[1].as_ref().unwrap().cut, Some(600));
        let tight = Budget {
            total: 2_800,
            ..BUDGET
        };
        let plans = allocate(&tight, &[big(), big()], |_| false, |_| 0);
        assert!(plans[1].is_none(), "400 left is not worth a second pattern");
    }

    #[test]
    fn the_best_section_too_long_for_the_room_is_cut_not_passed_over() {
        // The opening section holds the rule (relevance 3.0) but is longer than the room: it
        // is cut, and the smaller, weaker section is not shown in its place.
        let sections = vec![section(3_000, 3.0), section(400, 1.0), section(900, 0.0)];
        let plan = allocate(&BUDGET, &[sections], |_| false, |_| 0)[0]
            .clone()
            .unwrap();
        assert_eq!(plan.sections, [0]);
        assert_eq!(plan.cut, Some(BUDGET.pattern_room));
        // Once shown cut, the next call gets the next best instead of the same cut again.
        let mut again = vec![section(3_000, 3.0), section(400, 2.0), section(900, 0.0)];
        again[0].shown_cut = true;
        let plan = allocate(&BUDGET, &[again], |_| false, |_| 0)[0]
            .clone()
            .unwrap();
        assert_eq!(plan.sections, [1]);
        assert_eq!(plan.cut, None);
    }

    #[test]
    fn a_later_call_gets_no_section_far_weaker_than_the_patterns_best_for_it() {
        // The best section for the call (3.0) was shown earlier in the session: a section
        // holding a stray word of the call (1.0) is not sent in its place, one holding much of
        // what the best holds (2.0) is.
        let mut sections = vec![section(600, 3.0), section(400, 1.0), section(500, 2.0)];
        sections[0].shown = true;
        let plan = allocate(&BUDGET, std::slice::from_ref(&sections), |_| false, |_| 0)[0]
            .clone()
            .unwrap();
        assert_eq!(plan.sections, [2]);
        assert!(!all_seen(&sections));
        sections[2].shown = true;
        assert_eq!(
            allocate(&BUDGET, &[sections.clone()], |_| false, |_| 0)[0],
            None
        );
        // Said as "shown before", not as a lack of room.
        assert!(all_seen(&sections));
        // Nothing of the pattern shown yet: its weaker sections fill the room as before.
        let fresh = vec![section(3_000, 3.0), section(400, 1.0), section(500, 2.0)];
        let plan = allocate(&BUDGET, &[fresh], |_| false, |_| 0)[0]
            .clone()
            .unwrap();
        assert_eq!(plan.sections, [0]);
        let fresh = vec![section(900, 3.0), section(400, 1.0), section(1_500, 2.0)];
        let plan = allocate(&BUDGET, &[fresh], |_| false, |_| 0)[0]
            .clone()
            .unwrap();
        assert_eq!(plan.sections, [0, 2]);
    }

    #[test]
    fn an_opening_shown_cut_is_not_sent_again_to_a_call_whose_words_it_lacks() {
        // Found by its globs, no section holding the call's words: its opening is shown once.
        let sections = vec![section(3_000, 0.0), section(900, 0.0)];
        let plan = allocate(&BUDGET, std::slice::from_ref(&sections), |_| false, |_| 0)[0]
            .clone()
            .unwrap();
        assert_eq!(plan.sections, [0]);
        assert_eq!(plan.cut, Some(BUDGET.pattern_room));
        let mut again = sections;
        again[0].shown_cut = true;
        assert_eq!(
            allocate(&BUDGET, &[again.clone()], |_| false, |_| 0)[0],
            None
        );
        // A later call whose words a section holds still gets that section.
        again[1].relevance = 2.0;
        let plan = allocate(&BUDGET, &[again], |_| false, |_| 0)[0]
            .clone()
            .unwrap();
        assert_eq!(plan.sections, [1]);
    }

    #[test]
    fn shown_and_heading_only_sections_are_never_shown() {
        let mut sections = vec![section(300, 2.0), section(30, 5.0), section(400, 1.0)];
        sections[0].shown = true;
        sections[1].heading_only = true;
        let plans = allocate(&BUDGET, &[sections.clone()], |_| false, |_| 0);
        assert_eq!(plans[0].as_ref().unwrap().sections, [2]);
        for s in &mut sections {
            s.shown = true;
        }
        assert_eq!(allocate(&BUDGET, &[sections], |_| false, |_| 0)[0], None);
    }

    #[test]
    fn a_pattern_no_section_of_which_matches_shows_its_opening() {
        let sections = vec![
            section(40, 0.0),
            section(1_200, 0.0),
            section(1_200, 0.0),
            section(1_200, 0.0),
        ];
        let plan = allocate(&BUDGET, &[sections], |_| false, |_| 0)[0]
            .clone()
            .unwrap();
        assert_eq!(plan.sections, [0, 1, 2]);
    }

    #[test]
    fn a_pattern_let_in_far_below_the_best_is_shown_briefly() {
        let sections = || {
            vec![
                section(500, 3.0),
                section(400, 2.0),
                section(300, 0.5),
                section(200, 0.0),
            ]
        };
        let plans = allocate(&BUDGET, &[sections(), sections()], |i| i == 1, |_| 0);
        // The first gets its room: the whole pattern (1,400 ≤ 2,000).
        assert!(plans[0].as_ref().unwrap().whole);
        // The brief one gets its best section that fits in BRIEF_ROOM, never the whole file.
        let brief = plans[1].as_ref().unwrap();
        assert!(!brief.whole);
        assert_eq!(brief.sections, [0]);
        assert!(brief.chars <= BRIEF_ROOM);
    }
}
