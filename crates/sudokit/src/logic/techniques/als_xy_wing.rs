//! ALS-XY-Wing (HoDoKu 0902): almost locked sets `A` and `B` each share a restricted common
//! candidate with a third set `C`, `x` with `A` and `y` with `B`, `x` ≠ `y`. `C` cannot hold
//! both, so `A` or `B` is locked (if `C` holds `x`, `A` is locked; if not, ... at most one of
//! `x`, `y` is missing from `C`, so `A` loses `x` or `B` loses `y`): for a digit `z` (not `x`
//! or `y`) both `A` and `B` hold, one of their `z` cells is `z`, and `z` leaves every cell that
//! sees all of them.

use super::als::{self, Als};
use super::report;
use crate::board::Digit;
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds ALS-XY-Wings.
#[derive(Debug, Clone, Copy, Default)]
pub struct AlsXyWing;

impl Finder for AlsXyWing {
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
        // For each set, its neighbours by a restricted common candidate.
        let mut linked: Vec<Vec<(usize, Digit)>> = vec![Vec::new(); sets.len()];
        for (i, a) in sets.iter().enumerate() {
            for (j, b) in sets.iter().enumerate().skip(i + 1) {
                for x in als::rccs(a, b).iter() {
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
                    let (a, b) = (&sets[ai], &sets[bi]);
                    if !(a.cells & b.cells).is_empty() {
                        continue;
                    }
                    let step = wing_step(grid, ratings, a, b, c, x, y);
                    if let Some(step) = step {
                        report(found, step)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

pub(super) fn wing_step(
    grid: &CandidateGrid,
    ratings: &Ratings,
    a: &Als,
    b: &Als,
    c: &Als,
    x: Digit,
    y: Digit,
) -> Option<Step> {
    let skip = a.cells | b.cells | c.cells;
    let mut elims = Vec::new();
    let mut zs = Vec::new();
    for z in a.digits.intersection(b.digits).iter() {
        if z == x || z == y {
            continue;
        }
        let targets = (a.seeing_all(b, z) & grid.cells_with(z)).difference(skip);
        if !targets.is_empty() {
            zs.push(z);
        }
        elims.extend(targets.iter().map(|t| (t, z)));
    }
    if elims.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::AlsXyWing, ratings.get(Technique::AlsXyWing));
    step.eliminations = elims;
    step.cells = a
        .cells
        .iter()
        .chain(b.cells.iter())
        .chain(c.cells.iter())
        .collect();
    step.houses = vec![a.house(), b.house(), c.house()];
    step.digits = [x, y].into_iter().chain(zs).collect();
    let _ = CellSet::EMPTY;
    Some(step)
}
