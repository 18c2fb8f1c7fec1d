//! The one streaming reader: lines of bytes in, puzzles or pencilmark states with their
//! positions out, no IO.
//!
//! [`Reader`] wraps the puzzle splitter ([`Records`]) and adds what a stream of raw lines
//! needs beyond it:
//! - bytes that are not UTF-8 are reported as the byte they are (`unexpected byte 0xff`) at
//!   their column, rather than as the U+FFFD that stands in for them while the line is read;
//! - a line the caller cut (it keeps only so many bytes of a line) is reported with its true
//!   length, not the length of the part kept;
//! - optionally ([`Reader::with_pencilmarks`]), the two pencilmark forms: a line of 729
//!   candidate characters and a pencilmark grid (nine rows of candidate tokens such as
//!   `1257`, framed as HoDoKu or Sudoku Explainer print them, or not), read as [`Pencilmarks`].
//!
//! A pencilmark grid is told from a puzzle grid written with spaces by its rows: nine tokens of
//! distinct digits, at least one token with two or more. Lines that may start one are held back
//! from the puzzle splitter until that is settled (a held block without any candidate set is
//! handed to the splitter unchanged, so `5 3 4 | 6 7 8 | 9 1 2` rows still read as a grid).
//! Every line reaches the splitter exactly once (a line taken by a pencilmark form as a blank
//! line), so its line numbers stay those of the input.

use super::line::PlainLine;
use super::pencilmarks::{
    classify_line, is_candidate_line, parse_candidate_line, PencilmarkLine, Pencilmarks,
};
use super::{ParseError, ParseErrorKind, Parsed, Records};

/// What the reader found at a position of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A puzzle, in any of the layouts [`parse`](super::parse) reads.
    Puzzle(Parsed),
    /// A pencilmark state (only from a reader made by [`Reader::with_pencilmarks`]).
    Pencilmarks(Pencilmarks),
}

/// What one pushed line completes: each entry with the 1-based number of its first line, or a
/// located error; in input order.
pub type ReadItem = Result<(usize, Entry), ParseError>;

/// The most lines held back while they may be a pencilmark grid (nine rows and a few frames
/// need far fewer): an endless run of frame lines cannot grow memory.
const MAX_HELD_LINES: usize = 32;

/// The most bytes that are not UTF-8 remembered for the record in progress; beyond them a bad
/// byte is reported as the U+FFFD that replaced it.
const MAX_BAD_BYTES: usize = 1024;

/// Splits a stream of lines into puzzles (and, if asked, pencilmark states) without doing any
/// IO: the one reader behind the CLI's commands and [`parse_entry`](super::parse_entry).
///
/// Feed it each line's bytes without the line break ([`Reader::push_line`]; a trailing `\r` is
/// ignored), a line the caller cut short with its true length ([`Reader::push_cut_line`]), and
/// call [`Reader::finish`] at the end of the input.
///
/// ```
/// use sudokit::format::{Entry, Reader};
///
/// let pencilmarks = "123456789".repeat(81);
/// let input = [
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".as_bytes(),
///     b"5\xff",
///     pencilmarks.as_bytes(),
/// ];
/// let mut reader = Reader::with_pencilmarks();
/// let mut found = Vec::new();
/// for line in input {
///     reader.push_line(line, &mut found);
/// }
/// reader.finish(&mut found);
///
/// assert!(matches!(found[0], Ok((1, Entry::Puzzle(_)))));
/// let error = found[1].as_ref().unwrap_err();
/// assert_eq!(error.to_string(), "line 2, column 2: unexpected byte 0xff (not UTF-8)");
/// assert!(matches!(found[2], Ok((3, Entry::Pencilmarks(_)))));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Reader {
    records: Records,
    /// Whether the pencilmark forms are read.
    pencilmarks: bool,
    /// The number of the last line pushed (0 before the first).
    line_no: usize,
    /// Lines held back while they may be a pencilmark grid: frame lines and rows of nine
    /// tokens, with their line numbers.
    held: Vec<(usize, String)>,
    /// How many rows `held` has.
    held_rows: usize,
    /// Whether a held row has a candidate set (so the block is a pencilmark grid).
    held_sets: bool,
    /// Just after a pencilmark grid: its closing frame lines are dropped.
    after_grid: bool,
    /// Just after a pencilmark grid cut short by a bad row: the rest of its rows and frames
    /// are dropped too, so one broken grid gives one error.
    after_bad_row: bool,
    /// Bytes that are not UTF-8 in the lines of the record in progress: (line, column, byte).
    bad_bytes: Vec<(usize, usize, u8)>,
    /// What the splitter completed with the line being pushed; kept empty between calls.
    puzzles: Vec<Result<(usize, Parsed), ParseError>>,
}

impl Reader {
    /// A reader of puzzles only: the lines [`Records`] splits, with the same results.
    pub fn new() -> Reader {
        Reader::default()
    }

    /// A reader of puzzles and of the two pencilmark forms.
    pub fn with_pencilmarks() -> Reader {
        Reader {
            pencilmarks: true,
            ..Reader::default()
        }
    }

    /// Feeds the next line (its bytes without the `\n`) and appends what it completes to
    /// `out`.
    pub fn push_line(&mut self, line: &[u8], out: &mut Vec<ReadItem>) {
        self.push(line, None, out);
    }

    /// Feeds a line the caller cut short: `start` is its first bytes, `length` the length of
    /// the whole line in bytes (without its line break). Errors then tell the line's true
    /// length ("found at least 65536 cells in a line of 70000 bytes") instead of the part
    /// kept; a line whose puzzle is within `start` (followed by a long field) still reads.
    pub fn push_cut_line(&mut self, start: &[u8], length: usize, out: &mut Vec<ReadItem>) {
        // The cut may fall inside a character: keep the characters that are whole.
        let start = match std::str::from_utf8(start) {
            Err(error) if error.error_len().is_none() => &start[..error.valid_up_to()],
            _ => start,
        };
        self.push(start, Some(length), out);
    }

    /// Feeds a [`PlainLine`] where it is a puzzle on its own (between records, and not in a
    /// pencilmark reader): returns its line number, and its puzzle is [`PlainLine::parsed`].
    /// Returns `None`, having consumed nothing, otherwise: push the line with
    /// [`Reader::push_line`] then. See [`Records::push_plain_line`].
    pub fn push_plain_line(&mut self, line: &PlainLine) -> Option<usize> {
        if self.pencilmarks {
            return None;
        }
        let line_no = self.records.push_plain_line(line)?;
        self.line_no = line_no;
        self.bad_bytes.clear();
        Some(line_no)
    }

    /// Ends the input: flushes whatever is in progress (as an error if it is incomplete). The
    /// reader is then ready for a new stream numbered from line 1.
    pub fn finish(&mut self, out: &mut Vec<ReadItem>) {
        let start = out.len();
        if self.held_sets {
            self.take_grid(out);
        } else {
            self.release(out);
        }
        self.puzzles.extend(self.records.finish_puzzles());
        self.drain_puzzles(out);
        self.fix_errors(&mut out[start..], None);
        *self = Reader {
            pencilmarks: self.pencilmarks,
            ..Reader::default()
        };
    }

    fn push(&mut self, line: &[u8], cut: Option<usize>, out: &mut Vec<ReadItem>) {
        self.line_no = self.line_no.saturating_add(1);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = match std::str::from_utf8(line) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => {
                self.note_bad_bytes(line);
                String::from_utf8_lossy(line)
            }
        };
        let start = out.len();
        if self.pencilmarks {
            let first = self.line_no == 1;
            let text = if first {
                text.strip_prefix('\u{feff}').unwrap_or(&text)
            } else {
                &text
            };
            self.push_text(text, out);
        } else {
            self.pass(&text, out);
        }
        let cut = cut.map(|length| (text.chars().count(), length));
        self.fix_errors(&mut out[start..], cut);
        if self.held.is_empty() && self.records.is_idle() {
            self.bad_bytes.clear();
        }
    }

    /// Remembers where the bytes of `line` that are not UTF-8 stand: each run of them becomes
    /// one U+FFFD, at the column after the characters before it.
    fn note_bad_bytes(&mut self, line: &[u8]) {
        let mut column = 1;
        for chunk in line.utf8_chunks() {
            column += chunk.valid().chars().count();
            if let Some(&byte) = chunk.invalid().first() {
                if self.bad_bytes.len() < MAX_BAD_BYTES {
                    self.bad_bytes.push((self.line_no, column, byte));
                }
                column += 1;
            }
        }
    }

    /// Says what is really there in the errors of `items`: the byte that is not UTF-8, and the
    /// true length of a cut line (`cut`: the characters kept and the line's length in bytes).
    fn fix_errors(&self, items: &mut [ReadItem], cut: Option<(usize, usize)>) {
        for item in items {
            let Err(error) = item else { continue };
            let found = match &error.kind {
                ParseErrorKind::BadCharacter { found } => Some(*found),
                ParseErrorKind::Pencilmarks(super::PencilmarkGridErrorKind::BadCharacter {
                    found,
                }) => Some(*found),
                ParseErrorKind::CandidateLine(super::PencilmarkError::Character {
                    found, ..
                }) => Some(*found),
                _ => None,
            };
            if found == Some(char::REPLACEMENT_CHARACTER) {
                let at = (error.line, error.column);
                if let Some(&(_, _, byte)) = self.bad_bytes.iter().find(|&&(l, c, _)| (l, c) == at)
                {
                    error.kind = ParseErrorKind::BadByte { byte };
                }
            }
            if let (Some((kept, bytes)), ParseErrorKind::WrongCellCount { found }) =
                (cut, &error.kind)
            {
                // The run of cells that made the count reaches the cut: there may be more.
                let run_end = error.column.saturating_sub(1) + found.saturating_sub(81);
                if error.line == self.line_no && *found > 81 && run_end >= kept {
                    error.kind = ParseErrorKind::ManyCells {
                        found: *found,
                        bytes,
                    };
                }
            }
        }
    }

    /// The pencilmark reader's handling of one line (see the module docs).
    fn push_text(&mut self, text: &str, out: &mut Vec<ReadItem>) {
        if is_candidate_line(text) {
            (self.after_grid, self.after_bad_row) = (false, false);
            self.release(out);
            // The splitter sees a blank line instead, which keeps its line count in step (and
            // ends whatever it was in the middle of).
            self.pass("", out);
            let line = self.line_no;
            out.push(match parse_candidate_line(text) {
                Ok(marks) => Ok((line, Entry::Pencilmarks(marks))),
                Err((column, kind)) => Err(ParseError::new(
                    line,
                    column,
                    ParseErrorKind::CandidateLine(kind),
                )),
            });
            return;
        }
        let kind = classify_line(text);
        if self.after_bad_row {
            if matches!(kind, PencilmarkLine::Frame | PencilmarkLine::Row { .. }) {
                self.pass("", out);
                return;
            }
            self.after_bad_row = false;
        }
        if self.held.len() >= MAX_HELD_LINES {
            // Too long for a pencilmark grid, whatever comes next.
            if self.held_sets {
                self.take_grid(out);
            } else {
                self.release(out);
            }
        }
        match kind {
            PencilmarkLine::Frame if self.after_grid => self.pass("", out),
            PencilmarkLine::Frame => self.held.push((self.line_no, text.to_string())),
            PencilmarkLine::Row { cells: 9, has_set } => {
                self.after_grid = false;
                self.held.push((self.line_no, text.to_string()));
                self.held_rows += 1;
                self.held_sets |= has_set;
                if self.held_rows == 9 {
                    if self.held_sets {
                        self.take_grid(out);
                        self.after_grid = true;
                    } else {
                        self.release(out);
                    }
                }
            }
            kind => {
                self.after_grid = false;
                if self.held_sets {
                    // A pencilmark grid cut short: a row of the wrong length (or with a stray
                    // character) belongs to it, and the error points at it.
                    let part_of_it = matches!(kind, PencilmarkLine::Row { .. })
                        || (kind == PencilmarkLine::Other && text.contains('|'));
                    if part_of_it {
                        self.held.push((self.line_no, text.to_string()));
                        self.take_grid(out);
                        self.after_bad_row = true;
                        return;
                    }
                    self.take_grid(out);
                } else {
                    self.release(out);
                }
                self.pass(text, out);
            }
        }
    }

    /// Hands `line` to the puzzle splitter.
    fn pass(&mut self, line: &str, out: &mut Vec<ReadItem>) {
        self.records.push_line_puzzles_into(line, &mut self.puzzles);
        self.drain_puzzles(out);
    }

    fn drain_puzzles(&mut self, out: &mut Vec<ReadItem>) {
        out.extend(
            self.puzzles
                .drain(..)
                .map(|item| item.map(|(line, parsed)| (line, Entry::Puzzle(parsed)))),
        );
    }

    /// Hands the held lines to the puzzle splitter: they were not a pencilmark grid.
    fn release(&mut self, out: &mut Vec<ReadItem>) {
        for (_, line) in std::mem::take(&mut self.held) {
            self.pass(&line, out);
        }
        self.held_rows = 0;
        self.held_sets = false;
    }

    /// Reads the held lines as one pencilmark grid (or its error).
    fn take_grid(&mut self, out: &mut Vec<ReadItem>) {
        let held = std::mem::take(&mut self.held);
        self.held_rows = 0;
        self.held_sets = false;
        for _ in &held {
            self.pass("", out);
        }
        let Some(&(first, _)) = held.first() else {
            return;
        };
        let text: Vec<&str> = held.iter().map(|(_, line)| line.as_str()).collect();
        out.push(
            match Pencilmarks::from_pencilmark_grid(&text.join("\n"), first) {
                Ok(marks) => Ok((first, Entry::Pencilmarks(marks))),
                Err(err) => Err(ParseError::new(
                    err.line,
                    err.column,
                    ParseErrorKind::Pencilmarks(err.kind),
                )),
            },
        );
    }
}

/// Reads the one puzzle or pencilmark state in `text` (see [`Reader::with_pencilmarks`]);
/// line numbers in errors count from 1.
pub(super) fn parse_entry(text: &str) -> Result<Entry, ParseError> {
    let mut reader = Reader::with_pencilmarks();
    let mut items = Vec::new();
    for line in text.split('\n') {
        reader.push_line(line.as_bytes(), &mut items);
    }
    reader.finish(&mut items);
    let mut items = items.into_iter();
    let (_, entry) = match items.next() {
        Some(item) => item?,
        None => return Err(ParseError::new(1, 1, ParseErrorKind::Empty)),
    };
    if let Some(next) = items.next() {
        let line = match next {
            Ok((line, _)) => line,
            Err(error) => error.line,
        };
        return Err(ParseError::new(line, 1, ParseErrorKind::TrailingText));
    }
    Ok(entry)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{to_grid, Layout};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const TOP1: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    /// Every item of `lines` through a reader: its line and the entry's kind, or the message.
    fn read(reader: &mut Reader, lines: &[&[u8]]) -> Vec<Result<(usize, &'static str), String>> {
        let mut out = Vec::new();
        for line in lines {
            reader.push_line(line, &mut out);
        }
        reader.finish(&mut out);
        out.into_iter()
            .map(|item| match item {
                Ok((line, Entry::Puzzle(_))) => Ok((line, "puzzle")),
                Ok((line, Entry::Pencilmarks(_))) => Ok((line, "pencilmarks")),
                Err(error) => Err(error.to_string()),
            })
            .collect()
    }

    /// Issue 32, item 7: a byte that is not UTF-8 was shown as '\u{FFFD}'.
    #[test]
    fn invalid_utf8_names_the_byte_not_the_replacement_character() {
        let mut line = PUZZLE.as_bytes().to_vec();
        line[40] = 0xff;
        let lossy = format!("{}\u{FFFD}{}", &PUZZLE[..40], &PUZZLE[41..]);
        let grid_text = to_grid(&crate::format::parse(PUZZLE).expect("valid").grid);
        let mut grid: Vec<Vec<u8>> = grid_text.lines().map(|l| l.as_bytes().to_vec()).collect();
        assert_eq!(grid[5], b"4 . . | 8 . 3 | . . 1");
        grid[5][8] = 0xc3;
        let grid: Vec<&[u8]> = grid.iter().map(Vec::as_slice).collect();
        for mut reader in [Reader::new(), Reader::with_pencilmarks()] {
            assert_eq!(
                read(&mut reader, &[b"# bad", &line, lossy.as_bytes()]),
                [
                    Err("line 2, column 41: unexpected byte 0xff (not UTF-8)".to_owned()),
                    // A real U+FFFD in the text stays a character.
                    Err("line 3, column 41: unexpected character '\u{FFFD}'".to_owned()),
                ]
            );
            assert_eq!(
                read(&mut reader, &grid),
                [Err(
                    "line 6, column 9: unexpected byte 0xc3 (not UTF-8)".to_owned()
                )]
            );
            let mut marks = "123456789".repeat(81).into_bytes();
            marks[12] = 0xfe;
            assert_eq!(
                read(&mut reader, &[&marks]),
                [Err(
                    "line 1, column 13: unexpected byte 0xfe (not UTF-8)".to_owned()
                )]
            );
        }
    }

    /// Issue 32, item 2: a line cut at 64 KiB said "found 65536" whatever its length.
    #[test]
    fn a_cut_line_tells_its_true_length() {
        let kept = "1".repeat(65_536);
        let mut reader = Reader::new();
        let mut out = Vec::new();
        reader.push_cut_line(kept.as_bytes(), 70_000, &mut out);
        reader.push_line(PUZZLE.as_bytes(), &mut out);
        let messages: Vec<String> = out
            .iter()
            .map(|item| match item {
                Ok((line, _)) => format!("line {line}: ok"),
                Err(error) => error.to_string(),
            })
            .collect();
        assert_eq!(
            messages,
            [
                "line 1, column 82: expected 81 cells, found at least 65536 in a line of 70000 \
                 bytes",
                "line 2: ok"
            ]
        );
        // A puzzle followed by a long field still reads; a cut inside a character is no error.
        let long_field = format!("{PUZZLE}\t{}é", "x".repeat(100));
        let cut = &long_field.as_bytes()[..long_field.len() - 1];
        out.clear();
        reader.push_cut_line(cut, 200_000, &mut out);
        assert!(matches!(out[..], [Ok((3, Entry::Puzzle(_)))]), "{out:?}");
        // A bad character before the cut is where it is.
        out.clear();
        reader.push_cut_line(
            format!("{}x{}", &PUZZLE[..3], kept).as_bytes(),
            90_000,
            &mut out,
        );
        assert_eq!(
            out[0].as_ref().map_err(ToString::to_string),
            Err("line 4, column 4: unexpected character 'x'".to_owned())
        );
    }

    /// Issue 32, item 7: a pencilmark line's error pointed at column 1, not at the cell.
    #[test]
    fn a_pencilmark_line_error_points_at_the_cell_group() {
        let mut marks = "123456789".repeat(81);
        // r2c1 is cell 9: its group starts at character 82; its 5th slot is the 86th.
        marks.replace_range(85..86, "7");
        let mut empty = "123456789".repeat(81);
        empty.replace_range(18..27, ".........");
        let mut reader = Reader::with_pencilmarks();
        assert_eq!(
            read(&mut reader, &[b"", marks.as_bytes(), empty.as_bytes()]),
            [
                Err(
                    "line 2, column 86: pencilmarks: r2c1: found '7' where 5 or '.' belongs"
                        .to_owned()
                ),
                Err("line 3, column 19: pencilmarks: r1c3 has no candidate".to_owned()),
            ]
        );
    }

    #[test]
    fn pencilmark_grids_are_read_among_other_puzzles() {
        let text = format!(
            "# positions\n\
             .----------------.\n\
             | 4 12 3 5 6 7 8 9 1 |\n{TOP1}\n"
        );
        let lines: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
        // A grid cut short by a line puzzle, and the puzzle read after it.
        assert_eq!(
            read(&mut Reader::with_pencilmarks(), &lines),
            [
                Err(
                    "line 3, column 1: pencilmarks: expected 9 rows of candidates, found 1"
                        .to_owned()
                ),
                Ok((4, "puzzle")),
            ]
        );
        // Without pencilmarks, the same lines are the splitter's.
        let mut records = Records::new();
        let mut expected = Vec::new();
        for line in text.lines() {
            records.push_line_puzzles_into(line, &mut expected);
        }
        expected.extend(records.finish_puzzles());
        let mut reader = Reader::new();
        let mut found = Vec::new();
        for line in &lines {
            reader.push_line(line, &mut found);
        }
        reader.finish(&mut found);
        let expected: Vec<ReadItem> = expected
            .into_iter()
            .map(|item| item.map(|(line, parsed)| (line, Entry::Puzzle(parsed))))
            .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn endless_frames_stay_bounded() {
        let mut reader = Reader::with_pencilmarks();
        let mut out = Vec::new();
        for _ in 0..10_000 {
            reader.push_line(b".-----+-----.", &mut out);
            assert!(reader.held.len() <= MAX_HELD_LINES);
        }
        reader.push_line(PUZZLE.as_bytes(), &mut out);
        reader.finish(&mut out);
        assert!(
            matches!(out.last(), Some(Ok((10_001, Entry::Puzzle(_))))),
            "{:?}",
            out.last()
        );
    }

    #[test]
    fn parse_entry_reads_one_puzzle_or_state() {
        let puzzle = parse_entry(PUZZLE).expect("a puzzle");
        assert!(matches!(
            puzzle,
            Entry::Puzzle(Parsed {
                layout: Layout::Line,
                ..
            })
        ));
        let marks = parse_entry(&"123456789".repeat(81)).expect("pencilmarks");
        assert!(matches!(marks, Entry::Pencilmarks(_)));
        let two = parse_entry(&format!("{PUZZLE}\n{PUZZLE}")).expect_err("two puzzles");
        assert_eq!(
            two.to_string(),
            "line 2, column 1: unexpected text after the puzzle (expected one puzzle)"
        );
        assert_eq!(
            parse_entry("").map_err(|e| e.kind),
            Err(ParseErrorKind::Empty)
        );
    }
}
