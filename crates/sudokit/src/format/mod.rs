//! Parsing and printing of every supported puzzle format.
//!
//! # Overview
//! - [`parse`] reads one puzzle in any supported layout, detected from the text, and says which
//!   layout it was ([`Parsed`]). Errors are [`ParseError`] values with a 1-based line and column
//!   and a [`ParseErrorKind`] that says what is wrong; no input makes it panic.
//! - [`Records`] splits a stream of lines into puzzle [`Record`]s (one 81-character line, a
//!   9-line grid, or a JSON board over one or more lines) without doing any IO itself: the caller
//!   pushes lines, so a file of millions of puzzles streams in constant memory.
//! - [`Reader`] is the one streaming reader of lines of bytes: the puzzles of [`Records`], and
//!   if asked the two pencilmark forms ([`Pencilmarks`]: a 729-character candidate line or a
//!   pencilmark grid), each [`Entry`] with its line, or a located error that names a byte that
//!   is not UTF-8 and the true length of a line the caller cut. [`parse_entry`] reads one.
//! - [`to_line`], [`to_grid`] and [`to_json`] print a grid; [`parse`] reads each of them back.
//! - [`tool`] holds items for this project's own tools, outside the promised API.
//!
//! # Layouts
//! - **Line** ([`Layout::Line`]): 81 cells in row-major order on one line. A cell is a digit
//!   `1`-`9` or a blank, written as `.`, `0`, `_`, `-`, `*` or a space. Whatever follows the 81
//!   cells after whitespace, `,`, `;` or `:` is ignored, so `puzzle<TAB>rating` files, `puzzle,solution`
//!   CSV rows and `puzzle:count:solution` lines all read.
//! - **Grid** ([`Layout::Grid`]): nine lines of nine cells, such as `53..7....` or the
//!   output of [`to_grid`]. Within a grid line, `|`, `+`, `=`, spaces, tabs and box-drawing
//!   characters (U+2500 to U+257F) only separate cells, while `.`, `0`, `_`, `-` and `*` are
//!   blanks. Lines made only of such separators (like `------+-------+------`) are skipped, except
//!   that a line of exactly nine `-` (and perhaps `|` and spaces) is a row of blanks. A blank line
//!   may sit between bands (after the third or sixth row); anywhere else it ends the grid.
//! - **JSON** ([`Layout::JsonStrings`], [`Layout::JsonNumbers`]): an array of nine rows of nine
//!   cells, either one-character strings as in LeetCode 37 (`"1"`-`"9"`, blanks as `"."` or any
//!   other blank above, or `""`) or integers `0`-`9` with `0` for a blank (`null` is a blank too).
//!   It starts on a line whose first non-space character is `[` and may span several lines.
//!
//! Lines whose first non-space character is `#` are comments, and blank lines are skipped. A
//! trailing `\r` on a line is ignored, and so is a byte-order mark at the start of the input.
//!
//! # Example
//! ```
//! use sudokit::format::{self, Layout};
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let parsed = format::parse(text)?;
//! assert_eq!(parsed.layout, Layout::Line);
//! assert_eq!(parsed.grid.count_filled(), 30);
//!
//! // Every printed form reads back as the same grid.
//! let grid = parsed.grid;
//! assert_eq!(format::parse(&format::to_grid(&grid))?.grid, grid);
//! let json = format::to_json(&grid, Layout::JsonNumbers);
//! assert!(json.starts_with("[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],"));
//! assert_eq!(format::parse(&json)?, format::Parsed { grid, layout: Layout::JsonNumbers });
//!
//! // Errors say what is wrong and where.
//! let error = format::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7")
//!     .unwrap_err();
//! assert_eq!(error.to_string(), "line 1, column 81: expected 81 cells, found 80");
//! # Ok::<(), format::ParseError>(())
//! ```

mod grid;
mod json;
mod line;
mod pencilmarks;
mod print;
mod reader;
mod records;
mod reglib;
pub mod tool;
#[cfg(feature = "json")]
pub mod variant;

pub use pencilmarks::{PencilmarkError, PencilmarkGridError, PencilmarkGridErrorKind, Pencilmarks};
pub use print::{to_grid, to_json, to_line};
pub use reader::{Entry, ReadItem, Reader};
pub use records::{Record, Records, MAX_RECORD_BYTES};

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
///
/// New kinds may be added when new formats are, hence `non_exhaustive`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// An 81-character line holds the wrong number of cells.
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
    /// A grid or JSON board has the wrong number of rows.
    #[error("expected 9 rows, found {found}")]
    WrongRowCount {
        /// How many rows were found.
        found: usize,
    },
    /// A row of a grid or JSON board has the wrong number of cells.
    #[error("row {row} has {found} {}, expected 9", cells(*.found))]
    WrongRowLength {
        /// The row, 1-based.
        row: usize,
        /// How many cells it has.
        found: usize,
    },
    /// A JSON board holds a value that is not a digit or a blank.
    #[error("value {value} at row {row}, column {column} is not a digit or blank")]
    BadValue {
        /// The row, 1-based.
        row: usize,
        /// The column, 1-based.
        column: usize,
        /// The value as written in JSON (shortened if long).
        value: String,
    },
    /// Malformed JSON or a JSON value of the wrong shape.
    #[error("invalid JSON board: {reason}")]
    Json {
        /// What is wrong.
        reason: String,
    },
    /// A JSON board whose brackets are still open at the end of the input or at the next puzzle.
    #[error("JSON board is not closed: missing ']'")]
    UnclosedJson,
    /// The text of one puzzle is longer than [`MAX_RECORD_BYTES`].
    #[error("puzzle text is longer than {limit} bytes")]
    TooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// There is no puzzle at all.
    #[error("no puzzle found: the input is empty or holds only comments")]
    Empty,
    /// [`parse`] found a puzzle and then more text.
    #[error("unexpected text after the puzzle (expected one puzzle)")]
    TrailingText,
    /// A byte that is not UTF-8 (the column is the character it stands in place of).
    #[error("unexpected byte {byte:#04x} (not UTF-8)")]
    BadByte {
        /// The first byte of the bad sequence.
        byte: u8,
    },
    /// A line the reader was given cut short ([`Reader::push_cut_line`]) has more than 81
    /// cells: how many it has in the part kept, and the length of the whole line.
    #[error("expected 81 cells, found at least {found} in a line of {bytes} bytes")]
    ManyCells {
        /// How many cells were counted in the part kept.
        found: usize,
        /// The length of the whole line in bytes.
        bytes: usize,
    },
    /// A line of 81 cells behind leading spaces, which count as blank cells.
    #[error(
        "expected 81 cells, found {found}: the line starts with {spaces} {}, and a space is a \
         blank cell",
        if *.spaces == 1 { "space" } else { "spaces" }
    )]
    LeadingSpaces {
        /// How many cells were found, the spaces included.
        found: usize,
        /// How many spaces start the line.
        spaces: usize,
    },
    /// A pencilmark grid that could not be read.
    #[error("pencilmarks: {0}")]
    Pencilmarks(PencilmarkGridErrorKind),
    /// A 729-character candidate line that could not be read.
    #[error("pencilmarks: {0}")]
    CandidateLine(PencilmarkError),
    /// Pencilmarks where only a puzzle is accepted.
    #[error("expected a puzzle, found pencilmarks")]
    NotAPuzzle,
}

/// "cell" or "cells", for messages.
fn cells(count: usize) -> &'static str {
    if count == 1 {
        "cell"
    } else {
        "cells"
    }
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

impl ParseError {
    /// Shorthand used by every parser in this module.
    pub(crate) fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }
}

/// Parses one puzzle written in any supported layout.
///
/// The layout is detected from the first line that is not blank or a comment: `[` starts a JSON
/// board, a line of 81 cells is a line puzzle, and a line of 9 cells (or a separator line) starts
/// a grid. The text must hold exactly one puzzle; comments and blank lines around it are fine.
/// Line numbers in errors count from 1 at the start of `text`.
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    records::parse_at(text, 1)
}

/// Parses one puzzle or pencilmark state written in any supported form: what [`parse`]
/// reads, the 729-character candidate line and the pencilmark grid (see [`Reader`]).
///
/// ```
/// use sudokit::format::{self, Entry};
/// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// assert!(matches!(format::parse_entry(line)?, Entry::Puzzle(_)));
/// assert!(matches!(format::parse_entry(&"123456789".repeat(81))?, Entry::Pencilmarks(_)));
/// # Ok::<(), format::ParseError>(())
/// ```
pub fn parse_entry(text: &str) -> Result<Entry, ParseError> {
    reader::parse_entry(text)
}

/// The grid with these values in row-major order, 0 for a blank.
///
/// Every caller builds `values` from digits it has checked, so no value is above 9 and
/// [`Grid::from_values`] (one vectorised check) always succeeds; were the invariant broken, the
/// result would be the empty grid rather than a panic.
fn grid_from_values(values: &[u8; 81]) -> Grid {
    Grid::from_values(*values).unwrap_or_default()
}

/// The value of a cell character shared by every layout: `Some(1..=9)` for a digit, `Some(0)`
/// for a blank other than space, `None` otherwise. Space is handled by each layout, because it
/// is a blank in a line but a separator in a grid.
fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        '.' | '0' | '_' | '-' | '*' => Some(0),
        _ => None,
    }
}

// `Grid`'s text traits live here, with the formats they use, so that `board` stays below
// `format` (no module cycle).
impl std::fmt::Display for Grid {
    /// The 81-character line ([`format::to_line`](crate::format::to_line)), `.` for blanks; with
    /// `{:#}`, the nine-line grid of [`format::to_grid`](crate::format::to_grid). Both read back
    /// with [`str::parse`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if f.alternate() {
            f.write_str(&to_grid(self))
        } else {
            f.write_str(&to_line(self))
        }
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;

    /// Reads one puzzle in any layout [`format::parse`](crate::format::parse) reads (an
    /// 81-character line, a nine-line grid, a JSON board); the layout is dropped.
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        parse(text).map(|parsed| parsed.grid)
    }
}

#[cfg(test)]
mod properties;

#[cfg(test)]
mod tests {
    // Some tests read JSON boards (the `json` feature); without it their helpers go unused.
    #![cfg_attr(not(feature = "json"), allow(unused_imports, dead_code))]
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn error(text: &str) -> String {
        match parse(text) {
            Ok(parsed) => panic!("{text:?} should not parse, gave {parsed:?}"),
            Err(e) => e.to_string(),
        }
    }

    fn rows() -> Vec<&'static str> {
        PUZZLE
            .as_bytes()
            .chunks(9)
            .filter_map(|row| std::str::from_utf8(row).ok())
            .collect()
    }

    // Reads JSON boards, which need the `json` feature.

    #[cfg(feature = "json")]
    #[test]
    fn detects_each_layout() {
        let expected = parse(PUZZLE).expect("line").grid;
        let numbers = to_json(&expected, Layout::JsonNumbers);
        let strings = to_json(&expected, Layout::JsonStrings);
        let pretty = strings.replace("],[", "],\n  [").replace("[[", "[\n  [");
        for (text, layout) in [
            (PUZZLE.to_owned(), Layout::Line),
            (format!("# comment\n\n{PUZZLE}\r\n\n"), Layout::Line),
            (format!("{PUZZLE};{PUZZLE}"), Layout::Line),
            (rows().join("\n"), Layout::Grid),
            (rows().join("\r\n") + "\r\n", Layout::Grid),
            (to_grid(&expected), Layout::Grid),
            (format!("# LeetCode 37\n{numbers}\n"), Layout::JsonNumbers),
            (strings.clone(), Layout::JsonStrings),
            (pretty, Layout::JsonStrings),
        ] {
            let parsed = parse(&text);
            assert_eq!(
                parsed,
                Ok(Parsed {
                    grid: expected,
                    layout
                }),
                "{text:?}"
            );
        }
        // Leading spaces of a line are blanks, not indentation.
        let mut values = *expected.values();
        values[..2].fill(0);
        let indented = parse(&format!("  {}", &PUZZLE[2..])).map(|p| p.grid);
        assert_eq!(indented, Ok(grid_from_values(&values)));
    }

    // Reads JSON boards, which need the `json` feature.

    #[cfg(feature = "json")]
    #[test]
    fn reports_every_kind_of_error() {
        let grid = to_grid(&parse(PUZZLE).expect("line").grid);
        let numbers = "[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],[8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],[0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]";
        let cases = [
            ("line too short", PUZZLE[..80].to_owned()),
            ("line too long", format!("{PUZZLE}1")),
            (
                "line with a letter",
                format!("{}x{}", &PUZZLE[..40], &PUZZLE[41..]),
            ),
            ("line with glued text", format!("{PUZZLE}x")),
            ("grid of 8 rows", rows()[..8].join("\n")),
            (
                "grid of 10 rows",
                format!("{}\n{}", rows().join("\n"), rows()[0]),
            ),
            (
                "grid row too short",
                grid.replacen("6 . . | 1 9 5 | . . .", "6 . . | 1 9 5 | . .", 1),
            ),
            (
                "grid row too long",
                grid.replacen("6 . . | 1 9 5 | . . .", "6 . . | 1 9 5 | . . . 3", 1),
            ),
            (
                "grid row with a letter",
                grid.replacen("6 . . | 1 9 5", "6 . . | 1 g 5", 1),
            ),
            (
                "json of 8 rows",
                numbers.replacen("[5,3,0,0,7,0,0,0,0],", "", 1),
            ),
            (
                "json row too short",
                numbers.replacen("[0,9,8,0,", "[0,9,8,", 1),
            ),
            (
                "json value 12",
                numbers.replacen("[6,0,0,1,9", "[6,0,0,1,12", 1),
            ),
            ("json value \"x\"", numbers.replacen("[5,3", "[\"x\",3", 1)),
            ("json not an array", "[{\"board\": 1}]".to_owned()),
            ("json syntax", "[[5,3,,]]".to_owned()),
            ("json unclosed", format!("# header\n{}", &numbers[..100])),
            ("json glued text", format!("{numbers}x")),
            (
                "json too long",
                format!("[[{}]]", "\n".repeat(MAX_RECORD_BYTES)),
            ),
            ("empty", String::new()),
            ("only comments", "# nothing\n\n# here\n".to_owned()),
            ("two puzzles", format!("{PUZZLE}\n{PUZZLE}")),
            ("puzzle and garbage", format!("{PUZZLE}\n\n?")),
        ];
        let report: String = cases
            .iter()
            .map(|(name, text)| format!("{name}: {}\n", error(text)))
            .collect();
        insta::assert_snapshot!(report);
    }

    #[test]
    fn error_kinds_keep_their_fields() {
        assert_eq!(
            parse(&PUZZLE[..80]),
            Err(ParseError {
                line: 1,
                column: 81,
                kind: ParseErrorKind::WrongCellCount { found: 80 }
            })
        );
        assert_eq!(parse("").map_err(|e| e.kind), Err(ParseErrorKind::Empty));
        assert_eq!(
            error(&format!("\n\n{}-{}", &PUZZLE[..10], &PUZZLE[11..]).replace('-', "é")),
            "line 3, column 11: unexpected character 'é'"
        );
    }

    #[test]
    fn never_panics_on_odd_inputs() {
        for text in [
            "\u{feff}",
            "\r",
            "[",
            "]",
            "[]",
            "[[]]",
            "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]",
            "[\"",
            "[\"\\",
            "|",
            "-",
            "---------",
            "+",
            "\u{0}",
            "#",
            "1\n2\n3\n4\n5\n6\n7\n8\n9",
        ] {
            let _ = parse(text);
        }
        let deep = "[".repeat(100_000);
        assert!(parse(&deep).is_err());
    }
}
