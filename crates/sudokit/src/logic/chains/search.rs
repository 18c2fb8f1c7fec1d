//! Sudoku Explainer's choice among all its chains ("Forcing Chains & Cycles",
//! `Chaining(false, false, false, 0)`): which chains exist, and which one it applies.
//!
//! SE runs three passes (X links, Y links, both), and in each, for every candidate of every
//! cell with two or more (row by row, digits in increasing order; the Y pass only from
//! bivalue cells), a cycle search from "candidate on", then (not in the Y pass) a forcing
//! search from "on" and one from "off". It collects every chain that removes something, sorts
//! them by difficulty, complexity and pass (a stable sort, so discovery order breaks the
//! remaining ties) and applies the first.
//!
//! [`first`] finds that same first chain without finding all the others: every search
//! advances one round at a time in lockstep, a chain found in round `k` has `2k` nodes, and a
//! search stops once the chain it could find next (its pass's base rating plus the length bonus
//! of `2k + 2` nodes) can no longer beat the best so far. [`all`] runs every search to the end,
//! for listings and tests.

use super::bfs::{ForcingNode, ForcingSearch, Links, OnNode, UnarySearch};
use super::graph::{pot, Graph, Mode, Pot};
use super::hint::{difficulty, ChainHint, Conclusion, Key, Pass};
use crate::logic::cell_set::PEER_MASKS;
use crate::logic::{CandidateGrid, Ratings};
use std::cmp::Ordering;
use std::ops::ControlFlow;
use std::rc::Rc;

/// One search of the SE scan, with what it needs to be ranked.
struct Slot {
    pass: Pass,
    search: Search,
    dead: bool,
}

enum Search {
    /// Cycles, and in the X and mixed passes forcing chains, from "source on".
    Unary(UnarySearch),
    /// Forcing chains from "source off".
    Forcing(ForcingSearch),
}

impl Slot {
    fn is_done(&self) -> bool {
        match &self.search {
            Search::Unary(u) => u.is_done(),
            Search::Forcing(f) => f.is_done(),
        }
    }

    /// The sort key of a chain concluding `conclusion` that this slot would find in `round`.
    fn key(&self, ratings: &Ratings, conclusion: Conclusion, round: u32) -> Key {
        key(ratings, self.pass, conclusion, round)
    }
}

/// The sort key of a chain concluding `conclusion` found in `round` of `pass`.
fn key(ratings: &Ratings, pass: Pass, conclusion: Conclusion, round: u32) -> Key {
    Key {
        difficulty: difficulty(ratings, conclusion.technique(pass), 2 * round),
        complexity: 2 * round,
        pass,
    }
}

/// The passes in SE's order, with their links.
const PASSES: [(Pass, Mode); 3] = [
    (Pass::X, Mode { y: false, x: true }),
    (Pass::Y, Mode { y: true, x: false }),
    (Pass::Xy, Mode { y: true, x: true }),
];

/// The keys of the chains found in `round`, per pass (in `PASSES` order) and conclusion
/// (cycle, elimination, placement): the same for every search of a pass, so computed once
/// per round rather than per search.
fn round_keys(ratings: &Ratings, round: u32) -> [[Key; 3]; 3] {
    PASSES.map(|(pass, _)| {
        [Conclusion::Cycle, Conclusion::Eliminate, Conclusion::Place]
            .map(|conclusion| key(ratings, pass, conclusion, round))
    })
}

/// The node lists every search of a scan shares.
#[derive(Default)]
struct Arena {
    on: Vec<OnNode>,
    forcing: Vec<ForcingNode>,
}

/// Every search of SE's scan of `grid`, in SE's order, their roots in `arena`.
fn slots(grid: &CandidateGrid, graph: &Graph, arena: &mut Arena) -> Vec<Slot> {
    // Two searches per candidate in the X and the mixed pass, one in the Y pass (bivalue cells
    // only): sized once, as growing a list of ~1,000 large slots copied it about ten times.
    let count: usize = grid
        .empty_cells()
        .iter()
        .map(|cell| grid.candidates(cell).len() as usize)
        .filter(|&n| n >= 2)
        .map(|n| 4 * n + if n == 2 { n } else { 0 })
        .sum();
    let mut slots = Vec::with_capacity(count);
    arena.on.reserve(16 * count);
    arena.forcing.reserve(16 * count);
    for (pass, mode) in PASSES {
        for cell in grid.empty_cells() {
            let candidates = grid.candidates(cell);
            // SE starts Y-cycles only from bivalue cells.
            if candidates.len() < 2 || (!mode.x && candidates.len() > 2) {
                continue;
            }
            for digit in candidates.iter() {
                let source = pot(cell, digit);
                // SE: "forcing Y-chains do not exist", so the Y pass looks for cycles only.
                slots.push(Slot {
                    pass,
                    search: Search::Unary(UnarySearch::new(
                        graph,
                        &mut arena.on,
                        source,
                        mode,
                        mode.x,
                    )),
                    dead: false,
                });
                if mode.x {
                    slots.push(Slot {
                        pass,
                        search: Search::Forcing(ForcingSearch::new(
                            &mut arena.forcing,
                            source,
                            mode,
                        )),
                        dead: false,
                    });
                }
            }
        }
    }
    slots
}

/// Whether the cycle whose nodes `each` lists removes a candidate: `ChainHint::cycle`'s test
/// (a candidate outside the cycle whose cell sees an "on" and an "off" node of the cycle
/// with its digit), without building the path.
fn cycle_removes(graph: &Graph, each: impl FnOnce(&mut dyn FnMut(Pot, bool))) -> bool {
    let mut cells = 0u128;
    let mut seen = [[0u128; 9]; 2];
    each(&mut |p, on| {
        let (cell, digit) = (usize::from(p) / 9 % 81, usize::from(p) % 9);
        cells |= 1 << cell;
        seen[usize::from(on)][digit] |= PEER_MASKS[cell];
    });
    (0..9).any(|d| seen[0][d] & seen[1][d] & graph.cells_with(d).bits() & !cells != 0)
}

/// Whether a chain ranked `key` would come before `best` (which was found earlier in SE's
/// order, so it wins ties).
fn beats(key: &Key, best: &Option<ChainHint>) -> bool {
    best.as_ref()
        .is_none_or(|b| key.cmp(&b.key) == Ordering::Less)
}

/// The chain Sudoku Explainer would apply in `grid`, if any.
pub(crate) fn first(grid: &CandidateGrid, ratings: &Ratings) -> Option<(ChainHint, Rc<Graph>)> {
    let graph = Graph::shared(grid);
    let links = Links::new(&graph);
    let mut arena = Arena::default();
    let mut slots = slots(grid, &graph, &mut arena);
    // The searches still running, in SE's order.
    let mut running: Vec<u32> = (0..slots.len() as u32).collect();
    let mut best: Option<ChainHint> = None;
    let mut round = 1;
    loop {
        let keys = round_keys(ratings, round);
        for &i in &running {
            let Some(slot) = slots.get_mut(i as usize) else {
                continue;
            };
            let [cycle_key, eliminate_key, place_key] = keys[slot.pass as usize - Pass::X as usize];
            let forcing_key = match &slot.search {
                Search::Unary(_) => eliminate_key,
                Search::Forcing(_) => place_key,
            };
            match &mut slot.search {
                Search::Unary(search) => {
                    // Within a round, SE lists a source's cycles before its forcing chain.
                    let cycles = beats(&cycle_key, &best);
                    let forcing = search.wants_forcing() && beats(&forcing_key, &best);
                    if !cycles && !forcing {
                        // Every chain this search could still find ranks after the best one.
                        slot.dead = true;
                        continue;
                    }
                    let mut cycle = None;
                    let hit =
                        search.advance(&graph, &links, &mut arena.on, &mut |s, nodes, end| {
                            // Most cycles remove nothing: the path is built only for one that
                            // does.
                            if cycles
                                && cycle_removes(&graph, |f| {
                                    UnarySearch::cycle_nodes(nodes, end, f)
                                })
                            {
                                cycle =
                                    ChainHint::cycle(cycle_key, s.cycle_path(nodes, end), &graph);
                            }
                            if cycle.is_some() {
                                ControlFlow::Break(())
                            } else {
                                ControlFlow::Continue(())
                            }
                        });
                    if cycle.is_some() {
                        best = cycle;
                        slot.dead = true;
                    } else if hit && forcing {
                        best =
                            ChainHint::forcing(forcing_key, search.forcing_path(&arena.on), &graph);
                    }
                }
                Search::Forcing(search) => {
                    if !beats(&forcing_key, &best) {
                        slot.dead = true;
                        continue;
                    }
                    if search.advance(&graph, &links, &mut arena.forcing) {
                        best = ChainHint::forcing(forcing_key, search.path(&arena.forcing), &graph);
                        slot.dead = true;
                    }
                }
            }
            if slot.is_done() {
                slot.dead = true;
            }
        }
        running.retain(|&i| slots.get(i as usize).is_some_and(|s| !s.dead));
        if running.is_empty() {
            break;
        }
        round += 1;
    }
    best.map(|hint| (hint, graph))
}

/// Every chain SE finds in `grid`, in the order it sorts them, each removal set once (SE
/// treats chains that remove the same candidates as one hint and keeps the first).
pub(crate) fn all(grid: &CandidateGrid, ratings: &Ratings) -> (Vec<ChainHint>, Graph) {
    let graph = Graph::new(grid);
    let links = Links::new(&graph);
    let mut found: Vec<ChainHint> = Vec::new();
    let mut arena = Arena::default();
    for slot in &mut slots(grid, &graph, &mut arena) {
        let mut forcing = None;
        let mut round = 1;
        while !slot.is_done() {
            let cycle_key = slot.key(ratings, Conclusion::Cycle, round);
            let eliminate_key = slot.key(ratings, Conclusion::Eliminate, round);
            let place_key = slot.key(ratings, Conclusion::Place, round);
            match &mut slot.search {
                Search::Unary(search) => {
                    let hit =
                        search.advance(&graph, &links, &mut arena.on, &mut |s, nodes, end| {
                            let path = s.cycle_path(nodes, end);
                            found.extend(ChainHint::cycle(cycle_key, path, &graph));
                            ControlFlow::Continue(())
                        });
                    if hit {
                        let path = search.forcing_path(&arena.on);
                        forcing = ChainHint::forcing(eliminate_key, path, &graph);
                    }
                }
                Search::Forcing(search) => {
                    if search.advance(&graph, &links, &mut arena.forcing) {
                        let path = search.path(&arena.forcing);
                        forcing = ChainHint::forcing(place_key, path, &graph);
                    }
                }
            }
            round += 1;
        }
        // SE lists a source's cycles, then its forcing chains.
        found.extend(forcing);
    }
    // A stable sort: ties keep SE's discovery order.
    found.sort_by(|a, b| a.key.cmp(&b.key));
    let mut seen = std::collections::HashSet::new();
    found.retain(|hint| seen.insert(hint.removable.clone()));
    (found, graph)
}

#[cfg(test)]
mod tests {
    use super::super::reach::tests::states;
    use super::*;

    #[test]
    fn the_first_chain_is_the_first_of_all_chains() {
        let ratings = Ratings::default();
        let mut compared = 0;
        for grid in states(40) {
            let (chains, graph) = all(&grid, &ratings);
            let found = first(&grid, &ratings).map(|(hint, graph)| hint.to_step(&graph));
            let expected = chains.first().map(|hint| hint.to_step(&graph));
            assert_eq!(found, expected, "{grid:?}");
            compared += usize::from(found.is_some());
        }
        assert!(compared > 20, "{compared}");
    }

    #[test]
    fn the_cheap_cycle_test_agrees_with_the_cycle_hint() {
        // Every cycle closed by every search of the scans of the states: the test without a
        // path says what `ChainHint::cycle` says.
        let ratings = Ratings::default();
        let (mut closed, mut removing) = (0, 0);
        for grid in states(40) {
            let graph = Graph::new(&grid);
            let links = Links::new(&graph);
            let mut arena = Arena::default();
            let key = super::key(&ratings, Pass::X, Conclusion::Cycle, 1);
            for slot in &mut slots(&grid, &graph, &mut arena) {
                let Search::Unary(search) = &mut slot.search else {
                    continue;
                };
                while !search.is_done() {
                    search.advance(&graph, &links, &mut arena.on, &mut |s, nodes, end| {
                        let cheap =
                            cycle_removes(&graph, |f| UnarySearch::cycle_nodes(nodes, end, f));
                        let hint = ChainHint::cycle(key, s.cycle_path(nodes, end), &graph);
                        assert_eq!(cheap, hint.is_some(), "{grid:?}");
                        closed += 1;
                        removing += usize::from(cheap);
                        ControlFlow::Continue(())
                    });
                }
            }
        }
        assert!(
            removing > 50 && closed > 2 * removing,
            "{removing} of {closed}"
        );
    }
}
