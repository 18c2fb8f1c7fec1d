//! One line of a 9-line grid: a row of nine cells, or a separator line between bands.
//!
//! A grid is assembled from these lines by the record splitter ([`super::records`]), which knows
//! where each grid starts and ends.

use super::{cell_value, ParseError, ParseErrorKind};

/// The number of cells in a row.
const ROW_CELLS: usize = 9;

/// What one non-blank, non-comment line of a grid is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum RowScan {
    /// A row of nine cells, 0 for a blank.
    Row([u8; ROW_CELLS]),
    /// A line made only of separators, such as `------+-------+------`.
    Separator,
    /// Not a row: what is wrong with it, to be reported once its row number is known.
    Bad(RowProblem),
}

/// What is wrong with a line meant as a grid row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct RowProblem {
    /// The 1-based column (in characters) to point at.
    column: usize,
    /// The problem.
    kind: ProblemKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ProblemKind {
    BadCharacter(char),
    WrongLength(usize),
}

impl RowProblem {
    /// The error for this problem in row `row` (1-based) at line `line_no`.
    pub(super) fn to_error(self, line_no: usize, row: usize) -> ParseError {
        let kind = match self.kind {
            ProblemKind::BadCharacter(found) => ParseErrorKind::BadCharacter { found },
            ProblemKind::WrongLength(found) => ParseErrorKind::WrongRowLength { row, found },
        };
        ParseError::new(line_no, self.column, kind)
    }
}

/// Whether `ch` only separates cells in a grid line: box rules, spaces and box-drawing
/// characters. `-` is not here: it is a blank inside a row and a rule only in separator lines.
fn is_grid_separator(ch: char) -> bool {
    matches!(ch, '|' | '+' | '=' | '\u{2500}'..='\u{257F}') || ch.is_whitespace()
}

/// Reads one line of a grid (not blank, not a comment).
pub(super) fn scan_row(line: &str) -> RowScan {
    let mut values = [0u8; ROW_CELLS];
    let mut found = 0usize;
    let mut tenth_cell_column = None;
    let mut last_column = 0;
    let mut dashes = 0usize;
    let mut only_rules = true;
    let mut has_joints = false;
    for (index, ch) in line.chars().enumerate() {
        let column = index + 1;
        if !ch.is_whitespace() {
            last_column = column;
        }
        if let Some(value) = cell_value(ch) {
            if let Some(slot) = values.get_mut(found) {
                *slot = value;
            } else if tenth_cell_column.is_none() {
                tenth_cell_column = Some(column);
            }
            found += 1;
            if ch == '-' {
                dashes += 1;
            } else {
                only_rules = false;
            }
        } else if is_grid_separator(ch) {
            has_joints |= ch != '|' && !ch.is_whitespace();
        } else {
            return RowScan::Bad(RowProblem {
                column,
                kind: ProblemKind::BadCharacter(ch),
            });
        }
    }
    if only_rules {
        // A line of rules and dashes is a separator, unless it reads as nine blank cells written
        // as `-` (a rule line has joints like `+` or far more dashes).
        if dashes == ROW_CELLS && !has_joints {
            return RowScan::Row([0; ROW_CELLS]);
        }
        return RowScan::Separator;
    }
    if found == ROW_CELLS {
        return RowScan::Row(values);
    }
    RowScan::Bad(RowProblem {
        column: tenth_cell_column.unwrap_or(last_column + 1),
        kind: ProblemKind::WrongLength(found),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row_error(line: &str) -> String {
        match scan_row(line) {
            RowScan::Bad(problem) => problem.to_error(4, 3).to_string(),
            other => panic!("{line:?} should be a bad row, is {other:?}"),
        }
    }

    #[test]
    fn reads_rows_with_and_without_separators() {
        let expected = RowScan::Row([5, 3, 0, 0, 7, 0, 0, 0, 0]);
        for line in [
            "53..7....",
            "5 3 . | . 7 . | . . .",
            "|5 3 .|. 7 .|. . .|",
            "530070000",
            "5 3 0 0 7 0 0 0 0",
            "53_-7*...",
            "  53. .7. ...  ",
            "5\t3\t.\t.\t7\t.\t.\t.\t.",
            "║5 3 .│. 7 .│. . .║",
        ] {
            assert_eq!(scan_row(line), expected, "{line:?}");
        }
    }

    #[test]
    fn tells_rule_lines_from_rows_of_dashes() {
        for line in [
            "------+-------+------",
            "+-------+-------+-------+",
            "-------------------",
            "===+===+===",
            "---+---+---",
            "──────┼───────┼──────",
            "|",
        ] {
            assert_eq!(scan_row(line), RowScan::Separator, "{line:?}");
        }
        for line in ["---------", "- - - | - - - | - - -", "---|---|---"] {
            assert_eq!(scan_row(line), RowScan::Row([0; 9]), "{line:?}");
        }
    }

    #[test]
    fn reports_wrong_lengths_and_bad_characters() {
        assert_eq!(
            row_error("53..7..."),
            "line 4, column 9: row 3 has 8 cells, expected 9"
        );
        assert_eq!(
            row_error("5 3 . | . 7 . | . .   "),
            "line 4, column 20: row 3 has 8 cells, expected 9"
        );
        assert_eq!(
            row_error("53..7....1"),
            "line 4, column 10: row 3 has 10 cells, expected 9"
        );
        assert_eq!(
            row_error("53..x...."),
            "line 4, column 5: unexpected character 'x'"
        );
        assert_eq!(
            row_error("53,.7...."),
            "line 4, column 3: unexpected character ','"
        );
    }
}
