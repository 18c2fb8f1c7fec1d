//! Difficulty ratings: the [`Rating`] of one step, and the [`Ratings`] table that gives each
//! technique its rating.
//!
//! The table is data passed to the finders, not a global: a caller can rate with other numbers
//! (say, to experiment) without touching a finder. The default is Sudoku Explainer 1.2.1's
//! (`getDifficulty()` of each hint class; see `shared/docs/TECHNIQUES.md`).

use super::Technique;
use std::fmt;

/// A difficulty on Sudoku Explainer's scale (1.0 for a full house up to 20.0 for "stuck"),
/// stored in tenths so that sums and comparisons are exact.
///
/// Displays with one decimal (`2.6`) and serializes as that number.
///
/// ```
/// use sudoku::logic::Rating;
/// let r = Rating::from_tenths(26);
/// assert_eq!(r.to_string(), "2.6");
/// assert_eq!(serde_json::to_string(&r).unwrap(), "2.6");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "f64", try_from = "f64"))]
pub struct Rating(u16);

impl Rating {
    /// The rating `tenths / 10`.
    pub const fn from_tenths(tenths: u16) -> Rating {
        Rating(tenths)
    }

    /// The rating in tenths (26 for 2.6).
    pub const fn tenths(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl From<Rating> for f64 {
    fn from(rating: Rating) -> f64 {
        f64::from(rating.0) / 10.0
    }
}

impl TryFrom<f64> for Rating {
    type Error = BadRating;

    /// The nearest tenth; an error for a negative, non-finite or too large number.
    fn try_from(value: f64) -> Result<Rating, BadRating> {
        let tenths = (value * 10.0).round();
        if tenths.is_finite() && (0.0..=f64::from(u16::MAX)).contains(&tenths) {
            // In range and integral, so the cast is exact.
            Ok(Rating(tenths as u16))
        } else {
            Err(BadRating { value })
        }
    }
}

/// A number that is no [`Rating`]: negative, not finite, or above 6553.5 (from
/// `Rating::try_from(f64)`, which deserializing goes through).
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("a rating must be a number from 0 to 6553.5")]
pub struct BadRating {
    /// The number.
    pub value: f64,
}

/// Sudoku Explainer 1.2.1's rating of each technique, in tenths, in its search order.
const SUDOKU_EXPLAINER: [(Technique, u16); Technique::COUNT] = [
    (Technique::FullHouse, 10),
    (Technique::HiddenSingleBox, 12),
    (Technique::HiddenSingleColumn, 15),
    (Technique::HiddenSingleRow, 15),
    (Technique::DirectPointing, 17),
    (Technique::DirectClaiming, 19),
    (Technique::DirectHiddenPair, 20),
    (Technique::NakedSingle, 23),
    (Technique::DirectHiddenTriple, 25),
    (Technique::Pointing, 26),
    (Technique::Claiming, 28),
    (Technique::NakedPair, 30),
    (Technique::XWing, 32),
    (Technique::HiddenPair, 34),
    (Technique::NakedTriple, 36),
    (Technique::Swordfish, 38),
    (Technique::HiddenTriple, 40),
    (Technique::XyWing, 42),
    (Technique::XyzWing, 44),
    // Unique loops: 4.5 for a rectangle; the finder adds SE's bonus for longer loops and for
    // the size of a type 3 set.
    (Technique::UniqueLoopType1, 45),
    (Technique::UniqueLoopType2, 45),
    (Technique::UniqueLoopType3Naked, 45),
    (Technique::UniqueLoopType3Hidden, 45),
    (Technique::UniqueLoopType4, 45),
    (Technique::NakedQuad, 50),
    (Technique::Jellyfish, 52),
    (Technique::HiddenQuad, 54),
    (Technique::BugType1, 56),
    (Technique::BugType2, 57),
    // BUG type 3: the finder adds 0.1 per digit of the naked set beyond the first.
    (Technique::BugType3, 57),
    (Technique::BugType4, 57),
    (Technique::AlignedPairExclusion, 62),
    // SE's chains and cycles: the finder adds SE's length bonus.
    (Technique::XCycle, 65),
    (Technique::ForcingXChain, 66),
    (Technique::YCycle, 65),
    (Technique::Cycle, 70),
    (Technique::ForcingChain, 70),
    (Technique::AlignedTripletExclusion, 75),
    // Nishio and dynamic chains: the finder adds SE's length bonus.
    (Technique::NishioForcingChains, 75),
    (Technique::CellForcingChains, 80),
    (Technique::RegionForcingChains, 80),
    (Technique::DynamicContradictionChains, 85),
    (Technique::DynamicDoubleChains, 85),
    (Technique::DynamicCellForcingChains, 85),
    (Technique::DynamicRegionForcingChains, 85),
    (Technique::DynamicPlusContradictionChains, 90),
    (Technique::DynamicPlusDoubleChains, 90),
    (Technique::DynamicPlusCellForcingChains, 90),
    (Technique::DynamicPlusRegionForcingChains, 90),
    (Technique::NestedContradictionChains2, 95),
    (Technique::NestedDoubleChains2, 95),
    (Technique::NestedCellForcingChains2, 95),
    (Technique::NestedRegionForcingChains2, 95),
    (Technique::NestedContradictionChains3, 100),
    (Technique::NestedDoubleChains3, 100),
    (Technique::NestedCellForcingChains3, 100),
    (Technique::NestedRegionForcingChains3, 100),
    (Technique::NestedContradictionChains4, 105),
    (Technique::NestedDoubleChains4, 105),
    (Technique::NestedCellForcingChains4, 105),
    (Technique::NestedRegionForcingChains4, 105),
    (Technique::NestedContradictionChains5, 110),
    (Technique::NestedDoubleChains5, 110),
    (Technique::NestedCellForcingChains5, 110),
    (Technique::NestedRegionForcingChains5, 110),
];

/// The rating of each technique: a table passed to the finders and the solver.
///
/// Where Sudoku Explainer's rating grows with the size of the pattern (longer unique loops,
/// larger type 3 sets, longer chains), the table holds the base and the finder adds SE's
/// bonus.
///
/// ```
/// use sudoku::logic::{Rating, Ratings, Technique};
/// let mut ratings = Ratings::default(); // Sudoku Explainer 1.2.1
/// assert_eq!(ratings.get(Technique::XWing).to_string(), "3.2");
/// ratings.set(Technique::XWing, Rating::from_tenths(35));
/// assert_eq!(ratings.get(Technique::XWing).tenths(), 35);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ratings {
    by_technique: [Rating; Technique::COUNT],
}

impl Ratings {
    /// Sudoku Explainer 1.2.1's ratings (the default).
    pub fn sudoku_explainer() -> Ratings {
        let mut by_technique = [Rating::default(); Technique::COUNT];
        for (technique, tenths) in SUDOKU_EXPLAINER {
            by_technique[technique.index()] = Rating(tenths);
        }
        Ratings { by_technique }
    }

    /// The rating of a step of `technique`.
    pub fn get(&self, technique: Technique) -> Rating {
        self.by_technique[technique.index()]
    }

    /// Rates `technique` as `rating` from now on.
    pub fn set(&mut self, technique: Technique, rating: Rating) {
        self.by_technique[technique.index()] = rating;
    }
}

impl Default for Ratings {
    fn default() -> Self {
        Ratings::sudoku_explainer()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sudoku_explainer_table_rates_every_technique_once_in_search_order() {
        let listed: Vec<Technique> = SUDOKU_EXPLAINER.iter().map(|&(t, _)| t).collect();
        assert_eq!(listed, Technique::ALL);
        let ratings = Ratings::default();
        assert!(Technique::ALL
            .iter()
            .all(|&t| ratings.get(t).tenths() >= 10));
        assert_eq!(ratings.get(Technique::HiddenQuad).to_string(), "5.4");
        assert_eq!(ratings.get(Technique::FullHouse).to_string(), "1.0");
    }

    #[test]
    #[cfg(feature = "serde")]
    fn ratings_round_trip_through_json_and_reject_nonsense() {
        let r: Rating = serde_json::from_str("4.4").expect("parses");
        assert_eq!(r.tenths(), 44);
        assert_eq!(serde_json::to_string(&r).expect("prints"), "4.4");
        assert!(serde_json::from_str::<Rating>("-1").is_err());
        assert!(serde_json::from_str::<Rating>("1e9").is_err());
        assert_eq!(Rating::from_tenths(200).to_string(), "20.0");
    }

    #[test]
    fn try_from_f64_rounds_to_tenths_and_rejects_nonsense() {
        assert_eq!(Rating::try_from(4.44), Ok(Rating::from_tenths(44)));
        for value in [-1.0, 1e9, f64::INFINITY] {
            assert_eq!(Rating::try_from(value), Err(BadRating { value }));
        }
        let nan = Rating::try_from(f64::NAN).expect_err("NaN is no rating");
        assert!(nan.value.is_nan());
        assert_eq!(
            nan.to_string(),
            "a rating must be a number from 0 to 6553.5"
        );
    }
}
