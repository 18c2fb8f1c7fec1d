//! XY-Chain (HoDoKu 0702): bivalue cells, each seeing the next by a digit they share, whose
//! two ends both hold `z`; one end is `z` (if the first is not, it is its other digit, which
//! the next cell then is not, ...), so `z` leaves every cell that sees both ends. Found by the
//! AIC search of `aic.rs` with strong links inside bivalue cells only.

use super::aic::{Graph, Kinds};
use super::report;
use super::x_chain::MAX_NODES;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// Finds XY-Chains.
#[derive(Debug, Clone, Copy, Default)]
pub struct XyChain;

impl Finder for XyChain {
    fn technique(&self) -> Technique {
        Technique::XyChain
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
                house_strong: false,
                cell_strong: true,
                cell_weak: false,
                groups: false,
                als: false,
            },
        );
        for start in 0..graph.nodes.len() {
            let digit = graph.nodes[start].digit;
            for path in graph.chains_from(start, MAX_NODES) {
                // At least three cells (two are a naked pair), both ends on the start's digit.
                let Some(&last) = path.last() else { continue };
                if path.len() < 6 || graph.nodes[last].digit != digit || !graph.is_simple(&path) {
                    continue;
                }
                let elims = graph.eliminations(grid, &path);
                if elims.is_empty() {
                    continue;
                }
                report(
                    found,
                    graph.step(Technique::XyChain, ratings, &path, elims, digit),
                )?;
            }
        }
        ControlFlow::Continue(())
    }
}
