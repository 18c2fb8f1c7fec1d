//! Printing a grid as a line, a pretty grid or a JSON board.

use super::Layout;
use crate::board::Grid;

/// The character for a value: the digit, or `.` for a blank.
fn cell_char(value: u8) -> char {
    char::from_digit(u32::from(value), 10)
        .filter(|&ch| ch != '0')
        .unwrap_or('.')
}

/// The 81-character line, `.` for blanks.
///
/// ```
/// use sudokit::{format, Grid};
/// assert_eq!(format::to_line(&Grid::empty()), ".".repeat(81));
/// ```
pub fn to_line(grid: &Grid) -> String {
    String::from_utf8(line_bytes(grid).to_vec()).unwrap_or_default()
}

/// [`to_line`](super::to_line) as 81 ASCII bytes, without allocating: for printing many grids
/// into one buffer.
///
/// ```
/// use sudokit::{format, Grid};
/// let grid = Grid::empty();
/// assert_eq!(format::tool::line_bytes(&grid).as_slice(), format::to_line(&grid).as_bytes());
/// ```
pub fn line_bytes(grid: &Grid) -> [u8; 81] {
    // Bytes, not chars: a batch prints one line per puzzle, and pushing chars is several times
    // slower. The same operations on every byte and no table, so that the loop vectorises.
    // Values are 0..=9, so every byte is ASCII.
    let mut line = [0u8; 81];
    for (byte, &value) in line.iter_mut().zip(grid.values()) {
        *byte = if value == 0 { b'.' } else { b'0' + value };
    }
    line
}

/// The grid as nine rows of cells separated by spaces, `|` between boxes and a rule between
/// bands, `.` for blanks; every line ends in a newline. [`parse`](super::parse) reads it back.
///
/// ```text
/// 5 3 . | . 7 . | . . .
/// 6 . . | 1 9 5 | . . .
/// . 9 8 | . . . | . 6 .
/// ------+-------+------
/// ...
/// ```
pub fn to_grid(grid: &Grid) -> String {
    const RULE: &str = "------+-------+------\n";
    // 9 rows of 22 bytes and 2 rules of 22.
    let mut out = String::with_capacity(11 * 22);
    for (row, values) in grid.values().chunks_exact(9).enumerate() {
        if row == 3 || row == 6 {
            out.push_str(RULE);
        }
        for (col, &value) in values.iter().enumerate() {
            match col {
                0 => {}
                3 | 6 => out.push_str(" | "),
                _ => out.push(' '),
            }
            out.push(cell_char(value));
        }
        out.push('\n');
    }
    out
}

/// The grid as a JSON board on one line: integers with `0` for blanks for
/// [`Layout::JsonNumbers`], otherwise one-character strings with `"."` for blanks (as in
/// LeetCode 37). Printing in the layout a puzzle came in gives the board back in the same shape.
///
/// ```
/// use sudokit::format::{to_json, Layout};
/// use sudokit::Grid;
/// let empty = Grid::empty();
/// assert!(to_json(&empty, Layout::JsonNumbers).starts_with("[[0,0,0,0,0,0,0,0,0],[0,"));
/// assert!(to_json(&empty, Layout::JsonStrings).starts_with(r#"[[".",".",".",".",".",".",".",".","."],["."#));
/// ```
pub fn to_json(grid: &Grid, layout: Layout) -> String {
    let numbers = layout == Layout::JsonNumbers;
    let mut out = String::with_capacity(if numbers { 182 } else { 344 });
    out.push('[');
    for (row, values) in grid.values().chunks_exact(9).enumerate() {
        if row > 0 {
            out.push(',');
        }
        out.push('[');
        for (col, &value) in values.iter().enumerate() {
            if col > 0 {
                out.push(',');
            }
            if numbers {
                out.push(char::from_digit(u32::from(value), 10).unwrap_or('0'));
            } else {
                out.push('"');
                out.push(cell_char(value));
                out.push('"');
            }
        }
        out.push(']');
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn grid(text: &str) -> Grid {
        parse(text).expect("valid puzzle").grid
    }

    #[test]
    fn line_round_trips() {
        assert_eq!(to_line(&grid(PUZZLE)), PUZZLE);
        assert_eq!(to_line(&grid(SOLUTION)), SOLUTION);
    }

    #[test]
    fn grid_of_the_puzzle() {
        insta::assert_snapshot!(to_grid(&grid(PUZZLE)));
    }

    #[test]
    fn grid_of_the_solution() {
        insta::assert_snapshot!(to_grid(&grid(SOLUTION)));
    }

    #[test]
    fn grid_lines_all_end_in_newlines() {
        let text = to_grid(&grid(PUZZLE));
        assert_eq!(text.lines().count(), 11);
        assert!(text.lines().all(|line| line.len() == 21));
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn json_of_the_puzzle_in_every_layout() {
        let puzzle = grid(PUZZLE);
        insta::assert_snapshot!("json_numbers", to_json(&puzzle, Layout::JsonNumbers));
        insta::assert_snapshot!("json_strings", to_json(&puzzle, Layout::JsonStrings));
        // Layouts that are not JSON print strings, the LeetCode form.
        assert_eq!(
            to_json(&puzzle, Layout::Line),
            to_json(&puzzle, Layout::JsonStrings)
        );
        assert_eq!(
            to_json(&puzzle, Layout::Grid),
            to_json(&puzzle, Layout::JsonStrings)
        );
    }

    #[test]
    fn json_is_valid_json_of_the_right_shape() {
        let puzzle = grid(PUZZLE);
        let numbers: Vec<Vec<u8>> =
            serde_json::from_str(&to_json(&puzzle, Layout::JsonNumbers)).expect("valid JSON");
        assert_eq!(numbers.concat(), puzzle.values().to_vec());
        let strings: Vec<Vec<String>> =
            serde_json::from_str(&to_json(&puzzle, Layout::JsonStrings)).expect("valid JSON");
        assert_eq!(strings.concat().concat(), PUZZLE);
    }
}
