//! The chain engine: Sudoku Explainer 1.2.1's "Forcing Chains & Cycles" (its
//! `Chaining(false, false, false, 0)` rule) and its multiple forcing chains
//! (`Chaining(true, false, false, 0)`), found and ranked exactly as SE does, so that the steps
//! it takes, and so the ratings, are SE's.
//!
//! # The idea
//! A chain is a sequence of implications between candidates assumed true ("on") or false
//! ("off"). From "on", the cell's other candidates and the digit's other places in the cell's
//! houses go off; from "off", the only other candidate of a bivalue cell, or the only other
//! place of the digit in a house, goes on. Starting from one candidate SE looks for:
//! - a **bidirectional cycle**: a way back to the start; every candidate that sees an "on" and
//!   an "off" node of the loop goes, whichever way the loop is read;
//! - a **forcing chain**: "candidate on" implies "candidate off" (so it goes), or "off" implies
//!   "on" (so it is placed).
//!
//! It does so in three passes: X links only (X-cycles 6.5, forcing X-chains 6.6), Y links only
//! (Y-cycles 6.5, from bivalue cells), then both (cycles and forcing chains 7.0), each rated
//! `base + length bonus` and sorted by that difficulty, then the number of nodes, then the pass;
//! SE applies the first. The searches are breadth-first, so the chain found from a source is a
//! shortest one, and *which* shortest one depends on SE's exploration order, which the
//! `graph` and `bfs` modules reproduce.
//!
//! # Map
//! - `node`: [`ChainNode`] and [`Link`], the public chain data in a [`Step`].
//! - `graph`: the implication links of one pencilmark state, in SE's order.
//! - `bfs`: the two unary searches, advancing one round at a time.
//! - `hint`: a found chain, its SE difficulty (length bonus, SE's floating-point rounding) and
//!   its step.
//! - `search`: SE's scan over passes and sources, and its choice of the first chain.
//! - `implications`: everything one assumption implies, in SE's order (`doChaining`).
//! - `multiple`: SE's multiple forcing chains (cell and region forcing, 8.0 plus the bonus).
//! - `names`: [`ChainName`], the common name of a chain step (skyscraper, W-wing, ...).
//!
//! Source: the behaviour of `Chaining.java`, `ChainingHint.java`, `CycleHint.java` and
//! `ForcingChainHint.java` in Sudoku Explainer 1.2.1 (Nicolas Juillerat), as documented in
//! `shared/docs/TECHNIQUES.md`; the code here is written from that description.

mod bfs;
mod graph;
mod hint;
mod implications;
mod multiple;
mod names;
mod node;
mod search;

use super::{CandidateGrid, Ratings, Step};
pub use names::ChainName;
pub use node::{ChainNode, Link};

/// The chain step Sudoku Explainer would take in `grid`, if any.
pub(crate) fn first_step(grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
    search::first(grid, ratings).map(|(hint, graph)| hint.to_step(&graph))
}

/// Every chain step SE finds in `grid`, in its order (the first is [`first_step`]'s).
pub(crate) fn all_steps(grid: &CandidateGrid, ratings: &Ratings) -> Vec<Step> {
    let (hints, graph) = search::all(grid, ratings);
    hints.iter().map(|hint| hint.to_step(&graph)).collect()
}

/// Every multiple forcing chain step (cell and region forcing chains) SE finds in `grid`, in
/// its order: the first is the one SE applies.
pub(crate) fn multiple_steps(grid: &CandidateGrid, ratings: &Ratings) -> Vec<Step> {
    multiple::all_steps(grid, ratings)
}

/// The multiple forcing chain step SE would take in `grid`, if any.
pub(crate) fn multiple_first_step(grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
    multiple::first_step(grid, ratings)
}
