//! `hint` and `explain`: the human-style solver, under a time budget.
//!
//! The state is the puzzle's digits plus the candidates the client has already eliminated (the
//! steps of earlier hints it applied), so that a hint after an elimination-only step moves on
//! instead of finding the same step again.
//!
//! The logic solver has no budget of its own; here every finder is wrapped in [`Timed`], which
//! checks a deadline before each search and, once it has passed, finds nothing, and the whole
//! solve runs under `logic::with_deadline`, which stops a long chain search (seconds on the
//! hardest puzzles) when the deadline passes inside it. The solver then stops as if stuck, and
//! the spent flag turns that into `budget_exhausted`.

use super::{require_solvable, Solutions};
use crate::error::ApiError;
use crate::Limits;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use sudoku::format::Parsed;
use sudoku::logic::techniques::REGISTRY;
use sudoku::logic::{
    explain, CandidateGrid, Finder, Outcome, Rating, Ratings, Solver, Step, Technique, Uniqueness,
};
use sudoku::{Cell, Digit};

/// The body of `hint` and `explain`: a puzzle and the candidates already eliminated.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StateRequest {
    /// The puzzle (see [`read_puzzle`](crate::body::read_puzzle)).
    pub(crate) puzzle: Value,
    /// `[cell, digit]` pairs (cell 0..81, digit 1..9) removed from the candidates beyond what
    /// the placed digits rule out.
    #[serde(default)]
    pub(crate) eliminated: Vec<(Cell, Digit)>,
}

/// A step with its words: the step's own fields, the technique's display name and a sentence.
#[derive(Debug, Serialize)]
pub(crate) struct StepView {
    #[serde(flatten)]
    step: Step,
    /// The technique's name, e.g. "Hidden Single".
    name: &'static str,
    /// One or two plain English sentences.
    text: String,
}

impl StepView {
    fn new(step: Step) -> StepView {
        StepView {
            name: step.technique.name(),
            text: explain::english(&step),
            step,
        }
    }
}

/// Where a hint request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum HintStatus {
    /// Here is the next step.
    Step,
    /// Every cell is filled.
    Solved,
    /// No technique applies: the puzzle needs one the solver lacks.
    Stuck,
}

/// The answer of `POST /api/hint`.
#[derive(Debug, Serialize)]
pub(crate) struct Hint {
    status: HintStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<StepView>,
    /// The candidates of each cell the step was found in ("" for a filled cell).
    candidates: Vec<String>,
}

/// The answer of `POST /api/explain`.
#[derive(Debug, Serialize)]
pub(crate) struct Explained {
    outcome: Outcome,
    /// The candidates of each cell at the start ("" for a filled cell); applying the steps in
    /// order (eliminations, then placements, each placement clearing its digit from the
    /// cell's peers) gives the state before each step.
    candidates: Vec<String>,
    steps: Vec<StepView>,
    /// The highest step rating (Sudoku Explainer scale), if there is a step.
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<Rating>,
}

/// The next step from the request's state.
pub(crate) fn hint(
    request: &StateRequest,
    puzzle: &Parsed,
    limits: &Limits,
) -> Result<Hint, ApiError> {
    let (state, uniqueness) = prepare(request, puzzle, limits)?;
    let candidates = candidate_list(&state);
    if state.is_solved() {
        return Ok(Hint {
            status: HintStatus::Solved,
            step: None,
            candidates,
        });
    }
    let clock = Clock::start(limits);
    let finders = clock.wrap(REGISTRY);
    let finders: Vec<&dyn Finder> = finders.iter().map(|f| f as &dyn Finder).collect();
    let step = clock.run(|| {
        Solver::new()
            .with_finders(&finders)
            .with_uniqueness(uniqueness)
            .next_step(&state)
    });
    clock.check(0)?;
    Ok(match step {
        Some(step) => Hint {
            status: HintStatus::Step,
            step: Some(StepView::new(step)),
            candidates,
        },
        None => Hint {
            status: HintStatus::Stuck,
            step: None,
            candidates,
        },
    })
}

/// The whole path from the request's state.
pub(crate) fn explain(
    request: &StateRequest,
    puzzle: &Parsed,
    limits: &Limits,
) -> Result<Explained, ApiError> {
    let (state, uniqueness) = prepare(request, puzzle, limits)?;
    let clock = Clock::start(limits);
    let finders = clock.wrap(REGISTRY);
    let finders: Vec<&dyn Finder> = finders.iter().map(|f| f as &dyn Finder).collect();
    let path = clock.run(|| {
        Solver::new()
            .with_finders(&finders)
            .with_uniqueness(uniqueness)
            .solve(&state)
    });
    clock.check(path.steps.len())?;
    Ok(Explained {
        outcome: path.outcome,
        candidates: candidate_list(&state),
        hardest: path.steps.iter().map(|s| s.rating).max(),
        steps: path.steps.into_iter().map(StepView::new).collect(),
    })
}

/// The pencilmark state of a request, checked to have a solution, and whether uniqueness
/// techniques may run on it.
fn prepare(
    request: &StateRequest,
    puzzle: &Parsed,
    limits: &Limits,
) -> Result<(CandidateGrid, Uniqueness), ApiError> {
    if request.eliminated.len() > 729 {
        return Err(ApiError::bad_request(format!(
            "eliminated lists {} candidates; a grid has 729",
            request.eliminated.len()
        )));
    }
    // Uniqueness techniques need exactly one solution. The solver would count again without a
    // budget; where our budgeted search could not prove "one", it must not try.
    let uniqueness = match require_solvable(&puzzle.grid, limits.guesses)? {
        Solutions::Unique(_) => Uniqueness::Check,
        _ => Uniqueness::Never,
    };
    let mut state = CandidateGrid::from_grid(&puzzle.grid);
    for &(cell, digit) in &request.eliminated {
        state.eliminate(cell, digit);
    }
    Ok((state, uniqueness))
}

/// Each cell's candidates as a string of digits, "" for a filled cell.
fn candidate_list(state: &CandidateGrid) -> Vec<String> {
    Cell::all()
        .map(|cell| match state.value(cell) {
            Some(_) => String::new(),
            None => state.candidates(cell).to_string(),
        })
        .collect()
}

/// The deadline of one request and whether a finder was skipped because of it.
struct Clock {
    deadline: Instant,
    millis: u128,
    spent: AtomicBool,
}

impl Clock {
    fn start(limits: &Limits) -> Clock {
        Clock {
            deadline: Instant::now() + limits.logic_time,
            millis: limits.logic_time.as_millis(),
            spent: AtomicBool::new(false),
        }
    }

    /// Every finder of `finders`, watched by this clock.
    fn wrap<'a>(&'a self, finders: &'a [&'a dyn Finder]) -> Vec<Timed<'a>> {
        finders
            .iter()
            .map(|&inner| Timed { inner, clock: self })
            .collect()
    }

    /// Runs `solve` with the deadline inside the long chain searches too; a search cut short
    /// counts as spent.
    fn run<T>(&self, solve: impl FnOnce() -> T) -> T {
        let (result, cut_short) = sudoku::logic::with_deadline(self.deadline, solve);
        if cut_short {
            self.spent.store(true, Ordering::Relaxed);
        }
        result
    }

    /// `budget_exhausted` if a finder was skipped or a search cut short, after `steps` steps.
    fn check(&self, steps: usize) -> Result<(), ApiError> {
        if self.spent.load(Ordering::Relaxed) {
            Err(ApiError::budget(format!(
                "the logic solver ran out of its {} ms budget after {steps} steps",
                self.millis
            )))
        } else {
            Ok(())
        }
    }
}

/// A finder that finds nothing once its clock's deadline has passed.
struct Timed<'a> {
    inner: &'a dyn Finder,
    clock: &'a Clock,
}

impl Finder for Timed<'_> {
    fn technique(&self) -> Technique {
        self.inner.technique()
    }

    fn techniques(&self) -> &'static [Technique] {
        self.inner.techniques()
    }

    fn assumes_unique_solution(&self) -> bool {
        self.inner.assumes_unique_solution()
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if Instant::now() >= self.clock.deadline {
            self.clock.spent.store(true, Ordering::Relaxed);
            return ControlFlow::Continue(());
        }
        self.inner.find(grid, ratings, found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use std::time::Duration;
    use sudoku::format;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn request(puzzle: &str, eliminated: Vec<(Cell, Digit)>) -> (StateRequest, Parsed) {
        let parsed = format::parse(puzzle).expect("a puzzle");
        let request = StateRequest {
            puzzle: Value::String(puzzle.to_string()),
            eliminated,
        };
        (request, parsed)
    }

    #[test]
    fn a_hint_is_the_solvers_next_step_and_explain_solves_the_puzzle() {
        let (req, parsed) = request(EASY, vec![]);
        let limits = Limits::default();
        let hint = hint(&req, &parsed, &limits).expect("a hint");
        assert_eq!(hint.status, HintStatus::Step);
        let expected = Solver::new().next_step(&CandidateGrid::from_grid(&parsed.grid));
        assert_eq!(hint.step.map(|s| s.step), expected);
        assert_eq!(hint.candidates.len(), 81);
        assert_eq!(hint.candidates[0], "");
        assert_eq!(hint.candidates[2], "124");
        let explained = explain(&req, &parsed, &limits).expect("explained");
        assert_eq!(explained.outcome, Outcome::Solved);
        assert!(explained.steps.iter().all(|s| !s.text.is_empty()));
    }

    #[test]
    fn eliminated_candidates_are_taken_out_of_the_state() {
        let r1c3 = Cell::new(2).expect("a cell");
        let one = Digit::new(1).expect("a digit");
        let (req, parsed) = request(EASY, vec![(r1c3, one)]);
        let hint = hint(&req, &parsed, &Limits::default()).expect("a hint");
        assert_eq!(hint.candidates[2], "24");
    }

    #[test]
    fn no_time_means_budget_exhausted_and_a_wrong_grid_has_no_solution() {
        let (req, parsed) = request(EASY, vec![]);
        let no_time = Limits {
            logic_time: Duration::ZERO,
            ..Limits::default()
        };
        let err = explain(&req, &parsed, &no_time).expect_err("no time");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
        let err = hint(&req, &parsed, &no_time).expect_err("no time");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
        // A candidate of r1c3 other than its solution breaks no rule but leaves no solution.
        let solution = sudoku::solve::solve(&parsed.grid).expect("solvable");
        let right = solution.values()[2];
        let digit = [1, 2, 4].into_iter().find(|&d| d != right).unwrap_or(1);
        let wrong = format!("{}{digit}{}", &EASY[..2], &EASY[3..]);
        let (req, parsed) = request(&wrong, vec![]);
        let err = hint(&req, &parsed, &Limits::default()).expect_err("no solution");
        assert_eq!(err.code, ErrorCode::NoSolution);
    }

    /// Regression: the deadline used to be checked only between finders, so a chain search
    /// that started in time ran to its end (seconds on the hardest puzzles) past the budget.
    #[test]
    fn a_chain_search_inside_a_request_stops_at_the_deadline() {
        // Rated 9.8: dynamic chains (+) from the raw puzzle try hundreds of assumptions.
        let hard =
            "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5";
        let grid = CandidateGrid::from_grid(&format::parse(hard).expect("a puzzle").grid);
        let plus = sudoku::logic::techniques::DynamicForcingChains::PLUS;
        let ratings = Ratings::default();
        let past = Clock {
            deadline: Instant::now(),
            millis: 0,
            spent: AtomicBool::new(false),
        };
        assert_eq!(past.run(|| plus.first(&grid, &ratings)), None);
        let err = past.check(0).expect_err("the search was cut short");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
        // The same search with time left finds its step.
        let ample = Clock {
            deadline: Instant::now() + Duration::from_secs(600),
            millis: 600_000,
            spent: AtomicBool::new(false),
        };
        assert!(ample.run(|| plus.first(&grid, &ratings)).is_some());
        assert!(ample.check(0).is_ok());
    }
}
