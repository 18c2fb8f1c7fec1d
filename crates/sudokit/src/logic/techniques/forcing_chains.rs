//! Sudoku Explainer's "Forcing Chains & Cycles": X-cycles, forcing X-chains, Y-cycles, and
//! cycles and forcing chains mixing both kinds of links, ranked together by SE's rating with
//! the length bonus. The engine is in the `logic::chains` module; this file plugs it into the
//! registry.

use crate::logic::{chains, CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// The finder of SE's chains and cycles ([`Technique::XCycle`] to
/// [`Technique::ForcingChain`]). SE searches them as one rule and applies the chain with the
/// lowest rating (then fewest nodes, then X before Y before mixed, then discovery order), so
/// this one finder reports all five kinds.
///
/// ```
/// use sudokit::logic::{techniques::ForcingChains, CandidateGrid, Finder, Ratings};
/// let grid = CandidateGrid::new(); // nothing to find on an empty board
/// assert!(ForcingChains.first(&grid, &Ratings::default()).is_none());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct ForcingChains;

/// The five techniques, contiguous in [`Technique::ALL`].
const FIRST: usize = Technique::XCycle.index();
const LAST: usize = Technique::ForcingChain.index();

impl Finder for ForcingChains {
    fn technique(&self) -> Technique {
        Technique::XCycle
    }

    fn techniques(&self) -> &'static [Technique] {
        &Technique::ALL[FIRST..=LAST]
    }

    /// Every chain in SE's order (a full search: slower than [`first`](Finder::first)).
    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for step in chains::all_steps(grid, ratings) {
            super::report(found, step)?;
        }
        ControlFlow::Continue(())
    }

    /// The chain SE applies, found without searching past what could still beat it.
    fn first(&self, grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
        // In the order `find` reports them (see `report`).
        chains::first_step(grid, ratings).map(|mut step| {
            step.placements.sort_unstable();
            step.eliminations.sort_unstable();
            step
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::logic::test_util::{all, cells, confine, elims, first, keep, places, puzzle};
    use crate::logic::{explain, ChainName, Solver};

    fn name(step: &Step) -> Option<ChainName> {
        ChainName::of(step)
    }

    /// Checks that every link of `step` is an implication that holds in `grid`, with the
    /// house it names, and that the links follow each other (or start a new branch from an
    /// assumption).
    pub(crate) fn assert_links_hold(grid: &CandidateGrid, step: &Step) {
        use crate::logic::CellSet;
        for link in &step.links {
            let (a, b) = (link.from, link.to);
            assert!(grid.candidates(a.cell).contains(a.digit), "{step:?}");
            assert!(grid.candidates(b.cell).contains(b.digit), "{step:?}");
            assert!(a.on != b.on, "links alternate: {step:?}");
            if a.cell == b.cell {
                assert_ne!(a.digit, b.digit);
                assert_eq!(link.house, None);
                // Off to on inside a cell needs a bivalue cell.
                assert!(a.on || grid.candidates(a.cell).len() == 2, "{step:?}");
            } else {
                assert_eq!(a.digit, b.digit);
                let house = link.house.expect("a house between two cells");
                assert!(house.contains(a.cell) && house.contains(b.cell));
                let places = grid.cells_with(a.digit) & CellSet::house(house);
                assert!(a.on || places.len() == 2, "{step:?}");
            }
        }
        for pair in step.links.windows(2) {
            let continues = pair[0].to == pair[1].from;
            let restarts = step.links.first().map(|l| l.from.cell) == Some(pair[1].from.cell)
                || step.cells.contains(&pair[1].from.cell);
            assert!(continues || restarts, "{step:?}");
        }
    }

    #[test]
    fn a_skyscraper_is_a_six_node_forcing_x_chain() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 5, "column 2", "r2c2 r8c2");
        confine(&mut grid, 5, "column 6", "r3c6 r8c6");
        let step = first(&ForcingChains, &grid).expect("a chain");
        assert_eq!(step.technique, Technique::ForcingXChain);
        assert_eq!(step.rating.to_string(), "6.6");
        assert_eq!(elims(&step), ["5@r2c4"]);
        // SE looks at the box before the row: the chain leaves r2c4 through r3c6.
        assert_eq!(step.cells, cells("r2c4 r3c6 r8c6 r8c2 r2c2"));
        assert_eq!(step.links.len(), 5);
        assert!(step.links.iter().skip(1).step_by(2).all(|l| l.is_strong()));
        assert_eq!(name(&step), Some(ChainName::Skyscraper));
        assert_links_hold(&grid, &step);
        insta::assert_snapshot!("skyscraper", explain::english(&step));
        // Every cell that sees both tops loses 5, each by its own chain; nothing else goes.
        let steps = all(&ForcingChains, &grid);
        let mut removed: Vec<String> = steps.iter().flat_map(elims).collect();
        removed.sort();
        assert_eq!(removed, ["5@r2c4", "5@r2c5", "5@r3c1", "5@r3c3"]);
        assert!(steps
            .iter()
            .all(|s| s.technique == Technique::ForcingXChain));
    }

    #[test]
    fn a_two_string_kite_joins_a_row_and_a_column_in_a_box() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "row 1", "r1c2 r1c7");
        confine(&mut grid, 3, "column 1", "r2c1 r8c1");
        let step = first(&ForcingChains, &grid).expect("a chain");
        assert_eq!(elims(&step), ["3@r8c7"]);
        assert_eq!(name(&step), Some(ChainName::TwoStringKite));
        assert_eq!(all(&ForcingChains, &grid).len(), 1);
    }

    #[test]
    fn a_discontinuous_loop_places_its_digit_before_an_equal_elimination() {
        // r1c1≠6 → r1c5=6 → r8c5≠6 → r8c2=6 → r7c1≠6 → r1c1=6. The same loop read from r1c5
        // removes 6 there, rated the same; SE keeps the chain found first (from r1c1).
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 6, "row 1", "r1c1 r1c5");
        confine(&mut grid, 6, "column 1", "r1c1 r7c1");
        confine(&mut grid, 6, "row 8", "r8c2 r8c5");
        let step = first(&ForcingChains, &grid).expect("a chain");
        assert_eq!(places(&step), ["6@r1c1"]);
        assert!(step.eliminations.is_empty());
        assert_eq!(step.rating.to_string(), "6.6");
        assert_eq!(name(&step), Some(ChainName::DiscontinuousNiceLoop));
        assert!(!step.links[0].from.on && step.links[4].to.on);
        insta::assert_snapshot!("placement", explain::english(&step));
        let steps = all(&ForcingChains, &grid);
        assert_eq!(steps.first(), Some(&step));
        assert!(steps.iter().any(|s| elims(s) == ["6@r1c5"]));
    }

    #[test]
    fn a_w_wing_is_found_in_the_mixed_pass() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r9c2", "12");
        confine(&mut grid, 1, "column 5", "r1c5 r9c5");
        let step = first(&ForcingChains, &grid).expect("a chain");
        assert_eq!(step.technique, Technique::ForcingChain);
        assert_eq!(step.rating.to_string(), "7.1");
        assert_eq!(elims(&step), ["2@r1c2"]);
        assert_eq!(name(&step), Some(ChainName::WWing));
        assert_links_hold(&grid, &step);
        insta::assert_snapshot!("w_wing", explain::english(&step));
        let mut removed: Vec<String> = all(&ForcingChains, &grid).iter().flat_map(elims).collect();
        removed.sort();
        assert_eq!(
            removed,
            ["2@r1c2", "2@r2c2", "2@r3c2", "2@r7c1", "2@r8c1", "2@r9c1"]
        );
    }

    #[test]
    fn three_bivalue_cells_in_a_box_close_a_y_cycle() {
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r1c2", "23");
        keep(&mut grid, "r2c1", "13");
        let step = first(&ForcingChains, &grid).expect("a chain");
        assert_eq!(step.technique, Technique::YCycle);
        assert_eq!(step.rating.to_string(), "6.5");
        assert_eq!(step.links.len(), 6);
        assert_eq!(step.links[0].from, step.links[5].to);
        assert_eq!(name(&step), Some(ChainName::NiceLoop));
        assert_links_hold(&grid, &step);
        let removed = elims(&step);
        for expected in ["1@r9c1", "2@r1c9", "3@r3c3", "1@r2c2"] {
            assert!(removed.contains(&expected.to_string()), "{removed:?}");
        }
        assert!(!removed.iter().any(|e| e.ends_with("r1c1")));
        insta::assert_snapshot!("y_cycle", explain::english(&step));
    }

    #[test]
    fn a_remote_pair_chain_removes_both_digits_where_its_ends_meet() {
        // r1c1 - r1c5 - r4c5 - r4c8, all {4,7}: r1c8 sees both ends. (The naked pairs along
        // the chain are chains too, named after their two cells.)
        let mut grid = CandidateGrid::new();
        for c in ["r1c1", "r1c5", "r4c5", "r4c8"] {
            keep(&mut grid, c, "47");
        }
        let steps = all(&ForcingChains, &grid);
        let removed: Vec<String> = steps
            .iter()
            .filter(|s| name(s) == Some(ChainName::RemotePair))
            .flat_map(elims)
            .collect();
        assert!(removed.contains(&"4@r1c8".to_string()), "{removed:?}");
        assert!(removed.contains(&"7@r1c8".to_string()), "{removed:?}");
    }

    #[test]
    fn nothing_on_an_open_board_or_a_solved_grid() {
        assert!(first(&ForcingChains, &CandidateGrid::new()).is_none());
        let solved = puzzle(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        assert!(first(&ForcingChains, &solved).is_none());
        assert!(all(&ForcingChains, &solved).is_empty());
    }

    /// Along the solve paths of hard puzzles, the bounded search picks the same chain as the
    /// full search's first, every chain listed is true to the solution, and its links hold.
    #[test]
    fn the_bounded_search_agrees_with_the_full_one_along_a_solve() {
        // From top95, rated 7.2, 6.6 and 6.6 by SE.
        for line in [
            ".524.........7.1..............8.2...3.....6...9.5.....1.6.3...........897........",
            "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..",
            "1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46",
        ] {
            let start = puzzle(line);
            let solution = crate::solve::solve(&start.to_grid()).expect("solvable");
            let ratings = Ratings::default();
            let solver = Solver::new();
            let mut grid = start.clone();
            let mut chain_steps = 0;
            while let Some(step) = solver.next_step(&grid) {
                if ForcingChains.techniques().contains(&step.technique) {
                    chain_steps += 1;
                    let listed = ForcingChains.all(&grid, &ratings);
                    assert_eq!(listed.first(), Some(&step), "{line}");
                    for s in &listed {
                        assert_links_hold(&grid, s);
                        assert!(s
                            .eliminations
                            .iter()
                            .all(|&(c, d)| solution.get(c) != Some(d)));
                        assert!(s
                            .placements
                            .iter()
                            .all(|&(c, d)| solution.get(c) == Some(d)));
                    }
                }
                grid.apply(&step);
            }
            assert!(grid.is_solved(), "{line}");
            assert!(chain_steps >= 1, "{line}");
        }
    }
}
