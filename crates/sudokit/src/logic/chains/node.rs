//! The public data of a chain: its nodes (a candidate assumed true or false) and its links (one
//! implication each, with the house that makes it).

use crate::board::{Cell, Digit, House};
use std::fmt;

/// One node of a chain: "`digit` is (or is not) in `cell`".
///
/// Displays as `r1c2=5` when on and `r1c2≠5` when off.
///
/// ```
/// use sudokit::logic::ChainNode;
/// use sudokit::{Cell, Digit};
/// let node = ChainNode { cell: Cell::new(1).unwrap(), digit: Digit::new(5).unwrap(), on: false };
/// assert_eq!(node.to_string(), "r1c2≠5");
/// assert_eq!(serde_json::to_string(&node).unwrap(), r#"{"cell":1,"digit":5,"on":false}"#);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChainNode {
    /// The cell.
    pub cell: Cell,
    /// The candidate digit.
    pub digit: Digit,
    /// `true` if the node says the digit is in the cell, `false` if it says it is not.
    pub on: bool,
}

impl fmt::Display for ChainNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.on { "=" } else { "≠" };
        write!(f, "{}{sign}{}", self.cell, self.digit)
    }
}

/// One implication of a chain: if `from` holds, then `to` holds.
///
/// An "on" node implies "off" nodes (a digit in a cell rules out its other candidates and the
/// same digit in the cell's houses: a weak link); an "off" node implies an "on" node when only
/// one alternative is left (a bivalue cell, or a digit with two places in a house: a strong
/// link). `house` is the house that makes the implication, or `None` when both nodes are in
/// the same cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Link {
    /// The premise.
    pub from: ChainNode,
    /// The consequence.
    pub to: ChainNode,
    /// The house shared by the two cells that makes the implication; `None` inside one cell.
    pub house: Option<House>,
}

impl Link {
    /// Whether this is a strong link (an "off" node forcing an "on" node).
    pub fn is_strong(&self) -> bool {
        !self.from.on && self.to.on
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;
    use crate::logic::test_util::{cell, digit, house};
    use crate::logic::{Rating, Step, Technique};

    #[test]
    fn links_round_trip_and_stay_out_of_other_steps_json() {
        let mut step = Step::new(Technique::ForcingXChain, Rating::from_tenths(66));
        let node = |c: &str, on| ChainNode {
            cell: cell(c),
            digit: digit(5),
            on,
        };
        step.links.push(Link {
            from: node("r1c1", true),
            to: node("r1c9", false),
            house: Some(house("row 1")),
        });
        step.links.push(Link {
            from: node("r1c9", false),
            to: node("r9c9", true),
            house: Some(house("column 9")),
        });
        assert!(!step.links[0].is_strong() && step.links[1].is_strong());
        let json = serde_json::to_string(&step).expect("serializes");
        assert!(
            json.ends_with(
                r#""links":[{"from":{"cell":0,"digit":5,"on":true},"to":{"cell":8,"digit":5,"on":false},"house":{"row":0}},{"from":{"cell":8,"digit":5,"on":false},"to":{"cell":80,"digit":5,"on":true},"house":{"col":8}}]}"#
            ),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<Step>(&json).expect("parses"), step);
        let plain = Step::new(Technique::NakedSingle, Rating::from_tenths(23));
        let json = serde_json::to_string(&plain).expect("serializes");
        assert!(!json.contains("links"), "{json}");
        assert_eq!(serde_json::from_str::<Step>(&json).expect("parses"), plain);
    }
}
