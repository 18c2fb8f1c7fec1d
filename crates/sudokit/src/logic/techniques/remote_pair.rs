//! Remote pair (HoDoKu 0703): a chain of at least four bivalue cells holding the same two
//! digits `x` and `y`, each seeing the next. Along the chain the cells alternate between the
//! two digits, so two cells an odd number of links apart hold `x` and `y` between them: both
//! digits leave every cell that sees both. Among the chains from a cell, the search keeps the
//! shortest path to each other cell (breadth first).

use super::report;
use crate::board::{Candidates, Cell, Digit};
use crate::logic::cell_set::CellSet;
use crate::logic::{CandidateGrid, ChainNode, Finder, Link, Ratings, Step, Technique};
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// Finds remote pairs.
#[derive(Debug, Clone, Copy, Default)]
pub struct RemotePair;

impl Finder for RemotePair {
    fn technique(&self) -> Technique {
        Technique::RemotePair
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut pairs: Vec<Candidates> = Vec::new();
        for cell in grid.empty_cells() {
            let c = grid.candidates(cell);
            if c.len() == 2 && !pairs.contains(&c) {
                pairs.push(c);
            }
        }
        pairs.sort_unstable_by_key(|c| c.bits());
        for pair in pairs {
            let cells: CellSet = grid
                .empty_cells()
                .iter()
                .filter(|&c| grid.candidates(c) == pair)
                .collect();
            if cells.len() < 4 {
                continue;
            }
            let digits: Vec<Digit> = pair.iter().collect();
            for start in cells {
                for chain in chains_from(start, cells) {
                    let elims = eliminations(grid, &chain, &digits);
                    if elims.is_empty() {
                        continue;
                    }
                    let mut step =
                        Step::new(Technique::RemotePair, ratings.get(Technique::RemotePair));
                    step.eliminations = elims;
                    step.digits = digits.clone();
                    step.links = links(&chain, &digits);
                    step.cells = chain;
                    report(found, step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The shortest paths from `start` through `cells` (each cell seeing the next) to each cell
/// at least three links away.
fn chains_from(start: Cell, cells: CellSet) -> Vec<Vec<Cell>> {
    let mut parent: [Option<Cell>; 81] = [None; 81];
    let mut seen = CellSet::single(start);
    let mut queue = VecDeque::from([(start, 1usize)]);
    let mut out = Vec::new();
    while let Some((cell, len)) = queue.pop_front() {
        for next in (CellSet::peers(cell) & cells).difference(seen) {
            seen.insert(next);
            parent[next.index()] = Some(cell);
            queue.push_back((next, len + 1));
            if len + 1 >= 4 {
                let mut path = vec![next];
                let mut cur = next;
                while let Some(p) = parent[cur.index()] {
                    path.push(p);
                    cur = p;
                }
                path.reverse();
                out.push(path);
            }
        }
    }
    out
}

/// Both digits leave the cells (off the chain) that see two chain cells an odd number of links
/// apart.
fn eliminations(grid: &CandidateGrid, chain: &[Cell], digits: &[Digit]) -> Vec<(Cell, Digit)> {
    let on_chain: CellSet = chain.iter().copied().collect();
    let mut targets = CellSet::EMPTY;
    for (i, &a) in chain.iter().enumerate() {
        for &b in chain.iter().skip(i + 1).step_by(2) {
            targets |= CellSet::peers(a) & CellSet::peers(b);
        }
    }
    let targets = targets.difference(on_chain);
    let mut out = Vec::new();
    for cell in targets {
        for &d in digits {
            if grid.candidates(cell).contains(d) && grid.value(cell).is_none() {
                out.push((cell, d));
            }
        }
    }
    out
}

/// The chain as an AIC on the first digit: off in the first cell, on in the second, ...
fn links(chain: &[Cell], digits: &[Digit]) -> Vec<Link> {
    let (Some(&x), Some(&y)) = (digits.first(), digits.get(1)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // x off in the first cell, so y on there; y off in the next, so x on there; ...
    let mut d = x;
    for (i, &cell) in chain.iter().enumerate() {
        let other = if d == x { y } else { x };
        out.push(Link {
            from: ChainNode {
                cell,
                digit: d,
                on: false,
            },
            to: ChainNode {
                cell,
                digit: other,
                on: true,
            },
            house: None,
        });
        if let Some(&next) = chain.get(i + 1) {
            out.push(Link {
                from: ChainNode {
                    cell,
                    digit: other,
                    on: true,
                },
                to: ChainNode {
                    cell: next,
                    digit: other,
                    on: false,
                },
                house: super::shared_house(cell, next),
            });
        }
        d = other;
    }
    out
}
