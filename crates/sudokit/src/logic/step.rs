//! One deduction as plain data.

use super::{Link, Rating, Technique};
use crate::board::{Cell, Digit, House};
use std::fmt;

/// One step of a human-style solve: which technique, what it places and eliminates, and the
/// cells, houses, digits and (for chains) links that form its pattern.
///
/// A step is plain data: it holds no reference to a grid and no words. [`explain`](super::explain)
/// renders it as text; `serde` turns it into JSON. What `cells`, `houses` and `digits` hold, and
/// in which order, is documented per technique on [`Technique`].
///
/// Applying a step ([`CandidateGrid::apply`](super::CandidateGrid::apply)) removes the
/// eliminations first, then makes the placements, as Sudoku Explainer does.
///
/// ```
/// use sudokit::logic::{Rating, Step, Technique};
/// use sudokit::{Cell, Digit};
/// let step = Step {
///     technique: Technique::NakedSingle,
///     rating: Rating::from_tenths(23),
///     placements: vec![(Cell::new(0).unwrap(), Digit::new(5).unwrap())],
///     eliminations: vec![],
///     cells: vec![Cell::new(0).unwrap()],
///     houses: vec![],
///     digits: vec![Digit::new(5).unwrap()],
///     links: vec![],
/// };
/// let json = serde_json::to_string(&step).unwrap();
/// assert!(json.starts_with(r#"{"technique":"naked_single","rating":2.3,"placements":[[0,5]]"#));
/// assert_eq!(serde_json::from_str::<Step>(&json).unwrap(), step);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// The technique that found the step.
    pub technique: Technique,
    /// Its rating, from the [`Ratings`](super::Ratings) table the finder was given.
    pub rating: Rating,
    /// Digits placed, in cell order.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed, in (cell, digit) order.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The cells of the pattern (meaning per [`Technique`]).
    pub cells: Vec<Cell>,
    /// The houses of the pattern (meaning per [`Technique`]).
    pub houses: Vec<House>,
    /// The digits of the pattern (meaning per [`Technique`]).
    pub digits: Vec<Digit>,
    /// The implications of a chain, in chain order (see [`Technique`] for each chain kind);
    /// empty for other techniques, and then left out of the JSON.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub links: Vec<Link>,
}

impl Step {
    /// A step of `technique` rated `rating`, with nothing in it yet.
    pub fn new(technique: Technique, rating: Rating) -> Step {
        Step {
            technique,
            rating,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            digits: Vec::new(),
            links: Vec::new(),
        }
    }

    /// Whether the step places a digit (otherwise it only eliminates candidates).
    pub fn is_placement(&self) -> bool {
        !self.placements.is_empty()
    }
}

impl fmt::Display for Step {
    /// The step in English, as [`explain::english`](super::explain::english) words it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::explain::english(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{cell, digit};

    #[test]
    fn displays_as_its_english_explanation() {
        let mut step = Step::new(Technique::NakedSingle, Rating::from_tenths(23));
        step.placements.push((cell("r1c1"), digit(5)));
        step.cells.push(cell("r1c1"));
        step.digits.push(digit(5));
        assert_eq!(step.to_string(), "Naked single: r1c1 can only be 5.");
        assert_eq!(step.to_string(), crate::logic::explain::english(&step));
    }

    #[test]
    #[cfg(feature = "serde")]
    fn json_names_houses_and_rejects_out_of_range_values() {
        use crate::logic::test_util::house;
        let mut step = Step::new(Technique::Pointing, Rating::from_tenths(26));
        step.eliminations.push((cell("r1c4"), digit(7)));
        step.cells = vec![cell("r1c1"), cell("r1c2")];
        step.houses = vec![house("box 1"), house("row 1")];
        step.digits.push(digit(7));
        let json = serde_json::to_string(&step).expect("serializes");
        assert!(
            json.contains(r#""houses":[{"block":0},{"row":0}]"#),
            "{json}"
        );
        assert!(!step.is_placement());
        let back: Step = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, step);
        for bad in [
            json.replace(r#""eliminations":[[3,7]]"#, r#""eliminations":[[81,7]]"#),
            json.replace(r#""eliminations":[[3,7]]"#, r#""eliminations":[[3,0]]"#),
            json.replace(r#"{"row":0}"#, r#"{"row":9}"#),
            json.replace(r#""pointing""#, r#""pointy""#),
        ] {
            assert_ne!(bad, json, "the replacement must apply");
            assert!(serde_json::from_str::<Step>(&bad).is_err(), "{bad}");
        }
    }
}
