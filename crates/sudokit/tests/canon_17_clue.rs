//! All 49,158 known 17-clue puzzles are pairwise inequivalent (the collection was built that
//! way), so their canonical forms must all differ; and each form must be a fixed point.
//!
//! Reads 17_clue.txt from `$SUDOKU_DATA` if set, else from the repository's sibling
//! `shared/data` (as the full_data tests do); skips with a message when it is not there (fails in
//! CI). Takes about 2 s on two cores in the test profile.

use rayon::prelude::*;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;
use sudokit::{canon, Grid};

mod common;

/// `17_clue.txt` in the data folder (which CI must have, see `common::shared_data`).
fn data_file() -> Option<PathBuf> {
    let path = common::shared_data()?.join("17_clue.txt");
    path.is_file().then_some(path)
}

fn grid(line: &str) -> Grid {
    let mut values = [0u8; 81];
    assert_eq!(line.len(), 81, "not a puzzle line: {line:?}");
    for (value, byte) in values.iter_mut().zip(line.bytes()) {
        *value = match byte {
            b'1'..=b'9' => byte - b'0',
            _ => 0,
        };
    }
    Grid::from_values(values).expect("digits only")
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn all_17_clue_puzzles_have_distinct_canonical_forms() {
    let Some(path) = data_file() else {
        common::skip("canon_17_clue: no 17_clue.txt in the data folder (set SUDOKU_DATA)");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("the data file is readable");
    let puzzles: Vec<Grid> = text.lines().filter(|l| !l.is_empty()).map(grid).collect();
    assert_eq!(puzzles.len(), 49_158);
    let started = Instant::now();
    let forms: Vec<Grid> = puzzles.par_iter().map(canon::canonical).collect();
    eprintln!(
        "canonicalised {} puzzles in {:.2} s",
        forms.len(),
        started.elapsed().as_secs_f64()
    );
    let distinct: HashSet<&Grid> = forms.iter().collect();
    assert_eq!(distinct.len(), puzzles.len());
    for (puzzle, form) in puzzles.iter().zip(&forms).step_by(97) {
        assert_eq!(form.count_filled(), 17);
        assert_eq!(canon::canonical(form), *form, "form of {puzzle:?}");
    }
}
