//! What each pattern chosen for a moment got of its budget: shown whole, as some of its
//! sections, as one section cut short, or not at all (the session was shown all of it before,
//! or no useful room was left). The hook's `LORE_TRACE` record and `lore why` print it.

use crate::core::select::budget::PatternPlan;

/// One chosen pattern's share of the budget.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PatternShare {
    pub source: String,
    #[serde(flatten)]
    pub outcome: ShareOutcome,
    /// Sections of the pattern the session had already been shown (0 without a session).
    #[serde(skip_serializing_if = "is_zero")]
    pub shown_before: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// How much of a pattern a moment shows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "budget", rename_all = "snake_case")]
pub enum ShareOutcome {
    /// Every section, in `chars` characters (its heading included).
    Whole { chars: usize },
    /// Some sections (positions in file order) of `of`, in `chars` characters.
    Sections {
        sections: Vec<usize>,
        of: usize,
        chars: usize,
    },
    /// One section longer than any room, cut at a boundary after `at` characters.
    Cut {
        section: usize,
        at: usize,
        chars: usize,
    },
    /// Nothing: the session was already shown every section it could show.
    AlreadyShown,
    /// Nothing: too little of the budget was left for a useful share.
    NoRoom,
}

impl ShareOutcome {
    /// The outcome of `plan` (None: nothing shown) for a pattern of `sections` sections;
    /// `all_seen`: the session was already shown every section worth showing on its own.
    pub fn of(plan: Option<&PatternPlan>, sections: usize, all_seen: bool) -> Self {
        match plan {
            Some(plan) if plan.whole => ShareOutcome::Whole { chars: plan.chars },
            Some(plan) => match (plan.cut, plan.sections.as_slice()) {
                (Some(at), [section]) => ShareOutcome::Cut {
                    section: *section,
                    at,
                    chars: plan.chars,
                },
                _ => ShareOutcome::Sections {
                    sections: plan.sections.clone(),
                    of: sections.max(1),
                    chars: plan.chars,
                },
            },
            None if all_seen => ShareOutcome::AlreadyShown,
            None => ShareOutcome::NoRoom,
        }
    }

    /// Whether any of the pattern is shown.
    pub fn is_shown(&self) -> bool {
        matches!(
            self,
            ShareOutcome::Whole { .. } | ShareOutcome::Sections { .. } | ShareOutcome::Cut { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(whole: bool, sections: &[usize], cut: Option<usize>) -> PatternPlan {
        PatternPlan {
            whole,
            sections: sections.to_vec(),
            cut,
            chars: 700,
        }
    }

    #[test]
    fn each_plan_says_how_much_was_shown_and_why_nothing_was() {
        assert_eq!(
            ShareOutcome::of(Some(&plan(true, &[0, 1], None)), 2, false),
            ShareOutcome::Whole { chars: 700 }
        );
        assert_eq!(
            ShareOutcome::of(Some(&plan(false, &[1, 3], None)), 5, false),
            ShareOutcome::Sections {
                sections: vec![1, 3],
                of: 5,
                chars: 700
            }
        );
        assert_eq!(
            ShareOutcome::of(Some(&plan(false, &[2], Some(640))), 4, false),
            ShareOutcome::Cut {
                section: 2,
                at: 640,
                chars: 700
            }
        );
        assert_eq!(ShareOutcome::of(None, 3, true), ShareOutcome::AlreadyShown);
        assert_eq!(ShareOutcome::of(None, 3, false), ShareOutcome::NoRoom);
        assert!(!ShareOutcome::NoRoom.is_shown());
    }
}
