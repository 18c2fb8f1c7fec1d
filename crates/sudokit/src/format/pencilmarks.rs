//! The two pencilmark forms, read into [`Pencilmarks`] (where they are described): the
//! 729-character candidate line and the pencilmark grid.
//!
//! [`classify_line`] tells the stream reader ([`Reader`](super::Reader)) which lines may belong
//! to such a grid, so it can collect one out of a stream of other puzzle formats.

use crate::board::{Candidates, Cell, Digit, Grid};

/// A pencilmark state as written: the placed digits, and for every other cell the candidates
/// written for it.
///
/// This is the plain data the text forms hold; `CandidateGrid::from_pencilmarks` (in `logic`)
/// turns it into the state the techniques work on (removing each placed digit from its
/// peers' candidates, as the basic rule requires).
///
/// # The 729-character candidate form
/// 81 groups of 9 characters, one group per cell in row-major order. Character `k` (0-based) of
/// a group is the digit `k + 1` if it is a candidate and `.` or `0` if it is not, so
/// `1..4....9` means {1, 4, 9}. Whitespace anywhere is ignored, so the groups may be spread over
/// lines. A group with exactly one digit is a **placed** cell (the form cannot tell a given, a
/// placed digit and a naked single apart, and reading it as placed keeps a puzzle's givens from
/// being "found" again). A group with no digit is an error.
///
/// # The pencilmark grid
/// Nine rows of nine cells, each cell its candidate digits as one token (`1257`), as HoDoKu,
/// Simple Sudoku and Sudoku Explainer users copy it, and as `CandidateGrid` (in `logic`) prints it.
///
/// ```text
/// .----------------.----------------.----------------.
/// | 6    17   3    | 5    179  2    | 8    4    19   |
/// ...
/// :----------------+----------------+----------------:
/// ...
/// '----------------'----------------'----------------'
/// ```
///
/// - A **row** line holds nine cell tokens separated by whitespace and perhaps `|`, `!` or a
///   box-drawing vertical (U+2500 to U+257F). A token is the cell's candidates as distinct digits
///   `1`-`9`; a single digit is a placed cell, as in the 729-character form. The token `0`
///   stands for a cell without candidates: an error that names the cell.
/// - A **frame** line is made only of `-`, `=`, `+`, `.`, `:`, `'`, `*`, `|`, spaces and
///   box-drawing characters, with at least one `-`, `=` or box-drawing character, such as
///   `.---+---.`, `:----+----:`, `*-----*` or `|------+------|`; frames are skipped.
/// - Blank lines and `#` comments are skipped. Errors are [`PencilmarkGridError`]s with the
///   1-based line and column.
///
/// ```
/// use sudokit::format::Pencilmarks;
/// use sudokit::Cell;
/// let line = format!("1........{}", ".2.4.....".repeat(80));
/// let marks = Pencilmarks::from_candidate_str(&line)?;
/// let (r1c1, r1c2) = (Cell::new(0).unwrap(), Cell::new(1).unwrap());
/// assert_eq!(marks.placed().get(r1c1).map(|d| d.get()), Some(1));
/// assert_eq!(marks.candidates(r1c2).to_string(), "24");
/// # Ok::<(), sudokit::format::PencilmarkError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pencilmarks {
    placed: Grid,
    candidates: [Candidates; 81],
}

impl Pencilmarks {
    /// The state with these placed digits and, in the other cells, these candidates (the
    /// candidates of a placed cell are ignored).
    pub fn new(placed: Grid, mut candidates: [Candidates; 81]) -> Pencilmarks {
        // Cleared, so that equal states compare equal.
        for (set, &value) in candidates.iter_mut().zip(placed.values()) {
            if value != 0 {
                *set = Candidates::NONE;
            }
        }
        Pencilmarks { placed, candidates }
    }

    /// The placed digits (givens and digits placed while solving alike).
    pub fn placed(&self) -> &Grid {
        &self.placed
    }

    /// The candidates written for `cell`: empty for a placed cell.
    pub fn candidates(&self, cell: Cell) -> Candidates {
        self.candidates[cell.index()]
    }

    /// Reads the 729-character candidate form (see [`Pencilmarks`]).
    pub fn from_candidate_str(text: &str) -> Result<Pencilmarks, PencilmarkError> {
        parse_candidate_line(text).map_err(|(_, error)| error)
    }

    /// Reads a pencilmark grid (see [`Pencilmarks`]); line numbers in errors count
    /// from `first_line`.
    ///
    /// ```
    /// use sudokit::format::Pencilmarks;
    /// let err = Pencilmarks::from_pencilmark_grid("| 12 3 |", 1).unwrap_err();
    /// assert_eq!(err.to_string(), "line 1, column 9: row 1 has 2 cells, expected 9");
    /// ```
    pub fn from_pencilmark_grid(
        text: &str,
        first_line: usize,
    ) -> Result<Pencilmarks, PencilmarkGridError> {
        parse_pencilmark_grid(text, first_line)
    }

    /// The state of cells given as candidate sets, a single digit being placed.
    fn from_sets(sets: &[Candidates; 81]) -> Pencilmarks {
        let mut values = [0u8; 81];
        for (value, set) in values.iter_mut().zip(sets) {
            *value = set.single_digit().map_or(0, Digit::get);
        }
        Pencilmarks::new(super::grid_from_values(&values), *sets)
    }
}

/// Why a 729-character candidate string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PencilmarkError {
    /// Not 729 characters once whitespace is removed.
    #[error("expected 729 candidate characters (81 cells of 9), found {found}")]
    Length {
        /// How many non-whitespace characters there were.
        found: usize,
    },
    /// A character other than the slot's digit, `.` or `0`.
    #[error("{cell}: found {found:?} where {expected} or '.' belongs")]
    Character {
        /// The cell whose group holds the character.
        cell: Cell,
        /// The character found.
        found: char,
        /// The digit of that slot.
        expected: Digit,
    },
    /// A group with no digit at all.
    #[error("{cell} has no candidate")]
    NoCandidate {
        /// The cell.
        cell: Cell,
    },
}

/// Reads the 729-character form; an error comes with the 1-based column (in characters of
/// `text`) of the character at fault, or of the first character of the group that has no
/// candidate.
pub(super) fn parse_candidate_line(text: &str) -> Result<Pencilmarks, (usize, PencilmarkError)> {
    let found = text.chars().filter(|c| !c.is_whitespace()).count();
    if found != 729 {
        return Err((1, PencilmarkError::Length { found }));
    }
    let mut sets = [Candidates::NONE; 81];
    let mut chars = text.chars().enumerate().filter(|(_, c)| !c.is_whitespace());
    for (cell, set) in Cell::all().zip(sets.iter_mut()) {
        let mut group_column = 0;
        for digit in Digit::all() {
            let Some((index, found)) = chars.next() else {
                break;
            };
            if digit.get() == 1 {
                group_column = index + 1;
            }
            if found == digit.to_char() {
                set.insert(digit);
            } else if found != '.' && found != '0' {
                let error = PencilmarkError::Character {
                    cell,
                    found,
                    expected: digit,
                };
                return Err((index + 1, error));
            }
        }
        if set.is_empty() {
            return Err((group_column, PencilmarkError::NoCandidate { cell }));
        }
    }
    Ok(Pencilmarks::from_sets(&sets))
}

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
pub(super) enum PencilmarkLine {
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

/// Whether `line` is a frame line (see [`Pencilmarks`]).
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

/// The tokens of a row line with their 1-based columns; `Err` with the column and the first
/// character that is neither a digit nor a separator.
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

/// What `line` can be in a pencilmark grid. The stream reader collects a grid from the lines
/// that are [`PencilmarkLine::Frame`] or rows of nine cells, and knows it holds pencilmarks
/// (not a puzzle grid written with spaces) once a row [`has_set`](PencilmarkLine::Row).
pub(super) fn classify_line(line: &str) -> PencilmarkLine {
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

/// Whether `text` holds 729 non-space characters: the one-line pencilmark form.
pub(super) fn is_candidate_line(text: &str) -> bool {
    !text.trim_start().starts_with('#')
        && text.chars().filter(|c| !c.is_whitespace()).count() == 729
}

fn parse_pencilmark_grid(
    text: &str,
    first_line: usize,
) -> Result<Pencilmarks, PencilmarkGridError> {
    let error = |line: usize, column: usize, kind| PencilmarkGridError { line, column, kind };
    let mut sets = [Candidates::NONE; 81];
    let mut rows = 0;
    let mut last_line = first_line;
    for (i, raw) in text.lines().enumerate() {
        let line = first_line.saturating_add(i);
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
        let row_sets = sets.iter_mut().skip(rows * 9);
        for ((cell, (column, token)), slot) in Cell::all().skip(rows * 9).zip(&tokens).zip(row_sets)
        {
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
            *slot = set;
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
    Ok(Pencilmarks::from_sets(&sets))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            classify_line("| 6 17 3 | 5 179 2 | 8 4 19 |"),
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
        assert_eq!(
            classify_line("5 3 . | . 7 . | . . ."),
            PencilmarkLine::Other
        );
        assert_eq!(classify_line("5 3 0 6 7 8 9 1 2"), PencilmarkLine::Other);
        assert_eq!(classify_line("122 3"), PencilmarkLine::Other);
        // A full row of a solution grid is one token, not nine cells.
        assert_eq!(
            classify_line("534678912"),
            PencilmarkLine::Row {
                cells: 1,
                has_set: true
            }
        );
        // 81 digits repeat some: not a candidate set.
        assert_eq!(classify_line(&"123456789".repeat(9)), PencilmarkLine::Other);
    }

    #[test]
    fn candidate_line_errors_point_at_the_group() {
        // r1c2's group: its second character should be 2 or '.'.
        let mut text = "123456789".repeat(81);
        text.replace_range(10..11, "x");
        let (column, error) = parse_candidate_line(&text).expect_err("bad character");
        assert_eq!(column, 11);
        assert_eq!(error.to_string(), "r1c2: found 'x' where 2 or '.' belongs");
        // r1c3's group is empty: the column of its first character; whitespace is skipped
        // but counted in columns.
        let text = format!("{} {}{}", "1........", "1........", ".".repeat(9));
        let text = format!("{text}{}", "123456789".repeat(78));
        let (column, error) = parse_candidate_line(&text).expect_err("empty group");
        assert_eq!(
            (column, error.to_string()),
            (20, "r1c3 has no candidate".into())
        );
        assert!(is_candidate_line(&text));
    }
}
