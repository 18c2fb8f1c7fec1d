//! The pencilmark grid: a [`CandidateGrid`] written as nine rows of nine cells, each cell its
//! candidate digits as one token (`1257`), as HoDoKu, Simple Sudoku and Sudoku Explainer users
//! copy it, and as this crate prints it ([`CandidateGrid`]'s `Display`).
//!
//! ```text
//! .----------------.----------------.----------------.
//! | 6    17   3    | 5    179  2    | 8    4    19   |
//! ...
//! :----------------+----------------+----------------:
//! ...
//! '----------------'----------------'----------------'
//! ```
//!
//! # Reading
//! - A **row** line holds nine cell tokens separated by whitespace and perhaps `|`, `!` or a
//!   box-drawing vertical (U+2500 to U+257F). A token is the cell's candidates as distinct digits
//!   `1`-`9`; a single digit is a **placed** cell (a given, a placed digit and a naked single
//!   read alike, as in the 729-character form, and the digit leaves its peers' candidates).
//!   The token `0` stands for a cell without candidates: an error that names the cell.
//! - A **frame** line is made only of `-`, `=`, `+`, `.`, `:`, `'`, `*`, `|`, spaces and
//!   box-drawing characters, with at least one `-`, `=` or box-drawing character, such as
//!   `.---+---.`, `:----+----:`, `*-----*` or `|------+------|`; frames are skipped.
//! - Blank lines and `#` comments are skipped. Errors are [`PencilmarkGridError`]s with the
//!   1-based line and column, like the puzzle formats' [`ParseError`](crate::format::ParseError).
//!
//! [`classify_line`] tells a stream reader which lines may belong to such a grid, so it can
//! collect one out of a stream of other puzzle formats.

use super::CandidateGrid;
use crate::board::{Candidates, Cell, Digit};
use std::fmt;

/// Where and why a pencilmark grid could not be read: 1-based line and column (in characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct PencilmarkGridError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PencilmarkGridErrorKind,
}

/// What is wrong with a pencilmark grid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PencilmarkGridErrorKind {
    /// Not nine rows.
    #[error("expected 9 rows of candidates, found {found}")]
    WrongRowCount {
        /// How many rows there were (when more than nine: the tenth is where it stopped).
        found: usize,
    },
    /// A row without nine cells.
    #[error("row {row} has {found} cells, expected 9")]
    WrongRowLength {
        /// The row, 1-based.
        row: usize,
        /// How many cell tokens it has.
        found: usize,
    },
    /// A character that is neither a digit nor a separator.
    #[error("unexpected character {found:?} in a cell")]
    BadCharacter {
        /// The character.
        found: char,
    },
    /// A cell lists one digit twice.
    #[error("{cell} lists {digit} twice")]
    RepeatedDigit {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
    /// A cell written `0`: no candidate left.
    #[error("{cell} has no candidate")]
    NoCandidate {
        /// The cell.
        cell: Cell,
    },
}

/// What one line can be in a pencilmark grid (see [`classify_line`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PencilmarkLine {
    /// Empty, only whitespace, or a `#` comment.
    Blank,
    /// A frame or separator line, such as `:-----+-----:`.
    Frame,
    /// Tokens of distinct digits `1`-`9` between separators: a row if there are nine.
    Row {
        /// How many tokens.
        cells: usize,
        /// Whether some token has two or more digits (a candidate set, not a placed digit).
        has_set: bool,
    },
    /// Anything else (an 81-character puzzle, a grid row with blanks, text...).
    Other,
}

/// Characters that only separate cells in a row line.
fn is_cell_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '!') || is_box_drawing(ch)
}

fn is_box_drawing(ch: char) -> bool {
    ('\u{2500}'..='\u{257F}').contains(&ch)
}

/// Whether `line` is a frame line (see the module docs).
fn is_frame(line: &str) -> bool {
    let mut rule = false;
    for ch in line.chars() {
        match ch {
            '-' | '=' => rule = true,
            c if is_box_drawing(c) => rule = true,
            '+' | '.' | ':' | '\'' | '*' | '|' => {}
            c if c.is_whitespace() => {}
            _ => return false,
        }
    }
    rule
}

/// The tokens of a row line with their 1-based columns; `None` if a character is neither a
/// digit `1`-`9` nor a separator (the first such character and its column in `Err`).
fn tokens(line: &str) -> Result<Vec<(usize, String)>, (usize, char)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, ch) in line.chars().enumerate() {
        if is_cell_separator(ch) {
            out.extend(current.take());
        } else if ch.is_ascii_digit() {
            current
                .get_or_insert_with(|| (i + 1, String::new()))
                .1
                .push(ch);
        } else {
            return Err((i + 1, ch));
        }
    }
    out.extend(current);
    Ok(out)
}

/// The digit set of a token and the first repeated digit, if any.
fn digit_set(token: &str) -> (Candidates, Option<Digit>) {
    let mut set = Candidates::NONE;
    let mut repeated = None;
    for digit in token
        .bytes()
        .filter_map(|b| Digit::new(b.wrapping_sub(b'0')))
    {
        if set.contains(digit) && repeated.is_none() {
            repeated = Some(digit);
        }
        set.insert(digit);
    }
    (set, repeated)
}

/// What `line` can be in a pencilmark grid. A stream reader collects a grid from the lines
/// that are [`PencilmarkLine::Frame`] or rows of nine cells, and knows it holds pencilmarks
/// (not a puzzle grid written with spaces) once a row [`has_set`](PencilmarkLine::Row).
///
/// ```
/// use sudoku::logic::{classify_line, PencilmarkLine};
/// assert_eq!(classify_line(":----+----:"), PencilmarkLine::Frame);
/// assert_eq!(
///     classify_line("| 6 17 3 | 5 179 2 | 8 4 19 |"),
///     PencilmarkLine::Row { cells: 9, has_set: true }
/// );
/// assert_eq!(classify_line("5 3 . | . 7 . | . . ."), PencilmarkLine::Other);
/// // A full row of a solution grid is one token, not nine cells.
/// assert_eq!(classify_line("534678912"), PencilmarkLine::Row { cells: 1, has_set: true });
/// // 81 digits repeat some: not a candidate set.
/// assert_eq!(classify_line(&"123456789".repeat(9)), PencilmarkLine::Other);
/// ```
pub fn classify_line(line: &str) -> PencilmarkLine {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return PencilmarkLine::Blank;
    }
    if is_frame(trimmed) {
        return PencilmarkLine::Frame;
    }
    let Ok(tokens) = tokens(trimmed) else {
        return PencilmarkLine::Other;
    };
    let mut has_set = false;
    for (_, token) in &tokens {
        let (set, repeated) = digit_set(token);
        // A `0` in a token, or a repeat: not a candidate set.
        if repeated.is_some() || set.len() as usize != token.len() {
            return PencilmarkLine::Other;
        }
        has_set |= token.len() > 1;
    }
    PencilmarkLine::Row {
        cells: tokens.len(),
        has_set,
    }
}

impl CandidateGrid {
    /// Reads a pencilmark grid (see the [module docs](self::PencilmarkLine) and
    /// [`CandidateGrid`]'s `Display`); line numbers in errors count from 1.
    ///
    /// ```
    /// use sudoku::logic::CandidateGrid;
    /// use sudoku::{format, Cell};
    /// let puzzle = format::parse(
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    /// )?.grid;
    /// let grid = CandidateGrid::from_grid(&puzzle);
    /// let text = grid.to_string();
    /// assert!(text.starts_with(".-----"));
    /// let first_row: Vec<&str> = text.lines().nth(1).unwrap_or("").split_whitespace().collect();
    /// assert_eq!(first_row[..4], ["|", "1269", "249", "5"]);
    /// assert_eq!(CandidateGrid::from_pencilmark_grid(&text).as_ref(), Ok(&grid));
    ///
    /// let err = CandidateGrid::from_pencilmark_grid("| 12 3 |").unwrap_err();
    /// assert_eq!(err.to_string(), "line 1, column 9: row 1 has 2 cells, expected 9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pencilmark_grid(text: &str) -> Result<CandidateGrid, PencilmarkGridError> {
        CandidateGrid::from_pencilmark_grid_at(text, 1)
    }

    /// Like [`from_pencilmark_grid`](CandidateGrid::from_pencilmark_grid), for a grid that
    /// starts on line `first_line` of a larger input (so that errors point into that input).
    pub fn from_pencilmark_grid_at(
        text: &str,
        first_line: usize,
    ) -> Result<CandidateGrid, PencilmarkGridError> {
        let error = |line: usize, column: usize, kind| PencilmarkGridError { line, column, kind };
        let mut sets: Vec<Candidates> = Vec::with_capacity(81);
        let mut rows = 0;
        let mut last_line = first_line;
        for (i, raw) in text.lines().enumerate() {
            let line = first_line + i;
            last_line = line;
            let trimmed = raw.trim_end_matches('\r');
            if trimmed.trim().is_empty() || trimmed.trim_start().starts_with('#') {
                continue;
            }
            if is_frame(trimmed) {
                continue;
            }
            let tokens = tokens(trimmed).map_err(|(column, found)| {
                error(
                    line,
                    column,
                    PencilmarkGridErrorKind::BadCharacter { found },
                )
            })?;
            if rows == 9 {
                let found = rows + 1;
                return Err(error(
                    line,
                    1,
                    PencilmarkGridErrorKind::WrongRowCount { found },
                ));
            }
            if tokens.len() != 9 {
                // Point at the tenth cell, or just past the end of a short row.
                let column = tokens
                    .get(9)
                    .map_or(trimmed.chars().count() + 1, |&(c, _)| c);
                return Err(error(
                    line,
                    column,
                    PencilmarkGridErrorKind::WrongRowLength {
                        row: rows + 1,
                        found: tokens.len(),
                    },
                ));
            }
            for (cell, (column, token)) in Cell::all().skip(rows * 9).zip(&tokens) {
                let (set, repeated) = digit_set(token);
                if let Some(digit) = repeated {
                    return Err(error(
                        line,
                        *column,
                        PencilmarkGridErrorKind::RepeatedDigit { cell, digit },
                    ));
                }
                if let Some(offset) = token.find('0') {
                    let kind = if token.len() == 1 {
                        PencilmarkGridErrorKind::NoCandidate { cell }
                    } else {
                        PencilmarkGridErrorKind::BadCharacter { found: '0' }
                    };
                    return Err(error(line, column + offset, kind));
                }
                sets.push(set);
            }
            rows += 1;
        }
        if rows != 9 {
            return Err(error(
                last_line,
                1,
                PencilmarkGridErrorKind::WrongRowCount { found: rows },
            ));
        }
        // As in the 729-character form: a single digit is placed (after every cell's
        // candidates are set, so that placing clears it from its peers).
        let mut state = CandidateGrid::new();
        let mut placed = Vec::new();
        for (cell, &set) in Cell::all().zip(&sets) {
            match set.single_digit() {
                Some(digit) => placed.push((cell, digit)),
                None => {
                    for digit in Candidates::ALL.difference(set).iter() {
                        state.eliminate(cell, digit);
                    }
                }
            }
        }
        for (cell, digit) in placed {
            state.place(cell, digit);
        }
        Ok(state)
    }

    /// The pencilmark grid, framed like HoDoKu's (the same text as `Display`).
    pub fn to_pencilmark_grid(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for CandidateGrid {
    /// The pencilmark grid: nine rows of nine tokens, a placed digit as itself and an empty
    /// cell as its candidates (`0` if it has none), columns aligned, boxes framed as HoDoKu
    /// frames them. [`CandidateGrid::from_pencilmark_grid`] reads it back (an empty cell with
    /// one candidate then reads as placed).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = |cell: Cell| match self.value(cell) {
            Some(digit) => digit.to_string(),
            None if self.candidates(cell).is_empty() => "0".to_string(),
            None => self.candidates(cell).to_string(),
        };
        let tokens: Vec<String> = Cell::all().map(token).collect();
        let mut widths = [1usize; 9];
        for (i, t) in tokens.iter().enumerate() {
            widths[i % 9] = widths[i % 9].max(t.len());
        }
        // Each stack: a space, three cells two spaces apart, a space.
        let stack = |s: usize| widths[s * 3..s * 3 + 3].iter().sum::<usize>() + 6;
        let rule = |ends: (char, char), join: char, f: &mut fmt::Formatter<'_>| {
            let mut line = String::new();
            line.push(ends.0);
            for s in 0..3 {
                line.push_str(&"-".repeat(stack(s)));
                line.push(if s == 2 { ends.1 } else { join });
            }
            writeln!(f, "{line}")
        };
        rule(('.', '.'), '.', f)?;
        for row in 0..9 {
            if row == 3 || row == 6 {
                rule((':', ':'), '+', f)?;
            }
            let mut line = String::from("|");
            for s in 0..3 {
                line.push(' ');
                for c in s * 3..s * 3 + 3 {
                    let t = &tokens[row * 9 + c];
                    line.push_str(t);
                    let pad = widths[c] - t.len() + if c % 3 == 2 { 1 } else { 2 };
                    line.push_str(&" ".repeat(pad));
                }
                line.push('|');
            }
            writeln!(f, "{line}")?;
        }
        rule(('\'', '\''), '\'', f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{cell, digit, keep, puzzle};
    use proptest::prelude::*;

    /// The first puzzle of top1465 as HoDoKu prints its pencilmarks ("PM grid").
    const HODOKU: &str = "\
.-------------------------.-------------------------.-------------------------.
| 4       12569   1256789 | 5789    3       15789   | 259     2567    25679   |
| 1237    12359   12579   | 6       12479   14579   | 8       2357    234579  |
| 23678   23569   256789  | 45789   24789   45789   | 23459   23567   1       |
:-------------------------+-------------------------+-------------------------:
| 1236    12346   1246    | 3478    5       134678  | 1234    9       23478   |
| 123     8       12459   | 3479    1479    13479   | 6       12357   23457   |
| 136     7       14569   | 2       14689   134689  | 1345    1358    3458    |
:-------------------------+-------------------------+-------------------------:
| 68      46      468     | 1       4689    2       | 7       3568    35689   |
| 5       126     3       | 789     6789    6789    | 129     4       2689    |
| 9       1246    124678  | 34578   4678    345678  | 1235    123568  23568   |
'-------------------------'-------------------------'-------------------------'
";

    /// The same position framed as Simple Sudoku and Sudoku Explainer users paste it: `*`
    /// corners and `|---+---|` rules.
    const STARRED: &str = "\
*--------------------------------------------------------------------------------------*
| 4        12569    1256789  | 5789     3        15789    | 259      2567     25679    |
| 1237     12359    12579    | 6        12479    14579    | 8        2357     234579   |
| 23678    23569    256789   | 45789    24789    45789    | 23459    23567    1        |
|----------------------------+----------------------------+----------------------------|
| 1236     12346    1246     | 3478     5        134678   | 1234     9        23478    |
| 123      8        12459    | 3479     1479     13479    | 6        12357    23457    |
| 136      7        14569    | 2        14689    134689   | 1345     1358     3458     |
|----------------------------+----------------------------+----------------------------|
| 68       46       468      | 1        4689     2        | 7        3568     35689    |
| 5        126      3        | 789      6789     6789     | 129      4        2689     |
| 9        1246     124678   | 34578    4678     345678   | 1235     123568   23568    |
*--------------------------------------------------------------------------------------*
";

    const TOP1465_1: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn hodoku_and_explainer_frames_read_alike() {
        let a = CandidateGrid::from_pencilmark_grid(HODOKU).expect("HoDoKu grid");
        let b = CandidateGrid::from_pencilmark_grid(STARRED).expect("starred grid");
        assert_eq!(a, b);
        assert_eq!(a, puzzle(TOP1465_1));
        assert_eq!(a.value(cell("r1c1")), Some(digit(4)));
        assert_eq!(a.candidates(cell("r9c3")).to_string(), "124678");
        assert_eq!(a.candidates(cell("r1c4")).to_string(), "5789");
        // Without any frame or separator, just the tokens.
        let bare: String = HODOKU
            .lines()
            .filter(|l| !is_frame(l))
            .map(|l| format!("{}\n", l.replace('|', " ")))
            .collect();
        assert_eq!(CandidateGrid::from_pencilmark_grid(&bare), Ok(a.clone()));
        // Our own print reads back, and prints the same again.
        let printed = a.to_string();
        assert_eq!(CandidateGrid::from_pencilmark_grid(&printed), Ok(a.clone()));
        assert_eq!(
            CandidateGrid::from_pencilmark_grid(&printed).map(|g| g.to_string()),
            Ok(printed)
        );
    }

    #[test]
    fn the_printed_grid_is_framed_and_aligned() {
        let mut grid = puzzle(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        keep(&mut grid, "r1c3", "12");
        insta::assert_snapshot!("pencilmark_grid", grid.to_string());
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let err = |text: &str| {
            CandidateGrid::from_pencilmark_grid(text)
                .expect_err("bad grid")
                .to_string()
        };
        let rows: Vec<&str> = HODOKU.lines().collect();
        // A short row (line 3 of the text, row 2), and a long one.
        let mut text = rows.clone();
        text[2] = "| 1237 12359 12579 | 6 12479 14579 | 8 2357 |";
        assert_eq!(
            err(&text.join("\n")),
            "line 3, column 46: row 2 has 8 cells, expected 9"
        );
        text[2] = "| 1237 12359 12579 | 6 12479 14579 | 8 2357 234579 9 |";
        assert_eq!(
            err(&text.join("\n")),
            "line 3, column 52: row 2 has 10 cells, expected 9"
        );
        let mut text = rows.clone();
        text[1] = "| 4 12x69 1256789 | 5789 3 15789 | 259 2567 25679 |";
        assert_eq!(
            err(&text.join("\n")),
            "line 2, column 7: unexpected character 'x' in a cell"
        );
        text[1] = "| 4 12569 1256189 | 5789 3 15789 | 259 2567 25679 |";
        assert_eq!(
            err(&text.join("\n")),
            "line 2, column 11: r1c3 lists 1 twice"
        );
        text[1] = "| 4 12569 0 | 5789 3 15789 | 259 2567 25679 |";
        assert_eq!(
            err(&text.join("\n")),
            "line 2, column 11: r1c3 has no candidate"
        );
        // Rows missing, or one too many.
        assert_eq!(
            err(&rows[..6].join("\n")),
            "line 6, column 1: expected 9 rows of candidates, found 4"
        );
        let mut text = rows.clone();
        text.insert(5, rows[1]);
        assert_eq!(
            err(&text.join("\n")),
            "line 13, column 1: expected 9 rows of candidates, found 10"
        );
        // Errors count lines from where the grid starts in a larger input.
        let e = CandidateGrid::from_pencilmark_grid_at("| 12 3 |", 40).expect_err("short");
        assert_eq!((e.line, e.column), (40, 9));
    }

    #[test]
    fn lines_are_classified_for_stream_readers() {
        assert_eq!(classify_line(""), PencilmarkLine::Blank);
        assert_eq!(classify_line("  # note"), PencilmarkLine::Blank);
        for frame in [
            ".----------------.----------------.",
            ":-------+-------:",
            "'------'------'",
            "*-----------*",
            "|------+------|",
            "------+-------+------",
            "╔══════╗",
        ] {
            assert_eq!(classify_line(frame), PencilmarkLine::Frame, "{frame}");
        }
        // Nine dots are a row of blanks in a puzzle grid, not a frame.
        assert_eq!(classify_line("........."), PencilmarkLine::Other);
        assert_eq!(
            classify_line(HODOKU.lines().nth(1).unwrap_or_default()),
            PencilmarkLine::Row {
                cells: 9,
                has_set: true
            }
        );
        assert_eq!(
            classify_line("5 3 4 | 6 7 8 | 9 1 2"),
            PencilmarkLine::Row {
                cells: 9,
                has_set: false
            }
        );
        assert_eq!(classify_line("5 3 0 6 7 8 9 1 2"), PencilmarkLine::Other);
        assert_eq!(classify_line("122 3"), PencilmarkLine::Other);
        assert_eq!(
            classify_line("12 21"),
            PencilmarkLine::Row {
                cells: 2,
                has_set: true
            }
        );
    }

    /// A random consistent state: placed digits cleared from their peers, and every empty
    /// cell left with two or more candidates (one would read back as placed).
    fn state() -> impl Strategy<Value = CandidateGrid> {
        (
            proptest::collection::vec((0usize..81, 1u8..=9), 0..30),
            proptest::collection::vec((0usize..81, 1u8..=9), 0..200),
        )
            .prop_map(|(placements, eliminations)| {
                let mut grid = CandidateGrid::new();
                for (i, d) in placements {
                    let (Some(c), Some(d)) = (Cell::new(i), Digit::new(d)) else {
                        continue;
                    };
                    if grid.value(c).is_none() && grid.candidates(c).contains(d) {
                        grid.place(c, d);
                    }
                }
                for (i, d) in eliminations {
                    let (Some(c), Some(d)) = (Cell::new(i), Digit::new(d)) else {
                        continue;
                    };
                    if grid.candidates(c).len() > 2 {
                        grid.eliminate(c, d);
                    }
                }
                grid
            })
            .prop_filter("no naked single", |g| {
                g.empty_cells().iter().all(|c| g.candidates(c).len() >= 2)
            })
    }

    proptest! {
        #[test]
        fn printed_grids_read_back(grid in state()) {
            let printed = grid.to_string();
            prop_assert_eq!(CandidateGrid::from_pencilmark_grid(&printed), Ok(grid.clone()));
            prop_assert_eq!(
                CandidateGrid::from_candidate_str(&grid.to_candidate_string()),
                Ok(grid.clone())
            );
            for line in printed.lines() {
                let kind = classify_line(line);
                let ok = matches!(
                    kind,
                    PencilmarkLine::Frame | PencilmarkLine::Row { cells: 9, .. }
                );
                prop_assert!(ok, "{:?}: {:?}", line, kind);
            }
        }

        #[test]
        fn arbitrary_text_never_panics(text in "[0-9 |.:'*+\\-\\n#a]{0,400}") {
            let _ = CandidateGrid::from_pencilmark_grid(&text);
            for line in text.lines() {
                let _ = classify_line(line);
            }
        }
    }
}
