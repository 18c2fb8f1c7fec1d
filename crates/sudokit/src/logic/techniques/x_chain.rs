//! X-Chain (HoDoKu 0701): an alternating chain of strong and weak links on one digit, strong
//! at both ends; one end holds the digit, so it leaves every cell that sees both ends. Found by
//! the AIC search of `aic.rs` restricted to one digit and single cells.

use super::aic::{Graph, Kinds};
use super::report;
use crate::logic::cell_set::DIGITS;
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// The longest chain searched, in nodes (HoDoKu's default chain length limit is in this range).
pub(super) const MAX_NODES: usize = 20;

/// Finds X-Chains.
#[derive(Debug, Clone, Copy, Default)]
pub struct XChain;

impl Finder for XChain {
    fn technique(&self) -> Technique {
        Technique::XChain
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &digit in &DIGITS {
            let graph = Graph::new(
                grid,
                Kinds {
                    digit: Some(digit),
                    house_strong: true,
                    cell_strong: false,
                    cell_weak: false,
                    groups: false,
                    als: false,
                },
            );
            for start in 0..graph.nodes.len() {
                for path in graph.chains_from(start, MAX_NODES) {
                    if path.len() < 4 || !graph.is_simple(&path) {
                        continue;
                    }
                    let elims = graph.eliminations(grid, &path);
                    if elims.is_empty() {
                        continue;
                    }
                    report(
                        found,
                        graph.step(Technique::XChain, ratings, &path, elims, digit),
                    )?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}
