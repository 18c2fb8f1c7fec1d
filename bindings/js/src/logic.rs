//! `hint` and `explain`: the human-style solver under the library's [`Guard`], whose time
//! limit is measured by the clock given (in the browser and Node: `performance.now()`). The
//! answers have the shapes of the HTTP API's `/api/hint` and `/api/explain`; the state is
//! checked to admit a solution first, as the server does, so no step is deduced from a false
//! premise.

use crate::error::{Failure, Kind};
use crate::input::{self, DEFAULT_MAX_GUESSES};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use sudokit::budget::{Budget, Clock, Guard, Limit};
use sudokit::logic::{
    explain, CandidateGrid, Consistent, Finder, Inconsistent, Outcome, Rating, Solver, Step, Style,
    Uniqueness,
};
use sudokit::{Cell, Digit};

/// The options of `hint` and `explain`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LogicOptions {
    /// `[cell, digit]` pairs (cell 0..81, digit 1..9) already eliminated.
    #[serde(default)]
    pub eliminated: Vec<(Cell, Digit)>,
    /// Also use nested forcing chains (slow: pair with a time limit).
    #[serde(default)]
    pub nested: bool,
    /// Milliseconds the solver may take (default: no limit).
    pub time_limit: Option<f64>,
    /// Guesses of the uniqueness check (default [`DEFAULT_MAX_GUESSES`]).
    pub max_guesses: Option<u64>,
    /// `"human"` (the default, as the HTTP API's: HoDoKu's order, the easiest step first) or
    /// `"se"` (Sudoku Explainer's order and steps).
    #[serde(default = "human")]
    pub style: Style,
}

/// The default style of hints and explanations, as the HTTP API's.
fn human() -> Style {
    Style::Human
}

/// A step with its words: the step's own fields, the technique's name and a sentence.
#[derive(Debug, Serialize)]
pub struct StepView {
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

/// Where a hint stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HintStatus {
    /// Here is the next step.
    Step,
    /// Every cell is filled.
    Solved,
    /// No technique in use applies.
    Stuck,
}

/// The answer of `hint` (as `POST /api/hint`).
#[derive(Debug, Serialize)]
pub struct Hint {
    /// Step, solved or stuck.
    pub status: HintStatus,
    /// The step, for `step`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepView>,
    /// The candidates of each cell the step was found in ("" for a filled cell).
    pub candidates: Vec<String>,
}

/// The answer of `explain` (as `POST /api/explain`).
#[derive(Debug, Serialize)]
pub struct Explained {
    /// Solved, or stuck.
    pub outcome: Outcome,
    /// The candidates of each cell at the start ("" for a filled cell).
    pub candidates: Vec<String>,
    /// The steps, in order.
    pub steps: Vec<StepView>,
    /// The highest step rating, if there is a step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hardest: Option<Rating>,
}

/// The next step from the state `text` (a puzzle or pencilmarks) and the options'
/// eliminations; any state with a solution will do.
pub fn hint(text: &str, options: &LogicOptions, clock: Arc<dyn Clock>) -> Result<Hint, Failure> {
    let (state, uniqueness) = prepare(text, options, Need::Solvable)?;
    let candidates = candidate_list(&state);
    if state.is_solved() {
        return Ok(Hint {
            status: HintStatus::Solved,
            step: None,
            candidates,
        });
    }
    let guard = guard(options, clock)?;
    let finders = guard.wrap(finders(options));
    let finders: Vec<&dyn Finder> = finders.iter().map(|f| f as &dyn Finder).collect();
    let step = guard.run(|| {
        Solver::new()
            .with_finders(&finders)
            .with_pick(options.style)
            .with_uniqueness(uniqueness)
            .next_step(&state)
    });
    spent(&guard, options, 0)?;
    Ok(Hint {
        status: match step {
            Some(_) => HintStatus::Step,
            None => HintStatus::Stuck,
        },
        step: step.map(StepView::new),
        candidates,
    })
}

/// The whole path from the state `text`, which must have exactly one solution.
pub fn explain(
    text: &str,
    options: &LogicOptions,
    clock: Arc<dyn Clock>,
) -> Result<Explained, Failure> {
    let (state, uniqueness) = prepare(text, options, Need::Unique)?;
    let guard = guard(options, clock)?;
    let finders = guard.wrap(finders(options));
    let finders: Vec<&dyn Finder> = finders.iter().map(|f| f as &dyn Finder).collect();
    let path = guard.run(|| {
        Solver::new()
            .with_finders(&finders)
            .with_pick(options.style)
            .with_uniqueness(uniqueness)
            .solve(&state)
    });
    spent(&guard, options, path.steps.len())?;
    Ok(Explained {
        outcome: path.outcome,
        candidates: candidate_list(&state),
        hardest: path.steps.iter().map(|s| s.rating).max(),
        steps: path.steps.into_iter().map(StepView::new).collect(),
    })
}

fn finders(options: &LogicOptions) -> &'static [&'static dyn Finder] {
    options.style.finders(options.nested)
}

/// What a call needs of the state's solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    /// At least one that the candidates allow (a hint).
    Solvable,
    /// Exactly one, proven (an explanation).
    Unique,
}

/// The state of `text` with the options' eliminations, checked to admit a solution, and
/// whether uniqueness techniques may run on it.
fn prepare(
    text: &str,
    options: &LogicOptions,
    need: Need,
) -> Result<(CandidateGrid, Uniqueness), Failure> {
    let mut state = input::state(text)?;
    for &(cell, digit) in &options.eliminated {
        state.eliminate(cell, digit);
    }
    let budget = options.max_guesses.unwrap_or(DEFAULT_MAX_GUESSES);
    let uniqueness = match state.check_consistent(budget) {
        Ok(Consistent::Unique(_)) => Uniqueness::Check,
        Ok(Consistent::Several(_)) if need == Need::Unique => {
            return Err(Failure::new(
                Kind::NotUnique,
                "not explained: the puzzle has more than one solution",
            ))
        }
        Ok(Consistent::Unproven(_)) if need == Need::Unique => {
            return Err(Failure::new(
                Kind::BudgetExhausted,
                "the search ran out of guesses before it could prove the solution unique",
            ))
        }
        Ok(_) => Uniqueness::Never,
        Err(err) => return Err(refusal(err)),
    };
    Ok((state, uniqueness))
}

/// The failure of a state that admits no solution (or whose check ran out of guesses).
fn refusal(err: Inconsistent) -> Failure {
    let cells = err
        .cell()
        .map(|cell| vec![cell.index()])
        .unwrap_or_default();
    let message = match err {
        Inconsistent::Invalid(violation) => return violation.into(),
        Inconsistent::GaveUp { guesses } => return Failure::out_of_guesses(guesses),
        Inconsistent::NoSolution => {
            "the grid has no solution (a given or an entry is wrong)".to_string()
        }
        Inconsistent::NoCandidate { .. }
        | Inconsistent::LostDigit { .. }
        | Inconsistent::NoneAllowed => format!("the candidates admit no solution: {err}"),
    };
    Failure {
        cells,
        ..Failure::new(Kind::NoSolution, message)
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

/// A guard with the options' time limit, from now, by `clock`.
fn guard(options: &LogicOptions, clock: Arc<dyn Clock>) -> Result<Guard, Failure> {
    let budget = match input::time_limit(options.time_limit)? {
        Some(time) => Budget::UNLIMITED.with_time(time),
        None => Budget::UNLIMITED,
    };
    Ok(Guard::new(budget).with_clock(clock))
}

/// `time_limit` if a finder was skipped or a search cut short, after `steps` steps.
fn spent(guard: &Guard, options: &LogicOptions, steps: usize) -> Result<(), Failure> {
    match guard.spent() {
        None => Ok(()),
        Some(Limit::Cancelled) => Err(Failure::new(
            Kind::Cancelled,
            format!("cancelled after {steps} steps"),
        )),
        Some(_) => Err(Failure::time_limit(
            options.time_limit.unwrap_or_default(),
            &format!("after {steps} steps"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn frozen() -> Arc<dyn Clock> {
        Arc::new(|| Duration::from_secs(1))
    }

    #[test]
    fn a_hint_is_the_solvers_next_step_and_explain_solves() {
        let hint = hint(EASY, &LogicOptions::default(), frozen()).expect("a hint");
        assert_eq!(hint.status, HintStatus::Step);
        let state = input::state(EASY).expect("a state");
        let expected = Solver::new().next_step(&state);
        assert_eq!(hint.step.map(|s| s.step), expected);
        assert_eq!(hint.candidates[2], "124");
        let explained = explain(EASY, &LogicOptions::default(), frozen()).expect("explained");
        assert_eq!(explained.outcome, Outcome::Solved);
        assert!(explained.steps.iter().all(|s| !s.text.is_empty()));
    }

    /// As the HTTP API: options read from JS (JSON) are in human mode unless `style` says
    /// "se", and human mode's step is the human solver's.
    #[test]
    fn options_from_js_default_to_the_human_style() {
        let read = |json: &str| serde_json::from_str::<LogicOptions>(json).expect("options");
        assert_eq!(read("{}").style, Style::Human);
        assert_eq!(read(r#"{"style":"se"}"#).style, Style::Se);
        let human = hint(EASY, &read("{}"), frozen()).expect("a hint");
        let state = input::state(EASY).expect("a state");
        let expected = Solver::new().with_style(Style::Human).next_step(&state);
        assert_eq!(human.step.map(|s| s.step), expected);
        let se = hint(EASY, &read(r#"{"style":"se"}"#), frozen()).expect("a hint");
        assert_eq!(se.step.map(|s| s.step), Solver::new().next_step(&state));
    }

    #[test]
    fn eliminations_apply_and_a_zero_time_limit_stops_the_solver() {
        let options = LogicOptions {
            eliminated: vec![(
                Cell::new(2).expect("a cell"),
                Digit::new(1).expect("a digit"),
            )],
            ..LogicOptions::default()
        };
        assert_eq!(
            hint(EASY, &options, frozen()).expect("a hint").candidates[2],
            "24"
        );
        let no_time = LogicOptions {
            time_limit: Some(0.0),
            ..LogicOptions::default()
        };
        let err = explain(EASY, &no_time, frozen()).expect_err("no time");
        assert_eq!(err.kind, Kind::TimeLimit);
        let empty = ".".repeat(81);
        let err = explain(&empty, &LogicOptions::default(), frozen()).expect_err("many");
        assert_eq!(err.kind, Kind::NotUnique);
    }
}
