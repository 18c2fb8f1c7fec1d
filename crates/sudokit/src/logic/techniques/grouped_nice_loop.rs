//! Grouped nice loops and AICs (HoDoKu 0709-0711): alternating inference chains over every
//! kind of link, whose nodes may be groups (two or three cells of a box on one line). An open
//! chain removes what sees both ends (with ends on two digits: each end's digit from the other
//! end's cell, or the cell's other digits when both ends are in one cell: a discontinuous nice
//! loop); a chain whose last node is weakly linked back to its first is a continuous loop,
//! and then every weak link acts as a strong one. Found by the AIC search of `aic.rs`.

use super::aic::{Graph, Kinds};
use super::report;
use super::x_chain::MAX_NODES;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds grouped nice loops and AICs ([`GroupedNiceLoop::PLAIN`]) or the same with almost
/// locked sets as links ([`GroupedNiceLoop::ALS`], reporting only chains that use one).
#[derive(Debug, Clone, Copy)]
pub struct GroupedNiceLoop {
    als: bool,
}

impl GroupedNiceLoop {
    /// Grouped nice loops and AICs (HoDoKu 0709-0711).
    pub const PLAIN: GroupedNiceLoop = GroupedNiceLoop { als: false };
    /// ALS chains: AICs through almost locked sets (HoDoKu 0903, and the ALS variants of
    /// 0709-0711).
    pub const ALS: GroupedNiceLoop = GroupedNiceLoop { als: true };
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
        let graph = Graph::new(
            grid,
            Kinds {
                digit: None,
                house_strong: true,
                cell_strong: true,
                cell_weak: true,
                groups: true,
                als: self.als,
            },
        );
        for start in 0..graph.nodes.len() {
            let digit = graph.nodes[start].digit;
            for path in graph.chains_from(start, MAX_NODES) {
                let Some(&last) = path.last() else { continue };
                if path.len() < 4 || graph.uses_als(&path) != self.als {
                    continue;
                }
                // A loop needs a simple chain (each node once); an open chain's conclusion
                // holds whatever it visits, as each of its implications holds on its own.
                let closed = graph.weak_link(last, start).is_some() && graph.is_simple(&path);
                let elims = if closed {
                    graph.loop_eliminations(grid, &path)
                } else {
                    graph.eliminations(grid, &path)
                };
                if elims.is_empty() {
                    continue;
                }
                report(
                    found,
                    graph.step(self.technique(), ratings, &path, elims, digit),
                )?;
            }
        }
        ControlFlow::Continue(())
    }
}
