//! SE's "Forcing Chains & Cycles" as a nesting level's rule (level 2 and up): every chain of
//! the grid a walk has left, in SE's order, each removal set once.
//!
//! This is `search::all` (the same searches, in the same order, each run to its end, the same
//! sort and the same "first chain of each removal set" rule), but with one search alive at a
//! time: `search::all` first builds every search of the scan (about a thousand, each with its
//! own node list) and then runs them one after the other, which on a level-2 puzzle, where
//! this runs on every new grid of every walk, spent about a quarter of the search in building,
//! faulting in and dropping that list (see docs/design.md, "Nested levels, sixth round").
//! `tests::every_chain_of_the_shared_search` pins it to `search::all`.

use super::super::bfs::{ForcingSearch, Links, UnarySearch};
use super::super::graph::{pot, Graph, Mode};
use super::super::hint::{difficulty, ChainHint, Conclusion, Key, Pass};
use crate::logic::{CandidateGrid, Ratings};
use std::ops::ControlFlow;

/// SE's three passes, in its order, with the links each follows.
const PASSES: [(Pass, Mode); 3] = [
    (Pass::X, Mode { y: false, x: true }),
    (Pass::Y, Mode { y: true, x: false }),
    (Pass::Xy, Mode { y: true, x: true }),
];

/// Every chain SE finds in `grid`, in the order it sorts them, each removal set once, with the
/// graph they refer to.
pub(super) fn all(grid: &CandidateGrid, ratings: &Ratings) -> (Vec<ChainHint>, Graph) {
    let graph = Graph::new(grid);
    let links = Links::new(&graph);
    let mut found: Vec<ChainHint> = Vec::new();
    let mut on_nodes = Vec::new();
    let mut forcing_nodes = Vec::new();
    for (pass, mode) in PASSES {
        let key = |conclusion: Conclusion, round: u32| Key {
            difficulty: difficulty(ratings, conclusion.technique(pass), 2 * round),
            complexity: 2 * round,
            pass,
        };
        for cell in grid.empty_cells() {
            let candidates = grid.candidates(cell);
            // SE starts Y-cycles only from bivalue cells.
            if candidates.len() < 2 || (!mode.x && candidates.len() > 2) {
                continue;
            }
            for digit in candidates.iter() {
                let source = pot(cell, digit);
                // Cycles, and (X and mixed passes) the forcing chain, from "source on".
                // One node list per kind of search, reused by each search in turn.
                on_nodes.clear();
                let mut search = UnarySearch::new(&graph, &mut on_nodes, source, mode, mode.x);
                let mut forcing = None;
                let mut round = 1;
                while !search.is_done() {
                    let cycle_key = key(Conclusion::Cycle, round);
                    let hit =
                        search.advance(&graph, &links, &mut on_nodes, &mut |s, nodes, end| {
                            let path = s.cycle_path(nodes, end);
                            found.extend(ChainHint::cycle(cycle_key, path, &graph));
                            ControlFlow::Continue(())
                        });
                    if hit {
                        let at = key(Conclusion::Eliminate, round);
                        forcing = ChainHint::forcing(at, search.forcing_path(&on_nodes), &graph);
                    }
                    round += 1;
                }
                // SE lists a source's cycles, then its forcing chains.
                found.extend(forcing);
                // SE: "forcing Y-chains do not exist", so the Y pass looks for cycles only.
                if mode.x {
                    forcing_nodes.clear();
                    let mut search = ForcingSearch::new(&mut forcing_nodes, source, mode);
                    let mut forcing = None;
                    let mut round = 1;
                    while !search.is_done() {
                        if search.advance(&graph, &links, &mut forcing_nodes) {
                            let at = key(Conclusion::Place, round);
                            let path = search.path(&forcing_nodes);
                            forcing = ChainHint::forcing(at, path, &graph);
                        }
                        round += 1;
                    }
                    found.extend(forcing);
                }
            }
        }
    }
    // A stable sort: ties keep SE's discovery order.
    found.sort_by(|a, b| a.key.cmp(&b.key));
    let mut seen = std::collections::HashSet::new();
    found.retain(|hint| seen.insert(hint.removable.clone()));
    (found, graph)
}

#[cfg(test)]
mod tests {
    use crate::logic::chains::search;
    use crate::logic::test_util::puzzle;
    use crate::logic::{CandidateGrid, Ratings};

    /// The chains of `grid` as plain data: key, conclusion, nodes and removals of each.
    fn listing(grid: &CandidateGrid) -> [Vec<String>; 2] {
        let ratings = Ratings::sudoku_explainer_ref();
        let show = |hints: Vec<crate::logic::chains::hint::ChainHint>| {
            hints
                .iter()
                .map(|h| {
                    format!(
                        "{:?} {:?} {:?} {:?}",
                        h.key, h.conclusion, h.nodes, h.removable
                    )
                })
                .collect::<Vec<_>>()
        };
        [
            show(super::all(grid, ratings).0),
            show(search::all(grid, ratings).0),
        ]
    }

    #[test]
    fn every_chain_of_the_shared_search() {
        // Grids with chains of every pass (hardest_1106 #4 and top1465 #1 and #77, with the
        // candidates a few of their cells lose, so that the grids differ as a walk's do).
        let lines = [
            "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        ];
        let mut compared = 0;
        for line in lines {
            let mut grid = puzzle(line);
            for _ in 0..6 {
                let [ours, shared] = listing(&grid);
                assert_eq!(ours, shared, "{line}");
                compared += shared.len();
                // Take out the first candidate of the first cell with three or more.
                let Some(cell) = grid
                    .empty_cells()
                    .iter()
                    .find(|&c| grid.candidates(c).len() >= 3)
                else {
                    break;
                };
                let Some(digit) = grid.candidates(cell).iter().next() else {
                    break;
                };
                grid.eliminate(cell, digit);
            }
        }
        println!("{compared} chains compared");
        assert!(compared > 100, "{compared}");
    }
}
