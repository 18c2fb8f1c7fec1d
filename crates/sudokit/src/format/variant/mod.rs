//! Variant and other-size puzzles as text: a line of N * N characters, numbers separated by
//! spaces or commas, our JSON document and f-puzzles (JSON, or its lz-string links, which
//! SudokuPad's `fpuzzles` links also carry).
//!
//! # Overview
//! - [`parse`] detects the layout ([`VariantLayout`]) and returns a checked [`Puzzle`]:
//!   - **Chars**: N * N characters on one line, `1`-`9` then `A` = 10 ... `P` = 25 (either
//!     case), `.` or `0` for a blank; N is the square root of the length (16 for 256,
//!     25 for 625), the boxes the most nearly square ones unless [`Options::shape`] says.
//!   - **Numbers**: N * N numbers separated by spaces, commas or newlines (`0` or `.` for a
//!     blank), for any size; printed 0-padded to two digits when N >= 10.
//!   - **Json**: our [`Document`] (size, boxes or regions, givens, rules), described by the JSON
//!     Schema in `docs/variant.schema.json`.
//!   - **FPuzzles**: an f-puzzles JSON object (`"size"` and `"grid"`), or an f-puzzles or
//!     SudokuPad link whose data is f-puzzles JSON in lz-string's base64 form
//!     (`https://f-puzzles.com/?load=N4Ig...`, `https://sudokupad.app/fpuzzlesN4Ig...`).
//!   - **SudokuPad**: SudokuPad's own links (`https://sudokupad.app/scl...`, `ctc...`,
//!     `?puzzle=scl...`) or its puzzle JSON (`"cells"` and `"regions"`): the drawings whose
//!     meaning is fixed become rules, anything else is refused by name (see `sudokupad.rs`).
//!     Short ids (`sudokupad.app/abc123`) live on SudokuPad's server and are refused with a
//!     message that says so, since this library never reads the network.
//! - [`to_text`] prints a grid in a layout; a JSON or f-puzzles puzzle prints as its
//!   [`Document`] with the grid as givens; [`fpuzzles_with_grid`] writes a solution back into
//!   the f-puzzles JSON or link it was read from.
//!
//! ```
//! use sudokit::format::variant::{self, Options, VariantLayout};
//! let parsed = variant::parse("1.....2...3.4...", &Options::default())?;
//! assert_eq!((parsed.puzzle.size(), parsed.layout), (4, VariantLayout::Chars));
//! let json = r#"{"size": 4, "givens": "1.....2...3.4...", "rules": [{"type": "diagonal"}]}"#;
//! let parsed = variant::parse(json, &Options::default())?;
//! assert_eq!(parsed.puzzle.rules()[0].name(), "diagonal");
//! # Ok::<(), variant::VariantParseError>(())
//! ```

mod document;
mod fpuzzles;
mod fpuzzles_out;
mod sudokupad;
mod sudokupad_out;
mod zipped;

pub use document::{Document, Givens};
pub use fpuzzles_out::fpuzzles_with_grid;
pub use sudokupad_out::sudokupad_with_grid;

use crate::variant::{Puzzle, Rule, Shape, VariantError};

/// The layout a variant puzzle was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VariantLayout {
    /// One line of N * N characters.
    Chars,
    /// N * N numbers separated by spaces or commas.
    Numbers,
    /// Our JSON [`Document`].
    Json,
    /// f-puzzles JSON or a link to it.
    FPuzzles,
    /// SudokuPad's own format (an `scl` link or its puzzle JSON).
    SudokuPad,
}

/// A parsed puzzle and its layout.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantParsed {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// How it was written.
    pub layout: VariantLayout,
}

/// What the text alone does not say for the plain layouts (Chars, Numbers): the shape (its
/// size must match the text's) and the rules. JSON and f-puzzles carry their own; these
/// rules are added to theirs.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The shape, or `None` for the usual boxes of the text's size.
    pub shape: Option<Shape>,
    /// Rules to add.
    pub rules: Vec<Rule>,
}

/// The longest text [`parse`] reads (links expand, so they are held to a tenth of it).
pub const MAX_TEXT: usize = 1 << 20;

/// What is wrong with a variant puzzle's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantParseError {
    /// The text is longer than [`MAX_TEXT`] (links: a tenth of it).
    #[error("the text is too long ({0} bytes)")]
    TooLong(usize),
    /// The number of cells is not a square of 1 to 25.
    #[error("{0} cells is not N * N for a size N of 1 to 25")]
    Length(usize),
    /// A character that is not a digit of the size or a blank.
    #[error("cell {index}: {found:?} is not a digit of a {size}x{size} grid or a blank")]
    Cell {
        /// The 1-based cell.
        index: usize,
        /// What was there.
        found: String,
        /// The size.
        size: usize,
    },
    /// The shape given in the options does not fit the text's size.
    #[error("the text has size {found}, the options say {expected}")]
    Size {
        /// The options' size.
        expected: usize,
        /// The text's size.
        found: usize,
    },
    /// Our JSON document is malformed.
    #[error("JSON document: {0}")]
    Json(String),
    /// The f-puzzles JSON is malformed or uses a constraint this engine does not know.
    #[error("f-puzzles: {0}")]
    FPuzzles(String),
    /// A SudokuPad link or puzzle is malformed, uses a feature this engine does not read, or
    /// is a short id (which needs SudokuPad's server).
    #[error("SudokuPad: {0}")]
    SudokuPad(String),
    /// The puzzle does not fit its rules.
    #[error(transparent)]
    Puzzle(#[from] VariantError),
}

/// Reads one variant puzzle in any layout (see the module docs).
pub fn parse(text: &str, options: &Options) -> Result<VariantParsed, VariantParseError> {
    if text.len() > MAX_TEXT {
        return Err(VariantParseError::TooLong(text.len()));
    }
    let text = text.trim().trim_start_matches('\u{feff}');
    if text.starts_with('{') {
        return json(text, options);
    }
    if let Some(link) = sudokupad::link(text) {
        let data = match link {
            sudokupad::Link::ShortId(id) => return Err(sudokupad::short_id(id)),
            sudokupad::Link::Data(data) => data,
        };
        if data.len() > MAX_TEXT / 10 {
            return Err(VariantParseError::TooLong(text.len()));
        }
        let value = sudokupad::decompress(data)?;
        let puzzle = sudokupad::read(&value, &options.rules)?;
        return Ok(VariantParsed {
            puzzle,
            layout: VariantLayout::SudokuPad,
        });
    }
    if let Some(data) = fpuzzles::link_data(text) {
        if data.len() > MAX_TEXT / 10 {
            return Err(VariantParseError::TooLong(text.len()));
        }
        let json = fpuzzles::decompress(data)?;
        let puzzle = fpuzzles::read(&json, &options.rules)?;
        return Ok(VariantParsed {
            puzzle,
            layout: VariantLayout::FPuzzles,
        });
    }
    let numbers = text.contains([',', ' ', '\t', '\n']);
    let values = if numbers {
        numbers_of(text)?
    } else {
        chars_of(text)?
    };
    let n = size_of(values.len())?;
    if let Some((index, &v)) = values.iter().enumerate().find(|(_, &v)| usize::from(v) > n) {
        // A character is named as written (`G`, not 16).
        let found = match numbers {
            true => v.to_string(),
            false => text
                .chars()
                .nth(index)
                .map(String::from)
                .unwrap_or_default(),
        };
        return Err(VariantParseError::Cell {
            index: index + 1,
            found,
            size: n,
        });
    }
    let shape = match &options.shape {
        Some(shape) if shape.size() != n => {
            return Err(VariantParseError::Size {
                expected: shape.size(),
                found: n,
            })
        }
        Some(shape) => shape.clone(),
        None => Shape::square(n)?,
    };
    let puzzle = Puzzle::new(shape, values, options.rules.clone())?;
    let layout = if numbers {
        VariantLayout::Numbers
    } else {
        VariantLayout::Chars
    };
    Ok(VariantParsed { puzzle, layout })
}

fn json(text: &str, options: &Options) -> Result<VariantParsed, VariantParseError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| VariantParseError::Json(e.to_string()))?;
    if value.get("cells").is_some() && value.get("givens").is_none() {
        let puzzle = sudokupad::read(&value, &options.rules)?;
        return Ok(VariantParsed {
            puzzle,
            layout: VariantLayout::SudokuPad,
        });
    }
    if value.get("grid").is_some() {
        let puzzle = fpuzzles::read(text, &options.rules)?;
        return Ok(VariantParsed {
            puzzle,
            layout: VariantLayout::FPuzzles,
        });
    }
    let document: Document =
        serde_json::from_value(value).map_err(|e| VariantParseError::Json(e.to_string()))?;
    if let Givens::Line(line) = &document.givens {
        // Name a bad character as written, with its cell (the document's reader would only
        // see a value above the size).
        let size = document.size;
        let bad = line
            .chars()
            .enumerate()
            .find(|&(_, c)| char_value(c).is_none_or(|v| usize::from(v) > size));
        if let Some((index, c)) = bad {
            return Err(VariantParseError::Json(format!(
                "givens: cell {} (r{}c{}): {c:?} is not a digit of a {size}x{size} grid or a blank",
                index + 1,
                index / size.max(1) + 1,
                index % size.max(1) + 1
            )));
        }
    }
    let mut puzzle = document.to_puzzle()?;
    if !options.rules.is_empty() {
        let mut rules = puzzle.rules().to_vec();
        rules.extend(options.rules.iter().cloned());
        puzzle = Puzzle::new(puzzle.shape().clone(), puzzle.givens().to_vec(), rules)?;
    }
    Ok(VariantParsed {
        puzzle,
        layout: VariantLayout::Json,
    })
}

/// The size whose square is `cells`.
fn size_of(cells: usize) -> Result<usize, VariantParseError> {
    (1..=crate::variant::MAX_SIZE)
        .find(|n| n * n == cells)
        .ok_or(VariantParseError::Length(cells))
}

/// The value of a cell character: `1`-`9`, then letters from 10; 0 for a blank.
pub(crate) fn char_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' | '_' | '-' | '*' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='Z' => Some(c as u8 - b'A' + 10),
        'a'..='z' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

fn chars_of(text: &str) -> Result<Vec<u8>, VariantParseError> {
    let count = text.chars().count();
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            char_value(c).ok_or_else(|| VariantParseError::Cell {
                index: i + 1,
                found: c.to_string(),
                size: size_of(count).unwrap_or(0),
            })
        })
        .collect()
}

fn numbers_of(text: &str) -> Result<Vec<u8>, VariantParseError> {
    let tokens: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    let size = size_of(tokens.len()).unwrap_or(0);
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| match *t {
            "." | "_" | "-" => Ok(0),
            t => t
                .parse::<u8>()
                .ok()
                .filter(|&v| usize::from(v) <= crate::variant::MAX_SIZE)
                .ok_or_else(|| VariantParseError::Cell {
                    index: i + 1,
                    found: t.chars().take(8).collect(),
                    size,
                }),
        })
        .collect()
}

/// Prints `grid` (a solution or a puzzle: N * N values, 0 for a blank) of `puzzle` in
/// `layout`: Chars as one line, Numbers as N lines (0-padded when N >= 10), Json, FPuzzles
/// and SudokuPad as our [`Document`] with `grid` as its givens.
pub fn to_text(puzzle: &Puzzle, grid: &[u8], layout: VariantLayout) -> String {
    let n = puzzle.size();
    match layout {
        VariantLayout::Chars => grid.iter().map(|&v| cell_char(v)).collect(),
        VariantLayout::Numbers => grid
            .chunks(n.max(1))
            .map(|row| {
                row.iter()
                    .map(|v| {
                        if n >= 10 {
                            format!("{v:02}")
                        } else {
                            v.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n"),
        VariantLayout::Json | VariantLayout::FPuzzles | VariantLayout::SudokuPad => {
            let document = Document::from_puzzle(puzzle, grid);
            serde_json::to_string(&document).unwrap_or_default()
        }
    }
}

/// The character of a value: `.` for 0, `1`-`9`, then `A` = 10.
pub fn cell_char(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => char::from(b'0' + v),
        _ => char::from(b'A' + v.saturating_sub(10).min(25)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_by_sixteen_line_reads_with_letters() {
        let mut line = String::from("123456789ABCDEFG");
        line.push_str(&".".repeat(240));
        let parsed = parse(&line, &Options::default()).expect("parses");
        assert_eq!(parsed.puzzle.size(), 16);
        assert_eq!(parsed.puzzle.givens()[15], 16);
        assert_eq!(parsed.puzzle.shape().box_dims(), Some((4, 4)));
        assert_eq!(
            to_text(&parsed.puzzle, parsed.puzzle.givens(), VariantLayout::Chars),
            line
        );
    }

    #[test]
    fn numbers_read_for_twelve_by_twelve() {
        let mut cells = vec!["0"; 144];
        cells[0] = "12";
        cells[143] = "07";
        let text = cells.join(",");
        let parsed = parse(&text, &Options::default()).expect("parses");
        assert_eq!(
            (parsed.puzzle.size(), parsed.layout),
            (12, VariantLayout::Numbers)
        );
        assert_eq!(parsed.puzzle.shape().box_dims(), Some((3, 4)));
        assert_eq!(parsed.puzzle.givens()[143], 7);
        let printed = to_text(
            &parsed.puzzle,
            parsed.puzzle.givens(),
            VariantLayout::Numbers,
        );
        assert!(printed.starts_with("12 00 00"));
        assert_eq!(
            parse(&printed, &Options::default()).expect("reads back"),
            parsed
        );
    }

    #[test]
    fn bad_lengths_and_digits_are_errors() {
        assert_eq!(
            parse("123", &Options::default()),
            Err(VariantParseError::Length(3))
        );
        let err = parse("5...............", &Options::default()).expect_err("5 in a 4x4");
        assert!(
            matches!(err, VariantParseError::Cell { index: 1, .. }),
            "{err}"
        );
        let err = parse("G...............", &Options::default()).expect_err("G in a 4x4");
        assert_eq!(
            err.to_string(),
            "cell 1: \"G\" is not a digit of a 4x4 grid or a blank"
        );
        let json = r#"{"size": 4, "givens": "..x............."}"#;
        let err = parse(json, &Options::default()).expect_err("x in a 4x4");
        assert!(err.to_string().contains("cell 3 (r1c3): 'x'"), "{err}");
        let err = parse("1 2 3 x", &Options::default()).expect_err("x");
        assert!(
            matches!(err, VariantParseError::Cell { index: 4, .. }),
            "{err}"
        );
    }

    #[test]
    fn options_give_the_boxes_and_rules() {
        let options = Options {
            shape: Some(Shape::boxes(3, 2).expect("shape")),
            rules: vec![Rule::from_name("diagonal").expect("rule")],
        };
        let parsed = parse(&".".repeat(36), &options).expect("parses");
        assert_eq!(parsed.puzzle.shape().box_dims(), Some((3, 2)));
        assert_eq!(parsed.puzzle.rules().len(), 1);
        let err = parse(&".".repeat(16), &options).expect_err("4x4 is not 6x6");
        assert_eq!(
            err,
            VariantParseError::Size {
                expected: 6,
                found: 4
            }
        );
    }
}
