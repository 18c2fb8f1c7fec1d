//! Helpers for the unit tests of the logic module: naming cells and digits, and building
//! pencilmark positions by hand on an otherwise open board.

use super::{CandidateGrid, Finder, Ratings, Step};
use crate::board::{Cell, Col, Digit, Grid, House, Row};

/// The cell named `rXcY` (1-based), panicking on a malformed name (test input only).
pub(crate) fn cell(name: &str) -> Cell {
    let b = name.as_bytes();
    let ok = b.len() == 4 && b[0] == b'r' && b[2] == b'c';
    let row = Row::new(usize::from(b[1].wrapping_sub(b'1')));
    let col = Col::new(usize::from(b[3].wrapping_sub(b'1')));
    match (ok, row, col) {
        (true, Some(row), Some(col)) => Cell::at(row, col),
        _ => panic!("bad cell name {name:?}"),
    }
}

/// The cells named in a space-separated list.
pub(crate) fn cells(names: &str) -> Vec<Cell> {
    names.split_whitespace().map(cell).collect()
}

/// The digit `value`, panicking unless 1..=9.
pub(crate) fn digit(value: u8) -> Digit {
    Digit::new(value).unwrap_or_else(|| panic!("bad digit {value}"))
}

/// The house named `row N`, `column N` or `box N` (1-based).
pub(crate) fn house(name: &str) -> House {
    let (kind, n) = name
        .split_once(' ')
        .unwrap_or_else(|| panic!("bad house {name:?}"));
    let i = n
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .unwrap_or_else(|| panic!("bad house {name:?}"));
    let house = match kind {
        "row" => Row::new(i).map(House::Row),
        "column" => Col::new(i).map(House::Col),
        "box" => crate::board::Block::new(i).map(House::Block),
        _ => None,
    };
    house.unwrap_or_else(|| panic!("bad house {name:?}"))
}

/// The pencilmarks of an 81-character puzzle line (`.` or `0` blank).
pub(crate) fn puzzle(line: &str) -> CandidateGrid {
    let values: Vec<u8> = line
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b.wrapping_sub(b'0') })
        .collect();
    let values: [u8; 81] = values.try_into().unwrap_or_else(|_| panic!("not 81 cells"));
    let grid = Grid::from_values(values).unwrap_or_else(|| panic!("bad puzzle {line:?}"));
    CandidateGrid::from_grid(&grid)
}

/// Leaves `cell` with only the digits of `keep` (e.g. `"27"`) as candidates.
pub(crate) fn keep(grid: &mut CandidateGrid, cell_name: &str, keep: &str) {
    let c = cell(cell_name);
    for d in Digit::all() {
        if !keep.contains(d.to_char()) {
            grid.eliminate(c, d);
        }
    }
}

/// Removes candidate `value` from every cell of `house_name` except the named cells.
pub(crate) fn confine(grid: &mut CandidateGrid, value: u8, house_name: &str, only: &str) {
    let allowed = cells(only);
    for c in house(house_name).cells() {
        if !allowed.contains(&c) {
            grid.eliminate(c, digit(value));
        }
    }
}

/// Removes candidate `value` from the named cells.
pub(crate) fn remove(grid: &mut CandidateGrid, value: u8, names: &str) {
    for c in cells(names) {
        grid.eliminate(c, digit(value));
    }
}

/// A step's eliminations as `"digit@cell"` strings, for compact assertions.
pub(crate) fn elims(step: &Step) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|(c, d)| format!("{d}@{c}"))
        .collect()
}

/// A step's placements as `"digit@cell"` strings.
pub(crate) fn places(step: &Step) -> Vec<String> {
    step.placements
        .iter()
        .map(|(c, d)| format!("{d}@{c}"))
        .collect()
}

/// The first step of `finder` with the default ratings.
pub(crate) fn first(finder: &dyn Finder, grid: &CandidateGrid) -> Option<Step> {
    finder.first(grid, &Ratings::default())
}

/// Every step of `finder` with the default ratings.
pub(crate) fn all(finder: &dyn Finder, grid: &CandidateGrid) -> Vec<Step> {
    finder.all(grid, &Ratings::default())
}
