//! ALS-XY-Wing with overlapping sets (HoDoKu 0902 with its "allow ALS overlap" option, the
//! reglib `-2` cases): as [`AlsXyWing`](super::AlsXyWing), but the three sets may share cells
//! as long as no restricted common digit lies in a shared cell. The wing's logic holds as
//! before: `C` lacks at most one of `x` and `y`, so `A` or `B` is locked and one of them holds
//! `z`. HoDoKu leaves the option off by default, and so does human mode's list. Its tests are
//! the reglib cases (`tests/logic_reglib_human.rs`).

use super::als::{self, Als};
use super::als_xy_wing::wing_step;
use super::report;
use crate::board::{Candidates, Digit};
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds ALS-XY-Wings whose sets may overlap.
#[derive(Debug, Clone, Copy, Default)]
pub struct AlsXyWingOverlapping;

/// The restricted common digits of two sets that may overlap: digits both hold, none of them
/// in a shared cell, every cell of one holding it seeing every cell of the other holding it.
fn rccs(a: &Als, b: &Als) -> Candidates {
    let mut out = Candidates::from_bits(0);
    if a.cells == b.cells {
        return out;
    }
    for x in a.digits.intersection(b.digits).iter() {
        let (ax, bx) = (a.with(x), b.with(x));
        if !(ax & bx).is_empty() {
            continue;
        }
        if ax.iter().all(|c| bx.is_subset(CellSet::peers(c))) {
            out.insert(x);
        }
    }
    out
}

impl Finder for AlsXyWingOverlapping {
    fn technique(&self) -> Technique {
        Technique::AlsXyWing
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let sets = als::all(grid);
        let mut linked: Vec<Vec<(usize, Digit)>> = vec![Vec::new(); sets.len()];
        for (i, a) in sets.iter().enumerate() {
            for (j, b) in sets.iter().enumerate().skip(i + 1) {
                for x in rccs(a, b).iter() {
                    linked[i].push((j, x));
                    linked[j].push((i, x));
                }
            }
        }
        for (ci, c) in sets.iter().enumerate() {
            for (k, &(ai, x)) in linked[ci].iter().enumerate() {
                for &(bi, y) in &linked[ci][k + 1..] {
                    if x == y || ai == bi {
                        continue;
                    }
                    if let Some(step) = wing_step(grid, ratings, &sets[ai], &sets[bi], c, x, y) {
                        report(found, step)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}
