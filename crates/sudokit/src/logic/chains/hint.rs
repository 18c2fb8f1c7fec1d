//! A chain found by the search, its Sudoku Explainer difficulty (base plus length bonus, in
//! SE's own floating-point arithmetic, because SE sorts hints by that number), and its
//! conversion to a [`Step`].

use super::graph::{cell_digit, link_house, Graph, Pot};
use super::node::{ChainNode, Link};
use crate::board::{Cell, Digit};
use crate::logic::cell_set::CellSet;
use crate::logic::{Rating, Ratings, Step, Technique};
use std::cmp::Ordering;

/// SE's three passes of "Forcing Chains & Cycles", in its order; the discriminant is SE's sort
/// key (`getSortKey`), which breaks ties after difficulty and complexity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Pass {
    /// X links only: X-cycles (6.5) and forcing X-chains (6.6).
    X = 2,
    /// Y links only: Y-cycles (6.5), from bivalue cells.
    Y = 3,
    /// Both: cycles and forcing chains (7.0).
    Xy = 4,
}

/// What a chain concludes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Conclusion {
    /// A bidirectional cycle: candidates seeing an "on" and an "off" node of it go.
    Cycle,
    /// "Source on" implies "source off": the source candidate goes.
    Eliminate,
    /// "Source off" implies "source on": the source digit is placed.
    Place,
}

impl Conclusion {
    /// The technique of a chain of this kind found in `pass`.
    pub(super) fn technique(self, pass: Pass) -> Technique {
        match (pass, self) {
            (Pass::X, Conclusion::Cycle) => Technique::XCycle,
            (Pass::X, _) => Technique::ForcingXChain,
            // SE has no forcing chain in the Y pass ("they cannot exist").
            (Pass::Y, _) => Technique::YCycle,
            (Pass::Xy, Conclusion::Cycle) => Technique::Cycle,
            (Pass::Xy, _) => Technique::ForcingChain,
        }
    }
}

/// SE's length bonus (`getLengthDifficulty`) for a chain of `complexity` nodes: 0.1 per step
/// of a ceiling that starts at 4 and grows by 3/2 and 4/3 alternately, summed in `f64` as SE
/// does.
pub(crate) fn length_bonus(complexity: u32) -> f64 {
    let length = i64::from(complexity) - 2;
    let mut ceiling: i64 = 4;
    let mut added = 0.0;
    let mut odd = false;
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// The difficulty SE gives a chain of `technique` with `complexity` nodes, as SE computes it.
pub(super) fn difficulty(ratings: &Ratings, technique: Technique, complexity: u32) -> f64 {
    f64::from(ratings.get(technique).tenths()) / 10.0 + length_bonus(complexity)
}

/// The rating serate prints for a difficulty: `(int)((d + 0.05) * 10)` tenths.
pub(super) fn rating_of(difficulty: f64) -> Rating {
    let tenths = ((difficulty + 0.05) * 10.0).floor();
    // Difficulties are between 1 and a few dozen: the cast is exact.
    Rating::from_tenths(tenths.clamp(0.0, f64::from(u16::MAX)) as u16)
}

/// SE's sort order of chaining hints, without the final tie-break (discovery order):
/// difficulty, then complexity, then pass.
#[derive(Debug, Clone, Copy)]
pub(super) struct Key {
    pub(super) difficulty: f64,
    pub(super) complexity: u32,
    pub(super) pass: Pass,
}

impl Key {
    pub(super) fn cmp(&self, other: &Key) -> Ordering {
        self.difficulty
            .total_cmp(&other.difficulty)
            .then(self.complexity.cmp(&other.complexity))
            .then(self.pass.cmp(&other.pass))
    }
}

/// One chain found, with what it removes or places.
#[derive(Debug, Clone)]
pub(crate) struct ChainHint {
    pub(super) key: Key,
    pub(super) conclusion: Conclusion,
    /// The nodes from the source: `(potential, on)`; a cycle does not repeat its source at the
    /// end, a forcing chain ends with the source's opposite.
    pub(super) nodes: Vec<(Pot, bool)>,
    /// The candidates it removes (for a placement: the cell's other candidates), sorted; SE
    /// treats two hints with the same set as the same hint.
    pub(super) removable: Vec<(Cell, Digit)>,
}

impl ChainHint {
    /// A forcing chain along `nodes` (source first, its opposite last).
    pub(super) fn forcing(key: Key, nodes: Vec<(Pot, bool)>, graph: &Graph) -> Option<ChainHint> {
        let &(source, on) = nodes.first()?;
        let (cell, digit) = cell_digit(source)?;
        let (conclusion, removable) = if on {
            (Conclusion::Eliminate, vec![(cell, digit)])
        } else {
            let others = graph.cands(cell.index()) & !(1 << digit.index());
            let removable = (0..9)
                .filter(|d| others & (1 << d) != 0)
                .filter_map(|d| Some((cell, Digit::from_index(d)?)))
                .collect();
            (Conclusion::Place, removable)
        };
        Some(ChainHint {
            key,
            conclusion,
            nodes,
            removable,
        })
    }

    /// A bidirectional cycle along `nodes` (source first), if it removes anything (SE's
    /// `createCycleHint` and `isWorth`): a candidate goes when its cell, outside the cycle,
    /// sees an "on" node and an "off" node of the cycle with its digit.
    pub(super) fn cycle(key: Key, nodes: Vec<(Pot, bool)>, graph: &Graph) -> Option<ChainHint> {
        let mut cells = CellSet::EMPTY;
        let mut seen_on = [CellSet::EMPTY; 9];
        let mut seen_off = [CellSet::EMPTY; 9];
        for &(p, on) in &nodes {
            let (cell, digit) = cell_digit(p)?;
            cells.insert(cell);
            let seen = if on { &mut seen_on } else { &mut seen_off };
            seen[digit.index()] |= CellSet::peers(cell);
        }
        let mut removable = Vec::new();
        for d in 0..9 {
            let gone = (seen_on[d] & seen_off[d] & graph.cells_with(d)).difference(cells);
            if let Some(digit) = Digit::from_index(d) {
                removable.extend(gone.iter().map(|cell| (cell, digit)));
            }
        }
        if removable.is_empty() {
            return None;
        }
        removable.sort_unstable();
        Some(ChainHint {
            key,
            conclusion: Conclusion::Cycle,
            nodes,
            removable,
        })
    }

    /// The technique of this hint.
    pub(super) fn technique(&self) -> Technique {
        self.conclusion.technique(self.key.pass)
    }

    /// The hint as a step: links along the chain (around the cycle, back to its source),
    /// `cells` the chain's cells in order of first appearance, `digits` its digits in
    /// increasing order.
    pub(super) fn to_step(&self, graph: &Graph) -> Step {
        let mut step = Step::new(self.technique(), rating_of(self.key.difficulty));
        match self.conclusion {
            Conclusion::Place => {
                if let Some((cell, digit)) = self.nodes.first().and_then(|&(p, _)| cell_digit(p)) {
                    step.placements.push((cell, digit));
                }
            }
            Conclusion::Cycle | Conclusion::Eliminate => {
                step.eliminations = self.removable.clone();
            }
        }
        let mut closed = self.nodes.clone();
        if self.conclusion == Conclusion::Cycle {
            if let Some(&first) = self.nodes.first() {
                closed.push(first);
            }
        }
        for pair in closed.windows(2) {
            let [(a, a_on), (b, b_on)] = [pair[0], pair[1]];
            let (Some((a_cell, a_digit)), Some((b_cell, b_digit))) = (cell_digit(a), cell_digit(b))
            else {
                continue;
            };
            step.links.push(Link {
                from: ChainNode {
                    cell: a_cell,
                    digit: a_digit,
                    on: a_on,
                },
                to: ChainNode {
                    cell: b_cell,
                    digit: b_digit,
                    on: b_on,
                },
                house: link_house(graph, a, b, !a_on),
            });
        }
        for &(p, _) in &self.nodes {
            if let Some((cell, digit)) = cell_digit(p) {
                if !step.cells.contains(&cell) {
                    step.cells.push(cell);
                }
                if !step.digits.contains(&digit) {
                    step.digits.push(digit);
                }
            }
        }
        step.digits.sort_unstable();
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_bonus_follows_se_table() {
        // (length = complexity - 2, bonus in tenths) from TECHNIQUES.md.
        let table = [
            (4, 0),
            (5, 1),
            (6, 1),
            (7, 2),
            (8, 2),
            (9, 3),
            (12, 3),
            (13, 4),
            (16, 4),
            (17, 5),
            (24, 5),
            (25, 6),
            (32, 6),
            (33, 7),
            (48, 7),
            (49, 8),
            (64, 8),
            (65, 9),
            (96, 9),
            (97, 10),
            (128, 10),
        ];
        for (length, tenths) in table {
            let bonus = length_bonus(length + 2);
            assert!(
                (bonus * 10.0 - f64::from(tenths)).abs() < 1e-9,
                "length {length}: {bonus}"
            );
        }
        assert_eq!(length_bonus(2), 0.0);
    }

    #[test]
    fn difficulties_round_like_serate() {
        let ratings = Ratings::default();
        // A turbot fish (6 nodes) is 6.6, an 8-node X-chain 6.7, a 4-node XY cycle 7.0.
        let cases = [
            (Technique::ForcingXChain, 6, 66),
            (Technique::ForcingXChain, 8, 67),
            (Technique::XCycle, 4, 65),
            (Technique::Cycle, 4, 70),
            (Technique::ForcingChain, 12, 73),
            (Technique::ForcingChain, 26, 75),
        ];
        for (technique, complexity, tenths) in cases {
            let d = difficulty(&ratings, technique, complexity);
            assert_eq!(rating_of(d).tenths(), tenths, "{technique:?} {complexity}");
        }
        // SE compares the sums as doubles: 6.5 + 0.1 is exactly SE's 6.6.
        assert_eq!(
            difficulty(&ratings, Technique::XCycle, 8),
            difficulty(&ratings, Technique::ForcingXChain, 6)
        );
    }
}
