//! One puzzle's check: each mode's path walked hint by hint, every step checked against the
//! solution, and the totals of a set.

use std::time::{Duration, Instant};

use cpu_time::ThreadTime;
use sudokit::logic::{CandidateGrid, Solver, Style, Technique};
use sudokit::solve::{self, Count};
use sudokit::Grid;

use super::common::human::{final_state_errors, is_forcing_chain, step_error};
use super::common::{check_solution, grid_from_line};

/// The two orders the tool walks: human mode and SE mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `Style::Human`: HoDoKu's order, the easiest step of each technique.
    Human,
    /// Sudoku Explainer's order, the rater's default list (`Solver::new()`).
    Se,
}

impl Mode {
    /// The name in the table.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Human => "human",
            Mode::Se => "se",
        }
    }

    /// The solver this mode walks with (the one `hint`, `explain` and `rate` use).
    pub fn solver(self) -> Solver<'static> {
        match self {
            Mode::Human => Solver::new().with_style(Style::Human),
            Mode::Se => Solver::new(),
        }
    }
}

/// One call of `Solver::next_step`: a hint, as the page and `sudoku hint` ask for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    /// The calling thread's CPU time.
    pub cpu: Duration,
    /// The wall time (includes time slices lost to other processes).
    pub wall: Duration,
    /// The step's number along the path, from 1.
    pub step: usize,
    /// The technique it found; `None` when it found no step (the path is stuck there).
    pub technique: Option<Technique>,
}

/// One mode's path over one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathCheck {
    /// The technique of each step, in order.
    pub techniques: Vec<Technique>,
    /// One message per wrong step or per cell of the final state that lost the solution.
    pub wrong: Vec<String>,
    /// Whether a step is a forcing chain (Nishio, cell/region, dynamic or nested chains).
    pub forcing_chain: bool,
    /// Whether the path ends before the grid is full.
    pub stuck: bool,
    /// The CPU time of all its `next_step` calls.
    pub cpu: Duration,
    /// The `next_step` call that took the most CPU time.
    pub slowest: Option<Hint>,
}

/// Walks `mode`'s path from `puzzle`, one `next_step` at a time (the path `Solver::solve`
/// takes: each step is applied before the next is asked for), timing each call and checking
/// each step against `solution`. `label` starts each message (the puzzle and its line).
///
/// Each applied step changes the grid, so the walk ends after at most 729 steps, whatever
/// `solution` says.
pub fn walk(mode: Mode, puzzle: &Grid, solution: &Grid, label: &str) -> PathCheck {
    let solver = mode.solver();
    let mut grid = CandidateGrid::from_grid(puzzle);
    let mut check = PathCheck {
        techniques: Vec::new(),
        wrong: Vec::new(),
        forcing_chain: false,
        stuck: false,
        cpu: Duration::ZERO,
        slowest: None,
    };
    while !grid.is_solved() {
        let (cpu, wall) = (ThreadTime::now(), Instant::now());
        let step = solver.next_step(&grid);
        let hint = Hint {
            cpu: cpu.elapsed(),
            wall: wall.elapsed(),
            step: check.techniques.len() + 1,
            technique: step.as_ref().map(|s| s.technique),
        };
        check.cpu += hint.cpu;
        if check.slowest.is_none_or(|s| hint.cpu > s.cpu) {
            check.slowest = Some(hint);
        }
        let Some(step) = step else {
            check.stuck = true;
            break;
        };
        if let Some(why) = step_error(&step, solution) {
            check.wrong.push(format!(
                "{label} {} step {} ({}): {why}; {step:?}",
                mode.name(),
                hint.step,
                step.technique
            ));
        }
        check.forcing_chain |= is_forcing_chain(&step);
        check.techniques.push(step.technique);
        // A finder reports only steps that change the grid; `solve` stops the same way.
        if !grid.apply(&step) {
            check.stuck = true;
            break;
        }
    }
    for cell in final_state_errors(&grid, solution) {
        check.wrong.push(format!(
            "{label} {}: the final state disagrees with the solution at {cell}",
            mode.name()
        ));
    }
    check
}

/// What became of one line of a set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Checked: each mode's path, in the order asked for.
    Checked(Vec<(Mode, PathCheck)>),
    /// Skipped, and why (not a puzzle line, not exactly one solution).
    Skipped(String),
    /// The exact solver's answer failed the independent check, or the engine panicked: a
    /// failure of the run.
    Failed(String),
}

/// Checks one line: parses it (with the tests' own parser), solves it with the exact solver,
/// checks that solution with the tests' independent checker and that it is the only one, then
/// walks each of `modes`. `number` is the 1-based line number, for the messages.
pub fn check_line(number: usize, line: &str, modes: &[Mode]) -> Verdict {
    let text = line.trim();
    let Some(puzzle) = grid_from_line(text) else {
        return Verdict::Skipped(format!(
            "line {number}: not an 81-cell puzzle line: {text:.100}"
        ));
    };
    let Some(solution) = solve::solve(&puzzle) else {
        return Verdict::Skipped(format!("line {number}: {text}: no solution"));
    };
    if let Err(why) = check_solution(&puzzle, &solution) {
        return Verdict::Failed(format!(
            "line {number}: {text}: the exact solver's solution is wrong: {why}"
        ));
    }
    if solve::count(&puzzle, 2) != Count::Exact(1) {
        return Verdict::Skipped(format!("line {number}: {text}: more than one solution"));
    }
    check_puzzle(number, text, &puzzle, &solution, modes)
}

/// Walks each of `modes` from `puzzle` and checks every step against `solution` (which the
/// caller vouches for: [`check_line`] solves and checks it). A panic inside the engine is
/// caught and reported as a failure of this puzzle, so one bug does not end a long run.
pub fn check_puzzle(
    number: usize,
    text: &str,
    puzzle: &Grid,
    solution: &Grid,
    modes: &[Mode],
) -> Verdict {
    let label = format!("line {number}: {text}");
    let walked = std::panic::catch_unwind(|| {
        modes
            .iter()
            .map(|&mode| (mode, walk(mode, puzzle, solution, &label)))
            .collect::<Vec<_>>()
    });
    match walked {
        Ok(paths) => Verdict::Checked(paths),
        Err(_) => Verdict::Failed(format!("{label}: the engine panicked")),
    }
}

/// The slowest hint of a mode over a set, with its puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlowestHint {
    /// The hint.
    pub hint: Hint,
    /// The puzzle's line number in its file, from 1.
    pub line: usize,
    /// The puzzle.
    pub puzzle: String,
}

/// One mode's totals over a set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModeTotals {
    /// Paths walked.
    pub paths: usize,
    /// Steps checked.
    pub steps: usize,
    /// Wrong steps and final-state cells that lost the solution.
    pub wrong: usize,
    /// Paths with a forcing chain.
    pub forcing_chain: usize,
    /// Paths that end before the grid is full.
    pub stuck: usize,
    /// CPU time of every `next_step` call.
    pub cpu: Duration,
    /// The hint that took the most CPU time.
    pub slowest: Option<SlowestHint>,
}

/// A set's totals: one [`ModeTotals`] per mode, and the lines skipped or failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetTotals {
    /// The modes, in the order asked for, with their totals.
    pub modes: Vec<(Mode, ModeTotals)>,
    /// Lines read.
    pub lines: usize,
    /// Lines skipped (not a puzzle, not exactly one solution).
    pub skipped: usize,
    /// Lines whose check failed outside a path (wrong solution from the solver, a panic).
    pub failed: usize,
}

impl SetTotals {
    /// Empty totals for `modes`.
    pub fn new(modes: &[Mode]) -> SetTotals {
        SetTotals {
            modes: modes.iter().map(|&m| (m, ModeTotals::default())).collect(),
            lines: 0,
            skipped: 0,
            failed: 0,
        }
    }

    /// Counts one line's verdict (line `number`, text `text`).
    pub fn add(&mut self, number: usize, text: &str, verdict: &Verdict) {
        self.lines += 1;
        let paths = match verdict {
            Verdict::Checked(paths) => paths,
            Verdict::Skipped(_) => {
                self.skipped += 1;
                return;
            }
            Verdict::Failed(_) => {
                self.failed += 1;
                return;
            }
        };
        for (mode, path) in paths {
            let Some((_, totals)) = self.modes.iter_mut().find(|(m, _)| m == mode) else {
                continue;
            };
            totals.paths += 1;
            totals.steps += path.techniques.len();
            totals.wrong += path.wrong.len();
            totals.forcing_chain += usize::from(path.forcing_chain);
            totals.stuck += usize::from(path.stuck);
            totals.cpu += path.cpu;
            if let Some(hint) = path.slowest {
                if totals
                    .slowest
                    .as_ref()
                    .is_none_or(|s| hint.cpu > s.hint.cpu)
                {
                    totals.slowest = Some(SlowestHint {
                        hint,
                        line: number,
                        puzzle: text.trim().to_string(),
                    });
                }
            }
        }
    }

    /// Whether the set passed: no wrong step and no failed line.
    pub fn passed(&self) -> bool {
        self.failed == 0 && self.modes.iter().all(|(_, t)| t.wrong == 0)
    }

    /// The totals of `mode`, if it was walked.
    pub fn mode(&self, mode: Mode) -> Option<&ModeTotals> {
        self.modes.iter().find(|(m, _)| *m == mode).map(|(_, t)| t)
    }
}
