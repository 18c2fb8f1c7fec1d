//! The names of the solving techniques: a stable snake_case id (used in JSON and on the command
//! line) and an English display name for each.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Declares the `Technique` enum from one table, so that the variant, its id (also its serde
/// name) and its display name can never disagree.
macro_rules! techniques {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal, $name:literal; )*) => {
        /// A solving technique. The variants are listed in Sudoku Explainer's search order.
        ///
        /// Each variant's documentation says how a [`Step`](super::Step) of that technique fills
        /// its pattern fields (`cells`, `houses`, `digits`); the order inside them is part of
        /// the contract, so the explanation can be rendered from the step alone.
        ///
        /// Serialized as its [`id`](Technique::id), e.g. `"naked_pair"`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[non_exhaustive]
        pub enum Technique {
            $(
                $(#[$doc])*
                #[serde(rename = $id)]
                $variant,
            )*
        }

        impl Technique {
            /// Every technique, in Sudoku Explainer's search order.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];

            /// How many techniques there are.
            pub const COUNT: usize = Technique::ALL.len();

            /// The stable snake_case id, e.g. `"hidden_single_box"`.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Technique::$variant => $id,)*
                }
            }

            /// The English display name, e.g. `"Hidden single (box)"`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Technique::$variant => $name,)*
                }
            }
        }
    };
}

techniques! {
    /// The last empty cell of a house takes the missing digit. cells: `[cell]`; houses:
    /// `[house]`; digits: `[digit]`.
    FullHouse = "full_house", "Full house";
    /// A digit has one place left in a box. cells: `[cell]`; houses: `[box]`; digits: `[digit]`.
    HiddenSingleBox = "hidden_single_box", "Hidden single (box)";
    /// A digit has one place left in a column. Laid out like [`Technique::HiddenSingleBox`].
    HiddenSingleColumn = "hidden_single_column", "Hidden single (column)";
    /// A digit has one place left in a row. Laid out like [`Technique::HiddenSingleBox`].
    HiddenSingleRow = "hidden_single_row", "Hidden single (row)";
    /// A pointing whose eliminations would leave a hidden single in another box. As in Sudoku
    /// Explainer the step only places that single (it eliminates nothing). cells: the box's
    /// cells holding the digit (all on the line); houses: `[box, line, box of the single]`;
    /// digits: `[digit]`.
    DirectPointing = "direct_pointing", "Direct pointing";
    /// A claiming whose eliminations would leave a hidden single in another line of the same
    /// kind. As in Sudoku Explainer the step only places that single. cells: the line's cells
    /// holding the digit (all in the box); houses: `[line, box, line of the single]`; digits:
    /// `[digit]`.
    DirectClaiming = "direct_claiming", "Direct claiming";
    /// A hidden pair that leaves a hidden single in the same house. As in Sudoku Explainer the
    /// step only places that single (it eliminates nothing). cells: the pair's cells; houses:
    /// `[house]`; digits: the pair's digits (the placed digit is in `placements`).
    DirectHiddenPair = "direct_hidden_pair", "Direct hidden pair";
    /// A cell has one candidate left. cells: `[cell]`; houses: none; digits: `[digit]`.
    NakedSingle = "naked_single", "Naked single";
    /// Like [`Technique::DirectHiddenPair`], with three digits in three cells.
    DirectHiddenTriple = "direct_hidden_triple", "Direct hidden triple";
    /// A digit in a box is confined to one line, so it leaves the rest of that line. cells:
    /// the box's cells holding the digit; houses: `[box, line]`; digits: `[digit]`.
    Pointing = "pointing", "Pointing";
    /// A digit in a line is confined to one box, so it leaves the rest of that box. cells: the
    /// line's cells holding the digit; houses: `[line, box]`; digits: `[digit]`.
    Claiming = "claiming", "Claiming";
    /// Two cells of a house hold only the same two digits, which leave the rest of the house.
    /// cells: the two cells; houses: `[house]`; digits: the two digits.
    NakedPair = "naked_pair", "Naked pair";
    /// A digit confined to the same two columns in two rows (or the other way round) leaves the
    /// rest of those columns. cells: the pattern's cells holding the digit; houses: the two
    /// base lines, then the two cover lines; digits: `[digit]`.
    XWing = "x_wing", "X-Wing";
    /// Two digits confined to the same two cells of a house: the cells lose their other
    /// candidates. cells: the two cells; houses: `[house]`; digits: the two digits.
    HiddenPair = "hidden_pair", "Hidden pair";
    /// Like [`Technique::NakedPair`], with three cells and three digits.
    NakedTriple = "naked_triple", "Naked triple";
    /// Like [`Technique::XWing`], with three base and three cover lines.
    Swordfish = "swordfish", "Swordfish";
    /// Like [`Technique::HiddenPair`], with three digits and three cells.
    HiddenTriple = "hidden_triple", "Hidden triple";
    /// A bivalue pivot `xy` sees bivalue pincers `xz` and `yz`: `z` leaves every cell that sees
    /// both pincers. cells: `[pivot, xz pincer, yz pincer]`; houses: none; digits: `[x, y, z]`.
    XyWing = "xy_wing", "XY-Wing";
    /// A pivot `xyz` sees pincers `xz` and `yz`: `z` leaves every cell that sees all three.
    /// cells: `[pivot, xz pincer, yz pincer]`; houses: none; digits: `[x, y, z]`.
    XyzWing = "xyz_wing", "XYZ-Wing";
    /// Like [`Technique::NakedPair`], with four cells and four digits.
    NakedQuad = "naked_quad", "Naked quad";
    /// Like [`Technique::XWing`], with four base and four cover lines.
    Jellyfish = "jellyfish", "Jellyfish";
    /// Like [`Technique::HiddenPair`], with four digits and four cells.
    HiddenQuad = "hidden_quad", "Hidden quad";
}

impl Technique {
    /// The technique with this [`id`](Technique::id), if any.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.id() == id)
    }

    /// The 0-based position in [`Technique::ALL`], for tables indexed by technique.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Technique {
    /// The display name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_match_serde() {
        for (i, &t) in Technique::ALL.iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(Technique::from_id(t.id()), Some(t));
            let json = serde_json::to_string(&t).expect("serializes");
            assert_eq!(json, format!("\"{}\"", t.id()));
            let back: Technique = serde_json::from_str(&json).expect("deserializes");
            assert_eq!(back, t);
            assert!(t.id().bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
        }
        assert_eq!(Technique::from_id("nope"), None);
        assert_eq!(Technique::XWing.to_string(), "X-Wing");
    }
}
