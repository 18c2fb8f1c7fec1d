//! The techniques, one finder type per file with its tests below it, and [`REGISTRY`], the one
//! ordered list of them.
//!
//! A family that differs only by size (naked pair/triple/quad, X-Wing/Swordfish/Jellyfish) is
//! one type with a constant per member, so that `NakedSet::PAIR` and `NakedSet::QUAD` share
//! their code and their tests.
//!
//! Each finder follows Sudoku Explainer 1.2.1's scan order and its conditions (for example SE
//! looks for a hidden pair only in a house with more than four empty cells, since otherwise the
//! complementary naked set is smaller), because the first step found decides the solve path and
//! so the rating. Those conditions are noted in each file.

mod aic;
mod aligned_pair;
mod aligned_triplet;
mod als;
mod als_chain;
mod als_xy_wing;
mod als_xy_wing_overlap;
mod als_xz;
mod avoidable_rectangle;
mod bug;
mod complex_fish;
mod death_blossom;
mod direct_hidden_set;
mod direct_locking;
mod dynamic_chains;
mod fish;
mod fish_coloring_uniqueness;
mod forcing_chains;
mod full_house;
mod grouped_nice_loop;
mod hidden_rectangle;
mod hidden_set;
mod hidden_single;
mod human;
mod locked_set;
mod locking;
mod multi_colors;
mod multiple_chains;
mod naked_set;
mod naked_single;
mod nice_loop;
mod nishio;
mod rectangles;
mod remote_pair;
mod simple_colors;
mod since;
mod sue_de_coq;
mod turbot;
mod unique_loop;
mod uniqueness_1_4;
mod uniqueness_5;
mod uniqueness_6;
mod w_wing;
mod x_chain;
mod xy_chain;
mod xy_wing;
mod xyz_wing;
// HoDoKu kraken fish and templates
mod hodoku_off_by_default;
mod kraken_fish;
mod templates;

pub use aligned_pair::AlignedPairExclusion;
pub use aligned_triplet::AlignedTripletExclusion;
pub use als_chain::AlsXyChain;
pub use als_xy_wing::AlsXyWing;
pub use als_xy_wing_overlap::AlsXyWingOverlapping;
pub use als_xz::AlsXz;
pub use avoidable_rectangle::AvoidableRectangle;
pub use bug::Bug;
pub use complex_fish::ComplexFish;
pub use death_blossom::DeathBlossom;
pub use direct_hidden_set::DirectHiddenSet;
pub use direct_locking::DirectLocking;
pub use dynamic_chains::DynamicForcingChains;
#[cfg(test)]
pub(crate) use dynamic_chains::SIMPLE_RULES;
pub use fish::Fish;
pub use fish_coloring_uniqueness::FISH_COLORING_UNIQUENESS;
pub use forcing_chains::ForcingChains;
pub use full_house::FullHouse;
pub use grouped_nice_loop::GroupedNiceLoop;
pub use hidden_rectangle::HiddenRectangle;
pub use hidden_set::HiddenSet;
pub use hidden_single::HiddenSingle;
pub use human::{HUMAN, HUMAN_WITH_NESTED};
pub use locked_set::LockedSet;
pub use locking::Locking;
pub use multi_colors::MultiColors;
pub use multiple_chains::MultipleForcingChains;
pub use naked_set::NakedSet;
pub use naked_single::NakedSingle;
pub use nishio::NishioForcingChains;
pub use remote_pair::RemotePair;
pub use simple_colors::SimpleColors;
pub use sue_de_coq::SueDeCoq;
pub use turbot::{EmptyRectangle, TurbotFamily};
pub use unique_loop::UniqueLoops;
pub use uniqueness_1_4::UniquenessTests1To4;
pub use uniqueness_5::UniquenessType5;
pub use uniqueness_6::UniquenessType6;
pub use w_wing::WWing;
pub use x_chain::XChain;
pub use xy_chain::XyChain;
pub use xy_wing::XyWing;
pub use xyz_wing::XyzWing;
// HoDoKu kraken fish and templates
pub use hodoku_off_by_default::HODOKU_OFF_BY_DEFAULT;
pub use kraken_fish::KrakenFish;
pub use templates::Templates;

use super::{Finder, Step, Technique};
use std::ops::ControlFlow;

/// Every finder, in Sudoku Explainer's search order (`Solver()` in SE 1.2.1), the nested
/// forcing chains last: the one list, which [`REGISTRY`], [`NESTED`] and [`WITH_NESTED`] are
/// views of. Adding a technique means adding its file and one entry here, at its place in that
/// order.
const FINDERS: &[&dyn Finder] = &[
    &FullHouse,
    &HiddenSingle::BOX,
    &HiddenSingle::COLUMN,
    &HiddenSingle::ROW,
    &DirectLocking::POINTING,
    &DirectLocking::CLAIMING,
    &DirectHiddenSet::PAIR,
    &NakedSingle,
    &DirectHiddenSet::TRIPLE,
    &Locking::POINTING,
    &Locking::CLAIMING,
    &NakedSet::PAIR,
    &Fish::X_WING,
    &HiddenSet::PAIR,
    &NakedSet::TRIPLE,
    &Fish::SWORDFISH,
    &HiddenSet::TRIPLE,
    &XyWing,
    &XyzWing,
    &UniqueLoops::TYPES_1_TO_4,
    &NakedSet::QUAD,
    &Fish::JELLYFISH,
    &HiddenSet::QUAD,
    &Bug,
    &AlignedPairExclusion,
    &ForcingChains,
    &AlignedTripletExclusion,
    &NishioForcingChains,
    &MultipleForcingChains,
    &DynamicForcingChains::PLAIN,
    &DynamicForcingChains::PLUS,
    // The nested levels: the last NESTED_LEVELS entries.
    &DynamicForcingChains::NESTED_2,
    &DynamicForcingChains::NESTED_3,
    &DynamicForcingChains::NESTED_4,
    &DynamicForcingChains::NESTED_5,
];

/// How many entries at the end of [`FINDERS`] are nested levels.
const NESTED_LEVELS: usize = 4;

/// The default finders, in Sudoku Explainer's search order: every technique but the nested
/// forcing chains. The solver takes the first step of the first finder that has one.
pub static REGISTRY: &[&dyn Finder] = FINDERS.split_at(FINDERS.len() - NESTED_LEVELS).0;

/// Sudoku Explainer's nested forcing chains, levels 2 to 5 (9.5, 10.0, 10.5 and 11.0 plus the
/// length bonus): the producers serate runs after all of [`REGISTRY`] ("advanced" and
/// "experimental" in SE), in that order. They are not in `REGISTRY` because they are slow
/// (seconds to minutes per step, as in SE) and only the hardest puzzles need them; to rate like
/// serate, use [`WITH_NESTED`].
pub static NESTED: &[&dyn Finder] = FINDERS.split_at(FINDERS.len() - NESTED_LEVELS).1;

/// [`REGISTRY`] followed by [`NESTED`]: every technique of Sudoku Explainer 1.2.1, so that a
/// puzzle ends stuck only where serate's path does too.
///
/// ```
/// use sudokit::logic::techniques::WITH_NESTED;
/// use sudokit::logic::Solver;
/// let solver = Solver::new().with_finders(WITH_NESTED);
/// # let _ = solver;
/// ```
pub static WITH_NESTED: &[&dyn Finder] = FINDERS;

/// The registered finder of `technique` (in [`REGISTRY`] or [`NESTED`], else in [`HUMAN`]), if it has one (a
/// finder may report several techniques: see [`Finder::techniques`]).
pub fn finder(technique: Technique) -> Option<&'static dyn Finder> {
    WITH_NESTED
        .iter()
        .chain(HUMAN_WITH_NESTED)
        .copied()
        .find(|f| f.techniques().contains(&technique))
}

/// Sorts a step's lists into their documented order and hands it to `found`.
fn report(found: &mut dyn FnMut(Step) -> ControlFlow<()>, mut step: Step) -> ControlFlow<()> {
    step.placements.sort_unstable();
    step.eliminations.sort_unstable();
    found(step)
}

/// The `k`-element subsets of 0..9 as 9-bit masks, in increasing numeric order: the order of
/// SE's `Permutations(k, 9)`, which decides which subset or fish is found first.
fn subsets(k: usize) -> &'static [u16] {
    match k {
        2 => &SUBSETS_2,
        3 => &SUBSETS_3,
        4 => &SUBSETS_4,
        _ => &[],
    }
}

const fn masks_with_ones<const N: usize>(ones: u32) -> [u16; N] {
    let mut out = [0u16; N];
    let mut n = 0;
    let mut mask: u16 = 0;
    while mask < 512 {
        if mask.count_ones() == ones {
            out[n] = mask;
            n += 1;
        }
        mask += 1;
    }
    out
}

static SUBSETS_2: [u16; 36] = masks_with_ones(2);
static SUBSETS_3: [u16; 84] = masks_with_ones(3);
static SUBSETS_4: [u16; 126] = masks_with_ones(4);

/// The digits whose indexes are the bits of `mask`, in increasing order.
fn digits_of(mask: u16) -> impl Iterator<Item = crate::board::Digit> {
    super::cell_set::DIGITS
        .into_iter()
        .filter(move |d| mask & (1 << d.index()) != 0)
}

/// The house two different cells share, a line before a box (where a weak link between them
/// is drawn); `None` if they share none.
fn shared_house(a: crate::board::Cell, b: crate::board::Cell) -> Option<crate::board::House> {
    use crate::board::House;
    if a.row() == b.row() {
        Some(House::Row(a.row()))
    } else if a.col() == b.col() {
        Some(House::Col(a.col()))
    } else if a.block() == b.block() {
        Some(House::Block(a.block()))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_is_in_search_order_and_covers_every_technique_once() {
        let listed: Vec<Technique> = WITH_NESTED
            .iter()
            .flat_map(|f| f.techniques().iter().copied())
            .collect();
        // SE's list covers SE's techniques in order; every other technique has a finder in
        // the human-mode list or among the HoDoKu-only fish, coloring and uniqueness finders
        // (mutant fish, which HoDoKu leaves off by default, only there), and none is in SE's.
        assert_eq!(listed, Technique::ALL[..listed.len()]);
        let human: Vec<Technique> = HUMAN_WITH_NESTED
            .iter()
            .chain(FISH_COLORING_UNIQUENESS)
            .chain(HODOKU_OFF_BY_DEFAULT)
            .flat_map(|f| f.techniques().iter().copied())
            .collect();
        for &t in &Technique::ALL[listed.len()..] {
            assert!(human.contains(&t), "{t:?} has no finder");
            assert!(!listed.contains(&t), "{t:?} is in SE's list too");
        }
        // The split falls where the nested levels start.
        let first_nested = Technique::NestedContradictionChains2;
        assert!(REGISTRY
            .iter()
            .all(|f| f.techniques().iter().all(|&t| t < first_nested)));
        assert!(NESTED.iter().all(|f| f.technique() >= first_nested));
        assert_eq!(REGISTRY.len() + NESTED.len(), WITH_NESTED.len());
        for f in WITH_NESTED {
            assert_eq!(f.techniques().first(), Some(&f.technique()));
        }
        for &t in &Technique::ALL[..listed.len()] {
            assert!(finder(t).is_some_and(|f| f.techniques().contains(&t)));
        }
    }

    #[test]
    fn subsets_come_in_permutations_order() {
        assert_eq!(&subsets(2)[..4], &[0b11, 0b101, 0b110, 0b1001]);
        assert_eq!(subsets(3).len(), 84);
        assert_eq!(subsets(4).last(), Some(&0b1_1110_0000));
        assert!(subsets(5).is_empty());
        assert_eq!(
            digits_of(0b1_0000_0101)
                .map(|d| d.get())
                .collect::<Vec<_>>(),
            [1, 3, 9]
        );
    }
}
