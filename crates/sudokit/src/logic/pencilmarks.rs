//! The pencilmark grid and the other text forms of a [`CandidateGrid`]: reading them (the
//! parsing itself is in [`format`](crate::format), which yields plain [`Pencilmarks`]) and
//! printing the pencilmark grid (`Display`), framed as HoDoKu frames it.

use super::CandidateGrid;
use crate::board::{Candidates, Cell};
use crate::format::{PencilmarkError, PencilmarkGridError, Pencilmarks};
use std::fmt;

impl CandidateGrid {
    /// Reads a pencilmark grid (see [`format::Pencilmarks`](crate::format::Pencilmarks) and
    /// [`CandidateGrid`]'s `Display`); line numbers in errors count from 1.
    ///
    /// ```
    /// use sudokit::logic::CandidateGrid;
    /// use sudokit::{format, Cell};
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
        Pencilmarks::from_pencilmark_grid(text, first_line).map(|marks| marks.into())
    }

    /// Reads the 729-character candidate form (see [the type's docs](CandidateGrid)).
    pub fn from_candidate_str(text: &str) -> Result<CandidateGrid, PencilmarkError> {
        Pencilmarks::from_candidate_str(text).map(|marks| marks.into())
    }

    /// The state of `marks`: its digits placed (each removed from its peers' candidates, as
    /// the basic rule requires) and every other cell with its candidates.
    pub fn from_pencilmarks(marks: &Pencilmarks) -> CandidateGrid {
        let mut state = CandidateGrid::new();
        for cell in Cell::all() {
            if marks.placed().get(cell).is_none() {
                for digit in Candidates::ALL.difference(marks.candidates(cell)).iter() {
                    state.eliminate(cell, digit);
                }
            }
        }
        // After every cell's candidates are set, so that placing clears the digit from its
        // peers.
        for cell in Cell::all() {
            if let Some(digit) = marks.placed().get(cell) {
                state.place(cell, digit);
            }
        }
        state
    }

    /// The pencilmark grid, framed like HoDoKu's (the same text as `Display`).
    pub fn to_pencilmark_grid(&self) -> String {
        self.to_string()
    }
}

impl From<Pencilmarks> for CandidateGrid {
    fn from(marks: Pencilmarks) -> CandidateGrid {
        CandidateGrid::from_pencilmarks(&marks)
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
    use crate::board::Digit;
    use crate::format::{Entry, Reader};
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
            .filter(|l| l.contains(|c: char| c.is_ascii_digit()))
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
            // The stream reader takes the printed lines for one grid among other text.
            let text = format!("# a position\n{printed}\n{}", grid.to_candidate_string());
            let mut reader = Reader::with_pencilmarks();
            let mut found = Vec::new();
            for line in text.lines() {
                reader.push_line(line.as_bytes(), &mut found);
            }
            reader.finish(&mut found);
            let states: Vec<(usize, CandidateGrid)> = found
                .into_iter()
                .filter_map(|item| match item {
                    Ok((line, Entry::Pencilmarks(marks))) => Some((line, marks.into())),
                    _ => None,
                })
                .collect();
            prop_assert_eq!(states, vec![(2, grid.clone()), (16, grid)]);
        }

        #[test]
        fn arbitrary_text_never_panics(text in "[0-9 |.:'*+\\-\\n#a]{0,400}") {
            let _ = CandidateGrid::from_pencilmark_grid(&text);
            let mut reader = Reader::with_pencilmarks();
            let mut found = Vec::new();
            for line in text.lines() {
                reader.push_line(line.as_bytes(), &mut found);
            }
            reader.finish(&mut found);
        }
    }
}
