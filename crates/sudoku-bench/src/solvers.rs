//! The two contestants, the two modes, and the checks on every answer.
//!
//! - **Ours**: `sudokit::solve::Search`. First-solution mode is one `next_solution`; count mode
//!   (the uniqueness check) calls it until two solutions are found or the search is exhausted.
//!   Guesses come from `Search::stats`.
//! - **Theirs**: the crates.io `sudoku` crate 0.8 (Emerentius' port of JCZSolve, AGPL-3.0, used
//!   only by this unpublished binary): `Sudoku::some_solution` for the first solution and
//!   `Sudoku::solutions_count_up_to(2)` for the uniqueness check. It reports no guess count.
//!
//! Both do their own setup (building candidate masks from the givens) inside the measured call,
//! as a caller of either library would. The answers of the timed passes are the very functions
//! used by the check pass ([`ours`], [`theirs`]), passed through [`std::hint::black_box`] so the
//! optimiser cannot drop the work.

use std::fmt;
use std::hint::black_box;

use serde::Serialize;
use sudokit::internals::{CpuPath, SearchCpuPath};
use sudokit::solve::Search;
use sudokit::Grid;

use crate::data::Puzzle;

/// What is asked of the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Stop at the first solution.
    First,
    /// Count solutions up to 2: 0 none, 1 unique, 2 several (the uniqueness check).
    Count,
}

impl Mode {
    /// How many solutions the mode looks for before it stops.
    pub const fn limit(self) -> u8 {
        match self {
            Mode::First => 1,
            Mode::Count => 2,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::First => "first",
            Mode::Count => "count",
        })
    }
}

/// Which solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Solver {
    /// This workspace's `sudoku` crate.
    Ours,
    /// The crates.io `sudoku` crate 0.8.
    Theirs,
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Solver::Ours => "ours",
            Solver::Theirs => "theirs",
        })
    }
}

/// Our solver's answer for one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OursAnswer {
    /// The solutions found, in order (at most the mode's limit).
    pub solutions: [Option<Grid>; 2],
    /// How many were found.
    pub count: u8,
    /// Guesses the search made.
    pub guesses: u64,
    /// The search said its (absent) budget ran out: always a bug.
    pub budget_error: bool,
    /// The CPU path was refused (the caller should have checked it is supported).
    pub path_refused: bool,
}

/// Their solver's answer for one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TheirsAnswer {
    /// The solution, in first-solution mode only (their counting call returns none). Kept in
    /// their type so the timed pass does not pay for a conversion.
    pub solution: Option<emerentius::Sudoku>,
    /// How many solutions were found, up to the mode's limit.
    pub count: u8,
}

/// Runs our solver on `grid` in `mode`, on the CPU path `path`. In count mode the solutions
/// are built only with `keep_solutions` (for the check): the timed pass counts them with
/// `Search::find_next`, as their counting call counts without building any.
#[inline]
pub fn ours(grid: &Grid, mode: Mode, path: CpuPath, keep_solutions: bool) -> OursAnswer {
    let mut answer = OursAnswer {
        solutions: [None; 2],
        count: 0,
        guesses: 0,
        budget_error: false,
        path_refused: false,
    };
    let search = Search::new(grid);
    // The detected path needs no second look at the CPU, as for any caller of `Search::new`.
    let mut search = if search.cpu_path() == path {
        search
    } else {
        match search.with_cpu_path(path) {
            Ok(search) => search,
            Err(_) => {
                answer.path_refused = true;
                return answer;
            }
        }
    };
    let build = keep_solutions || mode == Mode::First;
    while answer.count < mode.limit() {
        let found = if build {
            search.next_solution().map(|solution| {
                if solution.is_some() {
                    answer.solutions[usize::from(answer.count)] = solution;
                }
                solution.is_some()
            })
        } else {
            search.find_next()
        };
        match found {
            Ok(true) => answer.count += 1,
            Ok(false) => break,
            Err(_) => {
                answer.budget_error = true;
                break;
            }
        }
    }
    answer.guesses = search.stats().guesses;
    answer
}

/// Runs their solver on `sudoku` in `mode`.
#[inline]
pub fn theirs(sudoku: emerentius::Sudoku, mode: Mode) -> TheirsAnswer {
    match mode {
        Mode::First => {
            let solution = sudoku.some_solution();
            TheirsAnswer {
                count: u8::from(solution.is_some()),
                solution,
            }
        }
        Mode::Count => TheirsAnswer {
            solution: None,
            // Capped at 2 by the call itself; min() only keeps the cast obviously lossless.
            count: sudoku.solutions_count_up_to(2).min(2) as u8,
        },
    }
}

/// What a pass over a set adds up to; two passes of the same solver and mode must agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Tally {
    /// Puzzles solved.
    pub puzzles: u64,
    /// Puzzles with 0, 1 and 2+ solutions (2+ only in count mode).
    pub by_count: [u64; 3],
    /// Guesses in total (ours only; 0 for theirs).
    pub guesses: u64,
    /// Puzzles answered without a single guess (ours only; 0 for theirs).
    pub no_guess: u64,
}

impl std::ops::Add for Tally {
    type Output = Tally;

    fn add(self, other: Tally) -> Tally {
        Tally {
            puzzles: self.puzzles + other.puzzles,
            by_count: [0, 1, 2].map(|i| self.by_count[i] + other.by_count[i]),
            guesses: self.guesses + other.guesses,
            no_guess: self.no_guess + other.no_guess,
        }
    }
}

impl Tally {
    fn record(&mut self, count: u8, guesses: u64) {
        self.puzzles += 1;
        self.by_count[usize::from(count.min(2))] += 1;
        self.guesses += guesses;
        self.no_guess += u64::from(guesses == 0);
    }
}

/// One timed pass: `solver` solves every puzzle once in `mode` (ours on the CPU path `path`).
pub fn pass(solver: Solver, mode: Mode, path: CpuPath, puzzles: &[Puzzle]) -> Tally {
    let mut tally = Tally::default();
    match solver {
        Solver::Ours => {
            for puzzle in puzzles {
                let answer = black_box(ours(black_box(&puzzle.grid), mode, path, false));
                tally.record(answer.count, answer.guesses);
            }
        }
        Solver::Theirs => {
            for puzzle in puzzles {
                let answer = black_box(theirs(black_box(puzzle.theirs), mode));
                tally.record(answer.count, 0);
            }
        }
    }
    tally
}

/// A wrong or disagreeing answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// 1-based line of the puzzle in its file.
    pub line: usize,
    /// The mode it happened in.
    pub mode: Mode,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {} ({} mode): {}",
            self.line, self.mode, self.reason
        )
    }
}

/// The untimed pass that checks every answer and yields the tallies the timed passes must repeat.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// Our tally.
    pub ours: Tally,
    /// Their tally.
    pub theirs: Tally,
    /// Everything that was wrong.
    pub mismatches: Vec<Mismatch>,
}

/// Solves every puzzle with both solvers in `mode` (ours on the CPU path `path`) and checks each
/// answer.
pub fn check(puzzles: &[Puzzle], mode: Mode, path: CpuPath) -> Checked {
    let mut checked = Checked::default();
    for puzzle in puzzles {
        let mine = ours(&puzzle.grid, mode, path, true);
        let other = theirs(puzzle.theirs, mode);
        checked.ours.record(mine.count, mine.guesses);
        checked.theirs.record(other.count, 0);
        for reason in problems(&puzzle.grid, mode, &mine, &other) {
            checked.mismatches.push(Mismatch {
                line: puzzle.line,
                mode,
                reason,
            });
        }
    }
    checked
}

/// Everything wrong with the two answers for `grid`: invalid solutions, a repeated solution in
/// count mode, a search error, or solution counts that disagree.
pub fn problems(grid: &Grid, mode: Mode, mine: &OursAnswer, other: &TheirsAnswer) -> Vec<String> {
    let mut problems = Vec::new();
    if mine.path_refused {
        problems.push("ours: the CPU path was refused".to_string());
    }
    if mine.budget_error {
        problems.push("ours: search reported an exhausted budget without one".to_string());
    }
    let found: Vec<&Grid> = mine.solutions.iter().flatten().collect();
    if found.len() != usize::from(mine.count) {
        problems.push(format!(
            "ours: reported {} solutions but returned {}",
            mine.count,
            found.len()
        ));
    }
    for (i, solution) in found.iter().enumerate() {
        if !solution.is_solution_of(grid) {
            problems.push(format!(
                "ours: solution {} is not a valid completion: {}",
                i + 1,
                sudokit::format::to_line(solution)
            ));
        }
    }
    if let [Some(a), Some(b)] = mine.solutions {
        if a == b {
            problems.push("ours: returned the same solution twice".to_string());
        }
    }
    if let Some(solution) = other.solution {
        match Grid::from_values(solution.to_bytes()) {
            Some(solution) if solution.is_solution_of(grid) => {}
            _ => problems.push(format!(
                "theirs: solution is not a valid completion: {}",
                solution.to_str_line()
            )),
        }
    }
    if mine.count != other.count {
        let what = match mode {
            Mode::First => "solutions found (first mode)",
            Mode::Count => "solution counts (up to 2)",
        };
        problems.push(format!(
            "{what} disagree: ours {}, theirs {}",
            mine.count, other.count
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn grid(text: &str) -> Grid {
        sudokit::format::parse(text)
            .map(|p| p.grid)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    fn answers(g: &Grid, mode: Mode) -> (OursAnswer, TheirsAnswer) {
        let Ok(sudoku) = emerentius::Sudoku::from_bytes(*g.values()) else {
            panic!("their parser rejected a valid grid");
        };
        (
            ours(g, mode, CpuPath::detected(), true),
            theirs(sudoku, mode),
        )
    }

    #[test]
    fn correct_answers_have_no_problems() {
        let g = grid(PUZZLE);
        for mode in [Mode::First, Mode::Count] {
            let (mine, other) = answers(&g, mode);
            assert_eq!(mine.count, 1);
            assert!(problems(&g, mode, &mine, &other).is_empty());
        }
    }

    #[test]
    fn a_tampered_solution_is_caught() {
        let g = grid(PUZZLE);
        let (mut mine, other) = answers(&g, Mode::First);
        let Some(solution) = mine.solutions[0] else {
            panic!("no solution");
        };
        let mut values = *solution.values();
        values.swap(0, 1);
        mine.solutions[0] = Grid::from_values(values);
        let found = problems(&g, Mode::First, &mine, &other);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("not a valid completion"));
    }

    #[test]
    fn disagreeing_counts_are_caught() {
        let g = grid(PUZZLE);
        let (mine, mut other) = answers(&g, Mode::Count);
        other.count = 2;
        let found = problems(&g, Mode::Count, &mine, &other);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("ours 1, theirs 2"));
    }

    #[test]
    fn a_repeated_solution_is_caught() {
        let g = grid(PUZZLE);
        let (mut mine, mut other) = answers(&g, Mode::Count);
        mine.solutions[1] = mine.solutions[0];
        mine.count = 2;
        other.count = 2;
        let found = problems(&g, Mode::Count, &mine, &other);
        assert_eq!(
            found,
            vec!["ours: returned the same solution twice".to_string()]
        );
    }

    #[test]
    fn the_empty_grid_has_several_solutions_in_both_solvers() {
        let (mine, other) = answers(&Grid::empty(), Mode::Count);
        assert_eq!((mine.count, other.count), (2, 2));
        assert!(problems(&Grid::empty(), Mode::Count, &mine, &other).is_empty());
    }
}
