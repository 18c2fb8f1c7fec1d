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
//! - [`budget`]: one guard for long work: a time and step [`budget::Budget`], a clock the
//!   caller passes in (the library never reads the time) and a cancellation flag.
//! - [`canon`]: canonical (minimum-lexicographic) forms under the grid's 3,359,232 symmetries
//!   and digit relabelling, automorphism counts, and random equivalent transforms.
//!
//! # Example
//! ```
//! use sudokit::{format, solve};
//!
//! let text = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
//! let puzzle = format::parse(text)?.grid;
//! assert!(puzzle.check_rules().is_ok());
//! let solution = solve::solve(&puzzle).expect("this puzzle has a solution");
//! assert!(solution.is_solution_of(&puzzle));
//! println!("{}", format::to_grid(&solution));
//! # Ok::<(), sudokit::format::ParseError>(())
//! ```
//!
//! The everyday types read and print with the standard traits: [`Grid`] is `FromStr` (every
//! layout [`format::parse`] reads) and `Display` (the 81-character line, or the nine-line grid
//! with `{:#}`), [`Candidates`] reads and prints its digits (`"147"`), and a [`logic::Step`]
//! displays as its English explanation.
//!
//! ```
//! use sudokit::{solve, Grid};
//!
//! let puzzle: Grid =
//!     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
//! let solution = solve::solve(&puzzle).expect("this puzzle has a solution");
//! assert_eq!(solution.to_string().parse::<Grid>()?, solution);
//! println!("{solution:#}");
//! # Ok::<(), sudokit::format::ParseError>(())
//! ```
//!
//! # Errors
//! Every fallible function returns a typed error (`thiserror`) that names what is at fault: a
//! [`format::ParseError`] has the line, column and a [`format::ParseErrorKind`]; a
//! [`RuleViolation`] the two cells, the digit and the house; the `FromStr` errors of option
//! values ([`generate::BadClueRange`], [`generate::BadRatingRange`]...) the text read and a
//! kind. Error enums are `#[non_exhaustive]`: new kinds may come in a minor release.
//!
//! # Features
//! - `serde` (default): `Serialize` and `Deserialize` for the data types ([`logic::Step`],
//!   [`logic::Technique`], [`rate::PuzzleRating`], [`Digit`], [`Cell`], [`House`]...).
//! - `json` (default): JSON boards in [`format::parse`] and [`format::Records`], read with
//!   `serde_json`. Without it, a board that starts with `[` is a
//!   [`format::ParseErrorKind::Json`] error at its first bracket; printing JSON
//!   ([`format::to_json`]) needs no feature.
//!
//! With `default-features = false` the engine depends on `thiserror` alone and builds for
//! `wasm32-unknown-unknown`.
#![deny(missing_docs)]

pub mod board;
pub mod budget;
pub mod canon;
pub mod format;
pub mod generate;
#[doc(hidden)]
pub mod internals;
pub mod logic;
pub mod rate;
mod rng;
pub mod solve;
pub mod variant;

pub use board::{Block, Candidates, Cell, Col, Digit, Grid, House, Row, RuleViolation};

/// The README's Rust examples, compiled and run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
