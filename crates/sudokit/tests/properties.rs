//! Property tests of the solver: solutions of random puzzles are valid and keep their givens,
//! the symmetries of Sudoku keep the solution count, and no grid, however malformed, panics or
//! gets an invalid answer.
//!
//! Random full grids come from the valid solutions in the committed corpus, each put through a
//! random symmetry: relabelling the digits, permuting the rows inside each band and the bands,
//! the columns inside each stack and the stacks, and transposing. Every such map sends valid
//! grids to valid grids and solutions of a puzzle to solutions of its image, one to one.

mod common;

use common::{assert_solves, check_solution, line_of, parse_counts, read_testdata};
use common::{CorpusLine, Expected};
use proptest::prelude::*;
use std::collections::HashSet;
use std::sync::OnceLock;
use sudokit::solve::{self, Count, Search};
use sudokit::Grid;

fn corpus() -> &'static [CorpusLine] {
    static CORPUS: OnceLock<Vec<CorpusLine>> = OnceLock::new();
    CORPUS.get_or_init(|| parse_counts(&read_testdata("counts.txt")))
}

/// The distinct valid full grids of the corpus: the seeds for random full grids.
fn seeds() -> &'static [Grid] {
    static SEEDS: OnceLock<Vec<Grid>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut seen = HashSet::new();
        corpus()
            .iter()
            .filter_map(|l| l.solution)
            .filter(|s| seen.insert(*s))
            .collect()
    })
}

/// A symmetry of the Sudoku grid.
#[derive(Debug, Clone)]
struct Symmetry {
    /// `digits[v]` is the new label of digit `v` (index 0, the blank, maps to itself).
    digits: [u8; 10],
    /// Row `r` of the image is row `rows[r]` of the source.
    rows: [usize; 9],
    /// Column `c` of the image is column `cols[c]` of the source.
    cols: [usize; 9],
    transpose: bool,
}

impl Symmetry {
    fn apply(&self, grid: &Grid) -> Grid {
        let source = grid.values();
        let mut values = [0u8; 81];
        for (i, value) in values.iter_mut().enumerate() {
            let (r, c) = if self.transpose {
                (i % 9, i / 9)
            } else {
                (i / 9, i % 9)
            };
            *value = self.digits[usize::from(source[9 * self.rows[r] + self.cols[c]])];
        }
        Grid::from_values(values).expect("a relabelling keeps values in 0..=9")
    }
}

/// A permutation of 0..9 that keeps each group of three (band or stack) together: the groups
/// are permuted, and the three lines inside each group.
fn line_permutation() -> impl Strategy<Value = [usize; 9]> {
    let three = || Just(vec![0usize, 1, 2]).prop_shuffle();
    (three(), [three(), three(), three()]).prop_map(|(groups, inside)| {
        let mut perm = [0; 9];
        for (g, &group) in groups.iter().enumerate() {
            for (k, &line) in inside[g].iter().enumerate() {
                perm[3 * g + k] = 3 * group + line;
            }
        }
        perm
    })
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    let digits = Just((1..=9u8).collect::<Vec<u8>>()).prop_shuffle();
    (
        digits,
        line_permutation(),
        line_permutation(),
        any::<bool>(),
    )
        .prop_map(|(digits, rows, cols, transpose)| {
            let mut map = [0u8; 10];
            map[1..].copy_from_slice(&digits);
            Symmetry {
                digits: map,
                rows,
                cols,
                transpose,
            }
        })
}

/// A random valid full grid.
fn full_grid() -> impl Strategy<Value = Grid> {
    let n = seeds().len();
    (0..n, symmetry()).prop_map(|(i, s)| s.apply(&seeds()[i]))
}

/// A random full grid and a puzzle made from it by keeping each clue with a random probability
/// (from none to all of them).
fn puzzle_from_full_grid() -> impl Strategy<Value = (Grid, Grid)> {
    (full_grid(), 0u8..=100, prop::collection::vec(0u8..100, 81)).prop_map(
        |(full, keep_percent, draws)| {
            let mut values = *full.values();
            for (value, draw) in values.iter_mut().zip(draws) {
                if draw >= keep_percent {
                    *value = 0;
                }
            }
            let puzzle = Grid::from_values(values).expect("values of a grid");
            (full, puzzle)
        },
    )
}

/// The row-major index of the `k`-th cell (0..9) of one of the houses of `cell`: its row
/// (`kind` 0), column (1) or box (2).
fn house_member(cell: usize, kind: u8, k: usize) -> usize {
    let (r, c) = (cell / 9, cell % 9);
    match kind {
        0 => 9 * r + k,
        1 => 9 * k + c,
        _ => 9 * (3 * (r / 3) + k / 3) + 3 * (c / 3) + k % 3,
    }
}

/// Any 81 values in 0..=9, from nearly empty to full, with no regard for the rules.
fn arbitrary_grid() -> impl Strategy<Value = Grid> {
    (0u8..=100).prop_flat_map(|fill_percent| {
        prop::collection::vec((0u8..100, 1u8..=9), 81).prop_map(move |cells| {
            let mut values = [0u8; 81];
            for (value, (draw, digit)) in values.iter_mut().zip(cells) {
                if draw < fill_percent {
                    *value = digit;
                }
            }
            Grid::from_values(values).expect("digits")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn symmetries_map_full_grids_to_full_grids(full in full_grid()) {
        prop_assert!(check_solution(&Grid::empty(), &full).is_ok(), "{}", line_of(&full));
        prop_assert_eq!(solve::count(&full, 2), Count::Exact(1));
    }

    #[test]
    fn solutions_of_puzzles_cut_from_a_full_grid_are_valid((full, puzzle) in puzzle_from_full_grid()) {
        let count = solve::count(&puzzle, 2);
        prop_assert!(count.found() >= 1, "{}: {count}", line_of(&puzzle));
        let solution = solve::solve(&puzzle);
        prop_assert!(solution.is_some(), "{}", line_of(&puzzle));
        let solution = solution.expect("checked");
        prop_assert!(check_solution(&puzzle, &solution).is_ok(), "{}", line_of(&puzzle));
        if count == Count::Exact(1) {
            // The grid the clues came from is a solution, so it is the only one.
            prop_assert_eq!(solution, full, "{}", line_of(&puzzle));
        }
        let some: Vec<Grid> = solve::solutions(&puzzle).take(3).collect();
        let distinct: HashSet<&Grid> = some.iter().collect();
        prop_assert_eq!(distinct.len(), some.len());
        for s in &some {
            prop_assert!(check_solution(&puzzle, s).is_ok(), "{}", line_of(&puzzle));
        }
    }

    #[test]
    fn symmetries_keep_the_solution_count(index in 0..corpus().len(), symmetry in symmetry()) {
        let line = &corpus()[index];
        let image = symmetry.apply(&line.puzzle);
        match line.expected {
            Expected::Exact(n) => {
                prop_assert_eq!(solve::count(&image, n + 1), Count::Exact(n), "line {}", line.line);
            }
            Expected::AtLeast(n) => {
                prop_assert_eq!(solve::count(&image, n), Count::AtLeast(n), "line {}", line.line);
            }
        }
        if let Some(solution) = line.solution {
            prop_assert_eq!(solve::solve(&image), Some(symmetry.apply(&solution)), "line {}", line.line);
        }
    }

    #[test]
    fn arbitrary_grids_never_get_a_wrong_answer(grid in arbitrary_grid()) {
        // The budget keeps an unlucky unsolvable grid from taking long; running out is allowed.
        let mut search = Search::new(&grid).with_guess_budget(20_000);
        let first = search.next_solution();
        if let Ok(Some(solution)) = first {
            prop_assert!(check_solution(&grid, &solution).is_ok(), "{}", line_of(&grid));
        }
        if grid.check_rules().is_err() {
            prop_assert_eq!(first, Ok(None), "{}", line_of(&grid));
            prop_assert_eq!(solve::count(&grid, 2), Count::Exact(0));
        }
        if grid.is_full() && grid.check_rules().is_ok() {
            prop_assert_eq!(first, Ok(Some(grid)));
        }
    }

    #[test]
    fn givens_that_break_the_rules_have_no_solution(
        (full, puzzle) in puzzle_from_full_grid(),
        cell in 0usize..81,
        kind in 0u8..3,
        k in 0usize..9,
    ) {
        let mut other = house_member(cell, kind, k);
        if other == cell {
            other = house_member(cell, kind, (k + 1) % 9);
        }
        let mut values = *puzzle.values();
        let digit = full.values()[cell];
        values[cell] = digit;
        values[other] = digit;
        let broken = Grid::from_values(values).expect("digits");
        prop_assert!(broken.check_rules().is_err(), "{}", line_of(&broken));
        prop_assert_eq!(solve::count(&broken, 2), Count::Exact(0), "{}", line_of(&broken));
        prop_assert_eq!(solve::solve(&broken), None);
        prop_assert_eq!(solve::solutions(&broken).next(), None);
    }
}

/// The hand-written cases the random ones generalise: one symmetry at a time, on the corpus's
/// multi-solution puzzles, so a failure names the symmetry at fault.
#[test]
fn each_symmetry_alone_keeps_the_count_of_multi_solution_puzzles() {
    let identity = Symmetry {
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
    };
    let singles = [
        Symmetry {
            digits: [0, 9, 8, 7, 6, 5, 4, 3, 2, 1],
            ..identity.clone()
        },
        Symmetry {
            rows: [2, 0, 1, 3, 5, 4, 8, 7, 6],
            ..identity.clone()
        },
        Symmetry {
            rows: [6, 7, 8, 0, 1, 2, 3, 4, 5],
            ..identity.clone()
        },
        Symmetry {
            cols: [1, 2, 0, 4, 3, 5, 6, 8, 7],
            ..identity.clone()
        },
        Symmetry {
            cols: [3, 4, 5, 6, 7, 8, 0, 1, 2],
            ..identity.clone()
        },
        Symmetry {
            transpose: true,
            ..identity.clone()
        },
    ];
    let mut checked = 0;
    for line in corpus() {
        let Expected::Exact(n) = line.expected else {
            continue;
        };
        if n < 2 {
            continue;
        }
        for symmetry in &singles {
            let image = symmetry.apply(&line.puzzle);
            assert_eq!(
                solve::count(&image, n + 1),
                Count::Exact(n),
                "line {} under {symmetry:?}",
                line.line
            );
            for s in solve::solutions(&image).take(20) {
                assert_solves(&image, &s);
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} multi-solution lines");
}

#[test]
fn the_seeds_are_valid_full_grids() {
    assert!(seeds().len() >= 10);
    for seed in seeds() {
        assert_solves(&Grid::empty(), seed);
    }
}
