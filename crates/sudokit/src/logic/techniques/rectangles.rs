//! The rectangles HoDoKu's uniqueness tests 6 and hidden rectangles look at: four empty cells
//! in two rows, two columns and two boxes, each of which may hold both digits `a` and `b`.
//!
//! If every corner took `a` or `b`, each row, column and box of the rectangle would hold one
//! `a` and one `b` there, and swapping them would give a second solution; so on a puzzle with
//! one solution the corners never all take `a` or `b` (the "deadly pattern"). That holds
//! whatever candidates the corners have: HoDoKu's option "allow missing candidates" (its
//! reglib's `-2` cases) accepts a corner that has lost `a` or `b` but cannot see a placed `a`
//! (`b`), and [`Corners::of`] does the same when asked.

use crate::board::{Candidates, Cell, Digit, House};
use crate::logic::cell_set::{CellSet, DIGITS};
use crate::logic::CandidateGrid;

/// A rectangle's corners in loop order: `[r1c1, r1c2, r2c2, r2c1]` (rows `r1 < r2`, columns
/// `c1 < c2`), so corners `i` and `(i + 2) % 4` are diagonal.
pub(super) type Corners = [Cell; 4];

/// Every rectangle of empty cells over exactly two boxes, rows then columns in increasing
/// order, with the pairs of digits `a < b` that every corner holds (or, with `missing`, may
/// have lost without seeing them placed), to `visit`, which returns `false` to stop. Returns
/// whether it ran to the end.
pub(super) fn each(
    grid: &CandidateGrid,
    missing: bool,
    visit: &mut dyn FnMut(Corners, Digit, Digit) -> bool,
) -> bool {
    let empty = grid.empty_cells();
    // With `missing`: the digits each cell may not take because a peer holds them.
    let mut seen = [Candidates::NONE; 81];
    if missing {
        for cell in Cell::all() {
            if let Some(d) = grid.value(cell) {
                for peer in CellSet::peers(cell) {
                    seen[peer.index()].insert(d);
                }
            }
        }
    }
    for corners in two_box_rectangles() {
        if !corners.iter().all(|&c| empty.contains(c)) {
            continue;
        }
        let holds = corners.map(|c| {
            if missing {
                Candidates::ALL.difference(seen[c.index()])
            } else {
                grid.candidates(c)
            }
        });
        let common = holds
            .iter()
            .fold(Candidates::ALL, |acc, &h| acc.intersection(h));
        for a in DIGITS.into_iter().filter(|&d| common.contains(d)) {
            for b in DIGITS.into_iter().filter(|&d| d > a && common.contains(d)) {
                if !visit(corners, a, b) {
                    return false;
                }
            }
        }
    }
    true
}

/// Every rectangle of cells in two rows, two columns and two boxes, rows then columns in
/// increasing order.
pub(super) fn two_box_rectangles() -> impl Iterator<Item = Corners> {
    (0..9).flat_map(|r1| {
        (r1 + 1..9).flat_map(move |r2| {
            (0..9).flat_map(move |c1| {
                (c1 + 1..9).filter_map(move |c2| {
                    // One box or four otherwise.
                    let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                    two_boxes.then(|| corners(r1, r2, c1, c2)).flatten()
                })
            })
        })
    })
}

/// The corners of rows `r1`, `r2` and columns `c1`, `c2` (0-based), in loop order.
fn corners(r1: usize, r2: usize, c1: usize, c2: usize) -> Option<Corners> {
    Some([
        Cell::new(r1 * 9 + c1)?,
        Cell::new(r1 * 9 + c2)?,
        Cell::new(r2 * 9 + c2)?,
        Cell::new(r2 * 9 + c1)?,
    ])
}

/// Whether `cell`'s candidates are all among `a` and `b`.
pub(super) fn only(grid: &CandidateGrid, cell: Cell, a: Digit, b: Digit) -> bool {
    let mut pair = Candidates::NONE;
    pair.insert(a);
    pair.insert(b);
    grid.candidates(cell).difference(pair).is_empty()
}

/// Whether digit `u` lies in each of `houses` only in the rectangle's `corners`: the
/// condition under which uniqueness test 6 and the hidden rectangle force `u` onto corners.
pub(super) fn confined(
    grid: &CandidateGrid,
    u: Digit,
    houses: &[House],
    corners: &Corners,
) -> bool {
    let rect: CellSet = corners.iter().copied().collect();
    houses
        .iter()
        .all(|&h| grid.house_cells_with(h, u).is_subset(rect))
}
