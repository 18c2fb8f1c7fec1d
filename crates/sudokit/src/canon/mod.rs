//! Canonical forms: one representative for each class of equivalent puzzles or grids.
//!
//! Two grids are *equivalent* when one becomes the other under one of the 3,359,232 symmetries
//! of the Sudoku grid (transposition, permutations of the bands, of the rows within a band, of
//! the stacks and of the columns within a stack: 2 x 6^8) followed by a relabelling of the
//! digits (9!). Equivalent puzzles have the same number of clues, the same number of solutions
//! and the same difficulty for any technique-based solver; collection keepers treat them as one
//! puzzle.
//!
//! # Overview
//! - [`canonical`]: the canonical form of a puzzle or grid. Equivalent grids, and only they,
//!   have equal canonical forms.
//! - [`analyse`]: the canonical form together with the number of automorphisms and a
//!   [`Transform`] that maps the grid to its form.
//! - [`automorphisms`]: how many of the 3,359,232 symmetries map a grid to itself, up to
//!   relabelling (1 for almost every solution grid; at most 648 for a solution grid).
//! - [`Transform`] and [`transform`]: a (random) symmetry and relabelling, to make a puzzle no
//!   one has seen that is as hard as the original.
//!
//! # The order
//! The canonical form is the *minimum-lexicographic* form ("minlex"): of all the 81-character
//! strings of the equivalent grids, written row by row with `0` for a blank and `1`-`9` for the
//! digits, the smallest in plain character order. So blanks sort before every digit, and a
//! puzzle's canonical form starts with as many blanks as possible; a solution grid's form starts
//! with `123456789`. Within one arrangement of the cells the smallest relabelling numbers the
//! digits in order of first appearance, so in a canonical form the digits first appear in the
//! order 1, 2, 3, ... The form is printed with `.` for blanks like any other puzzle; the order
//! is still the one with blanks lowest. This is the convention of the Sudoku community's
//! "minlex" tools, so forms can be compared with theirs.
//!
//! Canonical forms are defined for every grid, including ones whose givens break the rules
//! (repeated digits are labelled like any others).
//!
//! # The algorithm
//! Trying all 3,359,232 symmetries per grid would take a tenth of a second per puzzle. The
//! search here builds the form row by row and keeps only the partial transforms that tie for
//! the smallest prefix, which is exact because a lexicographic minimum is decided by its first
//! row, then among the ties by the second row, and so on.
//!
//! A partial transform fixes the transposition, the stack order (explicit, 6 ways) and the input
//! rows chosen for the output rows so far (the next one comes from the current band, or from an
//! unused band when a new band starts). It does *not* fix the order of the columns within a
//! stack beyond what the rows so far require: the columns of each stack are split into cells
//! of columns that have been identical in every row so far, whose order is still free. To
//! extend a partial transform by a row, each cell is arranged in its smallest order (blanks,
//! then already labelled digits by label, then digits without a label, which take the next
//! labels), splitting the cell where the values differ; only the choice of which unlabelled
//! digit takes which new label branches.
//!
//! This keeps the work small in both hard cases for a naive search: a solution grid (whose first
//! row is `123456789` under every column order) branches on the labels of the first row and then
//! collapses at the second row, and a sparse puzzle with empty rows keeps its blank columns in
//! one cell instead of enumerating their 1,296 orders. The families that survive the last row
//! are exactly the automorphisms (each cell of interchangeable columns counting its factorial).
//! Even the empty grid, where every transform ties, carries only 2 x 6 x 1,296 families.
//!
//! The idea of building a minimal form row by row with pruning is old and common in the Sudoku
//! community's canonicalisers; this implementation, its cell refinement and its code are our
//! own.
//!
//! # Example
//! ```
//! use sudokit::{canon, format};
//! let puzzle = format::parse(
//!     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
//! )?
//! .grid;
//! let form = canon::canonical(&puzzle);
//! assert_eq!(form.count_filled(), puzzle.count_filled());
//! // Any transform of the puzzle has the same canonical form.
//! let other = canon::transform(&puzzle, 7);
//! assert_eq!(canon::canonical(&other), form);
//! // Blanks sort first, and digits are numbered in order of appearance.
//! assert_eq!(
//!     format::to_line(&form),
//!     ".....1..2..1.3..4..5.6.......27..1...6...2..58...4..3...3...9...2...7...9...8...1",
//! );
//! # Ok::<(), sudokit::format::ParseError>(())
//! ```

mod minlex;
mod transform;

pub use transform::Transform;

use crate::Grid;

/// The number of validity-preserving symmetries of the grid (digit relabellings aside):
/// 2 x 6^8.
pub const SYMMETRIES: u64 = 3_359_232;

/// A grid's canonical form with what the search found on the way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canonical {
    /// The minimum-lexicographic form (see the module documentation for the order).
    pub form: Grid,
    /// How many of the [`SYMMETRIES`] map the grid to itself up to a relabelling of the digits:
    /// at least 1 (the identity). For a solution grid at most 648; a sparse puzzle may have
    /// more, since swapping two empty columns of a stack, say, changes nothing.
    pub automorphisms: u64,
    /// A transform that maps the grid to `form`.
    pub to_form: Transform,
}

/// The canonical form of `grid`: equal for equivalent grids, different otherwise.
pub fn canonical(grid: &Grid) -> Grid {
    minlex::search(grid).form
}

/// The canonical form of `grid`, its number of automorphisms and a transform to the form.
///
/// ```
/// use sudokit::{canon, format};
/// let grid = format::parse(
///     "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
/// )?
/// .grid;
/// let found = canon::analyse(&grid);
/// assert_eq!(found.to_form.apply(&grid), found.form);
/// assert!(found.automorphisms > 1, "this grid is very regular");
/// # Ok::<(), sudokit::format::ParseError>(())
/// ```
pub fn analyse(grid: &Grid) -> Canonical {
    let found = minlex::search(grid);
    Canonical {
        form: found.form,
        automorphisms: found.automorphisms,
        to_form: found.transform,
    }
}

/// How many of the 3,359,232 symmetries map `grid` to itself up to a relabelling of the digits.
pub fn automorphisms(grid: &Grid) -> u64 {
    minlex::search(grid).automorphisms
}

/// A random equivalent of `grid`: a uniformly random symmetry and relabelling, determined by
/// `seed`. The result has the same number of clues and solutions and the same canonical form.
pub fn transform(grid: &Grid, seed: u64) -> Grid {
    Transform::random(seed).apply(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    fn grid(line: &str) -> Grid {
        format::parse(line).map(|p| p.grid).unwrap_or_default()
    }

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn a_solution_grid_starts_with_the_digits_in_order() {
        let form = canonical(&grid(SOLUTION));
        assert_eq!(&format::to_line(&form)[..9], "123456789");
        assert!(form.check_rules().is_ok() && form.is_full());
    }

    #[test]
    fn the_form_of_a_form_is_itself() {
        let form = canonical(&grid(SOLUTION));
        assert_eq!(canonical(&form), form);
    }

    #[test]
    fn the_transform_found_maps_to_the_form() {
        let puzzle = grid(
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        );
        let found = analyse(&puzzle);
        assert_eq!(found.to_form.apply(&puzzle), found.form);
        assert_eq!(found.automorphisms, 1);
    }

    #[test]
    fn the_empty_grid_is_fixed_by_every_symmetry() {
        let found = analyse(&Grid::empty());
        assert_eq!(found.form, Grid::empty());
        assert_eq!(found.automorphisms, SYMMETRIES);
    }

    #[test]
    fn one_clue_goes_to_the_last_cell() {
        let mut values = [0u8; 81];
        values[10] = 7;
        let found = analyse(&Grid::from_values(values).unwrap_or_default());
        let mut expected = [0u8; 81];
        expected[80] = 1;
        assert_eq!(found.form.values(), &expected);
        // The symmetries move any cell to any other, so those that fix one cell are 1 in 81.
        assert_eq!(found.automorphisms, SYMMETRIES / 81);
    }
}
