//! Sudoku Explainer's three numbers (ER, EP, ED) for one solve path, and its print rounding.
//!
//! SE 1.2.1 with gsf's serate (`Solver.getDifficulty`) walks its solve path keeping the
//! hardest rating so far. That maximum, at the end, is **ER**. Right after the first step it is
//! remembered as **ED** (the "diamond": in practice the first step's rating). Right after the
//! first step that places a digit (SE's `hint.getCell() != null`, which includes the "direct"
//! techniques and any chain that ends in a placement) it is remembered as **EP** (the "pearl"),
//! and neither changes after that. When no technique applies before the grid is full, ER is
//! 20.0 and EP/ED keep whatever they were (serate then prints `0.0` for one never reached).

use crate::logic::{Outcome, Rating, Step};
use std::fmt;

/// The ER serate gives a puzzle it cannot finish with its techniques: 20.0.
pub const STUCK: Rating = Rating::from_tenths(200);

/// Sudoku Explainer's rating of a solve path: ER, EP and ED.
///
/// Displays as serate prints it, `ER/EP/ED` with one decimal each (a value never reached shows
/// as `0.0`, like serate's). In JSON, `ep`/`ed` are `null` when never reached.
///
/// ```
/// use sudokit::logic::{Outcome, Rating, Step, Technique};
/// use sudokit::rate::SeRating;
/// use sudokit::{Cell, Digit};
/// let pointing = Step::new(Technique::Pointing, Rating::from_tenths(26));
/// let mut single = Step::new(Technique::HiddenSingleBox, Rating::from_tenths(12));
/// single.placements.push((Cell::new(0).unwrap(), Digit::new(1).unwrap()));
/// let wing = Step::new(Technique::XWing, Rating::from_tenths(32));
/// let rating = SeRating::of(&[pointing, single, wing], Outcome::Solved);
/// assert_eq!(rating.to_string(), "3.2/2.6/2.6");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeRating {
    /// The hardest step of the whole path; [`STUCK`] (20.0) when the path is stuck, and 0.0
    /// when there was nothing to do (a full grid).
    pub er: Rating,
    /// The hardest step up to and including the first placement; `None` when the path ended
    /// before any step placed a digit.
    pub ep: Option<Rating>,
    /// The hardest step up to the first step, i.e. the first step's rating; `None` when the
    /// path has no step.
    pub ed: Option<Rating>,
}

impl SeRating {
    /// The rating of the path `steps` that ended with `outcome`, as serate computes it.
    pub fn of(steps: &[Step], outcome: Outcome) -> SeRating {
        let mut hardest: Option<Rating> = None;
        let mut ep = None;
        let mut ed = None;
        for step in steps {
            hardest = hardest.max(Some(step.rating));
            // Like serate, both are frozen once the first placement has been seen.
            if ep.is_none() {
                if ed.is_none() {
                    ed = hardest;
                }
                if step.is_placement() {
                    ep = hardest;
                }
            }
        }
        let er = match outcome {
            Outcome::Stuck => STUCK,
            Outcome::Solved => hardest.unwrap_or_default(),
        };
        SeRating { er, ep, ed }
    }

    /// Whether this is the rating of a stuck path (ER 20.0).
    pub fn is_stuck(&self) -> bool {
        self.er == STUCK
    }
}

impl fmt::Display for SeRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let or_zero = |r: Option<Rating>| r.unwrap_or_default();
        write!(f, "{}/{}/{}", self.er, or_zero(self.ep), or_zero(self.ed))
    }
}

/// Sudoku Explainer's print rounding of a rating held as a floating-point number:
/// `(int)((x + 0.05) * 10)` tenths, as serate writes ER/EP/ED. `None` for a negative,
/// non-finite or too large number.
///
/// SE adds its bonuses (chain length, loop size) in `double`, so a rating like 6.6 + 0.3 is
/// 6.8999999999999995 inside SE; adding 0.05 before truncating turns it into 6.9 again. Every
/// rating SE can produce is within 0.05 of a tenth, so this equals the exact sum in tenths that
/// [`Rating`] keeps: rounding happens once, here, for numbers that come from outside (a serate
/// output, a float table), and never inside the rater.
///
/// ```
/// use sudokit::rate::se_round;
/// assert_eq!(se_round(6.6 + 0.1 + 0.1 + 0.1).map(|r| r.to_string()), Some("6.9".into()));
/// assert_eq!(se_round(7.349).map(|r| r.to_string()), Some("7.3".into()));
/// assert_eq!(se_round(7.35).map(|r| r.to_string()), Some("7.4".into()));
/// assert_eq!(se_round(-1.0), None);
/// ```
pub fn se_round(x: f64) -> Option<Rating> {
    let tenths = ((x + 0.05) * 10.0).trunc();
    if x >= 0.0 && x.is_finite() && tenths <= f64::from(u16::MAX) {
        // In range and integral, so the cast is exact.
        Some(Rating::from_tenths(tenths as u16))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Technique;
    use crate::{Cell, Digit};

    fn cell(index: usize) -> Cell {
        Cell::new(index).expect("a cell index")
    }

    fn one() -> Digit {
        Digit::new(1).expect("a digit")
    }

    fn step(technique: Technique, tenths: u16, places: bool) -> Step {
        let mut step = Step::new(technique, Rating::from_tenths(tenths));
        if places {
            step.placements.push((cell(0), one()));
        } else {
            step.eliminations.push((cell(1), one()));
        }
        step
    }

    fn rate(steps: &[(u16, bool)], outcome: Outcome) -> String {
        let steps: Vec<Step> = steps
            .iter()
            .map(|&(t, p)| step(Technique::Pointing, t, p))
            .collect();
        SeRating::of(&steps, outcome).to_string()
    }

    #[test]
    fn er_is_the_hardest_step_ed_the_first_and_ep_the_hardest_up_to_the_first_placement() {
        // Eliminations 2.6 then 3.4, a placement 1.2, then harder steps: EP keeps 3.4.
        let path = [
            (26, false),
            (34, false),
            (12, true),
            (45, false),
            (23, true),
        ];
        assert_eq!(rate(&path, Outcome::Solved), "4.5/3.4/2.6");
        // A first step that places: all three start there.
        assert_eq!(
            rate(&[(12, true), (32, false), (12, true)], Outcome::Solved),
            "3.2/1.2/1.2"
        );
        // The hardest step after the first placement does not move EP or ED.
        assert_eq!(
            rate(&[(15, true), (70, false), (10, true)], Outcome::Solved),
            "7.0/1.5/1.5"
        );
        // A placement that is itself the hardest so far (a direct technique or a chain that
        // places) sets EP to its own rating.
        assert_eq!(
            rate(&[(26, false), (66, true), (10, true)], Outcome::Solved),
            "6.6/6.6/2.6"
        );
    }

    #[test]
    fn a_stuck_path_is_rated_twenty_and_keeps_what_it_reached() {
        let stuck = SeRating::of(
            &[
                step(Technique::HiddenSingleBox, 12, true),
                step(Technique::XWing, 32, false),
            ],
            Outcome::Stuck,
        );
        assert!(stuck.is_stuck());
        assert_eq!(stuck.to_string(), "20.0/1.2/1.2");
        // Stuck before any placement: EP never reached (serate prints 0.0).
        let early = SeRating::of(&[step(Technique::Claiming, 28, false)], Outcome::Stuck);
        assert_eq!((early.ep, early.ed), (None, Some(Rating::from_tenths(28))));
        assert_eq!(early.to_string(), "20.0/0.0/2.8");
        // Stuck at once.
        let none = SeRating::of(&[], Outcome::Stuck);
        assert_eq!(none.to_string(), "20.0/0.0/0.0");
        assert_eq!((none.ep, none.ed), (None, None));
        // Nothing to do at all (a full grid) is not stuck.
        let full = SeRating::of(&[], Outcome::Solved);
        assert!(!full.is_stuck());
        assert_eq!(full.to_string(), "0.0/0.0/0.0");
    }

    #[test]
    #[cfg(feature = "serde")]
    fn json_has_null_for_values_never_reached() {
        let rating = SeRating::of(&[step(Technique::Claiming, 28, false)], Outcome::Stuck);
        let json = serde_json::to_string(&rating).expect("serializes");
        assert_eq!(json, r#"{"er":20.0,"ep":null,"ed":2.8}"#);
        let back: SeRating = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, rating);
    }

    #[test]
    fn se_rounding_recovers_every_tenth_from_float_sums() {
        // SE builds ratings as base + 0.1 * bonus in double arithmetic, one 0.1 at a time.
        for base in 10..=110u16 {
            let mut x = f64::from(base) / 10.0;
            for bonus in 0..=20u16 {
                assert_eq!(
                    se_round(x),
                    Some(Rating::from_tenths(base + bonus)),
                    "{base} + {bonus}"
                );
                x += 0.1;
            }
        }
        // Halfway rounds up, just below stays down (truncation after + 0.05).
        assert_eq!(se_round(2.25), Some(Rating::from_tenths(23)));
        assert_eq!(se_round(2.2499), Some(Rating::from_tenths(22)));
        assert_eq!(se_round(20.0), Some(STUCK));
        assert_eq!(se_round(0.0), Some(Rating::from_tenths(0)));
        assert_eq!(se_round(f64::NAN), None);
        assert_eq!(se_round(f64::INFINITY), None);
        assert_eq!(se_round(-0.2), None);
        assert_eq!(se_round(1e9), None);
    }
}
