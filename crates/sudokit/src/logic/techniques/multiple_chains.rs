//! Sudoku Explainer's multiple forcing chains: cell forcing chains and region forcing chains
//! (8.0 plus the length bonus). The engine is in the `chains` module; this file plugs it into
//! the registry.

use crate::logic::{chains, CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// The finder of SE's multiple forcing chains ([`Technique::CellForcingChains`] and
/// [`Technique::RegionForcingChains`], ranked together as SE does).
///
/// SE tries them after its plain chains, the aligned triplet exclusion and Nishio chains.
///
/// ```
/// use sudokit::logic::{techniques::MultipleForcingChains, CandidateGrid, Finder, Ratings};
/// let grid = CandidateGrid::new(); // nothing to find on an empty board
/// assert!(MultipleForcingChains.first(&grid, &Ratings::default()).is_none());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct MultipleForcingChains;

const FIRST: usize = Technique::CellForcingChains.index();
const LAST: usize = Technique::RegionForcingChains.index();

impl Finder for MultipleForcingChains {
    fn technique(&self) -> Technique {
        Technique::CellForcingChains
    }

    fn techniques(&self) -> &'static [Technique] {
        &Technique::ALL[FIRST..=LAST]
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for step in chains::multiple_steps(grid, ratings) {
            super::report(found, step)?;
        }
        ControlFlow::Continue(())
    }

    fn first(&self, grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
        // In the order `find` reports them (see `report`).
        chains::multiple_first_step(grid, ratings).map(|mut step| {
            step.placements.sort_unstable();
            step.eliminations.sort_unstable();
            step
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::forcing_chains::tests::assert_links_hold;
    use crate::logic::test_util::{all, cell, digit, elims, keep, puzzle};
    use crate::logic::{explain, Solver};

    #[test]
    fn every_candidate_of_a_cell_removes_the_same_candidate() {
        // r5c5 is 1, 2 or 3. 1: r5c1=4; 2: r1c5=4; 3: r5c9=5, so r1c9=4. Each way, r1c1≠4.
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r5c5", "123");
        keep(&mut grid, "r5c1", "14");
        keep(&mut grid, "r1c5", "24");
        keep(&mut grid, "r5c9", "35");
        keep(&mut grid, "r1c9", "45");
        let steps = all(&MultipleForcingChains, &grid);
        let step = steps
            .iter()
            .find(|s| {
                s.technique == Technique::CellForcingChains
                    && s.cells == [cell("r5c5")]
                    && elims(s) == ["4@r1c1"]
            })
            .expect("the cell forcing chains on r5c5");
        // 4 + 4 + 6 nodes: length 12, bonus 0.3.
        assert_eq!(step.rating.to_string(), "8.3");
        assert_eq!(step.links.len(), 3 + 3 + 5);
        assert_eq!(step.digits, [digit(1), digit(2), digit(3)]);
        for s in &steps {
            assert_links_hold(&grid, s);
        }
        insta::assert_snapshot!("cell_forcing", explain::english(step));
        // SE applies the first of its sorted list.
        assert_eq!(
            MultipleForcingChains
                .first(&grid, &Ratings::default())
                .as_ref(),
            steps.first()
        );
        assert!(steps.windows(2).all(|w| w[0].rating <= w[1].rating));
    }

    #[test]
    fn a_puzzle_se_rates_with_multiple_chains() {
        // From top1465; serate rates it 8.3 (ER) and so do we, with cell or region forcing.
        let start = puzzle(
            "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
        );
        let solution = crate::solve::solve(&start.to_grid()).expect("solvable");
        let path = Solver::new().solve(&start);
        let multiple: Vec<&Step> = path
            .steps
            .iter()
            .filter(|s| MultipleForcingChains.techniques().contains(&s.technique))
            .collect();
        assert!(!multiple.is_empty());
        let mut grid = start.clone();
        for step in &path.steps {
            assert_links_hold(&grid, step);
            grid.apply(step);
            assert!(step
                .eliminations
                .iter()
                .all(|&(c, d)| solution.get(c) != Some(d)));
            assert!(step
                .placements
                .iter()
                .all(|&(c, d)| solution.get(c) == Some(d)));
        }
        let hardest = path.steps.iter().map(|s| s.rating).max();
        assert_eq!(hardest.map(|r| r.to_string()), Some("8.3".to_string()));
    }

    #[test]
    fn nothing_on_a_solved_grid() {
        let solved = puzzle(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        assert!(all(&MultipleForcingChains, &solved).is_empty());
    }
}
