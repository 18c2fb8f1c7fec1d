//! The built-in example: the LeetCode 37 puzzle, solved and shown as grids, so that
//! `cargo run --release` (or `sudoku` typed at a terminal) shows what the tool does.

use anyhow::Context;
use std::io::{self, Write};
use sudokit::format;
use sudokit::solve::Search;

/// The example puzzle of LeetCode problem 37 ("Sudoku Solver").
pub(crate) const LEETCODE_37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Solves the example and prints puzzle and solution. With `implicit`, the example stands in
/// for missing input, and a hint on standard error says how to give puzzles.
pub(crate) fn show(implicit: bool) -> anyhow::Result<()> {
    let puzzle = format::parse(LEETCODE_37)
        .context("the built-in example does not parse")?
        .grid;
    let mut search = Search::new(&puzzle);
    let solution = search
        .next_solution()?
        .context("the built-in example has no solution")?;
    let unique = !search.find_next()?;
    let guesses = search.stats().guesses;

    let mut out = io::stdout().lock();
    writeln!(
        out,
        "The LeetCode 37 example puzzle ({} givens):\n",
        puzzle.count_filled()
    )?;
    out.write_all(format::to_grid(&puzzle).as_bytes())?;
    let uniqueness = if unique { "unique" } else { "not unique" };
    let plural = if guesses == 1 { "" } else { "es" };
    writeln!(
        out,
        "\nIts solution ({uniqueness}, found with {guesses} guess{plural}):\n"
    )?;
    out.write_all(format::to_grid(&solution).as_bytes())?;
    out.flush()?;
    if implicit {
        eprintln!(
            "\nsudoku: no input given, so this was the built-in example.\n\
             sudoku: name puzzle files, pipe puzzles in, or use `-` to type them (see `sudoku --help`)."
        );
    }
    Ok(())
}
