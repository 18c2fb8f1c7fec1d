//! `hint` and `explain`: the human-style solver, under a time budget.
//!
//! The state is the puzzle's digits (or a pencilmark state given as such) plus the candidates
//! the client has already eliminated (the steps of earlier hints it applied), so that a hint
//! after an elimination-only step moves on instead of finding the same step again. Before any
//! technique sees it, the state is checked to admit a solution
//! ([`CandidateGrid::check_consistent`]): a state that lost a true candidate is `no_solution`,
//! naming the cell, never a step deduced from a false premise. `explain` also needs exactly one
//! solution (`not_unique`), as `sudoku explain` does; `hint` works on any solvable state.
//!
//! The logic solver has no budget of its own; here every finder is wrapped by the library's
//! [`Guard`] (with the request's time limit, measured by an `Instant`-based clock: the library
//! never reads the time), which checks the deadline before each search and, once it has
//! passed, finds nothing, and also stops a long chain search (seconds on the hardest puzzles)
//! when the deadline passes inside it. The solver then stops as if stuck, and the spent guard
//! turns that into `budget_exhausted`.

use super::out_of_guesses;
use crate::body::RequestBody;
use crate::error::{ApiError, ErrorCode};
use crate::Limits;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sudokit::budget::{Budget, Guard};
use sudokit::logic::{
    explain, CandidateGrid, Consistent, Finder, Inconsistent, Outcome, Rating, Solver, Step, Style,
    Uniqueness,
};
use sudokit::{Cell, Digit};

/// The body of `hint` and `explain`: a puzzle and the candidates already eliminated.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StateRequest {
    /// The puzzle or pencilmark state (see [`read_state`](crate::body::read_state)).
    pub(crate) puzzle: Value,
    /// `[cell, digit]` pairs (cell 0..81, digit 1..9) removed from the candidates beyond what
    /// the placed digits rule out.
    #[serde(default)]
    pub(crate) eliminated: Vec<(Cell, Digit)>,
    /// `"human"` (the default: HoDoKu's order, the easiest step first) or `"se"` (Sudoku
    /// Explainer's order and steps).
    #[serde(default = "human")]
    pub(crate) style: Style,
}

/// The default style of hints and explanations.
fn human() -> Style {
    Style::Human
}

impl RequestBody for StateRequest {
    const SHAPE: &'static str = "the body must be a JSON object with a `puzzle` string (a puzzle \
                                 or a pencilmark state) and optionally `eliminated`, a list of \
                                 [cell, digit] pairs, and `style`, \"human\" or \"se\"";
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
    start: CandidateGrid,
    limits: &Limits,
) -> Result<Hint, ApiError> {
    let (state, uniqueness) = prepare(request, start, limits, Need::Solvable)?;
    let candidates = candidate_list(&state);
    if state.is_solved() {
        return Ok(Hint {
            status: HintStatus::Solved,
            step: None,
            candidates,
        });
    }
    let guard = request_guard(limits);
    let finders = guard.wrap(request.style.finders(false));
    let finders: Vec<&dyn Finder> = finders.iter().map(|f| f as &dyn Finder).collect();
    let step = guard.run(|| {
        Solver::new()
            .with_finders(&finders)
            .with_pick(request.style)
            .with_uniqueness(uniqueness)
            .next_step(&state)
    });
    check(&guard, limits, 0)?;
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
    start: CandidateGrid,
    limits: &Limits,
) -> Result<Explained, ApiError> {
    let (state, uniqueness) = prepare(request, start, limits, Need::Unique)?;
    let guard = request_guard(limits);
    let finders = guard.wrap(request.style.finders(false));
    let finders: Vec<&dyn Finder> = finders.iter().map(|f| f as &dyn Finder).collect();
    let path = guard.run(|| {
        Solver::new()
            .with_finders(&finders)
            .with_pick(request.style)
            .with_uniqueness(uniqueness)
            .solve(&state)
    });
    check(&guard, limits, path.steps.len())?;
    Ok(Explained {
        outcome: path.outcome,
        candidates: candidate_list(&state),
        hardest: path.steps.iter().map(|s| s.rating).max(),
        steps: path.steps.into_iter().map(StepView::new).collect(),
    })
}

/// What a request needs of the state's solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    /// At least one that the candidates allow (a hint).
    Solvable,
    /// Exactly one, proven (an explanation, as `sudoku explain` requires).
    Unique,
}

/// The pencilmark state of a request (`start` with the request's eliminations), checked to
/// admit a solution, and whether uniqueness techniques may run on it.
fn prepare(
    request: &StateRequest,
    start: CandidateGrid,
    limits: &Limits,
    need: Need,
) -> Result<(CandidateGrid, Uniqueness), ApiError> {
    if request.eliminated.len() > 729 {
        return Err(ApiError::bad_request(format!(
            "eliminated lists {} candidates; a grid has 729",
            request.eliminated.len()
        )));
    }
    let mut state = start;
    for &(cell, digit) in &request.eliminated {
        state.eliminate(cell, digit);
    }
    // Uniqueness techniques need exactly one solution. The solver would count again without a
    // budget; where our budgeted search could not prove "one", it must not try.
    let uniqueness = match state.check_consistent(limits.guesses) {
        Ok(Consistent::Unique(_)) => Uniqueness::Check,
        Ok(Consistent::Several(_)) if need == Need::Unique => {
            return Err(ApiError::new(
                ErrorCode::NotUnique,
                "not explained: the puzzle has more than one solution",
            ))
        }
        Ok(Consistent::Unproven(_)) if need == Need::Unique => {
            return Err(ApiError::budget(
                "the search ran out of guesses before it could prove the solution unique",
            ))
        }
        Ok(_) => Uniqueness::Never,
        Err(err) => return Err(refusal(err)),
    };
    Ok((state, uniqueness))
}

/// The API error of a state that admits no solution (or whose check ran out of guesses).
fn refusal(err: Inconsistent) -> ApiError {
    let cells = err
        .cell()
        .map(|cell| vec![cell.index()])
        .unwrap_or_default();
    let message = match err {
        Inconsistent::Invalid(violation) => return violation.into(),
        Inconsistent::GaveUp { guesses } => return out_of_guesses(guesses),
        Inconsistent::NoSolution => {
            "the grid has no solution (a given or an entry is wrong)".to_string()
        }
        Inconsistent::NoCandidate { .. }
        | Inconsistent::LostDigit { .. }
        | Inconsistent::NoneAllowed => format!("the candidates admit no solution: {err}"),
    };
    ApiError {
        cells,
        ..ApiError::new(ErrorCode::NoSolution, message)
    }
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

/// A guard with the request's time limit for the logic solver, from now, by the wall clock.
fn request_guard(limits: &Limits) -> Guard {
    Guard::new(Budget::UNLIMITED.with_time(limits.logic_time)).with_clock(super::wall_clock())
}

/// `budget_exhausted` if a finder was skipped or a search cut short, after `steps` steps.
fn check(guard: &Guard, limits: &Limits, steps: usize) -> Result<(), ApiError> {
    if guard.spent().is_some() {
        Err(ApiError::budget(format!(
            "the logic solver ran out of its {} ms budget after {steps} steps",
            limits.logic_time.as_millis()
        )))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use std::time::Duration;
    use sudokit::format;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn request(puzzle: &str, eliminated: Vec<(Cell, Digit)>) -> (StateRequest, CandidateGrid) {
        let parsed = format::parse(puzzle).expect("a puzzle");
        let request = StateRequest {
            puzzle: Value::String(puzzle.to_string()),
            eliminated,
            style: Style::Se,
        };
        (request, CandidateGrid::from_grid(&parsed.grid))
    }

    #[test]
    fn a_hint_is_the_solvers_next_step_and_explain_solves_the_puzzle() {
        let (req, parsed) = request(EASY, vec![]);
        let limits = Limits::default();
        let hint = hint(&req, parsed.clone(), &limits).expect("a hint");
        assert_eq!(hint.status, HintStatus::Step);
        let expected = Solver::new().next_step(&parsed);
        assert_eq!(hint.step.map(|s| s.step), expected);
        assert_eq!(hint.candidates.len(), 81);
        assert_eq!(hint.candidates[0], "");
        assert_eq!(hint.candidates[2], "124");
        let explained = explain(&req, parsed.clone(), &limits).expect("explained");
        assert_eq!(explained.outcome, Outcome::Solved);
        assert!(explained.steps.iter().all(|s| !s.text.is_empty()));
    }

    #[test]
    fn eliminated_candidates_are_taken_out_of_the_state() {
        let r1c3 = Cell::new(2).expect("a cell");
        let one = Digit::new(1).expect("a digit");
        let (req, parsed) = request(EASY, vec![(r1c3, one)]);
        let hint = hint(&req, parsed.clone(), &Limits::default()).expect("a hint");
        assert_eq!(hint.candidates[2], "24");
    }

    #[test]
    fn no_time_means_budget_exhausted_and_a_wrong_grid_has_no_solution() {
        let (req, parsed) = request(EASY, vec![]);
        let no_time = Limits {
            logic_time: Duration::ZERO,
            ..Limits::default()
        };
        let err = explain(&req, parsed.clone(), &no_time).expect_err("no time");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
        let err = hint(&req, parsed.clone(), &no_time).expect_err("no time");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
        // A candidate of r1c3 other than its solution breaks no rule but leaves no solution.
        let solution = sudokit::solve::solve(&parsed.to_grid()).expect("solvable");
        let right = solution.values()[2];
        let digit = [1, 2, 4].into_iter().find(|&d| d != right).unwrap_or(1);
        let wrong = format!("{}{digit}{}", &EASY[..2], &EASY[3..]);
        let (req, parsed) = request(&wrong, vec![]);
        let err = hint(&req, parsed.clone(), &Limits::default()).expect_err("no solution");
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
        let plus = sudokit::logic::techniques::DynamicForcingChains::PLUS;
        let ratings = sudokit::logic::Ratings::default();
        let no_time = Limits {
            logic_time: Duration::ZERO,
            ..Limits::default()
        };
        let past = request_guard(&no_time);
        assert_eq!(past.run(|| plus.first(&grid, &ratings)), None);
        let err = check(&past, &no_time, 0).expect_err("the search was cut short");
        assert_eq!(err.code, ErrorCode::BudgetExhausted);
        // The same search with time left finds its step.
        let ample_limits = Limits {
            logic_time: Duration::from_secs(600),
            ..Limits::default()
        };
        let ample = request_guard(&ample_limits);
        assert!(ample.run(|| plus.first(&grid, &ratings)).is_some());
        assert!(check(&ample, &ample_limits, 0).is_ok());
    }
}
