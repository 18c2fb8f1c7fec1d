//! [`FISH_COLORING_UNIQUENESS`]: HoDoKu's fish, coloring and uniqueness techniques that Sudoku
//! Explainer lacks, as one list in HoDoKu's search order, for the human mode to splice into its
//! own order. None of them is in [`FINDERS`](super::WITH_NESTED), so SE mode never runs them.

use super::{ComplexFish, HiddenRectangle, MultiColors, SimpleColors, UniquenessType6};
use crate::logic::Finder;

/// HoDoKu's fish, coloring and uniqueness techniques that Sudoku Explainer lacks, in HoDoKu's
/// default order (its step indexes: uniqueness test 6 4000, hidden rectangle 4010, finned and
/// sashimi fish 4100-4600, simple colors 5330,
/// multi-colors 5360, Franken fish 6100-6900, mutant fish after them, the finned mutant squirmbag
/// and whale of five and six houses last).
///
/// ```
/// use sudokit::logic::techniques::FISH_COLORING_UNIQUENESS;
/// use sudokit::logic::Technique;
/// assert_eq!(FISH_COLORING_UNIQUENESS[2].technique(), Technique::FinnedXWing);
/// ```
pub static FISH_COLORING_UNIQUENESS: &[&dyn Finder] = &[
    &UniquenessType6::STRICT,
    &HiddenRectangle::STRICT,
    &ComplexFish::FINNED_X_WING,
    &ComplexFish::SASHIMI_X_WING,
    &ComplexFish::FINNED_SWORDFISH,
    &ComplexFish::SASHIMI_SWORDFISH,
    &ComplexFish::FINNED_JELLYFISH,
    &ComplexFish::SASHIMI_JELLYFISH,
    &SimpleColors,
    &MultiColors,
    &ComplexFish::FRANKEN_X_WING,
    &ComplexFish::FRANKEN_SWORDFISH,
    &ComplexFish::FRANKEN_JELLYFISH,
    &ComplexFish::FINNED_FRANKEN_X_WING,
    &ComplexFish::FINNED_FRANKEN_SWORDFISH,
    &ComplexFish::FINNED_FRANKEN_JELLYFISH,
    &ComplexFish::MUTANT_X_WING,
    &ComplexFish::MUTANT_SWORDFISH,
    &ComplexFish::MUTANT_JELLYFISH,
    &ComplexFish::FINNED_MUTANT_X_WING,
    &ComplexFish::FINNED_MUTANT_SWORDFISH,
    &ComplexFish::FINNED_MUTANT_JELLYFISH,
    &ComplexFish::FINNED_MUTANT_SQUIRMBAG,
    &ComplexFish::FINNED_MUTANT_WHALE,
];
