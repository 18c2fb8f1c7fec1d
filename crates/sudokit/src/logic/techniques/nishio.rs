//! Sudoku Explainer's Nishio forcing chains (7.5 plus the length bonus). The engine is in the
//! `chains` module (`dynamic` and `dynamic_scan`); this file plugs it into the registry.

use crate::logic::chains::{self, Family};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// The finder of SE's Nishio forcing chains ([`Technique::NishioForcingChains`]): assume a
/// candidate on (or off), follow its digit on the grid as each implication leaves it, and if
/// some candidate ends both on and off, the assumption was false.
///
/// SE tries them after its plain chains and the aligned triplet exclusion, before multiple
/// forcing chains.
///
/// ```
/// use sudokit::logic::{techniques::NishioForcingChains, CandidateGrid, Finder, Ratings};
/// let grid = CandidateGrid::new(); // nothing to find on an empty board
/// assert!(NishioForcingChains.first(&grid, &Ratings::default()).is_none());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct NishioForcingChains;

impl Finder for NishioForcingChains {
    fn technique(&self) -> Technique {
        Technique::NishioForcingChains
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for step in chains::dynamic_steps(grid, ratings, Family::Nishio, &[]) {
            super::report(found, step)?;
        }
        ControlFlow::Continue(())
    }

    fn first(&self, grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
        chains::dynamic_first_step(grid, ratings, Family::Nishio, &[]).map(|mut step| {
            step.placements.sort_unstable();
            step.eliminations.sort_unstable();
            step
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::explain;
    use crate::logic::techniques::dynamic_chains::tests::{check_steps, first_use};
    use crate::logic::test_util::all;

    #[test]
    fn an_assumption_that_leads_to_a_contradiction_is_false() {
        // top1465, serate 7.8/7.8/2.6: Nishio chains are its hardest steps.
        let line =
            "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........";
        let (grid, step, solution) = first_use(line, &NishioForcingChains);
        check_steps(&NishioForcingChains, &grid, &solution);
        assert!((75..=78).contains(&step.rating.tenths()), "{}", step.rating);
        // Nishio chains follow one digit: every node has the assumption's digit.
        assert!(step
            .links
            .iter()
            .all(|l| l.from.digit == step.digits[0] && l.to.digit == step.digits[0]));
        // The assumption is the first node; the step concludes its opposite.
        let assumed = step.links[0].from;
        assert_eq!(assumed.cell, step.cells[0]);
        if assumed.on {
            assert_eq!(step.eliminations, [(assumed.cell, assumed.digit)]);
        } else {
            assert_eq!(step.placements, [(assumed.cell, assumed.digit)]);
        }
        insta::assert_snapshot!("nishio", explain::english(&step));
    }

    #[test]
    fn nothing_on_an_empty_grid() {
        assert!(all(&NishioForcingChains, &CandidateGrid::new()).is_empty());
    }
}
