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
/// use sudokit::logic::Rating;
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

/// Declares `SUDOKU_EXPLAINER` from the technique table's `se` column.
macro_rules! se_column {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $id:literal, $name:literal, se $se:literal, hodoku $hodoku:tt;
    )*) => {
        /// Sudoku Explainer 1.2.1's rating of each technique, in tenths, in its search order.
        const SUDOKU_EXPLAINER: [(Technique, u16); Technique::COUNT] =
            [$((Technique::$variant, $se),)*];
    };
}

super::technique::technique_table!(se_column);

/// The rating of each technique: a table passed to the finders and the solver.
///
/// Where Sudoku Explainer's rating grows with the size of the pattern (longer unique loops,
/// larger type 3 sets, longer chains), the table holds the base and the finder adds SE's
/// bonus.
///
/// ```
/// use sudokit::logic::{Rating, Ratings, Technique};
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
    pub const fn sudoku_explainer() -> Ratings {
        let mut by_technique = [Rating(0); Technique::COUNT];
        let mut row = 0;
        while row < SUDOKU_EXPLAINER.len() {
            let (technique, tenths) = SUDOKU_EXPLAINER[row];
            by_technique[technique.index()] = Rating(tenths);
            row += 1;
        }
        Ratings { by_technique }
    }

    /// Sudoku Explainer 1.2.1's ratings, for the callers that take a table by reference and
    /// default to it ([`Solver::new`](super::Solver::new), `rate::Rater::new`). Constant data,
    /// not state: nothing can change it.
    pub(crate) fn sudoku_explainer_ref() -> &'static Ratings {
        static SUDOKU_EXPLAINER_RATINGS: Ratings = Ratings::sudoku_explainer();
        &SUDOKU_EXPLAINER_RATINGS
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
