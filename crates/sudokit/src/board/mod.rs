//! The board model: digits, positions and houses as newtypes, the grid of digits, and candidate
//! sets as bitmasks.
//!
//! These are the shared vocabulary of every other module: the parser builds a [`Grid`], the
//! solvers take one and return one, and human-style techniques will talk about [`Cell`]s,
//! [`House`]s and [`Candidates`].

mod candidates;
mod grid;
mod index;
mod symmetry;

pub use candidates::{BadCandidates, Candidates};
pub use grid::{Grid, RuleViolation};
pub use index::{Block, Cell, Col, Digit, House, IndexKind, OutOfRange, Row};
pub use symmetry::{Symmetry, UnknownSymmetry};
