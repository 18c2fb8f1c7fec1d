//! A Sudoku engine: the board model, parsing and printing of the common puzzle formats, and an
//! exact solver that finds, counts and enumerates solutions.
//!
//! The crate does no IO and holds no global state, so it runs the same in a command-line tool, a
//! server, a browser (WebAssembly) or a Python extension. No input can make it panic: malformed
//! text is a [`format::ParseError`], givens that break the rules are a [`RuleViolation`], and the
//! solver answers "no solution" for a grid that has none.
//!
//! # Overview
//! - [`board`]: [`Digit`], [`Cell`], [`Row`], [`Col`], [`Block`] and [`House`] as newtypes,
//!   [`Grid`] and [`Candidates`].
//! - [`mod@format`]: read a puzzle as an 81-character line, a 9-line grid or a JSON board; print it
//!   back in any of them.
//! - [`solve`]: the first solution, a solution count up to a limit, all solutions, with an
//!   optional work budget and statistics.
//! - [`logic`]: human-style solving: pencilmarks, techniques in Sudoku Explainer's order and
//!   ratings, a step-by-step solver, and plain-English explanations.
//! - [`rate`]: difficulty over the logic solver's path: Sudoku Explainer's ER/EP/ED and a
//!   HoDoKu-style score and level, with a per-puzzle time or step budget.
//! - [`generate`]: seeded generation of unique puzzles (minimal, symmetric, a clue count, a
//!   pattern of clue positions), reproducible whatever the thread count.
//! - [`canon`]: canonical (minimum-lexicographic) forms under the grid's 3,359,232 symmetries
//!   and digit relabelling, automorphism counts, and random equivalent transforms.
//!
//! # Example
//! ```
//! use sudoku::{format, solve};
//!
//! let text = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
//! let puzzle = format::parse(text)?.grid;
//! assert!(puzzle.check_rules().is_ok());
//! let solution = solve::solve(&puzzle).expect("this puzzle has a solution");
//! assert!(solution.is_solution_of(&puzzle));
//! println!("{}", format::to_grid(&solution));
//! # Ok::<(), sudoku::format::ParseError>(())
//! ```
#![deny(missing_docs)]

pub mod board;
pub mod canon;
pub mod format;
pub mod generate;
pub mod logic;
pub mod rate;
mod rng;
pub mod solve;

pub use board::{Block, Candidates, Cell, Col, Digit, Grid, House, Row, RuleViolation};

/// The README's Rust examples, compiled and run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
