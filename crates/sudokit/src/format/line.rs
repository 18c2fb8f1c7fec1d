//! The 81-character line: 81 cells in row-major order, then optionally a separator and fields
//! that are ignored.

use super::{cell_value, grid_from_values, Layout, ParseError, ParseErrorKind, Parsed};
use std::fmt;

/// The number of cells in a puzzle.
const CELLS: usize = 81;

/// Whether `ch` may end the 81 cells and start the ignored extra fields.
///
/// Space is a blank inside the 81 cells, so it only acts as a separator after them.
pub(super) fn is_field_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, ',' | ';' | ':')
}

/// The value of a cell character in a line, where a space is a blank too.
fn line_cell_value(ch: char) -> Option<u8> {
    if ch == ' ' {
        Some(0)
    } else {
        cell_value(ch)
    }
}

/// Parses one 81-character line (without its line break) found at line `line_no`.
///
/// Columns in errors count characters from 1.
pub(super) fn parse_line(line: &str, line_no: usize) -> Result<[u8; CELLS], ParseError> {
    match parse_plain_line(line.as_bytes()) {
        Some(values) => Ok(values),
        None => parse_line_chars(line, line_no),
    }
}

/// [`parse_line`] character by character, for every line: the reference the byte-speed path
/// must agree with, and the one that locates errors.
fn parse_line_chars(line: &str, line_no: usize) -> Result<[u8; CELLS], ParseError> {
    let error = |column: usize, kind| Err(ParseError::new(line_no, column, kind));
    let mut values = [0u8; CELLS];
    let mut chars = line.chars().enumerate();
    for (slot, (index, ch)) in values.iter_mut().zip(chars.by_ref()) {
        match line_cell_value(ch) {
            Some(value) => *slot = value,
            // The cells stop early: too few of them, unless the character itself is wrong, or
            // there is no cell before it (a leading tab is not "0 cells").
            None if is_field_separator(ch) && index > 0 => {
                return error(index + 1, ParseErrorKind::WrongCellCount { found: index })
            }
            None => return error(index + 1, ParseErrorKind::BadCharacter { found: ch }),
        }
    }
    match chars.next() {
        None => {
            let found = line.chars().count();
            if found < CELLS {
                error(found + 1, ParseErrorKind::WrongCellCount { found })
            } else {
                Ok(values)
            }
        }
        Some((_, ch)) if is_field_separator(ch) => Ok(values),
        Some((index, ch)) if cell_value(ch).is_some() => {
            // More cells than 81: count the whole run so the message says how many there are.
            let extra = 1 + chars.take_while(|&(_, c)| cell_value(c).is_some()).count();
            let found = CELLS + extra;
            // Leading spaces are blank cells; when they are what is too many, say so there.
            let spaces = line.chars().take_while(|&c| c == ' ').count();
            if spaces > 0 && found - spaces == CELLS {
                return error(1, ParseErrorKind::LeadingSpaces { found, spaces });
            }
            error(index + 1, ParseErrorKind::WrongCellCount { found })
        }
        Some((index, ch)) => error(index + 1, ParseErrorKind::BadCharacter { found: ch }),
    }
}

/// The common case at byte speed: 81 ASCII cell characters, then nothing or an ASCII field
/// separator. `None` sends every other line (errors included) to the character-by-character
/// parser, which gives the same values for these lines and locates errors.
#[inline]
fn parse_plain_line(bytes: &[u8]) -> Option<[u8; CELLS]> {
    let cells = plain_cells(bytes)?;
    // The same few operations on every byte, with no table and no early exit, so that the
    // compiler vectorises the loop (a batch of easy puzzles parses as many lines as it solves).
    let mut values = [0u8; CELLS];
    let mut good = true;
    for (value, &byte) in values.iter_mut().zip(cells) {
        // '0' is a blank, and gives 0 here too.
        let digit = byte.wrapping_sub(b'0');
        let is_digit = digit <= 9;
        let is_blank = matches!(byte, b'.' | b' ' | b'_' | b'-' | b'*');
        *value = if is_digit { digit } else { 0 };
        good &= is_digit | is_blank;
    }
    good.then_some(values)
}

/// The first 81 bytes of `bytes` when they are followed by nothing or by an ASCII field
/// separator (the byte-speed paths' shape of a line; which bytes may be cells is theirs to say).
#[inline]
fn plain_cells(bytes: &[u8]) -> Option<&[u8; CELLS]> {
    let cells: &[u8; CELLS] = bytes.get(..CELLS)?.try_into().ok()?;
    match bytes.get(CELLS) {
        None => Some(cells),
        Some(&next) if next.is_ascii_whitespace() || matches!(next, b',' | b';' | b':') => {
            Some(cells)
        }
        Some(_) => None,
    }
}

/// A puzzle line in the plainest spelling, checked but not yet turned into a grid: 81 cells
/// that are ASCII digits (`0` a blank) or `.`, then nothing, or an ASCII separator (whitespace,
/// `,`, `;`, `:`) and fields that are ignored. That is how nearly every large puzzle collection
/// is written.
///
/// It lets a reader that feeds [`Records`](super::Records) on one thread leave the conversion
/// to the threads that solve: see [`Records::push_plain_line`](super::Records::push_plain_line).
/// [`PlainLine::parsed`] gives exactly what the splitter or [`parse`](super::parse) gives for
/// the same line.
///
/// ```
/// use sudokit::format::{self, tool::PlainLine};
///
/// let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let plain = PlainLine::new(format!("{text},rated 2.3").as_bytes()).expect("plain");
/// assert_eq!(plain.parsed(), format::parse(text)?);
/// assert!(PlainLine::new(b"53..7").is_none());
/// // Other blanks and layouts are read by the splitter, not here.
/// assert!(PlainLine::new(text.replace('.', "_").as_bytes()).is_none());
/// # Ok::<(), format::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlainLine {
    cells: [u8; CELLS],
}

impl PlainLine {
    /// The line's cells if `line` (without its line break) is plain, `None` otherwise.
    #[inline]
    pub fn new(line: &[u8]) -> Option<PlainLine> {
        let cells = plain_cells(line)?;
        // No early exit, so that the compiler checks the bytes a vector at a time.
        let mut good = true;
        for &byte in cells {
            good &= byte.wrapping_sub(b'0') <= 9 || byte == b'.';
        }
        good.then_some(PlainLine { cells: *cells })
    }

    /// The puzzle, as [`parse`](super::parse) reads the line.
    pub fn parsed(&self) -> Parsed {
        let mut values = [0u8; CELLS];
        for (value, &byte) in values.iter_mut().zip(&self.cells) {
            let digit = byte.wrapping_sub(b'0');
            *value = if digit <= 9 { digit } else { 0 };
        }
        Parsed {
            grid: grid_from_values(&values),
            layout: Layout::Line,
        }
    }

    /// The 81 cells as written.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }
}

impl fmt::Debug for PlainLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every byte is ASCII, so each is one char.
        let text: String = self.cells.iter().map(|&byte| char::from(byte)).collect();
        f.debug_tuple("PlainLine").field(&text).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The byte-speed path reads exactly the lines the character path reads, the same way.
        #[test]
        fn the_fast_path_agrees_with_the_character_path(
            cells in prop::collection::vec(
                prop::sample::select(vec!['.', '0', '5', '9', ' ', '_', '-', '*', 'x', 'é']),
                75..88,
            ),
            tail in prop::sample::select(vec!["", "\t5.2", ",x", ";", ":", " rest", "\u{b}", "é", "1"]),
        ) {
            let line: String = cells.iter().collect::<String>() + tail;
            if let Some(fast) = parse_plain_line(line.as_bytes()) {
                prop_assert_eq!(parse_line_chars(&line, 1), Ok(fast));
            }
            prop_assert_eq!(parse_line(&line, 1), parse_line_chars(&line, 1));
        }
    }

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn err(text: &str) -> String {
        match parse_line(text, 7) {
            Ok(_) => panic!("{text:?} should not parse"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn reads_digits_and_every_blank() {
        let values = parse_line(PUZZLE, 1).expect("valid");
        assert_eq!(&values[..9], &[5, 3, 0, 0, 7, 0, 0, 0, 0]);
        assert_eq!(values[80], 9);
        for blank in ['.', '0', '_', '-', '*', ' '] {
            let text: String = PUZZLE
                .chars()
                .map(|c| if c == '.' { blank } else { c })
                .collect();
            assert_eq!(parse_line(&text, 1), Ok(values), "blank {blank:?}");
        }
    }

    #[test]
    fn ignores_fields_after_a_separator() {
        let values = parse_line(PUZZLE, 1).expect("valid");
        for suffix in [
            "\t7.2",
            ",534678912672195348198342567",
            ";x",
            " rating 5",
            ":3:abc",
            "\t",
        ] {
            let text = format!("{PUZZLE}{suffix}");
            assert_eq!(parse_line(&text, 1), Ok(values), "suffix {suffix:?}");
        }
    }

    #[test]
    fn counts_cells_when_there_are_too_few() {
        assert_eq!(
            err(&PUZZLE[..80]),
            "line 7, column 81: expected 81 cells, found 80"
        );
        assert_eq!(err(""), "line 7, column 1: expected 81 cells, found 0");
        assert_eq!(
            err(&format!("{}\t7.2", &PUZZLE[..79])),
            "line 7, column 80: expected 81 cells, found 79"
        );
    }

    #[test]
    fn counts_cells_when_there_are_too_many() {
        assert_eq!(
            err(&format!("{PUZZLE}5")),
            "line 7, column 82: expected 81 cells, found 82"
        );
        assert_eq!(
            err(&format!("{PUZZLE}{PUZZLE}")),
            "line 7, column 82: expected 81 cells, found 162"
        );
    }

    /// Issue 32, item 7: a leading tab said "found 0" and two leading spaces "found 83".
    #[test]
    fn leading_tab_and_leading_spaces_say_what_is_there() {
        assert_eq!(
            err(&format!("\t{PUZZLE}")),
            "line 7, column 1: unexpected character '\\t'"
        );
        assert_eq!(
            err(&format!("  {PUZZLE}")),
            "line 7, column 1: expected 81 cells, found 83: the line starts with 2 spaces, and \
             a space is a blank cell"
        );
        assert_eq!(
            err(&format!(" {PUZZLE}")),
            "line 7, column 1: expected 81 cells, found 82: the line starts with 1 space, and a \
             space is a blank cell"
        );
        // Spaces that are not the whole excess: the count, where the excess starts.
        assert_eq!(
            err(&format!(" {PUZZLE}12")),
            "line 7, column 82: expected 81 cells, found 84"
        );
        // A tab after some cells still ends them.
        assert_eq!(
            err(&format!("{}\t{}", &PUZZLE[..5], &PUZZLE[5..])),
            "line 7, column 6: expected 81 cells, found 5"
        );
    }

    #[test]
    fn names_a_bad_character_and_its_column() {
        let text = format!("{}x{}", &PUZZLE[..29], &PUZZLE[30..]);
        assert_eq!(err(&text), "line 7, column 30: unexpected character 'x'");
        assert_eq!(
            err(&format!("{PUZZLE}x")),
            "line 7, column 82: unexpected character 'x'"
        );
        // Columns count characters, not bytes.
        let text = format!("é{}", &PUZZLE[1..]);
        assert_eq!(err(&text), "line 7, column 1: unexpected character 'é'");
        let text = format!("{}\u{7}", &PUZZLE[..40]);
        assert_eq!(
            err(&text),
            "line 7, column 41: unexpected character '\\u{7}'"
        );
    }
}
