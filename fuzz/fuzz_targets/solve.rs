//! Fuzz target `solve`: the budgeted search on arbitrary grids never panics, never answers
//! wrongly, and stays within its budget.
//!
//! Byte `i` (for `i < 81`) gives cell `i`: a byte below 128 is a blank, otherwise `byte % 10`
//! (so 0 is a blank too). Missing bytes are blanks, so short inputs are sparse grids with many
//! solutions and long ones are dense grids that often break the rules. The search gets a budget
//! of 2000 guesses and is asked for up to 3 solutions. Checks:
//! - each solution is full, keeps the rules (checked here, independently of the library) and
//!   every given, and `is_solution_of` agrees; solutions are pairwise distinct;
//! - a grid whose givens break the rules (`check_rules` is `Err`) has no solution;
//! - the budget holds: `stats().guesses` never exceeds it, `stats().solutions` counts what was
//!   returned, and once the budget is exhausted later calls keep returning the error;
//! - when the search finished within the budget, `count` and `solve` (unbudgeted, but the same
//!   bounded work) agree with it;
//! - every CPU path this machine supports (each runs its own kernels, and AVX-512 and AVX2
//!   their own whole-grid sweeps) returns the same solutions, in the same order, after the
//!   same number of guesses, and runs out of budget at the same point.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::internals::{CpuPath, SearchCpuPath};
use sudokit::solve::{self, Count, Search};
use sudokit::Grid;

/// Guesses the search may make: enough to solve most grids, small enough to run fast.
const BUDGET: u64 = 2000;
/// Solutions asked for.
const WANTED: usize = 3;

fuzz_target!(|data: &[u8]| {
    let mut values = [0u8; 81];
    for (value, &byte) in values.iter_mut().zip(data) {
        *value = if byte < 128 { 0 } else { byte % 10 };
    }
    let Some(puzzle) = Grid::from_values(values) else {
        panic!("values 0..=9 make a grid");
    };
    let breaks_rules = puzzle.check_rules().is_err();

    let mut search = Search::new(&puzzle).with_guess_budget(BUDGET);
    let mut found: Vec<Grid> = Vec::new();
    let mut exhausted = false;
    let mut finished = false;
    while found.len() < WANTED {
        let next = search.next_solution();
        let stats = search.stats();
        assert!(stats.guesses <= BUDGET, "{stats:?} exceeds the budget");
        match next {
            Ok(Some(solution)) => {
                assert!(
                    !breaks_rules,
                    "{puzzle:?} breaks the rules yet has solution {solution:?}"
                );
                assert!(
                    is_valid_solution(&solution, &puzzle),
                    "{solution:?} does not solve {puzzle:?}"
                );
                assert!(
                    solution.is_solution_of(&puzzle),
                    "is_solution_of rejects {solution:?}"
                );
                assert!(!found.contains(&solution), "{solution:?} returned twice");
                found.push(solution);
            }
            Ok(None) => {
                finished = true;
                break;
            }
            Err(error) => {
                assert!(error.guesses <= BUDGET, "{error:?} exceeds the budget");
                assert!(
                    search.next_solution().is_err(),
                    "the budget error did not stick"
                );
                exhausted = true;
                break;
            }
        }
        assert_eq!(
            search.stats().solutions,
            found.len() as u64,
            "{:?}",
            search.stats()
        );
    }
    assert_eq!(
        search.stats().solutions,
        found.len() as u64,
        "{:?}",
        search.stats()
    );
    if puzzle.is_full() && !breaks_rules {
        assert_eq!(
            found,
            [puzzle],
            "a full valid grid is its own only solution"
        );
    }

    let detected = search.stats();
    for path in CpuPath::supported() {
        let mut other = Search::new(&puzzle)
            .with_cpu_path(path)
            .unwrap_or_else(|e| panic!("a supported path was refused: {e}"))
            .with_guess_budget(BUDGET);
        let mut answers = Vec::new();
        let mut ran_out = false;
        while answers.len() < WANTED {
            match other.next_solution() {
                Ok(Some(solution)) => answers.push(solution),
                Ok(None) => break,
                Err(_) => {
                    ran_out = true;
                    break;
                }
            }
        }
        assert_eq!(answers, found, "{path:?} on {puzzle:?}");
        assert_eq!(ran_out, exhausted, "{path:?} on {puzzle:?}");
        assert_eq!(other.stats(), detected, "{path:?} on {puzzle:?}");
    }

    // Without a budget `count` and `solve` run the same search, which is known to end quickly
    // here because it just did; with the budget exhausted they could run unbounded, so skip.
    if !exhausted {
        let expected = if finished {
            Count::Exact(found.len() as u64)
        } else {
            Count::AtLeast(WANTED as u64)
        };
        assert_eq!(
            solve::count(&puzzle, WANTED as u64),
            expected,
            "count of {puzzle:?}"
        );
        match solve::solve(&puzzle) {
            Some(solution) => assert!(found.contains(&solution), "solve gave {solution:?}"),
            None => assert!(
                found.is_empty(),
                "solve found nothing, the search found {found:?}"
            ),
        }
    }
});

/// Whether `solution` is full, has each digit once in every row, column and box, and keeps the
/// givens of `puzzle`. Written here from scratch so a bug in the library's own check cannot hide
/// a wrong answer.
fn is_valid_solution(solution: &Grid, puzzle: &Grid) -> bool {
    let s = solution.values();
    let keeps_givens = puzzle
        .values()
        .iter()
        .zip(s)
        .all(|(&g, &v)| g == 0 || g == v);
    let house_ok = |cells: [usize; 9]| {
        let mut seen = [false; 10];
        for cell in cells {
            let v = usize::from(s[cell]);
            if v == 0 || v > 9 || seen[v] {
                return false;
            }
            seen[v] = true;
        }
        true
    };
    keeps_givens
        && (0..9).all(|i| {
            let row = std::array::from_fn(|k| i * 9 + k);
            let col = std::array::from_fn(|k| k * 9 + i);
            let boxed = std::array::from_fn(|k| (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3);
            house_ok(row) && house_ok(col) && house_ok(boxed)
        })
}
