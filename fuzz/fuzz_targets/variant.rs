//! Fuzz target `variant`: any text through the variant reader (lines of any size, our JSON
//! document, f-puzzles JSON and lz-string links, SudokuPad links), and the same text wrapped
//! as a SudokuPad `scl` link (so that the compact-JSON reader sees it as it is), then the
//! generic solver under a small guess budget. Nothing may panic; every solution returned must
//! pass the puzzle's own check, and a printed puzzle must read back as the same puzzle; givens
//! named as breaking the rules must leave no solution, and an f-puzzles answer must read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::variant::{self, Options, VariantLayout};
use sudokit::variant::Search;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let scl = format!("scl{}", lz_str::compress_to_base64(text));
    for input in [text, scl.as_str()] {
        check(input);
    }
});

fn check(text: &str) {
    let Ok(parsed) = variant::parse(text, &Options::default()) else {
        return;
    };
    let puzzle = &parsed.puzzle;
    let printed = variant::to_text(puzzle, puzzle.givens(), VariantLayout::Json);
    let back =
        variant::parse(&printed, &Options::default()).expect("a printed document reads back");
    assert_eq!(&back.puzzle, puzzle);
    // Givens named as breaking the rules leave no solution.
    let conflict = puzzle.given_conflict();
    let mut search = Search::new(puzzle).with_guess_budget(200);
    for _ in 0..3 {
        match search.next_solution() {
            Ok(Some(grid)) => {
                assert!(
                    puzzle.check(&grid).is_ok(),
                    "a wrong solution of {puzzle:?}"
                );
                assert!(conflict.is_none(), "{conflict:?} but a solution");
                if parsed.layout == VariantLayout::FPuzzles {
                    // f-puzzles in, f-puzzles out: the answer reads back with the grid filled.
                    let answer = variant::fpuzzles_with_grid(text, &grid)
                        .expect("a puzzle read from f-puzzles takes its solution");
                    let back = variant::parse(&answer, &Options::default())
                        .expect("the answer reads back");
                    assert_eq!(back.puzzle.givens(), &grid[..]);
                }
            }
            Ok(None) | Err(_) => break,
        }
    }
}
