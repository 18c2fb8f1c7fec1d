//! The chain engine: Sudoku Explainer 1.2.1's "Forcing Chains & Cycles" (its
//! `Chaining(false, false, false, 0)` rule), its multiple forcing chains
//! (`Chaining(true, false, false, 0)`), Nishio forcing chains (`Chaining(false, true, true, 0)`),
//! dynamic forcing chains (`Chaining(true, true, false, level)`, "(+)" at level 1) and nested
//! forcing chains (levels 2 to 5), found and ranked exactly as SE does, so that the steps it
//! takes, and so the ratings, are SE's.
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
//! **Dynamic chains** (`dynamic`, `dynamic_scan`) follow every implication of one assumption on
//! a working grid that loses each "off" candidate as it is expanded, so a cell or house left
//! with one option yields an "on" whose premises include the candidates removed earlier (SE's
//! hidden parents, counted in the complexity). A walk that meets a contradiction proves the
//! opposite of its assumption (Nishio: one digit at a time; dynamic: all links); a candidate
//! implied both by "p on" and "p off" holds (double chains); so does one implied by every
//! candidate of a cell or every place of a digit in a house. From level 1 on, when a walk's
//! links run out, SE applies simpler rules to the working grid for more "off" nodes (`nested`):
//! locking, hidden and naked pairs and X-wings, then, by level, forcing chains and cycles (2),
//! multiple forcing chains (3), dynamic chains (4) and dynamic chains of level 2 (5), whose
//! complexity counts in the chain that uses them. Nested levels are slow (seconds to minutes
//! per step on the hardest puzzles, as in SE), so the searches poll the thread's
//! [`Guard`](crate::budget::Guard) (`cancel`), which the rater's budget installs.
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
//! - `dynamic`: one assumption's walk on the working grid, with hidden parents and causes.
//! - `dynamic_scan`: SE's scan for Nishio, dynamic and nested chains, and its choice.
//! - `nested`: the rules of the nesting levels, and the parents of what they derive.
//! - `reach`: what a walk reaches, as sets, without its chains (dynamic levels 0 and 1): the
//!   test a scan runs before walking; and every static closure of a step at once
//!   (`Closures`).
//! - `bits`: the walks' set tests without a population count, and the peers in SE's order as
//!   masks.
//! - `cancel`: the search guard (deadline, cancellation) of the current thread.
//!
//! Source: the behaviour of `Chaining.java`, `ChainingHint.java`, `CycleHint.java`,
//! `ForcingChainHint.java`, `BinaryChainingHint.java`, `CellChainingHint.java`,
//! `RegionChainingHint.java` and `Potential.java` in Sudoku Explainer 1.2.1 (Nicolas
//! Juillerat), as documented in `shared/docs/TECHNIQUES.md` and read for the algorithm; the
//! code here is written from that description.

mod bfs;
mod bits;
pub(crate) mod cancel;
mod dynamic;
mod dynamic_scan;
mod graph;
mod hint;
pub(crate) use hint::length_bonus;
mod implications;
mod multiple;
mod names;
mod nested;
mod node;
mod reach;
mod search;

use super::{CandidateGrid, Ratings, Step};
pub(crate) use dynamic_scan::Family;
pub use names::ChainName;
pub(crate) use nested::SimpleRules;
pub use node::{ChainNode, Link};

/// The chain step Sudoku Explainer would take in `grid`, if any.
/// Forgets the results this thread's chain searches keep between calls (the Nishio scan's
/// per-digit results, the nested levels' inner searches). They never change an answer, but a
/// kept result is read without the guard checks of computing it: a caller that counts checks
/// (the generator's work budget) forgets them first, so that its count depends on its own
/// input alone, not on what the thread rated before.
pub(crate) fn forget_thread_caches() {
    dynamic_scan::forget_nishio();
    nested::forget_memo();
}

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

/// The first step of SE's Nishio or dynamic forcing chains (`family`) in `grid`, if any; `None`
/// also when the search was cancelled (see [`cancel`]). From nesting level 1 on, `simple` are
/// the finders of the level-1 rules ([`SimpleRules`]).
pub(crate) fn dynamic_first_step(
    grid: &CandidateGrid,
    ratings: &Ratings,
    family: Family,
    simple: SimpleRules<'_>,
) -> Option<Step> {
    let level = match family {
        Family::Dynamic(level) => level,
        Family::Nishio => 0,
    };
    let rules =
        |base: &dynamic::Work, work: &dynamic::Work| nested::rules(grid, level, simple, base, work);
    let advanced: Option<dynamic::Advanced<'_>> = (level > 0).then_some(&rules);
    dynamic_scan::first_step(grid, ratings, family, advanced)
}

/// Every step of SE's Nishio or dynamic forcing chains (`family`) in `grid`, in SE's order;
/// empty when the search was cancelled. `simple` as for [`dynamic_first_step`].
pub(crate) fn dynamic_steps(
    grid: &CandidateGrid,
    ratings: &Ratings,
    family: Family,
    simple: SimpleRules<'_>,
) -> Vec<Step> {
    let level = match family {
        Family::Dynamic(level) => level,
        Family::Nishio => 0,
    };
    let rules =
        |base: &dynamic::Work, work: &dynamic::Work| nested::rules(grid, level, simple, base, work);
    let advanced: Option<dynamic::Advanced<'_>> = (level > 0).then_some(&rules);
    dynamic_scan::all_steps(grid, ratings, family, advanced)
}
