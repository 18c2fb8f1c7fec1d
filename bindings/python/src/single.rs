//! One puzzle at a time: `solve`, `count`, `check`, `hint`, `explain`, `rate`, `generate`
//! and `canon`. Each makes the library calls the matching CLI command makes, so the answers
//! are the same; the GIL is released while the engine works.

use crate::errors::{self, GaveUp, InvalidPuzzle, NoSolution, NotUnique, SudokuError};
use crate::types::{Rating, Step};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudokit::budget::Clock;
use sudokit::format::{self, Entry};
use sudokit::generate::{
    ClueRange, Difficulty, Generator, Options, RatingRange, Symmetry, DEFAULT_MAX_ATTEMPTS,
};
use sudokit::logic::techniques::{REGISTRY, WITH_NESTED};
use sudokit::logic::Style;
use sudokit::logic::{CandidateGrid, Finder, Inconsistent};
use sudokit::rate::{check_proper, Budget, Level, RateError, Rater};
use sudokit::solve::Search;
use sudokit::{canon as lib_canon, Grid};

/// Adds the functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    Ok(())
}

/// The puzzle in `text`, in any layout `sudoku solve` reads.
pub(crate) fn parse(text: &str) -> PyResult<Grid> {
    format::parse(text)
        .map(|parsed| parsed.grid)
        .map_err(|err| errors::parse_error(&err))
}

/// A clock for the library's time limits: the time since it was made, by `Instant`.
pub(crate) fn wall_clock() -> Arc<dyn Clock> {
    let origin = Instant::now();
    Arc::new(move || origin.elapsed())
}

/// The finders of `--nested` or of the default registry.
pub(crate) fn finders(nested: bool) -> &'static [&'static dyn Finder] {
    if nested {
        WITH_NESTED
    } else {
        REGISTRY
    }
}

/// The style of `hint` and `explain`: "human" or "se".
fn parse_style(text: &str) -> PyResult<Style> {
    text.parse::<Style>().map_err(|_| {
        PyValueError::new_err(format!("style must be \"human\" or \"se\", not {text:?}"))
    })
}

/// The budget of a `time_limit` in seconds (`None`: no limit).
pub(crate) fn budget(time_limit: Option<f64>) -> PyResult<Budget> {
    match time_limit {
        None => Ok(Budget::UNLIMITED),
        Some(seconds) => match Duration::try_from_secs_f64(seconds) {
            Ok(time) if seconds > 0.0 => Ok(Budget::UNLIMITED.with_time(time)),
            _ => Err(PyValueError::new_err(format!(
                "time_limit must be a positive number of seconds or None, not {seconds}"
            ))),
        },
    }
}

/// The solve of one grid, as `sudoku solve` (without `--first`) does it: the first solution,
/// then with `prove` a search for a second one. The rule check runs only when there is no
/// solution (a grid with one keeps the rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Solved {
    Unique(Grid),
    Multiple(Grid),
    /// A solution; uniqueness not asked.
    First(Grid),
    None,
    Invalid,
}

/// Solves `grid` (see [`Solved`]). Without a guess budget the search always ends: a 9x9 grid
/// has finitely many branches, and the solver answers the hardest known in milliseconds.
pub(crate) fn solve_grid(grid: &Grid, prove: bool) -> Solved {
    let mut search = Search::new(grid);
    match search.next_solution() {
        Ok(Some(solution)) if !prove => Solved::First(solution),
        Ok(Some(solution)) => match search.find_next() {
            Ok(false) => Solved::Unique(solution),
            _ => Solved::Multiple(solution),
        },
        _ if grid.check_rules().is_err() => Solved::Invalid,
        _ => Solved::None,
    }
}

/// Solves a puzzle and returns its solution as an 81-digit line.
///
/// The puzzle may be written in any layout the CLI reads (an 81-character line, a 9-line grid,
/// a JSON board). With ``unique=True`` a puzzle with more than one solution raises
/// ``NotUnique``; otherwise the first solution found is returned.
///
/// Raises ``InvalidPuzzle`` (not a puzzle, or givens that break the rules) or ``NoSolution``.
#[pyfunction]
#[pyo3(signature = (puzzle, unique = false))]
fn solve(py: Python<'_>, puzzle: &str, unique: bool) -> PyResult<String> {
    let grid = parse(puzzle)?;
    match py.detach(|| solve_grid(&grid, unique)) {
        Solved::Unique(solution) | Solved::First(solution) => Ok(format::to_line(&solution)),
        Solved::Multiple(_) => Err(NotUnique::new_err("the puzzle has more than one solution")),
        Solved::None => Err(NoSolution::new_err("the puzzle has no solution")),
        Solved::Invalid => match grid.check_rules() {
            Err(violation) => Err(errors::rule_violation(&violation)),
            Ok(()) => Err(NoSolution::new_err("the puzzle has no solution")),
        },
    }
}

/// Solutions of `grid`, counted up to `limit`; `None` when the givens break the rules.
pub(crate) fn count_grid(grid: &Grid, limit: u64) -> Option<u64> {
    let mut search = Search::new(grid);
    let mut found = 0;
    while found < limit {
        match search.find_next() {
            Ok(true) => found += 1,
            _ => break,
        }
    }
    if found == 0 && grid.check_rules().is_err() {
        return None;
    }
    Some(found)
}

/// The count limit, checked: at least 1.
pub(crate) fn count_limit(limit: u64) -> PyResult<u64> {
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1"));
    }
    Ok(limit)
}

/// Counts a puzzle's solutions, stopping at ``limit`` (so ``count(p) == 1`` means unique,
/// ``2`` means two or more).
///
/// Raises ``InvalidPuzzle`` for text that is not a puzzle or givens that break the rules.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 2))]
fn count(py: Python<'_>, puzzle: &str, limit: u64) -> PyResult<u64> {
    let limit = count_limit(limit)?;
    let grid = parse(puzzle)?;
    match py.detach(|| count_grid(&grid, limit)) {
        Some(found) => Ok(found),
        None => match grid.check_rules() {
            Err(violation) => Err(errors::rule_violation(&violation)),
            Ok(()) => Ok(0),
        },
    }
}

/// Says what a puzzle is, as ``sudoku check`` does: ``"unique"`` (exactly one solution),
/// ``"multiple"``, ``"none"`` (no solution, though no rule is broken) or ``"invalid"`` (the
/// givens break the rules).
///
/// Raises ``InvalidPuzzle`` only for text that is not a puzzle.
#[pyfunction]
fn check(py: Python<'_>, puzzle: &str) -> PyResult<&'static str> {
    let grid = parse(puzzle)?;
    Ok(match py.detach(|| solve_grid(&grid, true)) {
        Solved::Unique(_) | Solved::First(_) => "unique",
        Solved::Multiple(_) => "multiple",
        Solved::None => "none",
        Solved::Invalid => "invalid",
    })
}

/// The pencilmark state of `text`: a puzzle in any layout, a 729-character candidate line or
/// a pencilmark grid (as `sudoku hint` reads them).
fn parse_state(text: &str) -> PyResult<CandidateGrid> {
    match format::parse_entry(text) {
        Ok(Entry::Puzzle(parsed)) => Ok(CandidateGrid::from_grid(&parsed.grid)),
        Ok(Entry::Pencilmarks(marks)) => Ok(CandidateGrid::from_pencilmarks(&marks)),
        Err(err) => Err(errors::parse_error(&err)),
        // `Entry` may grow; a form added later is not silently misread.
        #[allow(unreachable_patterns)]
        Ok(_) => Err(InvalidPuzzle::new_err("unsupported puzzle form")),
    }
}

/// A state whose candidates admit no solution though its placed digits break no rule: it
/// gets no step (one deduced from a false premise), as in `sudoku hint`.
fn contradiction(state: &CandidateGrid) -> Option<PyErr> {
    match state.check_consistent(u64::MAX) {
        Err(
            err @ (Inconsistent::NoCandidate { .. }
            | Inconsistent::LostDigit { .. }
            | Inconsistent::NoneAllowed),
        ) => Some(NoSolution::new_err(format!("no solution: {err}"))),
        _ => None,
    }
}

/// The next human-style step, as ``sudoku hint`` finds it, or ``None`` when the puzzle is
/// solved or no technique in use applies.
///
/// ``puzzle`` may also be a pencilmark state (a 729-character candidate line or a pencilmark
/// grid), to hint from where a player is. A puzzle with several solutions gets a hint all the
/// same, without the uniqueness techniques. ``nested=True`` adds nested forcing chains (slow
/// on the hardest puzzles: pair it with ``time_limit``, in seconds). ``style`` is ``"human"``
/// (the default, as ``sudoku hint``'s: HoDoKu's order, the easiest step first) or ``"se"``
/// (Sudoku Explainer's order and steps).
///
/// Raises ``InvalidPuzzle``, ``NoSolution``, or ``GaveUp`` when the time limit is reached;
/// ``ValueError`` for an unknown style.
#[pyfunction]
#[pyo3(signature = (puzzle, nested = false, time_limit = None, style = "human"))]
fn hint(
    py: Python<'_>,
    puzzle: &str,
    nested: bool,
    time_limit: Option<f64>,
    style: &str,
) -> PyResult<Option<Step>> {
    let style = parse_style(style)?;
    let budget = budget(time_limit)?;
    let state = parse_state(puzzle)?;
    if let Some(err) = contradiction(&state) {
        return Err(err);
    }
    // Several solutions: a hint all the same (the rater's solver skips the uniqueness
    // techniques on its own check). Broken rules and no solution get none.
    if let Err(err @ (RateError::Invalid(_) | RateError::NoSolution)) = check_proper(&state) {
        return Err(errors::rate_error(&err));
    }
    if state.is_solved() {
        return Ok(None);
    }
    let found = py.detach(|| {
        let clock = wall_clock();
        Rater::new()
            .with_style(style)
            .with_finders(style.finders(nested))
            .with_budget(budget)
            .with_clock(&clock)
            .next_step(&state)
    });
    match found {
        Ok(step) => Ok(step.as_ref().map(Step::new)),
        Err(limit) => Err(GaveUp::new_err(format!("gave up: {limit} reached"))),
    }
}

/// The whole human-style solve path of a puzzle with exactly one solution, as ``sudoku
/// explain`` gives it: one ``Step`` per deduction, in order.
///
/// A path the techniques in use cannot finish ends early (``rate`` says ``"stuck"``).
/// ``puzzle`` may also be a pencilmark state. ``nested``, ``time_limit`` and ``style`` as for
/// ``hint``.
///
/// Raises ``InvalidPuzzle``, ``NoSolution``, ``NotUnique`` or ``GaveUp``.
#[pyfunction]
#[pyo3(signature = (puzzle, nested = false, time_limit = None, style = "human"))]
fn explain(
    py: Python<'_>,
    puzzle: &str,
    nested: bool,
    time_limit: Option<f64>,
    style: &str,
) -> PyResult<Vec<Step>> {
    let style = parse_style(style)?;
    let budget = budget(time_limit)?;
    let state = parse_state(puzzle)?;
    if let Some(err) = contradiction(&state) {
        return Err(err);
    }
    let rated = py.detach(|| {
        let clock = wall_clock();
        Rater::new()
            .with_style(style)
            .with_finders(style.finders(nested))
            .with_budget(budget)
            .with_clock(&clock)
            .rate_state(&state)
    });
    match rated {
        Ok(rated) => Ok(rated.path.steps.iter().map(Step::new).collect()),
        Err(err) => Err(errors::rate_error(&err)),
    }
}

/// Rates `grid` as `sudoku rate` does.
pub(crate) fn rate_grid(
    grid: &Grid,
    nested: bool,
    budget: Budget,
) -> Result<sudokit::rate::PuzzleRating, RateError> {
    let clock = wall_clock();
    Rater::new()
        .with_finders(finders(nested))
        .with_budget(budget)
        .with_clock(&clock)
        .rate(grid)
        .map(|rated| rated.rating)
}

/// Rates a puzzle with exactly one solution: Sudoku Explainer's ER/EP/ED and the HoDoKu-style
/// score and level, with the hardest technique (the numbers of ``sudoku rate``).
///
/// Without ``nested`` a puzzle that needs nested forcing chains (SE 9.5 and up) ends
/// ``"stuck"`` (ER 20.0); with it every Sudoku Explainer technique is in use, which can take
/// minutes on the hardest puzzles: ``time_limit`` (seconds) bounds the work, and a puzzle over
/// it gets a ``Rating`` with status ``"gave_up"``.
///
/// Raises ``InvalidPuzzle``, ``NoSolution`` or ``NotUnique``.
#[pyfunction]
#[pyo3(signature = (puzzle, nested = false, time_limit = None))]
fn rate(py: Python<'_>, puzzle: &str, nested: bool, time_limit: Option<f64>) -> PyResult<Rating> {
    let budget = budget(time_limit)?;
    let grid = parse(puzzle)?;
    match py.detach(|| rate_grid(&grid, nested, budget)) {
        result @ (Ok(_) | Err(RateError::GaveUp { .. })) => Ok(Rating::of_result(&result)),
        Err(err) => Err(errors::rate_error(&err)),
    }
}

/// The clue range of `clues`: an int, or a string as ``--clues`` takes it (``"24"``,
/// ``"22..26"``).
fn clue_range(clues: &Bound<'_, PyAny>) -> PyResult<ClueRange> {
    let text = match clues.extract::<u64>() {
        Ok(n) => n.to_string(),
        Err(_) => clues.extract::<String>().map_err(|_| {
            PyValueError::new_err("clues must be an int or a range string such as \"22..26\"")
        })?,
    };
    text.parse::<ClueRange>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Generates ``n`` unique puzzles from ``seed``, as ``sudoku generate --count n --seed seed``
/// does with the same options: the same seed and options give the same puzzles whatever
/// ``threads`` is.
///
/// - ``rating``: the SE rating (ER) wanted, as ``--rating`` takes it: ``"7.1"``, a band
///   ``"6.0..7.5"``, or ``"8.0.."`` for 8.0 and up;
/// - ``level``: ``"easy"``, ``"medium"``, ``"hard"``, ``"unfair"`` or ``"extreme"``;
/// - ``symmetry``: ``"none"`` (default), ``"rot180"``, ``"rot90"``, ``"mirror"``... (the
///   CLI's names);
/// - ``minimal``: only puzzles from which no clue can be removed;
/// - ``clues``: a clue count or a range string (``"22..26"``).
///
/// Raises ``ValueError`` for options no puzzle can meet, and ``SudokuError`` when a puzzle
/// misses its target after the generator's attempts (1000 rated candidates).
#[pyfunction]
#[pyo3(signature = (n, seed, rating = None, level = None, symmetry = None, minimal = false,
    clues = None, threads = None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    n: u64,
    seed: u64,
    rating: Option<&str>,
    level: Option<&str>,
    symmetry: Option<&str>,
    minimal: bool,
    clues: Option<&Bound<'_, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    let bad = |e: &dyn std::fmt::Display| PyValueError::new_err(e.to_string());
    let rating = rating
        .map(|r| r.parse::<RatingRange>().map_err(|e| bad(&e)))
        .transpose()?;
    let level = level
        .map(|l| l.parse::<Level>().map_err(|e| bad(&e)))
        .transpose()?;
    let symmetry = match symmetry {
        Some(name) => name.parse::<Symmetry>().map_err(|e| bad(&e))?,
        None => Symmetry::None,
    };
    let clues = clues.map(clue_range).transpose()?;
    let targeted = rating.is_some() || level.is_some();
    let options = Options {
        symmetry,
        clues,
        pattern: None,
        minimal,
        max_attempts: DEFAULT_MAX_ATTEMPTS,
        guess_budget: u64::MAX,
        difficulty: targeted.then(|| Difficulty {
            rating,
            level,
            ..Difficulty::default()
        }),
    };
    let generator = Generator::new(seed, options).map_err(|e| bad(&e))?;
    let pool = crate::batch::pool(threads)?;
    let made = py.detach(|| {
        pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(|index| {
                    generator
                        .puzzle(index)
                        .map(|made| format::to_line(&made.puzzle))
                        .map_err(|missed| format!("puzzle {index} of seed {seed}: {missed}"))
                })
                .collect::<Result<Vec<String>, String>>()
        })
    });
    made.map_err(SudokuError::new_err)
}

/// The canonical form of a puzzle (or solution grid) under the 3,359,232 symmetries of the
/// grid and digit relabelling, as ``sudoku canon`` prints it: two puzzles are the same up to
/// symmetry exactly when their forms are equal.
///
/// Raises ``InvalidPuzzle`` for text that is not a puzzle (givens that break the rules still
/// have a form, as in the CLI).
#[pyfunction]
fn canon(py: Python<'_>, puzzle: &str) -> PyResult<String> {
    let grid = parse(puzzle)?;
    Ok(py.detach(|| format::to_line(&lib_canon::canonical(&grid))))
}
