//! Other sizes and variant rules: an exact engine for N x N puzzles (N up to 25) with boxes of
//! r x c cells or irregular regions, and rules beyond the classic three houses.
//!
//! # Overview
//! - [`Pos`]: a cell by row and column (0-based; written `r1c1`, 1-based, in text and JSON).
//! - [`Shape`]: the size and the regions: [`Shape::boxes`] (N = r * c: 4 = 2x2, 6 = 2x3 or 3x2,
//!   8, 9, 10, 12, 15, 16, 20, 25 = 5x5...) or [`Shape::regions`] (jigsaw).
//! - [`Rule`]: plain data, one variant per rule, each in its own file under `variant/rules/`
//!   with its propagator and its exact check (extra houses, anti-knight, anti-king,
//!   non-consecutive, killer cages, thermometers, arrows, kropki dots, XV, sandwich sums,
//!   even/odd cells, little killer clues).
//! - [`Puzzle`]: a shape, givens and rules, checked and compiled once by [`Puzzle::new`].
//! - [`Search`]: the resumable exact search (first solution, counts up to a limit,
//!   enumeration) with a guess budget and an optional [`Guard`](crate::budget::Guard), and the same [`Stats`](crate::solve::Stats) as
//!   [`solve::Search`](crate::solve::Search); [`solve`], [`count`] and [`solutions`] for
//!   everyday use.
//!
//! Classic 9x9 puzzles without rules keep using [`crate::solve`], which is much faster; this
//! engine is the general one.
//!
//! # How it works
//! Candidates are `u32` masks (bit d for digit d, so 25 digits fit; bit 0 marks a placed digit
//! whose eliminations are done). Propagation runs to a fixed point: naked singles remove a
//! placed digit from every peer (houses, cages, anti-knight and anti-king neighbours), hidden
//! singles place a digit that has one place left in a full house, binary relations (kropki,
//! XV, thermometer steps, non-consecutive) are made arc consistent, and each group rule runs its
//! own propagator (sums by reachable-sum sets, killer cages by the digit combinations that fit,
//! sandwich sums by the positions of 1 and N). The search guesses on a cell with the fewest
//! candidates (MRV), smallest digit first, and checks every solution against every rule.
//!
//! Puzzles whose rules only say "different" (houses, sumless cages, anti-knight and anti-king
//! pairs, even/odd restrictions) take a bitboard search instead, one cell bitboard per digit
//! with the same answers, budget and statistics ([`Search::is_fast_path`]).
//! Non-consecutive puzzles whose other rules only say "different" (grids up to 11x11) take a
//! bitboard search of their own, where the rule is a shift of the digit boards
//! ([`Search::is_non_consecutive_path`]).
//!
//! # Example
//! ```
//! use sudokit::solve::Count;
//! use sudokit::variant::{self, Pos, Puzzle, Rule, Shape};
//!
//! // The empty 4x4 grid has 288 solutions; with both diagonals, 48.
//! let shape = Shape::boxes(2, 2)?;
//! let empty = Puzzle::new(shape.clone(), vec![0; 16], vec![])?;
//! assert_eq!(variant::count(&empty, 1000), Count::Exact(288));
//! let diagonal = Puzzle::new(shape.clone(), vec![0; 16], vec![Rule::Diagonal(Default::default())])?;
//! assert_eq!(variant::count(&diagonal, 1000), Count::Exact(48));
//!
//! // A killer cage: r1c1 + r1c2 = 3.
//! let cage = Rule::Killer(variant::Killer { cells: vec![Pos::new(0, 0), Pos::new(0, 1)], sum: Some(3) });
//! let killer = Puzzle::new(shape, vec![0; 16], vec![cage])?;
//! let solution = variant::solve(&killer).expect("solvable");
//! assert_eq!(solution[0] + solution[1], 3);
//! # Ok::<(), variant::VariantError>(())
//! ```

mod boards;
mod build;
mod distinct;
mod engine;
mod generate;
mod givens;
mod linear;
mod locked;
mod model;
mod relations;
mod rules;
mod seen;
mod shape;
mod skeleton;
mod sums;
mod work;

pub use engine::{count, solutions, solve, Search, Solutions, Stopped};
pub use generate::{
    fill, generate, generate_guarded, generate_with, jigsaw, Cut, Draw, GenerateError, Made,
    Options, Request,
};
pub use givens::GivenConflict;
pub use rules::*;
pub use shape::{Pos, Shape, MAX_SIZE};

use model::Model;
use std::fmt;
use std::sync::Arc;

/// What is wrong with a puzzle's shape, givens or rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The size is 0 or above [`MAX_SIZE`].
    #[error("size {0} is not supported (1 to 25)")]
    Size(usize),
    /// The boxes do not tile the grid (rows * cols must be the size).
    #[error("boxes of {rows}x{cols} do not fit a grid of size {size}")]
    Boxes {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
        /// The grid's size.
        size: usize,
    },
    /// The irregular regions are not N regions of N cells.
    #[error("regions: {0}")]
    Regions(String),
    /// The givens are not N * N values.
    #[error("expected {expected} givens, found {found}")]
    GivensLength {
        /// N * N.
        expected: usize,
        /// What was given.
        found: usize,
    },
    /// A given is above the size.
    #[error("{pos}: given {value} is above the size {size}")]
    Given {
        /// The cell.
        pos: Pos,
        /// The value.
        value: u8,
        /// The grid's size.
        size: usize,
    },
    /// A rule's data does not fit the grid.
    #[error("rule {rule}: {reason}")]
    Rule {
        /// The rule's name.
        rule: &'static str,
        /// What is wrong.
        reason: String,
    },
}

/// A puzzle: its shape, givens (0 for a blank, else 1..=N, row-major) and rules, compiled once.
#[derive(Clone)]
pub struct Puzzle {
    shape: Shape,
    /// Shared, as the rules are: each [`Search`] keeps a copy of the puzzle to check solutions.
    givens: Arc<[u8]>,
    rules: Arc<[Rule]>,
    model: Arc<Model>,
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Puzzle")
            .field("shape", &self.shape)
            .field("givens", &self.givens)
            .field("rules", &self.rules)
            .finish()
    }
}

impl PartialEq for Puzzle {
    fn eq(&self, other: &Puzzle) -> bool {
        self.shape == other.shape && self.givens == other.givens && self.rules == other.rules
    }
}

impl Puzzle {
    /// Checks the givens and rules against the shape and compiles the rules' propagators.
    pub fn new(shape: Shape, givens: Vec<u8>, rules: Vec<Rule>) -> Result<Puzzle, VariantError> {
        let n = shape.size();
        if givens.len() != n * n {
            return Err(VariantError::GivensLength {
                expected: n * n,
                found: givens.len(),
            });
        }
        if let Some((cell, &value)) = givens.iter().enumerate().find(|(_, &v)| usize::from(v) > n) {
            return Err(VariantError::Given {
                pos: shape.pos(cell),
                value,
                size: n,
            });
        }
        let model = Model::build(&shape, &givens, &rules)?;
        Ok(Puzzle {
            shape,
            givens: givens.into(),
            rules: rules.into(),
            model: Arc::new(model),
        })
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The size N.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The givens, row-major, 0 for a blank.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The rules.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The same shape and rules with other givens.
    pub fn with_givens(&self, givens: Vec<u8>) -> Result<Puzzle, VariantError> {
        Puzzle::new(self.shape.clone(), givens, self.rules.to_vec())
    }

    /// Whether `grid` (N * N values 1..=N) keeps the givens, the houses and every rule; the
    /// first broken one is named.
    pub fn check(&self, grid: &[u8]) -> Result<(), Violation> {
        let n = self.size();
        if grid.len() != n * n || grid.iter().any(|&v| v == 0 || usize::from(v) > n) {
            return Err(Violation::NotFull);
        }
        if let Some(cell) = (0..n * n).find(|&c| self.givens[c] != 0 && self.givens[c] != grid[c]) {
            return Err(Violation::Given(self.shape.pos(cell)));
        }
        // The model's first houses are the shape's rows, columns and regions.
        for house in &self.model.houses()[..3 * n] {
            let mut seen = 0u32;
            for &c in house {
                let bit = 1u32 << grid[c];
                if seen & bit != 0 {
                    return Err(Violation::House(self.shape.pos(house[0])));
                }
                seen |= bit;
            }
        }
        let view = rules::Solved {
            n,
            grid,
            shape: &self.shape,
        };
        match self.rules.iter().find(|rule| !rule.holds(&view)) {
            Some(rule) => Err(Violation::Rule(rule.name())),
            None => Ok(()),
        }
    }
}

/// Why a grid is not a solution ([`Puzzle::check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Violation {
    /// The grid has the wrong length, a blank or a value above the size.
    #[error("the grid is not full")]
    NotFull,
    /// A given was changed.
    #[error("the given at {0} was changed")]
    Given(Pos),
    /// A row, column or region repeats a digit (named by its first cell).
    #[error("the house starting at {0} repeats a digit")]
    House(Pos),
    /// A rule is broken.
    #[error("the {0} rule is broken")]
    Rule(&'static str),
}
