//! Grouped nice loops and AICs (HoDoKu 0709-0711), and ALS chains (0903): the chains HoDoKu
//! reports from its tables (`nice_loop.rs`: every candidate assumed on and off, the first
//! chain to each consequence, loops back to the start cell classified as continuous or
//! discontinuous, AICs between two cells), over the graph of `aic.rs` with group nodes (two or
//! three cells of a box on one line) and, for [`GroupedNiceLoop::ALS`], almost locked sets.
//! Only chains through a group (or, for the ALS finder, a set) are reported, one per set of
//! eliminations, shortest first. The ALS finder also reports HoDoKu's ALS-XY-Chain: an AIC
//! from a digit of a set to the same digit of another, which removes it from the cells that
//! see all its cells in both.

use super::aic::{Graph, Kinds, Options};
use super::nice_loop;
use super::report;
use super::x_chain::MAX_NODES;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds grouped nice loops and AICs ([`GroupedNiceLoop::PLAIN`]) or the same with almost
/// locked sets as links ([`GroupedNiceLoop::ALS`], reporting only chains that use one).
#[derive(Debug, Clone, Copy)]
pub struct GroupedNiceLoop {
    als: bool,
    /// The largest almost locked set used in a chain.
    set_cells: u32,
}

impl GroupedNiceLoop {
    /// Grouped nice loops and AICs (HoDoKu 0709-0711).
    pub const PLAIN: GroupedNiceLoop = GroupedNiceLoop {
        als: false,
        set_cells: 0,
    };
    /// ALS chains: AICs through almost locked sets (HoDoKu 0903, and the ALS variants of
    /// 0709-0711).
    pub const ALS: GroupedNiceLoop = GroupedNiceLoop {
        als: true,
        set_cells: 4,
    };
    /// [`GroupedNiceLoop::ALS`] with sets of up to eight cells, as HoDoKu allows: it finds
    /// a few more of HoDoKu's cases, but a graph with every set that large is too slow for a
    /// hint on hard puzzles (a whole top95 path took 37 s on a loaded machine), so human mode
    /// uses the four-cell limit.
    pub const ALS_UP_TO_8: GroupedNiceLoop = GroupedNiceLoop {
        als: true,
        set_cells: 8,
    };
}

impl Finder for GroupedNiceLoop {
    fn technique(&self) -> Technique {
        if self.als {
            Technique::AlsChain
        } else {
            Technique::GroupedNiceLoop
        }
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let graph = Graph::build(
            grid,
            Kinds {
                digit: None,
                house_strong: true,
                cell_strong: true,
                cell_weak: true,
                groups: true,
                als: self.als,
            },
            Options {
                als_cells: self.set_cells,
                group_parts: false,
                hodoku_order: true,
            },
        );
        let keep: &dyn Fn(&Graph, &[usize]) -> bool = if self.als {
            &nice_loop::uses_set
        } else {
            &nice_loop::is_grouped
        };
        let mut chains = nice_loop::hodoku_chains(&graph, grid, keep);
        chains.sort_by_key(|f| f.states.len());
        for chain in &chains {
            report(
                found,
                nice_loop::step(&graph, self.technique(), ratings, chain),
            )?;
        }
        if self.als {
            // HoDoKu's ALS-XY-Chain: an AIC from a set's digit to a set's digit, removing the
            // digit from every cell that sees all its cells in both sets.
            for start in 0..graph.nodes.len() {
                let digit = graph.nodes[start].digit;
                for path in graph.chains_from(start, MAX_NODES) {
                    let Some(&last) = path.last() else { continue };
                    if path.len() < 4 || graph.nodes[last].digit != digit || !graph.uses_als(&path)
                    {
                        continue;
                    }
                    let elims = graph.eliminations(grid, &path);
                    if elims.is_empty() {
                        continue;
                    }
                    report(
                        found,
                        graph.step(self.technique(), ratings, &path, elims, digit),
                    )?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}
