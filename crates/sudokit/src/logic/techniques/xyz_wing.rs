//! XYZ-Wing: a pivot `xyz` sees pincers `xz` and `yz`. One of the three cells is `z`, so `z`
//! leaves every cell that sees all three.
//!
//! SE's `XYWing(true)`: the same scan as the XY-Wing (see [`XyWing`](super::XyWing)) with a
//! trivalue pivot; the three cells hold three digits in all, exactly one common to all three.

use super::report;
use super::xy_wing::{wing_step, wings};
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds XYZ-Wings.
#[derive(Debug, Clone, Copy, Default)]
pub struct XyzWing;

impl Finder for XyzWing {
    fn technique(&self) -> Technique {
        Technique::XyzWing
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        wings(grid, true, &mut |wing| {
            let victims =
                CellSet::peers(wing.xz) & CellSet::peers(wing.yz) & CellSet::peers(wing.pivot);
            match wing_step(self.technique(), ratings, grid, &wing, victims) {
                Some(step) => report(found, step),
                None => ControlFlow::Continue(()),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::xy_wing::tests::house_name;
    use crate::logic::test_util::{cells, elims, first, keep};

    #[test]
    fn removes_z_from_cells_seeing_all_three() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "259");
        keep(&mut grid, "r1c2", "29");
        keep(&mut grid, "r4c1", "59");
        let step = first(&XyzWing, &grid).expect("XYZ-Wing");
        assert_eq!(step.cells, cells("r1c1 r1c2 r4c1"));
        assert_eq!(
            step.digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            [2, 5, 9]
        );
        assert_eq!(elims(&step), ["9@r2c1", "9@r3c1"]);
        assert_eq!(step.rating.to_string(), "4.4");
        // Drawn as pivot=2 ⇒ r1c2≠2 ⇒ r1c2=9 and pivot=5 ⇒ r4c1≠5 ⇒ r4c1=9 (the pivot's own
        // 9 needs no link); the pivot and its box pincer share row 1 first.
        let links: Vec<String> = step
            .links
            .iter()
            .map(|l| format!("{} -> {} {}", l.from, l.to, house_name(l.house)))
            .collect();
        assert_eq!(
            links,
            [
                "r1c1=2 -> r1c2≠2 row 1",
                "r1c2≠2 -> r1c2=9 cell",
                "r1c1=5 -> r4c1≠5 column 1",
                "r4c1≠5 -> r4c1=9 cell",
            ]
        );
    }

    #[test]
    fn a_bivalue_pivot_is_not_an_xyz_wing() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "25");
        keep(&mut grid, "r1c2", "29");
        keep(&mut grid, "r4c1", "59");
        assert!(first(&XyzWing, &grid).is_none());
        // Pincers with the same two digits.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "259");
        keep(&mut grid, "r1c2", "29");
        keep(&mut grid, "r4c1", "29");
        assert!(first(&XyzWing, &grid).is_none());
        // A wing whose victims have lost z already.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "259");
        keep(&mut grid, "r1c2", "29");
        keep(&mut grid, "r4c1", "59");
        crate::logic::test_util::remove(&mut grid, 9, "r2c1 r3c1");
        assert!(first(&XyzWing, &grid).is_none());
    }
}
