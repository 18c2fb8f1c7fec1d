//! ALS-XZ (HoDoKu 0901): two almost locked sets `A` and `B` with a restricted common
//! candidate `x`. One of them does not hold `x` and is locked, so for any other digit `z` both
//! hold, one of their `z` cells is `z`: `z` leaves every cell that sees all of them. With two
//! RCCs (doubly linked) both sets are locked without either RCC... each RCC is in exactly one
//! of them: each RCC leaves every cell that sees all its cells in both sets, and every other
//! digit of each set leaves every cell that sees all its cells in that set.

use super::als::{self, Als};
use super::report;
use crate::board::{Cell, Digit};
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds ALS-XZ steps.
#[derive(Debug, Clone, Copy, Default)]
pub struct AlsXz;

/// The cells seeing every cell of `set` holding `digit`, outside `skip`, that hold it.
fn seeing(grid: &CandidateGrid, set: CellSet, digit: Digit, skip: CellSet) -> CellSet {
    (set.iter()
        .fold(CellSet::ALL, |acc, c| acc & CellSet::peers(c))
        & grid.cells_with(digit))
    .difference(skip)
}

/// What ALS-XZ on `a` and `b` with RCCs `rccs` removes.
fn eliminations(grid: &CandidateGrid, a: &Als, b: &Als, rccs: &[Digit]) -> Vec<(Cell, Digit)> {
    let both = a.cells | b.cells;
    let mut out = Vec::new();
    for z in a.digits.intersection(b.digits).iter() {
        if rccs.contains(&z) {
            continue;
        }
        out.extend(
            seeing(grid, a.with(z) | b.with(z), z, both)
                .iter()
                .map(|c| (c, z)),
        );
    }
    if rccs.len() == 2 {
        for &x in rccs {
            out.extend(
                seeing(grid, a.with(x) | b.with(x), x, both)
                    .iter()
                    .map(|c| (c, x)),
            );
        }
        for set in [a, b] {
            for d in set.digits.iter() {
                if !rccs.contains(&d) {
                    out.extend(seeing(grid, set.with(d), d, both).iter().map(|c| (c, d)));
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

impl Finder for AlsXz {
    fn technique(&self) -> Technique {
        Technique::AlsXz
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let sets = als::all(grid);
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i + 1..] {
                if a.digits.intersection(b.digits).len() < 2 {
                    continue;
                }
                let rccs: Vec<Digit> = als::rccs(a, b).iter().collect();
                if rccs.is_empty() || rccs.len() > 2 {
                    continue;
                }
                let elims = eliminations(grid, a, b, &rccs);
                if elims.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::AlsXz, ratings.get(Technique::AlsXz));
                step.digits = rccs.clone();
                let mut zs: Vec<Digit> = elims.iter().map(|&(_, d)| d).collect();
                zs.sort_unstable();
                zs.dedup();
                step.digits
                    .extend(zs.into_iter().filter(|d| !rccs.contains(d)));
                step.eliminations = elims;
                step.cells = a.cells.iter().chain(b.cells.iter()).collect();
                step.houses = vec![a.house(), b.house()];
                report(found, step)?;
            }
        }
        ControlFlow::Continue(())
    }
}
