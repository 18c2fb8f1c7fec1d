//! Parsing and printing of every supported puzzle format.
//!
//! SKELETON (to be completed by the format work): the public names below are the contract the
//! CLI codes against.
//!
//! - [`parse`] reads one puzzle in any supported layout and says which layout it was
//!   ([`Parsed`]); errors are [`ParseError`] values with a 1-based line and column.
//! - [`Records`] splits a stream of lines into puzzle records (one 81-character line, a 9-line
//!   grid, or a JSON board spanning one or more lines) without doing any IO itself.
//! - [`to_line`], [`to_grid`] and [`to_json`] print a grid.

use crate::board::Grid;

/// The layout a puzzle was written in; printing in the same layout round-trips.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// One line of 81 cells.
    Line,
    /// Nine lines of nine cells, possibly with box separators.
    Grid,
    /// A JSON array of nine arrays of nine one-character strings, `"."` for blanks (LeetCode 37).
    JsonStrings,
    /// A JSON array of nine arrays of nine integers, `0` for blanks.
    JsonNumbers,
}

/// A parsed puzzle and the layout it came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parsed {
    /// The puzzle.
    pub grid: Grid,
    /// How it was written.
    pub layout: Layout,
}

/// What is wrong with a puzzle's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// The text holds the wrong number of cells.
    #[error("expected 81 cells, found {found}")]
    WrongCellCount {
        /// How many cells were found.
        found: usize,
    },
    /// A character that is neither a digit, a blank nor an allowed separator.
    #[error("unexpected character {found:?}")]
    BadCharacter {
        /// The character.
        found: char,
    },
    /// Malformed JSON or a JSON value of the wrong shape.
    #[error("invalid JSON board: {reason}")]
    Json {
        /// What is wrong.
        reason: String,
    },
}

/// A parse error and where it is: 1-based line and column (in characters) of the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// Parses one puzzle written in any supported layout.
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    let cells: Vec<(usize, char)> = text.chars().enumerate().take(81).collect();
    let mut values = [0u8; 81];
    for (i, (col, ch)) in cells.iter().enumerate() {
        values[i] = match ch {
            '1'..='9' => *ch as u8 - b'0',
            '.' | '0' => 0,
            _ => {
                return Err(ParseError {
                    line: 1,
                    column: col + 1,
                    kind: ParseErrorKind::BadCharacter { found: *ch },
                })
            }
        };
    }
    if cells.len() != 81 {
        return Err(ParseError {
            line: 1,
            column: cells.len() + 1,
            kind: ParseErrorKind::WrongCellCount { found: cells.len() },
        });
    }
    let grid = Grid::from_values(values).ok_or(ParseError {
        line: 1,
        column: 1,
        kind: ParseErrorKind::WrongCellCount { found: 0 },
    })?;
    Ok(Parsed {
        grid,
        layout: Layout::Line,
    })
}

/// The 81-character line, `.` for blanks.
pub fn to_line(grid: &Grid) -> String {
    grid.values()
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// The grid as nine lines with box separators, each line ending in a newline.
pub fn to_grid(grid: &Grid) -> String {
    let line = to_line(grid);
    let mut out = String::new();
    for (i, chunk) in line.as_bytes().chunks(9).enumerate() {
        out.push_str(std::str::from_utf8(chunk).unwrap_or_default());
        out.push('\n');
        let _ = i;
    }
    out
}

/// The grid as a JSON board in the given JSON layout (strings or numbers); any non-JSON layout
/// prints strings.
pub fn to_json(grid: &Grid, layout: Layout) -> String {
    let _ = layout;
    format!("{grid:?}")
}
