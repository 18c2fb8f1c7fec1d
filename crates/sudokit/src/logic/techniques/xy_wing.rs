//! XY-Wing: a bivalue pivot `xy` sees two bivalue pincers `xz` and `yz`. Whichever digit the
//! pivot takes, one pincer is `z`, so `z` leaves every cell that sees both pincers.
//!
//! SE's `XYWing(false)`: pivots in row-major order; both pincers taken from the pivot's peers in
//! SE's peer order (box, row, column); the first pincer must share exactly one digit with the
//! pivot, and the three cells must hold three digits in all with none common to all three.
//! Each wing is met twice (pincers swapped); the first wins.
//!
//! The step's links are the wing as a player reads it (for drawing): from each of the pivot's
//! digits `x` and `y`, a weak link to the pincer that shares it, then the pincer's strong link
//! inside its cell to `z` (pivot=x ⇒ xz≠x ⇒ xz=z; pivot=y ⇒ yz≠y ⇒ yz=z). Every wing has four,
//! so links change no step's rank (human mode's [`Style::ease`](crate::logic::Style::ease)).

use super::report;
use super::shared_house;
use crate::board::{Candidates, Cell, Digit};
use crate::logic::cell_set::{CellSet, SE_PEERS};
use crate::logic::{CandidateGrid, ChainNode, Finder, Link, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// A wing found by [`wings`]: pivot, `xz` pincer, `yz` pincer, and the digits `[x, y, z]`.
pub(super) struct Wing {
    pub(super) pivot: Cell,
    pub(super) xz: Cell,
    pub(super) yz: Cell,
    pub(super) digits: [Digit; 3],
}

/// Calls `visit` for every XY-Wing (`xyz == false`, bivalue pivot) or XYZ-Wing (`xyz == true`,
/// trivalue pivot) in SE's order.
pub(super) fn wings(
    grid: &CandidateGrid,
    xyz: bool,
    visit: &mut dyn FnMut(Wing) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in grid.empty_cells() {
        let p = grid.candidates(pivot);
        if p.len() != pivot_size {
            continue;
        }
        let peers = &SE_PEERS[pivot.index()];
        for &xz in peers {
            let a = grid.candidates(xz);
            if a.len() != 2 || p.difference(a).len() != 1 {
                continue;
            }
            for &yz in peers {
                let b = grid.candidates(yz);
                if b.len() != 2 {
                    continue;
                }
                let union = p.union(a).union(b);
                let common = p.intersection(a).intersection(b);
                let wanted_common = if xyz { 1 } else { 0 };
                if union.len() != 3 || common.len() != wanted_common {
                    continue;
                }
                let Some(z) = a.intersection(b).iter().next() else {
                    continue;
                };
                let (x, y) = (
                    a.difference(Candidates::single(z)),
                    b.difference(Candidates::single(z)),
                );
                let (Some(x), Some(y)) = (x.single_digit(), y.single_digit()) else {
                    continue;
                };
                visit(Wing {
                    pivot,
                    xz,
                    yz,
                    digits: [x, y, z],
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Turns a wing into a step removing `z` from `victims`, if there is any to remove.
pub(super) fn wing_step(
    technique: Technique,
    ratings: &Ratings,
    grid: &CandidateGrid,
    wing: &Wing,
    victims: CellSet,
) -> Option<Step> {
    let z = wing.digits[2];
    let mut targets = victims & grid.cells_with(z);
    for cell in [wing.pivot, wing.xz, wing.yz] {
        targets.remove(cell);
    }
    if targets.is_empty() {
        return None;
    }
    let mut step = Step::new(technique, ratings.get(technique));
    step.eliminations = targets.iter().map(|c| (c, z)).collect();
    step.cells = vec![wing.pivot, wing.xz, wing.yz];
    step.digits = wing.digits.to_vec();
    step.links = wing_links(wing);
    Some(step)
}

/// The four links of a wing: pivot=x ⇒ xz≠x ⇒ xz=z, then pivot=y ⇒ yz≠y ⇒ yz=z.
fn wing_links(wing: &Wing) -> Vec<Link> {
    let [x, y, z] = wing.digits;
    let node = |cell, digit, on| ChainNode { cell, digit, on };
    let mut links = Vec::with_capacity(4);
    for (pincer, digit) in [(wing.xz, x), (wing.yz, y)] {
        links.push(Link {
            from: node(wing.pivot, digit, true),
            to: node(pincer, digit, false),
            house: shared_house(wing.pivot, pincer),
        });
        links.push(Link {
            from: node(pincer, digit, false),
            to: node(pincer, z, true),
            house: None,
        });
    }
    links
}

/// Finds XY-Wings.
#[derive(Debug, Clone, Copy, Default)]
pub struct XyWing;

impl Finder for XyWing {
    fn technique(&self) -> Technique {
        Technique::XyWing
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        wings(grid, false, &mut |wing| {
            let victims = CellSet::peers(wing.xz) & CellSet::peers(wing.yz);
            match wing_step(self.technique(), ratings, grid, &wing, victims) {
                Some(step) => report(found, step),
                None => ControlFlow::Continue(()),
            }
        })
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::board::House;
    use crate::logic::test_util::{all, cells, elims, first, keep};

    #[test]
    fn removes_z_from_cells_seeing_both_pincers() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "25");
        keep(&mut grid, "r1c7", "29");
        keep(&mut grid, "r4c1", "59");
        let step = first(&XyWing, &grid).expect("XY-Wing");
        assert_eq!(step.cells, cells("r1c1 r1c7 r4c1"));
        assert_eq!(
            step.digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [2, 5, 9]
        );
        assert_eq!(elims(&step), ["9@r4c7"]);
        assert_eq!(step.rating.to_string(), "4.2");
        // Drawn as pivot=2 ⇒ r1c7≠2 ⇒ r1c7=9 and pivot=5 ⇒ r4c1≠5 ⇒ r4c1=9.
        let links: Vec<String> = step
            .links
            .iter()
            .map(|l| format!("{} -> {} {}", l.from, l.to, house_name(l.house)))
            .collect();
        assert_eq!(
            links,
            [
                "r1c1=2 -> r1c7≠2 row 1",
                "r1c7≠2 -> r1c7=9 cell",
                "r1c1=5 -> r4c1≠5 column 1",
                "r4c1≠5 -> r4c1=9 cell",
            ]
        );
        let strong: Vec<bool> = step.links.iter().map(Link::is_strong).collect();
        assert_eq!(strong, [false, true, false, true]);
        // Found again with the pincers swapped.
        assert_eq!(all(&XyWing, &grid).len(), 2);
    }

    /// How a test prints a link's house.
    pub(in crate::logic::techniques) fn house_name(house: Option<House>) -> String {
        house.map_or("cell".to_string(), |h| h.to_string())
    }

    #[test]
    fn no_wing_when_digits_do_not_fit_or_nothing_to_remove() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "25");
        keep(&mut grid, "r1c7", "29");
        keep(&mut grid, "r4c1", "58");
        assert!(first(&XyWing, &grid).is_none());
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "25");
        keep(&mut grid, "r1c7", "29");
        keep(&mut grid, "r4c1", "59");
        keep(&mut grid, "r4c7", "1");
        assert!(first(&XyWing, &grid).is_none());
    }
}
