//! A guide named for tests against calls that are and are not about tests: its words match
//! everyday code (the models its factories build), yet it applies while tests are written or
//! run, and it never sets the best another rule is measured against.

use super::{candidate, edit, kb, kept, run};
use crate::core::select::bar::{Grounds, Verdict};

const TESTING: &str = "# Orchard tests\n\nBuild every Pear and Basket in a test with the \
    factories in conftest; a Basket's total is computed, never set. Freeze the harvest clock.\n";
const BASKETS: &str = "# Money\n\nA Basket's total is integer cents; the model never \
    stores a float.\n";

#[test]
fn a_test_guide_comes_on_test_calls_and_sets_no_best_elsewhere() {
    let kb = kb(
        &[("orchard-testing.md", TESTING), ("money.md", BASKETS)],
        None,
    );
    let model = edit(
        "/w/orchard",
        "orchard/models.py",
        "class Basket(Model):\n    total_cents = FloatField()  # integer cents\n    \
         picked = HarvestClock(freeze=True)  # orchard harvest clock, pear factories, computed\n",
    );
    let on_model = run(&kb, &model, None, false);
    assert_eq!(kept(&on_model), ["money.md"], "{:?}", on_model.candidates);
    // Kept as the call's best by words, not as a far second to a guide that cannot come.
    assert!(
        matches!(
            candidate(&on_model, "money.md").verdict,
            Verdict::Kept(Grounds::Words { .. })
        ),
        "{:?}",
        on_model.candidates
    );
    let test = edit(
        "/w/orchard",
        "orchard/tests/test_models.py",
        "def test_basket_total(pear_factory):\n    basket = basket_factory(pears=2)\n",
    );
    let on_test = run(&kb, &test, None, false);
    assert!(
        kept(&on_test).contains(&"orchard-testing.md"),
        "{:?}",
        on_test.candidates
    );
}
