//! Human mode's technique order: HoDoKu's (`Options.DEFAULT_SOLVER_STEPS`, by its index, the
//! numbers in the comments), with Sudoku Explainer's forcing chains only as the last resort.
//!
//! The list holds SE's finders where HoDoKu has the same technique (without SE's pruning, which
//! only shapes SE's own path) and the HoDoKu techniques SE lacks. SE's "direct" variants are
//! left out (the plain locked set and the single it leaves are two steps here, as in HoDoKu).
//! SE's chains and cycles (X-, Y- and mixed, static) stand where HoDoKu has its nice loops and
//! AICs (5600): they are those. Aligned pair and triplet exclusion, which HoDoKu lacks, come
//! after the ALS techniques they resemble, then kraken fish (which HoDoKu leaves off by
//! default), before any forcing chain. Uniqueness test 5 comes
//! before SE's unique loops (HoDoKu: after types 1-4), as their type 2 takes in its shape: so
//! it keeps HoDoKu's name.

use super::{
    AlignedPairExclusion, AlignedTripletExclusion, AlsXyWing, AlsXz, AvoidableRectangle, Bug,
    ComplexFish, DeathBlossom, DynamicForcingChains, EmptyRectangle, Fish, ForcingChains,
    FullHouse, GroupedNiceLoop, HiddenRectangle, HiddenSet, HiddenSingle, KrakenFish, Locking,
    MultiColors, MultipleForcingChains, NakedSet, NakedSingle, NishioForcingChains, RemotePair,
    SimpleColors, SueDeCoq, TurbotFamily, UniqueLoops, UniquenessType5, UniquenessType6, WWing,
    XChain, XyChain, XyWing, XyzWing,
};
// HoDoKu's locked pair and triple (its own line, apart from the list above).
use super::LockedSet;
// HoDoKu's ALS-XY-Chain as its ALS solver finds it.
use super::AlsXyChain;
use crate::logic::Finder;

/// Every finder of human mode, in HoDoKu's order, then SE's forcing chains and nested levels:
/// the one list that [`HUMAN`] and [`HUMAN_WITH_NESTED`] are views of.
const HUMAN_FINDERS: &[&dyn Finder] = &[
    &FullHouse,                            // 100
    &NakedSingle,                          // 200
    &HiddenSingle::BOX,                    // 300
    &HiddenSingle::ROW,                    // 300
    &HiddenSingle::COLUMN,                 // 300
    &LockedSet::PAIR,                      // 1000
    &LockedSet::TRIPLE,                    // 1100
    &Locking::POINTING,                    // 1200
    &Locking::CLAIMING,                    // 1210
    &NakedSet::PAIR.unpruned(),            // 1300
    &NakedSet::TRIPLE.unpruned(),          // 1400
    &HiddenSet::PAIR.unpruned(),           // 1500
    &HiddenSet::TRIPLE.unpruned(),         // 1600
    &NakedSet::QUAD.unpruned(),            // 2000
    &HiddenSet::QUAD.unpruned(),           // 2100
    &Fish::X_WING.unpruned(),              // 2200
    &Fish::SWORDFISH.unpruned(),           // 2300
    &Fish::JELLYFISH.unpruned(),           // 2400
    &RemotePair,                           // 2800
    &Bug,                                  // 2900 (BUG+1; SE's types 2-4 with it)
    &TurbotFamily::SKYSCRAPER,             // 3000
    &TurbotFamily::KITE,                   // 3100
    &TurbotFamily::TURBOT,                 // 3120
    &EmptyRectangle,                       // 3170
    &WWing,                                // 3200
    &XyWing,                               // 3300
    &XyzWing,                              // 3400
    &UniquenessType5::STRICT, // 3900 (HoDoKu uniqueness, BUG, Sue de Coq, death blossom)
    &UniqueLoops::TYPES_1_TO_4.unpruned(), // 3500-3800
    // HoDoKu's fish, coloring and uniqueness techniques that SE lacks
    // (`FISH_COLORING_UNIQUENESS`; kraken fish and templates are not built).
    &UniquenessType6::STRICT,        // 4000
    &HiddenRectangle::STRICT,        // 4010
    &AvoidableRectangle::TYPE_1,     // 4020 (HoDoKu uniqueness, BUG, Sue de Coq, death blossom)
    &AvoidableRectangle::TYPE_2,     // 4030
    &ComplexFish::FINNED_X_WING,     // 4100
    &ComplexFish::SASHIMI_X_WING,    // 4200
    &ComplexFish::FINNED_SWORDFISH,  // 4300
    &ComplexFish::SASHIMI_SWORDFISH, // 4400
    &ComplexFish::FINNED_JELLYFISH,  // 4500
    &ComplexFish::SASHIMI_JELLYFISH, // 4600
    &SueDeCoq,                       // 5300 (HoDoKu uniqueness, BUG, Sue de Coq, death blossom)
    &SimpleColors,                   // 5330
    &MultiColors,                    // 5360
    &XChain,                         // 5400
    &XyChain,                        // 5500
    &ForcingChains,                  // 5600: nice loops / AIC (SE's static chains)
    &GroupedNiceLoop::PLAIN,         // 5650
    &AlsXz,                          // 5700
    &AlsXyWing,                      // 5800
    &AlsXyChain::HODOKU,             // 5900: ALS-XY-Chain (HoDoKu's ALS solver)
    &GroupedNiceLoop::ALS,           // 5900: AICs through sets
    &DeathBlossom,                   // 6000 (HoDoKu has it off by default; here it runs)
    // Franken fish as HoDoKu enables them by default (its Franken and finned Franken
    // jellyfish and every mutant fish are off by default, and so are they here).
    &ComplexFish::FRANKEN_X_WING,           // 6100
    &ComplexFish::FRANKEN_SWORDFISH,        // 6200
    &ComplexFish::FINNED_FRANKEN_X_WING,    // 6700
    &ComplexFish::FINNED_FRANKEN_SWORDFISH, // 6800
    &AlignedPairExclusion,                  // not in HoDoKu
    &AlignedTripletExclusion,               // not in HoDoKu
    // Kraken fish (8450; HoDoKu has them off by default): here they come before any forcing
    // chain, which they replace on most paths that need one (docs/design.md, "Fewer forcing
    // chains in human mode").
    &KrakenFish::TYPE_1,
    &KrakenFish::TYPE_2,
    // The last resort: forcing chains (8500) and nets (8600).
    &NishioForcingChains,
    &MultipleForcingChains,
    &DynamicForcingChains::PLAIN,
    &DynamicForcingChains::PLUS,
    // The nested levels: the last NESTED_LEVELS entries, as in SE mode.
    &DynamicForcingChains::NESTED_2,
    &DynamicForcingChains::NESTED_3,
    &DynamicForcingChains::NESTED_4,
    &DynamicForcingChains::NESTED_5,
];

/// Human mode's default finders: HoDoKu's order, SE's forcing chains last, without the nested
/// levels (as [`REGISTRY`](super::REGISTRY) in SE mode).
pub static HUMAN: &[&dyn Finder] = HUMAN_FINDERS
    .split_at(HUMAN_FINDERS.len() - super::NESTED_LEVELS)
    .0;

/// [`HUMAN`] followed by the nested forcing chains.
pub static HUMAN_WITH_NESTED: &[&dyn Finder] = HUMAN_FINDERS;
