//! Every CPU path of the solver that this machine supports gives the same answers as the portable
//! path: the same solutions in the same order, the same counts, the same guess statistics and
//! the same budget errors, on the committed corpus, on random grids, and on samples of the shared
//! data sets when they are present.
//!
//! The paths share one source (see `solve/simd`), so any difference is a bug in a kernel or in
//! the dispatch. A machine without AVX-512, AVX2 or SSE4.1 tests fewer paths and says which it
//! tests on stderr.

mod common;

use common::{check_solution, grid_from_line, line_of, parse_counts, read_testdata, report};
use proptest::prelude::*;
use sudokit::internals::{CpuPath, SearchCpuPath};
use sudokit::solve::{BudgetExhausted, Search, Stats};
use sudokit::Grid;

/// What one search produced: its solutions in order, how it ended, and its statistics.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    solutions: Vec<Grid>,
    ended: Result<(), BudgetExhausted>,
    stats: Stats,
}

/// Up to `limit` solutions of `puzzle` on `path`, with an optional guess budget.
fn run(puzzle: &Grid, path: CpuPath, limit: usize, budget: Option<u64>) -> Run {
    let search = Search::new(puzzle);
    let search = match budget {
        Some(budget) => search.with_guess_budget(budget),
        None => search,
    };
    let mut search = search
        .with_cpu_path(path)
        .unwrap_or_else(|e| panic!("a supported path was refused: {e}"));
    assert_eq!(search.cpu_path(), path);
    let mut solutions = Vec::new();
    let mut ended = Ok(());
    while solutions.len() < limit {
        match search.next_solution() {
            Ok(Some(solution)) => solutions.push(solution),
            Ok(None) => break,
            Err(error) => {
                ended = Err(error);
                break;
            }
        }
    }
    Run {
        solutions,
        ended,
        stats: search.stats(),
    }
}

/// The paths to compare with the portable one (those this CPU supports), said once on stderr.
fn other_paths() -> Vec<CpuPath> {
    let supported = CpuPath::supported();
    let names: Vec<&str> = supported.iter().map(|p| p.name()).collect();
    report(&format!("cpu_paths: testing {}", names.join(", ")));
    supported
        .into_iter()
        .filter(|&path| path != CpuPath::Portable)
        .collect()
}

/// Asserts that every other path repeats the portable path's run on `puzzle`; returns that run.
fn assert_same_on_every_path(
    puzzle: &Grid,
    paths: &[CpuPath],
    limit: usize,
    budget: Option<u64>,
) -> Run {
    let portable = run(puzzle, CpuPath::Portable, limit, budget);
    for &path in paths {
        let other = run(puzzle, path, limit, budget);
        assert!(
            other == portable,
            "{path} differs from portable on {}: {:?} vs {:?}",
            line_of(puzzle),
            (other.solutions.len(), other.ended, other.stats),
            (portable.solutions.len(), portable.ended, portable.stats),
        );
    }
    portable
}

#[test]
fn detection_and_refusal_follow_the_cpu() {
    assert!(CpuPath::detected().is_supported());
    assert_eq!(Search::new(&Grid::empty()).cpu_path(), CpuPath::detected());
    for path in CpuPath::ALL {
        let chosen = Search::new(&Grid::empty()).with_cpu_path(path);
        match chosen {
            Ok(search) => {
                assert!(path.is_supported());
                assert_eq!(search.cpu_path(), path);
            }
            Err(error) => {
                assert!(!path.is_supported());
                assert_eq!(error.path, path);
            }
        }
    }
    assert!(CpuPath::Portable.is_supported());
}

/// The paths CI promises (`$SUDOKU_CPU_PATHS`, comma-separated names, set by `.ci/run`) are all
/// supported here, so that a CI machine without one fails instead of testing fewer paths; in CI
/// the promise must be made.
#[test]
fn the_paths_ci_promises_are_supported() {
    let Ok(required) = std::env::var("SUDOKU_CPU_PATHS") else {
        assert!(
            !common::in_ci(),
            "CI is set but SUDOKU_CPU_PATHS does not say which paths its CPU must have"
        );
        return;
    };
    for name in required.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let Some(path) = CpuPath::ALL.into_iter().find(|p| p.name() == name) else {
            panic!("SUDOKU_CPU_PATHS names {name:?}, which is no CPU path");
        };
        assert!(
            path.is_supported(),
            "SUDOKU_CPU_PATHS={required} promises {path}, which this CPU lacks"
        );
    }
}

#[test]
fn every_path_enumerates_the_corpus_identically() {
    let paths = other_paths();
    for line in parse_counts(&read_testdata("counts.txt")) {
        // One more than the known count proves it exact; capped lines stop at their bound.
        let limit = match line.expected {
            common::Expected::Exact(n) => n + 1,
            common::Expected::AtLeast(n) => n,
        };
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let portable = assert_same_on_every_path(&line.puzzle, &paths, limit, None);
        if let common::Expected::Exact(n) = line.expected {
            assert_eq!(portable.solutions.len() as u64, n, "line {}", line.line);
        }
        for solution in &portable.solutions {
            assert!(
                check_solution(&line.puzzle, solution).is_ok(),
                "line {}",
                line.line
            );
        }
    }
}

#[test]
fn every_path_stops_at_the_same_guess_budget() {
    let paths = other_paths();
    for budget in [0, 1, 7, 100, 1000] {
        let portable = assert_same_on_every_path(&Grid::empty(), &paths, 50, Some(budget));
        assert!(portable.stats.guesses <= budget);
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn every_path_agrees_on_samples_of_the_shared_sets() {
    let Some(dir) = common::shared_data() else {
        report("cpu_paths shared sets: skipped, no shared data folder");
        return;
    };
    let paths = other_paths();
    let sets = [
        ("kaggle_10k.txt", 1000),
        ("17_clue.txt", 2000),
        ("sudoku_exchange_diabolical.txt", 1000),
        ("top1465.txt", 1465),
        ("hardest_1905_11plus.txt", 300),
        ("hardest_1106.txt", 100),
        ("serg_benchmark.txt", 1000),
    ];
    for (name, take) in sets {
        let path = dir.join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            common::skip(&format!("cpu_paths: {name} absent"));
            continue;
        };
        let mut checked = 0;
        for puzzle in text.lines().filter_map(grid_from_line).take(take) {
            let portable = assert_same_on_every_path(&puzzle, &paths, 2, None);
            assert!(
                !portable.solutions.is_empty(),
                "{name}: {}",
                line_of(&puzzle)
            );
            for solution in &portable.solutions {
                assert!(check_solution(&puzzle, solution).is_ok(), "{name}");
            }
            checked += 1;
        }
        assert!(checked > 0, "{name}: no puzzle read");
        report(&format!(
            "cpu_paths {name}: {checked} puzzles identical on every path"
        ));
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
            Grid::from_values(values).unwrap_or_default()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_grids_get_identical_answers_on_every_path(grid in arbitrary_grid()) {
        let paths: Vec<CpuPath> = CpuPath::supported()
            .into_iter()
            .filter(|&path| path != CpuPath::Portable)
            .collect();
        let portable = assert_same_on_every_path(&grid, &paths, 3, Some(2_000));
        for solution in &portable.solutions {
            prop_assert!(check_solution(&grid, solution).is_ok(), "{}", line_of(&grid));
        }
    }
}
